//! The plain definitions that the kept answers are checked against.
//!
//! The turns keep what they work out ([`super::roster`], [`super::sighting`]) and reuse
//! it while nothing it depends on has changed. Each kept answer has its definition here,
//! worked out from nothing: a debug build compares every kept answer with it as the run
//! goes, and the tests below compare the two in any build, release included, so that the
//! path the shipped binary takes is checked as well.

use super::choose::Objects;
use super::object_lists::fits;
use super::sighting::{Measure, Nearby, Sighting};
use super::{Effect, Sim};
use crate::mind::plan::object_score;
use crate::species::data::TreeKind;

/// True when two choices of objects are the same, bit for bit.
fn same_choice(a: Option<Objects>, b: Option<Objects>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            a.0 == b.0 && a.1 == b.1 && a.2.to_bits() == b.2.to_bits() && a.3.to_bits() == b.3.to_bits()
        }
        _ => false,
    }
}

impl Sim {
    /// Panics when `kept`, the choice of objects the turn made for desire `d` doing
    /// action `a`, is not [`Sim::choose_objects`]'s, saying `what` went wrong.
    pub(super) fn check_choice(&mut self, d: usize, a: usize, kept: Option<Objects>, what: &str) {
        let plain = self.choose_objects(d, a);
        assert!(same_choice(kept, plain), "{what}: kept {kept:?}, plain {plain:?}");
    }

    /// (object, target, activity usefulness of the target, object score) for desire `d`
    /// doing action `a` (SPEC §4): for a social desire the target with the best
    /// [`object_score`] by the Activity tree, and what is done to it (or, for a throw,
    /// hurled at it) by the ActOn tree; otherwise the object whose activity usefulness ×
    /// object score is best. Ties go to the earlier object. The turns weigh a kept roster
    /// instead ([`Sim::weigh`]).
    pub(super) fn choose_objects(&mut self, d: usize, a: usize) -> Option<Objects> {
        let social = self.tables.desires[d].social;
        let affords = self.tables.actions[a].affords;
        let eats = self.tables.actions[a].effect == Effect::Eat;
        // Only objects of the kinds the desire and the action fit are weighed, in index
        // order, as a scan of every object skipping the others would.
        if social {
            let mut best: Option<(f64, usize, f64)> = None;
            for i in 0..self.tables.lists.targets(d).len() {
                let t = self.tables.lists.targets(d)[i];
                if !self.reachable(t, false) {
                    continue;
                }
                let activity = self.useful(d, TreeKind::Activity, t);
                let s = object_score(self.distance_priority(d, t), activity);
                if best.is_none_or(|(b, _, _)| s > b) {
                    best = Some((s, t, activity));
                }
            }
            let (_, t, activity) = best?;
            if fits(self.kind(t), affords) {
                let score = object_score(self.distance_priority(d, t), self.useful(d, TreeKind::ActOn, t));
                return Some((t, t, activity, score));
            }
            // Only a throw acts on one thing (what it hurls) for another (whom it hits);
            // any other action must be done to the target itself.
            if self.tables.actions[a].effect != Effect::Throw {
                return None;
            }
            let mut object: Option<(f64, usize)> = None;
            for i in 0..self.tables.lists.affords(a).len() {
                let o = self.tables.lists.affords(a)[i];
                if o == t || !self.reachable(o, eats) {
                    continue;
                }
                let score = object_score(self.distance_priority(d, o), self.useful(d, TreeKind::ActOn, o));
                if object.is_none_or(|(b, _)| score > b) {
                    object = Some((score, o));
                }
            }
            let (score, o) = object?;
            return Some((o, t, activity, score));
        }
        let mut best: Option<(f64, usize, f64, f64)> = None;
        for i in 0..self.tables.lists.pair(d, a).len() {
            let o = self.tables.lists.pair(d, a)[i];
            if !self.reachable(o, eats) {
                continue;
            }
            let score = object_score(self.distance_priority(d, o), self.useful(d, TreeKind::ActOn, o));
            let activity = self.useful(d, TreeKind::Activity, o);
            let s = activity * score;
            if best.is_none_or(|(b, ..)| s > b) {
                best = Some((s, o, activity, score));
            }
        }
        best.map(|(_, o, activity, score)| (o, o, activity, score))
    }

    /// True when what is kept of the layout, as measured in `scene` from `p`, is what a
    /// measure of every object would give, bit for bit.
    pub(super) fn kept_as_measured(&self, scene: u64, p: (f64, f64)) -> bool {
        let m = Measure { village: &self.village, s: self.file.senses, p };
        let (mut fresh, mut distances, mut listed) = (Sighting::default(), Vec::new(), Nearby::default());
        m.begin(&mut fresh, scene, true);
        m.all(&mut fresh, &mut distances, &mut listed);
        fresh.same(self.kept.sighting())
            && distances.len() == self.life.read.distances.len()
            && distances.iter().zip(&self.life.read.distances).all(|(a, b)| a.to_bits() == b.to_bits())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;

    use super::super::choose::MAX_ACTIONS;
    use super::Sim;
    use crate::names::Species;
    use crate::species::data::Data;
    use crate::world::file::WorldFile;

    /// Every choice of objects the turns would make now, for every active desire and
    /// each of its actions, against the reference; and the layout the senses keep
    /// against a measure of every object. Returns how many choices were compared.
    fn compare_now(sim: &mut Sim) -> usize {
        let mut compared = 0;
        for k in 0..sim.life.planning.active.len() {
            let d = sim.life.planning.active[k];
            for slot in 0..sim.tables.desires[d].actions.len().min(MAX_ACTIONS) {
                let a = sim.tables.desires[d].actions[slot];
                let kept = sim.objects_for(d, slot, a);
                sim.check_choice(d, a, kept, "the kept choice of objects differs from the reference");
                compared += 1;
            }
        }
        if let Some((scene, p)) = sim.kept.sighting().measured_at()
            && scene == sim.kept.scene()
        {
            assert!(sim.kept_as_measured(scene, p), "the kept layout differs from a measure of every object");
        }
        compared
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

        /// In the bundled village, a newborn of any shipped species, at any phase, makes
        /// the reference's choices turn after turn, whichever build runs the test: a
        /// release build's turns never run the debug checks, so this is what shows its
        /// path right.
        #[test]
        fn the_turns_choose_as_the_reference_does(
            species in 0..Species::ALL.len(),
            seed in 0u64..1_000,
            phase in 0u8..14,
            every in 1u64..40,
        ) {
            let data = Arc::new(Data::builtin().expect("the shipped species data loads"));
            let world = WorldFile::builtin(&data).expect("the bundled village loads");
            let mut sim = Sim::newborn(data, Species::ALL[species], world, seed);
            sim.set_phase(phase);
            let mut compared = 0;
            for _ in 0..4_000 / every {
                sim.run(every);
                compared += compare_now(&mut sim);
            }
            prop_assert!(compared > 0, "no choice was compared");
        }
    }
}
