//! The ranges of the shadow index's groups of events (SPEC §13): for every block,
//! superblock and top group, the range of each feature, the set of category codes it
//! holds and the range of ages, and the lower bound of the score of any event in a
//! group that a query computes from them.

use super::index_kernels::block_bounds;
use super::schema::{Schema, Similarity};
use super::score_terms::{add_recency, add_term};

/// Per-group ranges for one level of grouping (blocks, or superblocks of blocks).
///
/// A query bounds the groups of one parent (the blocks of a superblock, the superblocks
/// of a top group) together, so their ranges are stored parent by parent: every
/// feature's ranges for the groups of one parent sit side by side, and the whole parent
/// is one run of memory that the processor fetches ahead, rather than one short piece in
/// each of many feature arrays.
#[derive(Debug, Clone)]
pub(super) struct Level {
    /// Groups per parent.
    fanout: usize,
    features: usize,
    /// The range of feature `f` in group `parent · fanout + k` is at
    /// `(parent · features + f) · fanout + k` of `lo` and `hi`.
    lo: Vec<f64>,
    hi: Vec<f64>,
    /// For a category feature whose codes are all whole numbers 0–63: which codes occur
    /// in each group, one bit per code. A range of codes nearly always contains the
    /// present one; the set of codes tells exactly whether a group can match it.
    codes: Vec<Option<Vec<u64>>>,
    age_lo: Vec<f64>,
    age_hi: Vec<f64>,
}

/// The bit of a whole-number code 0–63.
fn code_bit(v: f64) -> Option<u64> {
    (v.fract() == 0.0 && (0.0..64.0).contains(&v)).then(|| 1u64 << (v as u32))
}

impl Level {
    /// The level of groups of `size` events, `fanout` groups to a parent (0: all groups
    /// have one parent).
    pub(super) fn new(size: usize, fanout: usize, cols: &[Vec<f64>], ages: &[f64], schema: &Schema) -> Self {
        let n = ages.len();
        let groups = n.div_ceil(size);
        let fanout = if fanout == 0 { groups.max(1) } else { fanout };
        let range = |v: &[f64]| -> (Vec<f64>, Vec<f64>) {
            (0..groups)
                .map(|g| {
                    let chunk = &v[g * size..((g + 1) * size).min(n)];
                    chunk.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &x| (l.min(x), h.max(x)))
                })
                .unzip()
        };
        let (lo, hi): (Vec<Vec<f64>>, Vec<Vec<f64>>) = cols.iter().map(|c| range(c)).unzip();
        let features = cols.len();
        let by_parent = |per_feature: &[Vec<f64>], empty: f64| {
            let mut out = vec![empty; groups.div_ceil(fanout) * features * fanout];
            for (f, values) in per_feature.iter().enumerate() {
                for (g, &v) in values.iter().enumerate() {
                    out[by_run(g, f, features, fanout)] = v;
                }
            }
            out
        };
        let (lo, hi) = (by_parent(&lo, f64::INFINITY), by_parent(&hi, f64::NEG_INFINITY));
        let codes = cols
            .iter()
            .zip(&schema.features)
            .map(|(c, f)| {
                if !matches!(f.similarity, Similarity::Category { .. }) || c.iter().any(|&v| code_bit(v).is_none()) {
                    return None;
                }
                let mask = |g: usize| {
                    c[g * size..((g + 1) * size).min(n)].iter().fold(0u64, |m, &v| m | code_bit(v).unwrap_or(0))
                };
                Some((0..groups).map(mask).collect())
            })
            .collect();
        let (age_lo, age_hi) = range(ages);
        Self { fanout, features, lo, hi, codes, age_lo, age_hi }
    }

    /// The ranges of feature `f` in groups `from..to`, which share a parent.
    fn range(&self, f: usize, from: usize, to: usize) -> (&[f64], &[f64]) {
        let base = by_run(from, f, self.features, self.fanout);
        (&self.lo[base..base + (to - from)], &self.hi[base..base + (to - from)])
    }

    /// Lower bounds of the score for `state` of every event in groups `from..to`, less a
    /// margin for rounding, into `out`. `rising[f]` tells whether feature `f`'s
    /// similarity never falls as the difference grows.
    pub(super) fn bounds(
        &self,
        schema: &Schema,
        rising: &[bool],
        state: &[f64],
        from: usize,
        to: usize,
        out: &mut Vec<f64>,
    ) {
        let level = self;
        out.clear();
        out.resize(to - from, 0.0);
        for (f, feat) in schema.features.iter().enumerate() {
            if let (Some(codes), Similarity::Category { mismatch }) = (&level.codes[f], &feat.similarity) {
                // Every recorded code is a whole number 0–63, so a present value that is
                // not one matches none of them.
                let bit = code_bit(state[f]).unwrap_or(0);
                let (w, m) = (feat.weight, *mismatch);
                for (b, &mask) in out.iter_mut().zip(&codes[from..to]) {
                    *b = add_term(*b, w, if mask & bit != 0 { 0.0 } else { m });
                }
                continue;
            }
            let (lo, hi) = level.range(f, from, to);
            block_bounds(&feat.similarity, rising[f], feat.weight, feat.scale, state[f], lo, hi, out);
        }
        let rw = schema.recency_weight;
        let edge = if rw >= 0.0 { &level.age_lo[from..to] } else { &level.age_hi[from..to] };
        for (b, &a) in out.iter_mut().zip(edge) {
            *b = add_recency(*b, rw, a);
            // No score is below −f64::MAX, so that is a bound too when the margin
            // overflows.
            *b = (*b - 1e-9 * (1.0 + b.abs() + rw.abs())).max(-f64::MAX);
        }
    }

    /// The memory the ranges hold, in bytes (by capacity).
    pub(super) fn heap_bytes(&self) -> usize {
        let ranges = (self.lo.capacity() + self.hi.capacity()) * 8;
        let codes: usize = self.codes.iter().flatten().map(|c| c.capacity() * 8).sum();
        ranges + codes + (self.age_lo.capacity() + self.age_hi.capacity()) * 8
    }

    pub(super) fn groups(&self) -> usize {
        self.age_lo.len()
    }
}

/// Where item `i`'s value of feature `f` sits when the values are stored in runs of
/// `run` items, every feature's values of one run side by side (`features` of them): the
/// layout of the index's blocks and of each level's groups under one parent.
#[inline]
pub(super) fn by_run(i: usize, f: usize, features: usize, run: usize) -> usize {
    ((i / run) * features + f) * run + i % run
}
