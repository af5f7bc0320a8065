//! The live preview: a creature simulation that keeps running while the project's files
//! change (SPEC §15 `preview`), recorded as it goes (SPEC §17). The workspace routes
//! each changed file here once it has parsed it: new species data, a new creature save
//! or a new world is swapped into the running simulation without restarting it, and the
//! recording keeps the new text with its turn. The editor's preview panel and
//! `preview --headless` share this one machinery.
//!
//! Time travel: the preview can be scrubbed back to any recorded turn ([`LivePreview::scrub_to`]);
//! the panels then show the simulation at that turn. Playing on, touching the creature
//! or changing its data from there forks: the run goes on from that turn and the old
//! future is kept as a branch ([`LivePreview::branches`]), not deleted.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::creature::lesson::Lesson;
use creature_core::error::{LoadError, LoadResult};
use creature_core::file_reader::read_text;
use creature_core::mind::desire::TURNS_PER_SECOND;
use creature_core::project::{Project, ron_files};
use creature_core::recording::{Change, Future, Recorder, Recording, Reload, Sources};
use creature_core::scenario::Act;
use creature_core::species::data::{Data, Species};
use creature_core::species::file::DataFile;
use creature_core::world::file::{BUILTIN_WORLD, WorldFile};
use creature_core::world::sim::Sim;

use crate::breakpoints::Breakpoints;

/// The most simulated work one call to [`LivePreview::advance`] does, in wall seconds
/// of simulation at the current speed: a slow frame is caught up over the next frames
/// instead of freezing the window.
const MAX_CATCH_UP_SECONDS: f64 = 0.5;

/// A future the preview left behind when it was played on from a past turn.
#[derive(Clone, Debug)]
pub struct Branch {
    /// For people: where it parted from the run that replaced it.
    pub name: String,
    pub rec: Recorder,
    /// The turn it parted at: the run and the branch are one run up to it.
    pub parted: u64,
}

/// A running preview of one project.
pub struct LivePreview {
    rec: Recorder,
    /// The futures left behind by forks, oldest first.
    pub branches: Vec<Branch>,
    /// The turn shown while scrubbed back, and the simulation at it.
    scrub: Option<(u64, Sim)>,
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
    /// What pauses the run at the turn it happens.
    pub breakpoints: Breakpoints,
    /// How many of the recorder's fresh events (not yet taken by
    /// [`LivePreview::take_events`]) the breakpoints have looked at.
    seen: usize,
    /// Counts the forks and switches of branches: a run named by its counts alone
    /// could be another with the same counts.
    runs: u64,
}

impl LivePreview {
    /// Starts the preview of `project`: its species data, its first creature (a newborn
    /// Cow when it has none) and its world (the built-in village when it names none).
    pub fn open(project: &Project, seed: u64) -> Result<Self, Vec<LoadError>> {
        Self::open_on(project, seed, None)
    }

    /// Starts the preview of `project` on the creature save `creature` (the project's
    /// first when `None`).
    pub fn open_on(project: &Project, seed: u64, creature: Option<&Path>) -> Result<Self, Vec<LoadError>> {
        let species = Data::texts(Some(&project.species_dir()))?;
        let data = Arc::new(Data::from_files(&species, &project.species_dir().display().to_string())?);
        let creature_path = match creature {
            Some(c) => Some(c.to_path_buf()),
            None => first_creature(project),
        };
        let (creature, creature_text) = match &creature_path {
            Some(p) => {
                let text = read_text(p).map_err(|e| vec![e])?;
                (Creature::parse(&p.display().to_string(), &text, &data)?, text)
            }
            // The run starts from the text it records, so that replays match it exactly.
            None => {
                let text = Creature::newborn(&data, Species::Cow, seed).to_ron();
                (Creature::parse("a newborn Cow", &text, &data)?, text)
            }
        };
        let world_path = project.manifest.world.as_ref().map(|w| project.resolve(w));
        let world_text = match &world_path {
            Some(p) => read_text(p).map_err(|e| vec![e])?,
            None => BUILTIN_WORLD.to_owned(),
        };
        let world_name =
            world_path.as_ref().map_or_else(|| "the bundled village".to_owned(), |p| p.display().to_string());
        let world = WorldFile::parse(&world_name, &world_text, &data)?;
        let start = Sources { species, creature: creature_text, world: world_text };
        let mut rec = Recorder::new(Sim::new(data, creature, world, seed), seed, start);
        rec.forward_events(true);
        let start_phase = rec.sim().creature().phase;
        Ok(Self {
            rec,
            branches: Vec::new(),
            scrub: None,
            speed: 1.0,
            creature_path: creature_path.map(|p| canonical(&p)),
            world_path: world_path.map(|p| canonical(&p)),
            owed_turns: 0.0,
            inputs: Vec::new(),
            start_phase,
            breakpoints: Breakpoints::default(),
            seen: 0,
            runs: 0,
        })
    }

