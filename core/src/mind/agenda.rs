//! The agenda (SPEC §4): a plan is carried out as a list of steps — move to, pick up,
//! act, wait — each with a duration; the plan's effects are applied when its act step
//! ends. Moving lasts as long as the walk takes at the species' speed, or gives up.

use serde::{Deserialize, Serialize};

/// Seconds a pick-up takes.
pub const PICK_UP_SECONDS: f64 = 1.0;

/// Seconds the creature stands after an act before the plan ends.
pub const WAIT_SECONDS: f64 = 1.0;

/// A walk that has not arrived after this many seconds gives up, and the plan fails.
pub const GIVE_UP_SECONDS: f64 = 300.0;

/// One step of an agenda. Objects are indices into the world's objects.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
pub enum Step {
    /// Walk towards `object` until within `reach` metres of it.
    MoveTo { object: usize, reach: f64 },
    /// Walk away from `from` until `distance` metres from it.
    MoveAway { from: usize, distance: f64 },
    /// Pick `object` up; it is carried from then on.
    PickUp { object: usize, seconds: f64 },
    /// Do the plan's action; its effects come at the end.
    Act { seconds: f64 },
    /// Stand still.
    Wait { seconds: f64 },
}

impl Step {
    /// A short name for the editor: "move to", "move away", "pick up", "act", "wait".
    #[must_use]
    pub fn label(&self) -> &'static str {
        match self {
            Step::MoveTo { .. } => "move to",
            Step::MoveAway { .. } => "move away",
            Step::PickUp { .. } => "pick up",
            Step::Act { .. } => "act",
            Step::Wait { .. } => "wait",
        }
    }

    /// How long a timed step lasts; `None` for walking, which lasts until it arrives.
    #[must_use]
    pub fn seconds(&self) -> Option<f64> {
        match self {
            Step::PickUp { seconds, .. } | Step::Act { seconds } | Step::Wait { seconds } => Some(*seconds),
            Step::MoveTo { .. } | Step::MoveAway { .. } => None,
        }
    }
}

/// The steps of one plan and how far the creature has got.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Agenda {
    pub steps: Vec<Step>,
    /// The step being carried out; `steps.len()` when done.
    pub at: usize,
    /// Seconds spent on the current step.
    pub elapsed: f64,
}

/// What the current step did this turn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Progress {
    /// Still going.
    Going,
    /// The step ended; `step` is the one that ended.
    Ended { step: Step },
    /// A walk gave up.
    GaveUp,
    /// There are no steps left.
    Done,
}

impl Agenda {
    /// An agenda of `steps`, at the first.
    #[must_use]
    pub fn new(steps: Vec<Step>) -> Agenda {
        Agenda { steps, at: 0, elapsed: 0.0 }
    }

    /// The step being carried out, `None` when done.
    #[must_use]
    pub fn current(&self) -> Option<&Step> {
        self.steps.get(self.at)
    }

    /// True when every step is done.
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.at >= self.steps.len()
    }

    /// Spends `dt` seconds on the current step. A timed step ends once its seconds have
    /// passed; a walk ends when `arrived` says so, or gives up after
    /// [`GIVE_UP_SECONDS`].
    pub fn tick(&mut self, dt: f64, arrived: bool) -> Progress {
        let Some(step) = self.current().copied() else { return Progress::Done };
        self.elapsed += dt;
        let ended = match step.seconds() {
            // A little slack so that ten turns of 0.1 s make one second.
            Some(s) => self.elapsed + 1e-9 >= s,
            None if arrived => true,
            None if self.elapsed >= GIVE_UP_SECONDS => return Progress::GaveUp,
            None => false,
        };
        if ended {
            self.at += 1;
            self.elapsed = 0.0;
            Progress::Ended { step }
        } else {
            Progress::Going
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timed_steps_last_their_seconds_and_walks_last_until_arrival() {
        let mut a = Agenda::new(vec![
            Step::MoveTo { object: 3, reach: 2.0 },
            Step::Act { seconds: 1.5 },
            Step::Wait { seconds: WAIT_SECONDS },
        ]);
        assert_eq!(a.tick(0.1, false), Progress::Going);
        assert!(matches!(a.tick(0.1, true), Progress::Ended { step: Step::MoveTo { object: 3, .. } }));
        let mut turns = 0;
        while a.tick(0.1, false) == Progress::Going {
            turns += 1;
        }
        assert_eq!(turns, 14, "1.5 s of act is 15 turns");
        assert_eq!(a.current().map(Step::label), Some("wait"));
        for _ in 0..9 {
            assert_eq!(a.tick(0.1, false), Progress::Going);
        }
        assert!(matches!(a.tick(0.1, false), Progress::Ended { step: Step::Wait { .. } }));
        assert!(a.is_done());
        assert_eq!(a.tick(0.1, false), Progress::Done);
    }

    #[test]
    fn a_walk_that_never_arrives_gives_up() {
        let mut a = Agenda::new(vec![Step::MoveAway { from: 0, distance: 10.0 }]);
        let mut progress = Progress::Going;
        let mut turns = 0;
        while progress == Progress::Going {
            progress = a.tick(0.1, false);
            turns += 1;
        }
        assert_eq!(progress, Progress::GaveUp);
        assert!((f64::from(turns) * 0.1 - GIVE_UP_SECONDS).abs() < 0.11);
    }
}
