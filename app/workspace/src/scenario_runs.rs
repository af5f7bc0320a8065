//! The project's scenarios run off the editor's thread: a run of one or all of them goes
//! to a worker thread, which sends each scenario's result back as it finishes, so the
//! editor stays responsive and shows the progress.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};

use creature_core::error::LoadResult;
use creature_core::scenario::{Expect, Outcome, run_file};

/// What running one scenario gave: its outcome with its expectations as written, or the
/// problems of its file.
pub type Report = LoadResult<(Outcome, Vec<Expect>)>;

/// A run in progress.
struct Job {
    results: Receiver<(PathBuf, Report)>,
    queued: Vec<PathBuf>,
    done: usize,
}

/// The last result of each scenario run in this session, and the run in progress.
#[derive(Default)]
pub struct ScenarioRuns {
    pub reports: BTreeMap<PathBuf, Report>,
    job: Option<Job>,
}

impl ScenarioRuns {
    /// Runs `files` one after the other on a worker thread; `wake` is called after each
    /// result (the editor asks for a redraw). A run already going is left to finish
    /// unheard: the new one replaces it.
    pub fn start(&mut self, files: Vec<PathBuf>, wake: impl Fn() + Send + 'static) {
        let (tx, results) = channel();
        let queued = files.clone();
        std::thread::spawn(move || {
            for f in files {
                let report = run_file(&f, None);
                if tx.send((f, report)).is_err() {
                    return; // nobody listens: a newer run replaced this one
                }
                wake();
            }
        });
        self.job = Some(Job { results, queued, done: 0 });
    }

    /// Takes the results that arrived; true when any did.
    pub fn poll(&mut self) -> bool {
        let Some(job) = &mut self.job else { return false };
        let mut any = false;
        while let Ok((path, report)) = job.results.try_recv() {
            self.reports.insert(path, report);
            job.done += 1;
            any = true;
        }
        if job.done >= job.queued.len() {
            self.job = None;
        }
        any
    }

    /// While a run goes on: how many of how many scenarios are done.
    pub fn progress(&self) -> Option<(usize, usize)> {
        self.job.as_ref().map(|j| (j.done, j.queued.len()))
    }

    /// True when `path` waits in the run in progress (results come in queue order).
    pub fn is_queued(&self, path: &Path) -> bool {
        self.job.as_ref().is_some_and(|j| j.queued.iter().skip(j.done).any(|q| q == path))
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    #[test]
    fn scenarios_run_on_a_worker_and_report_one_by_one() {
        let dir = tempfile::tempdir().unwrap();
        let good = dir.path().join("a.scenario.ron");
        std::fs::write(&good, "(species: \"Cow\", seconds: 5.0, expect: [Liking(at: 5.0, max: 0.5)])").unwrap();
        let broken = dir.path().join("b.scenario.ron");
        std::fs::write(&broken, "(species: \"Cow\", seconds: oops)").unwrap();
        let mut runs = ScenarioRuns::default();
        runs.start(vec![good.clone(), broken.clone()], || {});
        assert_eq!(runs.progress().map(|p| p.1), Some(2));
        assert!(runs.is_queued(&good));
        let start = Instant::now();
        while runs.progress().is_some() && start.elapsed() < Duration::from_secs(30) {
            runs.poll();
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(runs.progress().is_none(), "the run ends");
        let (out, expect) = runs.reports[&good].as_ref().expect("the good scenario ran");
        assert!(out.passed && expect.len() == 1);
        let problems = runs.reports[&broken].as_ref().expect_err("the broken one has problems");
        assert_eq!(problems[0].line, 1);
        assert!(!runs.is_queued(&good));
    }
}
