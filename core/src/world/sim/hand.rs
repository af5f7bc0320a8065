//! The player's hand in the village: touches and releases run the lessons through
//! [`Teaching`](crate::creature::lesson::Teaching) (SPEC §5–§7); miracles cast are seen and
//! learnt (SPEC §10); deeds are copied on the learning leash from phase 3 (SPEC §10).

use serde::{Deserialize, Serialize};

use super::choose::Current;
use super::schedule::Doing;
use super::{Act, Event, Sim, Why};
use crate::creature::lesson::{Lesson, Reaction};
use crate::mind::agenda::{Agenda, Step, WAIT_SECONDS};
use crate::mind::observation::{Attempt, Deed, consider_copy};
use crate::mind::plan::Candidate;
use crate::names::Desire;
use crate::species::data::Ability;

/// What is held: the object the creature carries and the one in the player's hand.
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
pub(super) struct Holding {
    /// The object the creature carries.
    pub(super) held: Option<usize>,
    /// The object in the player's hand.
    pub(super) hand_holding: Option<usize>,
}

impl Sim {
    /// Does a touch of the hand now; [`Sim::apply`] sends every act of the hand here. A
    /// release returns the lesson it sent (also one that taught nothing); a touch naming
    /// an unknown object, action or miracle is refused.
    pub(super) fn hand_act(&mut self, act: &Act) -> Result<Option<Lesson>, String> {
        // The hand can move, give, take and change anything: what was kept of the
        // layout is measured again, before and after.
        self.kept.stirred();
        let answer = self.hand_event(act);
        self.kept.stirred();
        answer
    }

    fn hand_event(&mut self, act: &Act) -> Result<Option<Lesson>, String> {
        let now = self.life.clock.time;
        match act {
            Act::Hand { x, y } => {
                let (x, y) = (*x, *y);
                if !(x.is_finite() && y.is_finite()) {
                    return Err(format!("the hand cannot go to ({x}, {y})"));
                }
                let h = self.village.hand;
                self.village.objects[h].pos = self.village.clamp((x, y));
                self.life.read.distances.clear();
                self.world_mut().hand.at = self.village.objects[h].pos;
            }
            Act::Present(on) => self.world_mut().hand.present = *on,
            Act::Hold => {
                self.life.teaching.hold();
                if self.life.teaching.hand.holding {
                    self.phase_event("held");
                }
            }
            Act::Stroke => {
                if self.life.teaching.hand.holding {
                    self.life.teaching.stroke(&mut self.creature);
                    self.kept.thresholds_taught();
                    self.life.memory.stroked_at = Some(now);
                    self.phase_event("stroked");
                }
            }
            Act::Slap(s) => {
                if self.life.teaching.hand.holding {
                    self.life.teaching.slap(&mut self.creature, *s);
                    self.kept.thresholds_taught();
                    self.life.memory.slapped_at = Some(now);
                    self.phase_event("slapped");
                }
            }
            Act::Release => return Ok(self.release(now)),
            Act::Give { object } => {
                let o = self.object(object)?;
                if crate::creature::lesson::takes_food(&self.creature, &self.data) {
                    self.drop_held();
                    self.life.hold.held = Some(o);
                    if self.life.hold.hand_holding == Some(o) {
                        self.life.hold.hand_holding = None;
                    }
                    self.village.objects[o].pos = self.position();
                    self.phase_event("took_food");
                }
            }
            Act::Miracle { name, on: Some(on) } => self.cast(name, on, now)?,
            Act::Deed { action, object, desire } => {
                let desire = match desire {
                    Some(d) => *d,
                    None => {
                        self.action_index(action)?;
                        self.data
                            .motive_of(action)
                            .ok_or_else(|| format!("no desire's plans use `{action}`: name the deed's desire"))?
                    }
                };
                self.deed(desire, action, object, now)?;
            }
            Act::Order { object } => {
                let o = self.object(object)?;
                self.life.memory.order = Some((now, o));
            }
            Act::Plan { .. }
            | Act::Leash(_)
            | Act::Miracle { on: None, .. }
            | Act::Phase(_)
            | Act::Desire { .. }
            | Act::Force { .. }
            | Act::Unforce { .. }
            | Act::Place { .. } => return Err(format!("{} is not a touch of the hand", act.describe())),
        }
        Ok(None)
    }

