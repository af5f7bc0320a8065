//! The search for the fewest lessons that reach a target (SPEC §22). A trial plays a
//! lesson script on the target's creature ([`run_script`], as `teach` and the Lesson
//! panel do), then lives the target's `seconds` in its world and measures the
//! expectations there ([`crate::scenario::run_to`], as `scenario run` does), ending as
//! soon as the verdict and every failed reading are known.
//!
//! Shortest first: no lesson, then every single lesson, then each of the few scripts
//! nearest to holding made one lesson longer (a beam), until a script holds on every
//! seed or the budget of scripts is spent. A script is tried seed after seed and given
//! up at the first seed it fails. The scripts of one length are tried in parallel
//! (rayon) and their results kept in their order, so the answer is the same on any
//! number of threads; [`train_each`] puts a report's species in the same pool.
//!
//! Scripts of one length share their beginnings: all but their last lesson is one of the
//! beam's scripts, played once per seed on the newborn and kept ([`Beginning`]), and each
//! script's trial goes on from a copy. The scripts of a beginning are tried one after
//! another, so it is reused while it is at hand, and dropped with its length.

use std::sync::{Arc, OnceLock};

use rayon::prelude::*;

use super::moves::{Moves, desires_of, moves_for, script};
use super::target::LoadedTarget;
use crate::creature::Creature;
use crate::creature::lesson::{ScriptPlayer, ScriptRun, run_script};
use crate::mind::desire::TURNS_PER_SECOND;
use crate::mind::script::LessonScript;
use crate::names::Species;
use crate::scenario::{Expect, Measured, Observed, Outcome, Stop};
use crate::world::sim::{Setting, Sim};

/// Seeds a target must hold on by default.
pub const DEFAULT_SEEDS: usize = 8;

/// Scripts tried per species by default.
pub const DEFAULT_BUDGET: usize = 2_000;

/// The first seed by default: a search's seeds are `FIRST_SEED`, `FIRST_SEED + 1`, ...
pub const FIRST_SEED: u64 = 1;

/// The most seeds a target may be asked to hold on.
pub const MAX_SEEDS: usize = 256;

/// The most scripts a search may try per species.
pub const MAX_BUDGET: usize = 1_000_000;

/// How many of the scripts of one length nearest to holding are made one lesson longer.
pub const BEAM: usize = 4;

/// Scripts tried together before looking for one that holds: a fixed number, so that
/// the scripts tried, and the one found, are the same on any number of threads.
pub const CHUNK: usize = 32;

/// How the search is bounded.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The seeds a script must hold on, each a newborn's birth and its run.
    pub seeds: Vec<u64>,
    /// The most scripts tried.
    pub budget: usize,
}

impl Settings {
    /// `count` seeds from `first` on, and the budget.
    #[must_use]
    pub fn new(first: u64, count: usize, budget: usize) -> Settings {
        Settings { seeds: (0..count as u64).map(|i| first.wrapping_add(i)).collect(), budget }
    }
}

/// The expectation nearest to holding in the best script tried, and what it measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Closest {
    pub index: usize,
    pub observed: Observed,
    /// Why it failed, in the designer's words.
    pub why: Option<String>,
}

/// What the search found for one species.
#[derive(Clone, Debug)]
pub struct Trained {
    pub species: Species,
    /// The fewest lessons that made the target hold on every seed; `None` when no
    /// script tried did.
    pub lessons: Option<usize>,
    /// The seeds the script held on: all of them for a script found, else those the
    /// best script tried held on.
    pub held: usize,
    pub seeds: usize,
    /// Scripts tried.
    pub tried: usize,
    /// Runs made: a script is run once per seed until its first failing seed.
    pub runs: usize,
    /// Turns lived by those runs, each ended once its verdict was known.
    pub turns: u64,
    /// True when the watcher stopped the search before its budget was spent.
    pub stopped: bool,
    /// For a target not reached: the expectation nearest to holding.
    pub closest: Option<Closest>,
    /// The script found, or the best script tried.
    pub script: LessonScript,
    /// Its lessons: numbers into [`Trainer::moves`].
    pub taught: Vec<usize>,
}

