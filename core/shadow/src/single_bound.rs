//! A fast lower bound of the scores of a block of events, in single precision
//! (SPEC §13).
//!
//! Most blocks a query scores are given up part-way through, once no event of the block
//! can come in under the candidate limit. Deciding that needs only a lower bound of each
//! partial score, not the score itself. So the index keeps a single-precision copy of its
//! columns, each feature less its centre so that small differences between large values
//! survive the rounding. The terms are added four to a vector register instead of two,
//! from half the memory.
//!
//! The bound is proved, not estimated. Every single-precision term is at most the
//! double-precision term times `1 + ε` plus a per-feature allowance for the rounding of
//! the values (the `slack`). The limit a block is compared against is raised by both,
//! so an event given up here is one whose exact score is over the limit too. A feature
//! whose values, weight or present value are too large to bound this way is left out:
//! its term counts 0, which is a lower bound of every term. Events still under the
//! limit after every feature are scored exactly, in double precision.

use super::bank::{Codes, ValueColumn};
use super::group_ranges::by_run;
use super::index_kernels::CodedCurve;
use super::layout::BLOCK;
use super::schema::{Schema, Similarity};
use super::score_terms::recency_share;

/// Half an ulp of 1 in single precision: the largest relative error of one rounding.
const U: f64 = f32::EPSILON as f64 / 2.0;

/// The largest value, difference or term the bound works with. Beyond it a feature is
/// left out, so that no single-precision sum of up to 256 terms can overflow.
const LARGE: f64 = 1e30;

/// The index's single-precision copy of its columns.
#[derive(Debug, Clone)]
pub(super) struct Singles {
    /// Schema feature `f` of the event in slot `BLOCK · b + k`, less the feature's
    /// centre, at `(b · features + f) · BLOCK + k` (the layout of the exact columns).
    cols: Vec<f32>,
    /// The recency share of the event in each slot.
    recency: Vec<f32>,
    /// The largest magnitude of the events' recency shares.
    recency_reach: f64,
    /// Per feature: the middle of its recorded range.
    centre: Vec<f64>,
    /// Per feature: the largest `|value − centre|` as computed in double precision
    /// (infinite when a value is not finite).
    reach: Vec<f64>,
    /// Whether every recency share is small enough to bound.
    usable: bool,
}

/// Whether `x` is a number from 0 to [`LARGE`] (not NaN).
fn small(x: f64) -> bool {
    (0.0..=LARGE).contains(&x)
}

/// Whether `x` is a number from 1 / [`LARGE`] to [`LARGE`]: a factor whose single-
/// precision rounding is relative, far from underflow and overflow.
fn ordinary(x: f64) -> bool {
    (1.0 / LARGE..=LARGE).contains(&x)
}

/// Rounds `x` to a single-precision number no smaller than it.
fn up(x: f64) -> f32 {
    let y = x as f32;
    if f64::from(y) < x { y.next_up() } else { y }
}

impl Singles {
    /// The copy of `cols` (schema order, each by slot) with the events' `ages` by slot.
    pub(super) fn new(schema: &Schema, cols: &[Vec<f64>], ages: &[f64]) -> Singles {
        let n = ages.len();
        let features = cols.len();
        let mut centre = Vec::with_capacity(features);
        let mut reach = Vec::with_capacity(features);
        let mut out = vec![0.0f32; n.div_ceil(BLOCK) * features * BLOCK];
        for (f, col) in cols.iter().enumerate() {
            let (lo, hi) = col.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| (l.min(v), h.max(v)));
            let c = if lo.is_finite() && hi.is_finite() { lo / 2.0 + hi / 2.0 } else { 0.0 };
            let mut r = 0.0f64;
            for (slot, &v) in col.iter().enumerate() {
                let d = v - c;
                r = r.max(d.abs());
                out[by_run(slot, f, features, BLOCK)] = d as f32;
            }
            centre.push(c);
            reach.push(if col.iter().all(|v| v.is_finite()) { r } else { f64::INFINITY });
        }
        let shares: Vec<f64> = ages.iter().map(|&a| recency_share(schema.recency_weight, a)).collect();
        let recency_reach = shares.iter().fold(0.0f64, |m, s| m.max(s.abs()));
        Singles {
            cols: out,
            recency: shares.iter().map(|&s| s as f32).collect(),
            recency_reach,
            centre,
            usable: shares.iter().all(|s| s.abs() <= LARGE),
            reach,
        }
    }

    /// The memory the copy holds, in bytes (by capacity).
    pub(super) fn heap_bytes(&self) -> usize {
        (self.cols.capacity() + self.recency.capacity()) * 4 + (self.centre.capacity() + self.reach.capacity()) * 8
    }

    /// The single-precision values of feature `f` in block `b` (of `len` events).
    fn block(&self, b: usize, f: usize, features: usize, len: usize) -> &[f32] {
        let at = by_run(b * BLOCK, f, features, BLOCK);
        &self.cols[at..at + len]
    }

    /// The recency shares of the events of block `b`.
    fn recency(&self, b: usize, len: usize) -> &[f32] {
        &self.recency[b * BLOCK..b * BLOCK + len]
    }
}

