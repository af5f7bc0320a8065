//! Choosing what the shadow does next (SPEC §13).
//!
//! The score of an event against the present state is
//! `Σ weight_f · sim_f + recency_weight · age − bias·[event continues the one playing]`;
//! the best is the lowest; the candidates are every event within
//! `neighbourhood · max(|best|, 1e-9)` of it; one is picked uniformly with the seeded
//! generator.
//!
//! [`Index`] answers that query fast without changing its answer. Events are ordered so
//! that neighbours in feature space sit together (a k-d split on the most weighted
//! spread), stored column-wise in blocks of [`BLOCK`] events, grouped in superblocks of
//! [`SUPER`] blocks and top groups of [`TOP`] superblocks, and each group of each level
//! keeps the range of every feature. A query computes a lower bound of the score any
//! event of a group can reach, top groups first, and goes down only into groups whose
//! bound is within the candidate threshold. In each block reached, a proved lower bound
//! in single precision ([`super::single_bound`]) gives up the events that cannot come in
//! under the threshold; the rest are scored exactly, in f64, with the same arithmetic in
//! the same order as the plain definition ([`select_naive`]), so best, candidate set and
//! scores are bit-identical.
//!
//! Every score is a finite number whatever a checked schema allows: a feature weighted
//! 0 adds exactly nothing (0 × an infinite similarity would be NaN), and every term and
//! partial sum saturates at ±[`f64::MAX`] ([`add_term`], [`add_recency`],
//! [`less_bias`]). A finite best score lies within its own threshold, so a non-empty
//! bank always gives a best and at least one candidate.

use std::collections::HashMap;

use super::bank::Bank;
use super::bank::{Codes, ValueColumn};
pub use super::bind::{MismatchError, bind, state_vector};
use super::group_ranges::{Level, by_run};
use super::index_kernels::{CodedCurve, coded_curve_terms, exact_terms, partition};
pub use super::layout::{BLOCK, SUPER, TOP};
use super::schema::{Schema, Similarity};
pub use super::score_terms::{add_recency, add_term, less_bias, recency_share, term, threshold};
use super::single_bound::{Block, Plan, Singles, live_events};
use creature_core::rng::Rng;

const NONE: u32 = u32::MAX;

/// One candidate of a selection: the event's bank position and id, and its score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BankCandidate {
    pub event: usize,
    pub id: u64,
    pub score: f64,
}

/// The outcome of a query (SPEC §13, §15): the best score and every candidate, sorted by
/// score then event id.
#[derive(Debug, Clone, PartialEq)]
pub struct Selection {
    pub best: f64,
    pub candidates: Vec<BankCandidate>,
}

impl Selection {
    /// The seeded uniform pick among the candidates (SPEC §13), or `None` for a
    /// selection without candidates (which [`select_naive`] and [`Index::select`] never
    /// return); the generator is only drawn from when there is something to pick.
    pub fn try_choose(&self, rng: &mut Rng) -> Option<BankCandidate> {
        if self.candidates.is_empty() {
            return None;
        }
        Some(self.candidates[rng.below(self.candidates.len())])
    }

    /// The seeded uniform pick among the candidates (SPEC §13). Every selection of a
    /// non-empty bank has at least one candidate; a hand-made empty one is a bug of its
    /// maker and panics here.
    pub fn choose(&self, rng: &mut Rng) -> BankCandidate {
        self.try_choose(rng).expect("a selection needs at least one candidate to choose from")
    }
}

