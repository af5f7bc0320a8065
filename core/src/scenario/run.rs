//! Running a scenario (SPEC §16): the creature lives turn by turn; between turns the
//! inputs that are due fire in list order, and each expectation is measured at its turn.

use std::sync::Arc;

use serde::Serialize;

use super::file::{Act, Expect, Loaded, Trigger, check};
use super::state::State;
use crate::creature::Creature;
use crate::data::Data;
use crate::error::LoadResult;
use crate::mind::desire::TURNS_PER_SECOND;
use crate::names::Desire;
use crate::world::file::WorldFile;
use crate::world::rules::Kind;
use crate::world::sim::{Event, HandEvent, Sim};

/// What an expectation measured: a number, or whether a skill or miracle is known.
#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
#[serde(untagged)]
pub enum Observed {
    Number(f64),
    Known(bool),
}

impl std::fmt::Display for Observed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Observed::Number(v) => write!(f, "{v:.4}"),
            Observed::Known(k) => write!(f, "{k}"),
        }
    }
}

/// One expectation's result.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Measured {
    pub index: usize,
    pub passed: bool,
    pub observed: Observed,
}

/// A finished run.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub passed: bool,
    pub sim_time: f64,
    pub plans: u64,
    pub lessons: u64,
    pub expectations: Vec<Measured>,
    /// The state at the asked second, if one was asked for.
    pub state: Option<State>,
    /// The simulation's events, for `--trace`.
    pub events: Vec<Event>,
    /// Inputs that could not be done when they fired (the creature was not held for a
    /// stroke, the object was out of reach), each as "input N at T s: why".
    pub refused: Vec<String>,
}

/// A plan started during the run, for `Plans` expectations.
struct Started {
    t: f64,
    desire: Desire,
    action: String,
    object: String,
    kind: Option<Kind>,
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
pub(crate) fn check_state_at(path: &std::path::Path, loaded: &Loaded, state_at: Option<f64>) -> LoadResult<()> {
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
    /// An input, now.
    fn act(&mut self, act: &Act) -> Result<(), String>;
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

    fn act(&mut self, act: &Act) -> Result<(), String> {
        apply(self, act)
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
        events: Vec::new(),
        refused: Vec::new(),
    };
    let mut measured: Vec<Option<Measured>> = vec![None; sc.expect.len()];
    let mut state = None;
    for turn in 0..=end {
        runner.fire_due();
        for (i, e) in sc.expect.iter().enumerate() {
            if turn_of(e.at()) == turn {
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
        passed: expectations.iter().all(|m| m.passed) && refused.is_empty(),
        sim_time: sim.time(),
        plans: summary.plans,
        lessons: summary.lessons,
        expectations,
        state,
        events,
        refused,
    }
}

/// Does `act` to `sim` now, as a scenario input (SPEC §16); also what a recording
/// replays. An act that cannot be done is refused with why.
pub fn apply(sim: &mut Sim, act: &Act) -> Result<(), String> {
    let hand = |sim: &mut Sim, e: HandEvent| sim.hand(e).map(|_| ());
    match act {
        Act::Plan { desire, action, object, target } => sim.command_about(*desire, action, object, target.as_deref()),
        Act::Hold => hand(sim, HandEvent::Hold),
        Act::Stroke => hand(sim, HandEvent::Stroke),
        Act::Slap(s) => hand(sim, HandEvent::Slap(*s)),
        Act::Release => hand(sim, HandEvent::Release),
        Act::Leash(l) => {
            sim.set_leash(*l);
            Ok(())
        }
        Act::Miracle { name } => {
            let near = nearest_object(sim).ok_or("the village has no object to cast on")?;
            hand(sim, HandEvent::Cast { miracle: name.clone(), on: near })
        }
        Act::Phase(p) => {
            sim.set_phase(*p);
            Ok(())
        }
        Act::Desire { name, value } => {
            sim.set_desire(*name, *value);
            Ok(())
        }
    }
}

/// The object nearest the creature, where a miracle it sees is cast.
fn nearest_object(sim: &Sim) -> Option<String> {
    let at = sim.position();
    sim.village()
        .objects
        .iter()
        .filter(|o| o.present)
        .min_by(|a, b| a.distance_from(at).total_cmp(&b.distance_from(at)))
        .map(|o| o.id.clone())
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
    started: Vec<Started>,
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
            if let Err(why) = self.drive.act(&input.act) {
                self.refused.push(format!("input {} at {now:.1} s: {why}", self.next));
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
                Event::Plan { t, desire, action, object, .. } => {
                    self.plan_count += 1;
                    let kind =
                        self.drive.sim().village().find(object).map(|o| self.drive.sim().village().objects[o].kind);
                    self.started.push(Started {
                        t: *t,
                        desire: *desire,
                        action: action.clone(),
                        object: object.clone(),
                        kind,
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
        let c = self.drive.sim().creature();
        let number = |v: f64| Observed::Number(v);
        let observed = match e {
            Expect::Score { desire, tree, object, .. } => {
                number(self.drive.sim().object_score(*desire, *tree, object).unwrap_or(f64::NAN))
            }
            Expect::Desire { name, .. } => number(c.desire(*name).value),
            Expect::Opinion { action, .. } => number(c.opinions.get(action).copied().unwrap_or(0.0)),
            Expect::Liking { .. } => number(c.liking),
            Expect::Plans { from, to, desire, action, kind, object, .. } => {
                let n = self
                    .started
                    .iter()
                    .filter(|p| p.t >= *from - 1e-9 && p.t < *to - 1e-9)
                    .filter(|p| desire.is_none_or(|d| p.desire == d))
                    .filter(|p| action.as_ref().is_none_or(|a| &p.action == a))
                    .filter(|p| kind.is_none_or(|k| p.kind == Some(k)))
                    .filter(|p| object.as_ref().is_none_or(|o| &p.object == o))
                    .count();
                number(n as f64)
            }
            Expect::Knows { what, .. } => {
                Observed::Known(c.watching.knows_skill(what) || c.watching.knows_miracle(what))
            }
        };
        let passed = match (observed, e.bounds()) {
            (Observed::Number(v), Some((min, max))) => {
                min.is_none_or(|m| v >= m) && max.is_none_or(|m| v <= m) && v.is_finite()
            }
            (Observed::Known(k), _) => k,
            (Observed::Number(_), None) => false,
        };
        Measured { index, passed, observed }
    }
}
