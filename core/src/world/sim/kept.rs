//! What the turns keep from one turn to the next, and the few events that void it.
//!
//! Much of a turn depends on little that changes: the layout the senses measured, each
//! object's usefulness by each tree, each desire's choice of objects, the objects within
//! reach of each choice, each source's sigmoid. [`Kept`] holds every such answer, never
//! frozen into snapshots, behind private fields. The rest of the simulation fills it,
//! reads it, and voids it only by saying what happened:
//!
//! | event | voids |
//! |---|---|
//! | [`Kept::creature_stepped`] | the scene: the layout, the choices of objects |
//! | [`Kept::stirred`] (something moved or changed) | the scene and the stage: also the rosters and the objects listed near |
//! | [`Kept::object_changed`] (its beliefs) | a stir, that object's usefulness, the scores' number |
//! | [`Kept::desire_taught`] (its trees) | a stir, that desire's usefulness, its trees' and the scores' numbers |
//! | [`Kept::thresholds_taught`] | every drive's sigmoids |
//! | [`Kept::tables_reloaded`] | everything (the active desires and whether the body thirsts with it) |
//!
//! A *scene* holds while nothing moves or changes; a *stage* holds while nothing but the
//! creature moves. Each kept answer has its plain definition in `reference`, which a
//! debug build checks it against as the run goes.
//!
//! Two numbers say what others may keep in turn: a desire's *trees number* stands while
//! its trees stand, and the *scores number* while no object's beliefs and no desire's
//! trees change. Both are new numbers in the process, never reused, so a condition that
//! keeps a score (`cond::watch`) or a snapshot that copies a desire's trees can tell
//! that nothing under it changed.

use super::choose::{MAX_ACTIONS, Objects};
use super::feeling::Feeling;
use super::roster::Roster;
use super::sighting::{Measuring, Nearby, Sighting};
use crate::names::Desire;

/// Every answer the turns keep, with the counters that say how long each holds.
#[derive(Clone, Debug)]
pub(super) struct Kept {
    /// Counts the changes to where things stand and what they are.
    scene: u64,
    /// Counts the changes to the things around the creature: every change of scene
    /// but the creature's own steps.
    stage: u64,
    /// How many objects the village has.
    objects: usize,
    /// Usefulness per (desire, tree, object), by index `(d * 2 + tree) * objects + o`;
    /// NaN until worked out.
    useful: Vec<f64>,
    /// Each (desire, action place)'s choice of objects, with the scene it holds in.
    choices: Vec<Option<(u64, Option<Objects>)>>,
    /// Each (desire, action place)'s roster, each with the stage it was listed in.
    rosters: Vec<Roster>,
    /// The layout as the senses last measured it, with the scene it holds in.
    sighting: Sighting,
    /// The objects near enough to count for the senses, with the stage it holds in.
    nearby: Nearby,
    /// Each source's last sigmoid and each desire's last growth.
    feeling: Feeling,
    /// Whether the body thirsts at a phase, with that phase: it holds while the tables
    /// stand (a new phase or new data reloads them).
    thirsts: Option<(u8, bool)>,
    /// Per desire, the number its trees go by ([`fresh_number`]): a new one whenever
    /// they change.
    trees: Vec<u64>,
    /// The number every object's score by every tree goes by ([`fresh_number`]): a
    /// new one whenever an object's beliefs or a desire's trees change.
    scores: u64,
}

