//! Snapshots of the whole simulation (SPEC §17): in memory a [`Sim`] is its own
//! snapshot (`Clone`); as bytes it is [`Sim::freeze`]'s postcard, restored on the
//! species data the run had at that turn.
//!
//! A recording keeps its snapshots packed with LZ4, each against the one before it as
//! a dictionary: from one snapshot to the next most of the state (the trees, the
//! memories, the village's layout) has not changed, so a snapshot packs to about a
//! seventh of its bytes, and a simulated week stays in memory at a few hundred
//! megabytes. Every [`CHAIN`]th snapshot is packed on its own, so that unpacking any
//! one unpacks at most that many.
//!
//! Packing is most of what recording costs a run, so the [`Packer`] hands snapshots to
//! a worker thread of its own, a few at a time, and the run goes on at once (SPEC §17:
//! recording slows the simulation by at most a fifth). A snapshot not packed yet is
//! packed by whoever reads it first; the bytes are the same whichever thread packs them.

use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex, OnceLock};

use serde::{Deserialize, Serialize};

use crate::species::data::Data;
use crate::world::sim::{FreezeCache, Sim};

/// At most this many snapshots in a row are packed against the one before; the next
/// is packed on its own.
pub const CHAIN: usize = 32;

/// The whole simulation at one turn, packed.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub turn: u64,
    /// How many of the recording's changes had taken effect when it was taken: those
    /// after it are replayed on top.
    pub applied: usize,
    /// [`Sim::freeze`]'s bytes as an LZ4 block, its length first; against the previous
    /// snapshot's bytes when `chained`.
    #[serde(with = "packed_bytes")]
    packed: Packed,
    chained: bool,
}

/// A snapshot's LZ4 block: packed already, or the bytes to pack and the dictionary to
/// pack them against. Whoever first needs the block packs it (the packer's worker, or a
/// reader that comes first), and only once.
#[derive(Clone, Debug)]
struct Packed(Arc<Cell>);

#[derive(Debug)]
struct Cell {
    block: OnceLock<Vec<u8>>,
    /// The snapshot's bytes and, when chained, the previous snapshot's, until packed.
    input: Mutex<Option<Unpacked>>,
}

/// A snapshot's bytes, and the previous snapshot's when it is packed against them.
type Unpacked = (Arc<Vec<u8>>, Option<Arc<Vec<u8>>>);

impl Packed {
    fn ready(block: Vec<u8>) -> Packed {
        Packed(Arc::new(Cell { block: OnceLock::from(block), input: Mutex::new(None) }))
    }

    fn to_pack(bytes: Arc<Vec<u8>>, dict: Option<Arc<Vec<u8>>>) -> Packed {
        Packed(Arc::new(Cell { block: OnceLock::new(), input: Mutex::new(Some((bytes, dict))) }))
    }

    /// The block, packed first if nobody has yet.
    fn bytes(&self) -> &[u8] {
        self.0.block.get_or_init(|| {
            let input = self.0.input.lock().map(|mut i| i.take()).unwrap_or_default();
            match input {
                Some((bytes, Some(dict))) => lz4_flex::block::compress_prepend_size_with_dict(&bytes, &dict),
                Some((bytes, None)) => lz4_flex::block::compress_prepend_size(&bytes),
                // Set only with a block, or with its input: a block is packed once.
                None => Vec::new(),
            }
        })
    }
}

impl PartialEq for Packed {
    fn eq(&self, other: &Packed) -> bool {
        self.bytes() == other.bytes()
    }
}

impl Eq for Packed {}

/// How many snapshots the packer hands its worker at once: waking a thread costs more
/// than packing one snapshot, and a few snapshots' bytes wait unpacked at most.
const BATCH: usize = 8;

/// The packer's worker thread: it packs what it is handed in order and ends when every
/// packer handing it work is gone.
#[derive(Clone, Debug)]
struct Worker(Sender<Vec<Packed>>);

impl Worker {
    fn start() -> Option<Worker> {
        let (jobs, inbox) = channel::<Vec<Packed>>();
        let spawned = std::thread::Builder::new().name("snapshot-packer".to_owned()).spawn(move || {
            for batch in inbox {
                for packed in batch {
                    packed.bytes();
                }
            }
        });
        spawned.ok().map(|_| Worker(jobs))
    }
}

