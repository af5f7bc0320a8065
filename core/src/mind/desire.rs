//! How the creature feels (SPEC §2): sources read the body and the world, a steep
//! sigmoid turns each into a drive, and the drives fill the desires.

pub use crate::species::data::DEFAULT_STEEPNESS;

/// Turns per second of the creature simulation (SPEC §1).
pub const TURNS_PER_SECOND: f64 = 10.0;

/// The steep sigmoid `S(θ, v)` of SPEC §2: zero for `v ≤ 0` or `θ ≥ 1`, otherwise
/// `1 / (1 + exp(−k (v − θ)))`.
#[inline]
pub fn sigmoid(threshold: f64, value: f64, steepness: f64) -> f64 {
    if value <= 0.0 || threshold >= 1.0 || value.is_nan() || threshold.is_nan() {
        return 0.0;
    }
    1.0 / (1.0 + crate::exp::exp(-steepness * (value - threshold)))
}

/// One turn of a desire (SPEC §2): with a positive drive the value grows by
/// `drive / (10 · increase_seconds)`, otherwise it decays by `decay`; then it is
/// clamped to `[0, max]`.
pub fn step(value: f64, drive: f64, increase_seconds: f64, decay: f64, max: f64) -> f64 {
    let next = if drive > 0.0 { value + drive / (TURNS_PER_SECOND * increase_seconds) } else { value * decay };
    next.clamp(0.0, max.max(0.0))
}

/// A desire's growth per turn, `drive / (10 · increase_seconds)`, remembered with the
/// drive and growth time it was worked out for: a turn whose drive did not change
/// skips the division. [`Growth::step`] is [`step`], bit for bit.
#[derive(Clone, Copy, Debug)]
pub struct Growth {
    drive: f64,
    increase_seconds: f64,
    per_turn: f64,
}

impl Growth {
    /// Nothing remembered yet: a NaN drive matches no drive.
    pub const UNSET: Growth = Growth { drive: f64::NAN, increase_seconds: f64::NAN, per_turn: f64::NAN };

    /// [`step`] with the growth per turn remembered.
    pub fn step(&mut self, value: f64, drive: f64, increase_seconds: f64, decay: f64, max: f64) -> f64 {
        let next = if drive > 0.0 {
            if drive.to_bits() != self.drive.to_bits() || increase_seconds.to_bits() != self.increase_seconds.to_bits()
            {
                *self = Growth { drive, increase_seconds, per_turn: drive / (TURNS_PER_SECOND * increase_seconds) };
            }
            value + self.per_turn
        } else {
            value * decay
        };
        next.clamp(0.0, max.max(0.0))
    }
}

/// Seconds to fill a desire from 0 to `max` with one source alone and no decay
/// (SPEC §2: `max · increase_seconds / S(θ, v)`); `None` when the drive is zero.
pub fn time_to_full(max: f64, increase_seconds: f64, threshold: f64, value: f64, steepness: f64) -> Option<f64> {
    let s = sigmoid(threshold, value, steepness);
    (s > 0.0).then(|| max * increase_seconds / s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sigmoid_is_half_at_the_threshold() {
        assert!((sigmoid(0.4, 0.4, DEFAULT_STEEPNESS) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn sigmoid_is_zero_without_value_or_at_threshold_one() {
        assert_eq!(sigmoid(0.4, 0.0, DEFAULT_STEEPNESS), 0.0);
        assert_eq!(sigmoid(0.4, -0.3, DEFAULT_STEEPNESS), 0.0);
        assert_eq!(sigmoid(1.0, 0.9, DEFAULT_STEEPNESS), 0.0);
        assert_eq!(sigmoid(1.2, 2.0, DEFAULT_STEEPNESS), 0.0);
    }

    #[test]
    fn a_remembered_growth_steps_as_step() {
        let mut growth = Growth::UNSET;
        let cases = [(0.2, 0.5, 60.0), (0.3, 0.5, 60.0), (0.3, 0.5, 30.0), (0.3, 0.0, 30.0), (0.99, 0.7, 1.0)];
        for (value, drive, inc) in cases {
            let want = step(value, drive, inc, 0.999, 1.0);
            assert_eq!(growth.step(value, drive, inc, 0.999, 1.0).to_bits(), want.to_bits());
        }
    }

    #[test]
    fn sigmoid_is_steep() {
        // 0.2 below the threshold the drive is under 2 %; 0.2 above, over 98 %.
        assert!(sigmoid(0.5, 0.3, DEFAULT_STEEPNESS) < 0.02);
        assert!(sigmoid(0.5, 0.7, DEFAULT_STEEPNESS) > 0.98);
    }

    #[test]
    fn time_to_full_matches_the_formula_and_the_simulated_steps() {
        let (max, inc, th, v) = (1.0, 60.0, 0.8, 0.64);
        let s = 1.0 / (1.0 + (21.0_f64 * 0.16).exp());
        let t = time_to_full(max, inc, th, v, DEFAULT_STEEPNESS).unwrap();
        assert!((t - inc / s).abs() < 1e-9);
        // Stepping the desire turn by turn fills it in the same time (to one turn).
        let mut value = 0.0;
        let mut turns = 0u32;
        while value < max {
            value = step(value, s, inc, 0.999, max);
            turns += 1;
        }
        assert!((f64::from(turns) / TURNS_PER_SECOND - t).abs() <= 0.1 + 1e-9, "{turns} turns vs {t} s");
    }

    #[test]
    fn no_drive_means_no_time_and_decay() {
        assert_eq!(time_to_full(1.0, 60.0, 1.0, 0.5, DEFAULT_STEEPNESS), None);
        assert!((step(0.5, 0.0, 60.0, 0.999, 1.0) - 0.4995).abs() < 1e-12);
        assert_eq!(step(0.99, 1.0, 1.0, 0.999, 1.0), 1.0);
    }
}
