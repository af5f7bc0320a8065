//! The whole simulation as bytes (SPEC §17 snapshots): [`Sim::freeze`] writes every
//! field that decides what happens next (postcard, straight from the running
//! simulation, without copying it first), [`Sim::thaw`] builds the simulation again
//! from them and the species data. Frozen and thawed, a run goes on bit for bit as it
//! would have.
//!
//! Left out, because they follow from what is kept: the species data (a recording keeps
//! its files' texts and builds it again), the tables arranged from data and world, the
//! usefulness (a pure function of a desire's trees and an object's answers, filled
//! again when first needed), what the drives remember between turns (worked out
//! afresh) and the built trees (built again on thaw from the creature's examples, those
//! that were built). Events not yet taken are not state.
//!
//! Both conversions name every field of [`Sim`] without `..`, so a field added to the
//! simulation cannot be forgotten here: it does not compile until it is kept or
//! rebuilt. The written and the read form list the fields in one order; the tests of
//! recordings check that what is read writes the same bytes again.

use std::collections::BTreeSet;
use std::sync::{Arc, Weak};

use serde::{Deserialize, Serialize};

use super::{Current, INPUTS, Scheduled, Sim, Tables};
use crate::creature::Creature;
use crate::creature::lesson::Teaching;
use crate::mind::agenda::Step;
use crate::mind::plan::{Candidate, Rotation};
use crate::mind::tree::build;
use crate::mind::usefulness::UsefulnessCurve;
use crate::names::Desire;
use crate::rng::Rng;
use crate::species::data::{Data, TreeKind};
use crate::world::file::WorldFile;
use crate::world::village::{Village, VillageWritten, extend};

use super::kept::Kept;
use super::phase::PhaseProgress;

/// Everything of a [`Sim`] but its species data and what follows from it, as read back
/// from bytes.
#[derive(Deserialize)]
struct Frozen {
    file: WorldFile,
    curve: UsefulnessCurve,
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

/// [`Frozen`] borrowed from a running [`Sim`], from its fifth field on, field for field
/// in the same order with the same encoding, so that a snapshot is written without
/// copying the state first. The first four (the world file, the score curve, the
/// creature and the village) are written before it, each on its own: postcard writes a
/// struct as its fields one after another, so the bytes are the same.
#[derive(Serialize)]
struct FrozenRest<'a> {
    rng: &'a Rng,
    teaching: &'a Teaching,
    turns: &'a u64,
    time: &'a f64,
    inputs: &'a [f64],
    distances: &'a Vec<f64>,
    drives: &'a Vec<f64>,
    active: &'a Vec<usize>,
    rotation: &'a Rotation,
    candidates: &'a Vec<Option<Candidate>>,
    current: &'a Option<Current>,
    held: &'a Option<usize>,
    hand_holding: &'a Option<usize>,
    built: Vec<bool>,
    opinions: &'a Vec<f64>,
    last_done: &'a Vec<Option<f64>>,
    can_leave_pen: &'a bool,
    moving: &'a bool,
    heat: &'a f64,
    hand_seen_at: &'a f64,
    friend_seen_at: &'a f64,
    same_since: &'a f64,
    same_action: &'a Option<usize>,
    slapped_at: &'a Option<f64>,
    stroked_at: &'a Option<f64>,
    deed_seen_at: &'a Option<f64>,
    order: &'a Option<(f64, usize)>,
    creature_order: &'a Option<(f64, usize)>,
    stuff_away: &'a f64,
    stuff_dirty: &'a bool,
    next_respawn: &'a f64,
    next_harvest: &'a f64,
    next_miracle_try: &'a f64,
    cast_ok: &'a BTreeSet<String>,
    schedule: &'a Vec<Scheduled>,
    plans: &'a u64,
    lessons: &'a u64,
    time_in: &'a Vec<f64>,
    progress: &'a PhaseProgress,
    recording: &'a bool,
    commanded: &'a Option<Candidate>,
}

/// What a recorder keeps from one snapshot to the next, to write the next faster: the
/// bytes of what did not change since (the world file, the creature's trees, the
/// objects' answers).
#[derive(Clone, Debug, Default)]
pub struct FreezeCache {
    /// The world file last written, and its bytes. Looked at from afar: a simulation
    /// that changes its world file (the hand moves) changes it in place and leaves this
    /// pointing elsewhere, while the allocation kept alive by it cannot be another
    /// file's.
    world: Option<(Weak<WorldFile>, Vec<u8>)>,
    /// Each desire's two trees as last written, under the number they went by then
    /// ([`Sim::trees_number`]: the same number, the same trees).
    trees: Vec<Option<(u64, Vec<u8>)>>,
    village: VillageWritten,
}

impl Sim {
    /// The simulation's state as bytes (postcard), for [`Sim::thaw`] (SPEC §17).
    #[must_use]
    pub fn freeze(&self) -> Vec<u8> {
        self.freeze_into(Vec::new())
    }

    /// [`Sim::freeze`]'s bytes after those of `out`: a recorder that knows about how
    /// large a state is gives room for it, so the bytes are not moved as they grow.
    #[must_use]
    pub fn freeze_into(&self, out: Vec<u8>) -> Vec<u8> {
        self.freeze_with(&mut FreezeCache::default(), out)
    }

