//! The bank in memory: events with their matchup and provenance, the world states as
//! one row-major matrix beside them, the rules a bank keeps, banks kept per matchup and
//! matches recorded but not yet kept.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt;

use serde::{Deserialize, Serialize};

/// No bank holds more events than this (the seed's shadows held 20,000–40,000).
pub const MAX_EVENTS: usize = 5_000_000;
/// Action and character names longer than this are refused.
pub const MAX_NAME: usize = 128;
/// The longest reaction time a bank may record, in frames: ten minutes. A response
/// comes within a second of the attack it answers; anything longer is a broken file.
pub const MAX_REACTION: u32 = 10 * 60 * crate::shadow::clock::FPS;

/// Why a reaction time cannot be recorded, if it cannot.
pub(super) fn check_reaction(reaction: Option<u32>) -> Result<(), String> {
    match reaction {
        Some(r) if r > MAX_REACTION => Err(format!(
            "a reaction time of {r} frames; expected at most {MAX_REACTION} (ten minutes at {} frames a second)",
            crate::shadow::clock::FPS
        )),
        _ => Ok(()),
    }
}

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
/// "Frankenstein" shadow made of several players can be traced back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// The name of the bank the event was first recorded in.
    pub bank: String,
    /// Its match id there.
    pub match_id: u64,
    /// Its segment id there.
    pub segment: u64,
}

/// One recorded decision (SPEC §13): what the world looked like and what was done.
/// The world state itself lives in the bank ([`Bank::state`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
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

/// A replay bank (SPEC §13).
#[derive(Debug, Clone, Default)]
pub struct Bank {
    pub(super) features: Vec<String>,
    pub(super) events: Vec<Event>,
    /// Each event's state, one row of `features.len()` numbers per event, in event order.
    pub(super) values: Vec<f64>,
    /// The largest ids of the events, once [`Bank::keep`] has needed them: kept up to
    /// date as matches are kept, so that keeping a match costs the size of the match,
    /// not of the bank. `None` until first needed and after events are removed. It
    /// follows from the events, so it takes no part in comparisons.
    pub(super) last: Option<LastIds>,
}

/// The largest match id, segment id and event id among a bank's events (`None` for a
/// bank without events): a kept match's ids start just after them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct LastIds {
    pub match_id: Option<u64>,
    pub segment: Option<u64>,
    pub event: Option<u64>,
}

impl LastIds {
    /// The largest ids among `events`.
    pub(super) fn of<'a>(events: impl IntoIterator<Item = &'a Event>) -> LastIds {
        let mut last = LastIds::default();
        for e in events {
            last.include(e);
        }
        last
    }

    /// Counts one more event.
    pub(super) fn include(&mut self, e: &Event) {
        self.match_id = self.match_id.max(Some(e.match_id));
        self.segment = self.segment.max(Some(e.segment));
        self.event = self.event.max(Some(e.id));
    }
}

impl PartialEq for Bank {
    fn eq(&self, other: &Self) -> bool {
        self.features == other.features && self.events == other.events && self.values == other.values
    }
}

/// A problem with one event, found after parsing.
#[derive(Debug, Clone, PartialEq)]
pub struct BankProblem {
    /// The event's place in the file (0-based), or `None` for the bank as a whole.
    pub event: Option<usize>,
    /// The field or feature to point at.
    pub key: Option<String>,
    pub message: String,
}

impl BankProblem {
    /// A problem with field or feature `key` of event `i`.
    pub(super) fn event(i: usize, key: &str, message: String) -> Self {
        Self { event: Some(i), key: Some(key.to_owned()), message }
    }
}

impl fmt::Display for BankProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.event {
            Some(i) => write!(f, "event #{}: {}", i + 1, self.message),
            None => write!(f, "{}", self.message),
        }
    }
}

/// Checks a name read from a file or a recording: not blank, not too long.
pub(super) fn check_name(what: &str, name: &str) -> Result<(), String> {
    if name.trim().is_empty() {
        return Err(format!("the {what} is empty; expected a name"));
    }
    if name.len() > MAX_NAME {
        return Err(format!("the {what} is {} bytes long; expected at most {MAX_NAME}", name.len()));
    }
    Ok(())
}

impl Bank {
    /// An empty bank that records `features`.
    pub fn new(features: Vec<String>) -> Self {
        Self { features, events: Vec::new(), values: Vec::new(), last: None }
    }