    /// Makes the creature start a plan now, whatever it was doing: `desire` doing
    /// `action` to `object` (the editor's "do this"; the plan memory takes it like any
    /// other plan, so a lesson after it teaches about it). `target` is whom or what the
    /// plan is for (a throw hurls `object` at it), `None` for the object itself. A lesson
    /// after it teaches the Activity tree about the target.
    pub(super) fn command_about(
        &mut self,
        desire: Desire,
        action: &str,
        object: &str,
        target: Option<&str>,
    ) -> Result<(), String> {
        self.kept.stirred();
        let a = self.action_index(action)?;
        let o = self.object(object)?;
        if !self.reachable(o, self.tables.actions[a].effect == super::Effect::Eat) {
            return Err(format!("the creature cannot get at `{object}` now"));
        }
        let t = match target {
            Some(id) => {
                let t = self.object(id)?;
                if !self.usable(t) {
                    return Err(format!("`{id}` is not there to be the plan's target now"));
                }
                t
            }
            None => o,
        };
        self.start_about(desire, a, o, t, self.life.clock.time, Why::Command);
        Ok(())
    }

    fn action_index(&self, action: &str) -> Result<usize, String> {
        self.tables
            .actions
            .iter()
            .position(|x| x.name == action)
            .ok_or_else(|| self.data.action_named(action).err().unwrap_or_default())
    }

    pub(super) fn object(&self, id: &str) -> Result<usize, String> {
        self.village
            .find(id)
            .ok_or_else(|| crate::error::unknown_name("object", id, self.village.objects.iter().map(|o| o.id.as_str())))
    }

    /// The release: the lesson goes to the plan credit picks, and the creature reacts
    /// (SPEC §5–§7): a slapped active plan is dropped, a stroked one is repeated on the
    /// nearest object of the same kind, stroked food in hand is eaten at once.
    fn release(&mut self, now: f64) -> Option<Lesson> {
        if !self.life.teaching.hand.holding {
            return None;
        }
        // Food in its hands, whether the hand gave it or it picked it up itself.
        let food = self.life.hold.held.filter(|&h| self.kind(h).is_food());
        let food = food.map(|h| self.village.objects[h].id.as_str());
        let lesson = self.life.teaching.release(&mut self.creature, &self.data, &self.village, food, now);
        self.kept.thresholds_taught();
        self.life.tally.lessons += 1;
        if let Some(taught) = &lesson.taught {
            self.phase_lesson();
            let d = taught.desire.index();
            self.forget_desire(d);
            if let Some((activity, acton)) = &lesson.trees {
                self.life.judgement.trees[d] = Some([activity.clone(), acton.clone()]);
            }
            if let Some(a) = self.tables.actions.iter().position(|a| a.name == taught.action) {
                self.life.judgement.opinions[a] = self.creature.opinions.get(&taught.action).copied().unwrap_or(0.0);
            }
        }
        match &lesson.reaction {
            Reaction::DropPlan { .. } => {
                // The lesson ended the active plan only if that plan was the one taught.
                if self.life.planning.current.is_some() && self.life.teaching.plans.active().is_none() {
                    self.life.planning.current = None;
                }
            }
            Reaction::Repeat { desire, action, kind } => {
                if let Some(taught) = &lesson.taught {
                    self.repeat(*desire, action, kind, (&taught.object, &taught.target), now);
                }
            }
            Reaction::EatAtOnce { object } => self.eat_at_once(object, now),
            Reaction::None => {}
        }
        self.emit(Event::Lesson {
            t: now,
            total: lesson.total,
            lesson: lesson.lesson,
            taught: lesson.taught.clone(),
            liking: self.creature.liking,
        });
        Some(lesson)
    }

    /// After a stroke: the same action again on the nearest object of the same kind
    /// other than `done.0`, the object just acted on (SPEC §7: stroked for eating a
    /// sheep, it eats another sheep). A plan with a target of its own keeps it: stroked for
    /// stoning the rival town, it throws another rock at the same town. Nothing starts
    /// when no other object of the kind can be got at.
    fn repeat(&mut self, desire: Desire, action: &str, kind: &str, done: (&str, &str), now: f64) {
        let Some(a) = self.tables.actions.iter().position(|x| x.name == action) else { return };
        let (object, target) = (self.village.find(done.0), self.village.find(done.1));
        let Some(o) = self.nearest_of_kind(kind, a, object) else { return };
        let t = target.filter(|&t| Some(t) != object && t != o && self.usable(t)).unwrap_or(o);
        self.start_about(desire, a, o, t, now, Why::Lesson);
    }

