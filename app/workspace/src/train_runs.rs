//! A training search (SPEC §22) run off the editor's thread: the worker loads the
//! target and searches for the species asked. One species alone says how its search
//! stands after each chunk of scripts, then what it found; a report's species are
//! searched in one pool ([`train::train_each_while`], as `train` searches them), each
//! species' row said as soon as its search ends, so the first rows come while the others
//! are still searched. The editor stays responsive, shows the progress and can stop the
//! search, which then ends each species searched with the best script tried so far. A script found is kept as a lesson script with a
//! comment saying where it came from, as `train -o` writes it.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::time::Instant;

use creature_core::error::LoadError;
use creature_core::names::Species;
use creature_core::train::{self, LoadedTarget, Progress, Settings, Trained, Trainer};
use creature_core::words;

/// What the worker tells the editor.
enum Heard {
    /// The species to search, once the target is loaded.
    Species(Vec<Species>),
    /// The lessons the trainer may give the species searched alone, in words.
    Lessons(Vec<String>),
    Progress(Progress),
    /// What the search found for the species at a place of the list, with every lesson
    /// its trainer may give, in words.
    Trained(usize, Box<Trained>, Vec<String>),
    Failed(Vec<LoadError>),
    Ended,
}

/// One search, going on or ended.
pub struct TrainRun {
    pub target: PathBuf,
    /// The species searched, in order: the target's own, or those asked for a report.
    pub species: Vec<Species>,
    pub settings: Settings,
    /// What was found for each species done, in the order of `species` (a report's rows
    /// come as their searches end, each put in its place).
    pub trained: Vec<Trained>,
    /// Each row of `trained`: its place in `species`, and every lesson its trainer may
    /// give, in words (a script names them by number).
    rows: Vec<(usize, Vec<String>)>,
    /// The problems of the target's file, which stop the search before it starts.
    pub failed: Option<Vec<LoadError>>,
    /// Every lesson the trainer may give the species searched alone; a script names
    /// them by number.
    pub lessons: Vec<String>,
    /// How the species searched alone stood when it last said (a report's species, in
    /// one pool, say only when they end).
    pub progress: Option<Progress>,
    ended: bool,
    started: Instant,
    /// Seconds from the start to the last word heard.
    seconds: f64,
    stop: Arc<AtomicBool>,
    heard: Receiver<Heard>,
}

impl TrainRun {
    /// True while the worker searches.
    #[must_use]
    pub fn running(&self) -> bool {
        !self.ended
    }

    /// The species searched now: the first not done.
    #[must_use]
    pub fn current(&self) -> Option<Species> {
        let done = |i: &usize| self.rows.iter().any(|(p, _)| p == i);
        self.running().then(|| (0..self.species.len()).find(|i| !done(i)).map(|i| self.species[i])).flatten()
    }

    /// True for a report: several species searched in one pool.
    #[must_use]
    pub fn pooled(&self) -> bool {
        self.species.len() > 1
    }

    /// Scripts tried for the species searched now.
    #[must_use]
    pub fn tried(&self) -> usize {
        self.progress.as_ref().map_or(0, |p| p.tried)
    }

    /// Runs (one script on one seed) per wall second so far.
    #[must_use]
    pub fn runs_per_second(&self) -> Option<f64> {
        let done: usize = self.trained.iter().map(|t| t.runs).sum();
        let runs = done + self.progress.as_ref().map_or(0, |p| p.runs);
        (self.seconds > 0.0 && runs > 0).then(|| runs as f64 / self.seconds)
    }

    /// The target's file name.
    #[must_use]
    pub fn target_name(&self) -> String {
        self.target.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    }

    /// The lessons of the best script so far of the species searched now, in words.
    #[must_use]
    pub fn best_so_far(&self) -> Vec<String> {
        self.progress.as_ref().map_or_else(Vec::new, |p| p.best.iter().map(|&i| self.lesson(i)).collect())
    }

    /// The lessons of what was found for the `i`th row of `trained`, in words.
    #[must_use]
    pub fn lessons_of(&self, i: usize) -> Vec<String> {
        let (Some(t), Some((_, words))) = (self.trained.get(i), self.rows.get(i)) else { return Vec::new() };
        t.taught.iter().map(|&l| words.get(l).cloned().unwrap_or_else(|| format!("lesson {l}"))).collect()
    }