/// How a query adds one feature's term in single precision.
#[derive(Debug, Clone, Copy)]
enum Lower {
    /// Left out: the term counts 0.
    Skip,
    /// `c · |q − v|`.
    Abs { q: f32, c: f32 },
    /// `c · max(|q − v| − e, 0)²`.
    Squared { q: f32, c: f32, e: f32 },
    /// `m` unless `v` is `q`.
    Category { q: f32, m: f32 },
    /// `min(y + s · max(|q − v| − x, 0), cap)`: a line under a curve that never falls.
    Curve { q: f32, x: f32, y: f32, s: f32, cap: f32 },
    /// `weight × curve`, the curve worked out once per distinct recorded value.
    Coded,
}

/// One query's way of bounding blocks: a [`Lower`] per feature and the allowances.
#[derive(Debug, Clone)]
pub(super) struct Plan {
    /// The features in the order their terms are added, each with how.
    steps: Vec<(usize, Lower)>,
    /// After step `k`: the sum of the allowances for the rounding of values so far.
    slack: Vec<f64>,
    /// The relative error allowed for every term and for the sums.
    eps: f64,
    /// Whether any feature is bounded at all (otherwise the pass is skipped).
    useful: bool,
    /// The largest magnitude of the recency shares.
    recency_reach: f64,
    /// The limit the single-precision limits below were worked out for.
    for_limit: f64,
    /// Per step: the single-precision limit for `for_limit`.
    limit: Vec<f32>,
}

impl Plan {
    /// The plan for `state` (schema order). `coded[f]` tells whether feature `f` is a
    /// curve whose values the index keeps coded.
    pub(super) fn new(schema: &Schema, singles: &Singles, coded: &[Option<ValueColumn>], state: &[f64]) -> Plan {
        let features = schema.features.len();
        let mut steps = Vec::with_capacity(features);
        let mut slack = Vec::with_capacity(features);
        let mut total = 0.0;
        for (f, feat) in schema.features.iter().enumerate() {
            let (l, e) = if singles.usable && feat.weight > 0.0 {
                bound(feat, singles.centre[f], singles.reach[f], coded[f].is_some(), state[f])
            } else {
                (Lower::Skip, 0.0)
            };
            if matches!(l, Lower::Skip) {
                continue;
            }
            total += e;
            steps.push((f, l));
            slack.push(total);
        }
        let useful = !steps.is_empty();
        // Each term carries at most about six roundings, and the sum one more per term
        // and one for the recency share; four times that is kept as a margin.
        let eps = 4.0 * (features as f64 + 8.0) * U;
        let limit = vec![f32::INFINITY; steps.len()];
        Plan { steps, slack, eps, useful, recency_reach: singles.recency_reach, for_limit: f64::INFINITY, limit }
    }

    /// Per step, the single-precision limit for the partial sums: a partial sum over it
    /// belongs to an event whose exact score is over `limit`. Infinite (nothing is given
    /// up) where the limit is too large to bound. Worked out again only when `limit`
    /// changes, which it does only when a query finds a better best.
    fn limits(&mut self, limit: f64) {
        if limit.to_bits() != self.for_limit.to_bits() {
            self.for_limit = limit;
            for (l, &slack) in self.limit.iter_mut().zip(&self.slack) {
                let k = limit + slack + self.eps * (2.0 * self.recency_reach + slack);
                let x = k + 2.0 * self.eps * k.abs();
                *l = if x.is_nan() || x > LARGE * 1e6 { f32::INFINITY } else { up(x) };
            }
        }
    }
}

