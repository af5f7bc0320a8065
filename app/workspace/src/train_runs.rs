//! A training search (SPEC §22) run off the editor's thread: the worker loads the
//! target and searches for each species asked, one after the other, and says how the
//! search stands after each chunk of scripts, then what it found for the species. The
//! editor stays responsive, shows the progress and can stop the search, which then ends
//! with the best script tried so far. A script found is kept as a lesson script with a
//! comment saying where it came from, as `train -o` writes it.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::time::Instant;

use creature_core::error::LoadError;
use creature_core::names::Species;
use creature_core::train::{self, Progress, Settings, Trained, Trainer};
use creature_core::words;

/// What the worker tells the editor.
enum Heard {
    /// The species to search, once the target is loaded.
    Species(Vec<Species>),
    /// The lessons the trainer may give the next species, in words.
    Lessons(Vec<String>),
    Progress(Progress),
    /// What the search found for the next species.
    Trained(Box<Trained>),
    Failed(Vec<LoadError>),
    Ended,
}

/// One search, going on or ended.
pub struct TrainRun {
    pub target: PathBuf,
    /// The species searched, in order: the target's own, or those asked for a report.
    pub species: Vec<Species>,
    pub settings: Settings,
    /// What was found for each species done, in order.
    pub trained: Vec<Trained>,
    /// The problems of the target's file, which stop the search before it starts.
    pub failed: Option<Vec<LoadError>>,
    /// Every lesson the trainer may give the species searched now; a script names them
    /// by number.
    pub lessons: Vec<String>,
    /// How the species searched now stood when it last said.
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
        self.running().then(|| self.species.get(self.trained.len()).copied()).flatten()
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

    /// The lessons of what was found for species `i`, in words.
    #[must_use]
    pub fn lessons_of(&self, i: usize) -> Vec<String> {
        self.trained.get(i).map_or_else(Vec::new, |t| t.taught.iter().map(|&l| self.lesson(l)).collect())
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
                Heard::Trained(t) => {
                    self.progress = None;
                    self.trained.push(*t);
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
    /// something to say (the editor asks for a redraw). A search already going is
    /// stopped: the new one replaces it.
    pub fn start(
        &mut self,
        target: PathBuf,
        species: Vec<Species>,
        settings: Settings,
        wake: impl Fn() + Send + 'static,
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

    /// Asks the search going on to stop after the chunk it tries: the species searched
    /// now ends with the best script tried so far, and the rest are not searched.
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
fn search(path: &Path, asked: Vec<Species>, s: &Settings, stop: &AtomicBool, say: &dyn Fn(Heard) -> bool) {
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
    for sp in species {
        let target = match loaded.for_species(sp) {
            Ok(t) => t,
            Err(e) => {
                say(Heard::Failed(vec![LoadError::whole_file(loaded.scenario.file.clone(), e)]));
                break;
            }
        };
        let trainer = Trainer::new(&target);
        if !say(Heard::Lessons(trainer.moves().moves.iter().map(train::moves::Move::describe).collect())) {
            return;
        }
        let found = trainer.train_watched(s, &mut |p| say(Heard::Progress(p.clone())) && !stop.load(Ordering::Relaxed));
        let stopped = found.stopped;
        if !say(Heard::Trained(Box::new(found))) || stopped {
            break;
        }
    }
    say(Heard::Ended);
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
        // Stopped at once: it ends after its first chunk with the best so far, and the
        // species after it are not searched.
        runs.start(target, vec![Species::Cow, Species::Tiger], Settings::new(1, 1, 2_000), || {});
        runs.stop();
        wait(&mut runs);
        let run = runs.run.as_ref().unwrap();
        assert_eq!(run.trained.len(), 1, "the Tiger is not searched");
        assert!(run.trained[0].stopped && run.trained[0].tried < 2_000, "{} tried", run.trained[0].tried);
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