    /// A bank from its parts: `values` holds each event's state, one row of
    /// `features.len()` numbers per event, in event order. Checked like a loaded bank.
    pub fn from_parts(features: Vec<String>, events: Vec<Event>, values: Vec<f64>) -> Result<Bank, BankProblem> {
        if Some(values.len()) != events.len().checked_mul(features.len()) {
            return Err(BankProblem {
                event: None,
                key: None,
                message: format!("{} values for {} events × {} features", values.len(), events.len(), features.len()),
            });
        }
        let mut seen = HashSet::new();
        for f in &features {
            if let Err(message) = check_name("feature name", f) {
                return Err(BankProblem { event: None, key: None, message });
            }
            if !seen.insert(f.as_str()) {
                return Err(BankProblem { event: None, key: None, message: format!("feature `{f}` is listed twice") });
            }
        }
        let bank = Bank { features, events, values, last: None };
        bank.check()?;
        Ok(bank)
    }

    /// The recorded feature names; every event has a value for each.
    pub fn features(&self) -> &[String] {
        &self.features
    }

    /// The events in bank order (the order of the file).
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The number of events.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// Whether the bank has no events.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// The memory the bank holds, in bytes: its event records, the heap text of their
    /// names and the state values (by capacity; what the allocator adds is not counted).
    pub fn heap_bytes(&self) -> usize {
        let text = |s: &String| s.capacity();
        let names: usize = self
            .events
            .iter()
            .map(|e| {
                text(&e.matchup.0)
                    + text(&e.matchup.1)
                    + text(&e.action)
                    + e.provenance.as_ref().map_or(0, |p| text(&p.bank))
            })
            .sum();
        self.events.capacity() * std::mem::size_of::<Event>()
            + names
            + self.values.capacity() * std::mem::size_of::<f64>()
            + self.features.iter().map(String::capacity).sum::<usize>()
    }

    /// The world state of event `i` (in bank order), one value per [`Bank::features`].
    pub fn state(&self, i: usize) -> &[f64] {
        let n = self.features.len();
        &self.values[i * n..(i + 1) * n]
    }

    /// Where feature `name` sits in each state.
    pub fn feature_position(&self, name: &str) -> Option<usize> {
        self.features.iter().position(|f| f == name)
    }

    /// The bank position of the event with this id.
    pub fn position_of(&self, id: u64) -> Option<usize> {
        self.events.iter().position(|e| e.id == id)
    }

    /// The bank position of event `index` of `segment`.
    pub fn find(&self, segment: u64, index: u32) -> Option<usize> {
        self.events.iter().position(|e| e.segment == segment && e.index == index)
    }

    /// The age of each event for recency (SPEC §15): by match-id rank, the highest match
    /// id has age 0, the lowest age 1, evenly spaced between (one match: age 0).
    pub fn ages(&self) -> Vec<f64> {
        let ids: BTreeSet<u64> = self.events.iter().map(|e| e.match_id).collect();
        let m = ids.len();
        let rank: HashMap<u64, usize> = ids.into_iter().enumerate().map(|(r, id)| (id, r)).collect();
        self.events
            .iter()
            .map(|e| if m > 1 { (m - 1 - rank[&e.match_id]) as f64 / (m - 1) as f64 } else { 0.0 })
            .collect()
    }

    /// For each event, the position of the event that directly follows it in its
    /// segment (index + 1), if any: the one sequence continuation favours (SPEC §13).
    pub fn continuations(&self) -> Vec<Option<usize>> {
        let at: HashMap<(u64, u32), usize> =
            self.events.iter().enumerate().map(|(i, e)| ((e.segment, e.index), i)).collect();
        self.events
            .iter()
            .map(|e| e.index.checked_add(1).and_then(|next| at.get(&(e.segment, next)).copied()))
            .collect()
    }

