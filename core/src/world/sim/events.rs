//! What the simulation reports: the events of the trace and the editor's log, why a
//! plan started, and the summary of a run.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::creature::lesson::Taught;
use crate::mind::observation::Attempt;
use crate::names::Desire;
use crate::species::data::TreeKind;

/// Something that happened, for the trace (SPEC §15 `--trace`) and the editor's log.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The creature changed plan (SPEC §4): why, and the priority of the plan it
    /// interrupted (`None` when it was idle).
    Plan {
        t: f64,
        desire: Desire,
        action: String,
        object: String,
        target: String,
        priority: f64,
        why: Why,
        replaced: Option<f64>,
    },
    /// The hand let go: every release, also one that taught nothing (SPEC §5).
    Lesson { t: f64, total: f64, lesson: Option<f64>, taught: Option<Taught>, liking: f64 },
    /// A skill learnt by watching villagers (SPEC §10).
    Skill { t: f64, skill: String },
    /// The creature tried a miracle (SPEC §10): failed, or succeeded and learnt it.
    Miracle { t: f64, miracle: String, result: Attempt, sightings: u32 },
    /// A miracle seen; `counted` sightings were added.
    Sighting { t: f64, miracle: String, counted: u32 },
    /// An act step ended and its effects were applied.
    Done { t: f64, desire: Desire, action: String, object: String, kind: String },
    /// A plan could not be carried out (its object went, or the walk gave up).
    Failed { t: f64, desire: Desire, action: String, object: String },
    /// The creature copied a deed of the player (SPEC §10).
    Copied { t: f64, desire: Desire, action: String, object: String },
    /// The creature moved on by itself to development phase `phase`, called `name`
    /// (SPEC §12: its present phase's `advance` held).
    Phase { t: f64, phase: u8, name: String },
    /// A verdict forced over the link (SPEC §23 `force`) let go because a world reload
    /// took its object away.
    Unforced { t: f64, desire: Desire, tree: TreeKind, object: String },
}

impl Event {
    /// True for the events `sim --trace` prints: plan changes, lessons, skills,
    /// miracles (SPEC §15) and phases reached.
    #[must_use]
    pub fn is_trace(&self) -> bool {
        matches!(
            self,
            Event::Plan { .. }
                | Event::Lesson { .. }
                | Event::Skill { .. }
                | Event::Miracle { .. }
                | Event::Phase { .. }
        )
    }
}

/// Why the creature started a plan.
#[derive(Serialize, serde::Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    /// It was idle (SPEC §4: idle counts as 0).
    Idle,
    /// The plan was more than twice as urgent as the one under way (SPEC §4).
    Urgent,
    /// A lesson's reaction: a stroke repeats, stroked food is eaten at once (SPEC §7).
    Lesson,
    /// It copied a deed of the player (SPEC §10).
    Copy,
    /// The player told it to (an [`Act::Plan`](super::Act::Plan)).
    Command,
}

/// The summary of a run (SPEC §15 `sim --json`, without `wall_ms`).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Summary {
    pub turns: u64,
    pub plans: u64,
    pub lessons: u64,
    /// Every desire's value at the end.
    pub desires: BTreeMap<Desire, f64>,
}
