//! Choosing plans in the village (SPEC §4): two desires re-planned per turn; for each,
//! the action by opinion and novelty, the object by tree score × distance priority,
//! the target by the Activity tree; a switch only to a plan more than twice as urgent.

use serde::{Deserialize, Serialize};

use super::{Event, Sim, Why};
use crate::mind::agenda::Agenda;
use crate::mind::credit::Plan;
use crate::mind::plan::Rotation;
use crate::mind::plan::{
    Candidate, action_priority, distance_priority, liking_pull, more_urgent, object_score, plan_priority,
};
use crate::mind::tree::Tree;
use crate::mind::tree::build;
use crate::names::Desire;
use crate::species::data::TreeKind;

/// The plans: which desires are on, whose turn it is to be re-planned, each desire's
/// best plan when last weighed, and the plan under way with its agenda.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(super) struct Planning {
    /// Indices of the desires the phase turns on.
    pub(super) active: Vec<usize>,
    pub(super) rotation: Rotation,
    pub(super) candidates: Vec<Option<Candidate>>,
    pub(super) current: Option<Current>,
}

impl Default for Planning {
    fn default() -> Self {
        Planning {
            active: Vec::new(),
            rotation: Rotation::default(),
            candidates: vec![None; Desire::COUNT],
            current: None,
        }
    }
}

/// The plan being carried out.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(super) struct Current {
    pub(super) cand: Candidate,
    pub(super) agenda: Agenda,
}

/// What a plan is weighed by besides the desires: each desire's trees as built from the
/// creature's examples, the creature's opinion of each action, and when each action was
/// last done (its novelty).
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(super) struct Judgement {
    /// Built trees per desire: (Activity, ActOn), built when first needed. Frozen as
    /// which were built, and built again from the examples on thaw.
    #[serde(with = "super::freeze::built")]
    pub(super) trees: Vec<Option<[Tree; 2]>>,
    pub(super) opinions: Vec<f64>,
    /// When each action was last done.
    pub(super) last_done: Vec<Option<f64>>,
    /// The verdicts forced over the link: not frozen ([`super::forced`]).
    #[serde(skip)]
    pub(super) forced: super::forced::Forced,
}

impl Default for Judgement {
    fn default() -> Self {
        Judgement {
            trees: vec![None; Desire::COUNT],
            opinions: Vec::new(),
            last_done: Vec::new(),
            forced: super::forced::Forced::default(),
        }
    }
}

/// At most this many actions per desire are weighed.
pub(super) const MAX_ACTIONS: usize = 16;

/// What an action would be done with: (object, target, activity usefulness of the
/// target, object score).
pub(super) type Objects = (usize, usize, f64, f64);

impl Sim {
    /// Re-plans two desires and switches plan when one is more than twice as urgent
    /// as the current plan (idle counts as 0) (SPEC §4).
    pub(super) fn choose(&mut self, now: f64) {
        let mut picked = [0usize; crate::mind::plan::REPLANNED_PER_TURN];
        let mut n = 0;
        for pos in self.life.planning.rotation.take(self.life.planning.active.len()) {
            picked[n] = self.life.planning.active[pos];
            n += 1;
        }
        let mut fresh: Option<Candidate> = None;
        for &d in &picked[..n] {
            let c = self.best_plan(d, now);
            self.life.planning.candidates[d] = c;
            if let Some(c) = c
                && fresh.is_none_or(|f| c.priority > f.priority)
            {
                fresh = Some(c);
            }
        }
        let current = match self.life.planning.current.as_ref().map(|c| c.cand) {
            Some(c) => self.priority_of(&c, now),
            None => 0.0,
        };
        if let Some(c) = &mut self.life.planning.current {
            c.cand.priority = current;
        }
        if self.carrying_out_command() {
            return;
        }
        if let Some(c) = fresh
            && more_urgent(c.priority, current)
            && !self.life.planning.current.as_ref().is_some_and(|cur| cur.cand.same_plan(&c))
        {
            let why = if self.life.planning.current.is_some() { Why::Urgent } else { Why::Idle };
            self.start(c, now, why);
            return;
        }
        if self.life.planning.current.is_none() {
            self.start_best_remembered(now);
        }
    }

    /// True while the plan under way is one the player asked for (a command, or food
    /// stroked in its hands): it is carried out to its end whatever else becomes urgent.
    pub(super) fn carrying_out_command(&self) -> bool {
        self.life
            .planning
            .current
            .as_ref()
            .is_some_and(|cur| self.life.commanded.is_some_and(|k| k.same_plan(&cur.cand)))
    }

    /// While idle, the best plan of the last rotation, checked afresh.
    fn start_best_remembered(&mut self, now: f64) {
        let mut best: Option<(usize, f64)> = None;
        for (d, c) in self.life.planning.candidates.iter().enumerate() {
            if let Some(c) = c
                && best.is_none_or(|(_, p)| c.priority > p)
            {
                best = Some((d, c.priority));
            }
        }
        let Some((d, _)) = best else { return };
        match self.best_plan(d, now) {
            Some(c) if c.priority > 0.0 => self.start(c, now, Why::Idle),
            _ => self.life.planning.candidates[d] = None,
        }
    }