    /// The search in a sentence, once it ended: what it found for each species.
    #[must_use]
    pub fn summary(&self) -> String {
        let name = self.target_name();
        if let Some(p) = self.failed.as_ref().and_then(|f| f.first()) {
            return format!("{name} cannot be trained: {p}");
        }
        let each: Vec<String> = self.trained.iter().map(verdict).collect();
        format!("Trained to {name} in {:.1} s: {}", self.seconds, each.join("; "))
    }

    fn lesson(&self, i: usize) -> String {
        self.lessons.get(i).cloned().unwrap_or_else(|| format!("lesson {i}"))
    }

    /// Takes what the worker said; true when anything came.
    fn poll(&mut self) -> bool {
        let mut any = false;
        while let Ok(heard) = self.heard.try_recv() {
            any = true;
            self.seconds = self.started.elapsed().as_secs_f64();
            match heard {
                Heard::Species(s) => self.species = s,
                Heard::Lessons(l) => self.lessons = l,
                Heard::Progress(p) => self.progress = Some(p),
                Heard::Trained(place, t, words) => {
                    self.progress = None;
                    let at = self.rows.partition_point(|(p, _)| *p < place);
                    self.trained.insert(at, *t);
                    self.rows.insert(at, (place, words));
                }
                Heard::Failed(e) => self.failed = Some(e),
                Heard::Ended => self.ended = true,
            }
        }
        any
    }
}

/// The search of this session: the one going on, or the last one ended.
#[derive(Default)]
pub struct TrainRuns {
    pub run: Option<TrainRun>,
}

impl TrainRuns {
    /// Searches for the fewest lessons that make `target` hold for each of `species`
    /// (none: the target's own), on a worker thread; `wake` is called whenever it has
    /// something to say (the editor asks for a redraw), from the pool's threads too. A
    /// search already going is stopped: the new one replaces it.
    pub fn start(
        &mut self,
        target: PathBuf,
        species: Vec<Species>,
        settings: Settings,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        self.stop();
        let (tx, heard) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let (path, s, stopped, asked) = (target.clone(), settings.clone(), Arc::clone(&stop), species.clone());
        std::thread::spawn(move || {
            search(&path, asked, &s, &stopped, &|h| {
                let heard = tx.send(h).is_ok();
                wake();
                heard
            });
        });
        let run = TrainRun {
            target,
            species,
            settings,
            trained: Vec::new(),
            rows: Vec::new(),
            failed: None,
            lessons: Vec::new(),
            progress: None,
            ended: false,
            started: Instant::now(),
            seconds: 0.0,
            stop,
            heard,
        };
        self.run = Some(run);
    }

