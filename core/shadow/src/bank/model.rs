//! The bank in memory: events by column with what a segment shares kept once, the
//! world states as one dictionary-coded column per feature, banks kept per matchup and
//! matches recorded but not yet kept. The rules a bank keeps are in `check`.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt;

use serde::{Deserialize, Serialize};

use super::event::{BankEvent, EventRef, Matchup, Provenance};
use super::value_column::{ValueColumn, retain_by};

/// No bank holds more events than this (the seed's shadows held 20,000–40,000).
pub const MAX_EVENTS: usize = 5_000_000;
/// No bank records more state features than this, in any of its forms: four times what
/// one schema may describe, room for states written by other tools, and a bound on the
/// columns a file may make the studio allocate.
pub const MAX_FEATURES: usize = 4 * crate::schema::MAX_FEATURES;
/// Action and character names longer than this are refused.
pub const MAX_NAME: usize = 128;
/// The longest reaction time a bank may record, in frames: ten minutes. A response
/// comes within a second of the attack it answers; anything longer is a broken file.
pub const MAX_REACTION: u32 = 10 * 60 * crate::clock::FPS;

/// Why a reaction time cannot be recorded, if it cannot.
pub(super) fn check_reaction(reaction: Option<u32>) -> Result<(), String> {
    match reaction {
        Some(r) if r > MAX_REACTION => Err(format!(
            "a reaction time of {r} frames; expected at most {MAX_REACTION} (ten minutes at {} frames a second)",
            crate::clock::FPS
        )),
        _ => Ok(()),
    }
}

/// What every event of one segment of one match shares: its matchup, match, segment,
/// recording time and provenance. A bank keeps each once.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(super) struct Head {
    pub matchup: Matchup,
    pub match_id: u64,
    pub segment: u64,
    pub recorded_at: Option<u64>,
    pub provenance: Option<Provenance>,
}

impl Head {
    fn of(e: &EventRef<'_>) -> Head {
        Head {
            matchup: e.matchup.clone(),
            match_id: e.match_id,
            segment: e.segment,
            recorded_at: e.recorded_at,
            provenance: e.provenance.cloned(),
        }
    }

    fn is_of(&self, e: &EventRef<'_>) -> bool {
        self.match_id == e.match_id
            && self.segment == e.segment
            && self.recorded_at == e.recorded_at
            && &self.matchup == e.matchup
            && self.provenance.as_ref() == e.provenance
    }
}

/// Values kept once each and referred to by number.
#[derive(Debug, Clone)]
pub(super) struct Interned<T> {
    pub list: Vec<T>,
    lookup: HashMap<T, u32>,
}

impl<T> Default for Interned<T> {
    fn default() -> Self {
        Self { list: Vec::new(), lookup: HashMap::new() }
    }
}

impl<T: std::hash::Hash + Eq + Clone> Interned<T> {
    /// A table of `list` as it is (the values must be distinct).
    pub fn from_list(list: Vec<T>) -> Option<Self> {
        let lookup: HashMap<T, u32> = list.iter().cloned().zip(0..).collect();
        (lookup.len() == list.len() && u32::try_from(list.len()).is_ok()).then_some(Self { list, lookup })
    }

    /// The number of `value`, given one when it is new.
    pub fn number<Q>(&mut self, value: &Q) -> u32
    where
        T: std::borrow::Borrow<Q>,
        Q: std::hash::Hash + Eq + ToOwned<Owned = T> + ?Sized,
    {
        if let Some(&k) = self.lookup.get(value) {
            return k;
        }
        let k = self.list.len() as u32;
        self.list.push(value.to_owned());
        self.lookup.insert(value.to_owned(), k);
        k
    }

    /// The memory the table holds beyond the heap text of its values, in bytes.
    fn heap_bytes(&self) -> usize {
        let entry = std::mem::size_of::<T>();
        self.list.capacity() * entry + self.lookup.capacity() * (entry + 4 + 1)
    }
}

/// No reaction time, in [`Rows::reaction`].
pub(super) const NO_REACTION: u16 = u16::MAX;
const _: () = assert!(MAX_REACTION < NO_REACTION as u32, "every reaction a bank may keep fits below NO_REACTION");

/// The fields of every event, one column each, in event order.
#[derive(Debug, Clone, Default)]
pub(super) struct Rows {
    pub ids: Vec<u64>,
    /// Into [`Bank::heads`].
    pub head: Vec<u32>,
    pub index: Vec<u32>,
    pub frame: Vec<u32>,
    /// Into [`Bank::actions`].
    pub action: Vec<u32>,
    /// Frames, or [`NO_REACTION`]: no recorded reaction reaches it (see [`MAX_REACTION`]).
    pub reaction: Vec<u16>,
}

