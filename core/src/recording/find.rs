//! Finding turns (SPEC §19, `recording find`): the whole recorded run played again
//! from its first snapshot, every turn shown to a condition's [`Watch`] with that
//! turn's events, as the run had them.

use super::recorder::Recorder;
use super::seek::{apply_due, data_after};
use super::snapshot::restore;
use crate::cond::{Cond, Watch};

impl Recorder {
    /// Every turn of the recording at which `cond` fired, in order. The recorded
    /// changes of a turn (inputs, reloads) belong to it, as a seek to it takes them.
    ///
    /// # Errors
    /// A first snapshot that does not restore.
    pub fn find(&self, cond: &Cond) -> Result<Vec<u64>, String> {
        let rec = &self.rec;
        let first = rec.snapshots.first().ok_or("the recording has no snapshot at turn 0")?;
        let mut applied = first.applied;
        let mut sim = restore(&rec.snapshots, 0, data_after(&self.start_data, &self.parsed, applied))?;
        sim.record(true);
        let mut watch = Watch::new(cond.clone());
        let mut hits = Vec::new();
        loop {
            apply_due(rec, &self.parsed, &mut sim, &mut applied);
            let events = sim.take_events();
            if watch.fired(&sim, &events) {
                hits.push(sim.turns());
            }
            if sim.turns() >= rec.turns {
                return Ok(hits);
            }
            sim.step();
        }
    }
}
