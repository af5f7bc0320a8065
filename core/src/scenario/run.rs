//! Running a scenario (SPEC §16): the creature lives turn by turn; between turns the
//! inputs that are due fire in list order, and each expectation is measured at its turn.

use std::sync::Arc;

use serde::Serialize;

use super::check::check;
use super::file::{Act, Expect, HAND, Loaded, NO_QUESTION, Param, Started, Trigger};
use super::state::State;
use crate::cond::{Cond, Watch};
use crate::creature::Creature;
use crate::data::Data;
use crate::error::LoadResult;
use crate::mind::desire::TURNS_PER_SECOND;
use crate::mind::lesson::Lesson;
use crate::names::Desire;
use crate::world::file::WorldFile;
use crate::world::plan_filter::PlanFilter;
use crate::world::rules::Kind;
use crate::world::sim::{Event, Sim};

/// What an expectation measured: a number, or whether a skill or miracle is known.
#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
#[serde(untagged)]
pub enum Observed {
    Number(f64),
    Known(bool),
    /// Nothing to measure: a release that taught nothing, or none at that index.
    Nothing,
}

impl std::fmt::Display for Observed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Observed::Number(v) => write!(f, "{v:.4}"),
            Observed::Known(k) => write!(f, "{k}"),
            Observed::Nothing => write!(f, "nothing"),
        }
    }
}

/// One expectation's result.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Measured {
    pub index: usize,
    pub passed: bool,
    pub observed: Observed,
    /// Why a failed expectation failed, in the designer's words: what was measured
    /// against what was expected, and what lies behind it (a score's path through its
    /// tree, the plans a release weighed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

/// A finished run.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The claim the scenario checks: its leading comment, as one paragraph.
    pub claim: String,
    pub passed: bool,
    pub sim_time: f64,
    pub plans: u64,
    pub lessons: u64,
    pub expectations: Vec<Measured>,
    /// The state at the asked second, if one was asked for, or where the run stopped.
    pub state: Option<State>,
    /// The turn at which the run stopped because its `--break` condition fired.
    pub broke: Option<u64>,
    /// The simulation's events, for `--trace`.
    pub events: Vec<Event>,
    /// Inputs that could not be done when they fired (the creature was not held for a
    /// stroke, the object was out of reach), each as "input N at T s: why".
    pub refused: Vec<String>,
}

/// A plan started during the run, for `Plans` expectations.
struct Begun {
    t: f64,
    desire: Desire,
    action: String,
    object: String,
    kind: Option<Kind>,
    why: Started,
}

/// The data, world and creature a scenario runs with, loaded and checked.
pub struct Prepared {
    pub loaded: Loaded,
    pub sim: Sim,
}

/// The species data and the world a scenario names, loaded.
fn data_and_world(loaded: &Loaded) -> LoadResult<(Data, WorldFile)> {
    let sc = &loaded.scenario;
    let data = match &sc.species_dir {
        Some(d) => Data::load_dir(&loaded.resolve(d))?,
        None => Data::builtin()?,
    };
    let world = match &sc.world {
        Some(w) => WorldFile::load(&loaded.resolve(w), &data)?,
        None => WorldFile::builtin(&data)?,
    };
    Ok((data, world))
}

/// Every problem of the scenario file at `path` (`check`): its own, and those of the
/// files it names.
pub fn check_file(path: &std::path::Path) -> Vec<crate::error::LoadError> {
    let loaded = match super::file::load(path) {
        Ok(l) => l,
        Err(e) => return vec![e],
    };
    let checked = data_and_world(&loaded).and_then(|(data, world)| {
        check(&loaded, &data, &world)?;
        match &loaded.scenario.creature {
            Some(c) => Creature::load(&loaded.resolve(c), &data).map(|_| ()),
            None => Ok(()),
        }
    });
    checked.err().unwrap_or_default()
}

