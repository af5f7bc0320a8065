//! Recordings (SPEC §17): a run kept so that it plays again bit for bit without the
//! project folder, and the editor's timeline over it.
//!
//! - `snapshot`: the whole simulation as bytes, and back;
//! - `format`: the recording and its file (version, atomic save, clear errors);
//! - `recorder`: a running simulation that records as it goes ([`Recorder`]);
//! - `changes`: an input or a reload done to the simulation, live or in a replay;
//! - `seek`: the simulation at any recorded turn;
//! - `fork`: a new run from a turn, keeping or dropping the recorded future, with
//!   changed data;
//! - `markers`: the timeline's marks, one line each;
//! - `diff`: what differs between two recordings, and from when;
//! - `state_diff`: what differs between two runs told as states (a game's run, a
//!   recording read so), by the same rules;
//! - `sources`: the files a scenario runs from, as text, and `scenario run --record`.
//!
//! The editor's timeline on top of it:
//! - record: [`Recorder::new`] around a fresh `Sim` with the [`Sources`] it was built
//!   from (or [`Recorder::from_sources`]); each frame [`Recorder::run`], whatever the
//!   player does (an `Act`: the hand, a place, a plan) through [`Recorder::act`], file
//!   changes through [`Recorder::reload_species`], [`Recorder::reload_creature`],
//!   [`Recorder::reload_world`]; [`Recorder::forward_events`] and
//!   [`Recorder::take_events`] for the log;
//! - read: [`Recording::markers`] (turn, kind, one line), [`Recorder::seek`] (a `Sim`
//!   at any turn; a `Sim` clone is the cheap in-memory snapshot);
//! - branch: [`Recorder::fork`] with [`Future::Keep`] or [`Future::Drop`] (the old
//!   recorder stays as it was: keep it as the other branch), [`Recorder::fork_with`]
//!   for changed files from a turn on, [`diff()`] between two;
//! - files: [`Recording::save`] (atomic), [`Recording::load`], [`Recorder::open`].

mod changes;
pub mod diff;
mod find;
pub mod fork;
pub mod format;
pub mod markers;
mod play_over;
pub mod recorder;
mod sample;
pub mod seek;
pub mod snapshot;
pub mod sources;
pub mod state_diff;

pub use diff::{Diff, diff};
pub use fork::Future;
pub use format::{Change, Happening, Recording, Reload, Sources, Timed, VERSION};
pub use markers::{Marker, MarkerKind};
pub use recorder::Recorder;
pub use sample::Sample;
pub use seek::turn_of_seconds;
pub use snapshot::Snapshot;
pub use sources::run_scenario_recorded;

/// Turns between snapshots: 10 simulated seconds (SPEC §17: at least every 10 s).
pub const SNAPSHOT_TURNS: u64 = 100;
