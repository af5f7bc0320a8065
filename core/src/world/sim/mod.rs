//! The creature living in the village, turn by turn (SPEC §1, §2, §4–§12).
//!
//! Each turn of 0.1 s: the world moves on (replacements, harvests, the player's
//! scheduled miracles and deeds), the body changes, the senses read body and world into
//! the desire sources, the sigmoid drives fill the desires, two desires are re-planned
//! and the creature switches only to a plan more than twice as urgent, and the current
//! agenda step runs. Hand events run the lessons through [`Teaching`]. All randomness
//! comes from one seeded [`Rng`], so the same inputs and seed give the same run.
//!
//! [`Sim`] is also the editor's live preview:
//! - build: [`Sim::new`] (a creature save) or [`Sim::newborn`]; [`Sim::record`] to keep
//!   [`Event`]s, drained with [`Sim::take_events`];
//! - run: [`Sim::step`] (one turn), [`Sim::run`] (n turns), [`Sim::time`], [`Sim::turns`];
//! - read: [`Sim::desires`] (value, max, drive, active, time spent), [`Sim::plan`] (the
//!   plan under way and its agenda step), [`Sim::recent_plans`] (the last five plans with
//!   their credit scores now), [`Sim::input`] (every desire source input),
//!   [`Sim::creature`], [`Sim::village`], [`Sim::position`], [`Sim::summary`];
//! - touch: [`Sim::hand`] with a [`HandEvent`] (a release returns its lesson),
//!   [`Sim::command`], [`Sim::place_creature`], [`Sim::set_phase`], [`Sim::set_leash`];
//! - hot reload: [`Sim::reload_data`], [`Sim::reload_creature`], [`Sim::reload_world`],
//!   which keep the clock and go on with the new data.

mod act;
mod choose;
mod hand;
mod senses;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use serde::Serialize;

use crate::creature::Creature;
use crate::data::{ActionCategory, Data};
use crate::mind::agenda::{Agenda, Step};
use crate::mind::credit::Credit;
use crate::mind::desire::TURNS_PER_SECOND;
use crate::mind::lesson::{Taught, Teaching};
use crate::mind::plan::{Candidate, Rotation};
use crate::mind::score::ScoreCurve;
use crate::mind::tree::Tree;
use crate::mind::watch::Attempt;
use crate::names::{Desire, Species};
use crate::reads::Reads;
use crate::rng::Rng;
use crate::world::file::WorldFile;
use crate::world::rules::{Kind, Kinds, default_about, default_affords};
use crate::world::village::Village;

pub use hand::HandEvent;

/// Seconds per turn (SPEC §1: 10 turns per second).
pub const DT: f64 = 1.0 / TURNS_PER_SECOND;

/// Turns in an in-game day (SPEC §1: 24 h at 10 turns per second).
pub const TURNS_PER_DAY: u64 = 864_000;

/// How many inputs a desire source can read.
const INPUTS: usize = Reads::ALL.len();

/// What an action does to body and world when its act step ends (SPEC §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Effect {
    Eat,
    Fight,
    Throw,
    Drink,
    Sleep,
    Rest,
    Poo,
    Puke,
    Scratch,
    LookAround,
    Fish,
    Farm,
    Help,
    Greet,
    Flee,
    Steal,
    Fetch,
    Climb,
    Obey,
    /// No effect beyond the desire's satisfaction (play, dance, gestures, …).
    Other,
}

impl Effect {
    fn of(action: &str) -> Effect {
        match action {
            "Eat" => Effect::Eat,
            "Fight" => Effect::Fight,
            "Throw" => Effect::Throw,
            "Drink" => Effect::Drink,
            "Sleep" => Effect::Sleep,
            "Rest" => Effect::Rest,
            "Poo" => Effect::Poo,
            "Puke" => Effect::Puke,
            "Scratch" => Effect::Scratch,
            "LookAround" => Effect::LookAround,
            "Fish" => Effect::Fish,
            "Farm" => Effect::Farm,
            "Help" => Effect::Help,
            "Greet" => Effect::Greet,
            "Flee" => Effect::Flee,
            "Steal" => Effect::Steal,
            "Fetch" => Effect::Fetch,
            "Climb" => Effect::Climb,
            "Obey" => Effect::Obey,
            _ => Effect::Other,
        }
    }
}

/// An action as the simulation uses it.
#[derive(Clone, Debug)]
struct ActionRt {
    name: String,
    category: ActionCategory,
    seconds: f64,
    skill: Option<String>,
    effect: Effect,
    /// What it can be done to; empty: anything.
    affords: Kinds,
}

