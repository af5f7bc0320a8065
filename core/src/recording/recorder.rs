//! The recorder (SPEC §17): a running simulation that keeps what it needs to play again
//! as it goes: every input and reload with its turn, what happened, and a snapshot every
//! [`SNAPSHOT_TURNS`]. The live preview drives one every frame; `scenario run --record`
//! drives one through [`Drive`].
//!
//! Snapshots are taken at the start of a step, so that all the changes of the turn
//! before are in them, and only every [`SNAPSHOT_TURNS`] turns; freezing and packing
//! the state is the one cost recording adds to a turn besides keeping events.

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

use super::SNAPSHOT_TURNS;
use super::changes::{Parsed, apply_parsed, parse_reload};
use super::format::{Change, Happening, Recording, Reload, Sources, Timed};
use super::seek::{replay, turn_of_seconds};
use super::snapshot::Packer;
use crate::creature::Creature;
use crate::creature::lesson::Lesson;
use crate::error::LoadResult;
use crate::scenario::run::Drive;
use crate::species::data::Data;
use crate::world::file::WorldFile;
use crate::world::sim::{Act, Event, Sim};

/// A running simulation and its recording so far.
#[derive(Clone, Debug)]
pub struct Recorder {
    pub(super) rec: Recording,
    pub(super) sim: Sim,
    /// The species data the run started with.
    pub(super) start_data: Arc<Data>,
    /// Every reload parsed, by its index in `rec.changes`.
    pub(super) parsed: BTreeMap<usize, Parsed>,
    /// Recorded inputs still to fire at their turns (a fork that keeps its future).
    pub(super) pending: VecDeque<Timed<Act>>,
    /// Hand the simulation's events on to [`Recorder::take_events`] too.
    pub(super) forward: bool,
    pub(super) fresh: Vec<Event>,
    /// The simulation of the last seek and the changes it has taken: a later seek
    /// between it and the next snapshot goes on from it.
    pub(super) cache: Option<(Sim, usize)>,
    /// Packs the snapshots still to come against the last one taken.
    pub(super) packer: Packer,
}

impl Recorder {
    /// Starts recording `sim`, which must have been built from `start` (its species
    /// data, creature and world, by text) with `seed`, and not yet run.
    #[must_use]
    pub fn new(mut sim: Sim, seed: u64, start: Sources) -> Recorder {
        sim.record(true);
        let mut packer = Packer::default();
        let first = packer.of(&sim, 0);
        Recorder {
            start_data: Arc::clone(sim.data()),
            rec: Recording {
                seed,
                start,
                turns: sim.turns(),
                changes: Vec::new(),
                snapshots: vec![first],
                events: Vec::new(),
                bookmarks: Vec::new(),
            },
            sim,
            parsed: BTreeMap::new(),
            pending: VecDeque::new(),
            forward: false,
            fresh: Vec::new(),
            cache: None,
            packer,
        }
    }

    /// Starts a run from the files' texts: the species data, the creature save and the
    /// world as `start` holds them.
    pub fn from_sources(start: Sources, seed: u64) -> LoadResult<Recorder> {
        let data = Arc::new(Data::from_files(&start.species, "species")?);
        let creature = Creature::parse("creature", &start.creature, &data)?;
        let world = WorldFile::parse("world", &start.world, &data)?;
        let sim = Sim::new(data, creature, world, seed);
        Ok(Recorder::new(sim, seed, start))
    }

    /// Opens a recording to seek in it, fork it, or go on with it from its end. The
    /// simulation at its end is its last snapshot run on with the changes after it: a
    /// recording whose snapshots do not cover the turns it claims is refused first, so
    /// opening simulates at most [`SNAPSHOT_TURNS`] turns.
    ///
    /// # Errors
    /// A recording that does not hold together, files in it that no longer load, or
    /// snapshots that do not restore.
    pub fn open(rec: Recording) -> LoadResult<Recorder> {
        rec.check().map_err(|m| {
            vec![crate::error::LoadError::whole_file("recording", format!("the recording does not hold together: {m}"))]
        })?;
        let start_data = Arc::new(Data::from_files(&rec.start.species, "species")?);
        let mut parsed = BTreeMap::new();
        let mut data = Arc::clone(&start_data);
        for (i, c) in rec.changes.iter().enumerate() {
            if let Change::Reload(r) = &c.what {
                let p = parse_reload(r, &data)?;
                if let Parsed::Data(d) = &p {
                    data = Arc::clone(d);
                }
                parsed.insert(i, p);
            }
        }
        let end = rec.turns;
        let (sim, _) = replay(&rec, &start_data, &parsed, None, end)
            .map_err(|m| vec![crate::error::LoadError::whole_file("recording", m)])?;
        let packer =
            Packer::following(&rec.snapshots).map_err(|m| vec![crate::error::LoadError::whole_file("recording", m)])?;
        Ok(Recorder {
            sim,
            start_data,
            rec,
            parsed,
            pending: VecDeque::new(),
            forward: false,
            fresh: Vec::new(),
            cache: None,
            packer,
        })
    }