/// The plain definition of SPEC §13, event by event: the reference the fast [`Index`]
/// is checked against. `state` is in schema order; `playing` is the bank position of
/// the event now playing. `None` for an empty bank.
pub fn select_naive(
    schema: &Schema,
    bank: &Bank,
    state: &[f64],
    playing: Option<usize>,
) -> Result<Option<Selection>, MismatchError> {
    let columns = bind(schema, bank)?;
    let ages = bank.ages();
    let next = playing.and_then(|p| bank.continuations().get(p).copied().flatten());
    let mut scores = Vec::with_capacity(bank.len());
    for (i, age) in ages.iter().enumerate() {
        let mut s = 0.0;
        for (k, f) in schema.features.iter().enumerate() {
            s = add_term(s, f.weight, f.similarity.eval(state[k], bank.value(i, columns[k]), f.scale));
        }
        s = add_recency(s, schema.recency_weight, *age);
        if next == Some(i) {
            s = less_bias(s, schema.bias);
        }
        scores.push(s);
    }
    let Some(best) = scores.iter().copied().reduce(f64::min) else {
        return Ok(None);
    };
    let t = threshold(best, schema.neighbourhood);
    let candidates = scores
        .iter()
        .enumerate()
        .filter(|&(_, &s)| s <= t)
        .map(|(i, &s)| BankCandidate { event: i, id: bank.event(i).id, score: s })
        .collect();
    Ok(Some(finish(best, candidates)))
}

fn finish(best: f64, mut candidates: Vec<BankCandidate>) -> Selection {
    candidates.sort_by(|a, b| a.score.total_cmp(&b.score).then(a.id.cmp(&b.id)));
    Selection { best, candidates }
}

/// One feature's share of a score, for the editor's query inspector.
#[derive(Debug, Clone, PartialEq)]
pub struct Term {
    pub feature: String,
    /// The present value.
    pub present: f64,
    /// The event's recorded value.
    pub recorded: f64,
    /// sim(present, recorded).
    pub similarity: f64,
    pub weight: f64,
    /// weight × similarity as the score adds it ([`term`]): 0 for a weight of 0, at
    /// most [`f64::MAX`].
    pub contribution: f64,
}

/// The score of one event taken apart (SPEC §13): `total` is exactly the score the
/// selection uses.
#[derive(Debug, Clone, PartialEq)]
pub struct Breakdown {
    pub event: usize,
    pub id: u64,
    pub terms: Vec<Term>,
    pub age: f64,
    /// recency_weight × age, within ±[`f64::MAX`] ([`recency_share`]).
    pub recency: f64,
    /// Whether the event directly follows the one playing, so the bias is subtracted.
    pub continuation: bool,
    pub bias: f64,
    pub total: f64,
}

/// The set of the first `n` (at most 32) positions.
fn all(n: usize) -> u32 {
    debug_assert!(n <= 32);
    if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }
}

/// Takes from `left` the position of the lowest bound (by [`f64::total_cmp`]) and
/// returns it, unless that bound is over `limit` (or nothing is left): groups are
/// visited lowest bound first while one can still hold a candidate. A few groups of
/// sixteen are visited per query, so finding the lowest each time costs less than
/// sorting them all.
fn take_lowest(bounds: &[f64], left: &mut u32, limit: f64) -> Option<usize> {
    let mut rest = *left;
    let mut lowest: Option<usize> = None;
    while rest != 0 {
        let k = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if lowest.is_none_or(|l| bounds[k].total_cmp(&bounds[l]).is_lt()) {
            lowest = Some(k);
        }
    }
    let k = lowest?;
    if bounds[k] > limit {
        return None;
    }
    *left &= !(1 << k);
    Some(k)
}

/// A curve feature's values by slot, coded; `None` when they are too many for codes.
fn coded(col: &[f64]) -> Option<ValueColumn> {
    let mut column = ValueColumn::default();
    for &v in col {
        column.push(v);
    }
    (!matches!(column.codes, Codes::Plain(_))).then_some(column)
}

/// What one query scores blocks with: the block's partial scores, and per coded feature
/// the similarity of each distinct value (NaN while not yet worked out).
struct Scratch {
    acc: [f64; BLOCK],
    memo: Vec<Vec<f64>>,
    /// The single-precision lower bounds of the block's partial scores.
    low: [f32; BLOCK],
    plan: Plan,
}

/// Blocks with at most this many events left after the single-precision bound have
/// them scored one by one rather than the whole block column by column.
const SPARSE: usize = 8;

