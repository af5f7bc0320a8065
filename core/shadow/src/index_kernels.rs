//! The inner loops of the shadow query's index (SPEC §13): scoring a block of events
//! exactly, bounding a block's scores from below, and ordering the events into compact
//! blocks. Kept apart from [`super::select`], which holds the query itself.

use super::layout::{BLOCK, SUPER, TOP};
use super::schema::{Schema, Similarity};
use super::score_terms::add_term;

/// Adds `weight · sim` for each recorded value to `acc`: the exact arithmetic of
/// [`Similarity::eval`], specialised per similarity so the loops vectorise.
pub(super) fn exact_terms(sim: &Similarity, w: f64, scale: f64, q: f64, col: &[f64], acc: &mut [f64]) {
    // A feature turned off adds exactly nothing (see [`add_term`]).
    if w == 0.0 {
        return;
    }
    match sim {
        // x / 1.0 is exactly x, so a unit scale can skip the division without changing
        // a single bit of the score.
        Similarity::Abs if scale == 1.0 => {
            for (a, &v) in acc.iter_mut().zip(col) {
                *a = add_term(*a, w, (q - v).abs());
            }
        }
        Similarity::Abs => {
            for (a, &v) in acc.iter_mut().zip(col) {
                *a = add_term(*a, w, (q - v).abs() / scale);
            }
        }
        Similarity::Squared => {
            for (a, &v) in acc.iter_mut().zip(col) {
                let x = (q - v) / scale;
                *a = add_term(*a, w, x * x);
            }
        }
        Similarity::Category { mismatch } => {
            let m = *mismatch;
            for (a, &v) in acc.iter_mut().zip(col) {
                *a = add_term(*a, w, if q == v { 0.0 } else { m });
            }
        }
        Similarity::Curve { points } => {
            for (a, &v) in acc.iter_mut().zip(col) {
                *a = add_term(*a, w, super::schema::curve_at(points, (q - v).abs() / scale));
            }
        }
    }
}

/// A curve feature's similarity for one query over its coded values:
/// `curve(|q − v| / scale)` for the recorded value `v = dictionary[code]`, worked out once
/// per distinct value into a memo (NaN until worked out). The same arithmetic on the
/// same value gives the same bits as [`Similarity::eval`].
pub(super) struct CodedCurve<'a> {
    pub(super) points: &'a [(f64, f64)],
    pub(super) scale: f64,
    pub(super) q: f64,
    pub(super) dictionary: &'a [f64],
}

impl CodedCurve<'_> {
    /// The similarity for the value coded `code`, from `memo` or worked out into it.
    #[inline]
    pub(super) fn at(&self, memo: &mut [f64], code: usize) -> f64 {
        if memo[code].is_nan() {
            memo[code] = super::schema::curve_at(self.points, (self.q - self.dictionary[code]).abs() / self.scale);
        }
        memo[code]
    }
}

/// Adds `weight · curve(|q − v| / scale)` for each coded value to `acc`, as
/// [`exact_terms`] does, so the sums are [`exact_terms`]'s.
pub(super) fn coded_curve_terms(
    curve: &CodedCurve,
    w: f64,
    codes: &[impl Copy + Into<usize>],
    memo: &mut [f64],
    acc: &mut [f64],
) {
    if w == 0.0 {
        return;
    }
    for (a, &c) in acc.iter_mut().zip(codes) {
        *a = add_term(*a, w, curve.at(memo, c.into()));
    }
}

/// Adds `weight · (lower bound of sim over the group's range)` to each group's bound.
/// For a curve that never falls (`rising`), the lowest value over a range of
/// differences is at the smallest difference.
#[allow(clippy::too_many_arguments)]
pub(super) fn block_bounds(
    sim: &Similarity,
    rising: bool,
    w: f64,
    scale: f64,
    q: f64,
    lo: &[f64],
    hi: &[f64],
    bound: &mut [f64],
) {
    // A feature turned off adds exactly nothing (see [`add_term`]).
    if w == 0.0 {
        return;
    }
    match sim {
        Similarity::Abs => {
            for ((b, &l), &h) in bound.iter_mut().zip(lo).zip(hi) {
                let near = (l - q).max(0.0) + (q - h).max(0.0);
                *b = add_term(*b, w, near / scale);
            }
        }
        Similarity::Squared => {
            for ((b, &l), &h) in bound.iter_mut().zip(lo).zip(hi) {
                let x = ((l - q).max(0.0) + (q - h).max(0.0)) / scale;
                *b = add_term(*b, w, x * x);
            }
        }
        Similarity::Category { mismatch } => {
            let m = *mismatch;
            for ((b, &l), &h) in bound.iter_mut().zip(lo).zip(hi) {
                *b = add_term(*b, w, if q < l || q > h { m } else { 0.0 });
            }
        }
        Similarity::Curve { points } if rising => {
            for ((b, &l), &h) in bound.iter_mut().zip(lo).zip(hi) {
                let near = (l - q).max(0.0) + (q - h).max(0.0);
                *b = add_term(*b, w, super::schema::curve_at(points, near / scale));
            }
        }
        Similarity::Curve { .. } => {
            for ((b, &l), &h) in bound.iter_mut().zip(lo).zip(hi) {
                *b = add_term(*b, w, sim.lower_bound(q, l, h, scale));
            }
        }
    }
}

