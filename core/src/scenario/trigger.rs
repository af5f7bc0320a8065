//! What an input or an expectation timed `on: EVENT` waits for (SPEC §16): something
//! the creature does.

use serde::{Deserialize, Serialize};

use crate::names::Desire;

/// Something the creature does, which an input or an expectation can wait for.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Trigger {
    PlanStarted { desire: Desire },
    PlanEnded { desire: Desire },
    Lesson,
}

impl Trigger {
    /// The event in a few words.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Trigger::PlanStarted { desire } => format!("{desire}'s plan started"),
            Trigger::PlanEnded { desire } => format!("{desire}'s plan ended"),
            Trigger::Lesson => "a release".to_owned(),
        }
    }
}