    /// Checks the rules of SPEC §13/§15 that the file format cannot express: unique
    /// event ids, unique (segment, index) pairs, one match and matchup per segment,
    /// finite values, sensible names, reaction times of at most [`MAX_REACTION`].
    pub fn check(&self) -> Result<(), BankProblem> {
        if self.events.len() > MAX_EVENTS {
            return Err(BankProblem {
                event: None,
                key: None,
                message: format!("{} events; expected at most {MAX_EVENTS}", self.events.len()),
            });
        }
        // Sorting tells whether anything repeats far faster than hashing a million
        // events; only a bank with a repeat is walked with sets, to name the first.
        let repeats = |mut keys: Vec<(u64, u32)>| {
            keys.sort_unstable();
            keys.windows(2).any(|w| w[0] == w[1])
        };
        let ids_repeat = repeats(self.events.iter().map(|e| (e.id, 0)).collect());
        let places_repeat = repeats(self.events.iter().map(|e| (e.segment, e.index)).collect());
        let mut ids = HashSet::new();
        let mut places = HashSet::new();
        let mut segments: HashMap<u64, (u64, &Matchup)> = HashMap::new();
        // The events of a segment mostly follow one another: the last segment seen is
        // checked without a lookup.
        let mut last: Option<(u64, u64, &Matchup)> = None;
        for (i, e) in self.events.iter().enumerate() {
            if ids_repeat && !ids.insert(e.id) {
                return Err(BankProblem::event(
                    i,
                    "id",
                    format!("event id {} is used twice; ids must be unique", e.id),
                ));
            }
            if places_repeat && !places.insert((e.segment, e.index)) {
                return Err(BankProblem::event(
                    i,
                    "index",
                    format!("segment {} has two events with index {}", e.segment, e.index),
                ));
            }
            let known = match last {
                Some((seg, m, mu)) if seg == e.segment => Some((m, mu)),
                _ => segments.get(&e.segment).copied(),
            };
            last = Some((e.segment, known.map_or(e.match_id, |k| k.0), known.map_or(&e.matchup, |k| k.1)));
            match known {
                Some((m, mu)) if m != e.match_id || mu != &e.matchup => {
                    return Err(BankProblem::event(
                        i,
                        "segment",
                        format!(
                            "segment {} belongs to match {m} ({mu}) but this event says match {} ({}); segment ids are unique in a bank",
                            e.segment, e.match_id, e.matchup
                        ),
                    ));
                }
                Some(_) => {}
                None => {
                    segments.insert(e.segment, (e.match_id, &e.matchup));
                }
            }
            check_name("action", &e.action).map_err(|m| BankProblem::event(i, "action", m))?;
            check_reaction(e.reaction).map_err(|m| BankProblem::event(i, "reaction", m))?;
            check_name("own character", e.matchup.own()).map_err(|m| BankProblem::event(i, "matchup", m))?;
            check_name("opponent character", e.matchup.opponent()).map_err(|m| BankProblem::event(i, "matchup", m))?;
            for (f, v) in self.features.iter().zip(self.state(i)) {
                if !v.is_finite() {
                    return Err(BankProblem::event(i, f, format!("`{f}` is {v}; expected a finite number")));
                }
            }
        }
        Ok(())
    }

    /// The events of one matchup as a bank of their own.
    pub fn only(&self, matchup: &Matchup) -> Bank {
        let mut out = Bank::new(self.features.clone());
        for (i, e) in self.events.iter().enumerate() {
            if &e.matchup == matchup {
                out.events.push(e.clone());
                out.values.extend_from_slice(self.state(i));
            }
        }
        out
    }

    /// The matchups recorded in the bank.
    pub fn matchups(&self) -> Vec<Matchup> {
        self.events.iter().map(|e| e.matchup.clone()).collect::<BTreeSet<_>>().into_iter().collect()
    }
}

/// A match recorded but not yet kept or discarded (SPEC §13).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PendingMatch {
    pub matchup: Matchup,
    pub features: Vec<String>,
    pub events: Vec<PendingEvent>,
}

/// One decision of a pending match; `segment` counts from 0 within the match.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingEvent {
    pub segment: u64,
    pub index: u32,
    pub frame: u32,
    pub state: Vec<f64>,
    pub action: String,
    pub reaction: Option<u32>,
}

/// Banks kept per matchup with a fallback for matchups never recorded (SPEC §13).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BankSet {
    pub banks: BTreeMap<Matchup, Bank>,
    /// Played when a matchup has no bank of its own.
    pub fallback: Bank,
}

impl BankSet {
    /// Splits a bank by matchup; the whole bank is the fallback.
    pub fn from_bank(bank: &Bank) -> Self {
        let banks = bank.matchups().into_iter().map(|m| {
            let b = bank.only(&m);
            (m, b)
        });
        Self { banks: banks.collect(), fallback: bank.clone() }
    }

    /// The bank for a matchup, and whether it is the fallback.
    pub fn bank_for(&self, matchup: &Matchup) -> (&Bank, bool) {
        match self.banks.get(matchup) {
            Some(b) if !b.is_empty() => (b, false),
            _ => (&self.fallback, true),
        }
    }

    /// Keeps a pending match in its matchup's bank.
    pub fn keep(&mut self, pending: &PendingMatch, recorded_at: Option<u64>) -> Result<u64, String> {
        let bank = self.banks.entry(pending.matchup.clone()).or_default();
        bank.keep(pending, recorded_at)
    }
}