/// A number no state of any simulation in this process has had: whoever saw a
/// desire's trees, or the scores, under one number sees the same while it stands.
fn fresh_number() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Kept {
    /// Nothing kept, for a village of `objects` objects and desires with `sources`
    /// sources in all, of which those with the indices `active` are active.
    pub(super) fn new(objects: usize, sources: usize, active: &[usize]) -> Kept {
        Kept {
            scene: 0,
            stage: 0,
            objects,
            useful: vec![f64::NAN; Desire::COUNT * 2 * objects],
            choices: Vec::new(),
            rosters: Vec::new(),
            sighting: Sighting::default(),
            nearby: Nearby::default(),
            feeling: Feeling::new(sources, active),
            thirsts: None,
            trees: (0..Desire::COUNT).map(|_| fresh_number()).collect(),
            scores: fresh_number(),
        }
    }

    /// The number desire `d`'s trees go by now: it changes whenever they do.
    #[inline]
    pub(super) fn trees_number(&self, d: usize) -> u64 {
        self.trees.get(d).copied().unwrap_or(0)
    }

    /// The number every object's score goes by now: it changes whenever any could.
    #[inline]
    pub(super) fn scores_number(&self) -> u64 {
        self.scores
    }

    /// The creature took a step: the scene changes, the stage holds.
    #[inline]
    pub(super) fn creature_stepped(&mut self) {
        self.scene = self.scene.wrapping_add(1);
    }

    /// Something moved or changed (a thing was moved, taken, hurt, eaten, given): the
    /// scene and the stage change.
    #[inline]
    pub(super) fn stirred(&mut self) {
        self.scene = self.scene.wrapping_add(1);
        self.stage = self.stage.wrapping_add(1);
    }

    /// Object `o`'s beliefs changed: a stir, and its usefulness by every tree is
    /// worked out again.
    pub(super) fn object_changed(&mut self, o: usize) {
        self.stirred();
        self.scores = fresh_number();
        let n = self.objects;
        for k in 0..Desire::COUNT * 2 {
            self.useful[k * n + o] = f64::NAN;
        }
    }

    /// Desire `d`'s trees changed: a stir, and every object's usefulness by them is
    /// worked out again.
    pub(super) fn desire_taught(&mut self, d: usize) {
        self.stirred();
        let n = self.objects;
        self.useful[d * 2 * n..(d + 1) * 2 * n].fill(f64::NAN);
        if let Some(t) = self.trees.get_mut(d) {
            *t = fresh_number();
        }
        self.scores = fresh_number();
    }

    /// A lesson may have moved the desires' thresholds: the next turn works every drive
    /// out afresh.
    pub(super) fn thresholds_taught(&mut self) {
        self.feeling.taught();
    }

    /// The tables, the village or the active desires changed: nothing kept holds.
    pub(super) fn tables_reloaded(&mut self, objects: usize, sources: usize, active: &[usize]) {
        self.objects = objects;
        self.useful = vec![f64::NAN; Desire::COUNT * 2 * objects];
        self.feeling = Feeling::new(sources, active);
        self.thirsts = None;
        self.trees = (0..Desire::COUNT).map(|_| fresh_number()).collect();
        self.scores = fresh_number();
        self.stirred();
    }

    /// The scene now.
    #[inline]
    pub(super) fn scene(&self) -> u64 {
        self.scene
    }

    /// The stage now.
    #[inline]
    pub(super) fn stage(&self) -> u64 {
        self.stage
    }

    /// Where object `o`'s usefulness by desire `d`'s tree `k` (0 Activity, 1 ActOn) is
    /// kept.
    #[inline]
    pub(super) fn useful_at(&self, d: usize, k: usize, o: usize) -> usize {
        (d * 2 + k) * self.objects + o
    }

    /// The usefulness kept at `at` ([`Kept::useful_at`]), if it was worked out.
    #[inline]
    pub(super) fn usefulness(&self, at: usize) -> Option<f64> {
        let kept = self.useful[at];
        (!kept.is_nan()).then_some(kept)
    }

    /// Forgets the usefulness kept at `at`: it is worked out again when next asked.
    #[inline]
    pub(super) fn forget_usefulness(&mut self, at: usize) {
        if let Some(kept) = self.useful.get_mut(at) {
            *kept = f64::NAN;
        }
    }

    /// Keeps `score` as the usefulness at `at` until its object or desire changes.
    #[inline]
    pub(super) fn keep_usefulness(&mut self, at: usize, score: f64) {
        self.useful[at] = score;
    }

    /// The choice of objects of desire `d` by its action at place `slot`, if one was
    /// made in this scene.
    #[inline]
    pub(super) fn choice(&self, d: usize, slot: usize) -> Option<Option<Objects>> {
        match self.choices.get(d * MAX_ACTIONS + slot) {
            Some(Some((s, kept))) if *s == self.scene => Some(*kept),
            _ => None,
        }
    }

    /// Keeps `objects` as the choice of (`d`, `slot`) for this scene.
    pub(super) fn keep_choice(&mut self, d: usize, slot: usize, objects: Option<Objects>) {
        if self.choices.is_empty() {
            self.choices = vec![None; Desire::COUNT * MAX_ACTIONS];
        }
        self.choices[d * MAX_ACTIONS + slot] = Some((self.scene, objects));
    }

    /// The roster of (`d`, `slot`), taken out of its place (its lists' memory with it):
    /// [`Kept::put_roster`] gives it back.
    pub(super) fn take_roster(&mut self, d: usize, slot: usize) -> Roster {
        if self.rosters.is_empty() {
            self.rosters = vec![Roster::default(); Desire::COUNT * MAX_ACTIONS];
        }
        std::mem::take(&mut self.rosters[d * MAX_ACTIONS + slot])
    }

    /// Puts the roster of (`d`, `slot`) back in its place.
    pub(super) fn put_roster(&mut self, d: usize, slot: usize, roster: Roster) {
        self.rosters[d * MAX_ACTIONS + slot] = roster;
    }

    /// The layout as the senses last measured it.
    #[inline]
    pub(super) fn sighting(&self) -> &Sighting {
        &self.sighting
    }

    /// The objects listed near.
    #[cfg(test)]
    pub(super) fn nearby(&self) -> &Nearby {
        &self.nearby
    }

    /// What a measure of the layout fills, in this scene and stage.
    #[inline]
    pub(super) fn measuring(&mut self) -> Measuring<'_> {
        Measuring { scene: self.scene, stage: self.stage, sighting: &mut self.sighting, nearby: &mut self.nearby }
    }

    /// Whether desire `d` is active: the active desires change only with the tables.
    #[inline]
    pub(super) fn active(&self, d: usize) -> bool {
        self.feeling.active(d)
    }

    /// Whether the body thirsts at `phase`, as `ask` says when it was not kept.
    #[inline]
    pub(super) fn thirsts(&mut self, phase: u8, ask: impl FnOnce() -> bool) -> bool {
        match self.thirsts {
            Some((at, thirsts)) if at == phase => thirsts,
            _ => self.thirsts.insert((phase, ask())).1,
        }
    }

    /// What the drives remember, for the drive loop to read and fill.
    #[inline]
    pub(super) fn feeling(&mut self) -> &mut Feeling {
        &mut self.feeling
    }
}
