//! Curating a replay bank (SPEC §13): what a bank holds too much of, what looks broken,
//! and which situations it hardly covers.
//!
//! - **Exact duplicates**: events of the same matchup with the same action and a
//!   bit-identical world state on every feature the bank records. Frame, reaction time,
//!   ids and provenance are not compared: they say when and where an event was recorded,
//!   not what the shadow would match it on. Of each group the first event in bank order
//!   is kept and the others are flagged.
//! - **Near duplicates**: events of the same matchup and action whose distance under
//!   the schema — `Σ weight · similarity` over the schema's features, the score of
//!   SPEC §13 without recency or bias — is at most [`CurateOptions::near`], without
//!   being exact duplicates. Events are taken in bank order and each is flagged when it
//!   lies within that distance of an earlier event that was kept (a leader clustering,
//!   so a chain of small steps is not flagged as a whole).
//! - **Outliers**: events with a reaction time, or a value of a number or heuristic
//!   feature of the schema, beyond fences built like Tukey's but on the 5th and 95th
//!   percentiles instead of the quartiles: below `P5 − k·(P95 − P5)` or above
//!   `P95 + k·(P95 − P5)` (percentiles by linear interpolation, `k` =
//!   [`CurateOptions::fence`], 3 by default, Tukey's "far out"). Quartile fences (or
//!   median ± k·MAD) do not suit fight states: a rushdown spends half its time within a
//!   few centimetres of one distance, and quartile fences would call every approach from
//!   afar an outlier. The 90 % range is what a bank normally shows; the fences flag what
//!   lies far beyond it. Where 90 % of the values are one value the 1st and 99th
//!   percentiles stand in; a feature where even those meet gets no fences (its other
//!   values are rare situations, not glitches).
//! - **Coverage**: the events of each situation class — distance band (close, mid or
//!   far, as [`Range`]) × own state × opponent state ([`STATE_NAMES`]) — with classes
//!   of fewer than [`CurateOptions::thin`] events marked thin.
//!
//! Nothing compares every pair of events: duplicates are found through a hash of the
//! state within each (matchup, action) bucket, near duplicates by a range query of each
//! bucket's [`Index`] ([`Index::within`]), so a bank of 40,000 events is curated in well
//! under a second (the `shadow` bench).
//!
//! [`STATE_NAMES`]: super::arena::STATE_NAMES

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::bank::{Bank, Matchup};
use super::bots::Range;
use super::schema::{FeatureKind, Schema};
use super::select::{Index, MismatchError, bind};

/// How strict curation is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CurateOptions {
    /// The largest schema distance at which two events are near duplicates. The default
    /// is a tenth of the example schema's continuation bias: a difference the shadow
    /// treats as no change of the world at all.
    pub near: f64,
    /// `k` of the fences `P5 − k·(P95 − P5)`, `P95 + k·(P95 − P5)`.
    pub fence: f64,
    /// Coverage classes with fewer events than this are thin.
    pub thin: usize,
}

impl Default for CurateOptions {
    fn default() -> Self {
        Self { near: 0.05, fence: 3.0, thin: 5 }
    }
}

/// The kinds of flags, as the command line and the editor name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FlagKind {
    Duplicates,
    NearDuplicates,
    Outliers,
}

impl FlagKind {
    pub const ALL: [FlagKind; 3] = [FlagKind::Duplicates, FlagKind::NearDuplicates, FlagKind::Outliers];

    /// The name on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            FlagKind::Duplicates => "duplicates",
            FlagKind::NearDuplicates => "near_duplicates",
            FlagKind::Outliers => "outliers",
        }
    }

    /// The kind named `name` (`near-duplicates` is taken for `near_duplicates`).
    pub fn from_name(name: &str) -> Option<FlagKind> {
        let name = name.trim().replace('-', "_");
        FlagKind::ALL.into_iter().find(|k| k.name().eq_ignore_ascii_case(&name))
    }
}

/// An event that repeats an earlier one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Repeat {
    /// The flagged event's id and bank position.
    pub id: u64,
    pub position: usize,
    /// The id of the kept event it repeats.
    pub of: u64,
    /// Their schema distance (0 for exact duplicates).
    pub distance: f64,
}

/// What an outlier is out on.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum OutOn {
    Reaction,
    Feature(String),
}

impl OutOn {
    /// "reaction" or the feature's name.
    pub fn name(&self) -> &str {
        match self {
            OutOn::Reaction => "reaction",
            OutOn::Feature(f) => f,
        }
    }
}