/// A bank prepared for fast, exact queries with one schema.
#[derive(Debug, Clone)]
pub struct Index {
    schema: Schema,
    n: usize,
    /// The value of schema feature `f` for the event in slot `BLOCK · b + k` is at
    /// `(b · features + f) · BLOCK + k`: a block's values are one run of memory.
    cols: Vec<f64>,
    ages: Vec<f64>,
    slot_event: Vec<u32>,
    event_slot: Vec<u32>,
    /// Bank position → bank position of its continuation, or NONE.
    next: Vec<u32>,
    ids: Vec<u64>,
    /// Per feature: whether its similarity never decreases with the difference (so its
    /// smallest value over a range of differences is at the smallest difference).
    rising: Vec<bool>,
    /// Per feature with a curve similarity (the one that costs a search and a division
    /// per event): its values by slot as a bank keeps them, a dictionary of the distinct
    /// values and a code per slot, so that a query works out the curve once per
    /// distinct value it meets (`None` when there are too many values for codes).
    coded: Vec<Option<ValueColumn>>,
    blocks: Level,
    supers: Level,
    tops: Level,
    /// The columns in single precision, for quickly giving up blocks.
    singles: Singles,
}

impl Index {
    /// Prepares `bank` for queries with `schema` (which must already be checked).
    pub fn build(schema: &Schema, bank: &Bank) -> Result<Index, MismatchError> {
        let columns = bind(schema, bank)?;
        let n = bank.len();
        if n >= NONE as usize {
            return Err(MismatchError {
                feature: String::new(),
                event: None,
                message: format!("{n} events are too many to index"),
            });
        }
        let ages = bank.ages();
        let raw: Vec<Vec<f64>> = columns.iter().map(|&c| bank.column(c)).collect();
        let mut order: Vec<u32> = (0..n as u32).collect();
        partition(schema, &raw, &ages, &mut order);
        let mut event_slot = vec![0u32; n];
        for (slot, &e) in order.iter().enumerate() {
            event_slot[e as usize] = slot as u32;
        }
        let cols: Vec<Vec<f64>> = raw.iter().map(|col| order.iter().map(|&e| col[e as usize]).collect()).collect();
        let features = cols.len();
        let mut blocked = vec![0.0; n.div_ceil(BLOCK) * features * BLOCK];
        for (f, col) in cols.iter().enumerate() {
            for (slot, &v) in col.iter().enumerate() {
                blocked[by_run(slot, f, features, BLOCK)] = v;
            }
        }
        let slot_ages: Vec<f64> = order.iter().map(|&e| ages[e as usize]).collect();
        let next = bank.continuations().into_iter().map(|c| c.map_or(NONE, |c| c as u32)).collect();
        let rising = schema
            .features
            .iter()
            .map(|f| match &f.similarity {
                Similarity::Curve { points } => points.windows(2).all(|w| w[1].1 >= w[0].1),
                _ => true,
            })
            .collect();
        Ok(Index {
            schema: schema.clone(),
            n,
            blocks: Level::new(BLOCK, SUPER, &cols, &slot_ages, schema),
            supers: Level::new(BLOCK * SUPER, TOP, &cols, &slot_ages, schema),
            tops: Level::new(BLOCK * SUPER * TOP, 0, &cols, &slot_ages, schema),
            singles: Singles::new(schema, &cols, &slot_ages),
            cols: blocked,
            ages: slot_ages,
            slot_event: order,
            event_slot,
            next,
            ids: bank.events().iter().map(|e| e.id).collect(),
            rising,
            coded: schema
                .features
                .iter()
                .zip(&cols)
                .map(|(f, col)| matches!(f.similarity, Similarity::Curve { .. }).then(|| coded(col)).flatten())
                .collect(),
        })
    }

    /// The schema the index scores with.
    pub fn schema(&self) -> &Schema {
        &self.schema
    }

