//! How the creature chooses (SPEC §4): a plan is (desire, action, object, target); the
//! action comes from opinion and novelty, the object from its tree score and distance,
//! the target from the Activity tree; two desires are re-planned per turn in rotation,
//! and the creature changes plan only for one more than twice as urgent.
//!
//! These are the rules alone, with no world: the preview village (`world::sim`) feeds
//! them distances, opinions and tree scores.

use serde::{Deserialize, Serialize};

use crate::names::Desire;

/// The distance priority of an object the creature holds (SPEC §4).
pub const HELD_PRIORITY: f64 = 1.6;

/// Distances are counted up to this many metres (SPEC §4).
pub const DISTANCE_CAP: f64 = 200.0;

/// Every action's base priority (SPEC §4).
pub const ACTION_BASE: f64 = 0.5;

/// How much the opinion of an action adds: `0.0025 · (opinion + 1)` (SPEC §4).
pub const OPINION_WEIGHT: f64 = 0.0025;

/// The most novelty adds, reached `NOVELTY_SECONDS` after the action was last done.
pub const NOVELTY_MAX: f64 = 0.01;

/// Seconds after which an action is fully novel again (SPEC §4: 900 s).
pub const NOVELTY_SECONDS: f64 = 900.0;

/// A new plan must be more than this many times as urgent as the current one (SPEC §4).
pub const SWITCH_FACTOR: f64 = 2.0;

/// Desires re-planned per turn (SPEC §4).
pub const REPLANNED_PER_TURN: usize = 2;

/// Novelty: `0.01 · min(1, t / 900)` with `t` the seconds since the action was last done;
/// an action never done is fully novel, 0.01 (SPEC §4).
#[must_use]
pub fn novelty(seconds_since_done: Option<f64>) -> f64 {
    match seconds_since_done {
        None => NOVELTY_MAX,
        Some(t) => NOVELTY_MAX * (t.max(0.0) / NOVELTY_SECONDS).min(1.0),
    }
}

/// An action's priority: `0.5 + 0.0025 · (opinion + 1) + novelty` (SPEC §4).
#[must_use]
pub fn action_priority(opinion: f64, seconds_since_done: Option<f64>) -> f64 {
    ACTION_BASE + OPINION_WEIGHT * (opinion.clamp(-1.0, 1.0) + 1.0) + novelty(seconds_since_done)
}

/// Distance priority: 1.6 for an object the creature holds, else
/// `1 − w · min(d, 200) / 200` with `w` the desire's distance weight (SPEC §4).
#[must_use]
pub fn distance_priority(weight: f64, distance: f64, held: bool) -> f64 {
    if held {
        return HELD_PRIORITY;
    }
    let d = if distance.is_nan() { DISTANCE_CAP } else { distance.clamp(0.0, DISTANCE_CAP) };
    1.0 - weight * d / DISTANCE_CAP
}

/// Object score: `distance priority × usefulness` (SPEC §4), the usefulness being the
/// object score of a tree's verdict (SPEC §9). The choice weighs objects by it with the
/// ActOn tree's usefulness, and a social desire's targets with the Activity tree's.
#[must_use]
#[inline]
pub fn object_score(distance_priority: f64, usefulness: f64) -> f64 {
    distance_priority * usefulness
}

/// Plan priority: `value × activity usefulness(target) × object score × action priority`
/// (SPEC §4), where the object score is [`object_score`] of the ActOn tree's verdict.
#[must_use]
pub fn plan_priority(value: f64, activity: f64, object_score: f64, action: f64) -> f64 {
    value * activity * object_score * action
}

/// What the liking of the player does to a plan of a desire about the player (to
/// follow, idle or play with it): a creature that dislikes the player (liking below 0)
/// does not choose it; one that likes it is drawn to it, by `1 + pull × liking`.
#[must_use]
pub fn liking_pull(liking: f64, pull: f64) -> f64 {
    if liking < 0.0 { 0.0 } else { 1.0 + pull * liking }
}

/// True when a candidate plan should replace the current one: it must be more than
/// twice as urgent; being idle counts as 0 (SPEC §4).
#[must_use]
pub fn more_urgent(candidate: f64, current: f64) -> bool {
    candidate > SWITCH_FACTOR * current.max(0.0) && candidate > 0.0
}

/// Picks the action with the highest priority (SPEC §4). `priorities` yields each
/// candidate's [`action_priority`]; ties go to the earliest. Returns the index among
/// the candidates and its priority.
pub fn best_action(priorities: impl IntoIterator<Item = f64>) -> Option<(usize, f64)> {
    let mut best: Option<(usize, f64)> = None;
    for (i, p) in priorities.into_iter().enumerate() {
        if best.is_none_or(|(_, b)| p > b) {
            best = Some((i, p));
        }
    }
    best
}

/// The rotation that re-plans two desires per turn (SPEC §4).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Rotation {
    next: usize,
}