impl Rows {
    fn reserve(&mut self, n: usize) {
        self.ids.reserve(n);
        self.head.reserve(n);
        self.index.reserve(n);
        self.frame.reserve(n);
        self.action.reserve(n);
        self.reaction.reserve(n);
    }

    fn shrink_to_fit(&mut self) {
        self.ids.shrink_to_fit();
        self.head.shrink_to_fit();
        self.index.shrink_to_fit();
        self.frame.shrink_to_fit();
        self.action.shrink_to_fit();
        self.reaction.shrink_to_fit();
    }

    fn heap_bytes(&self) -> usize {
        self.ids.capacity() * 8
            + (self.head.capacity() + self.index.capacity() + self.frame.capacity() + self.action.capacity()) * 4
            + self.reaction.capacity() * 2
    }

    pub(super) fn retain(&mut self, keep: &[bool]) {
        retain_by(&mut self.ids, keep);
        retain_by(&mut self.head, keep);
        retain_by(&mut self.index, keep);
        retain_by(&mut self.frame, keep);
        retain_by(&mut self.action, keep);
        retain_by(&mut self.reaction, keep);
    }
}

/// A replay bank (SPEC §13).
///
/// It is kept by column, so that a million events fit in little memory: each event's
/// own fields in [`Rows`], what a segment's events share once in [`Head`]s, action
/// names once, and each feature's values in a [`ValueColumn`].
#[derive(Debug, Clone, Default)]
pub struct Bank {
    pub(super) features: Vec<String>,
    pub(super) rows: Rows,
    pub(super) heads: Interned<Head>,
    pub(super) actions: Interned<String>,
    /// One per feature.
    pub(super) states: Vec<ValueColumn>,
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
    pub(super) fn of<'a>(events: impl IntoIterator<Item = EventRef<'a>>) -> LastIds {
        let mut last = LastIds::default();
        for e in events {
            last.include(&e);
        }
        last
    }

    /// Counts one more event.
    pub(super) fn include(&mut self, e: &EventRef<'_>) {
        self.match_id = self.match_id.max(Some(e.match_id));
        self.segment = self.segment.max(Some(e.segment));
        self.event = self.event.max(Some(e.id));
    }
}

