//! What a choice of objects weighs, kept while only the creature moves.
//!
//! A desire's choice of objects for an action (SPEC §4) weighs every object the action
//! could be done to: whether the creature can get at it, what the desire's trees make
//! of it, and its distance priority. Only the distance follows the creature's own
//! steps; the rest changes only when the things around it change, and each such change
//! stirs the scene ([`Kept::stirred`](super::kept::Kept::stirred)) and starts a new
//! stage. So the objects within reach are listed with their tree scores once per stage
//! ([`Roster`]), and in a turn after a step the choice weighs that list with the new
//! distances alone, as the reference choice ([`Sim::choose_objects`]) would, bit for
//! bit. A debug build lists afresh each time and checks both the list and the choice.

use super::object_lists::fits;
use super::{Effect, Sim};
use crate::mind::plan::object_score;
use crate::species::data::TreeKind;

/// An object within reach, with its Activity and ActOn scores (the ActOn score is NaN,
/// unread, for a social desire's target).
#[derive(Clone, Copy, Debug)]
struct Entry {
    object: usize,
    activity: f64,
    act_on: f64,
}

/// The objects one desire's choice for one action weighs, as listed in one stage.
#[derive(Clone, Debug, Default)]
pub(super) struct Roster {
    stage: Option<u64>,
    /// The targets (social) or the objects (otherwise) within reach, in list order.
    entries: Vec<Entry>,
    /// For a social desire's throw: what could be hurled, with its ActOn score.
    hurled: Vec<(usize, f64)>,
}

impl Roster {
    /// True when both list the same objects with the same scores, bit for bit.
    #[cfg(debug_assertions)]
    fn same(&self, other: &Roster) -> bool {
        let entry = |e: &Entry| (e.object, e.activity.to_bits(), e.act_on.to_bits());
        let hurled = |h: &(usize, f64)| (h.0, h.1.to_bits());
        self.stage == other.stage
            && self.entries.iter().map(entry).eq(other.entries.iter().map(entry))
            && self.hurled.iter().map(hurled).eq(other.hurled.iter().map(hurled))
    }
}

impl Sim {
    /// [`Sim::choose_objects`] for desire `d` doing action `a` (its place `slot` among
    /// the desire's actions), weighing the roster of this stage.
    pub(super) fn weigh(&mut self, d: usize, slot: usize, a: usize) -> Option<super::choose::Objects> {
        let roster = self.roster(d, slot, a);
        let chosen = self.pick(d, a, &roster);
        self.kept.put_roster(d, slot, roster);
        #[cfg(debug_assertions)]
        self.check_choice(d, a, chosen, "the choice from the roster differs from the plain choice");
        chosen
    }

    /// The roster of (`d`, `slot`) for this stage, taken out of its place: the kept one,
    /// or a new one listed now.
    fn roster(&mut self, d: usize, slot: usize, a: usize) -> Roster {
        let mut roster = self.kept.take_roster(d, slot);
        if roster.stage == Some(self.kept.stage()) {
            #[cfg(debug_assertions)]
            {
                let mut fresh = Roster::default();
                self.list(&mut fresh, d, a);
                assert!(fresh.same(&roster), "the roster changed without a stir");
            }
            return roster;
        }
        self.list(&mut roster, d, a);
        roster
    }

    /// Lists into `roster` (its lists' memory kept) what the choice for desire `d` doing
    /// action `a` weighs in this stage.
    fn list(&mut self, roster: &mut Roster, d: usize, a: usize) {
        roster.stage = Some(self.kept.stage());
        roster.entries.clear();
        roster.hurled.clear();
        let eats = self.tables.actions[a].effect == Effect::Eat;
        if self.tables.desires[d].social {
            for i in 0..self.tables.lists.targets(d).len() {
                let t = self.tables.lists.targets(d)[i];
                if self.reachable(t, false) {
                    let activity = self.useful(d, TreeKind::Activity, t);
                    roster.entries.push(Entry { object: t, activity, act_on: f64::NAN });
                }
            }
            if self.tables.actions[a].effect == Effect::Throw {
                for i in 0..self.tables.lists.affords(a).len() {
                    let o = self.tables.lists.affords(a)[i];
                    if self.reachable(o, eats) {
                        roster.hurled.push((o, self.useful(d, TreeKind::ActOn, o)));
                    }
                }
            }
            return;
        }
        for i in 0..self.tables.lists.pair(d, a).len() {
            let o = self.tables.lists.pair(d, a)[i];
            if self.reachable(o, eats) {
                let act_on = self.useful(d, TreeKind::ActOn, o);
                let activity = self.useful(d, TreeKind::Activity, o);
                roster.entries.push(Entry { object: o, activity, act_on });
            }
        }
    }

    /// The choice of [`Sim::choose_objects`] from `roster`, with the distances now.
    fn pick(&mut self, d: usize, a: usize, roster: &Roster) -> Option<super::choose::Objects> {
        let near = |o: usize| self.distance_priority(d, o);
        if self.tables.desires[d].social {
            let mut best: Option<(f64, usize, f64)> = None;
            for e in &roster.entries {
                let s = object_score(near(e.object), e.activity);
                if best.is_none_or(|(b, _, _)| s > b) {
                    best = Some((s, e.object, e.activity));
                }
            }
            let (_, t, activity) = best?;
            let action = &self.tables.actions[a];
            if fits(self.kind(t), action.affords) {
                let score = object_score(near(t), self.useful(d, TreeKind::ActOn, t));
                return Some((t, t, activity, score));
            }
            if action.effect != Effect::Throw {
                return None;
            }
            let mut object: Option<(f64, usize)> = None;
            for &(o, act_on) in &roster.hurled {
                if o == t {
                    continue;
                }
                let score = object_score(near(o), act_on);
                if object.is_none_or(|(b, _)| score > b) {
                    object = Some((score, o));
                }
            }
            let (score, o) = object?;
            return Some((o, t, activity, score));
        }
        let mut best: Option<(f64, usize, f64, f64)> = None;
        for e in &roster.entries {
            let score = object_score(near(e.object), e.act_on);
            let s = e.activity * score;
            if best.is_none_or(|(b, ..)| s > b) {
                best = Some((s, e.object, e.activity, score));
            }
        }
        best.map(|(_, o, activity, score)| (o, o, activity, score))
    }
}
