//! The editor's live preview of a run: what it reads (clock, creature, village,
//! desires, the plan under way, recent plans, inputs, summary) and the touches that are
//! not the hand (placing the creature, its phase, its leash).

use std::sync::Arc;

use serde::Serialize;

use super::{Sim, Summary};
use crate::creature::Creature;
use crate::creature::lesson::Teaching;
use crate::mind::agenda::Step;
use crate::mind::credit::Credit;
use crate::mind::tree::Tree;
use crate::names::Desire;
use crate::reads::Reads;
use crate::species::data::Data;
use crate::species::data::TreeKind;
use crate::world::file::WorldFile;
use crate::world::village::Village;

/// One desire as the editor shows it.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct DesireView {
    pub desire: Desire,
    pub value: f64,
    pub max: f64,
    /// The drive of the last turn (SPEC §2).
    pub drive: f64,
    /// Turned on by the current phase (SPEC §12).
    pub active: bool,
    /// Seconds spent carrying out its plans.
    pub seconds: f64,
}

/// The current plan as the editor shows it.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct PlanView {
    pub desire: Desire,
    pub action: String,
    pub object: String,
    pub target: String,
    pub priority: f64,
    /// The agenda's steps by name, and the one under way.
    pub steps: Vec<&'static str>,
    pub step: usize,
    pub step_elapsed: f64,
}

impl Sim {
    /// Seconds of simulated time.
    #[must_use]
    pub fn time(&self) -> f64 {
        self.life.clock.time
    }

    /// Turns run so far.
    #[must_use]
    #[inline]
    pub fn turns(&self) -> u64 {
        self.life.clock.turns
    }

    /// The creature as it is now (its save).
    #[must_use]
    #[inline]
    pub fn creature(&self) -> &Creature {
        &self.creature
    }

    /// The number desire `d`'s trees go by: the same number, the same trees (within
    /// this process), so that a reader of usefulness can keep one until it changes.
    #[must_use]
    #[inline]
    pub fn trees_number(&self, d: Desire) -> u64 {
        self.kept.trees_number(d.index())
    }

    /// The number every object's score by every tree goes by: while it stands, no
    /// object's beliefs and no desire's trees changed (within this process), so that
    /// a reader of scores can keep them all until it changes.
    #[must_use]
    #[inline]
    pub fn scores_number(&self) -> u64 {
        self.kept.scores_number()
    }

    /// Desire `d`'s tree of `kind` as the simulation built it from the creature's
    /// examples (after a lesson, or to score an object), if it has one now: the editor
    /// draws this tree rather than building it again.
    #[must_use]
    pub fn built_tree(&self, d: Desire, kind: TreeKind) -> Option<&Tree> {
        let k = match kind {
            TreeKind::Activity => 0,
            TreeKind::ActOn => 1,
        };
        self.life.judgement.trees[d.index()].as_ref().map(|t| &t[k])
    }

    /// The village as it is now.
    #[must_use]
    #[inline]
    pub fn village(&self) -> &Village {
        &self.village
    }

    /// The data the simulation runs on.
    #[must_use]
    pub fn data(&self) -> &Arc<Data> {
        &self.data
    }

    /// The world file the village was built from.
    #[must_use]
    pub fn world(&self) -> &WorldFile {
        &self.file
    }

    /// Where the creature is.
    #[must_use]
    pub fn position(&self) -> (f64, f64) {
        self.village.objects[self.village.me].pos
    }

    /// The value of every input the desire sources read (SPEC §2), by [`Reads`].
    #[must_use]
    pub fn input(&self, r: Reads) -> f64 {
        self.life.read.inputs[r as usize]
    }

    /// Every desire with its value, drive and time spent.
    #[must_use]
    pub fn desires(&self) -> Vec<DesireView> {
        Desire::ALL
            .iter()
            .map(|d| {
                let s = self.creature.desire(*d);
                DesireView {
                    desire: *d,
                    value: s.value,
                    max: s.max,
                    drive: self.life.read.drives[d.index()],
                    active: self.life.planning.active.contains(&d.index()),
                    seconds: self.life.tally.time_in[d.index()],
                }
            })
            .collect()
    }

