//! One recorded event (SPEC §13) and what it carries: the matchup it was played in and,
//! once merged, where it came from. [`BankEvent`]s have names of their own, for building
//! banks; a bank hands its events out as [`EventRef`]s borrowing its names.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Own character and opponent character (SPEC §13): banks are kept per matchup.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Matchup(pub String, pub String);

impl Matchup {
    pub fn new(own: impl Into<String>, opponent: impl Into<String>) -> Self {
        Self(own.into(), opponent.into())
    }

    /// The character the events were recorded for.
    pub fn own(&self) -> &str {
        &self.0
    }

    /// The character they were played against.
    pub fn opponent(&self) -> &str {
        &self.1
    }
}

impl fmt::Display for Matchup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} vs {}", self.0, self.1)
    }
}

impl Default for Matchup {
    fn default() -> Self {
        Matchup::new("", "")
    }
}

/// Where a merged event came from (SPEC §13: merging keeps provenance), so that a
/// "Frankenstein" shadow made of several players can be traced back. A correction (a
/// person took a shadow's side over and showed it another way) names the bank, match and
/// segment the shadow was playing when the person took over.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// The name of the bank the event was first recorded in.
    pub bank: String,
    /// Its match id there.
    pub match_id: u64,
    /// Its segment id there.
    pub segment: u64,
    /// Whether the event is a person's correction of what the shadow played there.
    #[serde(default, skip_serializing_if = "is_false")]
    pub correction: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One recorded decision (SPEC §13): what the world looked like and what was done.
/// The world state itself lives in the bank ([`Bank::state`](super::Bank::state)). A bank does not keep
/// events in this form; it hands them out as [`EventRef`]s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankEvent {
    pub id: u64,
    pub matchup: Matchup,
    pub match_id: u64,
    pub segment: u64,
    pub index: u32,
    pub frame: u32,
    pub action: String,
    /// Frames from the start of the opponent's attack to this response, when this event
    /// is the recorder's first change of action after one.
    pub reaction: Option<u32>,
    /// Seconds since 1970 when the match was kept.
    pub recorded_at: Option<u64>,
    pub provenance: Option<Provenance>,
}

impl BankEvent {
    /// The event as a bank hands it out.
    pub fn as_ref(&self) -> EventRef<'_> {
        EventRef {
            id: self.id,
            matchup: &self.matchup,
            match_id: self.match_id,
            segment: self.segment,
            index: self.index,
            frame: self.frame,
            action: &self.action,
            reaction: self.reaction,
            recorded_at: self.recorded_at,
            provenance: self.provenance.as_ref(),
        }
    }
}

/// One event of a bank, its names borrowed from the bank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventRef<'a> {
    pub id: u64,
    pub matchup: &'a Matchup,
    pub match_id: u64,
    pub segment: u64,
    pub index: u32,
    pub frame: u32,
    pub action: &'a str,
    pub reaction: Option<u32>,
    pub recorded_at: Option<u64>,
    pub provenance: Option<&'a Provenance>,
}

impl EventRef<'_> {
    /// The event with names of its own.
    pub fn to_event(&self) -> BankEvent {
        BankEvent {
            id: self.id,
            matchup: self.matchup.clone(),
            match_id: self.match_id,
            segment: self.segment,
            index: self.index,
            frame: self.frame,
            action: self.action.to_owned(),
            reaction: self.reaction,
            recorded_at: self.recorded_at,
            provenance: self.provenance.cloned(),
        }
    }
}

impl PartialEq<BankEvent> for EventRef<'_> {
    fn eq(&self, other: &BankEvent) -> bool {
        *self == other.as_ref()
    }
}
