//! The live preview: a creature simulation that keeps running while the project's files
//! change (SPEC §15 `preview`). The workspace routes each changed file here once it has
//! parsed it: new species data, a new creature save or a new world is swapped into the
//! running simulation without restarting it. The editor's preview panel and
//! `preview --headless` share this one machinery.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::data::{Data, Species};
use creature_core::error::LoadError;
use creature_core::mind::desire::TURNS_PER_SECOND;
use creature_core::project::{Project, ron_files};
use creature_core::scenario::Act;
use creature_core::world::file::WorldFile;
use creature_core::world::sim::HandEvent;
use creature_core::world::sim::Sim;

/// The most simulated work one call to [`LivePreview::advance`] does, in wall seconds
/// of simulation at the current speed: a slow frame is caught up over the next frames
/// instead of freezing the window.
const MAX_CATCH_UP_SECONDS: f64 = 0.5;

/// A running preview of one project.
pub struct LivePreview {
    pub sim: Sim,
    /// Simulated seconds per wall second (0 pauses).
    pub speed: f64,
    /// The creature save the simulation started from (canonical), if the project has one.
    creature_path: Option<PathBuf>,
    /// The world file (canonical), if the project names one.
    world_path: Option<PathBuf>,
    /// Turns owed to the clock that did not make a whole turn yet.
    owed_turns: f64,
    /// What the person did to the running creature, with the simulated second: a
    /// scenario can replay it.
    pub inputs: Vec<(f64, Act)>,
    /// The phase the run started in.
    pub start_phase: u8,
}

impl LivePreview {
    /// Starts the preview of `project`: its species data, its first creature (a newborn
    /// Cow when it has none) and its world (the built-in village when it names none).
    pub fn open(project: &Project, seed: u64) -> Result<Self, Vec<LoadError>> {
        let data = Arc::new(project.data()?);
        let creature_path = ron_files(&project.resolve(&project.manifest.creatures)).into_iter().next();
        let creature = match &creature_path {
            Some(p) => Creature::load(p, &data)?,
            None => Creature::newborn(&data, Species::Cow, seed),
        };
        let world_path = project.manifest.world.as_ref().map(|w| project.resolve(w));
        let world = match &world_path {
            Some(p) => WorldFile::load(p, &data)?,
            None => WorldFile::builtin(&data)?,
        };
        let start_phase = creature.phase;
        let sim = Sim::new(data, creature, world, seed);
        Ok(Self {
            sim,
            speed: 1.0,
            creature_path: creature_path.map(|p| canonical(&p)),
            world_path: world_path.map(|p| canonical(&p)),
            owed_turns: 0.0,
            inputs: Vec::new(),
            start_phase,
        })
    }

    /// Swaps in new species data, once the running creature is shown to make sense
    /// with its tables.
    pub fn reload_data(&mut self, data: Data) -> Result<(), Vec<LoadError>> {
        let creature = self.sim.creature();
        Creature::parse(&format!("{} (running)", creature.name), &creature.to_ron(), &data)?;
        self.sim.reload_data(Arc::new(data));
        Ok(())
    }

    /// Does `act` to the running creature now, as a scenario input would, and keeps it
    /// with the simulated second for [`LivePreview::inputs`]. A plan or a miracle is not
    /// taken here (the preview's own hand does those).
    pub fn act(&mut self, act: Act) -> Result<(), String> {
        match &act {
            Act::Hold => self.sim.hand(HandEvent::Hold).map(|_| ())?,
            Act::Stroke => self.sim.hand(HandEvent::Stroke).map(|_| ())?,
            Act::Slap(s) => self.sim.hand(HandEvent::Slap(*s)).map(|_| ())?,
            Act::Release => self.sim.hand(HandEvent::Release).map(|_| ())?,
            Act::Leash(l) => self.sim.set_leash(*l),
            Act::Phase(p) => self.sim.set_phase(*p),
            Act::Desire { name, value } => self.sim.set_desire(*name, *value),
            Act::Plan { .. } | Act::Miracle { .. } => {
                return Err("the preview takes plans and miracles from its own hand".into());
            }
        }
        self.inputs.push((self.sim.time(), act));
        Ok(())
    }

    /// Sets the simulated seconds per wall second, from 0 (paused) to 100; a value that
    /// is not a number means ×1. Returns the speed set.
    pub fn set_speed(&mut self, speed: f64) -> f64 {
        self.speed = if speed.is_finite() { speed.clamp(0.0, 100.0) } else { 1.0 };
        self.speed
    }

    /// True when `path` (canonical) is the creature save the preview runs.
    pub fn runs_creature(&self, path: &Path) -> bool {
        self.creature_path.as_deref() == Some(path)
    }

    /// True when `path` (canonical) is the preview's world file.
    pub fn runs_world(&self, path: &Path) -> bool {
        self.world_path.as_deref() == Some(path)
    }

    /// Runs the simulation for `wall_seconds` of real time at the current speed.
    /// Returns the number of turns run.
    pub fn advance(&mut self, wall_seconds: f64) -> u64 {
        let wall = wall_seconds.clamp(0.0, MAX_CATCH_UP_SECONDS);
        self.owed_turns += wall * self.speed.max(0.0) * TURNS_PER_SECOND;
        let turns = self.owed_turns.floor();
        self.owed_turns -= turns;
        // At most a few thousand turns per call: a whole number well inside u64.
        let turns = turns as u64;
        self.sim.run(turns);
        turns
    }

    /// The creature save the preview runs, if the project has one (else a newborn).
    pub fn creature_path(&self) -> Option<&Path> {
        self.creature_path.as_deref()
    }

    /// Simulated seconds since the preview started.
    pub fn sim_time(&self) -> f64 {
        self.sim.time()
    }
}

/// A path with links and `..` resolved, so that two names of one file compare equal;
/// the path as it is when it does not exist.
pub fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}
