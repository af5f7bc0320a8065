//! The recording file (SPEC §17, `NAME.recording`): the magic bytes, the format version
//! as a little-endian `u32`, then the [`Recording`] as postcard in Snappy's framed form,
//! whose checksums catch a damaged body. Version 3 adds the bookmarks a person named;
//! a version 2 file, which keeps the snapshots packed as they are in memory
//! ([`super::snapshot`]) as version 3 does, is read with none; a version 1 file, whose
//! snapshots are plain bytes, is read and packed as it is read. Another version, a cut-off or damaged file
//! is refused with what is wrong, never a panic; saves are atomic. A file is read as a
//! stream, never whole in memory.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::snapshot::Snapshot;
use crate::creature::lesson::Taught;
use crate::error::{LoadError, LoadResult};
use crate::mind::observation::Attempt;
use crate::names::Desire;
use crate::world::sim::{Act, Event, Why};

/// The first bytes of every recording.
pub const MAGIC: &[u8; 8] = b"CSREC\0\r\n";

/// The largest single text or snapshot a recording may hold, uncompressed: four times
/// the largest text file the studio reads. Reading sets this much aside, but only the
/// pages the largest item reaches are ever touched.
const MAX_ITEM_BYTES: usize = 4 * crate::file_reader::MAX_TEXT_BYTES as usize;

/// A recording's body as it is decompressed, keeping the first error of the frames and
/// counting the bytes handed on.
struct Decompressed<R: std::io::Read> {
    frames: snap::read::FrameDecoder<R>,
    error: Option<String>,
    read: u64,
}

impl<R: std::io::Read> std::io::Read for Decompressed<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.frames.read(buf).inspect_err(|e| {
            self.error.get_or_insert_with(|| e.to_string());
        })?;
        self.read += n as u64;
        Ok(n)
    }
}

/// The format version this build writes and reads.
pub const VERSION: u32 = 3;

/// The texts of the files a run starts from (or reloads), so that it plays again without
/// the project folder.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Sources {
    /// The species folder: (file name, text) for every file of [`Data::file_names`](crate::species::data::Data::file_names).
    pub species: Vec<(String, String)>,
    /// The creature save the run started with (RON).
    pub creature: String,
    /// The world file (RON).
    pub world: String,
}

/// A file that changed under the running simulation, by its new text.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Reload {
    /// The species folder, every file (name, text).
    Species(Vec<(String, String)>),
    /// The creature save.
    Creature(String),
    /// The world file.
    World(String),
}

impl Reload {
    /// Which file it was, in a word.
    #[must_use]
    pub fn what(&self) -> &'static str {
        match self {
            Reload::Species(_) => "species",
            Reload::Creature(_) => "creature",
            Reload::World(_) => "world",
        }
    }
}

/// A change between two turns: what the player or the studio did to the running
/// creature, or a reload.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Change {
    Input(Act),
    Reload(Reload),
}

/// Something at a turn.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Timed<T> {
    pub turn: u64,
    pub what: T,
}

/// What happened during the run, for markers and comparisons.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Happening {
    /// The creature started a plan (SPEC §4).
    Plan { desire: Desire, action: String, object: String, target: String, why: Why },
    /// The hand let go (SPEC §5–§7).
    Lesson { total: f64, lesson: Option<f64>, taught: Option<Taught> },
    /// A skill learnt by watching (SPEC §10).
    Skill { skill: String },
    /// A miracle tried (SPEC §10).
    Miracle { miracle: String, result: Attempt },
    /// The creature moved on to a phase by itself (SPEC §12).
    Phase { phase: u8, name: String },
    /// A file was reloaded.
    Reload { what: String },
}