/// A desire as the simulation uses it.
#[derive(Clone, Debug)]
struct DesireRt {
    /// The input each source reads.
    sources: Vec<usize>,
    /// Indices into the action table.
    actions: Vec<usize>,
    /// What it can be about; empty: anything.
    about: Kinds,
    social: bool,
    distance_weight: f64,
    decay: f64,
}

/// The data and the world's rules, arranged for fast turns.
#[derive(Clone, Debug)]
struct Tables {
    actions: Vec<ActionRt>,
    desires: Vec<DesireRt>,
}

impl Tables {
    fn new(data: &Data, world: &WorldFile) -> Tables {
        let mut affords = default_affords();
        affords.extend(world.affords.iter().map(|(k, v)| (k.clone(), v.clone())));
        let mut about = default_about();
        about.extend(world.about.iter().map(|(k, v)| (*k, v.clone())));
        let actions: Vec<ActionRt> = data
            .actions
            .actions
            .iter()
            .map(|a| ActionRt {
                name: a.name.clone(),
                category: a.category,
                seconds: a.seconds,
                skill: a.skill.clone(),
                effect: Effect::of(&a.name),
                affords: affords.get(&a.name).map_or(Kinds::default(), |k| Kinds::of(k)),
            })
            .collect();
        let desires = data
            .desires
            .iter()
            .map(|d| DesireRt {
                sources: d.sources.iter().map(|s| s.reads as usize).collect(),
                actions: d.actions.iter().filter_map(|n| actions.iter().position(|a| &a.name == n)).collect(),
                about: about.get(&d.name).map_or(Kinds::default(), |k| Kinds::of(k)),
                social: d.social,
                distance_weight: d.distance_weight,
                decay: d.decay,
            })
            .collect();
        Tables { actions, desires }
    }
}

/// The plan being carried out.
#[derive(Clone, Debug)]
struct Current {
    cand: Candidate,
    agenda: Agenda,
}

/// Something that happened, for the trace (SPEC §15 `--trace`) and the editor's log.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The creature changed plan (SPEC §4): why, and the priority of the plan it
    /// interrupted (`None` when it was idle).
    Plan {
        t: f64,
        desire: Desire,
        action: String,
        object: String,
        target: String,
        priority: f64,
        why: Why,
        replaced: Option<f64>,
    },
    /// The hand let go: every release, also one that taught nothing (SPEC §5).
    Lesson { t: f64, total: f64, lesson: Option<f64>, taught: Option<Taught>, liking: f64 },
    /// A skill learnt by watching villagers (SPEC §10).
    Skill { t: f64, skill: String },
    /// The creature tried a miracle (SPEC §10): failed, or succeeded and learnt it.
    Miracle { t: f64, miracle: String, result: Attempt, sightings: u32 },
    /// A miracle seen; `counted` sightings were added.
    Sighting { t: f64, miracle: String, counted: u32 },
    /// An act step ended and its effects were applied.
    Done { t: f64, desire: Desire, action: String, object: String, kind: &'static str },
    /// A plan could not be carried out (its object went, or the walk gave up).
    Failed { t: f64, desire: Desire, action: String, object: String },
    /// The creature copied a deed of the player (SPEC §10).
    Copied { t: f64, desire: Desire, action: String, object: String },
}

impl Event {
    /// True for the events `sim --trace` prints: plan changes, lessons, skills and
    /// miracles (SPEC §15).
    #[must_use]
    pub fn is_trace(&self) -> bool {
        matches!(self, Event::Plan { .. } | Event::Lesson { .. } | Event::Skill { .. } | Event::Miracle { .. })
    }
}

/// Why the creature started a plan.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    /// It was idle (SPEC §4: idle counts as 0).
    Idle,
    /// The plan was more than twice as urgent as the one under way (SPEC §4).
    Urgent,
    /// A lesson's reaction: a stroke repeats, stroked food is eaten at once (SPEC §7).
    Lesson,
    /// It copied a deed of the player (SPEC §10).
    Copy,
    /// The editor told it to ([`Sim::command`]).
    Command,
}

/// The summary of a run (SPEC §15 `sim --json`, without `wall_ms`).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Summary {
    pub turns: u64,
    pub plans: u64,
    pub lessons: u64,
    /// Every desire's value at the end.
    pub desires: BTreeMap<Desire, f64>,
}