    /// [`Sim::freeze_into`], copying what has not changed since the bytes in `cache`
    /// (which it updates) were written: the same bytes, sooner.
    #[must_use]
    pub fn freeze_with(&self, cache: &mut FreezeCache, out: Vec<u8>) -> Vec<u8> {
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
            kept,
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
            inside_pen_at: _,
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
        let mut out = match &cache.world {
            Some((kept, bytes)) if std::ptr::eq(kept.as_ptr(), Arc::as_ptr(file)) => {
                let mut out = out;
                out.extend_from_slice(bytes);
                out
            }
            _ => {
                let start = out.len();
                let out = extend(&**file, out);
                cache.world = Some((Arc::downgrade(file), out.get(start..).unwrap_or_default().to_vec()));
                out
            }
        };
        out = extend(curve, out);
        out = freeze_creature(creature, kept, &mut cache.trees, out);
        out = village.freeze_into(&mut cache.village, out);
        let rest = FrozenRest {
            rng,
            teaching,
            turns,
            time,
            inputs: inputs.as_slice(),
            distances,
            drives,
            active,
            rotation,
            candidates,
            current,
            held,
            hand_holding,
            built: trees.iter().map(Option::is_some).collect(),
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
        };
        extend(&rest, out)
    }

    /// The simulation [`Sim::freeze`] gave `bytes` for, running on `data`, the data it
    /// ran on.
    ///
    /// # Errors
    /// Bytes that do not decode, or a state whose lists do not fit the data or the
    /// village (a damaged file, or data other than the run's), with what does not fit.
    pub fn thaw(data: Arc<Data>, bytes: &[u8]) -> Result<Sim, String> {
        let frozen: Frozen = postcard::from_bytes(bytes).map_err(|e| format!("a snapshot does not decode: {e}"))?;
        let tables = Arc::new(Tables::new(&data, &frozen.file, &frozen.village));
        frozen.fits(&tables)?;
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
        let objects = village.objects.len();
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
            kept: Kept::new(objects, tables.sources, &active),
            data,
            tables,
            file: Arc::new(file),
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
            inside_pen_at: None,
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

impl Frozen {
    /// Refuses a state whose lists do not fit the data's `tables` or its own village,
    /// saying what does not fit.
    fn fits(&self, tables: &Tables) -> Result<(), String> {
        let objects = self.village.objects.len();
        let fits = |what: &str, len: usize, want: usize| {
            if len == want { Ok(()) } else { Err(format!("the snapshot's {what} has {len} entries; expected {want}")) }
        };
        fits("desire sources", self.inputs.len(), INPUTS)?;
        fits("drives", self.drives.len(), Desire::COUNT)?;
        fits("plans per desire", self.candidates.len(), Desire::COUNT)?;
        fits("built trees", self.built.len(), Desire::COUNT)?;
        fits("time per desire", self.time_in.len(), Desire::COUNT)?;
        fits("desires of the creature", self.creature.desires.len(), Desire::COUNT)?;
        fits("trees of the creature", self.creature.trees.len(), Desire::COUNT)?;
        fits("opinions", self.opinions.len(), tables.actions.len())?;
        if !self.village.holds_together() || self.distances.len() > objects {
            return Err("the snapshot's village does not hold its own objects".to_owned());
        }
        let actions = tables.actions.len();
        let index_ok = |i: usize| i < objects;
        let cand_ok = |c: &Candidate| index_ok(c.object) && index_ok(c.target) && c.action < actions;
        let step_ok = |s: &Step| match *s {
            Step::MoveTo { object, .. } | Step::PickUp { object, .. } => index_ok(object),
            Step::MoveAway { from, .. } => index_ok(from),
            Step::Act { .. } | Step::Wait { .. } => true,
        };
        let plans_ok = self.candidates.iter().flatten().chain(self.commanded.iter()).all(cand_ok)
            && self.current.as_ref().is_none_or(|c| cand_ok(&c.cand) && c.agenda.steps.iter().all(step_ok))
            && [self.held, self.hand_holding].iter().flatten().all(|&i| index_ok(i))
            && [self.order, self.creature_order].iter().flatten().all(|&(_, i)| index_ok(i))
            && self.same_action.is_none_or(|a| a < actions)
            && self.last_done.len() <= actions
            && self.active.iter().all(|&d| d < Desire::COUNT);
        if !plans_ok {
            return Err("the snapshot names an object, action or desire it does not have".to_owned());
        }
        Ok(())
    }
}

/// The creature's postcard bytes after `out`'s (a struct is its fields' bytes one after
/// another, a list its length and then its items), each desire's trees copied from
/// `written` while they go by the number they were written under.
fn freeze_creature(c: &Creature, kept: &Kept, written: &mut Vec<Option<(u64, Vec<u8>)>>, out: Vec<u8>) -> Vec<u8> {
    // Every field named, so that a field added cannot be left out here.
    let Creature { name, species, seed, phase, age_seconds, traits, liking, body, desires, opinions, trees, watching } =
        c;
    let mut out = extend(&(name, species, seed, phase, age_seconds, traits, liking, body, desires, opinions), out);
    out = extend(&trees.len(), out);
    written.resize(trees.len(), None);
    for (d, (t, kept_bytes)) in trees.iter().zip(written.iter_mut()).enumerate() {
        let number = kept.trees_number(d);
        match kept_bytes {
            // 0: a tree the simulation keeps no number for is written afresh.
            Some((n, bytes)) if *n == number && number != 0 => out.extend_from_slice(bytes),
            _ => {
                let start = out.len();
                out = extend(t, out);
                *kept_bytes = Some((number, out.get(start..).unwrap_or_default().to_vec()));
            }
        }
    }
    extend(watching, out)
}