/// How much a feature can change the score across a range of recorded values: the
/// k-d split picks the feature where that is largest.
fn spread(sim: &Similarity, w: f64, scale: f64, lo: f64, hi: f64) -> f64 {
    let r = (hi - lo) / scale;
    w * match sim {
        Similarity::Abs => r,
        Similarity::Squared => r * r,
        Similarity::Category { mismatch } => {
            if hi > lo {
                *mismatch
            } else {
                0.0
            }
        }
        Similarity::Curve { points } => {
            let top = points.iter().map(|p| p.1).fold(0.0, f64::max);
            let base = super::schema::curve_at(points, 0.0);
            (super::schema::curve_at(points, r) - base).abs().max(if r > 0.0 {
                (top - base).abs() * r.min(1.0)
            } else {
                0.0
            })
        }
    }
}

/// Orders `rows` so that each run of [`BLOCK`] events is compact in the dimensions that
/// weigh most: split at a block boundary near the median of the widest dimension,
/// recursively. The order only decides which events share a block, never a query's
/// answer.
pub(super) fn partition(schema: &Schema, raw: &[Vec<f64>], ages: &[f64], rows: &mut [u32]) {
    // Each node measures every feature over its rows: with the values of an event side
    // by side that is one cache line or two per event rather than one per feature,
    // which is what keeps a million-event build in seconds.
    let width = raw.len() + 1;
    let mut by_event = vec![0.0; ages.len() * width];
    for (e, row) in by_event.chunks_exact_mut(width).enumerate() {
        for (v, col) in row.iter_mut().zip(raw) {
            *v = col[e];
        }
        row[width - 1] = ages[e];
    }
    let mut lo = vec![0.0; width];
    let mut hi = vec![0.0; width];
    split(schema, raw, ages, &by_event, (&mut lo, &mut hi), rows);
}

fn split(
    schema: &Schema,
    raw: &[Vec<f64>],
    ages: &[f64],
    by_event: &[f64],
    ranges: (&mut [f64], &mut [f64]),
    rows: &mut [u32],
) {
    if rows.len() <= BLOCK {
        return;
    }
    let (lo, hi) = ranges;
    let width = lo.len();
    lo.fill(f64::INFINITY);
    hi.fill(f64::NEG_INFINITY);
    for &r in rows.iter() {
        let row = &by_event[r as usize * width..(r as usize + 1) * width];
        for ((l, h), &v) in lo.iter_mut().zip(hi.iter_mut()).zip(row) {
            *l = l.min(v);
            *h = h.max(v);
        }
    }
    let mut widest = (None, 0.0);
    for (f, feat) in schema.features.iter().enumerate() {
        let s = spread(&feat.similarity, feat.weight, feat.scale, lo[f], hi[f]);
        if s > widest.1 {
            widest = (Some(f), s);
        }
    }
    let age_spread = schema.recency_weight.abs() * (hi[width - 1] - lo[width - 1]);
    let key: &[f64] = match widest {
        (_, s) if age_spread > s => ages,
        (Some(f), _) => &raw[f],
        (None, _) => return,
    };
    // Split at a top group's boundary while the node is larger than one, then at a
    // superblock's, so that every group of every level is a subtree and its ranges
    // stay tight.
    let unit = if rows.len() > BLOCK * SUPER * TOP {
        BLOCK * SUPER * TOP
    } else if rows.len() > BLOCK * SUPER {
        BLOCK * SUPER
    } else {
        BLOCK
    };
    let mid = (rows.len() / 2).div_ceil(unit) * unit;
    if mid == 0 || mid >= rows.len() {
        return;
    }
    rows.select_nth_unstable_by(mid, |&a, &b| key[a as usize].total_cmp(&key[b as usize]));
    let (left, right) = rows.split_at_mut(mid);
    split(schema, raw, ages, by_event, (&mut *lo, &mut *hi), left);
    split(schema, raw, ages, by_event, (lo, hi), right);
}