    /// The nearest object whose `kind` answer is `kind` that action `a` can be done to,
    /// other than `except`.
    fn nearest_of_kind(&self, kind: &str, a: usize, except: Option<usize>) -> Option<usize> {
        let p = self.position();
        let affords = self.tables.actions[a].affords;
        let eats = self.tables.actions[a].effect == super::Effect::Eat;
        let mut best: Option<(f64, usize)> = None;
        for (i, o) in self.village.objects.iter().enumerate() {
            let fits = affords.is_empty() || affords.contains(o.kind);
            if Some(i) == except || self.kind_name(o.kind) != kind || !fits || !self.reachable(i, eats) {
                continue;
            }
            let d = o.distance_from(p);
            if best.is_none_or(|(b, _)| d < b) {
                best = Some((d, i));
            }
        }
        best.map(|(_, i)| i)
    }

    /// Starts desire `desire` doing action `a` on `o` now, whatever else it was doing.
    fn start_now(&mut self, desire: Desire, a: usize, o: usize, now: f64, why: Why) {
        self.start_about(desire, a, o, o, now, why);
    }

    /// Starts desire `desire` doing action `a` on `o` for target `t` now.
    fn start_about(&mut self, desire: Desire, a: usize, o: usize, t: usize, now: f64, why: Why) {
        let mut c = Candidate { desire, action: a, object: o, target: t, priority: 0.0 };
        c.priority = self.priority_of(&c, now);
        self.start(c, now, why);
    }

    /// Stroked while holding food: it eats it at once and to the end, like a plan the
    /// player commanded (SPEC §7, §12). The plan memory already holds the eating plan the
    /// lesson started.
    fn eat_at_once(&mut self, object: &str, now: f64) {
        let (Some(o), Some(a)) =
            (self.village.find(object), self.tables.actions.iter().position(|x| x.effect == super::Effect::Eat))
        else {
            return;
        };
        self.life.hold.held = Some(o);
        let replaced = self.life.planning.current.as_ref().map(|c| c.cand.priority);
        let seconds = self.tables.actions[a].seconds;
        let cand = Candidate { desire: Desire::Hunger, action: a, object: o, target: o, priority: 0.0 };
        let agenda = Agenda::new(vec![Step::Act { seconds }, Step::Wait { seconds: WAIT_SECONDS }]);
        self.life.planning.current = Some(Current { cand, agenda });
        // The player asked for this meal by stroking with food: it is eaten to the end,
        // whatever else becomes urgent meanwhile.
        self.life.commanded = Some(cand);
        self.life.tally.plans += 1;
        let action = self.tables.actions[a].name.clone();
        self.emit(Event::Plan {
            t: now,
            desire: Desire::Hunger,
            action,
            object: object.to_owned(),
            target: object.to_owned(),
            priority: 0.0,
            why: Why::Lesson,
            replaced,
        });
    }

    /// The player casts `miracle` on `on`: it works on the world, a frightening one that
    /// lands near the creature frightens it, and a creature that sees it counts a
    /// sighting (SPEC §10).
    fn cast(&mut self, miracle: &str, on: &str, now: f64) -> Result<(), String> {
        let multiplier = self.data.species(self.creature.species).miracle_multiplier;
        let needed = self.file.watch.sightings_needed(miracle, multiplier)?;
        let o = self.object(on)?;
        match miracle {
            "Heal" => {
                let obj = &mut self.village.objects[o];
                obj.need = 0.0;
                obj.health = 1.0;
            }
            "Food" => self.add_food(o, 10),
            _ => {}
        }
        let distance = self.village.objects[o].distance_from(self.position());
        if self.file.watch.frightens(miracle) && distance <= self.file.watch.fright_distance {
            self.life.memory.frightened_at = Some(now);
        }
        if distance > self.file.senses.view {
            return Ok(());
        }
        let can_learn = self.data.has_ability(self.creature.phase, Ability::LearnMiracles);
        let leash = self.file.hand.leash;
        let age = self.creature.age_seconds;
        let counted =
            self.creature.watching.see_miracle(&self.file.watch, miracle, multiplier, leash, can_learn, age)?;
        if counted > 0 {
            self.phase_sightings(counted);
            self.emit(Event::Sighting { t: now, miracle: miracle.to_owned(), counted });
            let seen = self.creature.watching.miracles.get(miracle).map_or(0, |p| p.sightings);
            if u64::from(seen) * 2 >= u64::from(needed) && !self.life.schedule.cast_ok.contains(miracle) {
                self.life.schedule.next_miracle_try = self.life.schedule.next_miracle_try.min(now);
            }
        }
        Ok(())
    }

