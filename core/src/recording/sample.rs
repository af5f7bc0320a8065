//! Values over a recorded run: the recording seeked at chosen turns and each watched
//! value measured there, for plots (the Watches panel, Compare's curves).

use super::recorder::Recorder;
use crate::watched::Watched;

/// Values at one turn: the turn, its simulated second, and each watched value (`None`
/// where it had none).
pub type Sample = (u64, f64, Vec<Option<f64>>);

/// `count` evenly spaced turns from the first to `end` (`end` always among them; every
/// turn when the run is shorter).
pub(super) fn even_turns(end: u64, count: u64) -> impl Iterator<Item = u64> {
    let every = (end / count.max(1)).max(1);
    (0..end).step_by(usize::try_from(every).unwrap_or(usize::MAX)).chain([end])
}

impl Recorder {
    /// `watched` at `count` evenly spaced turns from the first to the newest (the
    /// newest always among them; every turn when the run is shorter), on a copy: the
    /// run's own seek cache is left as it was.
    ///
    /// # Errors
    /// A snapshot that does not restore.
    pub fn sample(&self, watched: &[Watched], count: u64) -> Result<Vec<Sample>, String> {
        self.clone().sample_at(watched, even_turns(self.sim().turns(), count))
    }

    /// `watched` at each of `turns` (none past the newest), seeking in this recorder.
    ///
    /// # Errors
    /// A snapshot that does not restore, or a turn past the newest.
    pub fn sample_at(
        &mut self,
        watched: &[Watched],
        turns: impl IntoIterator<Item = u64>,
    ) -> Result<Vec<Sample>, String> {
        turns
            .into_iter()
            .map(|t| {
                let sim = self.seek(t)?;
                Ok((t, sim.time(), watched.iter().map(|w| w.value(&sim)).collect()))
            })
            .collect()
    }
}