/// Packs snapshots as they are taken, each against the one before.
#[derive(Clone, Debug, Default)]
pub struct Packer {
    /// The bytes of the last snapshot packed, and how many in a row were chained.
    last: Option<(Arc<Vec<u8>>, usize)>,
    /// Snapshots not yet handed to the worker.
    waiting: Vec<Packed>,
    /// Started with the first batch; `None` after that only where no thread could be
    /// started, and then each snapshot is packed when first read.
    worker: Option<Worker>,
    /// What the last snapshot wrote that the next may copy.
    written: FreezeCache,
}

impl Drop for Packer {
    fn drop(&mut self) {
        self.hand_over();
    }
}

impl Packer {
    /// A packer that goes on after `snapshots` as the one that packed them would: the
    /// next snapshot is chained to the last of them, or packed on its own when the
    /// chain is full, so a run reopened or forked records as the straight run does.
    ///
    /// # Errors
    /// A last snapshot that does not unpack.
    pub fn following(snapshots: &[Snapshot]) -> Result<Packer, String> {
        let Some(last) = snapshots.len().checked_sub(1) else {
            return Ok(Packer::default());
        };
        let links = snapshots.iter().rev().take_while(|s| s.chained).count();
        Ok(Packer {
            last: Some((Arc::new(unpack(snapshots, last)?), links)),
            waiting: Vec::new(),
            worker: None,
            written: FreezeCache::default(),
        })
    }

    /// Packs the state of `sim` now, after `applied` changes.
    pub fn of(&mut self, sim: &Sim, applied: usize) -> Snapshot {
        let size = self.last.as_ref().map_or(0, |(bytes, _)| bytes.len());
        let bytes = sim.freeze_with(&mut self.written, Vec::with_capacity(size + size / 8));
        self.pack(sim.turns(), applied, bytes)
    }

    /// Packs `bytes`, the state at `turn` after `applied` changes. The snapshot comes
    /// back at once; its block is packed on the worker thread, or by the first reader.
    pub fn pack(&mut self, turn: u64, applied: usize, bytes: Vec<u8>) -> Snapshot {
        let bytes = Arc::new(bytes);
        let (dict, links) = match self.last.take() {
            Some((prev, links)) if links + 1 < CHAIN => (Some(prev), links + 1),
            _ => (None, 0),
        };
        let chained = dict.is_some();
        self.last = Some((Arc::clone(&bytes), links));
        let packed = Packed::to_pack(bytes, dict);
        self.waiting.push(packed.clone());
        if self.waiting.len() >= BATCH {
            self.hand_over();
        }
        Snapshot { turn, applied, packed, chained }
    }

    /// Hands the snapshots waiting to the worker, starting it first if need be.
    fn hand_over(&mut self) {
        if self.waiting.is_empty() {
            return;
        }
        if self.worker.is_none() {
            self.worker = Worker::start();
        }
        let batch = std::mem::take(&mut self.waiting);
        if let Some(worker) = &self.worker {
            // A worker gone leaves the batch to its readers, who pack what they read.
            let _ = worker.0.send(batch);
        }
    }
}

/// The largest state a snapshot may unpack to: that of the largest text file the
/// studio reads, far above any village's.
const MAX_STATE_BYTES: usize = crate::file_reader::MAX_TEXT_BYTES as usize;

/// The most bytes one byte of an LZ4 block unpacks to.
const MAX_LZ4_RATIO: usize = 255;

/// The bytes of snapshot `at` of `snapshots`: the nearest one packed on its own at or
/// before it, unpacked, and each after it on top.
///
/// # Errors
/// A chain that does not start with a snapshot packed on its own, or bytes that do not
/// unpack.
pub fn unpack(snapshots: &[Snapshot], at: usize) -> Result<Vec<u8>, String> {
    if at >= snapshots.len() {
        return Err(format!("the recording has no snapshot {at}"));
    }
    let first = snapshots[..=at]
        .iter()
        .rposition(|s| !s.chained)
        .ok_or("its snapshots do not start with one packed on its own")?;
    let mut bytes = snapshots[first].unpack_on(&[])?;
    for s in &snapshots[first + 1..=at] {
        bytes = s.unpack_on(&bytes)?;
    }
    Ok(bytes)
}