/// One desire as the editor shows it.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct DesireView {
    pub desire: Desire,
    pub value: f64,
    pub max: f64,
    /// The drive of the last turn (SPEC §2).
    pub drive: f64,
    /// Turned on by the current phase (SPEC §12).
    pub active: bool,
    /// Seconds spent carrying out its plans.
    pub seconds: f64,
}

/// The current plan as the editor shows it.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct PlanView {
    pub desire: Desire,
    pub action: String,
    pub object: String,
    pub target: String,
    pub priority: f64,
    /// The agenda's steps by name, and the one under way.
    pub steps: Vec<&'static str>,
    pub step: usize,
    pub step_elapsed: f64,
}

/// A miracle or deed on the player's schedule.
#[derive(Clone, Debug)]
struct Scheduled {
    next: f64,
    every: f64,
    left: Option<u32>,
    what: Doing,
}

#[derive(Clone, Debug)]
enum Doing {
    Cast { miracle: String, on: String },
    Deed { desire: Desire, action: String, object: String },
}

/// The simulation of one creature in one village.
#[derive(Clone, Debug)]
pub struct Sim {
    data: Arc<Data>,
    file: WorldFile,
    tables: Tables,
    curve: ScoreCurve,
    creature: Creature,
    village: Village,
    rng: Rng,
    teaching: Teaching,
    turns: u64,
    time: f64,
    inputs: [f64; INPUTS],
    /// Distance from the creature to each object, measured by the senses each turn.
    distances: Vec<f64>,
    drives: Vec<f64>,
    /// Indices of the desires the phase turns on.
    active: Vec<usize>,
    rotation: Rotation,
    candidates: Vec<Option<Candidate>>,
    current: Option<Current>,
    /// The object the creature carries.
    held: Option<usize>,
    /// The object in the player's hand.
    hand_holding: Option<usize>,
    /// Built trees per desire: (Activity, ActOn), built when first needed.
    trees: Vec<Option<[Tree; 2]>>,
    /// Object scores per (desire, tree, object); NaN until computed.
    useful: Vec<f64>,
    opinions: Vec<f64>,
    /// When each action was last done.
    last_done: Vec<Option<f64>>,
    can_leave_pen: bool,
    moving: bool,
    heat: f64,
    hand_seen_at: f64,
    friend_seen_at: f64,
    same_since: f64,
    same_action: Option<usize>,
    slapped_at: Option<f64>,
    stroked_at: Option<f64>,
    deed_seen_at: Option<f64>,
    order: Option<(f64, usize)>,
    creature_order: Option<(f64, usize)>,
    stuff_away: f64,
    stuff_dirty: bool,
    next_respawn: f64,
    next_harvest: f64,
    next_miracle_try: f64,
    /// Miracles the creature has cast successfully in this run.
    cast_ok: BTreeSet<String>,
    schedule: Vec<Scheduled>,
    plans: u64,
    lessons: u64,
    time_in: Vec<f64>,
    recording: bool,
    events: Vec<Event>,
}

impl Sim {
    /// A simulation of `creature` in `world` (checked against `data`), seeded with `seed`.
    pub fn new(data: Arc<Data>, creature: Creature, world: WorldFile, seed: u64) -> Sim {
        let tables = Tables::new(&data, &world);
        let village = Village::new(&world, &data.attributes, world.senses.explore_cells);
        let mut sim = Sim {
            curve: ScoreCurve::default(),
            tables,
            creature,
            village,
            // The birth used the seed as it is; the life draws from a stream of its own.
            rng: Rng::seeded(seed ^ 0x5EED_F00D),
            teaching: Teaching::default(),
            turns: 0,
            time: 0.0,
            inputs: [0.0; INPUTS],
            distances: Vec::new(),
            drives: vec![0.0; Desire::COUNT],
            active: Vec::new(),
            rotation: Rotation::default(),
            candidates: vec![None; Desire::COUNT],
            current: None,
            held: None,
            hand_holding: None,
            trees: vec![None; Desire::COUNT],
            useful: Vec::new(),
            opinions: Vec::new(),
            last_done: Vec::new(),
            can_leave_pen: false,
            moving: false,
            heat: 0.0,
            hand_seen_at: 0.0,
            friend_seen_at: 0.0,
            same_since: 0.0,
            same_action: None,
            slapped_at: None,
            stroked_at: None,
            deed_seen_at: None,
            order: None,
            creature_order: None,
            stuff_away: 0.0,
            stuff_dirty: true,
            next_respawn: f64::INFINITY,
            next_harvest: world.body.harvest_seconds,
            next_miracle_try: f64::INFINITY,
            cast_ok: BTreeSet::new(),
            schedule: Vec::new(),
            plans: 0,
            lessons: 0,
            time_in: vec![0.0; Desire::COUNT],
            recording: false,
            events: Vec::new(),
            file: world,
            data,
        };
        sim.hand_holding = sim.file.hand.holding.as_deref().and_then(|h| sim.village.find(h));
        sim.conform_creature();
        sim.refresh_tables();
        sim.rebuild_schedule();
        sim
    }