    /// The number of indexed events.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the index has no events.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The memory the index holds beside its bank, in bytes: the feature columns in
    /// block order and coded, ages, slot maps, continuations, ids and the block and superblock
    /// ranges (by capacity).
    pub fn heap_bytes(&self) -> usize {
        self.cols.capacity() * 8
            + self.ages.capacity() * 8
            + (self.slot_event.capacity() + self.event_slot.capacity() + self.next.capacity()) * 4
            + self.ids.capacity() * 8
            + self.blocks.heap_bytes()
            + self.supers.heap_bytes()
            + self.tops.heap_bytes()
            + self.singles.heap_bytes()
            + self.coded.iter().flatten().map(ValueColumn::heap_bytes).sum::<usize>()
    }

    /// The bank position of the event that continues `playing` in its segment.
    pub fn continuation(&self, playing: usize) -> Option<usize> {
        self.next.get(playing).filter(|&&c| c != NONE).map(|&c| c as usize)
    }

    /// The selection of SPEC §13 for `state` (in schema order), with the event at bank
    /// position `playing` now playing. `None` for an empty bank.
    pub fn select(&self, state: &[f64], playing: Option<usize>) -> Option<Selection> {
        if self.n == 0 || state.len() != self.schema.features.len() {
            return None;
        }
        let nb = self.schema.neighbourhood;
        let cont_slot = playing.and_then(|p| self.continuation(p)).map(|e| self.event_slot[e] as usize);

        let tops = self.tops.groups();
        let mut tb = Vec::with_capacity(tops);
        self.tops.bounds(&self.schema, &self.rising, state, 0, tops, &mut tb);
        let mut scored: Vec<(usize, f64)> = Vec::new();
        let mut best = f64::INFINITY;
        let mut floor = tb.iter().copied().fold(f64::INFINITY, f64::min);
        if let Some(slot) = cont_slot {
            let s = less_bias(self.exact(state, slot), self.schema.bias);
            best = s;
            floor = floor.min(s);
            scored.push((slot, s));
        }
        // No event scores below `floor`, so the final threshold is at most the larger
        // of the thresholds of `floor` and of the best so far (the threshold is convex
        // in the best score).
        let safe = |best: f64| {
            if best.is_finite() { threshold(best, nb).max(threshold(floor, nb)) } else { f64::INFINITY }
        };

        // Visit top groups, then their superblocks, then their blocks, each in order of
        // their bounds, while they can still hold a candidate.
        let mut order: Vec<u32> = (0..tops as u32).collect();
        order.sort_unstable_by(|&a, &b| tb[a as usize].total_cmp(&tb[b as usize]));
        let (supers, blocks) = (self.supers.groups(), self.blocks.groups());
        let mut sb = Vec::with_capacity(TOP);
        let mut bb = Vec::with_capacity(SUPER);
        let mut acc = self.scratch(state);
        for t in order {
            let t = t as usize;
            if tb[t] > safe(best) {
                break;
            }
            let (sfrom, sto) = (t * TOP, ((t + 1) * TOP).min(supers));
            self.supers.bounds(&self.schema, &self.rising, state, sfrom, sto, &mut sb);
            let mut supers_left = all(sto - sfrom);
            while let Some(j) = take_lowest(&sb, &mut supers_left, safe(best)) {
                let s = sfrom + j;
                let (from, to) = (s * SUPER, ((s + 1) * SUPER).min(blocks));
                self.blocks.bounds(&self.schema, &self.rising, state, from, to, &mut bb);
                let mut blocks_left = all(to - from);
                while let Some(k) = take_lowest(&bb, &mut blocks_left, safe(best)) {
                    let limit = safe(best);
                    best = best.min(self.score_block(state, from + k, cont_slot, &mut acc, &mut scored, limit));
                }
            }
        }
        let t = threshold(best, nb);
        let candidates = scored
            .into_iter()
            .filter(|&(_, s)| s <= t)
            .map(|(slot, s)| {
                let event = self.slot_event[slot] as usize;
                BankCandidate { event, id: self.ids[event], score: s }
            })
            .collect();
        Some(finish(best, candidates))
    }

