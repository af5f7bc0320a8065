//! A part of the recorded run played again, turn by turn: each turn's simulation shown
//! with that turn's events, as the run had them. Finding turns (SPEC §19) plays the
//! whole run; the tree graph's heat plays the last simulated seconds before the turn
//! shown.

use super::recorder::Recorder;
use super::seek::{apply_due, data_after, reforce, replay};
use super::snapshot::restore;
use crate::world::sim::{Event, Sim};

impl Recorder {
    /// Plays turns `from` to `to` (both included, none past the newest) again, showing
    /// `visit` each turn's simulation and events. The recorded changes of a turn
    /// (inputs, reloads) belong to it, as a seek to it takes them. The recorder's own
    /// seek cache is left as it was.
    ///
    /// # Errors
    /// A turn past the newest, or a snapshot that does not restore.
    pub fn play_over(&self, from: u64, to: u64, mut visit: impl FnMut(&Sim, &[Event])) -> Result<(), String> {
        let rec = &self.rec;
        if to > rec.turns {
            return Err(format!("turn {to} is past the recording's end at turn {}", rec.turns));
        }
        let (mut sim, mut applied) = if from == 0 {
            let first = rec.snapshots.first().ok_or("the recording has no snapshot at turn 0")?;
            let mut sim = restore(&rec.snapshots, 0, data_after(&self.start_data, &self.parsed, first.applied))?;
            reforce(rec, first.applied, &mut sim);
            sim.record(true);
            (sim, first.applied)
        } else {
            // The turn before, with its changes and events taken: the step to `from`
            // and that turn's changes make its events.
            let (mut sim, applied) = replay(rec, &self.start_data, &self.parsed, None, from - 1)?;
            sim.record(true);
            sim.step();
            (sim, applied)
        };
        loop {
            apply_due(rec, &self.parsed, &mut sim, &mut applied);
            let events = sim.take_events();
            visit(&sim, &events);
            if sim.turns() >= to {
                return Ok(());
            }
            sim.step();
        }
    }
}
