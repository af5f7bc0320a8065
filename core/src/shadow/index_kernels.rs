//! The inner loops of the shadow query's index (SPEC §13): scoring a block of events
//! exactly, bounding a block's scores from below, and ordering the events into compact
//! blocks. Kept apart from [`super::select`], which holds the query itself.

use super::schema::{Schema, Similarity};
use super::select::{BLOCK, SUPER, add_term};

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
/// recursively.
pub(super) fn partition(schema: &Schema, raw: &[Vec<f64>], ages: &[f64], rows: &mut [u32]) {
    if rows.len() <= BLOCK {
        return;
    }
    let mut widest = (None, 0.0);
    for (f, feat) in schema.features.iter().enumerate() {
        let (lo, hi) = rows.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &r| {
            let v = raw[f][r as usize];
            (l.min(v), h.max(v))
        });
        let s = spread(&feat.similarity, feat.weight, feat.scale, lo, hi);
        if s > widest.1 {
            widest = (Some(f), s);
        }
    }
    let (lo, hi) = rows.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &r| {
        let a = ages[r as usize];
        (l.min(a), h.max(a))
    });
    let age_spread = schema.recency_weight.abs() * (hi - lo);
    let key: &[f64] = match widest {
        (_, s) if age_spread > s => ages,
        (Some(f), _) => &raw[f],
        (None, _) => return,
    };
    // Split at a superblock boundary while the node is larger than one, so that every
    // superblock is a subtree and its range stays tight.
    let unit = if rows.len() > BLOCK * SUPER { BLOCK * SUPER } else { BLOCK };
    let mid = (rows.len() / 2).div_ceil(unit) * unit;
    if mid == 0 || mid >= rows.len() {
        return;
    }
    rows.select_nth_unstable_by(mid, |&a, &b| key[a as usize].total_cmp(&key[b as usize]));
    let (left, right) = rows.split_at_mut(mid);
    partition(schema, raw, ages, left);
    partition(schema, raw, ages, right);
}