impl PartialEq for Bank {
    fn eq(&self, other: &Self) -> bool {
        self.features == other.features
            && self.len() == other.len()
            && self.iter().zip(other.iter()).all(|(a, b)| a == b)
            && self.states.iter().zip(&other.states).all(|(a, b)| (0..a.len()).all(|i| a.get(i) == b.get(i)))
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

    /// A problem with the bank as a whole.
    pub(super) fn whole(message: String) -> Self {
        Self { event: None, key: None, message }
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
        let states = features.iter().map(|_| ValueColumn::default()).collect();
        Self { features, states, ..Self::default() }
    }

    /// A bank from its parts: `values` holds each event's state, one row of
    /// `features.len()` numbers per event, in event order. Checked like a loaded bank.
    pub fn from_parts(features: Vec<String>, events: Vec<BankEvent>, values: Vec<f64>) -> Result<Bank, BankProblem> {
        if Some(values.len()) != events.len().checked_mul(features.len()) {
            return Err(BankProblem::whole(format!(
                "{} values for {} events × {} features",
                values.len(),
                events.len(),
                features.len()
            )));
        }
        Self::check_features(&features).map_err(BankProblem::whole)?;
        if events.len() > MAX_EVENTS {
            return Err(BankProblem::whole(format!("{} events; expected at most {MAX_EVENTS}", events.len())));
        }
        let n = features.len();
        let mut bank = Bank::new(features);
        bank.reserve(events.len());
        let mut values = values.into_iter();
        for (i, e) in events.into_iter().enumerate() {
            bank.push(&e.as_ref(), values.by_ref().take(n)).map_err(|m| BankProblem::event(i, "reaction", m))?;
        }
        bank.check()?;
        Ok(bank)
    }

    /// Refuses feature lists longer than [`MAX_FEATURES`], and those with a blank,
    /// overlong or repeated name.
    pub(super) fn check_features(features: &[String]) -> Result<(), String> {
        if features.len() > MAX_FEATURES {
            return Err(format!("{} features; a bank records at most {MAX_FEATURES}", features.len()));
        }
        let mut seen = HashSet::new();
        for f in features {
            check_name("feature name", f)?;
            if !seen.insert(f.as_str()) {
                return Err(format!("feature `{f}` is listed twice"));
            }
        }
        Ok(())
    }

    /// Makes room for `more` events.
    pub(super) fn reserve(&mut self, more: usize) {
        self.rows.reserve(more);
        for c in &mut self.states {
            c.reserve(more);
        }
    }

    /// Gives back the room kept for events not yet added.
    pub fn shrink_to_fit(&mut self) {
        self.rows.shrink_to_fit();
        for c in &mut self.states {
            c.shrink_to_fit();
        }
    }

    /// Appends an event and its state (one value per feature, in bank order), unchecked
    /// but for a reaction time too large to be kept, which no check would let pass
    /// either; [`Bank::check`] judges the rest.
    pub(super) fn push(&mut self, e: &EventRef<'_>, state: impl IntoIterator<Item = f64>) -> Result<(), String> {
        let reaction = match e.reaction {
            None => NO_REACTION,
            Some(r) => match u16::try_from(r) {
                Ok(r) if r != NO_REACTION => r,
                // Above MAX_REACTION (see the assertion by NO_REACTION), so refused.
                _ => return Err(check_reaction(Some(r)).err().unwrap_or_default()),
            },
        };
        let last = self.rows.head.last().copied();
        let head = match last {
            Some(h) if self.heads.list[h as usize].is_of(e) => h,
            _ => self.heads.number(&Head::of(e)),
        };
        self.rows.ids.push(e.id);
        self.rows.head.push(head);
        self.rows.index.push(e.index);
        self.rows.frame.push(e.frame);
        self.rows.action.push(self.actions.number(e.action));
        self.rows.reaction.push(reaction);
        let mut given = 0;
        for (c, v) in self.states.iter_mut().zip(state) {
            c.push(v);
            given += 1;
        }
        // A short state leaves no hole: its missing values are NaN, which the checks refuse.
        for c in &mut self.states[given..] {
            c.push(f64::NAN);
        }
        Ok(())
    }

    /// The recorded feature names; every event has a value for each.
    pub fn features(&self) -> &[String] {
        &self.features
    }

    /// The event at bank position `i`; panics past the end, like indexing.
    pub fn event(&self, i: usize) -> EventRef<'_> {
        let h = &self.heads.list[self.rows.head[i] as usize];
        let reaction = self.rows.reaction[i];
        EventRef {
            id: self.rows.ids[i],
            matchup: &h.matchup,
            match_id: h.match_id,
            segment: h.segment,
            index: self.rows.index[i],
            frame: self.rows.frame[i],
            action: &self.actions.list[self.rows.action[i] as usize],
            reaction: (reaction != NO_REACTION).then_some(u32::from(reaction)),
            recorded_at: h.recorded_at,
            provenance: h.provenance.as_ref(),
        }
    }

    /// The number of events.
    pub fn len(&self) -> usize {
        self.rows.ids.len()
    }

    /// Whether the bank has no events.
    pub fn is_empty(&self) -> bool {
        self.rows.ids.is_empty()
    }

    /// The memory the bank holds, in bytes: the event columns, the feature columns with
    /// their dictionaries, the segments' shared fields and the names, with their lookups
    /// (by capacity; what the allocator adds is not counted).
    pub fn heap_bytes(&self) -> usize {
        let text = |s: &String| s.capacity();
        let head_text: usize = self
            .heads
            .list
            .iter()
            .map(|h| text(&h.matchup.0) + text(&h.matchup.1) + h.provenance.as_ref().map_or(0, |p| text(&p.bank)))
            .sum();
        let action_text: usize = self.actions.list.iter().map(text).sum();
        // Each table keeps its values twice: in its list and as its lookup's keys.
        self.rows.heap_bytes()
            + self.states.iter().map(ValueColumn::heap_bytes).sum::<usize>()
            + self.heads.heap_bytes()
            + self.actions.heap_bytes()
            + 2 * (head_text + action_text)
            + self.features.iter().map(String::capacity).sum::<usize>()
    }

    /// The part of [`Bank::heap_bytes`] the world states take: the feature columns with
    /// their dictionaries.
    pub fn state_heap_bytes(&self) -> usize {
        self.states.iter().map(ValueColumn::heap_bytes).sum()
    }

    /// The value of feature `f` (its place in [`Bank::features`]) in event `i`'s state.
    #[inline]
    pub fn value(&self, i: usize, f: usize) -> f64 {
        self.states[f].get(i)
    }

    /// The world state of event `i` (in bank order), one value per [`Bank::features`].
    pub fn state(&self, i: usize) -> Vec<f64> {
        self.states.iter().map(|c| c.get(i)).collect()
    }

    /// Feature `f`'s value in every event, in bank order.
    pub fn column(&self, f: usize) -> Vec<f64> {
        let mut out = Vec::new();
        self.states[f].decode_into(&mut out);
        out
    }