/// Loads what the scenario names, checks the file against it and builds the simulation.
pub fn prepare(loaded: Loaded) -> LoadResult<Prepared> {
    let (data, world) = data_and_world(&loaded)?;
    check(&loaded, &data, &world)?;
    let sc = &loaded.scenario;
    let mut creature = match &sc.creature {
        Some(c) => Creature::load(&loaded.resolve(c), &data)?,
        None => Creature::newborn(&data, sc.species, sc.seed),
    };
    if let Some(p) = sc.phase {
        creature.phase = p;
    }
    let mut sim = Sim::new(Arc::new(data), creature, world, sc.seed);
    sim.record(true);
    Ok(Prepared { loaded, sim })
}

/// Loads, checks and runs the scenario at `path` to its end (with the state at
/// `state_at`, which must not be after the end); also returns its expectations as
/// written, to show beside what was measured. The file's problems when it cannot run.
pub fn run_file(path: &std::path::Path, state_at: Option<f64>) -> LoadResult<(Outcome, Vec<Expect>)> {
    let loaded = super::file::load(path).map_err(|e| vec![e])?;
    check_state_at(path, &loaded, state_at)?;
    let expect = loaded.scenario.expect.clone();
    Ok((run(prepare(loaded)?, state_at), expect))
}

/// Refuses a state asked for outside the run.
pub fn check_state_at(path: &std::path::Path, loaded: &Loaded, state_at: Option<f64>) -> LoadResult<()> {
    if let Some(t) = state_at
        && !(t.is_finite() && (0.0..=loaded.scenario.seconds).contains(&t))
    {
        let message =
            format!("the state is asked at {t} s; expected 0 to the run's end at {} s", loaded.scenario.seconds);
        return Err(vec![crate::error::LoadError::whole_file(path.display().to_string(), message)]);
    }
    Ok(())
}

/// Turn number of a simulated second.
fn turn_of(t: f64) -> u64 {
    // Checked to lie in [0, a week]: a whole number well inside u64.
    (t * TURNS_PER_SECOND).round().max(0.0) as u64
}

/// What a scenario drives: the simulation itself, or a recorder around it
/// ([`crate::recording::Recorder`]), which keeps every step and input.
pub trait Drive {
    fn sim(&self) -> &Sim;
    /// One turn.
    fn step(&mut self);
    /// An input, now; a release returns its lesson.
    fn act(&mut self, act: &Act) -> Result<Option<Lesson>, String>;
    /// The simulation's events since the last call.
    fn take_events(&mut self) -> Vec<Event>;
}

impl Drive for Sim {
    fn sim(&self) -> &Sim {
        self
    }

    fn step(&mut self) {
        Sim::step(self);
    }

    fn act(&mut self, act: &Act) -> Result<Option<Lesson>, String> {
        self.apply(act)
    }

    fn take_events(&mut self) -> Vec<Event> {
        Sim::take_events(self)
    }
}

/// Runs a prepared scenario to its end; `state_at` asks for the state at that second.
pub fn run(p: Prepared, state_at: Option<f64>) -> Outcome {
    let Prepared { loaded, mut sim } = p;
    run_with(&mut sim, &loaded, state_at)
}

/// Runs the scenario `loaded` on `drive` (its simulation as [`prepare`] built it) to
/// its end; `state_at` asks for the state at that second.
pub fn run_with<D: Drive>(drive: &mut D, loaded: &Loaded, state_at: Option<f64>) -> Outcome {
    run_until(drive, loaded, state_at, None)
}