/// How feature `feat` is bounded for the present value `q`, and the allowance for the
/// rounding of its values.
fn bound(feat: &super::schema::Feature, centre: f64, reach: f64, coded: bool, q: f64) -> (Lower, f64) {
    let w = feat.weight;
    let shifted = q - centre;
    let near = shifted.abs() + reach;
    if !q.is_finite() || !small(near) {
        return (Lower::Skip, 0.0);
    }
    let q32 = shifted as f32;
    match &feat.similarity {
        Similarity::Abs => {
            let c = if feat.scale == 1.0 { w } else { w / feat.scale };
            if !(small(c * near) && ordinary(c)) {
                return (Lower::Skip, 0.0);
            }
            // The rounding of the present and recorded values moves their difference
            // by at most about U · near (or 1e-45 below the normal range); a product
            // that underflows loses less than 1e-45.
            (Lower::Abs { q: q32, c: c as f32 }, 2.0 * U * c * near + 1e-40 * (1.0 + c))
        }
        Similarity::Squared => {
            let c = w / feat.scale / feat.scale;
            if !(small(c * near * near) && ordinary(c)) {
                return (Lower::Skip, 0.0);
            }
            // The difference is lowered by its rounding allowance before squaring.
            (Lower::Squared { q: q32, c: c as f32, e: up(2.0 * U * near + 1e-40) }, 1e-40 * (1.0 + c))
        }
        Similarity::Category { mismatch } => {
            let m = w * mismatch;
            if !ordinary(m) {
                return (Lower::Skip, 0.0);
            }
            // Equal values stay equal when rounded, so a 0 term stays 0; unequal ones
            // may round together, which only lowers the bound.
            (Lower::Category { q: q32, m: m as f32 }, 0.0)
        }
        Similarity::Curve { points } => {
            if let Some(line) = line_under(points, w, feat.scale, near, q32) {
                return line;
            }
            let top = points.iter().fold(0.0f64, |t, p| t.max(p.1.abs()));
            if !coded || !small(w * top) {
                return (Lower::Skip, 0.0);
            }
            (Lower::Coded, 1e-40)
        }
    }
}

/// For a curve that starts at `(x₀, y₀)`, never falls and stays at or above 0: the line
/// from its start with the smallest slope that reaches each of its points, capped at
/// its last value. The curve is `y₀` up to `x₀`, lies on or above the line from there
/// to its last point (between two points it is straight, so its slope from the start
/// lies between theirs) and stays at its last value beyond. Weighted and with the
/// scale folded in, in single precision; `None` for any other curve.
fn line_under(points: &[(f64, f64)], w: f64, scale: f64, near: f64, q: f32) -> Option<(Lower, f64)> {
    let &(x0, y0) = points.first()?;
    let last = points[points.len() - 1].1;
    let rising = points.windows(2).all(|p| p[1].1 >= p[0].1 && p[1].0 > p[0].0);
    if !rising || !small(y0) || !small(last) {
        return None;
    }
    let slope = points[1..].iter().map(|&(x, y)| (y - y0) / (x - x0)).fold(f64::INFINITY, f64::min);
    let slope = if points.len() == 1 { 0.0 } else { slope };
    // A slope too small for a normal single-precision number is dropped: the flat line
    // at the start's value is under a curve that never falls too.
    let s = match w * slope / scale {
        s if s < 1.0 / LARGE => 0.0,
        s => s,
    };
    let (x, y, cap) = (x0 * scale, w * y0, w * last);
    if !(small(s) && small(s * near) && small(cap) && small(x.abs())) {
        return None;
    }
    // The rounding of the values moves the difference by about U · near as for `Abs`;
    // the exact curve's own interpolation and the rounding of the constants are each
    // within a few roundings of the largest value of the line.
    let slack = 4.0 * U * (s * near + cap + s * x.abs() + y) + 1e-40 * (1.0 + s);
    Some((Lower::Curve { q, x: x as f32, y: y as f32, s: s as f32, cap: cap as f32 }, slack))
}