    /// The priority of a plan now (SPEC §4): value × activity usefulness of its target
    /// × object score × action priority; 0 when its object is gone.
    pub(super) fn priority_of(&mut self, c: &Candidate, now: f64) -> f64 {
        let d = c.desire.index();
        if !self.usable(c.object) || !self.usable(c.target) {
            return 0.0;
        }
        let value = self.creature.desires[d].value;
        let action = action_priority(self.life.judgement.opinions[c.action], self.since_done(c.action, now));
        let activity = self.useful(d, TreeKind::Activity, c.target);
        let object = object_score(self.distance_priority(d, c.object), self.useful(d, TreeKind::ActOn, c.object));
        plan_priority(value, activity, object, action) * self.player_pull(c.desire)
    }

    /// How the liking weighs a plan of `desire`: [`liking_pull`] for the desires about
    /// the player, 1 for the others.
    fn player_pull(&self, desire: crate::names::Desire) -> f64 {
        use crate::names::Desire as D;
        if matches!(desire, D::ToFollowPlayer | D::ToIdleWithPlayer | D::ToPlayWithPlayer) {
            liking_pull(self.creature.liking, self.data.species(self.creature.species).player_pull)
        } else {
            1.0
        }
    }

    fn since_done(&self, action: usize, now: f64) -> Option<f64> {
        self.life.judgement.last_done.get(action).copied().flatten().map(|t| now - t)
    }

    /// The best plan for desire `d` now, or `None` when it is not felt or nothing
    /// can satisfy it (SPEC §4).
    pub(super) fn best_plan(&mut self, d: usize, now: f64) -> Option<Candidate> {
        let value = self.creature.desires[d].value;
        if value.is_nan() || value <= 0.0 {
            return None;
        }
        // Actions the creature can do, best first by 0.5 + 0.0025 (opinion + 1) + novelty:
        // each action's priority by its place among the desire's actions, and the places
        // still to weigh, one bit each.
        let mut priorities = [0.0f64; MAX_ACTIONS];
        let mut left = 0u32;
        let actions = &self.tables.desires[d].actions;
        for (slot, &a) in actions.iter().take(MAX_ACTIONS).enumerate() {
            let skill_ok =
                self.tables.actions[a].skill.as_deref().is_none_or(|s| self.creature.watching.knows_skill(s));
            if skill_ok {
                priorities[slot] = action_priority(self.life.judgement.opinions[a], self.since_done(a, now));
                left |= 1 << slot;
            }
        }
        while left != 0 {
            let slot = first_best(&priorities, left);
            let a = self.tables.desires[d].actions[slot];
            if let Some((object, target, activity, score)) = self.objects_for(d, slot, a) {
                let desire = crate::names::Desire::ALL[d];
                return Some(Candidate {
                    desire,
                    action: a,
                    object,
                    target,
                    priority: plan_priority(value, activity, score, priorities[slot]) * self.player_pull(desire),
                });
            }
            // Nothing to do this with: weigh the rest.
            left &= !(1 << slot);
        }
        None
    }

    /// The choice of objects for desire `d` doing action `a` (its place `slot` among the
    /// desire's actions), kept within one scene: the choice reads only where things
    /// stand, what they are and what the creature believes of them; the plan's
    /// priority, which moves on with time, is worked out afresh from it every turn.
    pub(super) fn objects_for(&mut self, d: usize, slot: usize, a: usize) -> Option<Objects> {
        if let Some(kept) = self.kept.choice(d, slot) {
            #[cfg(debug_assertions)]
            self.check_choice(d, a, kept, "the choice of objects changed without a stir");
            return kept;
        }
        let fresh = self.weigh(d, slot, a);
        self.kept.keep_choice(d, slot, fresh);
        fresh
    }

    /// True when the creature can get at object `o` now: it is there, not in the
    /// player's hand, alive unless it is to be eaten, and inside the pen before the
    /// creature may leave it (SPEC §12, phase 5).
    pub(super) fn reachable(&self, o: usize, eating: bool) -> bool {
        if !self.usable(o) {
            return false;
        }
        let obj = &self.village.objects[o];
        if obj.kind.is_being() && !obj.alive && !eating {
            return false;
        }
        if o == self.village.me || self.life.going.can_leave_pen || self.life.hold.held == Some(o) {
            return true;
        }
        let pen = &self.village.objects[self.village.pen];
        obj.distance_from(pen.pos) <= pen.radius + self.file.senses.reach
    }

    /// True when object `o` is there to be acted on.
    pub(super) fn usable(&self, o: usize) -> bool {
        let obj = &self.village.objects[o];
        obj.present && self.life.hold.hand_holding != Some(o) && (o != self.village.hand || self.file.hand.present)
    }

