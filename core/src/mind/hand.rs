//! The hand (SPEC §5): strokes and slaps add up while the player holds the creature,
//! and the release sends the total as one lesson.

use serde::{Deserialize, Serialize};

/// How hard a slap is (SPEC §5).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slap {
    Gentle,
    Hard,
}

/// The numbers of the hand (SPEC §5); the defaults are the seed's.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct HandRules {
    /// What a stroke adds (0.1).
    pub stroke: f64,
    /// What a gentle slap takes (0.1).
    pub gentle: f64,
    /// What a hard slap takes (0.2).
    pub hard: f64,
    /// Above this total a slap takes twice as much (0.25).
    pub double_above: f64,
    /// A smaller lesson counts as this much (0.5).
    pub floor: f64,
    /// Liking gained per stroke (0.02).
    pub liking_per_stroke: f64,
    /// Liking lost per 0.1 taken by a slap (0.03).
    pub liking_per_slap_tenth: f64,
}

impl Default for HandRules {
    fn default() -> Self {
        Self {
            stroke: 0.1,
            gentle: 0.1,
            hard: 0.2,
            double_above: 0.25,
            floor: 0.5,
            liking_per_stroke: 0.02,
            liking_per_slap_tenth: 0.03,
        }
    }
}

/// Below this a total is zero and teaches nothing (SPEC §5).
pub const NOTHING: f64 = 1e-9;

/// The player's hand on the creature: whether it is held and the running total `t`,
/// kept in [−1, 1] (SPEC §5).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Default)]
pub struct Hand {
    pub holding: bool,
    pub total: f64,
}

/// What one stroke or slap did (SPEC §5).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Touch {
    /// The change to the total (positive for a stroke, negative for a slap), before
    /// the clamp to [−1, 1].
    pub amount: f64,
    /// The change to the creature's liking of the player.
    pub liking: f64,
}

/// What a release sends (SPEC §5).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Release {
    /// The running total at the release.
    pub total: f64,
    /// `sign(t) · max(|t|, floor)`, or `None` when the total is zero.
    pub lesson: Option<f64>,
}

impl Hand {
    /// Picks the creature up: a new running total starts at 0 (SPEC §5).
    pub fn hold(&mut self) {
        *self = Hand { holding: true, total: 0.0 };
    }

    /// A stroke: `t += 0.1`; the liking rises (SPEC §5).
    pub fn stroke(&mut self, rules: &HandRules) -> Touch {
        self.total = (self.total + rules.stroke).clamp(-1.0, 1.0);
        Touch { amount: rules.stroke, liking: rules.liking_per_stroke }
    }

    /// A slap: gentle or hard, twice as much when the total is above 0.25 before it;
    /// the liking falls in proportion (SPEC §5).
    pub fn slap(&mut self, rules: &HandRules, slap: Slap) -> Touch {
        let base = match slap {
            Slap::Gentle => rules.gentle,
            Slap::Hard => rules.hard,
        };
        let taken = if self.total > rules.double_above { 2.0 * base } else { base };
        self.total = (self.total - taken).clamp(-1.0, 1.0);
        Touch { amount: -taken, liking: -rules.liking_per_slap_tenth * taken / 0.1 }
    }

    /// Lets go: the total becomes one lesson, at least `floor` in size (SPEC §5).
    pub fn release(&mut self, rules: &HandRules) -> Release {
        let total = self.total;
        *self = Hand::default();
        Release { total, lesson: lesson_of(total, rules.floor) }
    }
}

/// The lesson a total teaches: `sign(t) · max(|t|, floor)`, `None` when `|t| < 1e-9`
/// (SPEC §5).
#[must_use]
pub fn lesson_of(total: f64, floor: f64) -> Option<f64> {
    (total.abs() >= NOTHING).then(|| total.signum() * total.abs().max(floor))
}

/// The liking after a change, kept in [−1, 1] (SPEC §5).
#[must_use]
pub fn change_liking(liking: f64, change: f64) -> f64 {
    (liking + change).clamp(-1.0, 1.0)
}

/// What the desires read from the liking (SPEC §5): `event.liking` is how much the
/// creature likes the player and `event.dislike` how much it dislikes them, each in
/// [0, 1]. A strong dislike drives ToRunAwayFromPlayer through its `event.dislike` source.
#[must_use]
pub fn liking_inputs(liking: f64) -> (f64, f64) {
    let l = if liking.is_nan() { 0.0 } else { liking.clamp(-1.0, 1.0) };
    (l.max(0.0), (-l).max(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held() -> Hand {
        let mut h = Hand::default();
        h.hold();
        h
    }

    #[test]
    fn one_gentle_slap_teaches_minus_half() {
        let r = HandRules::default();
        let mut h = held();
        h.slap(&r, Slap::Gentle);
        assert_eq!(h.release(&r).lesson, Some(-0.5));
    }

    #[test]
    fn one_stroke_teaches_as_much_as_five() {
        let r = HandRules::default();
        let mut one = held();
        one.stroke(&r);
        let mut five = held();
        for _ in 0..5 {
            five.stroke(&r);
        }
        assert_eq!(one.release(&r).lesson, Some(0.5));
        assert!((five.release(&r).lesson.unwrap() - 0.5).abs() < 1e-12);
    }

    #[test]
    fn slap_above_quarter_counts_double() {
        let r = HandRules::default();
        let mut h = held();
        for _ in 0..3 {
            h.stroke(&r);
        }
        let touch = h.slap(&r, Slap::Hard);
        assert!((touch.amount + 0.4).abs() < 1e-12);
        assert!((h.total + 0.1).abs() < 1e-12);
        assert!((touch.liking + 0.12).abs() < 1e-12);
    }

    #[test]
    fn slap_at_exactly_a_quarter_is_not_doubled() {
        let r = HandRules { stroke: 0.25, ..HandRules::default() };
        let mut h = held();
        h.stroke(&r);
        assert!((h.slap(&r, Slap::Gentle).amount + 0.1).abs() < 1e-12);
    }

    #[test]
    fn zero_total_teaches_nothing() {
        let r = HandRules::default();
        let mut h = held();
        h.stroke(&r);
        h.slap(&r, Slap::Gentle);
        let out = h.release(&r);
        assert!(out.total.abs() < NOTHING);
        assert_eq!(out.lesson, None);
        assert!(!h.holding);
    }

    #[test]
    fn big_totals_pass_unchanged_and_clamp_at_one() {
        let r = HandRules::default();
        let mut h = held();
        for _ in 0..12 {
            h.slap(&r, Slap::Hard);
        }
        assert_eq!(h.total, -1.0);
        assert_eq!(h.release(&r).lesson, Some(-1.0));
        assert_eq!(lesson_of(0.7, 0.5), Some(0.7));
    }

    #[test]
    fn dislike_is_the_negative_part_of_the_liking() {
        assert_eq!(liking_inputs(0.4), (0.4, 0.0));
        assert_eq!(liking_inputs(-0.7), (0.0, 0.7));
        assert_eq!(liking_inputs(f64::NAN), (0.0, 0.0));
    }

    #[test]
    fn liking_moves_with_each_touch_and_stays_in_range() {
        let r = HandRules::default();
        let mut h = held();
        assert!((h.stroke(&r).liking - 0.02).abs() < 1e-12);
        assert!((h.slap(&r, Slap::Gentle).liking + 0.03).abs() < 1e-12);
        assert_eq!(change_liking(0.99, 0.02), 1.0);
        assert_eq!(change_liking(-0.99, -0.06), -1.0);
    }
}