    /// The simulation at the head of the run (the newest turn).
    pub fn sim(&self) -> &Sim {
        self.rec.sim()
    }

    /// The simulation the panels show: the scrubbed turn's, or the head's.
    pub fn shown(&self) -> &Sim {
        self.scrub.as_ref().map_or_else(|| self.rec.sim(), |(_, s)| s)
    }

    /// What letting go would teach after `touches` (strokes and slaps; none: the
    /// release now), worked out on a copy of the simulation shown, never on the run:
    /// the lesson the copy's release returns, and the copy after it. A creature not
    /// held is held first, as the hand would.
    #[must_use]
    pub fn foresee(&self, touches: &[Act]) -> Option<(Lesson, Sim)> {
        let mut copy = self.shown().clone();
        copy.record(false);
        if !copy.teaching().hand.holding {
            copy.apply(&Act::Hold).ok()?;
        }
        for t in touches {
            copy.apply(t).ok()?;
        }
        let lesson = copy.apply(&Act::Release).ok()??;
        Some((lesson, copy))
    }

    /// Finds the breakpoints' hits over the recorded run while it stands still (paused
    /// or looking back): a running run grows every frame, and its hits are found once
    /// it stops. Hits found before stay until then.
    pub fn find_breakpoint_hits(&mut self) {
        if self.speed > 0.0 && self.scrub.is_none() {
            return;
        }
        let run = self.run_key();
        self.breakpoints.find_hits(&self.rec, run);
    }

    /// What names the run as it is now: its turns, inputs and reloads, events, and how
    /// many times it was forked or switched.
    #[must_use]
    pub fn run_key(&self) -> crate::breakpoints::RunKey {
        let r = self.rec.recording();
        (r.turns, r.changes.len(), r.events.len(), self.runs)
    }

    /// Names the shown turn `name`; the bookmark is kept in the recording and saved
    /// with it. Naming a turn looking back does not fork the run.
    pub fn add_bookmark(&mut self, name: &str) -> Result<(), String> {
        let turn = self.scrubbed().unwrap_or_else(|| self.rec.sim().turns());
        self.rec.add_bookmark(turn, name)
    }

    /// The run's recorder: its recording, markers and seeks.
    pub fn recorder(&self) -> &Recorder {
        &self.rec
    }

    /// The run's recorder, to seek in (seeking keeps a cache).
    pub fn recorder_mut(&mut self) -> &mut Recorder {
        &mut self.rec
    }

    /// The turn shown while scrubbed back; `None` at the head.
    pub fn scrubbed(&self) -> Option<u64> {
        self.scrub.as_ref().map(|(t, _)| *t)
    }

    /// Shows the recorded turn `turn` (the head when it is the last one or later).
    pub fn scrub_to(&mut self, turn: u64) -> Result<(), String> {
        if turn >= self.rec.sim().turns() {
            self.scrub = None;
            return Ok(());
        }
        if self.scrubbed() != Some(turn) {
            let sim = self.rec.seek(turn)?;
            self.scrub = Some((turn, sim));
        }
        Ok(())
    }

    /// Back to the head of the run.
    pub fn to_head(&mut self) {
        self.scrub = None;
    }

