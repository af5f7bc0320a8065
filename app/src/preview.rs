//! The live preview: a creature simulation that keeps running while the project's
//! files change on disk (issue 7, SPEC §15 `preview`).
//!
//! A saved species, creature or world file is swapped into the running simulation
//! without restarting it; a file that does not load leaves the last good version
//! running and is reported with `FILE:LINE:COL`. The editor's preview panel and
//! `preview --headless` share this one machinery.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::data::Species;
use creature_core::error::LoadError;
use creature_core::mind::desire::TURNS_PER_SECOND;
use creature_core::project::{Checkers, Project, check_file, ron_files};
use creature_core::world::file::WorldFile;
use creature_core::world::sim::Sim;

use crate::watch::ProjectWatcher;

/// What one changed file did to the preview.
#[derive(Clone, Debug, PartialEq)]
pub enum Reload {
    /// The file loaded and is in use now.
    Reloaded { file: PathBuf },
    /// The file did not load; the last good version stays in use.
    Failed { file: PathBuf, errors: Vec<LoadError> },
}

/// The most simulated work one call to [`LivePreview::advance`] does, in wall seconds
/// of simulation at the current speed: a slow frame is caught up over the next frames
/// instead of freezing the window.
const MAX_CATCH_UP_SECONDS: f64 = 0.5;

/// A running preview of one project.
pub struct LivePreview {
    pub project: Project,
    pub sim: Sim,
    /// Files whose last load failed, with their problems.
    pub problems: BTreeMap<PathBuf, Vec<LoadError>>,
    /// Simulated seconds per wall second (0 pauses).
    pub speed: f64,
    creature_path: Option<PathBuf>,
    world_path: Option<PathBuf>,
    checkers: Checkers,
    watcher: Option<ProjectWatcher>,
    /// Turns owed to the clock that did not make a whole turn yet.
    owed_turns: f64,
}

impl LivePreview {
    /// Opens `project_dir`: its species data, its first creature (a newborn Cow when it
    /// has none) and its world (the built-in village when it names none).
    pub fn open(project_dir: &Path, seed: u64, checkers: Checkers) -> Result<Self, Vec<LoadError>> {
        let project = Project::open(project_dir)?;
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
        let sim = Sim::new(data, creature, world, seed);
        Ok(Self {
            project,
            sim,
            problems: BTreeMap::new(),
            speed: 1.0,
            creature_path,
            world_path,
            checkers,
            watcher: None,
            owed_turns: 0.0,
        })
    }

    /// Starts watching the project folder and its species folder for saved files.
    pub fn watch(&mut self) -> notify::Result<()> {
        self.watch_waking(|| {})
    }

    /// Like [`LivePreview::watch`], calling `wake` whenever files changed (the editor
    /// asks for a redraw, so a save reaches an idle window at once).
    pub fn watch_waking(&mut self, wake: impl Fn() + Send + 'static) -> notify::Result<()> {
        let roots = [self.project.root.clone(), self.project.species_dir()];
        self.watcher = Some(ProjectWatcher::with_waker(&roots, wake)?);
        Ok(())
    }

    /// Reloads every file the watcher saw change since the last call.
    pub fn poll(&mut self) -> Vec<Reload> {
        let Some(watcher) = &self.watcher else { return Vec::new() };
        let (changed, errors) = watcher.drain();
        let mut out: Vec<Reload> = changed.iter().map(|p| self.reload_file(p)).collect();
        for e in errors {
            let file = self.project.root.clone();
            out.push(Reload::Failed {
                file: file.clone(),
                errors: vec![LoadError::whole_file(file.display().to_string(), e)],
            });
        }
        out
    }

    /// Loads one changed file and, when it is good, puts it to use.
    pub fn reload_file(&mut self, path: &Path) -> Reload {
        let result = self.try_reload(path);
        let file = path.to_path_buf();
        match result {
            Ok(()) => {
                self.problems.remove(&file);
                Reload::Reloaded { file }
            }
            Err(errors) => {
                self.problems.insert(file.clone(), errors.clone());
                Reload::Failed { file, errors }
            }
        }
    }

    fn try_reload(&mut self, path: &Path) -> Result<(), Vec<LoadError>> {
        let species_dir = self.project.species_dir();
        if same_folder(path, &species_dir) {
            let data = creature_core::data::Data::load_dir(&species_dir)?;
            // The creature must still make sense with the new tables before they are used.
            let creature = self.sim.creature().clone();
            let text = creature.to_ron();
            Creature::parse(&format!("{} (running)", creature.name), &text, &data)?;
            self.sim.reload_data(Arc::new(data));
            return Ok(());
        }
        if self.creature_path.as_deref() == Some(path) {
            let creature = Creature::load(path, self.sim.data())?;
            self.sim.reload_creature(creature);
            return Ok(());
        }
        if self.world_path.as_deref() == Some(path) {
            let world = WorldFile::load(path, self.sim.data())?;
            self.sim.reload_world(world);
            return Ok(());
        }
        if path.extension().is_some_and(|x| x == "bank") {
            // A binary bank has no text for the checkers; loading it checks it.
            return creature_core::shadow::bank::Bank::load(path).map(|_| ()).map_err(|e| vec![e]);
        }
        let errors = check_file(path, self.sim.data(), &self.checkers);
        if errors.is_empty() { Ok(()) } else { Err(errors) }
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

/// True when `path` lies directly in `dir` (paths compared after resolving `..`).
fn same_folder(path: &Path, dir: &Path) -> bool {
    let canon = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    path.parent().is_some_and(|parent| canon(parent) == canon(dir))
}