/// How a search stands, told after each chunk of scripts.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub tried: usize,
    pub budget: usize,
    pub runs: usize,
    /// The script nearest to holding so far: lesson numbers into [`Trainer::moves`].
    pub best: Vec<usize>,
    /// The seeds it held on, before the first it failed.
    pub best_held: usize,
    pub seeds: usize,
}

/// One script's trials.
#[derive(Clone, Debug)]
struct Tried {
    /// Seeds held before the first that failed.
    held: usize,
    /// How far the failing seed's expectations were from holding, summed.
    shortfall: f64,
    /// The failing seed's expectations (the last seed's when all held).
    measured: Vec<Measured>,
    runs: usize,
    /// Turns the runs lived.
    turns: u64,
}

impl Tried {
    /// Nearer to holding first: more seeds held, then a smaller shortfall.
    fn cmp_nearer(&self, other: &Tried) -> std::cmp::Ordering {
        other.held.cmp(&self.held).then(self.shortfall.total_cmp(&other.shortfall))
    }
}

/// How far one measured expectation is from holding: 0 when it holds, the distance of a
/// number from its bounds, 1 for a wrong yes or no.
#[must_use]
pub fn shortfall(passed: bool, observed: Observed, bounds: Option<(Option<f64>, Option<f64>)>) -> f64 {
    if passed {
        return 0.0;
    }
    match (observed, bounds) {
        (Observed::Number(v), Some((min, max))) if v.is_finite() => {
            let below = min.map_or(0.0, |lo| (lo - v).max(0.0));
            let above = max.map_or(0.0, |hi| (v - hi).max(0.0));
            // Within its bounds yet failed (a tree's root): as far as a wrong answer.
            if below + above > 0.0 { below + above } else { 1.0 }
        }
        (Observed::Number(_), _) => 1.0e6,
        _ => 1.0,
    }
}

/// The state a script's first lessons leave on the creature born with one seed: the
/// creature taught them, the teaching between lessons, and how many of the script's
/// events they are. A trial goes on from a copy ([`Trainer::trial_from`]).
#[derive(Clone, Debug)]
pub struct Beginning {
    creature: Creature,
    player: ScriptPlayer,
    events: usize,
}

/// The beginning of the scripts of one length that start with `lessons`: one per seed,
/// each made when a trial first needs it.
struct Start {
    lessons: Vec<usize>,
    seeds: Vec<OnceLock<Beginning>>,
}

impl Start {
    fn new(lessons: Vec<usize>, seeds: usize) -> Start {
        Start { lessons, seeds: (0..seeds).map(|_| OnceLock::new()).collect() }
    }
}

/// Each target's search (a report's species), the species and their scripts in one pool
/// of threads: each finds what [`Trainer::train`] finds alone, and they come back in the
/// targets' order, on any number of threads. `done` hears each search as it ends, with
/// its place among the targets.
pub fn train_each(
    targets: &[LoadedTarget],
    settings: &Settings,
    done: &(dyn Fn(usize, &Trained) + Sync),
) -> Vec<Trained> {
    train_each_while(targets, settings, &|| true, &|i, _, found| done(i, found))
}