    /// When scrubbed back, goes on from the shown turn: the run forks there, and the old
    /// future is kept as a branch. Nothing happens at the head.
    pub fn fork_here(&mut self) -> Result<(), String> {
        let Some((turn, _)) = self.scrub.take() else { return Ok(()) };
        let mut new = self.rec.fork(turn, Future::Drop)?;
        new.forward_events(true);
        let old = std::mem::replace(&mut self.rec, new);
        self.seen = 0;
        let name = format!(
            "branch {} (to {:.1} s, left at {:.1} s)",
            self.branches.len() + 1,
            seconds(old.sim().turns()),
            seconds(turn)
        );
        self.branches.push(Branch { name, rec: old, parted: turn });
        self.runs += 1;
        let t = seconds(turn);
        self.inputs.retain(|(at, _)| *at <= t);
        Ok(())
    }

    /// Makes branch `i` the run, and the run a branch: each keeps its whole past.
    pub fn switch_branch(&mut self, i: usize) -> Result<(), String> {
        let b = self.branches.get_mut(i).ok_or("no such branch")?;
        std::mem::swap(&mut self.rec, &mut b.rec);
        self.seen = self.rec.fresh_events().len();
        self.runs += 1;
        b.name = format!("branch {} (to {:.1} s)", i + 1, seconds(b.rec.sim().turns()));
        self.rec.forward_events(true);
        self.scrub = None;
        Ok(())
    }

    /// A preview of a saved recording, without any project: it shows the recorded run
    /// (paused, at its end) and plays on from wherever it is scrubbed to.
    pub fn of_recording(recording: Recording) -> LoadResult<Self> {
        let mut rec = Recorder::open(recording)?;
        rec.forward_events(true);
        let start_phase = rec.recording().start.creature.clone();
        let start_phase = Creature::parse("recording", &start_phase, rec.sim().data()).map_or(0, |c| c.phase);
        Ok(Self {
            rec,
            branches: Vec::new(),
            scrub: None,
            speed: 0.0,
            creature_path: None,
            world_path: None,
            owed_turns: 0.0,
            inputs: Vec::new(),
            start_phase,
            breakpoints: Breakpoints::default(),
            seen: 0,
            runs: 0,
        })
    }

    /// Swaps in the species folder with these files changed (name, text); the other
    /// files stay as the run has them. Goes on from the shown turn when scrubbed back.
    pub fn reload_species(&mut self, changed: &[(String, String)]) -> LoadResult<()> {
        // The recorder refuses tables the running creature does not make sense with.
        self.fork_here().map_err(|e| vec![LoadError::whole_file("preview", e)])?;
        let mut texts = self.species_texts();
        for (name, text) in changed {
            Data::put_text(&mut texts, name, text.clone());
        }
        self.rec.reload_species(texts)
    }

    /// Swaps in one species folder file `name`, already parsed as `file`; `texts` are
    /// the folder's texts with its new text among them. `built` is the data with the
    /// file in, built on the data given with it: taken as it is, with `texts` recorded,
    /// when that is the data the run has, so the file is put in once. A run holding
    /// another version puts the file into its own data and texts. Goes on from the shown
    /// turn when scrubbed back.
    ///
    /// # Errors
    /// The problems the file makes in the running data's other files, or a running
    /// creature that does not fit the new data: nothing changes then.
    pub fn reload_data_file(
        &mut self,
        name: &str,
        file: &DataFile,
        texts: &[(String, String)],
        built: Option<(&Data, Arc<Data>)>,
    ) -> LoadResult<()> {
        self.fork_here().map_err(|e| vec![LoadError::whole_file("preview", e)])?;
        let running = self.rec.sim().data();
        let (texts, data) = match built {
            Some((base, data)) if **running == *base => (texts.to_vec(), data),
            _ => {
                let mut own = self.species_texts();
                let text = texts.iter().find(|(n, _)| n == name).map_or_else(String::new, |(_, t)| t.clone());
                Data::put_text(&mut own, name, text);
                let data = Arc::new(running.with_file(file, &own, "species")?);
                (own, data)
            }
        };
        self.rec.reload_species_data(texts, data)
    }

