//! Which plan gets the lesson (SPEC §6): the creature remembers its last five plans and
//! the one that scores highest now takes the lesson.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::names::Desire;
use crate::species::data::{ActionCategory, CreditDecay};

/// How many plans the creature remembers (SPEC §6).
pub const PLAN_MEMORY: usize = 5;

/// A plan as credit assignment remembers it (SPEC §4, §6): (desire, action, object,
/// target) and when it started and ended.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Plan {
    pub desire: Desire,
    pub action: String,
    /// The action's credit category, which sets how fast an ended plan's score decays.
    pub category: ActionCategory,
    /// What the creature acts on (an object id).
    pub object: String,
    /// What the desire is about: whom, for social desires; else the object itself.
    pub target: String,
    /// Seconds of simulated time.
    pub started: f64,
    /// When it ended; `None` while it is active.
    pub ended: Option<f64>,
    /// The answers of the object and the target as they were when the plan acted on
    /// them (SPEC §8): a lesson records these, not what the act left (an eaten
    /// villager is no longer alive). `None` until the plan acts; then a lesson reads
    /// the present answers. Always written: recordings keep plans in a binary form that
    /// has no field names, where a field left out cannot be told from the next one.
    #[serde(default)]
    pub acted_on: Option<ActedOn>,
}

/// What the creature believed about a plan's object and target when it acted on them.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct ActedOn {
    /// The object's answers (attribute → value).
    pub object: Arc<BTreeMap<String, String>>,
    /// The target's answers; the object's again when the target is the object.
    pub target: Arc<BTreeMap<String, String>>,
}

impl Plan {
    /// The plan's credit score at `now` (SPEC §6): 1.0 while active, then falling
    /// linearly to 0 over the decay time of its action's category.
    #[must_use]
    pub fn score(&self, now: f64, decay: &CreditDecay) -> f64 {
        match self.ended {
            None => 1.0,
            Some(end) => {
                let seconds = decay.seconds(self.category);
                if seconds > 0.0 { (1.0 - (now - end).max(0.0) / seconds).clamp(0.0, 1.0) } else { 0.0 }
            }
        }
    }
}

/// One row of the credit table: a remembered plan and its score now (SPEC §6).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Credit {
    pub plan: Plan,
    pub score: f64,
}

/// The last five plans, oldest first; at most one is active (SPEC §6).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct PlanMemory {
    pub plans: Vec<Plan>,
}

impl PlanMemory {
    /// Starts `plan` (its `started` time is now): the active plan, if any, ends now,
    /// and the oldest plan is forgotten beyond five (SPEC §6).
    pub fn start(&mut self, mut plan: Plan) {
        self.end_active(plan.started);
        plan.ended = None;
        self.plans.push(plan);
        if self.plans.len() > PLAN_MEMORY {
            let extra = self.plans.len() - PLAN_MEMORY;
            self.plans.drain(..extra);
        }
    }

    /// Ends the active plan at `now`; returns it, or `None` when no plan was active.
    pub fn end_active(&mut self, now: f64) -> Option<&Plan> {
        let plan = self.plans.iter_mut().rev().find(|p| p.ended.is_none())?;
        plan.ended = Some(now.max(plan.started));
        Some(plan)
    }

    /// The plan being carried out, if any.
    #[must_use]
    pub fn active(&self) -> Option<&Plan> {
        self.plans.iter().rev().find(|p| p.ended.is_none())
    }

    /// The active plan acts now on what the creature believes `acted_on` to be: a later
    /// lesson records these answers (SPEC §8). Nothing happens when no plan is active.
    pub fn act_on(&mut self, acted_on: ActedOn) {
        if let Some(plan) = self.plans.iter_mut().rev().find(|p| p.ended.is_none()) {
            plan.acted_on = Some(acted_on);
        }
    }

    /// The credit table at `now`: every remembered plan with its score, oldest first.
    #[must_use]
    pub fn credit(&self, now: f64, decay: &CreditDecay) -> Vec<Credit> {
        self.plans.iter().map(|p| Credit { plan: p.clone(), score: p.score(now, decay) }).collect()
    }

