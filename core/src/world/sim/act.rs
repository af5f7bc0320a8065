//! Carrying plans out (SPEC §4): the agenda's steps at the species' speed, and the
//! effects on body and world when the act step ends — eating raises energy and removes
//! the food, throwing moves a rock, hitting hurts, sleeping restores.

use super::sighting::same_spot;
use serde::{Deserialize, Serialize};

use super::choose::Current;
use super::{Effect, Event, Sim};
use crate::mind::agenda::{Agenda, PICK_UP_SECONDS, Progress, Step, WAIT_SECONDS};
use crate::mind::credit::ActedOn;
use crate::mind::plan::Candidate;
use crate::species::rules::Kind;

/// How the creature goes about: whether it may leave its pen, whether it walks this
/// turn, the heat it feels, and where it last stood inside its pen.
#[derive(Serialize, Deserialize, Clone, Debug, Default)]
pub(super) struct Going {
    pub(super) can_leave_pen: bool,
    pub(super) moving: bool,
    pub(super) heat: f64,
    /// Where the creature stood when last found inside its pen: a cache for noting
    /// when it leaves, not frozen.
    #[serde(skip)]
    pub(super) inside_pen_at: Option<(f64, f64)>,
}

/// The golden angle: spreads things put down at the pen around it.
const SPREAD: f64 = 2.399_963_229_728_653;

impl Sim {
    /// The steps of plan `c`: walk there (or away, to flee), pick up what is carried,
    /// act, wait (SPEC §4).
    pub(super) fn agenda_for(&self, c: Candidate) -> Agenda {
        let a = &self.tables.actions[c.action];
        let reach = self.file.senses.reach;
        let (o, t) = (c.object, c.target);
        let held = self.life.hold.held == Some(o);
        let me = o == self.village.me;
        let act = Step::Act { seconds: a.seconds };
        let wait = Step::Wait { seconds: WAIT_SECONDS };
        let fetch = |steps: &mut Vec<Step>| {
            if !held {
                steps.push(Step::MoveTo { object: o, reach });
                steps.push(Step::PickUp { object: o, seconds: PICK_UP_SECONDS });
            }
        };
        let mut steps = Vec::with_capacity(5);
        match a.effect {
            Effect::Flee => {
                steps.push(Step::MoveAway { from: o, distance: self.file.senses.view });
                steps.push(act);
                return Agenda::new(steps);
            }
            Effect::Throw => {
                fetch(&mut steps);
                if t != o {
                    steps.push(Step::MoveTo { object: t, reach: self.throw_range() });
                }
            }
            Effect::Fetch => {
                fetch(&mut steps);
                steps.push(Step::MoveTo { object: self.village.pen, reach });
            }
            Effect::Eat if self.kind(o).is_portable() => fetch(&mut steps),
            _ if !me && !held => steps.push(Step::MoveTo { object: o, reach }),
            _ => {}
        }
        steps.push(act);
        steps.push(wait);
        Agenda::new(steps)
    }

    /// How far the creature can throw: 10 m, and 30 m more at full strength.
    fn throw_range(&self) -> f64 {
        10.0 + 30.0 * self.strength()
    }

    fn strength(&self) -> f64 {
        self.data.species(self.creature.species).body.strength
    }

