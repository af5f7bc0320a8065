//! Finding turns (SPEC §19, `recording find`): the whole recorded run played again
//! from its first snapshot, every turn shown to a condition's [`Watch`] with that
//! turn's events, as the run had them.

use super::recorder::Recorder;
use crate::cond::{Cond, Watch};

impl Recorder {
    /// Every turn of the recording at which `cond` fired, in order. The recorded
    /// changes of a turn (inputs, reloads) belong to it, as a seek to it takes them.
    ///
    /// # Errors
    /// A first snapshot that does not restore.
    pub fn find(&self, cond: &Cond) -> Result<Vec<u64>, String> {
        let mut watch = Watch::new(cond.clone());
        let mut hits = Vec::new();
        self.play_over(0, self.rec.turns, |sim, events| {
            if watch.fired(sim, events) {
                hits.push(sim.turns());
            }
        })?;
        Ok(hits)
    }
}