    /// The species files' texts the run has at its head (name, text): as it started,
    /// changed by its species reloads. The recording keeps them; this is its reading.
    pub fn species_texts(&self) -> Vec<(String, String)> {
        latest_species(self.rec.recording())
    }

    /// Swaps in a creature save already parsed from `text`.
    pub fn reload_creature_parsed(&mut self, text: String, creature: Creature) -> LoadResult<()> {
        self.fork_here().map_err(|e| vec![LoadError::whole_file("preview", e)])?;
        self.rec.reload_creature_parsed(text, creature)
    }

    /// Swaps in a world already parsed from `text`.
    pub fn reload_world_parsed(&mut self, text: String, world: WorldFile) -> LoadResult<()> {
        self.fork_here().map_err(|e| vec![LoadError::whole_file("preview", e)])?;
        self.rec.reload_world_parsed(text, world)
    }

    /// Swaps in a new creature save, by its text.
    pub fn reload_creature(&mut self, text: String) -> LoadResult<()> {
        self.fork_here().map_err(|e| vec![LoadError::whole_file("preview", e)])?;
        self.rec.reload_creature(text)
    }

    /// Does `act` to the running creature now, as a scenario input would, and keeps it
    /// with the simulated second for [`LivePreview::inputs`]; a release returns its
    /// lesson. Moves of the hand within one turn keep only the last: the pointer moves
    /// the hand every frame.
    pub fn act(&mut self, act: Act) -> Result<Option<Lesson>, String> {
        self.fork_here()?;
        let lesson = self.rec.act(act.clone())?;
        if self.breakpoints.any_on() {
            // What the act did belongs to this turn, as a recording's changes do.
            self.look_for_breakpoints();
        }
        let now = self.rec.sim().time();
        if let (Act::Hand { .. }, Some((t, Act::Hand { .. }))) = (&act, self.inputs.last())
            && *t == now
        {
            self.inputs.pop();
        }
        self.inputs.push((now, act));
        Ok(lesson)
    }

    /// One turn on.
    pub fn step(&mut self) {
        self.run(1);
    }

    /// `n` turns on; a breakpoint that fires stops the run at that turn and pauses it.
    /// Returns the turns run.
    pub fn run(&mut self, n: u64) -> u64 {
        if self.fork_here().is_err() {
            return 0;
        }
        if !self.breakpoints.any_on() {
            self.rec.run(n);
            return n;
        }
        self.breakpoints.hit = None;
        let breakpoints = &mut self.breakpoints;
        let ran = self.rec.run_until(n, |sim, events| breakpoints.fired(sim, events));
        // The events the breakpoints have looked at: all of them so far.
        self.seen = self.rec.fresh_events().len();
        if self.breakpoints.hit.is_some() {
            self.pause();
        }
        ran
    }

    /// Shows the breakpoints the turn as it is now, with its events (kept for
    /// [`LivePreview::take_events`]); one that fires pauses the run. Returns whether one did.
    fn look_for_breakpoints(&mut self) -> bool {
        let fresh = self.rec.fresh_events();
        // Only this turn's: those before it were looked at on their turns.
        let events = fresh.get(self.seen..).unwrap_or(fresh);
        self.seen = fresh.len();
        let hit = self.breakpoints.check(self.rec.sim(), events).is_some();
        if hit {
            self.pause();
        }
        hit
    }

    /// A breakpoint fired: the preview stands still.
    fn pause(&mut self) {
        self.speed = 0.0;
        self.owed_turns = 0.0;
    }

