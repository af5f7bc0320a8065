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
//! The simulation's running state is one serialisable [`Life`], so that a part of it is
//! named once: in `Life`, whose derived format writes its parts in order. Both
//! conversions name every field of [`Sim`] without `..`, so a field added to the
//! simulation cannot be forgotten here. Postcard writes a struct as its fields one after
//! another, so the bytes are those of the fields in order, nested or not; the tests of
//! recordings check that what is read writes the same bytes again.

use std::sync::{Arc, Weak};

use serde::Deserialize;

use super::life::Life;
use super::{Sim, Tables};
use crate::creature::Creature;
use crate::mind::agenda::Step;
use crate::mind::plan::Candidate;
use crate::mind::tree::build;
use crate::mind::usefulness::UsefulnessCurve;
use crate::names::Desire;
use crate::species::data::{Data, TreeKind};
use crate::world::file::WorldFile;
use crate::world::village::{Village, VillageWritten, extend};

use super::kept::Kept;

/// Everything of a [`Sim`] but its species data and what follows from it, as read back
/// from bytes.
#[derive(Deserialize)]
struct Frozen {
    file: WorldFile,
    curve: UsefulnessCurve,
    creature: Creature,
    village: Village,
    life: Life,
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
        let Sim { data: _, tables: _, file, curve, creature, village, life, kept, events: _ } = self;
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
        extend(life, out)
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
        let Frozen { file, curve, creature, village, mut life } = frozen;
        let objects = village.objects.len();
        // The trees frozen as built are built again from the creature's examples.
        for (slot, d) in life.judgement.trees.iter_mut().zip(Desire::ALL) {
            if slot.is_some() {
                *slot = Some(
                    [TreeKind::Activity, TreeKind::ActOn]
                        .map(|k| build(&data.attributes, &creature.tree(*d, k).examples)),
                );
            }
        }
        Ok(Sim {
            kept: Kept::new(objects, tables.sources, &life.planning.active),
            data,
            tables,
            file: Arc::new(file),
            curve,
            creature,
            village,
            life,
            events: Vec::new(),
        })
    }
}

impl Frozen {
    /// Refuses a state whose lists do not fit the data's `tables` or its own village,
    /// saying what does not fit.
    fn fits(&self, tables: &Tables) -> Result<(), String> {
        let life = &self.life;
        let objects = self.village.objects.len();
        let fits = |what: &str, len: usize, want: usize| {
            if len == want { Ok(()) } else { Err(format!("the snapshot's {what} has {len} entries; expected {want}")) }
        };
        fits("drives", life.read.drives.len(), Desire::COUNT)?;
        fits("plans per desire", life.planning.candidates.len(), Desire::COUNT)?;
        fits("built trees", life.judgement.trees.len(), Desire::COUNT)?;
        fits("time per desire", life.tally.time_in.len(), Desire::COUNT)?;
        fits("desires of the creature", self.creature.desires.len(), Desire::COUNT)?;
        fits("trees of the creature", self.creature.trees.len(), Desire::COUNT)?;
        fits("opinions", life.judgement.opinions.len(), tables.actions.len())?;
        if !self.village.holds_together() || life.read.distances.len() > objects {
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
        let plans_ok = life.planning.candidates.iter().flatten().chain(life.commanded.iter()).all(cand_ok)
            && life.planning.current.as_ref().is_none_or(|c| cand_ok(&c.cand) && c.agenda.steps.iter().all(step_ok))
            && [life.hold.held, life.hold.hand_holding].iter().flatten().all(|&i| index_ok(i))
            && [life.memory.order, life.memory.creature_order].iter().flatten().all(|&(_, i)| index_ok(i))
            && life.memory.same_action.is_none_or(|a| a < actions)
            && life.judgement.last_done.len() <= actions
            && life.planning.active.iter().all(|&d| d < Desire::COUNT);
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

/// Each desire's built trees written as whether they were built (a list of flags), and
/// read back as a slot marked for building again: [`Sim::thaw`] builds every marked
/// slot from the creature's examples before the simulation runs.
pub(super) mod built {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::mind::tree::Tree;

    pub(in super::super) fn serialize<S: Serializer>(trees: &[Option<[Tree; 2]>], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(trees.iter().map(Option::is_some))
    }

    pub(in super::super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Option<[Tree; 2]>>, D::Error> {
        let built = Vec::<bool>::deserialize(d)?;
        Ok(built.into_iter().map(|b| b.then(<[Tree; 2]>::default)).collect())
    }
}