/// The simulation of snapshot `at` of `snapshots`, on `data`.
///
/// # Errors
/// Bytes that do not unpack or decode, or a state that does not fit `data`.
pub fn restore(snapshots: &[Snapshot], at: usize, data: Arc<Data>) -> Result<Sim, String> {
    let s = snapshots.get(at).ok_or_else(|| format!("the recording has no snapshot {at}"))?;
    let sim = from_bytes(&unpack(snapshots, at)?, data)?;
    if sim.turns() == s.turn {
        Ok(sim)
    } else {
        Err(format!("the snapshot of turn {} holds turn {}", s.turn, sim.turns()))
    }
}

/// How many snapshots in a row at most are chained in `snapshots`, and the first of the
/// longest run's turn; a recording holding more than [`CHAIN`] is refused.
pub(super) fn longest_chain(snapshots: &[Snapshot]) -> (usize, u64) {
    let (mut run, mut best, mut at) = (0usize, 0usize, 0u64);
    for s in snapshots {
        run = if s.chained { run + 1 } else { 0 };
        if run > best {
            (best, at) = (run, s.turn);
        }
    }
    (best, at)
}

impl Snapshot {
    /// Its bytes, unpacked against `dict` (the previous snapshot's bytes when chained).
    fn unpack_on(&self, dict: &[u8]) -> Result<Vec<u8>, String> {
        let damaged = |why: String| format!("the snapshot of turn {} does not unpack: {why}", self.turn);
        let packed = self.packed.bytes();
        let size = packed.first_chunk::<4>().map(|b| u32::from_le_bytes(*b) as usize);
        match size {
            None => return Err(damaged("it is cut off".to_owned())),
            Some(n) if n > MAX_STATE_BYTES => {
                return Err(damaged(format!("it claims {n} bytes, over the {MAX_STATE_BYTES} a state may take")));
            }
            // Each byte of an LZ4 block stands for at most 255 bytes unpacked (a match's
            // length grows by 255 per byte), so a larger claim is a lie, refused before
            // anything is set aside for it.
            Some(n) if n > packed.len().saturating_mul(MAX_LZ4_RATIO) => {
                return Err(damaged(format!(
                    "it claims {n} bytes from a block of {} bytes; LZ4 unpacks at most {MAX_LZ4_RATIO} bytes from each",
                    packed.len()
                )));
            }
            Some(_) => {}
        }
        lz4_flex::block::decompress_size_prepended_with_dict(packed, dict).map_err(|e| damaged(e.to_string()))
    }

    /// Whether it is packed against the snapshot before it.
    #[must_use]
    pub fn chained(&self) -> bool {
        self.chained
    }

    /// How many bytes it takes packed.
    #[must_use]
    pub fn packed_len(&self) -> usize {
        self.packed.bytes().len()
    }
}

/// A snapshot's block written as a byte string, waiting for it first if it is still
/// being packed.
mod packed_bytes {
    use serde::{Deserializer, Serializer};

    use super::{Packed, byte_string};

    pub fn serialize<S: Serializer>(packed: &Packed, s: S) -> Result<S::Ok, S::Error> {
        byte_string::serialize(packed.bytes(), s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Packed, D::Error> {
        byte_string::deserialize(d).map(Packed::ready)
    }
}

/// A snapshot's bytes written as one byte string. Postcard writes a `Vec<u8>` and a
/// byte string alike (the length, then the bytes), so files are the same either way;
/// read as a byte string, the bytes are copied at once rather than one by one, which
/// matters when a recording is read from a stream.
pub(crate) mod byte_string {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_claiming_more_bytes_than_its_block_can_hold_is_refused_before_unpacking() {
        let mut block = (60u32 << 20).to_le_bytes().to_vec();
        block.extend([0x1f, 0, 1, 0, 0, 0]);
        let snapshot = Snapshot { turn: 40, applied: 0, packed: Packed::ready(block), chained: false };
        let said = snapshot.unpack_on(&[]).unwrap_err();
        assert_eq!(
            said,
            "the snapshot of turn 40 does not unpack: it claims 62914560 bytes from a block of 10 bytes; LZ4 unpacks at most 255 bytes from each"
        );
        // A true claim still unpacks.
        let bytes = vec![7u8; 100_000];
        let snapshot = Snapshot {
            turn: 0,
            applied: 0,
            packed: Packed::ready(lz4_flex::block::compress_prepend_size(&bytes)),
            chained: false,
        };
        assert_eq!(snapshot.unpack_on(&[]).unwrap(), bytes);
    }
}