impl Happening {
    /// The happening an event of the simulation is, for those a recording keeps: plan
    /// changes, lessons, skills, miracles tried and phases reached.
    #[must_use]
    pub fn of(e: &Event) -> Option<Happening> {
        Some(match e {
            Event::Plan { desire, action, object, target, why, .. } => Happening::Plan {
                desire: *desire,
                action: action.clone(),
                object: object.clone(),
                target: target.clone(),
                why: *why,
            },
            Event::Lesson { total, lesson, taught, .. } => {
                Happening::Lesson { total: *total, lesson: *lesson, taught: taught.clone() }
            }
            Event::Skill { skill, .. } => Happening::Skill { skill: skill.clone() },
            Event::Miracle { miracle, result, .. } => Happening::Miracle { miracle: miracle.clone(), result: *result },
            Event::Phase { phase, name, .. } => Happening::Phase { phase: *phase, name: name.clone() },
            _ => return None,
        })
    }
}

/// A recorded run (SPEC §17).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Recording {
    pub seed: u64,
    /// The files the run started from.
    pub start: Sources,
    /// The last turn recorded.
    pub turns: u64,
    /// Inputs and reloads in the order they took effect; each took effect after the turn
    /// it names and before the next.
    pub changes: Vec<Timed<Change>>,
    /// Snapshots by turn, the first at turn 0, at most [`SNAPSHOT_TURNS`](super::SNAPSHOT_TURNS) apart.
    pub snapshots: Vec<Snapshot>,
    /// What happened, by turn.
    pub events: Vec<Timed<Happening>>,
    /// Turns a person named, by turn (version 3 on; none in older files).
    pub bookmarks: Vec<Timed<String>>,
}

impl Recording {
    /// How many inputs it holds.
    #[must_use]
    pub fn input_count(&self) -> usize {
        self.changes.iter().filter(|c| matches!(c.what, Change::Input(_))).count()
    }

    /// How many reloads it holds.
    #[must_use]
    pub fn reload_count(&self) -> usize {
        self.changes.len() - self.input_count()
    }