    /// The simulation's events since the last call.
    pub fn take_events(&mut self) -> Vec<creature_core::world::sim::Event> {
        self.seen = 0;
        self.rec.take_events()
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

    /// Runs the simulation for `wall_seconds` of real time at the current speed; from a
    /// scrubbed turn this plays on, forking there. Returns the number of turns run.
    pub fn advance(&mut self, wall_seconds: f64) -> u64 {
        if self.speed <= 0.0 {
            return 0;
        }
        let wall = wall_seconds.clamp(0.0, MAX_CATCH_UP_SECONDS);
        self.owed_turns += wall * self.speed * TURNS_PER_SECOND;
        let turns = self.owed_turns.floor();
        self.owed_turns -= turns;
        // At most a few thousand turns per call: a whole number well inside u64.
        let turns = turns as u64;
        if turns > 0 { self.run(turns) } else { 0 }
    }

    /// The creature save the preview runs, if the project has one (else a newborn).
    pub fn creature_path(&self) -> Option<&Path> {
        self.creature_path.as_deref()
    }

    /// Simulated seconds since the preview started, at the head.
    pub fn sim_time(&self) -> f64 {
        self.rec.sim().time()
    }
}

/// The project's first creature save, in path order in its creatures folder: the one
/// the preview runs and the studio puts in focus when nothing else chooses one. The
/// one home of that rule.
#[must_use]
pub fn first_creature(project: &Project) -> Option<PathBuf> {
    ron_files(&project.resolve(&project.manifest.creatures)).into_iter().next()
}

/// The species files' texts a recording's run has at its end: its start's, changed by
/// its species reloads.
fn latest_species(rec: &Recording) -> Vec<(String, String)> {
    let mut texts = rec.start.species.clone();
    for c in &rec.changes {
        if let Change::Reload(Reload::Species(files)) = &c.what {
            texts.clone_from(files);
        }
    }
    texts
}

/// Simulated seconds of a turn.
fn seconds(turn: u64) -> f64 {
    turn as f64 / TURNS_PER_SECOND
}

/// A path with links and `..` resolved, so that two names of one file compare equal;
/// the path as it is when it does not exist.
pub fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;
    use creature_core::mind::hand::Slap;
    use creature_core::scenario::State;