/// Like [`run_with`], stopping at the first turn at which `until` fires (SPEC §19,
/// `--break`): the outcome then holds the expectations measured so far, the turn it
/// stopped at, and the state there.
pub fn run_until<D: Drive>(drive: &mut D, loaded: &Loaded, state_at: Option<f64>, until: Option<Cond>) -> Outcome {
    let mut watch = until.map(Watch::new);
    let mut broke = None;
    let sc = &loaded.scenario;
    let end = turn_of(sc.seconds);
    let mut runner = Runner {
        drive,
        inputs: &sc.inputs,
        next: 0,
        fired_at: 0.0,
        seen: None,
        current: None,
        plan_count: 0,
        started: Vec::new(),
        lessons: Vec::new(),
        events: Vec::new(),
        refused: Vec::new(),
    };
    let mut measured: Vec<Option<Measured>> = vec![None; sc.expect.len()];
    // The turn each expectation is measured at, worked out once.
    let due: Vec<u64> = sc.expect.iter().map(|e| turn_of(e.at().unwrap_or(sc.seconds))).collect();
    let mut state = None;
    let mut watched = 0;
    for turn in 0..=end {
        runner.fire_due();
        if let Some(w) = &mut watch {
            let fired = w.fired(runner.drive.sim(), &runner.events[watched..]);
            watched = runner.events.len();
            if fired {
                broke = Some(turn);
                state = Some(State::of(runner.drive.sim()));
                break;
            }
        }
        for (i, e) in sc.expect.iter().enumerate() {
            if due[i] == turn {
                measured[i] = Some(runner.measure(i, e));
            }
        }
        if state_at.is_some_and(|t| turn_of(t) == turn) {
            state = Some(State::of(runner.drive.sim()));
        }
        if turn == end {
            break;
        }
        runner.drive.step();
        runner.absorb();
    }
    let Runner { refused, events, drive, .. } = runner;
    let sim = drive.sim();
    let expectations: Vec<Measured> = measured.into_iter().flatten().collect();
    let summary = sim.summary();
    Outcome {
        claim: super::file::claim(&loaded.text),
        passed: expectations.iter().all(|m| m.passed) && refused.is_empty(),
        sim_time: sim.time(),
        plans: summary.plans,
        lessons: summary.lessons,
        expectations,
        state,
        broke,
        events,
        refused,
    }
}

/// The run's bookkeeping between turns.
struct Runner<'a, D: Drive> {
    drive: &'a mut D,
    inputs: &'a [super::file::Input],
    /// The next input to fire.
    next: usize,
    /// When the previous input fired.
    fired_at: f64,
    /// When the next input's event was seen, if it waits for one.
    seen: Option<f64>,
    /// The plan under way: its desire and its number among the plans started.
    current: Option<(Desire, u64)>,
    plan_count: u64,
    started: Vec<Begun>,
    /// Every release's lesson, in order.
    lessons: Vec<Lesson>,
    events: Vec<Event>,
    refused: Vec<String>,
}

