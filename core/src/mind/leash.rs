//! Leashes (SPEC §11): what the player's leash does to the creature's mind.

use serde::{Deserialize, Serialize};

use crate::reads::Reads;

/// The leash the creature is on (SPEC §11).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Leash {
    #[default]
    None,
    /// Drives Compassion (through sources that read `leash.compassion`).
    Compassion,
    /// Miracles seen count three times, and the creature may copy the player (SPEC §10).
    Learning,
    /// Drives Anger (through sources that read `leash.aggression`).
    Aggression,
}

impl Leash {
    /// The value a desire source reading `reads` gets from the leash: 1 for the input
    /// of this leash, else 0 (SPEC §11; `None` when `reads` is not a leash input).
    #[must_use]
    pub fn input(self, reads: Reads) -> Option<f64> {
        let on = match reads {
            Reads::LeashCompassion => self == Leash::Compassion,
            Reads::LeashAggression => self == Leash::Aggression,
            Reads::LeashLearning => self == Leash::Learning,
            _ => return None,
        };
        Some(if on { 1.0 } else { 0.0 })
    }

    /// True on the learning leash: sightings count ×3 and copying is possible (SPEC §10).
    #[must_use]
    pub fn is_learning(self) -> bool {
        self == Leash::Learning
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_leash_feeds_its_own_input_only() {
        assert_eq!(Leash::Compassion.input(Reads::LeashCompassion), Some(1.0));
        assert_eq!(Leash::Compassion.input(Reads::LeashAggression), Some(0.0));
        assert_eq!(Leash::Aggression.input(Reads::LeashAggression), Some(1.0));
        assert_eq!(Leash::None.input(Reads::LeashLearning), Some(0.0));
        assert_eq!(Leash::Learning.input(Reads::BodyHunger), None);
        assert!(Leash::Learning.is_learning());
        assert!(!Leash::Compassion.is_learning());
    }
}
