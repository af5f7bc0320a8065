//! Development phases advancing by themselves (SPEC §12): each phase of
//! `species/phases.ron` may say, in its `advance`, what must have happened since the
//! creature entered it (time spent, lessons taught, miracle sightings, named events)
//! for it to move on to the next phase. The simulation checks once per turn.

use super::sighting::same_spot;
use super::{Event, Sim};
use crate::mind::desire::TURNS_PER_SECOND;
use crate::species::data::{PHASE_COUNT, PHASE_EVENTS, PhaseAdvance};

/// What the creature has done since it entered its present phase.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default, PartialEq)]
pub(super) struct PhaseProgress {
    /// The turn the phase began (0 for a creature the run started with).
    entered_turn: u64,
    /// Hand lessons that taught a plan.
    lessons: u32,
    /// Miracle sightings counted.
    sightings: u32,
    /// The named events that happened: bit `i` for `PHASE_EVENTS[i]`.
    events: u32,
}

impl PhaseProgress {
    /// Progress starting afresh at `turn`.
    pub(super) fn starting(turn: u64) -> Self {
        PhaseProgress { entered_turn: turn, ..PhaseProgress::default() }
    }

    /// True when every part of `advance` holds at `turn`.
    fn holds(&self, advance: &PhaseAdvance, turn: u64) -> bool {
        // Counted in whole turns so that 1200 turns are exactly 120 s.
        let seconds = turn.saturating_sub(self.entered_turn) as f64 / TURNS_PER_SECOND;
        seconds >= advance.after_seconds
            && self.lessons >= advance.lessons
            && self.sightings >= advance.sightings
            && advance.events.iter().all(|e| event_bit(e).is_some_and(|b| self.events & b != 0))
    }
}

/// What the creature has done in this run: plans begun, lessons learnt, seconds spent
/// on each desire's plans, and its progress in its present phase.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug)]
pub(super) struct Tally {
    pub(super) plans: u64,
    pub(super) lessons: u64,
    /// Seconds spent carrying out each desire's plans.
    pub(super) time_in: Vec<f64>,
    pub(super) progress: PhaseProgress,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            plans: 0,
            lessons: 0,
            time_in: vec![0.0; crate::names::Desire::COUNT],
            progress: PhaseProgress::default(),
        }
    }
}

/// The bit of the named phase event `name`, if it is one.
fn event_bit(name: &str) -> Option<u32> {
    PHASE_EVENTS.iter().position(|e| *e == name).map(|i| 1 << i)
}

impl Sim {
    /// Notes that the named phase event `what` happened (one of `PHASE_EVENTS`).
    pub(super) fn phase_event(&mut self, what: &'static str) {
        debug_assert!(PHASE_EVENTS.contains(&what));
        self.life.tally.progress.events |= event_bit(what).unwrap_or(0);
    }

    /// Notes a hand lesson that taught a plan.
    pub(super) fn phase_lesson(&mut self) {
        self.life.tally.progress.lessons = self.life.tally.progress.lessons.saturating_add(1);
    }

    /// Notes `counted` miracle sightings.
    pub(super) fn phase_sightings(&mut self, counted: u32) {
        self.life.tally.progress.sightings = self.life.tally.progress.sightings.saturating_add(counted);
    }

    /// Forgets the progress: the phase starts afresh now (a phase set by hand, a
    /// reloaded creature).
    pub(super) fn restart_phase(&mut self) {
        self.life.tally.progress = PhaseProgress::starting(self.life.clock.turns);
    }

    /// The end of a turn: notes where the creature stands, and moves it on to the next
    /// phase when its present phase's `advance` holds.
    pub(super) fn phase_turn(&mut self, now: f64) {
        // Once noted, leaving the pen need not be measured again until the phase
        // starts afresh.
        // A creature that has not moved since it was last measured inside the pen is
        // still inside.
        let me = self.village.objects[self.village.me].pos;
        let moved = self.life.going.inside_pen_at.is_none_or(|at| !same_spot(at, me));
        if moved && event_bit("left_pen").is_none_or(|b| self.life.tally.progress.events & b == 0) {
            let pen = &self.village.objects[self.village.pen];
            if (me.0 - pen.pos.0).hypot(me.1 - pen.pos.1) > pen.radius {
                self.phase_event("left_pen");
                self.life.going.inside_pen_at = None;
            } else {
                self.life.going.inside_pen_at = Some(me);
            }
        }
        let phase = usize::from(self.creature.phase);
        if phase + 1 >= PHASE_COUNT {
            return;
        }
        let Some(advance) = self.data.phases.get(phase).and_then(|p| p.advance.as_ref()) else { return };
        if !self.life.tally.progress.holds(advance, self.life.clock.turns) {
            return;
        }
        let next = phase + 1;
        self.creature.phase = next as u8;
        self.restart_phase();
        self.refresh_tables();
        let name = self.data.phases.get(next).map(|p| p.name.clone()).unwrap_or_default();
        self.emit(Event::Phase { t: now, phase: next as u8, name });
    }
}