    /// Asks the search going on to stop after the chunk it tries: each species searched
    /// ends with the best script tried so far.
    pub fn stop(&mut self) {
        if let Some(r) = self.run.as_ref().filter(|r| r.running()) {
            r.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Takes what the worker said; true when anything came.
    pub fn poll(&mut self) -> bool {
        self.run.as_mut().is_some_and(TrainRun::poll)
    }

    /// True while a search goes on.
    #[must_use]
    pub fn running(&self) -> bool {
        self.run.as_ref().is_some_and(TrainRun::running)
    }
}

/// The worker's search: `say` tells the editor, and answers false when nobody listens.
fn search(path: &Path, asked: Vec<Species>, s: &Settings, stop: &AtomicBool, say: &(dyn Fn(Heard) -> bool + Sync)) {
    let loaded = match train::load(path) {
        Ok(l) => l,
        Err(e) => {
            say(Heard::Failed(e));
            say(Heard::Ended);
            return;
        }
    };
    let species = if asked.is_empty() { vec![loaded.target.species] } else { asked };
    say(Heard::Species(species.clone()));
    let targets: Result<Vec<LoadedTarget>, String> = species.iter().map(|sp| loaded.for_species(*sp)).collect();
    match targets {
        Err(e) => {
            say(Heard::Failed(vec![LoadError::whole_file(loaded.scenario.file.clone(), e)]));
        }
        Ok(targets) if targets.len() == 1 => alone(&targets[0], s, stop, say),
        Ok(targets) => {
            // Nobody listening stops the search as a stop does.
            let deaf = AtomicBool::new(false);
            let go_on = || !stop.load(Ordering::Relaxed) && !deaf.load(Ordering::Relaxed);
            train::train_each_while(&targets, s, &go_on, &|place, trainer, found| {
                if !say(Heard::Trained(place, Box::new(found.clone()), words(trainer))) {
                    deaf.store(true, Ordering::Relaxed);
                }
            });
        }
    }
    say(Heard::Ended);
}

/// One species searched alone, saying how it stands after each chunk of scripts.
fn alone(target: &LoadedTarget, s: &Settings, stop: &AtomicBool, say: &dyn Fn(Heard) -> bool) {
    let trainer = Trainer::new(target);
    if !say(Heard::Lessons(words(&trainer))) {
        return;
    }
    let found = trainer.train_watched(s, &mut |p| say(Heard::Progress(p.clone())) && !stop.load(Ordering::Relaxed));
    say(Heard::Trained(0, Box::new(found), words(&trainer)));
}

/// Every lesson `trainer` may give, in words.
fn words(trainer: &Trainer<'_>) -> Vec<String> {
    trainer.moves().moves.iter().map(train::moves::Move::describe).collect()
}

/// What a search found for one species, in a sentence.
#[must_use]
pub fn verdict(t: &Trained) -> String {
    let tried = words::count(t.tried, "script");
    let held = format!("held on {} of {}", t.held, words::count(t.seeds, "seed"));
    match t.lessons {
        Some(n) => format!("{}: reached with {}, {held} ({tried} tried)", t.species, words::count(n, "lesson")),
        None if t.stopped => format!("{}: stopped after {tried}; the best so far {held}", t.species),
        None => format!("{}: not reached in {tried}; the best {held}", t.species),
    }
}

/// The text of a trained script: a comment saying where it came from, then the script
/// as the editor writes lesson scripts.
#[must_use]
pub fn script_text(t: &Trained, target: &Path, s: &Settings) -> String {
    let seeds = match (s.seeds.first(), s.seeds.last()) {
        (Some(a), Some(b)) if a != b => format!("seeds {a} to {b}"),
        (Some(a), _) => format!("seed {a}"),
        _ => String::new(),
    };
    let name = target.file_name().map_or_else(|| target.display().to_string(), |n| n.to_string_lossy().into());
    // The name is the user's: escaped, it never ends the comment.
    let name = creature_core::printable::in_comment(&name);
    let how = if t.lessons.is_some() { "The fewest lessons" } else { "The lessons nearest to it" };
    let header = format!(
        "// {how} `creature-studio train` found that make {name} hold for a {} on {seeds}:\n\
         // {}, held on {} of {}, {} tried.\n",
        t.species,
        words::count(t.taught.len(), "lesson"),
        t.held,
        t.seeds,
        words::count(t.tried, "script"),
    );
    header + &crate::ronedit::pretty(&t.script)
}

#[cfg(test)]
pub(crate) mod tests {
    use std::time::Duration;

    use super::*;

    pub(crate) fn wait(runs: &mut TrainRuns) {
        let start = Instant::now();
        while runs.running() && start.elapsed() < Duration::from_secs(120) {
            runs.poll();
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(!runs.running(), "the search ends");
    }

    /// A target of the example project that no script reaches: fifty plans of
    /// Compassion in ten seconds.
    fn unreachable() -> (tempfile::TempDir, PathBuf) {
        let tmp = crate::test_support::example_copy();
        let target = tmp.path().join("projects/example/targets/never.target.ron");
        let text = "(species: \"Cow\", world: Some(\"../world.ron\"), species_dir: Some(\"../../../species\"), \
                    phase: Some(11), seconds: 10.0, \
                    expect: [Plans(from: 0.0, to: 10.0, desire: \"Compassion\", min: 50)])";
        std::fs::write(&target, text).unwrap();
        (tmp, target)
    }

    #[test]
    fn a_search_runs_on_a_worker_says_how_it_stands_and_stops_when_asked() {
        let (_tmp, target) = unreachable();
        let mut runs = TrainRuns::default();
        // The search says where it stands until its budget is spent.
        runs.start(target.clone(), Vec::new(), Settings::new(1, 1, 40), || {});
        assert!(runs.running());
        wait(&mut runs);
        let run = runs.run.as_ref().unwrap();
        assert_eq!(run.species, [Species::Cow], "the target's own species");
        assert_eq!(run.trained.len(), 1);
        assert_eq!(run.trained[0].tried, 40);
        assert_eq!(run.trained[0].lessons, None);
        assert!(run.progress.is_none(), "the species done, its progress is forgotten");
        assert!(!run.lessons.is_empty() && run.runs_per_second().is_some_and(|r| r > 0.0));
        assert!(run.summary().starts_with("Trained to never.target.ron in "), "{}", run.summary());
        assert!(
            run.summary().ends_with("Cow: not reached in 40 scripts; the best held on 0 of 1 seed"),
            "{}",
            run.summary()
        );
        assert_eq!(run.lessons_of(0).len(), run.trained[0].taught.len());
        // A report stopped at once: each species, searched at once, ends after its
        // first chunk with the best so far, in the order asked.
        runs.start(target, vec![Species::Tiger, Species::Cow], Settings::new(1, 1, 2_000), || {});
        runs.stop();
        wait(&mut runs);
        let run = runs.run.as_ref().unwrap();
        let species: Vec<Species> = run.trained.iter().map(|t| t.species).collect();
        assert_eq!(species, [Species::Tiger, Species::Cow], "each species searched, in its place");
        for t in &run.trained {
            assert!(t.stopped && t.tried < 2_000, "{}: {} tried", t.species, t.tried);
        }
    }

    /// A report's rows come one by one, each as its species' search ends: the first is
    /// heard while the report still runs (its word held back, the report cannot end),
    /// and each row takes its place in the order asked.
    #[test]
    fn a_reports_rows_come_one_by_one_each_in_its_place() {
        use std::sync::Mutex;
        use std::sync::atomic::AtomicUsize;

        let tmp = crate::test_support::example_copy();
        let target = tmp.path().join("projects/example/targets/kind.target.ron");
        let (open, gate) = channel::<()>();
        let gate = Mutex::new(gate);
        let words = AtomicUsize::new(0);
        let asked = vec![Species::Tiger, Species::Cow, Species::Sheep];
        let mut runs = TrainRuns::default();
        runs.start(target, asked.clone(), Settings::new(1, 1, 40), move || {
            // The first word is the species; the second, the first row: its thread
            // waits here until the test lets it go.
            if words.fetch_add(1, Ordering::SeqCst) == 1 {
                let _ = gate.lock().unwrap().recv();
            }
        });
        let start = Instant::now();
        while runs.run.as_ref().is_some_and(|r| r.trained.is_empty()) && start.elapsed() < Duration::from_secs(120) {
            runs.poll();
            std::thread::sleep(Duration::from_millis(5));
        }
        let run = runs.run.as_ref().unwrap();
        assert!(!run.trained.is_empty(), "a row came");
        assert!(run.running() && run.pooled(), "the first row is heard before the report ends");
        assert_eq!(run.lessons_of(0).len(), run.trained[0].taught.len());
        let first = run.trained[0].species;
        open.send(()).unwrap();
        wait(&mut runs);
        let run = runs.run.as_ref().unwrap();
        let species: Vec<Species> = run.trained.iter().map(|t| t.species).collect();
        assert_eq!(species, asked, "every row in its place, {first} first to come");
        for (i, t) in run.trained.iter().enumerate() {
            assert_eq!(run.lessons_of(i).len(), t.taught.len(), "{}'s lessons in words", t.species);
            assert!(!t.stopped && t.tried > 0, "{} searched to its end", t.species);
        }
    }

    #[test]
    fn a_broken_target_says_its_problems() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("broken.target.ron");
        std::fs::write(&path, "(species: \"Cow\", seconds: oops)").unwrap();
        let mut runs = TrainRuns::default();
        runs.start(path, Vec::new(), Settings::new(1, 1, 10), || {});
        wait(&mut runs);
        let problems = runs.run.as_ref().unwrap().failed.as_ref().expect("problems");
        assert_eq!(problems[0].line, 1);
    }
}