/// The fences of one quantity and how they were found.
#[derive(Debug, Clone, PartialEq)]
pub struct Fence {
    pub on: OutOn,
    /// The lower percentile the fences stand on: 0.05, or 0.01 where the 5th and 95th
    /// percentiles meet.
    pub quantile: f64,
    /// The values at that percentile and at its mirror (the 95th or 99th).
    pub from: f64,
    pub to: f64,
    pub low: f64,
    pub high: f64,
}

/// An event with a value beyond its fences.
#[derive(Debug, Clone, PartialEq)]
pub struct Outlier {
    pub id: u64,
    pub position: usize,
    pub on: OutOn,
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

/// One situation class of the coverage table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Class {
    pub band: Range,
    pub own_state: i64,
    pub opp_state: i64,
}

/// A coverage row: a class, its events and whether that is thin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoverageRow {
    pub class: Class,
    pub events: usize,
    pub thin: bool,
}

/// The coverage table: the classes the bank has events in, in class order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Coverage {
    pub rows: Vec<CoverageRow>,
    /// The feature the bank lacks for classes (`distance`, `own_state` or `opp_state`),
    /// when it lacks one; the table is then empty.
    pub missing: Option<String>,
}

impl Coverage {
    /// How many classes are thin.
    pub fn thin(&self) -> usize {
        self.rows.iter().filter(|r| r.thin).count()
    }
}

/// Everything curation found in a bank.
#[derive(Debug, Clone, PartialEq)]
pub struct Curation {
    pub options: CurateOptions,
    pub events: usize,
    pub duplicates: Vec<Repeat>,
    pub near_duplicates: Vec<Repeat>,
    /// One entry per event and quantity it is out on, by bank position.
    pub outliers: Vec<Outlier>,
    pub fences: Vec<Fence>,
    pub coverage: Coverage,
}

impl Curation {
    /// The ids of the events flagged with any of `kinds`.
    pub fn ids(&self, kinds: &[FlagKind]) -> BTreeSet<u64> {
        let mut ids = BTreeSet::new();
        for k in kinds {
            match k {
                FlagKind::Duplicates => ids.extend(self.duplicates.iter().map(|r| r.id)),
                FlagKind::NearDuplicates => ids.extend(self.near_duplicates.iter().map(|r| r.id)),
                FlagKind::Outliers => ids.extend(self.outliers.iter().map(|o| o.id)),
            }
        }
        ids
    }

    /// How many events carry flag `kind` (an outlier on two quantities counts once).
    pub fn count(&self, kind: FlagKind) -> usize {
        self.ids(&[kind]).len()
    }
}

/// Curates `bank` with `schema` (which must fit it, as for a query).
pub fn curate(schema: &Schema, bank: &Bank, options: &CurateOptions) -> Result<Curation, MismatchError> {
    let columns = bind(schema, bank)?;
    let (duplicates, buckets) = exact_duplicates(bank);
    let near_duplicates = near_duplicates(schema, bank, &buckets, options.near)?;
    let (fences, outliers) = outliers(schema, bank, &columns, options.fence);
    Ok(Curation {
        options: *options,
        events: bank.len(),
        duplicates,
        near_duplicates,
        outliers,
        fences,
        coverage: coverage(bank, options.thin),
    })
}

/// A value's bits for hashing, with −0 taken as 0 (they compare equal).
fn bits(v: f64) -> u64 {
    if v == 0.0 { 0 } else { v.to_bits() }
}

/// The exact duplicates, and per (matchup, action) bucket the positions of the events
/// that are not duplicates, in bank order.
fn exact_duplicates(bank: &Bank) -> (Vec<Repeat>, Vec<Vec<usize>>) {
    let mut buckets: HashMap<(&Matchup, &str), usize> = HashMap::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    let mut seen: HashMap<(usize, Vec<u64>), usize> = HashMap::with_capacity(bank.len());
    let mut repeats = Vec::new();
    for (i, e) in bank.events().iter().enumerate() {
        let b = *buckets.entry((e.matchup, e.action)).or_insert_with(|| {
            members.push(Vec::new());
            members.len() - 1
        });
        let key = (b, (0..bank.features().len()).map(|f| bits(bank.value(i, f))).collect());
        match seen.get(&key) {
            Some(&first) => repeats.push(Repeat { id: e.id, position: i, of: bank.event(first).id, distance: 0.0 }),
            None => {
                seen.insert(key, i);
                members[b].push(i);
            }
        }
    }
    (repeats, members)
}

