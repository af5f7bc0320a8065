//! The whole simulation as plain data (SPEC §17 snapshots): [`Sim::freeze`] takes every
//! field that decides what happens next, [`Sim::thaw`] builds the simulation again from
//! it and the species data. Frozen and thawed, a run goes on bit for bit as it would
//! have.
//!
//! Left out, because they follow from what is kept: the species data (a recording keeps
//! its files' texts and builds it again), the tables arranged from data and world, the
//! object scores (a pure function of a desire's trees and an object's answers, filled
//! again when first needed) and the built trees (built again on thaw from the
//! creature's examples, those that were built). Events not yet taken are not state.
//!
//! Both conversions name every field of [`Sim`] without `..`, so a field added to the
//! simulation cannot be forgotten here: it does not compile until it is kept or
//! rebuilt.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::{Current, INPUTS, Scheduled, Sim, Tables};
use crate::creature::Creature;
use crate::data::{Data, TreeKind};
use crate::mind::lesson::Teaching;
use crate::mind::plan::{Candidate, Rotation};
use crate::mind::score::ScoreCurve;
use crate::mind::tree::build;
use crate::names::Desire;
use crate::rng::Rng;
use crate::world::file::WorldFile;
use crate::world::village::Village;

use super::phase::PhaseProgress;

/// Everything of a [`Sim`] but its species data and what follows from it; serde gives
/// it bytes (postcard) for recordings. Its fields are private: build it with
/// [`Sim::freeze`], use it with [`Sim::thaw`].
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Frozen {
    file: WorldFile,
    curve: ScoreCurve,
    creature: Creature,
    village: Village,
    rng: Rng,
    teaching: Teaching,
    turns: u64,
    time: f64,
    inputs: Vec<f64>,
    distances: Vec<f64>,
    drives: Vec<f64>,
    active: Vec<usize>,
    rotation: Rotation,
    candidates: Vec<Option<Candidate>>,
    current: Option<Current>,
    held: Option<usize>,
    hand_holding: Option<usize>,
    /// Which desires had their trees built.
    built: Vec<bool>,
    opinions: Vec<f64>,
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
    cast_ok: BTreeSet<String>,
    schedule: Vec<Scheduled>,
    plans: u64,
    lessons: u64,
    time_in: Vec<f64>,
    progress: PhaseProgress,
    recording: bool,
    commanded: Option<Candidate>,
}

impl Frozen {
    /// The turn it was taken at.
    #[must_use]
    pub fn turns(&self) -> u64 {
        self.turns
    }
}

impl Sim {
    /// The simulation's state as plain data, for [`Sim::thaw`] (SPEC §17).
    #[must_use]
    pub fn freeze(&self) -> Frozen {
        let Sim {
            data: _,
            tables: _,
            file,
            curve,
            creature,
            village,
            rng,
            teaching,
            turns,
            time,
            inputs,
            distances,
            drives,
            active,
            rotation,
            candidates,
            current,
            held,
            hand_holding,
            trees,
            useful: _,
            opinions,
            last_done,
            can_leave_pen,
            moving,
            heat,
            hand_seen_at,
            friend_seen_at,
            same_since,
            same_action,
            slapped_at,
            stroked_at,
            deed_seen_at,
            order,
            creature_order,
            stuff_away,
            stuff_dirty,
            next_respawn,
            next_harvest,
            next_miracle_try,
            cast_ok,
            schedule,
            plans,
            lessons,
            time_in,
            progress,
            recording,
            commanded,
            events: _,
        } = self;
        Frozen {
            file: file.clone(),
            curve: *curve,
            creature: creature.clone(),
            village: village.clone(),
            rng: rng.clone(),
            teaching: teaching.clone(),
            turns: *turns,
            time: *time,
            inputs: inputs.to_vec(),
            distances: distances.clone(),
            drives: drives.clone(),
            active: active.clone(),
            rotation: *rotation,
            candidates: candidates.clone(),
            current: current.clone(),
            held: *held,
            hand_holding: *hand_holding,
            built: trees.iter().map(Option::is_some).collect(),
            opinions: opinions.clone(),
            last_done: last_done.clone(),
            can_leave_pen: *can_leave_pen,
            moving: *moving,
            heat: *heat,
            hand_seen_at: *hand_seen_at,
            friend_seen_at: *friend_seen_at,
            same_since: *same_since,
            same_action: *same_action,
            slapped_at: *slapped_at,
            stroked_at: *stroked_at,
            deed_seen_at: *deed_seen_at,
            order: *order,
            creature_order: *creature_order,
            stuff_away: *stuff_away,
            stuff_dirty: *stuff_dirty,
            next_respawn: *next_respawn,
            next_harvest: *next_harvest,
            next_miracle_try: *next_miracle_try,
            cast_ok: cast_ok.clone(),
            schedule: schedule.clone(),
            plans: *plans,
            lessons: *lessons,
            time_in: time_in.clone(),
            progress: progress.clone(),
            recording: *recording,
            commanded: *commanded,
        }
    }