    /// The file's bytes: magic, version, the framed Snappy of the postcard body.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        use std::io::Write;
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&VERSION.to_le_bytes());
        // The body goes straight into the compressor, never whole in memory: a week's
        // snapshots are gigabytes before compression. Plain data that postcard always
        // writes; Snappy's writer into a Vec cannot fail.
        let w = snap::write::FrameEncoder::new(out);
        match postcard::to_io(self, w) {
            Ok(mut w) => {
                let _ = w.flush();
                w.into_inner().unwrap_or_default()
            }
            Err(_) => Vec::new(),
        }
    }

    /// Reads a recording from the bytes of `file` (named in errors).
    ///
    /// # Errors
    /// Not a recording, another version, a cut-off or damaged body.
    pub fn from_bytes(file: &str, bytes: &[u8]) -> Result<Recording, LoadError> {
        Self::from_reader(file, bytes)
    }

    /// Reads a recording from `input`, the bytes of `file` (named in errors), as a
    /// stream: what is in memory is the recording, never the file's bytes besides.
    ///
    /// # Errors
    /// Not a recording, another version, a cut-off or damaged body.
    pub fn from_reader(file: &str, mut input: impl std::io::Read) -> Result<Recording, LoadError> {
        let bad = |m: String| LoadError::whole_file(file, m);
        let mut head = [0u8; MAGIC.len() + 4];
        if input.read_exact(&mut head).is_err() || &head[..MAGIC.len()] != MAGIC {
            return Err(bad("not a recording: it does not start with a recording's magic bytes".to_owned()));
        }
        let mut v = [0u8; 4];
        v.copy_from_slice(&head[MAGIC.len()..]);
        let version = u32::from_le_bytes(v);
        if version != VERSION && version != v2::VERSION && version != v1::VERSION {
            let age = if version < VERSION { "an older" } else { "a newer" };
            return Err(bad(format!(
                "recording format version {version} is {age} one; this build reads versions {} to {VERSION}",
                v1::VERSION
            )));
        }
        // Read from the decompressor as it goes, never the whole body at once. Postcard
        // reads each text and snapshot through `scratch`, which must hold the largest.
        let mut body = Decompressed { frames: snap::read::FrameDecoder::new(input), error: None, read: 0 };
        let mut scratch = vec![0u8; MAX_ITEM_BYTES];
        let read = if version == VERSION {
            postcard::from_io((&mut body, &mut scratch[..])).map(|(rec, _)| rec)
        } else if version == v2::VERSION {
            v2::read(&mut body, &mut scratch[..])
        } else {
            v1::read(&mut body, &mut scratch[..])
        };
        let rec = match read {
            Ok(rec) => rec,
            // The decompressor's own words (a bad checksum, a frame cut short) say more
            // than postcard's "unexpected end".
            Err(e) => {
                let why = body.error.take().unwrap_or_else(|| e.to_string());
                return Err(bad(format!("the recording is cut off or damaged: {why}")));
            }
        };
        // Postcard reads no further than the recording's last byte. Bytes after it are not
        // part of it (a count in the file too small, or a file glued to another) and a
        // damaged frame after it is damage all the same: either is refused, not read in
        // part.
        let end = body.read;
        let after = std::io::copy(&mut body, &mut std::io::sink())
            .map_err(|e| bad(format!("the recording is cut off or damaged: {e}")))?;
        if after > 0 {
            return Err(bad(format!(
                "{after} bytes after the end of the recording, from byte {end} of its body (uncompressed); expected the recording to end there"
            )));
        }
        rec.check().map_err(|m| bad(format!("the recording does not hold together: {m}")))?;
        Ok(rec)
    }

    /// Reads a recording file: only a regular file, at most [`Limit::Recording`](crate::file_reader::Limit::Recording).
    pub fn load(path: &Path) -> LoadResult<Recording> {
        let name = path.display().to_string();
        let (file, _) = crate::file_reader::open(path, crate::file_reader::Limit::Recording).map_err(|e| vec![e])?;
        let limit = crate::file_reader::Limit::Recording.bytes();
        Self::from_reader(&name, std::io::BufReader::with_capacity(1 << 16, std::io::Read::take(file, limit)))
            .map_err(|e| vec![e])
    }

    /// Whether the file at `path` starts as a recording does (its magic bytes).
    #[must_use]
    pub fn is_recording(path: &Path) -> bool {
        use std::io::Read;
        let mut head = [0u8; MAGIC.len()];
        crate::file_reader::open(path, crate::file_reader::Limit::Recording)
            .is_ok_and(|(mut f, _)| f.read_exact(&mut head).is_ok())
            && &head == MAGIC
    }

    /// Writes the recording atomically, under `policy` ([`crate::file_writer`]).
    pub fn save(&self, path: &Path, policy: &crate::file_writer::Policy) -> Result<(), String> {
        crate::file_writer::write(path, &self.to_bytes(), policy)
    }

    /// The order a recording keeps: snapshots from turn 0 in order, none past the end,
    /// changes and events in turn order, none past the end; and the turns it claims
    /// covered by its snapshots (see [`Recording::check_coverage`]).
    pub(super) fn check(&self) -> Result<(), String> {
        if self.snapshots.first().is_none_or(|s| s.turn != 0) {
            return Err("it has no snapshot at turn 0".to_owned());
        }
        if self.snapshots[0].chained() {
            return Err("its first snapshot is packed against one before it, which it lacks".to_owned());
        }
        let (links, at) = super::snapshot::longest_chain(&self.snapshots);
        if links >= super::snapshot::CHAIN {
            return Err(format!(
                "{links} snapshots in a row up to turn {at} are packed each against the one before; at most {} are",
                super::snapshot::CHAIN - 1
            ));
        }
        let in_order =
            |turns: Vec<u64>| turns.windows(2).all(|w| w[0] <= w[1]) && turns.iter().all(|t| *t <= self.turns);
        let snapshots_apart = self.snapshots.windows(2).all(|w| w[0].turn < w[1].turn && w[0].applied <= w[1].applied);
        if !in_order(self.snapshots.iter().map(|s| s.turn).collect())
            || !snapshots_apart
            || self.snapshots.iter().any(|s| s.applied > self.changes.len())
        {
            return Err("its snapshots are out of order or past its end".to_owned());
        }
        if !in_order(self.changes.iter().map(|c| c.turn).collect()) {
            return Err("its inputs are out of order or past its end".to_owned());
        }
        if !in_order(self.events.iter().map(|e| e.turn).collect()) {
            return Err("its events are out of order or past its end".to_owned());
        }
        if !in_order(self.bookmarks.iter().map(|b| b.turn).collect()) {
            return Err("its bookmarks are out of order or past its end".to_owned());
        }
        self.check_coverage()
    }

    /// The turns a recording claims are covered by its snapshots (SPEC §17: one at least
    /// every 10 simulated seconds). The recorder takes a snapshot at the start of every
    /// step from a multiple of [`SNAPSHOT_TURNS`](super::SNAPSHOT_TURNS), and a fork keeps
    /// those up to its turn, so no two are further apart than that, nor is the end from
    /// the last. Seeking, opening and comparing simulate at most that far from a
    /// snapshot; a recording claiming more turns than its snapshots cover would have
    /// them simulate without end. Each snapshot also counts the changes made before its
    /// turn among those it has taken, and none made after it.
    fn check_coverage(&self) -> Result<(), String> {
        let every = super::SNAPSHOT_TURNS;
        let rule = format!(
            "a recording keeps a snapshot at least every {every} turns ({} simulated seconds)",
            every as f64 / crate::mind::desire::TURNS_PER_SECOND
        );
        if let Some(w) = self.snapshots.windows(2).find(|w| w[1].turn - w[0].turn > every) {
            return Err(format!(
                "its snapshots at turns {} and {} are {} turns apart; {rule}",
                w[0].turn,
                w[1].turn,
                w[1].turn - w[0].turn
            ));
        }
        if let Some(last) = self.snapshots.last()
            && self.turns - last.turn > every
        {
            return Err(format!(
                "it claims {} turns but its last snapshot is at turn {}, {} turns before its end; {rule}",
                self.turns,
                last.turn,
                self.turns - last.turn
            ));
        }
        for s in &self.snapshots {
            let before = self.changes.partition_point(|c| c.turn < s.turn);
            let by = self.changes.partition_point(|c| c.turn <= s.turn);
            if !(before..=by).contains(&s.applied) {
                return Err(format!(
                    "its snapshot of turn {} counts {} changes taken, where {before} to {by} were made by then",
                    s.turn, s.applied
                ));
            }
        }
        Ok(())
    }
}