    fn example() -> Project {
        Project::open(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../projects/example")).unwrap()
    }

    #[test]
    fn undoing_a_slap_is_scrubbing_back_before_it_and_playing_on() {
        let mut p = LivePreview::open(&example(), 1).unwrap();
        p.act(Act::Phase(6)).unwrap();
        p.run(300);
        // A turn's inputs belong to it: "before the slap" is the turn before.
        let before = p.sim().turns() - 1;
        let liking = p.sim().creature().liking;
        for h in [Act::Hold, Act::Slap(Slap::Hard), Act::Release] {
            p.act(h).unwrap();
        }
        p.run(50);
        assert_ne!(p.sim().creature().liking, liking, "the slap changed how the creature likes the player");
        let slapped_end = p.sim().turns();

        // Scrubbed back, the panels show the turn before the slap, as it was then.
        p.scrub_to(before).unwrap();
        assert_eq!(p.scrubbed(), Some(before));
        assert_eq!(p.shown().turns(), before);
        assert_eq!(p.shown().creature().liking, liking);
        assert_eq!(p.sim().turns(), slapped_end, "the head is where it was");

        // Playing on forks: the new run never had the slap; the slapped run is a branch.
        p.set_speed(1.0);
        p.advance(0.2);
        assert_eq!(p.scrubbed(), None);
        assert_eq!(p.branches.len(), 1);
        assert_eq!(p.branches[0].rec.sim().turns(), slapped_end);
        assert_eq!(p.sim().creature().liking, liking, "no slap in the new future");
        // The new run seeks to any turn of its past, equal to a straight run there.
        let mut straight = LivePreview::open(&example(), 1).unwrap();
        straight.act(Act::Phase(6)).unwrap();
        straight.run(p.sim().turns());
        assert_eq!(State::of(straight.sim()), State::of(p.sim()));
    }

    #[test]
    fn the_foresight_of_a_slap_is_what_the_slap_then_teaches_and_the_run_is_untouched() {
        let mut p = LivePreview::open(&example(), 1).unwrap();
        p.act(Act::Phase(6)).unwrap();
        while p.sim().plan().is_none() {
            p.step();
        }
        p.run(20);
        let before = State::of(p.sim());
        let (foreseen, after) = p.foresee(&[Act::Slap(Slap::Hard)]).expect("a slap can be foreseen");
        assert_eq!(State::of(p.sim()), before, "foreseeing does not touch the run");
        assert!(foreseen.taught.is_some(), "the plan under way takes the slap");
        let mut lesson = None;
        for a in [Act::Hold, Act::Slap(Slap::Hard), Act::Release] {
            lesson = p.act(a).unwrap();
        }
        assert_eq!(lesson.as_ref(), Some(&foreseen), "the release teaches what was foreseen");
        assert_eq!(State::of(&after), State::of(p.sim()), "and leaves the creature as foreseen");
    }

    #[test]
    fn branches_switch_and_a_saved_recording_opens_without_the_project() {
        let mut p = LivePreview::open(&example(), 1).unwrap();
        p.run(300);
        p.scrub_to(100).unwrap();
        p.run(50);
        assert_eq!((p.sim().turns(), p.branches.len()), (150, 1));
        p.switch_branch(0).unwrap();
        assert_eq!(p.sim().turns(), 300, "the old future is the run again");
        assert_eq!(p.branches[0].rec.sim().turns(), 150);

        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("run.recording");
        p.recorder().recording().save(&file, &creature_core::file_writer::Policy::replacing()).unwrap();
        let mut opened = LivePreview::of_recording(Recording::load(&file).unwrap()).unwrap();
        assert_eq!(opened.sim().turns(), 300);
        assert_eq!(State::of(opened.sim()), State::of(p.sim()));
        opened.scrub_to(120).unwrap();
        assert_eq!(State::of(opened.shown()), State::of(&p.recorder_mut().seek(120).unwrap()));
    }

    /// The folder's texts as the run has them with the Cow's `from` made `to`, the
    /// Cow's file parsed, and the running data with it in, built as the workspace
    /// builds it.
    fn faster_cow(p: &LivePreview, from: &str, to: &str) -> (Vec<(String, String)>, DataFile, Arc<Data>) {
        let mut texts = p.species_texts();
        let cow = texts.iter().find(|(n, _)| n == "cow.ron").unwrap().1.replace(from, to);
        let running = p.sim().data();
        let file = running.parse_file("cow.ron", "cow.ron", &cow).unwrap();
        Data::put_text(&mut texts, "cow.ron", cow);
        let built = Arc::new(running.with_file(&file, &texts, "species").unwrap());
        (texts, file, built)
    }

    #[test]
    fn a_folder_file_built_on_the_running_data_is_taken_as_built_and_on_other_data_is_built_again() {
        let mut p = LivePreview::open(&example(), 1).unwrap();
        p.run(20);
        let base = (**p.sim().data()).clone();
        let (cow, file, built) = faster_cow(&p, "speed: 3.0", "speed: 6.0");
        p.reload_data_file("cow.ron", &file, &cow, Some((&base, Arc::clone(&built)))).unwrap();
        assert!(Arc::ptr_eq(p.sim().data(), &built), "the data built on the run's own is taken as it is");

        // Built on data the run no longer has: the run puts the file in its own data.
        let (cow, file, built) = faster_cow(&p, "speed: 6.0", "speed: 5.0");
        p.reload_data_file("cow.ron", &file, &cow, Some((&base, Arc::clone(&built)))).unwrap();
        assert!(!Arc::ptr_eq(p.sim().data(), &built));
        assert_eq!(p.sim().data().species(Species::Cow).body.speed, 5.0);
        assert_eq!(**p.sim().data(), *built, "the same data, built from the run's own");
    }

    #[test]
    fn a_species_reload_while_scrubbed_back_applies_from_that_turn() {
        let mut p = LivePreview::open(&example(), 1).unwrap();
        p.run(200);
        p.scrub_to(100).unwrap();
        let cow = p.species_texts().iter().find(|(n, _)| n == "cow.ron").unwrap().1.replace("speed: 3.0", "speed: 6.0");
        p.reload_species(&[("cow.ron".into(), cow)]).unwrap();
        assert_eq!(p.sim().turns(), 100, "the run goes on from the shown turn");
        assert_eq!(p.branches.len(), 1, "the old future is kept");
        let speed = p.sim().data().species(Species::Cow).body.speed;
        assert_eq!(speed, 6.0);
        assert!(p.recorder().recording().markers().iter().any(|m| m.turn == 100));
    }
}
