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
    #[serde(with = "byte_string")]
    pub bytes: Vec<u8>,
}

/// A snapshot's bytes written as one byte string. Postcard writes a `Vec<u8>` and a
/// byte string alike (the length, then the bytes), so files are the same either way;
/// read as a byte string, the bytes are copied at once rather than one by one, which
/// matters when a recording is read from a stream.
mod byte_string {
    use std::fmt;

    use serde::de::{Error, SeqAccess, Visitor};
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(bytes)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        struct Bytes;
        impl<'de> Visitor<'de> for Bytes {
            type Value = Vec<u8>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("the bytes of a snapshot")
            }
            fn visit_bytes<E: Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
                Ok(v.to_vec())
            }
            fn visit_byte_buf<E: Error>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
                Ok(v)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u8>, A::Error> {
                let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 20));
                while let Some(b) = seq.next_element()? {
                    out.push(b);
                }
                Ok(out)
            }
        }
        d.deserialize_byte_buf(Bytes)
    }
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