/// Version 1 of the recording file, read only: the same body as version 2 but with each
/// snapshot's state as plain bytes. Reading packs them as the recorder does, so that a
/// recording made by an older build opens, seeks and forks as a new one.
mod v1 {
    use serde::Deserialize;

    use super::{Change, Happening, Recording, Reload, Sources, Timed};
    use crate::mind::hand::Slap;
    use crate::mind::leash::Leash;
    use crate::names::Desire;
    use crate::recording::snapshot::Packer;
    use crate::world::sim::Act;

    /// The format version these files carry.
    pub const VERSION: u32 = 1;

    /// A version 1 snapshot: the state's bytes as they are.
    #[derive(Deserialize)]
    struct Plain {
        turn: u64,
        applied: usize,
        #[serde(with = "crate::recording::snapshot::byte_string")]
        bytes: Vec<u8>,
    }

    /// A version 1 change: the player's touches came in three shapes then.
    #[derive(Deserialize)]
    enum OldChange {
        Input(OldInput),
        Reload(Reload),
    }

    #[derive(Deserialize)]
    enum OldInput {
        Act(OldAct),
        Hand(OldHand),
        Place { x: f64, y: f64 },
    }

    #[derive(Deserialize)]
    enum OldAct {
        Plan { desire: Desire, action: String, object: String, target: Option<String> },
        Hold,
        Stroke,
        Slap(Slap),
        Release,
        Leash(Leash),
        Miracle { name: String },
        Phase(u8),
        Desire { name: Desire, value: f64 },
    }