    /// The plan under way, with its agenda; `None` while idle.
    #[must_use]
    pub fn plan(&self) -> Option<PlanView> {
        let c = self.life.planning.current.as_ref()?;
        let id = |i: usize| self.village.objects[i].id.clone();
        Some(PlanView {
            desire: c.cand.desire,
            action: self.tables.actions[c.cand.action].name.clone(),
            object: id(c.cand.object),
            target: id(c.cand.target),
            priority: c.cand.priority,
            steps: c.agenda.steps.iter().map(Step::label).collect(),
            step: c.agenda.at,
            step_elapsed: c.agenda.elapsed,
        })
    }

    /// The last five plans with their credit scores now (SPEC §6), oldest first.
    #[must_use]
    pub fn recent_plans(&self) -> Vec<Credit> {
        self.life.teaching.plans.credit(self.life.clock.time, &self.data.actions.credit_decay)
    }

    /// The index in [`Sim::recent_plans`] of the plan a lesson now would go to (SPEC §6),
    /// `None` when no plan scores above 0.
    #[must_use]
    pub fn lesson_goes_to(&self) -> Option<usize> {
        self.life.teaching.plans.winner(self.life.clock.time, &self.data.actions.credit_decay)
    }

    /// The hand, the plan memory and the food held: the teaching state (SPEC §5, §6).
    #[must_use]
    pub fn teaching(&self) -> &Teaching {
        &self.life.teaching
    }

    /// The simulation's generator: two runs that drew alike so far have equal ones.
    #[must_use]
    pub fn rng(&self) -> &crate::rng::Rng {
        &self.life.rng
    }

    /// The run so far (SPEC §15 `sim --json`).
    #[must_use]
    pub fn summary(&self) -> Summary {
        Summary {
            turns: self.life.clock.turns,
            plans: self.life.tally.plans,
            lessons: self.life.tally.lessons,
            desires: self.creature.desires.iter().map(|d| (d.name, d.value)).collect(),
        }
    }

    /// Seconds spent on each desire's plans, by desire index.
    #[must_use]
    pub fn seconds_per_desire(&self) -> &[f64] {
        &self.life.tally.time_in
    }

    /// Puts the creature at (x, y), as the editor's drag does; it stays on the map and,
    /// until it may leave (SPEC §12, phase 5), in its pen.
    pub(super) fn place_creature(&mut self, x: f64, y: f64) -> Result<(), String> {
        if !(x.is_finite() && y.is_finite()) {
            return Err(format!("the creature cannot stand at ({x}, {y})"));
        }
        self.move_to((x, y));
        self.life.going.moving = false;
        self.life.read.distances.clear();
        Ok(())
    }

    /// Moves the creature to another development phase (SPEC §12): desires turn on or
    /// off, and so do the abilities. The count toward the phase's `advance` starts
    /// afresh.
    pub fn set_phase(&mut self, phase: u8) {
        self.creature.phase = phase.min((crate::species::data::PHASE_COUNT - 1) as u8);
        self.restart_phase();
        self.refresh_tables();
    }

    /// Sets the value of desire `d` now, within [0, its max] (a designer's nudge in the
    /// preview or a scenario).
    pub(super) fn set_desire(&mut self, d: Desire, value: f64) {
        let state = self.creature.desire_mut(d);
        if value.is_finite() {
            state.value = value.clamp(0.0, state.max);
        }
    }

    /// Puts the creature on a leash (SPEC §11).
    pub(super) fn set_leash(&mut self, leash: crate::mind::leash::Leash) {
        self.world_mut().hand.leash = leash;
    }

    /// The world file, to change (the hand's place, presence and leash live in it): a
    /// copy of its own first if a copied simulation shares it. The snapshots' writer
    /// only looks at it from afar ([`std::sync::Weak`]), so it is changed in place.
    pub(super) fn world_mut(&mut self) -> &mut WorldFile {
        Arc::make_mut(&mut self.file)
    }

    /// The leash the creature is on.
    #[must_use]
    pub fn leash(&self) -> crate::mind::leash::Leash {
        self.file.hand.leash
    }
}
