//! What changed in a replay bank, for core's `diff` (SPEC §21): the events, matches and
//! segments only in one. [`ShadowBanks`] is how `diff` loads and compares banks, as a
//! [`Differ`] of core's ground floor.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::Serialize;

use super::bank::Bank;
use creature_core::error::LoadError;
use creature_core::guest::{Differ, Pair, changed};

/// The shadow's banks, as core's `diff` loads and compares them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShadowBanks;

impl Differ for ShadowBanks {
    const KIND: &'static str = super::kinds::BANK.name;
    const ONE: &'static str = "a replay bank";
    const MANY: &'static str = "banks";
    type File = Bank;
    type Diff = BankChange;

    fn from_bytes(file: &Path, bytes: &[u8]) -> Result<Bank, LoadError> {
        Bank::from_bytes(file, bytes)
    }

    fn diff(a: &Bank, b: &Bank) -> BankChange {
        BankChange::Bank(diff(a, b))
    }

    fn is_empty(d: &BankChange) -> bool {
        let BankChange::Bank(d) = d;
        *d == BankDiff::default()
    }

    fn lines(d: &BankChange) -> Vec<String> {
        let BankChange::Bank(d) = d;
        d.lines()
    }
}

/// Two banks' difference as `diff` writes it: tagged `"kind": "bank"`, as each of
/// core's kinds is tagged with its own.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum BankChange {
    Bank(BankDiff),
}

/// The bank's parts that differ; empty when the two hold the same events.
#[derive(Serialize, Clone, Debug, PartialEq, Default)]
pub struct BankDiff {
    /// The features each records, where they differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub features: Option<Pair<Vec<String>>>,
    #[serde(skip_serializing_if = "OnlyIn::is_empty")]
    pub events: OnlyIn<usize>,
    /// Match ids only in A and only in B.
    #[serde(skip_serializing_if = "OnlyIn::is_empty")]
    pub matches: OnlyIn<Vec<u64>>,
    /// Segment ids only in A and only in B.
    #[serde(skip_serializing_if = "OnlyIn::is_empty")]
    pub segments: OnlyIn<Vec<u64>>,
}

/// What only A holds, and what only B holds.
#[derive(Serialize, Clone, Debug, PartialEq, Default)]
pub struct OnlyIn<T> {
    pub only_a: T,
    pub only_b: T,
}

impl<T: Default + PartialEq> OnlyIn<T> {
    fn is_empty(&self) -> bool {
        self.only_a == T::default() && self.only_b == T::default()
    }
}

/// An event as its content: where it was recorded, what it saw and what it did (its
/// id left out, as a merge may number events anew).
type Content = (String, String, u64, u64, u32, u32, String, Vec<(String, u64)>);

fn contents(bank: &Bank) -> BTreeMap<Content, usize> {
    let mut out = BTreeMap::new();
    for (i, e) in bank.iter().enumerate() {
        let state = bank.features().iter().cloned().zip(bank.state(i).iter().map(|v| v.to_bits())).collect();
        let key = (
            e.matchup.0.clone(),
            e.matchup.1.clone(),
            e.match_id,
            e.segment,
            e.index,
            e.frame,
            e.action.to_owned(),
            state,
        );
        *out.entry(key).or_insert(0) += 1;
    }
    out
}

/// What differs between banks `a` and `b`.
#[must_use]
pub fn diff(a: &Bank, b: &Bank) -> BankDiff {
    let (ca, cb) = (contents(a), contents(b));
    let only = |x: &BTreeMap<Content, usize>, y: &BTreeMap<Content, usize>| {
        x.iter().map(|(k, n)| n.saturating_sub(y.get(k).copied().unwrap_or(0))).sum()
    };
    let ids = |bank: &Bank, of: fn(&super::bank::EventRef<'_>) -> u64| -> BTreeSet<u64> {
        bank.iter().map(|e| of(&e)).collect()
    };
    let apart = |x: &BTreeSet<u64>, y: &BTreeSet<u64>| OnlyIn {
        only_a: x.difference(y).copied().collect(),
        only_b: y.difference(x).copied().collect(),
    };
    BankDiff {
        features: changed(&a.features().to_vec(), &b.features().to_vec()),
        events: OnlyIn { only_a: only(&ca, &cb), only_b: only(&cb, &ca) },
        matches: apart(&ids(a, |e| e.match_id), &ids(b, |e| e.match_id)),
        segments: apart(&ids(a, |e| e.segment), &ids(b, |e| e.segment)),
    }
}

impl BankDiff {
    /// The difference for people, one change per line.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some((x, y)) = &self.features {
            out.push(format!("features: [{}] → [{}]", x.join(", "), y.join(", ")));
        }
        if !self.events.is_empty() {
            out.push(format!("events: {} only in A, {} only in B", self.events.only_a, self.events.only_b));
        }
        let list = |ids: &[u64]| {
            let shown: Vec<String> = ids.iter().take(12).map(ToString::to_string).collect();
            let more = ids.len().saturating_sub(12);
            if more > 0 { format!("{} and {more} more", shown.join(", ")) } else { shown.join(", ") }
        };
        for (what, only) in [("matches", &self.matches), ("segments", &self.segments)] {
            if !only.only_a.is_empty() {
                out.push(format!("{what} only in A: {}", list(&only.only_a)));
            }
            if !only.only_b.is_empty() {
                out.push(format!("{what} only in B: {}", list(&only.only_b)));
            }
        }
        out
    }
}