    #[derive(Deserialize)]
    enum OldHand {
        MoveTo(f64, f64),
        Present(bool),
        Hold,
        Stroke,
        Slap(Slap),
        Release,
        Give(String),
        Cast { miracle: String, on: String },
        Deed { desire: Desire, action: String, object: String },
        Order(String),
    }

    impl From<OldChange> for Change {
        fn from(c: OldChange) -> Change {
            match c {
                OldChange::Reload(r) => Change::Reload(r),
                OldChange::Input(OldInput::Place { x, y }) => Change::Input(Act::Place { x, y }),
                OldChange::Input(OldInput::Act(a)) => Change::Input(match a {
                    OldAct::Plan { desire, action, object, target } => Act::Plan { desire, action, object, target },
                    OldAct::Hold => Act::Hold,
                    OldAct::Stroke => Act::Stroke,
                    OldAct::Slap(s) => Act::Slap(s),
                    OldAct::Release => Act::Release,
                    OldAct::Leash(l) => Act::Leash(l),
                    OldAct::Miracle { name } => Act::Miracle { name, on: None },
                    OldAct::Phase(p) => Act::Phase(p),
                    OldAct::Desire { name, value } => Act::Desire { name, value },
                }),
                OldChange::Input(OldInput::Hand(h)) => Change::Input(match h {
                    OldHand::MoveTo(x, y) => Act::Hand { x, y },
                    OldHand::Present(on) => Act::Present(on),
                    OldHand::Hold => Act::Hold,
                    OldHand::Stroke => Act::Stroke,
                    OldHand::Slap(s) => Act::Slap(s),
                    OldHand::Release => Act::Release,
                    OldHand::Give(object) => Act::Give { object },
                    OldHand::Cast { miracle, on } => Act::Miracle { name: miracle, on: Some(on) },
                    OldHand::Deed { desire, action, object } => Act::Deed { action, object, desire: Some(desire) },
                    OldHand::Order(object) => Act::Order { object },
                }),
            }
        }
    }

    /// A version 1 body, field for field.
    #[derive(Deserialize)]
    struct Body {
        seed: u64,
        start: Sources,
        turns: u64,
        changes: Vec<Timed<OldChange>>,
        snapshots: Vec<Plain>,
        events: Vec<Timed<Happening>>,
    }

    /// Reads a version 1 body from `input` (postcard, each item through `scratch`) and
    /// packs its snapshots.
    pub(super) fn read(input: impl std::io::Read, scratch: &mut [u8]) -> postcard::Result<Recording> {
        let (body, _): (Body, _) = postcard::from_io((input, scratch))?;
        let mut packer = Packer::default();
        let snapshots = body.snapshots.into_iter().map(|s| packer.pack(s.turn, s.applied, s.bytes)).collect();
        Ok(Recording {
            seed: body.seed,
            start: body.start,
            turns: body.turns,
            changes: body.changes.into_iter().map(|c| Timed { turn: c.turn, what: c.what.into() }).collect(),
            snapshots,
            events: body.events,
            bookmarks: Vec::new(),
        })
    }
}

/// Version 2: the same body without bookmarks, read as it is.
mod v2 {
    use serde::Deserialize;

    use super::{Change, Happening, Recording, Sources, Timed};
    use crate::recording::snapshot::Snapshot;

    pub const VERSION: u32 = 2;

    /// A version 2 body, field for field.
    #[derive(Deserialize)]
    struct Body {
        seed: u64,
        start: Sources,
        turns: u64,
        changes: Vec<Timed<Change>>,
        snapshots: Vec<Snapshot>,
        events: Vec<Timed<Happening>>,
    }

    /// Reads a version 2 body from `input` (postcard, each item through `scratch`).
    pub(super) fn read(input: impl std::io::Read, scratch: &mut [u8]) -> postcard::Result<Recording> {
        let (b, _): (Body, _) = postcard::from_io((input, scratch))?;
        let Body { seed, start, turns, changes, snapshots, events } = b;
        Ok(Recording { seed, start, turns, changes, snapshots, events, bookmarks: Vec::new() })
    }
}