    /// The simulation `frozen` was taken from, running on `data` (the data it ran on,
    /// or the run goes on with other data as after [`Sim::reload_data`]).
    ///
    /// # Errors
    /// A snapshot whose lists do not fit the data or the village (a damaged file, or
    /// data other than the run's) is refused with what does not fit.
    pub fn thaw(data: Arc<Data>, frozen: Frozen) -> Result<Sim, String> {
        let Frozen {
            file,
            curve,
            creature,
            village,
            rng,
            teaching,
            turns,
            time,
            inputs,
            distances,
            drives,
            active,
            rotation,
            candidates,
            current,
            held,
            hand_holding,
            built,
            opinions,
            last_done,
            can_leave_pen,
            moving,
            heat,
            hand_seen_at,
            friend_seen_at,
            same_since,
            same_action,
            slapped_at,
            stroked_at,
            deed_seen_at,
            order,
            creature_order,
            stuff_away,
            stuff_dirty,
            next_respawn,
            next_harvest,
            next_miracle_try,
            cast_ok,
            schedule,
            plans,
            lessons,
            time_in,
            progress,
            recording,
            commanded,
        } = frozen;
        let tables = Tables::new(&data, &file);
        let objects = village.objects.len();
        let fits = |what: &str, len: usize, want: usize| {
            if len == want { Ok(()) } else { Err(format!("the snapshot's {what} has {len} entries; expected {want}")) }
        };
        fits("desire sources", inputs.len(), INPUTS)?;
        fits("drives", drives.len(), Desire::COUNT)?;
        fits("plans per desire", candidates.len(), Desire::COUNT)?;
        fits("built trees", built.len(), Desire::COUNT)?;
        fits("time per desire", time_in.len(), Desire::COUNT)?;
        fits("desires of the creature", creature.desires.len(), Desire::COUNT)?;
        fits("trees of the creature", creature.trees.len(), Desire::COUNT)?;
        fits("opinions", opinions.len(), tables.actions.len())?;
        if [village.pen, village.hand, village.me].iter().any(|&i| i >= objects) || distances.len() > objects {
            return Err("the snapshot's village does not hold its own objects".to_owned());
        }
        let index_ok = |i: usize| i < objects;
        let cand_ok = |c: &Candidate| index_ok(c.object) && index_ok(c.target) && c.action < tables.actions.len();
        let plans_ok = candidates.iter().flatten().chain(commanded.iter()).all(cand_ok)
            && current.as_ref().is_none_or(|c| cand_ok(&c.cand))
            && [held, hand_holding].iter().flatten().all(|&i| index_ok(i))
            && active.iter().all(|&d| d < Desire::COUNT);
        if !plans_ok {
            return Err("the snapshot names an object, action or desire it does not have".to_owned());
        }
        let trees = built
            .iter()
            .zip(Desire::ALL)
            .map(|(b, d)| {
                b.then(|| {
                    [TreeKind::Activity, TreeKind::ActOn]
                        .map(|k| build(&data.attributes, &creature.tree(*d, k).examples))
                })
            })
            .collect();
        let mut input_array = [0.0; INPUTS];
        input_array.copy_from_slice(&inputs);
        Ok(Sim {
            useful: vec![f64::NAN; Desire::COUNT * 2 * objects],
            data,
            tables,
            file,
            curve,
            creature,
            village,
            rng,
            teaching,
            turns,
            time,
            inputs: input_array,
            distances,
            drives,
            active,
            rotation,
            candidates,
            current,
            held,
            hand_holding,
            trees,
            opinions,
            last_done,
            can_leave_pen,
            moving,
            heat,
            hand_seen_at,
            friend_seen_at,
            same_since,
            same_action,
            slapped_at,
            stroked_at,
            deed_seen_at,
            order,
            creature_order,
            stuff_away,
            stuff_dirty,
            next_respawn,
            next_harvest,
            next_miracle_try,
            cast_ok,
            schedule,
            plans,
            lessons,
            time_in,
            progress,
            recording,
            commanded,
            events: Vec::new(),
        })
    }
}