    /// A newborn of `species` (SPEC §3, born from `seed`) in `world`.
    pub fn newborn(data: Arc<Data>, species: Species, world: WorldFile, seed: u64) -> Sim {
        let creature = Creature::newborn(&data, species, seed);
        Sim::new(data, creature, world, seed)
    }

    /// Keeps the events of each turn for [`Sim::take_events`] (off by default).
    pub fn record(&mut self, on: bool) {
        self.recording = on;
        if !on {
            self.events.clear();
        }
    }

    /// The events since the last call, oldest first.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    fn emit(&mut self, e: Event) {
        if self.recording {
            self.events.push(e);
        }
    }

    /// Runs `n` turns.
    pub fn run(&mut self, n: u64) {
        for _ in 0..n {
            self.step();
        }
    }

    /// One turn of 0.1 s (SPEC §1).
    pub fn step(&mut self) {
        self.turns += 1;
        self.time = self.turns as f64 / TURNS_PER_SECOND;
        let now = self.time;
        self.world_turn(now);
        self.body_turn();
        self.sense(now);
        self.feel();
        let held_by_hand = self.teaching.hand.holding;
        if !held_by_hand {
            self.choose(now);
            self.act(now);
        }
        if let Some(c) = &self.current {
            self.time_in[c.cand.desire.index()] += DT;
        }
        self.creature.age_seconds += DT;
    }

    /// Seconds of simulated time.
    #[must_use]
    pub fn time(&self) -> f64 {
        self.time
    }

    /// Turns run so far.
    #[must_use]
    pub fn turns(&self) -> u64 {
        self.turns
    }

    /// The creature as it is now (its save).
    #[must_use]
    pub fn creature(&self) -> &Creature {
        &self.creature
    }

    /// The village as it is now.
    #[must_use]
    pub fn village(&self) -> &Village {
        &self.village
    }

    /// The data the simulation runs on.
    #[must_use]
    pub fn data(&self) -> &Arc<Data> {
        &self.data
    }

    /// The world file the village was built from.
    #[must_use]
    pub fn world(&self) -> &WorldFile {
        &self.file
    }

    /// Where the creature is.
    #[must_use]
    pub fn position(&self) -> (f64, f64) {
        self.village.objects[self.village.me].pos
    }

    /// The value of every input the desire sources read (SPEC §2), by [`Reads`].
    #[must_use]
    pub fn input(&self, r: Reads) -> f64 {
        self.inputs[r as usize]
    }

    /// Every desire with its value, drive and time spent.
    #[must_use]
    pub fn desires(&self) -> Vec<DesireView> {
        Desire::ALL
            .iter()
            .map(|d| {
                let s = self.creature.desire(*d);
                DesireView {
                    desire: *d,
                    value: s.value,
                    max: s.max,
                    drive: self.drives[d.index()],
                    active: self.active.contains(&d.index()),
                    seconds: self.time_in[d.index()],
                }
            })
            .collect()
    }

    /// The plan under way, with its agenda; `None` while idle.
    #[must_use]
    pub fn plan(&self) -> Option<PlanView> {
        let c = self.current.as_ref()?;
        let id = |i: usize| self.village.objects[i].id.clone();
        Some(PlanView {
            desire: c.cand.desire,
            action: self.tables.actions[c.cand.action].name.clone(),
            object: id(c.cand.object),
            target: id(c.cand.target),
            priority: c.cand.priority,
            steps: c.agenda.steps.iter().map(Step::label).collect(),
            step: c.agenda.at,
            step_elapsed: c.agenda.elapsed,
        })
    }

    /// The last five plans with their credit scores now (SPEC §6), oldest first.
    #[must_use]
    pub fn recent_plans(&self) -> Vec<Credit> {
        self.teaching.plans.credit(self.time, &self.data.actions.credit_decay)
    }

    /// The hand, the plan memory and the food held: the teaching state (SPEC §5, §6).
    #[must_use]
    pub fn teaching(&self) -> &Teaching {
        &self.teaching
    }

    /// The run so far (SPEC §15 `sim --json`).
    #[must_use]
    pub fn summary(&self) -> Summary {
        Summary {
            turns: self.turns,
            plans: self.plans,
            lessons: self.lessons,
            desires: self.creature.desires.iter().map(|d| (d.name, d.value)).collect(),
        }
    }

    /// Seconds spent on each desire's plans, by desire index.
    #[must_use]
    pub fn seconds_per_desire(&self) -> &[f64] {
        &self.time_in
    }

    /// Puts the creature at (x, y), as the editor's drag does; it stays on the map and,
    /// until it may leave (SPEC §12, phase 5), in its pen.
    pub fn place_creature(&mut self, x: f64, y: f64) -> Result<(), String> {
        if !(x.is_finite() && y.is_finite()) {
            return Err(format!("the creature cannot stand at ({x}, {y})"));
        }
        self.move_to((x, y));
        self.moving = false;
        self.distances.clear();
        Ok(())
    }

    /// Moves the creature to another development phase (SPEC §12): desires turn on or
    /// off, and so do the abilities.
    pub fn set_phase(&mut self, phase: u8) {
        self.creature.phase = phase.min((crate::data::PHASE_COUNT - 1) as u8);
        self.refresh_tables();
    }

    /// Puts the creature on a leash (SPEC §11).
    pub fn set_leash(&mut self, leash: crate::mind::leash::Leash) {
        self.file.hand.leash = leash;
    }

    /// The leash the creature is on.
    #[must_use]
    pub fn leash(&self) -> crate::mind::leash::Leash {
        self.file.hand.leash
    }

    /// Swaps in reloaded species data; the run goes on from where it is.
    pub fn reload_data(&mut self, data: Arc<Data>) {
        let action_name = self.current.as_ref().map(|c| self.tables.actions[c.cand.action].name.clone());
        self.data = data;
        self.tables = Tables::new(&self.data, &self.file);
        for i in 0..self.village.objects.len() {
            self.village.refresh(i, &self.data.attributes);
        }
        if let Some(name) = action_name {
            match self.tables.actions.iter().position(|a| a.name == name) {
                Some(a) => {
                    if let Some(c) = &mut self.current {
                        c.cand.action = a;
                    }
                }
                None => self.current = None,
            }
        }
        self.last_done.clear();
        self.conform_creature();
        self.refresh_tables();
    }

    /// Swaps in a reloaded creature (its mind and body); the creature keeps its place
    /// in the village and the run goes on.
    pub fn reload_creature(&mut self, creature: Creature) {
        self.creature = creature;
        self.conform_creature();
        self.refresh_tables();
    }

    /// Swaps in a reloaded world: objects come from the new file, the creature stays
    /// where it is, the clock goes on. A plan whose object is gone is dropped.
    pub fn reload_world(&mut self, world: WorldFile) {
        let id = |s: &Sim, i: Option<usize>| i.map(|i| s.village.objects[i].id.clone());
        let plan_ids = self.current.as_ref().map(|c| (id(self, Some(c.cand.object)), id(self, Some(c.cand.target))));
        let held = id(self, self.held);
        let pos = self.position();
        self.village = Village::new(&world, &self.data.attributes, world.senses.explore_cells);
        self.distances.clear();
        self.file = world;
        self.tables = Tables::new(&self.data, &self.file);
        let me = self.village.me;
        self.village.objects[me].pos = self.village.clamp(pos);
        self.held = held.and_then(|h| self.village.find(&h));
        self.hand_holding = self.file.hand.holding.as_deref().and_then(|h| self.village.find(h));
        if let (Some((Some(o), Some(t))), Some(mut cand)) = (plan_ids, self.current.as_ref().map(|c| c.cand)) {
            match (self.village.find(&o), self.village.find(&t)) {
                (Some(o), Some(t)) => {
                    cand.object = o;
                    cand.target = t;
                    // Steps name objects by index: start the agenda afresh on the new map.
                    let agenda = self.agenda_for(cand);
                    self.current = Some(Current { cand, agenda });
                }
                _ => {
                    self.current = None;
                    self.teaching.end_plan(None, self.time);
                }
            }
        }
        self.stuff_dirty = true;
        self.next_respawn = f64::INFINITY;
        self.rebuild_schedule();
        self.refresh_tables();
    }

    /// Makes the creature fit the data: one threshold per source, an opinion per action.
    /// A creature built in code rather than loaded may lack desires or trees: those it
    /// lacks start as a newborn's, so that the run never indexes past them.
    fn conform_creature(&mut self) {
        let c = &mut self.creature;
        let in_order = c.desires.len() == Desire::COUNT && c.desires.iter().zip(Desire::ALL).all(|(s, d)| s.name == *d);
        let trees_in_order =
            c.trees.len() == Desire::COUNT && c.trees.iter().zip(Desire::ALL).all(|(t, d)| t.desire == *d);
        if !in_order || !trees_in_order {
            let newborn = Creature::newborn(&self.data, c.species, c.seed);
            if !in_order {
                c.desires = newborn
                    .desires
                    .into_iter()
                    .map(|fresh| c.desires.iter().find(|s| s.name == fresh.name).cloned().unwrap_or(fresh))
                    .collect();
            }
            if !trees_in_order {
                c.trees = newborn
                    .trees
                    .into_iter()
                    .map(|fresh| c.trees.iter().find(|t| t.desire == fresh.desire).cloned().unwrap_or(fresh))
                    .collect();
            }
        }
        c.phase = c.phase.min((crate::data::PHASE_COUNT - 1) as u8);
        for (state, def) in self.creature.desires.iter_mut().zip(&self.data.desires) {
            if state.thresholds.len() != def.sources.len() {
                let defaults = def.sources.iter().map(|s| s.threshold);
                let kept: Vec<f64> =
                    state.thresholds.iter().copied().chain(defaults.skip(state.thresholds.len())).collect();
                state.thresholds = kept.into_iter().take(def.sources.len()).collect();
            }
        }
        for a in &self.data.actions.actions {
            self.creature.opinions.entry(a.name.clone()).or_insert(0.0);
        }
    }

    /// Rebuilds what depends on the phase, the creature's learning and the objects.
    fn refresh_tables(&mut self) {
        let phase = self.creature.phase;
        self.active = self.data.active_desires(phase).map(Desire::index).collect();
        self.can_leave_pen = self.data.has_ability(phase, crate::data::Ability::LeavePen);
        self.candidates = vec![None; Desire::COUNT];
        self.trees = vec![None; Desire::COUNT];
        self.useful = vec![f64::NAN; Desire::COUNT * 2 * self.village.objects.len()];
        self.opinions =
            self.tables.actions.iter().map(|a| self.creature.opinions.get(&a.name).copied().unwrap_or(0.0)).collect();
        self.last_done.resize(self.tables.actions.len(), None);
        self.rotation = Rotation::default();
    }

    /// The player's scheduled miracles and deeds, from now on.
    fn rebuild_schedule(&mut self) {
        let now = self.time;
        let next = |first: f64, every: f64| {
            if first >= now || every <= 0.0 { first } else { first + ((now - first) / every).ceil() * every }
        };
        let hand = &self.file.hand;
        let mut schedule: Vec<Scheduled> = hand
            .casts
            .iter()
            .map(|c| Scheduled {
                next: next(c.first, c.every),
                every: c.every,
                left: c.times,
                what: Doing::Cast { miracle: c.miracle.clone(), on: c.on.clone() },
            })
            .collect();
        schedule.extend(hand.deeds.iter().map(|d| Scheduled {
            next: next(d.first, d.every),
            every: d.every,
            left: d.times,
            what: Doing::Deed { desire: d.desire, action: d.action.clone(), object: d.object.clone() },
        }));
        // Casts and deeds scheduled once, in the past, are over.
        schedule.retain(|s| s.next >= now || s.every > 0.0);
        self.schedule = schedule;
    }

    /// Forgets the object scores of desire `d` (its trees changed).
    fn forget_desire(&mut self, d: usize) {
        self.trees[d] = None;
        let n = self.village.objects.len();
        self.useful[d * 2 * n..(d + 1) * 2 * n].fill(f64::NAN);
        self.candidates[d] = None;
    }

    /// Forgets the object scores of object `o` (its beliefs changed).
    fn forget_object(&mut self, o: usize) {
        let n = self.village.objects.len();
        for k in 0..Desire::COUNT * 2 {
            self.useful[k * n + o] = f64::NAN;
        }
    }

    /// Refreshes an object's beliefs after its state changed.
    fn changed(&mut self, o: usize) {
        self.village.refresh(o, &self.data.attributes);
        self.forget_object(o);
    }

    fn kind(&self, o: usize) -> Kind {
        self.village.objects[o].kind
    }
}
