//! From a tree's verdict to an object's usefulness (SPEC §9): punishment weighs more than
//! reward. The object score of SPEC §4 is this usefulness times the distance priority
//! (`mind::plan::object_score`).

use serde::{Deserialize, Serialize};

/// The curve of SPEC §9. An unknown object scores `unknown`; a good one gains at most
/// `good_slope` (at v = 1); a bad one falls as `unknown · (1 + v)^gamma`, to 0 at v = −1.
/// The three numbers are tuning values.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(deny_unknown_fields, rename = "ScoreCurve")]
pub struct UsefulnessCurve {
    /// Score of an object the tree knows nothing about (0.100).
    pub unknown: f64,
    /// Extra score per unit of good verdict (0.025, so the best is 0.125).
    pub good_slope: f64,
    /// Exponent for bad verdicts (ln 0.4 / ln 0.5 ≈ 1.3219, so v = −0.5 gives 0.040).
    pub gamma: f64,
}

impl Default for UsefulnessCurve {
    fn default() -> Self {
        Self { unknown: 0.100, good_slope: 0.025, gamma: 0.4_f64.ln() / 0.5_f64.ln() }
    }
}

impl UsefulnessCurve {
    /// The usefulness of a verdict, `None` meaning the tree had no examples
    /// (SPEC §9). Verdicts are clamped to [−1, 1]; a NaN verdict counts as unknown.
    #[must_use]
    pub fn usefulness(&self, verdict: Option<f64>) -> f64 {
        match verdict.filter(|v| !v.is_nan()).map(|v| v.clamp(-1.0, 1.0)) {
            None => self.unknown,
            Some(v) if v >= 0.0 => self.unknown + self.good_slope * v,
            Some(v) => self.unknown * (1.0 + v).powf(self.gamma),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_figures() {
        let c = UsefulnessCurve::default();
        assert!((c.usefulness(None) - 0.100).abs() < 1e-12);
        assert!((c.usefulness(Some(1.0)) - 0.125).abs() < 1e-12);
        assert!((c.usefulness(Some(-0.5)) - 0.040).abs() < 1e-12);
        assert!(c.usefulness(Some(-1.0)).abs() < 1e-12);
        assert!((c.usefulness(Some(0.0)) - 0.100).abs() < 1e-12);
    }

    #[test]
    fn out_of_range_and_nan_verdicts_stay_on_the_curve() {
        let c = UsefulnessCurve::default();
        assert_eq!(c.usefulness(Some(7.0)), c.usefulness(Some(1.0)));
        assert_eq!(c.usefulness(Some(-7.0)), 0.0);
        assert_eq!(c.usefulness(Some(f64::NAN)), c.usefulness(None));
    }
}