    /// One turn of the current agenda step.
    pub(super) fn act(&mut self, now: f64) {
        self.life.going.moving = false;
        let Some(step) = self.life.planning.current.as_ref().map(|c| c.agenda.current().copied()) else { return };
        let arrived = match step {
            None => {
                self.finish(now);
                return;
            }
            Some(Step::MoveTo { object, reach }) => {
                if !self.usable(object) {
                    self.fail(now);
                    return;
                }
                self.walk_to(object, reach)
            }
            Some(Step::MoveAway { from, distance }) => self.walk_away(from, distance),
            Some(Step::PickUp { object, .. }) => {
                if !self.usable(object) {
                    self.fail(now);
                    return;
                }
                false
            }
            Some(Step::Act { .. }) => {
                if self.life.planning.current.as_ref().is_some_and(|c| c.agenda.elapsed == 0.0) {
                    self.note_acted_on();
                }
                false
            }
            Some(Step::Wait { .. }) => false,
        };
        let Some(progress) = self.life.planning.current.as_mut().map(|c| c.agenda.tick(super::DT, arrived)) else {
            return;
        };
        match progress {
            Progress::Ended { step: Step::PickUp { object, .. } } => {
                if self.village.objects[object].distance_from(self.position()) <= 2.0 * self.file.senses.reach {
                    self.life.hold.held = Some(object);
                    self.kept.stirred();
                } else {
                    self.fail(now);
                    return;
                }
            }
            Progress::Ended { step: Step::Act { .. } } => self.act_effects(now),
            Progress::GaveUp => {
                self.fail(now);
                return;
            }
            _ => {}
        }
        if self.life.planning.current.as_ref().is_some_and(|c| c.agenda.is_done()) {
            self.finish(now);
        }
        // What the creature carries is where it stands. A carried thing found
        // elsewhere (the creature did not move this turn, so nothing else stirred the
        // scene) changes what the senses measure.
        if let Some(h) = self.life.hold.held {
            let p = self.position();
            if !same_spot(self.village.objects[h].pos, p) {
                self.village.objects[h].pos = p;
                self.kept.stirred();
            }
        }
    }

    /// The act step begins: the plan memory keeps what the creature believes of the
    /// object and the target now, before the act changes them, for a lesson to record
    /// (SPEC §8: an eaten villager is taught as the living villager it was).
    fn note_acted_on(&mut self) {
        let Some(c) = self.life.planning.current.as_ref().map(|c| c.cand) else { return };
        let answers = |o: usize| self.village.objects[o].answers.clone();
        let acted_on = ActedOn { object: answers(c.object), target: answers(c.target) };
        self.life.teaching.plans.act_on(acted_on);
    }

    /// Walks towards `o` at the species' speed; true once within `reach`.
    fn walk_to(&mut self, o: usize, reach: f64) -> bool {
        let p = self.position();
        let target = &self.village.objects[o];
        let len = target.centre_distance(p);
        let d = target.edge_distance(len);
        if d <= reach {
            return true;
        }
        let (dx, dy) = (target.pos.0 - p.0, target.pos.1 - p.1);
        let stride = (self.speed() * super::DT).min(d);
        let next = if len > 0.0 { (p.0 + dx / len * stride, p.1 + dy / len * stride) } else { p };
        self.move_to(next);
        self.village.objects[o].distance_from(self.position()) <= reach
    }

