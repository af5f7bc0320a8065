//! A bank's events as it hands them out: [`EventRef`]s borrowing the bank's names, one
//! at a time or by iterator, and [`Event`]s with names of their own for building banks.

use std::fmt;

use super::model::{Bank, Matchup, Provenance};

/// One recorded decision (SPEC §13): what the world looked like and what was done.
/// The world state itself lives in the bank ([`Bank::state`]). A bank does not keep
/// events in this form; it hands them out as [`EventRef`]s.
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

impl Event {
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
    pub fn to_event(&self) -> Event {
        Event {
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

impl PartialEq<Event> for EventRef<'_> {
    fn eq(&self, other: &Event) -> bool {
        *self == other.as_ref()
    }
}

/// Every event of a bank, in bank order.
#[derive(Debug, Clone)]
pub struct EventIter<'a> {
    pub(super) bank: &'a Bank,
    pub(super) range: std::ops::Range<usize>,
}

impl<'a> Iterator for EventIter<'a> {
    type Item = EventRef<'a>;

    fn next(&mut self) -> Option<EventRef<'a>> {
        self.range.next().map(|i| self.bank.event(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.range.size_hint()
    }

    fn nth(&mut self, n: usize) -> Option<EventRef<'a>> {
        self.range.nth(n).map(|i| self.bank.event(i))
    }
}

impl DoubleEndedIterator for EventIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.range.next_back().map(|i| self.bank.event(i))
    }
}

impl ExactSizeIterator for EventIter<'_> {}

/// The events of a bank, as [`Bank::events`] hands them out.
#[derive(Clone, Copy)]
pub struct Events<'a> {
    pub(super) bank: &'a Bank,
}

impl fmt::Debug for Events<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Equal when they hold equal events in the same order (states are not compared).
impl PartialEq for Events<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<'a> Events<'a> {
    pub fn iter(&self) -> EventIter<'a> {
        self.bank.iter()
    }

    pub fn len(&self) -> usize {
        self.bank.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bank.is_empty()
    }

    /// The event at bank position `i`.
    pub fn get(&self, i: usize) -> Option<EventRef<'a>> {
        (i < self.bank.len()).then(|| self.bank.event(i))
    }

    pub fn first(&self) -> Option<EventRef<'a>> {
        self.get(0)
    }

    pub fn last(&self) -> Option<EventRef<'a>> {
        self.bank.len().checked_sub(1).map(|i| self.bank.event(i))
    }

    /// The events with names of their own.
    pub fn to_vec(&self) -> Vec<Event> {
        self.iter().map(|e| e.to_event()).collect()
    }
}

impl<'a> IntoIterator for Events<'a> {
    type Item = EventRef<'a>;
    type IntoIter = EventIter<'a>;

    fn into_iter(self) -> EventIter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a Bank {
    type Item = EventRef<'a>;
    type IntoIter = EventIter<'a>;

    fn into_iter(self) -> EventIter<'a> {
        self.iter()
    }
}