impl Rotation {
    /// The positions (in a list of `count` active desires) to re-plan this turn: two,
    /// or one when only one desire is active; the rotation moves on by as many.
    pub fn take(&mut self, count: usize) -> impl Iterator<Item = usize> + use<> {
        let n = REPLANNED_PER_TURN.min(count);
        let start = if count == 0 { 0 } else { self.next % count };
        self.next = if count == 0 { 0 } else { (start + n) % count };
        (0..n).map(move |k| (start + k) % count.max(1))
    }
}

/// A plan the creature could carry out, with its priority (SPEC §4). Objects and
/// targets are indices into the world's objects.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    pub desire: Desire,
    /// Index into the action table.
    pub action: usize,
    pub object: usize,
    pub target: usize,
    pub priority: f64,
}

impl Candidate {
    /// True when both are the same plan (priority aside).
    #[must_use]
    pub fn same_plan(&self, other: &Candidate) -> bool {
        (self.desire, self.action, self.object, self.target) == (other.desire, other.action, other.object, other.target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dislike_stops_the_desires_about_the_player_and_liking_draws_to_it() {
        assert_eq!(liking_pull(-0.9, 1.0), 0.0);
        assert_eq!(liking_pull(-0.01, 3.0), 0.0);
        assert_eq!(liking_pull(0.0, 1.0), 1.0);
        assert_eq!(liking_pull(0.5, 1.0), 1.5);
        assert_eq!(liking_pull(0.5, 2.0), 2.0);
    }

    #[test]
    fn novelty_grows_to_a_hundredth_over_fifteen_minutes() {
        assert_eq!(novelty(None), 0.01);
        assert_eq!(novelty(Some(0.0)), 0.0);
        assert!((novelty(Some(450.0)) - 0.005).abs() < 1e-15);
        assert_eq!(novelty(Some(900.0)), 0.01);
        assert_eq!(novelty(Some(5000.0)), 0.01);
    }

    #[test]
    fn action_priority_follows_the_formula() {
        // A newborn's opinion 0, never done: 0.5 + 0.0025 + 0.01.
        assert!((action_priority(0.0, None) - 0.5125).abs() < 1e-15);
        // After one slap (opinion −0.4) and just done: 0.5 + 0.0015.
        assert!((action_priority(-0.4, Some(0.0)) - 0.5015).abs() < 1e-15);
    }

    #[test]
    fn a_slapped_action_loses_to_a_fresh_one_through_novelty() {
        // Seed: the opinion change is small, but with novelty it changes the choice.
        let best =
            |actions: [(f64, Option<f64>); 2]| best_action(actions.map(|(o, t)| action_priority(o, t))).unwrap().0;
        assert_eq!(best([(-0.4, Some(10.0)), (0.0, Some(10.0))]), 1);
        assert_eq!(best([(0.0, Some(900.0)), (0.0, Some(10.0))]), 0);
        assert_eq!(best([(0.3, None), (0.3, None)]), 0);
        assert_eq!(best_action(std::iter::empty()), None);
    }

    #[test]
    fn distance_priority_is_held_or_falls_with_distance() {
        assert_eq!(distance_priority(0.02, 50.0, true), 1.6);
        assert_eq!(distance_priority(0.02, 0.0, false), 1.0);
        assert!((distance_priority(0.02, 100.0, false) - 0.99).abs() < 1e-15);
        assert!((distance_priority(0.02, 900.0, false) - 0.98).abs() < 1e-15);
        assert!((distance_priority(0.5, 200.0, false) - 0.5).abs() < 1e-15);
        assert_eq!(distance_priority(0.02, f64::NAN, false), 0.98);
    }

    #[test]
    fn only_twice_as_urgent_switches() {
        assert!(more_urgent(0.1, 0.0));
        assert!(!more_urgent(0.0, 0.0));
        assert!(!more_urgent(0.2, 0.1));
        assert!(more_urgent(0.2001, 0.1));
    }

    #[test]
    fn plan_priority_multiplies_its_four_parts() {
        assert!((plan_priority(0.8, 0.1, 0.1125, 0.5125) - 0.8 * 0.1 * 0.1125 * 0.5125).abs() < 1e-18);
        assert_eq!(plan_priority(0.0, 0.1, 0.1, 0.5), 0.0);
    }

    #[test]
    fn rotation_visits_every_desire_two_per_turn() {
        let mut r = Rotation::default();
        let mut seen = vec![0; 5];
        for _ in 0..5 {
            let taken: Vec<_> = r.take(5).collect();
            assert_eq!(taken.len(), 2);
            for i in taken {
                seen[i] += 1;
            }
        }
        assert_eq!(seen, vec![2; 5]);
        assert_eq!(Rotation::default().take(1).collect::<Vec<_>>(), vec![0]);
        assert_eq!(Rotation::default().take(0).count(), 0);
    }
}
