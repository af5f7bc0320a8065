//! Snapshots of the whole simulation (SPEC §17): in memory a [`Sim`] is its own
//! snapshot (`Clone`); as bytes it is [`Sim::freeze`]'s postcard, restored on the
//! species data the run had at that turn. A recording keeps its snapshots as these
//! plain bytes (writing them is the one cost recording adds to the run) and its file
//! compresses them all together.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::data::Data;
use crate::world::sim::Sim;

/// The whole simulation at one turn, as bytes.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub turn: u64,
    /// How many of the recording's changes had taken effect when it was taken: those
    /// after it are replayed on top.
    pub applied: usize,
    /// [`Sim::freeze`]'s bytes.
    pub bytes: Vec<u8>,
}

impl Snapshot {
    /// The snapshot of `sim` now, after `applied` changes.
    #[must_use]
    pub fn of(sim: &Sim, applied: usize) -> Snapshot {
        Snapshot { turn: sim.turns(), applied, bytes: to_bytes(sim) }
    }

    /// The simulation again, on `data`.
    ///
    /// # Errors
    /// Bytes that do not decode, or a state that does not fit `data`.
    pub fn restore(&self, data: Arc<Data>) -> Result<Sim, String> {
        let sim = from_bytes(&self.bytes, data)?;
        if sim.turns() == self.turn {
            Ok(sim)
        } else {
            Err(format!("the snapshot of turn {} holds turn {}", self.turn, sim.turns()))
        }
    }
}

/// The state of `sim` as bytes.
#[must_use]
pub fn to_bytes(sim: &Sim) -> Vec<u8> {
    sim.freeze()
}

/// A simulation from [`to_bytes`], running on `data`.
///
/// # Errors
/// Bytes that are not a snapshot, or a state that does not fit `data`.
pub fn from_bytes(bytes: &[u8], data: Arc<Data>) -> Result<Sim, String> {
    Sim::thaw(data, bytes)
}