    /// The distance priority of object `o` for desire `d` (SPEC §4).
    #[inline]
    pub(super) fn distance_priority(&self, d: usize, o: usize) -> f64 {
        // The senses measured every distance this turn, before anything moved.
        let distance = match self.life.read.distances.get(o) {
            Some(d) => *d,
            None => self.distance_afresh(o),
        };
        distance_priority(self.tables.desires[d].distance_weight, distance, self.life.hold.held == Some(o))
    }

    /// The distance to `o` when the senses have not measured it (before the first turn).
    #[cold]
    fn distance_afresh(&self, o: usize) -> f64 {
        self.village.objects[o].distance_from(self.position())
    }

    /// The usefulness of `o` by one of desire `d`'s trees (SPEC §8, §9), remembered
    /// until the tree or the object's beliefs change.
    #[inline]
    pub(super) fn useful(&mut self, d: usize, kind: TreeKind, o: usize) -> f64 {
        let k = match kind {
            TreeKind::Activity => 0,
            TreeKind::ActOn => 1,
        };
        let at = self.kept.useful_at(d, k, o);
        match self.kept.usefulness(at) {
            Some(kept) => kept,
            None => self.score_afresh(d, k, o, at),
        }
    }

    /// [`Sim::useful`] worked out by the tree and remembered at `at`.
    #[cold]
    fn score_afresh(&mut self, d: usize, k: usize, o: usize, at: usize) -> f64 {
        let desire = crate::names::Desire::ALL[d];
        let trees = self.life.judgement.trees[d].get_or_insert_with(|| {
            [TreeKind::Activity, TreeKind::ActOn]
                .map(|t| build(&self.data.attributes, &self.creature.tree(desire, t).examples))
        });
        let answers = &self.village.objects[o].answers;
        let score = self.curve.usefulness(self.life.judgement.forced.verdict(d, k, o, || trees[k].predict(answers)));
        self.kept.keep_usefulness(at, score);
        score
    }

    /// Starts plan `c` now: the active plan ends, the plan memory learns of it (SPEC §6),
    /// and its agenda begins.
    pub(super) fn start(&mut self, c: Candidate, now: f64, why: Why) {
        let replaced = self.life.planning.current.as_ref().map(|cur| cur.cand.priority);
        let a = &self.tables.actions[c.action];
        let plan = Plan {
            desire: c.desire,
            action: a.name.clone(),
            category: a.category,
            object: self.village.objects[c.object].id.clone(),
            target: self.village.objects[c.target].id.clone(),
            started: now,
            ended: None,
            acted_on: None,
        };
        // The event names are copied only when events are kept.
        let event = self.life.recording.then(|| Event::Plan {
            t: now,
            desire: c.desire,
            action: plan.action.clone(),
            object: plan.object.clone(),
            target: plan.target.clone(),
            priority: c.priority,
            why,
            replaced,
        });
        self.life.teaching.start_plan(plan);
        if self.life.memory.same_action != Some(c.action) {
            self.life.memory.same_since = now;
            self.life.memory.same_action = Some(c.action);
        }
        if self.life.hold.held.is_some_and(|h| h != c.object) {
            self.drop_held();
        }
        let agenda = self.agenda_for(c);
        self.life.commanded = (why == Why::Command).then_some(c);
        self.life.planning.current = Some(Current { cand: c, agenda });
        self.life.tally.plans += 1;
        if let Some(e) = event {
            self.emit(e);
        }
    }
}

/// The place in `left` (one bit per place) whose priority is highest, the first of
/// equals: the choice of [`best_action`](crate::mind::plan::best_action) among the places in `left`, in their order.
fn first_best(priorities: &[f64; MAX_ACTIONS], left: u32) -> usize {
    let mut rest = left;
    let mut best: Option<usize> = None;
    while rest != 0 {
        let k = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if best.is_none_or(|b| priorities[k] > priorities[b]) {
            best = Some(k);
        }
    }
    best.unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::{MAX_ACTIONS, first_best};
    use crate::mind::plan::best_action;
    use crate::rng::Rng;

    /// The pick from a set of places is the pick of [`best_action`] from the list of
    /// those places' priorities in order, with ties, repeats and NaN among them.
    #[test]
    fn first_best_picks_as_best_action_does_over_the_places_left() {
        let mut rng = Rng::seeded(7);
        let values = [0.0, 0.25, 0.5, 0.5, 1.0, f64::NAN, -0.0];
        for _ in 0..5000 {
            let priorities: [f64; MAX_ACTIONS] = std::array::from_fn(|_| values[rng.below(values.len())]);
            let left = (0..MAX_ACTIONS).filter(|_| rng.unit() < 0.5).fold(0u32, |m, k| m | 1 << k);
            if left == 0 {
                continue;
            }
            let places: Vec<usize> = (0..MAX_ACTIONS).filter(|&k| left & (1 << k) != 0).collect();
            let (pick, _) = best_action(places.iter().map(|&k| priorities[k])).expect("a place is left");
            assert_eq!(first_best(&priorities, left), places[pick], "{priorities:?} {left:#b}");
        }
    }
}