    /// Every event whose score for `state` (with nothing playing, so without the bias)
    /// is at most `limit`, sorted by score then id: a range query over the same blocks
    /// and bounds as [`Index::select`], with the same exact scores. Curation finds near
    /// duplicates with it.
    pub fn within(&self, state: &[f64], limit: f64) -> Vec<BankCandidate> {
        if self.n == 0 || state.len() != self.schema.features.len() || limit.is_nan() {
            return Vec::new();
        }
        let supers = self.supers.groups();
        let mut sb = Vec::with_capacity(TOP);
        let blocks = self.blocks.groups();
        let mut bb = Vec::with_capacity(SUPER);
        let mut acc = self.scratch(state);
        let mut scored = Vec::new();
        for t in 0..self.tops.groups() {
            let (sfrom, sto) = (t * TOP, ((t + 1) * TOP).min(supers));
            self.supers.bounds(&self.schema, &self.rising, state, sfrom, sto, &mut sb);
            for (j, &bound) in sb.iter().enumerate() {
                if bound > limit {
                    continue;
                }
                let s = sfrom + j;
                let (from, to) = (s * SUPER, ((s + 1) * SUPER).min(blocks));
                self.blocks.bounds(&self.schema, &self.rising, state, from, to, &mut bb);
                for (k, &b) in bb.iter().enumerate() {
                    if b <= limit {
                        self.score_block(state, from + k, None, &mut acc, &mut scored, limit);
                    }
                }
            }
        }
        let found = scored.into_iter().map(|(slot, s)| {
            let event = self.slot_event[slot] as usize;
            BankCandidate { event, id: self.ids[event], score: s }
        });
        finish(limit, found.collect()).candidates
    }

    /// Room for scoring blocks, fresh for one query.
    fn scratch(&self, state: &[f64]) -> Scratch {
        let memo = self.coded.iter().map(|c| c.as_ref().map_or_else(Vec::new, |c| vec![f64::NAN; c.dictionary.len()]));
        let plan = Plan::new(&self.schema, &self.singles, &self.coded, state);
        Scratch { acc: [0.0; BLOCK], memo: memo.collect(), low: [0.0; BLOCK], plan }
    }

    /// The value of schema feature `f` for the event in `slot`.
    fn value(&self, f: usize, slot: usize) -> f64 {
        self.cols[by_run(slot, f, self.schema.features.len(), BLOCK)]
    }

    /// The exact score of the event in `slot`, without the bias.
    fn exact(&self, state: &[f64], slot: usize) -> f64 {
        let mut s = 0.0;
        for (f, feat) in self.schema.features.iter().enumerate() {
            s = add_term(s, feat.weight, feat.similarity.eval(state[f], self.value(f, slot), feat.scale));
        }
        add_recency(s, self.schema.recency_weight, self.ages[slot])
    }

    /// The events of block `b` (of `len` events) that may score at or under `limit`,
    /// one bit each: the others' single-precision lower bounds are over it already.
    fn live(&self, state: &[f64], b: usize, len: usize, scratch: &mut Scratch, limit: f64) -> u32 {
        let Scratch { memo, low, plan, .. } = scratch;
        let block = Block { index: b, len, low: &mut low[..len] };
        live_events(&self.schema, &self.singles, &self.coded, state, plan, memo, block, limit)
    }