/// The near duplicates among each bucket's events, by a range query of the bucket's own
/// index with recency switched off.
fn near_duplicates(
    schema: &Schema,
    bank: &Bank,
    buckets: &[Vec<usize>],
    near: f64,
) -> Result<Vec<Repeat>, MismatchError> {
    let mut plain = schema.clone();
    plain.recency_weight = 0.0;
    let columns = bind(&plain, bank)?;
    let mut repeats = Vec::new();
    let mut state = vec![0.0; columns.len()];
    for members in buckets.iter().filter(|m| m.len() > 1) {
        let sub = bank.subset(members);
        let index = Index::build(&plain, &sub)?;
        let mut kept = vec![false; members.len()];
        for (k, &i) in members.iter().enumerate() {
            for (s, &c) in state.iter_mut().zip(&columns) {
                *s = bank.value(i, c);
            }
            // The nearest earlier event that was kept, if one is near enough.
            let leader = index.within(&state, near).into_iter().find(|c| c.event < k && kept[c.event]);
            match leader {
                Some(c) => repeats.push(Repeat { id: bank.event(i).id, position: i, of: c.id, distance: c.score }),
                None => kept[k] = true,
            }
        }
    }
    repeats.sort_by_key(|r| r.position);
    Ok(repeats)
}

/// The `p`-quantile of sorted values, by linear interpolation between ranks.
fn quantile(sorted: &[f64], p: f64) -> f64 {
    let at = p * (sorted.len() - 1) as f64;
    let (lo, hi) = (at.floor() as usize, at.ceil() as usize);
    sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo as f64)
}

/// The fences of a quantity's values, or `None` where they would be empty.
fn fence(on: OutOn, values: &mut [f64], k: f64) -> Option<Fence> {
    if values.len() < 4 {
        return None;
    }
    values.sort_by(f64::total_cmp);
    for q in [0.05, 0.01] {
        let (from, to) = (quantile(values, q), quantile(values, 1.0 - q));
        let spread = to - from;
        if spread > 0.0 && spread.is_finite() {
            return Some(Fence { on, quantile: q, from, to, low: from - k * spread, high: to + k * spread });
        }
    }
    None
}

fn outliers(schema: &Schema, bank: &Bank, columns: &[usize], k: f64) -> (Vec<Fence>, Vec<Outlier>) {
    let mut fences = Vec::new();
    let mut reactions: Vec<f64> = bank.events().iter().filter_map(|e| e.reaction.map(f64::from)).collect();
    if let Some(f) = fence(OutOn::Reaction, &mut reactions, k) {
        fences.push((f, None));
    }
    for (f, &c) in schema.features.iter().zip(columns) {
        if f.kind == FeatureKind::Category {
            continue;
        }
        let mut values: Vec<f64> = bank.column(c);
        if let Some(fe) = fence(OutOn::Feature(f.name.clone()), &mut values, k) {
            fences.push((fe, Some(c)));
        }
    }
    let mut out = Vec::new();
    for (i, e) in bank.events().iter().enumerate() {
        for (f, column) in &fences {
            let value = match column {
                None => match e.reaction {
                    Some(r) => f64::from(r),
                    None => continue,
                },
                Some(c) => bank.value(i, *c),
            };
            if value < f.low || value > f.high {
                out.push(Outlier { id: e.id, position: i, on: f.on.clone(), value, low: f.low, high: f.high });
            }
        }
    }
    (fences.into_iter().map(|(f, _)| f).collect(), out)
}

/// Where `bank` records the features a class is made of (distance, own state, opponent
/// state), or the one it lacks.
pub fn class_positions(bank: &Bank) -> Result<[usize; 3], String> {
    let mut at = [0usize; 3];
    for (slot, name) in at.iter_mut().zip(["distance", "own_state", "opp_state"]) {
        *slot = bank.feature_position(name).ok_or_else(|| name.to_owned())?;
    }
    Ok(at)
}

/// The situation class of event `i` of `bank`, its features at `at` ([`class_positions`]).
pub fn class_of(bank: &Bank, i: usize, at: [usize; 3]) -> Class {
    let v = |f: usize| bank.value(i, f);
    Class { band: Range::of(v(at[0])), own_state: v(at[1]) as i64, opp_state: v(at[2]) as i64 }
}

/// The coverage table of a bank (see the module's account of classes).
pub fn coverage(bank: &Bank, thin: usize) -> Coverage {
    let at = match class_positions(bank) {
        Ok(at) => at,
        Err(name) => return Coverage { rows: Vec::new(), missing: Some(name) },
    };
    let mut counts: BTreeMap<Class, usize> = BTreeMap::new();
    for i in 0..bank.len() {
        *counts.entry(class_of(bank, i, at)).or_insert(0) += 1;
    }
    let rows = counts.into_iter().map(|(class, events)| CoverageRow { class, events, thin: events < thin }).collect();
    Coverage { rows, missing: None }
}