    /// Walks away from `o`; true once `distance` away, or when it can go no further.
    fn walk_away(&mut self, o: usize, distance: f64) -> bool {
        let p = self.position();
        let from = self.village.objects[o].pos;
        if self.village.objects[o].distance_from(p) >= distance {
            return true;
        }
        let (dx, dy) = (p.0 - from.0, p.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt();
        let (ux, uy) = if len > 0.0 { (dx / len, dy / len) } else { (1.0, 0.0) };
        let stride = self.speed() * super::DT;
        self.move_to((p.0 + ux * stride, p.1 + uy * stride));
        let moved = self.position();
        (moved.0 - p.0).abs() + (moved.1 - p.1).abs() < 1e-9
    }

    fn speed(&self) -> f64 {
        self.data.species(self.creature.species).body.speed
    }

    /// Moves the creature, keeping it on the map and, until it may leave, in its pen.
    pub(super) fn move_to(&mut self, p: (f64, f64)) {
        let mut p = self.village.clamp(p);
        if !self.life.going.can_leave_pen {
            let pen = &self.village.objects[self.village.pen];
            let (dx, dy) = (p.0 - pen.pos.0, p.1 - pen.pos.1);
            let d = (dx * dx + dy * dy).sqrt();
            if d > pen.radius && d > 0.0 {
                p = (pen.pos.0 + dx / d * pen.radius, pen.pos.1 + dy / d * pen.radius);
            }
        }
        let me = self.village.me;
        self.village.objects[me].pos = p;
        self.life.going.moving = true;
    }

    /// The plan's agenda is done: it ends (SPEC §6).
    fn finish(&mut self, now: f64) {
        self.life.planning.current = None;
        self.life.teaching.end_plan(None, now);
    }

    /// The plan cannot go on: it ends, and says so.
    fn fail(&mut self, now: f64) {
        if let Some(Current { cand, .. }) = self.life.planning.current.take() {
            let action = self.tables.actions[cand.action].name.clone();
            let object = self.village.objects[cand.object].id.clone();
            self.emit(Event::Failed { t: now, desire: cand.desire, action, object });
        }
        self.life.teaching.end_plan(None, now);
    }

    /// Puts down what the creature carries.
    pub(super) fn drop_held(&mut self) {
        if self.life.hold.held.take().is_some() {
            self.kept.stirred();
            self.life.memory.stuff_dirty = true;
        }
    }

    /// The effects of the act step that just ended, and the desire it satisfied.
    fn act_effects(&mut self, now: f64) {
        let Some(c) = self.life.planning.current.as_ref().map(|c| c.cand) else { return };
        // Acts move, take, hurt and eat things.
        self.kept.stirred();
        let (o, t) = (c.object, c.target);
        let rules = self.file.body;
        let effect = self.tables.actions[c.action].effect;
        match effect {
            Effect::Eat => {
                self.eat(o, now);
                self.phase_event("ate");
            }
            Effect::Fight => {
                self.hurt(t, rules.hit_damage * (0.5 + 0.5 * self.strength()), now);
                if matches!(self.kind(t), Kind::Wolf | Kind::Creature) {
                    self.creature.body.health = (self.creature.body.health - rules.bite_damage).max(0.0);
                }
                self.creature.body.fatigue = (self.creature.body.fatigue + 0.02).min(1.0);
            }
            Effect::Throw => self.throw(o, t, now),
            Effect::Drink => self.creature.body.thirst = 0.0,
            Effect::Sleep => {
                let b = &mut self.creature.body;
                b.fatigue = (b.fatigue - rules.sleep_rest).max(0.0);
                b.health = (b.health + 0.05).min(1.0);
            }
            Effect::Rest => {
                let b = &mut self.creature.body;
                b.fatigue = (b.fatigue - rules.rest_rest).max(0.0);
                b.health = (b.health + 0.05).min(1.0);
                b.sickness = (b.sickness - 0.1).max(0.0);
            }
            Effect::Poo => self.creature.body.bowels = 0.0,
            Effect::Puke => {
                let b = &mut self.creature.body;
                b.nausea = 0.0;
                b.energy = (b.energy - 0.05).max(0.0);
            }
            Effect::Scratch => self.creature.body.itch = 0.0,
            Effect::LookAround => {
                let p = self.position();
                self.village.look_around(p, 2.0 * self.file.senses.view);
            }
            Effect::Fish => self.meal(0.5),
            Effect::Help if self.kind(t) == Kind::Villager => self.village.objects[t].need = 0.0,
            Effect::Farm | Effect::Help => self.add_food(t, 1),
            Effect::Greet => self.life.memory.friend_seen_at = now,
            Effect::Steal => {
                if self.village.objects[o].food > 0 {
                    self.take_food(o);
                    self.meal(1.0);
                }
            }
            Effect::Fetch => self.put_down_at_pen(o),
            Effect::Climb => self.creature.body.fatigue = (self.creature.body.fatigue + 0.05).min(1.0),
            Effect::Obey => {
                if t == self.village.hand {
                    self.life.memory.order = None;
                } else {
                    self.life.memory.creature_order = None;
                }
            }
            Effect::Flee | Effect::Other => {}
        }
        let d = c.desire.index();
        let value = &mut self.creature.desires[d].value;
        *value *= 1.0 - rules.satisfaction;
        self.life.judgement.last_done[c.action] = Some(now);
        if self.life.recording {
            let action = self.tables.actions[c.action].name.clone();
            let object = self.village.objects[o].id.clone();
            let kind = self.kind_name(self.kind(o)).to_owned();
            self.emit(Event::Done { t: now, desire: c.desire, action, object, kind });
        }
    }

    /// Eating: a being is eaten whole and replaced later; a pit gives one food; anything
    /// else makes the creature sick.
    fn eat(&mut self, o: usize, now: f64) {
        let rules = self.file.body;
        match self.kind(o) {
            Kind::StoragePit => {
                if self.village.objects[o].food > 0 {
                    self.take_food(o);
                    self.meal(1.0);
                }
            }
            k if k.is_food() => {
                if self.life.hold.held == Some(o) {
                    self.drop_held();
                }
                self.gone(o, now);
                self.meal(1.0);
            }
            _ => {
                let b = &mut self.creature.body;
                b.nausea = (b.nausea + rules.inedible_nausea).min(1.0);
                b.sickness = (b.sickness + rules.inedible_nausea / 4.0).min(1.0);
            }
        }
    }

    /// One meal's energy, times `share` (SPEC §3: energy per meal).
    fn meal(&mut self, share: f64) {
        let rules = self.file.body;
        let per_meal = self.data.species(self.creature.species).body.energy_per_meal;
        let b = &mut self.creature.body;
        if b.energy > 0.9 {
            b.nausea = (b.nausea + rules.overeat_nausea).min(1.0);
        }
        b.energy = (b.energy + per_meal * share).min(1.0);
        b.bowels = (b.bowels + rules.meal_bowels * share).min(1.0);
        b.health = (b.health + 0.02).min(1.0);
    }

    fn take_food(&mut self, pit: usize) {
        let p = &mut self.village.objects[pit];
        p.food = p.food.saturating_sub(1);
        if p.food == 0 {
            self.changed(pit);
        }
    }

    /// Adds food to `to`'s store: a pit itself, or the pit of its town.
    pub(super) fn add_food(&mut self, to: usize, food: u32) {
        let pit = if self.kind(to) == Kind::StoragePit {
            Some(to)
        } else {
            let town = if self.kind(to) == Kind::Town { Some(to) } else { self.village.objects[to].town };
            self.village
                .objects
                .iter()
                .position(|p| p.kind == Kind::StoragePit && p.present && p.town == town && town.is_some())
        };
        if let Some(p) = pit {
            let was = self.village.objects[p].food;
            self.village.objects[p].food = was.saturating_add(food);
            if was == 0 {
                self.changed(p);
            }
        }
    }

    /// Hurts a being; at no health it dies, and is replaced later.
    fn hurt(&mut self, o: usize, damage: f64, now: f64) {
        let obj = &mut self.village.objects[o];
        if !(obj.kind.is_being() && obj.alive) {
            return;
        }
        obj.health -= damage;
        if obj.kind == Kind::Villager {
            obj.need = (obj.need + 0.3).min(1.0);
        }
        if obj.health <= 0.0 {
            obj.health = 0.0;
            obj.alive = false;
            self.schedule_respawn(o, now);
            self.changed(o);
        }
    }

    /// The object is gone (eaten) until a replacement appears.
    fn gone(&mut self, o: usize, now: f64) {
        let obj = &mut self.village.objects[o];
        obj.present = false;
        obj.alive = false;
        self.schedule_respawn(o, now);
        self.changed(o);
    }

    fn schedule_respawn(&mut self, o: usize, now: f64) {
        let at = now + self.file.body.respawn_seconds;
        self.village.objects[o].respawn_at = Some(at);
        self.life.schedule.next_respawn = self.life.schedule.next_respawn.min(at);
    }

    /// Hurls what the creature holds at the target, or somewhere, by its strength.
    fn throw(&mut self, o: usize, t: usize, now: f64) {
        if self.life.hold.held == Some(o) {
            self.drop_held();
        }
        let strength = self.strength();
        let landing = if t != o && self.village.objects[t].present {
            let hit = self.file.body.hit_damage * 0.5 * (0.5 + 0.5 * strength);
            self.hurt(t, hit, now);
            self.village.objects[t].pos
        } else {
            let p = self.position();
            let angle = self.life.rng.unit() * std::f64::consts::TAU;
            let far = self.throw_range();
            self.village.clamp((p.0 + angle.cos() * far, p.1 + angle.sin() * far))
        };
        self.village.objects[o].pos = landing;
        if self.kind(o).is_being() {
            self.hurt(o, 0.3, now);
        }
        self.life.memory.stuff_dirty = true;
    }

    /// Puts a fetched thing down by the pen.
    fn put_down_at_pen(&mut self, o: usize) {
        if self.life.hold.held == Some(o) {
            self.drop_held();
        }
        let pen = &self.village.objects[self.village.pen];
        let angle = o as f64 * SPREAD;
        let r = pen.radius * 0.6;
        let spot = self.village.clamp((pen.pos.0 + angle.cos() * r, pen.pos.1 + angle.sin() * r));
        self.village.objects[o].pos = spot;
        self.life.memory.stuff_dirty = true;
    }
}