/// [`train_each`], each search asking `go_on` after each chunk of its scripts and
/// stopping, with the best script it tried, once it answers false; `done` hears each
/// search as it ends with its trainer too (the lessons its script's numbers name). Left
/// to go on, each finds what [`Trainer::train`] finds.
pub fn train_each_while(
    targets: &[LoadedTarget],
    settings: &Settings,
    go_on: &(dyn Fn() -> bool + Sync),
    done: &(dyn Fn(usize, &Trainer<'_>, &Trained) + Sync),
) -> Vec<Trained> {
    targets
        .par_iter()
        .enumerate()
        .map(|(i, t)| {
            let trainer = Trainer::new(t);
            let found = trainer.train_watched(settings, &mut |_| go_on());
            done(i, &trainer, &found);
            found
        })
        .collect()
}

/// The trainer of one target: its world built once, the lessons it may give.
pub struct Trainer<'t> {
    target: &'t LoadedTarget,
    setting: Setting,
    moves: Moves,
    phase: u8,
}

impl<'t> Trainer<'t> {
    #[must_use]
    pub fn new(target: &'t LoadedTarget) -> Trainer<'t> {
        let phase = target.creature(0).phase;
        let desires = desires_of(&target.target.expect);
        let moves = moves_for(&target.data, &target.world, &desires, phase);
        let setting = Setting::new(&target.data, target.world.clone());
        Trainer { target, setting, moves, phase }
    }

    /// The lessons it may give.
    #[must_use]
    pub fn moves(&self) -> &Moves {
        &self.moves
    }

    /// The script of the lessons numbered `lessons`, for a newborn born with `seed`.
    #[must_use]
    pub fn script(&self, lessons: &[usize], seed: u64) -> LessonScript {
        let picked: Vec<&super::moves::Move> = lessons.iter().map(|&i| &self.moves.moves[i]).collect();
        script(self.target.target.species, seed, self.phase, &picked, &self.moves)
    }

    /// One trial: `lessons` played on the creature born with `seed`, then its run in the
    /// world with `seed`, its expectations measured; the run ends once each is read for
    /// good ([`Stop::Settled`]: what a search weighs, the verdict of the whole run).
    #[must_use]
    pub fn trial(&self, lessons: &LessonScript, seed: u64) -> Outcome {
        self.trial_to(lessons, seed, Stop::Settled)
    }

    /// [`Trainer::trial`], its run ended as `stop` allows ([`Stop::AtEnd`]: the whole
    /// target's `seconds`).
    #[must_use]
    pub fn trial_to(&self, lessons: &LessonScript, seed: u64, stop: Stop) -> Outcome {
        let mut creature = self.target.creature(seed);
        run_script(lessons, &self.target.data, &mut creature);
        self.live(creature, seed, stop)
    }

    /// The state the lessons numbered `lessons` leave on the creature born with `seed`,
    /// to go on from.
    #[must_use]
    pub fn begin(&self, lessons: &[usize], seed: u64) -> Beginning {
        let s = self.script(lessons, seed);
        let mut creature = self.target.creature(seed);
        let mut player = ScriptPlayer::default();
        player.play(&s.events, &s.objects, &self.target.data, &mut creature);
        // A trial reads the creature, not the account of its lessons.
        player.run = ScriptRun::default();
        Beginning { creature, player, events: s.events.len() }
    }

    /// [`Trainer::trial_to`] of a script that starts with the lessons `from` was made
    /// of, for the same seed: the rest of the script played on a copy of the state they
    /// left, then the run. The outcome is the whole script's.
    #[must_use]
    pub fn trial_from(&self, from: &Beginning, lessons: &LessonScript, seed: u64, stop: Stop) -> Outcome {
        let mut creature = from.creature.clone();
        let mut player = from.player.clone();
        let rest = lessons.events.get(from.events..).unwrap_or_default();
        player.play(rest, &lessons.objects, &self.target.data, &mut creature);
        self.live(creature, seed, stop)
    }

    /// The run of a creature taught its lessons, in the target's world.
    fn live(&self, creature: Creature, seed: u64, stop: Stop) -> Outcome {
        let mut sim = Sim::in_setting(Arc::clone(&self.target.data), creature, seed, &self.setting);
        sim.record(true);
        crate::scenario::run_to(&mut sim, &self.target.scenario, stop)
    }

    /// The script of `lessons`, which start with `start`'s, tried seed after seed from
    /// their kept beginnings, up to the first seed it fails.
    fn try_lessons(&self, lessons: &[usize], seeds: &[u64], start: &Start) -> Tried {
        let s = self.script(lessons, seeds.first().copied().unwrap_or(0));
        let mut tried = Tried { held: 0, shortfall: 0.0, measured: Vec::new(), runs: 0, turns: 0 };
        for (&seed, kept) in seeds.iter().zip(&start.seeds) {
            let from = kept.get_or_init(|| self.begin(&start.lessons, seed));
            let outcome = self.trial_from(from, &s, seed, Stop::Settled);
            tried.runs += 1;
            tried.turns += (outcome.sim_time * TURNS_PER_SECOND).round() as u64;
            tried.measured = outcome.expectations;
            if !outcome.passed {
                tried.shortfall = self.shortfall_of(&tried.measured);
                break;
            }
            tried.held += 1;
        }
        tried
    }

    fn shortfall_of(&self, measured: &[Measured]) -> f64 {
        let expect = &self.target.target.expect;
        measured.iter().map(|m| shortfall(m.passed, m.observed, expect.get(m.index).and_then(Expect::bounds))).sum()
    }

    /// The seeds `lessons` holds on, of all of them.
    fn held_on(&self, lessons: &[usize], seeds: &[u64]) -> usize {
        let s = self.script(lessons, seeds.first().copied().unwrap_or(0));
        seeds.par_iter().filter(|&&seed| self.trial_to(&s, seed, Stop::Verdict).passed).count()
    }

    /// Searches for the fewest lessons that make the target hold on every seed, trying at
    /// most `settings.budget` scripts.
    #[must_use]
    pub fn train(&self, settings: &Settings) -> Trained {
        self.train_watched(settings, &mut |_| true)
    }

    /// [`Trainer::train`], telling `watch` how the search stands after each chunk of
    /// scripts; the search stops early when `watch` answers false, with the best script
    /// tried so far. What is tried does not depend on the watcher, so a search left to
    /// finish gives what `train` gives.
    pub fn train_watched(&self, settings: &Settings, watch: &mut dyn FnMut(&Progress) -> bool) -> Trained {
        let seeds = &settings.seeds;
        let (mut tried, mut runs, mut turns, mut stopped) = (0, 0, 0, false);
        let mut best: Option<(Vec<usize>, Tried)> = None;
        let mut beam: Vec<Vec<usize>> = Vec::new();
        let mut found = None;
        for length in 0.. {
            // Each script with the number of the beginning it shares.
            let (starts, mut scripts): (Vec<Start>, Vec<(usize, Vec<usize>)>) = if length == 0 {
                (vec![Start::new(Vec::new(), seeds.len())], vec![(0, Vec::new())])
            } else {
                let scripts = (beam.iter().enumerate())
                    .flat_map(|(b, p)| (0..self.moves.moves.len()).map(move |m| (b, [p.as_slice(), &[m]].concat())))
                    .collect();
                (beam.iter().map(|p| Start::new(p.clone(), seeds.len())).collect(), scripts)
            };
            scripts.truncate(settings.budget.saturating_sub(tried));
            if scripts.is_empty() {
                break;
            }
            let mut results: Vec<Tried> = Vec::with_capacity(scripts.len());
            for chunk in scripts.chunks(CHUNK) {
                let start = results.len();
                let tried_now = chunk.par_iter().map(|(b, l)| self.try_lessons(l, seeds, &starts[*b]));
                results.extend(tried_now.collect::<Vec<_>>());
                tried += chunk.len();
                runs += results[start..].iter().map(|r| r.runs).sum::<usize>();
                turns += results[start..].iter().map(|r| r.turns).sum::<u64>();
                if let Some(i) = results[start..].iter().position(|r| r.held == seeds.len()) {
                    found = Some((scripts[start + i].1.clone(), results[start + i].clone()));
                } else {
                    // The first of the nearest, in the order tried: the same script
                    // whatever the chunks.
                    let nearest = (start..results.len())
                        .min_by(|&a, &b| results[a].cmp_nearer(&results[b]).then(a.cmp(&b)))
                        .unwrap_or(start);
                    if best.as_ref().is_none_or(|(_, b)| results[nearest].cmp_nearer(b).is_lt()) {
                        best = Some((scripts[nearest].1.clone(), results[nearest].clone()));
                    }
                }
                if found.is_some() {
                    break;
                }
                let progress = Progress {
                    tried,
                    budget: settings.budget,
                    runs,
                    best: best.as_ref().map(|(l, _)| l.clone()).unwrap_or_default(),
                    best_held: best.as_ref().map_or(0, |(_, t)| t.held),
                    seeds: seeds.len(),
                };
                if !watch(&progress) {
                    stopped = true;
                    break;
                }
            }
            if found.is_some() || stopped {
                break;
            }
            let mut order: Vec<usize> = (0..scripts.len()).collect();
            order.sort_by(|&a, &b| results[a].cmp_nearer(&results[b]).then(a.cmp(&b)));
            beam = order.iter().take(BEAM).map(|&i| scripts[i].1.clone()).collect();
        }
        let species = self.target.target.species;
        let first_seed = seeds.first().copied().unwrap_or(0);
        match (found, best) {
            (Some((lessons, _)), _) => Trained {
                species,
                lessons: Some(lessons.len()),
                held: seeds.len(),
                seeds: seeds.len(),
                tried,
                runs,
                turns,
                stopped,
                closest: None,
                script: self.script(&lessons, first_seed),
                taught: lessons,
            },
            (None, best) => {
                let (lessons, t) = best.unwrap_or_default();
                let closest = self.closest(&t.measured);
                Trained {
                    species,
                    lessons: None,
                    held: self.held_on(&lessons, seeds),
                    seeds: seeds.len(),
                    tried,
                    runs,
                    turns,
                    stopped,
                    closest,
                    script: self.script(&lessons, first_seed),
                    taught: lessons,
                }
            }
        }
    }

    /// The failing expectation nearest to holding (the first of equals).
    fn closest(&self, measured: &[Measured]) -> Option<Closest> {
        let expect = &self.target.target.expect;
        measured
            .iter()
            .filter(|m| !m.passed)
            .map(|m| (shortfall(m.passed, m.observed, expect.get(m.index).and_then(Expect::bounds)), m))
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.index.cmp(&b.1.index)))
            .map(|(_, m)| Closest { index: m.index, observed: m.observed, why: m.why.clone() })
    }
}

