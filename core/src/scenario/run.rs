//! Running a scenario (SPEC §16): the creature lives turn by turn; between turns the
//! inputs that are due fire in list order, and each expectation is measured at its turn.

use std::sync::Arc;

use super::check::check;
use super::file::{Act, Expect, Loaded, Started, Trigger};
use super::measure::{Begun, Seen};
pub use super::measure::{Measured, Observed};
use super::settle::{self, Stop};
use super::state::State;
use crate::cond::{Cond, Watch};
use crate::creature::Creature;
use crate::creature::lesson::Lesson;
use crate::error::LoadResult;
use crate::mind::desire::TURNS_PER_SECOND;
use crate::names::Desire;
use crate::species::data::Data;
use crate::world::file::WorldFile;
use crate::world::sim::{Event, Sim};

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

/// The data, world and creature a scenario runs with, loaded and checked.
pub struct Prepared {
    pub loaded: Loaded,
    pub sim: Sim,
}

/// The species data and the world a scenario names, loaded.
pub(crate) fn data_and_world(loaded: &Loaded) -> LoadResult<(Data, WorldFile)> {
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
    let (mut data, world) = data_and_world(&loaded)?;
    check(&loaded, &data, &world)?;
    let sc = &loaded.scenario;
    let mut creature = match &sc.creature {
        Some(c) => Creature::load(&loaded.resolve(c), &data)?,
        None => Creature::newborn(&data, sc.species, sc.seed),
    };
    if let Some(p) = sc.phase {
        creature.phase = p;
    }
    // Born from the data as written, so that stilling changes nothing the seed drew.
    super::still::still(&mut data, &mut creature, &sc.sources);
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
    run_stopping(drive, loaded, state_at, until, Stop::AtEnd)
}

/// Runs the scenario `loaded` on `drive` until `stop` says its verdict is known (SPEC
/// §22's trials), or to its end: a run ended early has the whole run's verdict, its
/// `sim_time` the second it ended at.
pub fn run_to<D: Drive>(drive: &mut D, loaded: &Loaded, stop: Stop) -> Outcome {
    run_stopping(drive, loaded, None, None, stop)
}

/// [`run_until`], ending early as `stop` allows.
fn run_stopping<D: Drive>(
    drive: &mut D,
    loaded: &Loaded,
    state_at: Option<f64>,
    until: Option<Cond>,
    stop: Stop,
) -> Outcome {
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
        waits: sc.expect.iter().map(Expect::on).collect(),
        came: vec![None; sc.expect.len()],
    };
    let mut measured: Vec<Option<Measured>> = vec![None; sc.expect.len()];
    // The turn each expectation is measured at, worked out once; for one timed on an
    // event, once the event has come.
    let due: Vec<u64> = sc.expect.iter().map(|e| turn_of(e.at().unwrap_or(sc.seconds))).collect();
    let mut state = None;
    let mut watched = 0;
    let on_events: Vec<bool> = runner.waits.iter().map(Option::is_some).collect();
    let (mut looked, mut ended) = ([usize::MAX; 4], false);
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
            let now = match (&runner.waits[i], runner.came[i]) {
                (None, _) => due[i] == turn,
                (Some((_, after)), Some(t)) => measured[i].is_none() && turn_of(t + after) <= turn,
                (Some(_), None) => false,
            };
            if now {
                measured[i] = Some(runner.seen().measure(i, e));
            }
        }
        if state_at.is_some_and(|t| turn_of(t) == turn) {
            state = Some(State::of(runner.drive.sim()));
        }
        if turn == end {
            break;
        }
        // Counts move only when a plan starts or a release comes, a reading is taken only
        // at an expectation's turn, and inputs fire between turns: the verdict is looked
        // at again only when one of them moved.
        let moved = [runner.started.len(), runner.lessons.len(), measured.iter().flatten().count(), runner.next];
        if moved != looked
            && settle::may_end(stop, &runner.seen(), &sc.expect, &mut measured, &on_events, runner.inputs_left())
        {
            ended = true;
            break;
        }
        looked = moved;
        runner.drive.step();
        runner.absorb();
    }
    if broke.is_none() && !ended {
        // An expectation whose event never came, or came too late, was not measured.
        for (i, (m, e)) in measured.iter_mut().zip(&sc.expect).enumerate() {
            if let (None, Some((event, after))) = (&m, &runner.waits[i]) {
                let why = match runner.came[i] {
                    None => format!("{} was not measured: {} never came", e.describe(), event.describe()),
                    Some(t) => format!("{} was not measured: the run ended before {} s", e.describe(), t + after),
                };
                *m =
                    Some(Measured { index: i, passed: false, observed: Observed::Nothing, why: Some(why), root: None });
            }
        }
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
    /// What each expectation timed `on` an event waits for, with the seconds after it.
    waits: Vec<Option<(Trigger, f64)>>,
    /// When the run's first event each expectation waits for came.
    came: Vec<Option<f64>>,
}

impl<D: Drive> Runner<'_, D> {
    /// What the run has seen so far, for the expectations due now.
    fn seen(&self) -> Seen<'_> {
        Seen { sim: self.drive.sim(), started: &self.started, lessons: &self.lessons }
    }

    /// Fires, in order, every input that is due now.
    fn fire_due(&mut self) {
        let now = self.drive.sim().time();
        while let Some(input) = self.inputs.get(self.next) {
            let due = match (input.at, input.after, &input.on) {
                (Some(t), _, _) => Some(t),
                (_, after, Some(_)) => self.seen.map(|t| t + after.or(input.wait).unwrap_or(0.0)),
                (_, Some(s), None) => Some(self.fired_at + s),
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

    /// Notes that `event` happened at `t`, if the next input or an expectation waits
    /// for it.
    fn note(&mut self, event: &Trigger, t: f64) {
        for (wait, came) in self.waits.iter().zip(&mut self.came) {
            if came.is_none() && wait.as_ref().is_some_and(|(w, _)| w == event) {
                *came = Some(t);
            }
        }
        if self.seen.is_some() {
            return;
        }
        self.seen = self.wanted().filter(|w| w == event).map(|_| t);
    }

    /// Whether an input is still to fire.
    fn inputs_left(&self) -> bool {
        self.next < self.inputs.len()
    }

    /// The event the next input waits for.
    fn wanted(&self) -> Option<Trigger> {
        self.inputs.get(self.next).and_then(|i| i.on.clone())
    }
}
