//! The creature living in the village, turn by turn (SPEC §1, §2, §4–§12).
//!
//! Each turn of 0.1 s: the world moves on (replacements, harvests, the player's
//! scheduled miracles and deeds), the body changes, the senses read body and world into
//! the desire sources, the sigmoid drives fill the desires, two desires are re-planned
//! and the creature switches only to a plan more than twice as urgent, and the current
//! agenda step runs. Hand events run the lessons through
//! [`Teaching`](crate::creature::lesson::Teaching). All randomness comes from one seeded
//! [`Rng`](crate::rng::Rng), so the same inputs and seed give the same run.
//!
//! [`Sim`] is also the editor's live preview:
//! - build: [`Sim::new`] (a creature save) or [`Sim::newborn`]; [`Sim::record`] to keep
//!   [`Event`]s, drained with [`Sim::take_events`];
//! - run: [`Sim::step`] (one turn), [`Sim::run`] (n turns), [`Sim::time`], [`Sim::turns`];
//! - read: [`Sim::desires`] (value, max, drive, active, time spent), [`Sim::plan`] (the
//!   plan under way and its agenda step), [`Sim::recent_plans`] (the last five plans with
//!   their credit scores now), [`Sim::input`] (every desire source input),
//!   [`Sim::creature`], [`Sim::village`], [`Sim::position`], [`Sim::summary`];
//! - touch: [`Sim::apply`] with an [`Act`], the one way in for whatever the player does
//!   (the hand, a commanded plan, a leash, a phase, a miracle, a deed); a release
//!   returns its lesson;
//! - hot reload: [`Sim::reload_data`], [`Sim::reload_creature`], [`Sim::reload_world`],
//!   which keep the clock and go on with the new data.
//!
//! A turn's parts live in `senses` (world, body, inputs, drives), `choose` (plans),
//! `act` (agendas and effects) and `phase` (the phase moving on by itself, SPEC §12);
//! what the player does in `player_act` and the hand in `hand`; the editor's reads and
//! touches in `view`, hot reload in `reload`, what a run reports in `events`, the data as
//! the turns use it in `tables`, and the reasons behind a turn, read for the editor's
//! "why?", in `why`.
//!
//! The state carried from turn to turn is one [`Life`] (`life`), in named parts, each
//! beside the file that changes it: the `Clock` (`clock`), the senses' `Readings` and
//! `Memory` (`senses`), the `Planning` and `Judgement` (`choose`), the `Going` (`act`),
//! what is `Holding` (`hand`), the `Schedule` (`schedule`) and the `Tally` (`phase`);
//! every answer kept from turn to turn is in [`Kept`] (`kept`). Freezing serialises the
//! world file, the creature, the village and the life (`freeze`).

mod act;
mod choose;
mod clock;
mod events;
mod feeling;
mod forced;
mod freeze;
mod hand;
mod kept;
mod life;
mod near;
mod object_lists;
mod phase;
mod player_act;
#[cfg(any(test, debug_assertions))]
mod reference;
mod reload;
mod roster;
mod schedule;
mod senses;
mod sighting;
mod table_rows;
mod tables;
mod usefulness;
mod view;
mod why;

use std::sync::Arc;

use crate::creature::Creature;
use crate::mind::desire::TURNS_PER_SECOND;
use crate::mind::plan::Rotation;
use crate::mind::usefulness::UsefulnessCurve;
use crate::names::{Desire, Species};
use crate::reads::Reads;
use crate::species::data::Data;
use crate::species::rules::Kind;
use crate::world::file::WorldFile;
use crate::world::village::Village;
use kept::Kept;
use life::Life;
use schedule::Schedule;
use table_rows::Effect;
use tables::Tables;

pub use events::{Event, Summary, Why};
pub use freeze::FreezeCache;
pub use player_act::Act;
pub use view::{DesireView, PlanView};
pub use why::{DesireWhy, PathStep, PlanWhy, SourceWhy, TreePath, TurnWhy};

/// Seconds per turn (SPEC §1: 10 turns per second).
pub const DT: f64 = 1.0 / TURNS_PER_SECOND;

/// Turns in an in-game day (SPEC §1: 24 h at 10 turns per second).
pub const TURNS_PER_DAY: u64 = 864_000;

/// How many inputs a desire source can read.
const INPUTS: usize = Reads::ALL.len();

/// A world file with the village it builds and the data's tables arranged for it: what
/// every simulation of that world and data starts from.
#[derive(Clone, Debug)]
pub struct Setting {
    world: WorldFile,
    village: Village,
    tables: Arc<Tables>,
}

impl Setting {
    /// `world`, the village it builds, and the tables of `data` for it.
    #[must_use]
    pub fn new(data: &Data, world: WorldFile) -> Setting {
        let village = Village::new(&world, &data.attributes, &data.kinds, world.senses.explore_cells);
        let tables = Arc::new(Tables::new(data, &world, &village));
        Setting { world, village, tables }
    }
}

/// The simulation of one creature in one village.
#[derive(Clone, Debug)]
pub struct Sim {
    data: Arc<Data>,
    /// Shared with the snapshots' writer, which copies its bytes while it is the same.
    file: Arc<WorldFile>,
    tables: Arc<Tables>,
    curve: UsefulnessCurve,
    creature: Creature,
    village: Village,
    /// The state carried from turn to turn, in its parts.
    life: Life,
    /// Every answer kept from turn to turn, voided only through its events.
    kept: Kept,
    events: Vec<Event>,
}