    /// The index of the plan that takes a lesson at `now` (SPEC §6): the highest score,
    /// ties to the most recently started; `None` when no plan scores above 0.
    #[must_use]
    pub fn winner(&self, now: f64, decay: &CreditDecay) -> Option<usize> {
        let mut best: Option<(usize, f64)> = None;
        for (i, p) in self.plans.iter().enumerate() {
            let s = p.score(now, decay);
            let newer = best.is_none_or(|(b, bs)| s > bs || (s == bs && p.started >= self.plans[b].started));
            if s > 0.0 && newer {
                best = Some((i, s));
            }
        }
        best.map(|(i, _)| i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DECAY: CreditDecay = CreditDecay { eat: 20.0, fight: 30.0, throw: 5.0, other: 10.0 };

    fn plan(desire: Desire, action: &str, category: ActionCategory, object: &str, at: f64) -> Plan {
        Plan {
            desire,
            action: action.to_owned(),
            category,
            object: object.to_owned(),
            target: object.to_owned(),
            started: at,
            ended: None,
            acted_on: None,
        }
    }

    #[test]
    fn active_plan_scores_one_and_ended_plans_decay_by_category() {
        let mut m = PlanMemory::default();
        m.start(plan(Desire::Hunger, "Eat", ActionCategory::Eat, "villager", 0.0));
        assert_eq!(m.credit(100.0, &DECAY)[0].score, 1.0);
        m.end_active(4.0);
        assert!((m.credit(14.0, &DECAY)[0].score - 0.5).abs() < 1e-12);
        assert_eq!(m.credit(24.0, &DECAY)[0].score, 0.0);
        assert_eq!(m.credit(40.0, &DECAY)[0].score, 0.0);
    }

    #[test]
    fn slap_three_seconds_after_rock_throw_that_followed_eating() {
        // Seed: ate a villager, three seconds later threw a rock; slapped 3 s after the
        // throw. Eat: 1 − 6/20 = 0.7; throw: 1 − 3/5 = 0.4 → the meal takes the lesson.
        let mut m = PlanMemory::default();
        m.start(plan(Desire::Hunger, "Eat", ActionCategory::Eat, "villager", 0.0));
        m.end_active(4.0);
        m.start(plan(Desire::Anger, "Throw", ActionCategory::Throw, "rock", 7.0));
        m.end_active(7.0);
        let table = m.credit(10.0, &DECAY);
        assert!((table[0].score - 0.7).abs() < 1e-12);
        assert!((table[1].score - 0.4).abs() < 1e-12);
        assert_eq!(m.winner(10.0, &DECAY), Some(0));
        // One second after the throw it is the throw's lesson (0.8 vs 0.6).
        assert_eq!(m.winner(8.0, &DECAY), Some(1));
    }

    #[test]
    fn nothing_scores_nothing_wins() {
        let mut m = PlanMemory::default();
        assert_eq!(m.winner(0.0, &DECAY), None);
        m.start(plan(Desire::Anger, "Throw", ActionCategory::Throw, "rock", 0.0));
        m.end_active(1.0);
        assert_eq!(m.winner(6.0, &DECAY), None);
    }

    #[test]
    fn ties_go_to_the_most_recently_started() {
        let mut m = PlanMemory::default();
        m.start(plan(Desire::ToPlay, "Play", ActionCategory::Other, "ball", 0.0));
        m.end_active(5.0);
        m.start(plan(Desire::ToPlay, "Dance", ActionCategory::Other, "ball", 5.0));
        m.end_active(5.0);
        assert_eq!(m.winner(6.0, &DECAY), Some(1));
    }

    #[test]
    fn starting_a_plan_ends_the_active_one_and_memory_keeps_five() {
        let mut m = PlanMemory::default();
        for i in 0..7 {
            m.start(plan(Desire::Hunger, "Eat", ActionCategory::Eat, &format!("o{i}"), f64::from(i)));
        }
        assert_eq!(m.plans.len(), PLAN_MEMORY);
        assert_eq!(m.plans[0].object, "o2");
        assert_eq!(m.plans.iter().filter(|p| p.ended.is_none()).count(), 1);
        assert_eq!(m.active().unwrap().object, "o6");
        assert_eq!(m.plans[3].ended, Some(6.0));
    }
}
