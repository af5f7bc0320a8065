//! A run ended when its verdict is known (SPEC §16, §22) gives the verdict of the whole
//! run. Every example scenario and target is run three ways, lived out, ended once each
//! reading is final ([`Stop::Settled`]) and ended once the verdict is ([`Stop::Verdict`]),
//! as shipped and with each count's bounds moved so that it fails (a `max` passed before
//! the window ends, a `min` not reached) or holds as soon as it is reached.

use std::path::{Path, PathBuf};

use creature_core::scenario::file::{Counted, Expect, Loaded, load};
use creature_core::scenario::{Observed, Outcome, Stop, prepare, run_to};
use creature_core::train::{self, Settings, Trainer};

fn files(dir: &str, suffix: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}", dir.display());
    files
}

/// How often each way ended before the run's end.
#[derive(Default)]
struct Early {
    settled: usize,
    verdict: usize,
    compared: usize,
}

impl Early {
    /// Checks the two early ways against the run lived out.
    fn compare(&mut self, what: &str, full: &Outcome, settled: &Outcome, verdict: &Outcome) {
        assert_eq!(settled.passed, full.passed, "{what}: settled");
        assert_eq!(verdict.passed, full.passed, "{what}: verdict");
        assert_eq!(settled.expectations.len(), full.expectations.len(), "{what}: every expectation read");
        for (m, s) in full.expectations.iter().zip(&settled.expectations) {
            assert_eq!((s.index, s.passed), (m.index, m.passed), "{what}: expectation {}", m.index);
            if !m.passed {
                assert_eq!(s.observed, m.observed, "{what}: a failed reading is the whole run's");
                assert_eq!(s.why, m.why, "{what}");
            }
        }
        assert!(verdict.sim_time <= settled.sim_time && settled.sim_time <= full.sim_time, "{what}");
        self.settled += usize::from(settled.sim_time < full.sim_time);
        self.verdict += usize::from(verdict.sim_time < full.sim_time);
        self.compared += 1;
    }
}

/// The expectation's bounds moved round `n`, what it counted in the whole run: a `max`
/// below it, a `min` above it, and a `min` of it; `None` for an expectation that counts
/// nothing.
fn moved(e: &Expect, n: f64) -> Vec<Expect> {
    let counts =
        matches!(e, Expect::Plans { .. } | Expect::Count { of: Counted::Plans { .. } | Counted::Lessons { .. }, .. });
    if !counts {
        return Vec::new();
    }
    let mut out = Vec::new();
    let bounds = [(None, Some(n - 1.0)), (Some(n + 1.0), None), (Some(n), None)];
    for (min, max) in bounds.into_iter().filter(|(_, max)| max.is_none_or(|m| m >= 0.0)) {
        let mut e = e.clone();
        if let Expect::Count { exactly, .. } = &mut e {
            *exactly = None;
        }
        let (lo, hi) = e.bounds_mut().unwrap();
        (*lo, *hi) = (min, max);
        out.push(e);
    }
    out
}

fn three_ways(loaded: &Loaded) -> [Outcome; 3] {
    [Stop::AtEnd, Stop::Settled, Stop::Verdict].map(|stop| {
        let mut p = prepare(loaded.clone()).unwrap();
        run_to(&mut p.sim, &p.loaded, stop)
    })
}

#[test]
fn every_example_scenario_ended_early_has_the_verdict_of_the_whole_run() {
    let mut early = Early::default();
    for path in files("../projects/example/scenarios", ".scenario.ron") {
        let loaded = load(&path).unwrap();
        let [full, settled, verdict] = three_ways(&loaded);
        assert!(full.passed, "{} passes as shipped", path.display());
        early.compare(&path.display().to_string(), &full, &settled, &verdict);
        for m in &full.expectations {
            let Observed::Number(n) = m.observed else { continue };
            for e in moved(&loaded.scenario.expect[m.index], n) {
                let mut turned = loaded.clone();
                let what = format!("{} #{}: {}", path.display(), m.index, e.describe());
                turned.scenario.expect[m.index] = e;
                let [full, settled, verdict] = three_ways(&turned);
                early.compare(&what, &full, &settled, &verdict);
            }
        }
    }
    assert!(early.compared > 60, "{} runs compared", early.compared);
    assert!(early.settled > 10 && early.verdict > early.settled, "{} {}", early.settled, early.verdict);
}

#[test]
fn every_example_targets_trials_ended_early_have_the_verdict_of_the_whole_trial() {
    let mut early = Early::default();
    for path in files("../projects/example/targets", ".target.ron") {
        let shipped = train::load(&path).unwrap();
        let mut targets = vec![shipped.clone()];
        let counts = shipped.target.expect.iter().enumerate();
        for (i, e) in counts.filter(|(_, e)| matches!(e, Expect::Plans { min: Some(_), .. })) {
            // A count that must stay below one that it reaches: it can no longer hold.
            for e in moved(e, 2.0).into_iter().take(1) {
                let mut t = shipped.clone();
                t.target.expect[i] = e.clone();
                t.scenario.scenario.expect[i] = e;
                targets.push(t);
            }
        }
        for target in &targets {
            let trainer = Trainer::new(target);
            let moves = trainer.moves().moves.len();
            let mut scripts: Vec<Vec<usize>> = vec![Vec::new()];
            scripts.extend((0..moves).step_by(9).map(|m| vec![m]));
            for lessons in &scripts {
                for seed in Settings::new(1, 2, 1).seeds {
                    let script = trainer.script(lessons, seed);
                    let [full, settled, verdict] =
                        [Stop::AtEnd, Stop::Settled, Stop::Verdict].map(|stop| trainer.trial_to(&script, seed, stop));
                    let what = format!("{} {lessons:?} seed {seed}", path.display());
                    early.compare(&what, &full, &settled, &verdict);
                    assert_eq!(trainer.trial(&script, seed).sim_time, settled.sim_time, "a trial ends once settled");
                }
            }
        }
    }
    assert!(early.settled > 0 && early.verdict > early.settled, "{} {}", early.settled, early.verdict);
}