impl<D: Drive> Runner<'_, D> {
    /// Fires, in order, every input that is due now.
    fn fire_due(&mut self) {
        let now = self.drive.sim().time();
        while let Some(input) = self.inputs.get(self.next) {
            let due = match (input.at, input.after, &input.on) {
                (Some(t), _, _) => Some(t),
                (_, Some(s), _) => Some(self.fired_at + s),
                (_, _, Some(_)) => self.seen.map(|t| t + input.wait.unwrap_or(0.0)),
                _ => None,
            };
            if !due.is_some_and(|d| d <= now + 1e-9) {
                break;
            }
            match self.drive.act(&input.act) {
                Ok(Some(lesson)) => self.lessons.push(lesson),
                Ok(None) => {}
                Err(why) => self.refused.push(format!("input {} at {now:.1} s: {why}", self.next)),
            }
            self.next += 1;
            self.fired_at = now;
            self.seen = None;
            // An input may start a plan at once: its event belongs after this input.
            self.absorb();
        }
    }

    /// Takes the simulation's new events: plans started and ended, lessons; the next
    /// input's event is noted when it comes.
    fn absorb(&mut self) {
        let now = self.drive.sim().time();
        for e in self.drive.take_events() {
            match &e {
                Event::Plan { t, desire, action, object, why, .. } => {
                    self.plan_count += 1;
                    let kind =
                        self.drive.sim().village().find(object).map(|o| self.drive.sim().village().objects[o].kind);
                    self.started.push(Begun {
                        t: *t,
                        desire: *desire,
                        action: action.clone(),
                        object: object.clone(),
                        kind,
                        why: Started::of(*why),
                    });
                    if let Some((d, _)) = self.current.take() {
                        self.note(&Trigger::PlanEnded { desire: d }, *t);
                    }
                    self.current = Some((*desire, self.plan_count));
                    self.note(&Trigger::PlanStarted { desire: *desire }, *t);
                }
                Event::Lesson { t, .. } => self.note(&Trigger::Lesson, *t),
                _ => {}
            }
            self.events.push(e);
        }
        // A plan that is no longer under way (done, given up, or dropped after a
        // slap) has ended.
        if self.drive.sim().plan().is_none()
            && let Some((d, _)) = self.current.take()
        {
            self.note(&Trigger::PlanEnded { desire: d }, now);
        }
    }

    /// Notes that `event` happened at `t`, if the next input waits for it.
    fn note(&mut self, event: &Trigger, t: f64) {
        if self.seen.is_some() {
            return;
        }
        self.seen = self.wanted().filter(|w| w == event).map(|_| t);
    }

    /// The event the next input waits for.
    fn wanted(&self) -> Option<Trigger> {
        self.inputs.get(self.next).and_then(|i| i.on.clone())
    }

    /// Measures expectation `index` now.
    fn measure(&self, index: usize, e: &Expect) -> Measured {
        let observed = self.observe(e);
        let within = |v: f64, (min, max): (Option<f64>, Option<f64>)| {
            v.is_finite() && min.is_none_or(|m| v >= m) && max.is_none_or(|m| v <= m)
        };
        let passed = match (e, observed) {
            (Expect::Knows { known, .. }, Observed::Known(k)) => k == known.unwrap_or(true),
            (Expect::Active { active, .. }, Observed::Known(a)) => a == *active,
            (Expect::Lesson { index: i, desire, action, object, taught, .. }, _) => {
                self.lessons.get(*i).is_some_and(|l| {
                    let taught_fits = taught.is_none_or(|t| t == l.taught.is_some());
                    let no_filter = desire.is_none() && action.is_none() && object.is_none();
                    let plan_fits = no_filter
                        || l.taught.as_ref().is_some_and(|t| {
                            desire.is_none_or(|d| t.desire == d)
                                && action.as_ref().is_none_or(|a| &t.action == a)
                                && object.as_ref().is_none_or(|o| &t.object == o)
                        });
                    let value_fits = e.lesson_bounds().is_none_or(|b| l.lesson.is_some_and(|v| within(v, b)));
                    taught_fits && plan_fits && value_fits
                })
            }
            (Expect::Tree { root: Some(r), .. }, Observed::Number(v)) => {
                self.tree_root(e).is_some_and(|root| &root == r) && e.bounds().is_none_or(|b| within(v, b))
            }
            (_, Observed::Number(v)) => e.bounds().is_some_and(|b| within(v, b)),
            _ => false,
        };
        let why = (!passed).then(|| self.because(e, observed));
        Measured { index, passed, observed, why }
    }

    /// Why `e` failed on `observed`, in the designer's words.
    fn because(&self, e: &Expect, observed: Observed) -> String {
        let mut out = format!("{} was {observed}", e.describe());
        if let (Observed::Number(v), Some((min, max))) = (observed, e.bounds().or_else(|| e.lesson_bounds())) {
            if let Some(m) = min.filter(|m| v < *m) {
                out += &format!(", below {m}");
            }
            if let Some(m) = max.filter(|m| v > *m) {
                out += &format!(", above {m}");
            }
        }
        let sim = self.drive.sim();
        match e {
            Expect::Score { desire, tree, object, .. } => {
                if let Ok(path) = sim.score_path(*desire, *tree, object) {
                    let asked: Vec<String> =
                        path.steps.iter().map(|s| format!("{} ({})", s.question, s.answer)).collect();
                    out += &match (asked.is_empty(), path.verdict) {
                        (_, None) => ": the tree has no examples yet".to_owned(),
                        (true, Some(v)) => format!(": the tree is one leaf, verdict {v:+.2}"),
                        (false, Some(v)) => format!(": the tree asks {}; verdict {v:+.2}", asked.join(", then ")),
                    };
                }
            }
            Expect::Lesson { index, .. } | Expect::Credit { index, .. } => match self.lessons.get(*index) {
                None => out += &format!(": the run had {} releases", self.lessons.len()),
                Some(l) => {
                    let plans: Vec<String> = l
                        .credit
                        .iter()
                        .map(|c| format!("{:.2} {} {} {}", c.score, c.plan.desire, c.plan.action, c.plan.object))
                        .collect();
                    let remembered = if plans.is_empty() { "no plans".to_owned() } else { plans.join("; ") };
                    let taught = l
                        .taught
                        .as_ref()
                        .map_or("nothing".to_owned(), |t| format!("{} {} {}", t.desire, t.action, t.object));
                    out += &format!(": it remembered {remembered}, and taught {taught}");
                }
            },
            Expect::Tree { root: Some(_), .. } => {
                if let Some(r) = self.tree_root(e) {
                    out += &format!(": its root asks {r}");
                }
            }
            _ => {}
        }
        out
    }

    /// What expectation `e` measures now.
    fn observe(&self, e: &Expect) -> Observed {
        let sim = self.drive.sim();
        let c = sim.creature();
        let number = Observed::Number;
        match e {
            Expect::Score { desire, tree, object, .. } => {
                number(sim.object_score(*desire, *tree, object).unwrap_or(f64::NAN))
            }
            Expect::Desire { name, .. } => number(c.desire(*name).value),
            Expect::Opinion { action, .. } => number(c.opinions.get(action).copied().unwrap_or(0.0)),
            Expect::Liking { .. } => number(c.liking),
            Expect::Plans { from, to, desire, action, kind, object, why, .. } => {
                let n = self
                    .started
                    .iter()
                    .filter(|p| p.t >= *from - 1e-9 && p.t < *to - 1e-9)
                    .filter(|p| {
                        let filter = PlanFilter {
                            desire: *desire,
                            action: action.as_deref(),
                            object: object.as_deref(),
                            kind: *kind,
                        };
                        filter.admits(p.desire, &p.action, &p.object, p.kind)
                    })
                    .filter(|p| why.is_none_or(|w| p.why == w))
                    .count();
                number(n as f64)
            }
            Expect::Knows { what, .. } => {
                Observed::Known(c.watching.knows_skill(what) || c.watching.knows_miracle(what))
            }
            Expect::Param { desire, what, .. } => {
                let d = c.desire(*desire);
                number(match what {
                    Param::IncreaseSeconds => d.increase_seconds,
                    Param::Threshold(i) => d.thresholds.get(*i).copied().unwrap_or(f64::NAN),
                    Param::Max => d.max,
                })
            }
            Expect::Lesson { index, taught, .. } => match (self.lessons.get(*index), taught) {
                (None, _) => Observed::Nothing,
                (Some(l), Some(_)) => Observed::Known(l.taught.is_some()),
                (Some(l), None) => l.lesson.filter(|_| l.taught.is_some()).map_or(Observed::Nothing, number),
            },
            Expect::Credit { index, object, .. } => match self.lessons.get(*index) {
                None => Observed::Nothing,
                Some(l) => {
                    number(l.credit.iter().filter(|c| &c.plan.object == object).map(|c| c.score).fold(0.0, f64::max))
                }
            },
            Expect::Tree { desire, tree, .. } => number(c.tree(*desire, *tree).examples.len() as f64),
            Expect::Distance { to, .. } => {
                let v = sim.village();
                // An object that is not there (eaten, burnt, not yet back) has no distance.
                let o = if to == HAND { Some(v.hand) } else { v.find(to) };
                match o.map(|o| &v.objects[o]).filter(|o| o.present) {
                    Some(o) => number(o.distance_from(sim.position())),
                    None => Observed::Nothing,
                }
            }
            Expect::Active { desire, .. } => {
                Observed::Known(sim.desires().iter().any(|d| d.desire == *desire && d.active))
            }
        }
    }

    /// The attribute the root of a `Tree` expectation's tree asks now, `"none"` for a
    /// single leaf.
    fn tree_root(&self, e: &Expect) -> Option<String> {
        let Expect::Tree { desire, tree, .. } = e else { return None };
        let t = self.drive.sim().tree_now(*desire, *tree);
        Some(t.root().and_then(|n| n.question.clone()).unwrap_or_else(|| NO_QUESTION.to_owned()))
    }
}