    /// Scores every event of block `b` exactly, keeps those at or under `limit`, and
    /// returns the lowest score seen (infinity when the block is given up as soon as no
    /// event of it can come in under `limit`).
    fn score_block(
        &self,
        state: &[f64],
        b: usize,
        cont_slot: Option<usize>,
        scratch: &mut Scratch,
        scored: &mut Vec<(usize, f64)>,
        limit: f64,
    ) -> f64 {
        let start = b * BLOCK;
        let end = (start + BLOCK).min(self.n);
        let len = end - start;
        let mut live = self.live(state, b, len, scratch, limit);
        if let Some(slot) = cont_slot.filter(|s| (start..end).contains(s)) {
            live &= !(1 << (slot - start));
        }
        if live == 0 {
            return f64::INFINITY;
        }
        if live.count_ones() as usize <= SPARSE {
            // The few events left are scored one by one, with the same arithmetic.
            let mut low = f64::INFINITY;
            while live != 0 {
                let slot = start + live.trailing_zeros() as usize;
                live &= live - 1;
                let s = self.exact(state, slot);
                low = low.min(s);
                if s <= limit {
                    scored.push((slot, s));
                }
            }
            return low;
        }
        let Scratch { acc, memo, .. } = scratch;
        let acc = &mut acc[..len];
        acc.fill(0.0);
        let rw = self.schema.recency_weight;
        let ages = &self.ages[start..end];
        let last = self.schema.features.len().saturating_sub(1);
        for (f, feat) in self.schema.features.iter().enumerate() {
            match (&self.coded[f], &feat.similarity) {
                (Some(c), Similarity::Curve { points }) if !matches!(c.codes, Codes::Plain(_)) => {
                    let curve = CodedCurve { points, scale: feat.scale, q: state[f], dictionary: &c.dictionary };
                    match &c.codes {
                        Codes::Narrow(k) => coded_curve_terms(&curve, feat.weight, &k[start..end], &mut memo[f], acc),
                        Codes::Wide(k) => coded_curve_terms(&curve, feat.weight, &k[start..end], &mut memo[f], acc),
                        Codes::Plain(_) => {}
                    }
                }
                _ => {
                    let at = by_run(start, f, self.schema.features.len(), BLOCK);
                    exact_terms(&feat.similarity, feat.weight, feat.scale, state[f], &self.cols[at..at + len], acc);
                }
            }
            // Terms are never negative and rounding never makes a sum smaller, so an
            // event whose partial score with its recency is already over `limit` ends
            // over it: when every event of the block is, the rest need not be scored.
            // Its events are then neither candidates nor the best (`limit` is at least
            // the final threshold), so the answer is the same.
            if (f == 1 || f % 4 == 3)
                && f < last
                && acc.iter().zip(ages).all(|(&a, &age)| add_recency(a, rw, age) > limit)
            {
                return f64::INFINITY;
            }
        }
        let mut low = f64::INFINITY;
        for (k, (a, &age)) in acc.iter_mut().zip(ages).enumerate() {
            *a = add_recency(*a, rw, age);
            let slot = start + k;
            if Some(slot) == cont_slot {
                continue;
            }
            low = low.min(*a);
            if *a <= limit {
                scored.push((slot, *a));
            }
        }
        low
    }

    /// The score of event `event` (bank position) taken apart, with `playing` now
    /// playing (SPEC §13; the editor's query inspector).
    pub fn breakdown(&self, state: &[f64], event: usize, playing: Option<usize>) -> Option<Breakdown> {
        if event >= self.n || state.len() != self.schema.features.len() {
            return None;
        }
        let slot = self.event_slot[event] as usize;
        let mut terms = Vec::with_capacity(state.len());
        let mut total = 0.0;
        for (f, feat) in self.schema.features.iter().enumerate() {
            let recorded = self.value(f, slot);
            let similarity = feat.similarity.eval(state[f], recorded, feat.scale);
            let contribution = term(feat.weight, similarity);
            total = add_term(total, feat.weight, similarity);
            terms.push(Term {
                feature: feat.name.clone(),
                present: state[f],
                recorded,
                similarity,
                weight: feat.weight,
                contribution,
            });
        }
        let age = self.ages[slot];
        let recency = recency_share(self.schema.recency_weight, age);
        total = add_recency(total, self.schema.recency_weight, age);
        let continuation = playing.and_then(|p| self.continuation(p)) == Some(event);
        if continuation {
            total = less_bias(total, self.schema.bias);
        }
        Some(Breakdown { event, id: self.ids[event], terms, age, recency, continuation, bias: self.schema.bias, total })
    }
}

/// The index of every event by id, for turning `--playing SEGMENT:INDEX` and event ids
/// into bank positions.
pub fn positions_by_id(bank: &Bank) -> HashMap<u64, usize> {
    bank.events().iter().enumerate().map(|(i, e)| (e.id, i)).collect()
}