impl Default for Tried {
    fn default() -> Tried {
        Tried { held: 0, shortfall: f64::INFINITY, measured: Vec::new(), runs: 0, turns: 0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(name: &str, text: &str) -> LoadedTarget {
        let dir = crate::fsutil::scratch_dir(name);
        let path = dir.join("t.target.ron");
        std::fs::write(&path, text).unwrap();
        super::super::load(&path).unwrap()
    }

    fn in_threads(n: usize, t: &LoadedTarget, s: &Settings) -> Trained {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(n).build().unwrap();
        pool.install(|| Trainer::new(t).train(s))
    }

    #[test]
    fn a_number_falls_short_by_its_distance_from_the_bounds() {
        let n = Observed::Number;
        assert_eq!(shortfall(false, n(0.25), Some((Some(0.5), None))), 0.25);
        assert_eq!(shortfall(false, n(3.0), Some((Some(0.5), Some(1.0)))), 2.0);
        assert_eq!(shortfall(true, n(0.7), Some((Some(0.5), None))), 0.0);
        assert_eq!(shortfall(false, n(0.7), Some((Some(0.5), None))), 1.0, "within its bounds yet failed");
        assert_eq!(shortfall(false, Observed::Known(false), None), 1.0);
    }

    #[test]
    fn an_unreachable_target_stops_at_its_budget_and_names_the_expectation_nearest_to_holding() {
        // Fifty plans of Compassion in ten seconds cannot be; the liking can be anything.
        let t = target(
            "train-unreachable",
            "(species: \"Cow\", phase: 11, seconds: 10.0, expect: [\
             Plans(from: 0.0, to: 10.0, desire: \"Compassion\", min: 50), Liking(at: 10.0, max: 0.9)])",
        );
        let s = Settings::new(1, 2, 7);
        let one = in_threads(1, &t, &s);
        assert_eq!((one.lessons, one.tried, one.held), (None, 7, 0));
        let closest = one.closest.clone().unwrap();
        assert_eq!(closest.index, 0, "{closest:?}");
        assert!(matches!(closest.observed, Observed::Number(n) if n < 50.0), "{closest:?}");
        assert!(closest.why.unwrap().contains("below 50"));
        let two = in_threads(2, &t, &s);
        assert_eq!((two.tried, two.runs, two.closest), (one.tried, one.runs, one.closest));
        assert_eq!(two.script, one.script, "the same answer on any number of threads");
    }

    #[test]
    fn a_watched_search_stops_when_asked_and_left_alone_finds_what_train_finds() {
        let t = target(
            "train-watched",
            "(species: \"Cow\", phase: 11, seconds: 10.0, expect: [\
             Plans(from: 0.0, to: 10.0, desire: \"Compassion\", min: 50)])",
        );
        let s = Settings::new(1, 2, 40);
        let trainer = Trainer::new(&t);
        let mut seen = Vec::new();
        let watched = trainer.train_watched(&s, &mut |p| {
            seen.push((p.tried, p.best_held, p.budget));
            true
        });
        let plain = trainer.train(&s);
        assert_eq!((watched.tried, watched.runs, watched.stopped), (plain.tried, plain.runs, false));
        assert_eq!(watched.script, plain.script);
        assert!(seen.windows(2).all(|w| w[0].0 < w[1].0), "{seen:?}");
        assert_eq!(seen.last().map(|p| (p.0, p.2)), Some((40, 40)), "told after the last chunk: {seen:?}");
        let mut calls = 0;
        let cut = trainer.train_watched(&s, &mut |_| {
            calls += 1;
            calls < 2
        });
        assert!(cut.stopped);
        assert_eq!((cut.tried, cut.lessons), (seen[1].0, None), "stopped after the second chunk");
        assert!(cut.closest.is_some(), "a stopped search still names the expectation nearest to holding");
    }

    fn example_target() -> LoadedTarget {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example/targets/kind.target.ron");
        super::super::load(&path).unwrap()
    }

    #[test]
    fn a_trial_from_a_shared_beginning_is_the_whole_scripts_trial() {
        let t = example_target();
        let trainer = Trainer::new(&t);
        let moves = trainer.moves().moves.len();
        let mut compared = 0;
        for prefix in [vec![], vec![0], vec![moves / 2, 3]] {
            for seed in [1, 2] {
                let from = trainer.begin(&prefix, seed);
                for m in (0..moves).step_by(11) {
                    let lessons = [prefix.as_slice(), &[m]].concat();
                    let script = trainer.script(&lessons, 1);
                    // The creature taught the rest of the script from the beginning is the
                    // creature taught the whole script.
                    let mut whole = t.creature(seed);
                    run_script(&script, &t.data, &mut whole);
                    assert_eq!(trainer.begin(&lessons, seed).creature, whole, "{lessons:?} seed {seed}");
                    let shared = trainer.trial_from(&from, &script, seed, Stop::AtEnd);
                    let alone = trainer.trial_to(&script, seed, Stop::AtEnd);
                    assert_eq!(
                        (shared.passed, &shared.expectations, shared.sim_time, shared.plans),
                        (alone.passed, &alone.expectations, alone.sim_time, alone.plans),
                        "{lessons:?} seed {seed}"
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared >= 30, "{compared}");
    }

    #[test]
    fn a_reports_species_in_one_pool_find_what_each_finds_alone_on_any_number_of_threads() {
        let t = target(
            "train-each",
            "(species: \"Cow\", phase: 11, seconds: 20.0, expect: [\
             Plans(from: 0.0, to: 20.0, desire: \"Compassion\", why: Chosen, min: 1)])",
        );
        let targets: Vec<LoadedTarget> =
            [Species::Cow, Species::Tiger, Species::Ape].iter().map(|s| t.for_species(*s).unwrap()).collect();
        let s = Settings::new(1, 2, 12);
        let heard = std::sync::Mutex::new(Vec::new());
        let each = |n: usize| {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(n).build().unwrap();
            pool.install(|| train_each(&targets, &s, &|i, _| heard.lock().unwrap().push(i)))
        };
        let alone: Vec<Trained> = targets.iter().map(|t| Trainer::new(t).train(&s)).collect();
        for found in [each(1), each(2)] {
            assert_eq!(found.len(), alone.len());
            for (f, a) in found.iter().zip(&alone) {
                assert_eq!(
                    (f.species, f.lessons, f.tried, f.runs, f.held),
                    (a.species, a.lessons, a.tried, a.runs, a.held)
                );
                assert_eq!((&f.script, &f.taught, &f.closest), (&a.script, &a.taught, &a.closest));
            }
        }
        let mut heard = heard.into_inner().unwrap();
        heard.sort_unstable();
        assert_eq!(heard, [0, 0, 1, 1, 2, 2], "each species heard once a pool");
    }

    #[test]
    fn a_target_that_holds_untaught_needs_no_lesson() {
        let t = target("train-none", "(species: \"Cow\", seconds: 1.0, expect: [Liking(at: 1.0, max: 0.5)])");
        let found = Trainer::new(&t).train(&Settings::new(1, 3, 10));
        assert_eq!((found.lessons, found.held, found.tried), (Some(0), 3, 1));
        assert!(found.script.events.is_empty());
    }
}
