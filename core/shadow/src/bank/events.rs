//! A bank's events as it hands them out: [`EventRef`]s borrowing the bank's names, one
//! at a time or by iterator.

use std::fmt;

use super::event::{BankEvent, EventRef};
use super::model::Bank;

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
    pub fn to_vec(&self) -> Vec<BankEvent> {
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

impl Bank {
    /// The events in bank order (the order of the file).
    pub fn events(&self) -> Events<'_> {
        Events { bank: self }
    }

    /// Every event in bank order.
    pub fn iter(&self) -> EventIter<'_> {
        EventIter { bank: self, range: 0..self.len() }
    }
}

impl<'a> IntoIterator for &'a Bank {
    type Item = EventRef<'a>;
    type IntoIter = EventIter<'a>;

    fn into_iter(self) -> EventIter<'a> {
        self.iter()
    }
}