    /// The creature tries each miracle it has at least half learnt: it fails until it
    /// has seen enough, each failure counting as a sighting, then it succeeds (SPEC §10).
    pub(super) fn try_miracles(&mut self, now: f64) {
        self.life.schedule.next_miracle_try = f64::INFINITY;
        if !self.data.has_ability(self.creature.phase, Ability::LearnMiracles) {
            return;
        }
        let multiplier = self.data.species(self.creature.species).miracle_multiplier;
        let names: Vec<String> = self
            .creature
            .watching
            .miracles
            .keys()
            .filter(|m| !self.life.schedule.cast_ok.contains(m.as_str()))
            .cloned()
            .collect();
        for m in names {
            let rules = &self.file.watch;
            if !self.creature.watching.wants_to_try(rules, &m, multiplier).unwrap_or(false) {
                continue;
            }
            let Ok(result) = self.creature.watching.try_miracle(rules, &m, multiplier) else { continue };
            let sightings = self.creature.watching.miracles.get(&m).map_or(0, |p| p.sightings);
            match result {
                Attempt::Succeeded => {
                    self.life.schedule.cast_ok.insert(m.clone());
                }
                Attempt::Failed => self.life.schedule.next_miracle_try = now + self.file.senses.miracle_try_seconds,
                Attempt::NotYet => continue,
            }
            self.emit(Event::Miracle { t: now, miracle: m, result, sightings });
        }
    }

    /// The player does a deed; a creature that sees it may copy it (SPEC §10): from
    /// phase 3, on the learning leash, near the player, by the seeded chance.
    fn deed(&mut self, desire: Desire, action: &str, object: &str, now: f64) -> Result<(), String> {
        let a = self.action_index(action)?;
        let o = self.object(object)?;
        let p = self.position();
        let to_hand = self.village.objects[self.village.hand].distance_from(p);
        let seen = to_hand.min(self.village.objects[o].distance_from(p)) <= self.file.senses.view;
        if !seen {
            return Ok(());
        }
        self.life.memory.deed_seen_at = Some(now);
        let can_copy = self.data.has_ability(self.creature.phase, Ability::CopyPlayer);
        let kind = self.kind(o);
        let deed = Deed { desire, action: action.to_owned(), kind: self.kind_name(kind).to_owned() };
        let leash = self.file.hand.leash;
        let Some(copy) = consider_copy(&self.file.watch, can_copy, leash, to_hand, &deed, &mut self.life.rng) else {
            return Ok(());
        };
        let state = &mut self.creature.desires[desire.index()];
        state.value = (state.value + copy.motive).min(state.max);
        if let Some(target) = self.nearest_of_kind(self.kind_name(kind), a, None) {
            self.start_now(desire, a, target, now, Why::Copy);
            let object = self.village.objects[target].id.clone();
            self.emit(Event::Copied { t: now, desire, action: action.to_owned(), object });
        }
        Ok(())
    }

    /// The player's scheduled miracles and deeds that are due.
    pub(super) fn run_schedule(&mut self, now: f64) {
        let mut due = Vec::new();
        for s in &mut self.life.schedule.player {
            if now >= s.next && s.left != Some(0) {
                due.push(s.what.clone());
                s.left = s.left.map(|l| l - 1);
                s.next = if s.every > 0.0 { s.next + s.every } else { f64::INFINITY };
            }
        }
        self.life.schedule.player.retain(|s| s.next.is_finite() && s.left != Some(0));
        for what in due {
            // A checked world names only miracles, actions and objects that exist; in one
            // built in code, an entry naming something missing does nothing.
            let _ = match what {
                Doing::Cast { miracle, on } => self.cast(&miracle, &on, now),
                Doing::Deed { desire, action, object } => self.deed(desire, &action, &object, now),
            };
        }
    }
}
