//! The run's clock: turns taken and the simulated seconds they make (SPEC §1).

use serde::{Deserialize, Serialize};

use crate::mind::desire::TURNS_PER_SECOND;

/// Turns since the run began, and the time they make.
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
pub(super) struct Clock {
    pub(super) turns: u64,
    /// Seconds since the run began: `turns` over the turns a second.
    pub(super) time: f64,
}

impl Clock {
    /// One turn more; the time it is now.
    pub(super) fn tick(&mut self) -> f64 {
        self.turns += 1;
        self.time = self.turns as f64 / TURNS_PER_SECOND;
        self.time
    }
}