    /// The simulation now.
    #[must_use]
    pub fn sim(&self) -> &Sim {
        &self.sim
    }

    /// The recording so far.
    #[must_use]
    pub fn recording(&self) -> &Recording {
        &self.rec
    }

    /// Names a recorded turn (see [`Recording::add_bookmark`]); saved with the run.
    ///
    /// # Errors
    /// A turn past the end, or an empty name.
    pub fn add_bookmark(&mut self, turn: u64, name: &str) -> Result<(), String> {
        self.rec.add_bookmark(turn, name)
    }

    /// Forgets bookmark `i` (in turn order).
    pub fn remove_bookmark(&mut self, i: usize) {
        if i < self.rec.bookmarks.len() {
            self.rec.bookmarks.remove(i);
        }
    }

    /// The recording, to save: ends where the simulation is now.
    #[must_use]
    pub fn into_recording(self) -> Recording {
        self.rec
    }

    /// Also hands the simulation's events to [`Recorder::take_events`] (for the
    /// editor's log); off by default, so that nothing piles up unread.
    pub fn forward_events(&mut self, on: bool) {
        self.forward = on;
        if !on {
            self.fresh.clear();
        }
    }

    /// The simulation's events since the last call, when forwarding.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.fresh)
    }

    /// The events [`Recorder::take_events`] would take now, left in place: the newest
    /// last.
    #[must_use]
    pub fn fresh_events(&self) -> &[Event] {
        &self.fresh
    }

    /// Runs `n` turns.
    pub fn run(&mut self, n: u64) {
        for _ in 0..n {
            self.step();
        }
    }

    /// Runs up to `n` turns, showing `stop` each turn as it leaves the simulation,
    /// with that turn's events (when forwarding), and ends after the turn it says
    /// yes to. Returns the turns run.
    #[inline]
    pub fn run_until(&mut self, n: u64, mut stop: impl FnMut(&Sim, &[Event]) -> bool) -> u64 {
        for i in 0..n {
            let seen = self.fresh.len();
            self.step();
            if stop(&self.sim, self.fresh.get(seen..).unwrap_or_default()) {
                return i + 1;
            }
        }
        n
    }

    /// One turn, with a snapshot first when one is due, and the recorded inputs of a
    /// kept future fired after it.
    pub fn step(&mut self) {
        let now = self.sim.turns();
        if now.is_multiple_of(SNAPSHOT_TURNS) && self.rec.snapshots.last().is_none_or(|s| s.turn < now) {
            let snapshot = self.packer.of(&self.sim, self.rec.changes.len());
            self.rec.snapshots.push(snapshot);
        }
        self.sim.step();
        self.rec.turns = self.sim.turns();
        self.absorb();
        while self.pending.front().is_some_and(|p| p.turn <= self.rec.turns) {
            if let Some(p) = self.pending.pop_front() {
                // A recorded input that cannot be done now is kept as it was tried.
                let _ = self.act(p.what);
            }
        }
    }

    /// Does and records what the player does, now (SPEC §16 ACT); a release returns its
    /// lesson. Acts that are refused are recorded too: replaying them refuses them again
    /// at the same point.
    pub fn act(&mut self, act: Act) -> Result<Option<Lesson>, String> {
        let out = self.sim.apply(&act);
        self.record(Change::Input(act));
        self.absorb();
        out
    }

    /// The species folder reloaded with these files' texts (name, text).
    pub fn reload_species(&mut self, files: Vec<(String, String)>) -> LoadResult<()> {
        self.reload(Reload::Species(files))
    }

    /// The creature save reloaded with this text.
    pub fn reload_creature(&mut self, text: String) -> LoadResult<()> {
        self.reload(Reload::Creature(text))
    }

    /// The world reloaded with this text.
    pub fn reload_world(&mut self, text: String) -> LoadResult<()> {
        self.reload(Reload::World(text))
    }

    /// The species folder reloaded with these files' texts (name, text), which build
    /// `data` (already parsed and checked by the caller, as [`Data::from_files`] would).
    pub fn reload_species_data(&mut self, files: Vec<(String, String)>, data: Arc<Data>) -> LoadResult<()> {
        self.take_reload(Reload::Species(files), Parsed::Data(data))
    }

    /// The creature save reloaded with this text, already parsed as `creature`; it must
    /// fit the species data in use, as its text parsed on replay will.
    pub fn reload_creature_parsed(&mut self, text: String, creature: Creature) -> LoadResult<()> {
        creature.check("creature", &text, self.sim.data())?;
        self.take_reload(Reload::Creature(text), Parsed::Creature(Box::new(creature)))
    }

    /// The world reloaded with this text, already parsed as `world`; it must fit the
    /// species data in use, as its text parsed on replay will.
    pub fn reload_world_parsed(&mut self, text: String, world: WorldFile) -> LoadResult<()> {
        world.fits("world", &text, self.sim.data())?;
        self.take_reload(Reload::World(text), Parsed::World(Box::new(world)))
    }

    /// Parses and applies a reload and records it; a file that does not load changes
    /// nothing and is not recorded.
    pub fn reload(&mut self, reload: Reload) -> LoadResult<()> {
        let parsed = parse_reload(&reload, self.sim.data())?;
        self.take_reload(reload, parsed)
    }

    /// Applies a parsed reload and records it. New species data must make sense of the
    /// running creature (its desires, actions and attributes), or it is refused: nothing
    /// changes and nothing is recorded.
    fn take_reload(&mut self, reload: Reload, parsed: Parsed) -> LoadResult<()> {
        if let Parsed::Data(data) = &parsed {
            let running = self.sim.creature();
            running.check(&format!("{} (running)", running.name), &running.to_ron(), data)?;
        }
        apply_parsed(&mut self.sim, &parsed);
        let what = reload.what().to_owned();
        self.parsed.insert(self.rec.changes.len(), parsed);
        self.record(Change::Reload(reload));
        self.rec.events.push(Timed { turn: self.sim.turns(), what: Happening::Reload { what } });
        self.absorb();
        Ok(())
    }

    fn record(&mut self, what: Change) {
        let turn = self.sim.turns();
        // A seek result at this turn lacks the change.
        if self.cache.as_ref().is_some_and(|(s, _)| s.turns() >= turn) {
            self.cache = None;
        }
        self.rec.changes.push(Timed { turn, what });
    }

    /// Keeps the simulation's new events.
    fn absorb(&mut self) {
        let turn = self.sim.turns();
        for e in self.sim.take_events() {
            if let Some(h) = Happening::of(&e) {
                self.rec.events.push(Timed { turn, what: h });
            }
            if self.forward {
                self.fresh.push(e);
            }
        }
    }
}

impl Drive for Recorder {
    fn sim(&self) -> &Sim {
        &self.sim
    }

    fn step(&mut self) {
        Recorder::step(self);
    }

    fn act(&mut self, act: &Act) -> Result<Option<Lesson>, String> {
        Recorder::act(self, act.clone())
    }

    fn take_events(&mut self) -> Vec<Event> {
        Recorder::take_events(self)
    }
}

impl Recorder {
    /// The simulation at `turn` (0 to the turn now), after the changes of that turn.
    /// The result is kept, so that seeking on from it (scrubbing forward) is cheap.
    ///
    /// # Errors
    /// A turn past the end, or a snapshot that does not restore.
    pub fn seek(&mut self, turn: u64) -> Result<Sim, String> {
        if turn == self.sim.turns() {
            return Ok(self.sim.clone());
        }
        let (sim, applied) = replay(&self.rec, &self.start_data, &self.parsed, self.cache.take(), turn)?;
        self.cache = Some((sim.clone(), applied));
        Ok(sim)
    }

    /// [`Recorder::seek`] at a simulated second (rounded to its turn).
    pub fn seek_seconds(&mut self, seconds: f64) -> Result<Sim, String> {
        self.seek(turn_of_seconds(seconds, self.rec.turns)?)
    }
}
