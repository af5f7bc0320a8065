//! An event's score as the shadow query adds it up (SPEC §13), one share at a time:
//! each feature's term, the recency share and the continuation bias, every partial sum
//! saturating at ±[`f64::MAX`] so that any checked schema gives finite scores; and the
//! candidate threshold around the best.

/// The candidate threshold for a best score (SPEC §13).
#[inline]
pub fn threshold(best: f64, neighbourhood: f64) -> f64 {
    best + neighbourhood * best.abs().max(1e-9)
}

/// `score` plus one feature's share `weight × similarity`, saturating at
/// [`f64::MAX`]. Weights and similarities of a checked schema are ≥ 0, so the partial
/// score stays in `[0, f64::MAX]`. A weight of 0 turns the feature off and adds exactly
/// nothing, even where the similarity is infinite.
#[inline(always)]
pub fn add_term(score: f64, weight: f64, similarity: f64) -> f64 {
    if weight == 0.0 { score } else { (score + weight * similarity).min(f64::MAX) }
}

/// One feature's share of a score as [`add_term`] adds it: 0 for a weight of 0, else
/// `weight × similarity` held to at most [`f64::MAX`]. Adding it with [`add_term`]'s
/// saturation gives exactly [`add_term`]'s result.
#[inline]
pub fn term(weight: f64, similarity: f64) -> f64 {
    if weight == 0.0 { 0.0 } else { (weight * similarity).min(f64::MAX) }
}

/// The recency share `recency_weight × age`, held within ±[`f64::MAX`].
#[inline(always)]
pub fn recency_share(recency_weight: f64, age: f64) -> f64 {
    (recency_weight * age).clamp(-f64::MAX, f64::MAX)
}

/// A sum of feature terms (in `[0, f64::MAX]`) plus the recency share, saturating at
/// [`f64::MAX`].
#[inline(always)]
pub fn add_recency(score: f64, recency_weight: f64, age: f64) -> f64 {
    (score + recency_share(recency_weight, age)).min(f64::MAX)
}

/// A score less the continuation bias, held within ±[`f64::MAX`].
#[inline]
pub fn less_bias(score: f64, bias: f64) -> f64 {
    (score - bias).clamp(-f64::MAX, f64::MAX)
}