    /// Where feature `name` sits in each state.
    pub fn feature_position(&self, name: &str) -> Option<usize> {
        self.features.iter().position(|f| f == name)
    }

    /// The bank position of the event with this id.
    pub fn position_of(&self, id: u64) -> Option<usize> {
        self.rows.ids.iter().position(|&e| e == id)
    }

    /// The bank position of event `index` of `segment`.
    pub fn find(&self, segment: u64, index: u32) -> Option<usize> {
        let heads: Vec<bool> = self.heads.list.iter().map(|h| h.segment == segment).collect();
        (0..self.len()).find(|&i| self.rows.index[i] == index && heads[self.rows.head[i] as usize])
    }

    /// The age of each event for recency (SPEC §15): by match-id rank, the highest match
    /// id has age 0, the lowest age 1, evenly spaced between (one match: age 0).
    pub fn ages(&self) -> Vec<f64> {
        let ids: BTreeSet<u64> = self.heads_in_use().map(|h| h.match_id).collect();
        let m = ids.len();
        let rank: HashMap<u64, usize> = ids.into_iter().enumerate().map(|(r, id)| (id, r)).collect();
        let age: Vec<f64> = self
            .heads
            .list
            .iter()
            .map(|h| match rank.get(&h.match_id) {
                Some(&r) if m > 1 => (m - 1 - r) as f64 / (m - 1) as f64,
                _ => 0.0,
            })
            .collect();
        self.rows.head.iter().map(|&h| age[h as usize]).collect()
    }

    /// The heads some event uses (removing events can leave others unused).
    fn heads_in_use(&self) -> impl Iterator<Item = &Head> {
        let mut used = vec![false; self.heads.list.len()];
        for &h in &self.rows.head {
            used[h as usize] = true;
        }
        self.heads.list.iter().zip(used).filter(|(_, u)| *u).map(|(h, _)| h)
    }

    /// The segment id of the event at bank position `i`.
    pub(super) fn segment_of(&self, i: usize) -> u64 {
        self.heads.list[self.rows.head[i] as usize].segment
    }

    /// For each event, the position of the event that directly follows it in its
    /// segment (index + 1), if any: the one sequence continuation favours (SPEC §13).
    pub fn continuations(&self) -> Vec<Option<usize>> {
        let at: HashMap<(u64, u32), usize> =
            (0..self.len()).map(|i| ((self.segment_of(i), self.rows.index[i]), i)).collect();
        (0..self.len())
            .map(|i| self.rows.index[i].checked_add(1).and_then(|next| at.get(&(self.segment_of(i), next)).copied()))
            .collect()
    }

    /// The events of one matchup as a bank of their own.
    pub fn only(&self, matchup: &Matchup) -> Bank {
        let positions: Vec<usize> = (0..self.len()).filter(|&i| self.event(i).matchup == matchup).collect();
        self.subset(&positions)
    }

    /// The smallest and largest match ids and segment ids of the bank's events, from
    /// what the segments share (`None` for an empty bank).
    pub fn id_spans(&self) -> Option<((u64, u64), (u64, u64))> {
        let mut heads = self.heads_in_use();
        let first = heads.next()?;
        let start = ((first.match_id, first.match_id), (first.segment, first.segment));
        Some(heads.fold(start, |((m0, m1), (s0, s1)), h| {
            ((m0.min(h.match_id), m1.max(h.match_id)), (s0.min(h.segment), s1.max(h.segment)))
        }))
    }

    /// The matchups recorded in the bank.
    pub fn matchups(&self) -> Vec<Matchup> {
        self.heads_in_use().map(|h| h.matchup.clone()).collect::<BTreeSet<_>>().into_iter().collect()
    }
}

/// A match recorded but not yet kept or discarded (SPEC §13).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PendingMatch {
    pub matchup: Matchup,
    pub features: Vec<String>,
    pub events: Vec<PendingEvent>,
}

impl PendingMatch {
    /// Adds `other`'s events after this match's as segments of their own (both sides of
    /// one match recorded, kept as one). A match of another matchup or other features
    /// is not joined; returns whether it was.
    pub fn join(&mut self, other: PendingMatch) -> bool {
        if other.matchup != self.matchup || other.features != self.features {
            return false;
        }
        let after = self.events.iter().map(|e| e.segment + 1).max().unwrap_or(0);
        self.events.extend(other.events.into_iter().map(|e| PendingEvent { segment: e.segment + after, ..e }));
        true
    }
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
    /// For a person's correction of a shadow (they took its side over): where the
    /// shadow was, kept as the event's provenance.
    pub provenance: Option<Provenance>,
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