impl Sim {
    /// A simulation of `creature` in `world` (checked against `data`), seeded with `seed`.
    pub fn new(data: Arc<Data>, creature: Creature, world: WorldFile, seed: u64) -> Sim {
        let setting = Setting::new(&data, world);
        Sim::build(data, creature, seed, setting)
    }

    /// [`Sim::new`] in a setting already built from the world and `data`: many
    /// simulations of one world (a batch of newborns) build it once and start from
    /// copies of it.
    pub fn in_setting(data: Arc<Data>, creature: Creature, seed: u64, setting: &Setting) -> Sim {
        Sim::build(data, creature, seed, setting.clone())
    }

    fn build(data: Arc<Data>, creature: Creature, seed: u64, setting: Setting) -> Sim {
        let Setting { world, village, tables } = setting;
        let mut sim = Sim {
            curve: UsefulnessCurve::default(),
            tables,
            creature,
            village,
            // The birth used the seed as it is; the life draws from a stream of its own.
            life: Life::starting(seed ^ 0x5EED_F00D, Schedule::starting(&world)),
            kept: Kept::new(0, 0, &[]),
            events: Vec::new(),
            file: Arc::new(world),
            data,
        };
        sim.life.hold.hand_holding = sim.file.hand.holding.as_deref().and_then(|h| sim.village.find(h));
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

    /// [`Sim::newborn`] in a setting already built ([`Sim::in_setting`]).
    pub fn newborn_in(data: Arc<Data>, species: Species, seed: u64, setting: &Setting) -> Sim {
        let creature = Creature::newborn(&data, species, seed);
        Sim::in_setting(data, creature, seed, setting)
    }

    /// Keeps the events of each turn for [`Sim::take_events`] (off by default).
    pub fn record(&mut self, on: bool) {
        self.life.recording = on;
        if !on {
            self.events.clear();
        }
    }

    /// The events since the last call, oldest first.
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    fn emit(&mut self, e: Event) {
        if self.life.recording {
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
        let now = self.life.clock.tick();
        self.world_turn(now);
        self.body_turn();
        self.sense(now);
        self.feel();
        let held_by_hand = self.life.teaching.hand.holding;
        if !held_by_hand {
            self.choose(now);
            self.act(now);
        }
        if let Some(c) = &self.life.planning.current {
            self.life.tally.time_in[c.cand.desire.index()] += DT;
        }
        self.creature.age_seconds += DT;
        self.phase_turn(now);
        self.on_while_turn();
    }

    /// Whether desire `d` is on now: by the phase, or by its `on_while` input.
    fn desire_on(&self, d: &crate::species::data::DesireDef) -> bool {
        d.on_now(self.creature.phase, |r| self.life.read.inputs[r as usize])
    }

    /// Turns the desires with an `on_while` input on or off as this turn's inputs say;
    /// the tables are rebuilt only when one changes, as when a phase moves on.
    fn on_while_turn(&mut self) {
        let switched = self.tables.on_while.iter().any(|&p| {
            let d = &self.data.desires[p];
            let active = self.kept.active(d.name.index());
            debug_assert_eq!(active, self.life.planning.active.contains(&d.name.index()));
            self.desire_on(d) != active
        });
        if switched {
            self.refresh_tables();
        }
    }

    /// Rebuilds what depends on the phase, the creature's learning and the objects.
    fn refresh_tables(&mut self) {
        let phase = self.creature.phase;
        self.life.planning.active =
            self.data.desires.iter().filter(|d| self.desire_on(d)).map(|d| d.name.index()).collect();
        self.life.going.can_leave_pen = self.data.has_ability(phase, crate::species::data::Ability::LeavePen);
        self.life.planning.candidates = vec![None; Desire::COUNT];
        self.life.judgement.trees = vec![None; Desire::COUNT];
        self.kept.tables_reloaded(self.village.objects.len(), self.tables.sources, &self.life.planning.active);
        self.life.judgement.opinions =
            self.tables.actions.iter().map(|a| self.creature.opinions.get(&a.name).copied().unwrap_or(0.0)).collect();
        self.life.judgement.last_done.resize(self.tables.actions.len(), None);
        self.life.planning.rotation = Rotation::default();
    }

    /// The player's scheduled miracles and deeds, from now on.
    fn rebuild_schedule(&mut self) {
        self.life.schedule.plan_player(&self.file.hand, self.life.clock.time);
    }

    /// Forgets desire `d`'s trees and what was worked out by them (its examples changed).
    fn forget_desire(&mut self, d: usize) {
        self.kept.desire_taught(d);
        self.life.judgement.trees[d] = None;
        self.life.planning.candidates[d] = None;
    }

    /// Refreshes an object's beliefs after its state changed.
    fn changed(&mut self, o: usize) {
        self.village.refresh(o, &self.data.attributes);
        self.kept.object_changed(o);
    }

    fn kind(&self, o: usize) -> Kind {
        self.village.objects[o].kind
    }

    /// The name of kind `k` (SPEC §8's `kind` answer), a kind of one's own's included.
    #[must_use]
    pub fn kind_name(&self, k: Kind) -> &str {
        crate::species::kinds::kind_name(&self.data.kinds, k)
    }
}

/// A newborn Cow of the shipped species in the bundled village, born from `seed`: the
/// creature the turn's tests run.
#[cfg(test)]
fn village_cow(seed: u64) -> Sim {
    let data = Arc::new(Data::builtin().expect("the shipped species data loads"));
    let world = WorldFile::builtin(&data).expect("the bundled village loads");
    Sim::newborn(data, crate::names::Species::Cow, world, seed)
}