/// Adds the single-precision terms of one feature of a block to `acc`.
fn lower_terms(lower: Lower, col: &[f32], acc: &mut [f32]) {
    match lower {
        Lower::Abs { q, c } => {
            for (a, &v) in acc.iter_mut().zip(col) {
                *a += c * (q - v).abs();
            }
        }
        Lower::Squared { q, c, e } => {
            for (a, &v) in acc.iter_mut().zip(col) {
                let d = (q - v).abs() - e;
                let d = if d > 0.0 { d } else { 0.0 };
                *a += c * (d * d);
            }
        }
        Lower::Category { q, m } => {
            for (a, &v) in acc.iter_mut().zip(col) {
                *a += if q == v { 0.0 } else { m };
            }
        }
        Lower::Curve { q, x, y, s, cap } => {
            for (a, &v) in acc.iter_mut().zip(col) {
                let d = (q - v).abs() - x;
                let d = if d > 0.0 { d } else { 0.0 };
                let t = y + s * d;
                *a += if t < cap { t } else { cap };
            }
        }
        Lower::Skip | Lower::Coded => {}
    }
}

/// The steps of the bound after which a block is checked: the first few features
/// rarely settle anything, and a check costs about as much as a feature.
const CHECKS: [usize; 3] = [3, 7, 11];

/// One block's part in [`live_events`]: its number, its events and room for their
/// bounds.
pub(super) struct Block<'a> {
    pub(super) index: usize,
    pub(super) len: usize,
    pub(super) low: &'a mut [f32],
}

/// The events of a block that may score at or under `limit`, one bit each: the single-
/// precision bounds of the others are over [`Plan::limits`] already. A block is given up
/// (0) as soon as every bound is over at a check. `memo` keeps each coded curve's values
/// for the query, as the exact scoring does.
#[allow(clippy::too_many_arguments)]
pub(super) fn live_events(
    schema: &Schema,
    singles: &Singles,
    coded: &[Option<ValueColumn>],
    state: &[f64],
    plan: &mut Plan,
    memo: &mut [Vec<f64>],
    block: Block,
    limit: f64,
) -> u32 {
    let Block { index: b, len, low } = block;
    if !plan.useful {
        return if len >= 32 { u32::MAX } else { (1 << len) - 1 };
    }
    low.copy_from_slice(singles.recency(b, len));
    let features = schema.features.len();
    let last = plan.steps.len() - 1;
    plan.limits(limit);
    for (step, &(f, lower)) in plan.steps.iter().enumerate() {
        let feat = &schema.features[f];
        match (lower, &coded[f], &feat.similarity) {
            (Lower::Coded, Some(column), Similarity::Curve { points }) => {
                let range = b * BLOCK..b * BLOCK + len;
                let curve = CodedCurve { points, scale: feat.scale, q: state[f], dictionary: &column.dictionary };
                let (w, memo) = (feat.weight, &mut memo[f]);
                match &column.codes {
                    Codes::Narrow(k) => coded_terms(&curve, w, &k[range], memo, low),
                    Codes::Wide(k) => coded_terms(&curve, w, &k[range], memo, low),
                    Codes::Plain(_) => {}
                }
            }
            (l, _, _) => lower_terms(l, singles.block(b, f, features, len), low),
        }
        if CHECKS.contains(&step) && step < last {
            let lim = plan.limit[step];
            if low.iter().all(|&x| x > lim) {
                return 0;
            }
        }
    }
    let lim = plan.limit[last];
    low.iter().enumerate().fold(0, |m, (k, &x)| if x > lim { m } else { m | 1 << k })
}

/// Adds `weight × curve(|q − v| / scale)` in single precision for each coded value,
/// the curve worked out as the exact scoring does.
fn coded_terms(curve: &CodedCurve, w: f64, codes: &[impl Copy + Into<usize>], memo: &mut [f64], acc: &mut [f32]) {
    for (a, &c) in acc.iter_mut().zip(codes) {
        *a += (w * curve.at(memo, c.into())) as f32;
    }
}
