//! The world moving on, the body changing, and the senses reading both into the inputs
//! of the desire sources; then the sigmoid drives fill the desires (SPEC §2). Every
//! input of [`Reads`] is wired here to something in the body or the village.

use super::near::NEAR_SOURCES;
use super::sighting::near;
use serde::{Deserialize, Serialize};

use super::{DT, INPUTS, Sim};
use crate::names::Desire;
use crate::reads::Reads;
use crate::species::Climate;
use crate::species::data::Ability;
use crate::species::rules::Kind;

/// 1 just after `since`, fading to 0 over `seconds`; 0 when it never happened.
fn fade(since: Option<f64>, now: f64, seconds: f64) -> f64 {
    since.map_or(0.0, |t| (1.0 - (now - t) / seconds).clamp(0.0, 1.0))
}

/// What the senses read this turn: every desire source input, the distance to each
/// object, and the drives the inputs fill (SPEC §2).
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(super) struct Readings {
    /// Frozen as a list, its length first.
    #[serde(with = "inputs_list")]
    pub(super) inputs: [f64; INPUTS],
    /// Distance from the creature to each object, measured by the senses.
    pub(super) distances: Vec<f64>,
    pub(super) drives: Vec<f64>,
}

impl Default for Readings {
    fn default() -> Self {
        Readings { inputs: [0.0; INPUTS], distances: Vec::new(), drives: vec![0.0; Desire::COUNT] }
    }
}

/// What the senses keep from turn to turn: when the hand, a friend, a slap, a stroke, a
/// deed and a frightening miracle were last met, since when the creature has done the same thing, the orders
/// it was last given, and how far the village's stuff lies from home (worked out again
/// when it may have moved).
#[derive(Serialize, Deserialize, Clone, Debug)]
pub(super) struct Memory {
    pub(super) hand_seen_at: f64,
    pub(super) friend_seen_at: f64,
    pub(super) same_since: f64,
    pub(super) same_action: Option<usize>,
    pub(super) slapped_at: Option<f64>,
    pub(super) stroked_at: Option<f64>,
    pub(super) deed_seen_at: Option<f64>,
    pub(super) frightened_at: Option<f64>,
    pub(super) order: Option<(f64, usize)>,
    pub(super) creature_order: Option<(f64, usize)>,
    pub(super) stuff_away: f64,
    pub(super) stuff_dirty: bool,
}

impl Default for Memory {
    fn default() -> Self {
        Memory {
            hand_seen_at: 0.0,
            friend_seen_at: 0.0,
            same_since: 0.0,
            same_action: None,
            slapped_at: None,
            stroked_at: None,
            deed_seen_at: None,
            frightened_at: None,
            order: None,
            creature_order: None,
            stuff_away: 0.0,
            stuff_dirty: true,
        }
    }
}

/// The inputs written as a list (a length, then the values), and read back only at
/// their one length.
mod inputs_list {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use super::INPUTS;

    pub(super) fn serialize<S: Serializer>(inputs: &[f64; INPUTS], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(inputs)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[f64; INPUTS], D::Error> {
        let list = Vec::<f64>::deserialize(d)?;
        let len = list.len();
        list.try_into().map_err(|_| {
            D::Error::custom(format!("the snapshot's desire sources has {len} entries; expected {INPUTS}"))
        })
    }
}

/// The skills, in bit order for the per-turn set of skills seen.
const SKILLS: [&str; 6] = ["build", "fish", "farm", "dance", "totem", "storehouse"];

/// What a turn's senses found, for the inputs they feed.
#[derive(Clone, Copy)]
struct Sensed {
    night: f64,
    cold: f64,
    player_near: f64,
    in_need: f64,
    novelty: f64,
    home: f64,
}

impl Sim {
    /// Replacements, harvests, the player's schedule and miracle tries.
    pub(super) fn world_turn(&mut self, now: f64) {
        if now >= self.life.schedule.next_respawn {
            self.respawn(now);
        }
        if now >= self.life.schedule.next_harvest {
            self.life.schedule.next_harvest += self.file.body.harvest_seconds;
            self.harvest(now);
        }
        if self.life.schedule.player.iter().any(|s| now >= s.next) {
            self.kept.stirred();
            self.run_schedule(now);
        }
        if now >= self.life.schedule.next_miracle_try {
            self.kept.stirred();
            self.try_miracles(now);
        }
    }

    /// Eaten sheep, villagers and wolves are replaced where they first stood.
    fn respawn(&mut self, now: f64) {
        let mut next = f64::INFINITY;
        for o in 0..self.village.objects.len() {
            let obj = &mut self.village.objects[o];
            match obj.respawn_at {
                Some(t) if t <= now => {
                    obj.respawn_at = None;
                    obj.present = true;
                    obj.alive = obj.kind.is_being();
                    obj.health = 1.0;
                    obj.need = 0.0;
                    obj.seen = 0.0;
                    obj.pos = obj.origin;
                    self.changed(o);
                }
                Some(t) => next = next.min(t),
                None => {}
            }
        }
        self.life.schedule.next_respawn = next;
    }

    /// Working farmers and fishers bring food to their town's pit.
    fn harvest(&mut self, now: f64) {
        if self.village.night(now) >= 0.5 {
            return;
        }
        for v in 0..self.village.objects.len() {
            let o = &self.village.objects[v];
            if !(o.present && o.alive && matches!(o.skill(), Some("farm" | "fish"))) {
                continue;
            }
            let town = o.town;
            let pit = self
                .village
                .objects
                .iter()
                .enumerate()
                .filter(|(_, p)| p.kind == Kind::StoragePit && p.present && p.town == town)
                .min_by_key(|(_, p)| p.food)
                .map(|(i, _)| i);
            if let Some(p) = pit {
                self.village.objects[p].food = self.village.objects[p].food.saturating_add(1);
                if self.village.objects[p].food == 1 {
                    self.changed(p);
                }
            }
        }
    }

    /// The body drifts: it burns energy, tires, thirsts (from the phase that grants it,
    /// SPEC §3); it heals when fed and suffers when starved (the body sources of SPEC §2).
    pub(super) fn body_turn(&mut self) {
        let r = self.file.body;
        let m = if self.life.going.moving { r.moving_factor } else { 1.0 };
        let phase = self.creature.phase;
        let thirsts = self.kept.thirsts(phase, || self.data.has_ability(phase, Ability::Thirsts));
        let b = &mut self.creature.body;
        b.energy -= DT * m / r.hunger_seconds;
        b.fatigue += DT * m / r.fatigue_seconds;
        if thirsts {
            b.thirst += DT / r.thirst_seconds;
        }
        b.bowels += DT / r.bowels_seconds;
        b.itch += DT / r.itch_seconds;
        b.nausea -= DT / r.nausea_recovery_seconds;
        let ill = if b.health < 0.3 { -2.0 } else { 1.0 };
        b.sickness -= ill * DT / r.sickness_recovery_seconds;
        if b.energy <= 0.0 || b.thirst >= 1.0 {
            b.health -= DT / r.starve_seconds;
        } else if b.energy > 0.3 {
            b.health += DT / r.heal_seconds;
        }
        for v in [
            &mut b.energy,
            &mut b.health,
            &mut b.fatigue,
            &mut b.bowels,
            &mut b.sickness,
            &mut b.nausea,
            &mut b.itch,
            &mut b.thirst,
        ] {
            *v = v.clamp(0.0, 1.0);
        }
    }

    /// Reads the body and the village into every input (SPEC §2), watches working
    /// villagers (SPEC §10) and hears other creatures' orders.
    pub(super) fn sense(&mut self, now: f64) {
        let s = self.file.senses;
        let p = self.position();
        let measured = self.sight(p);
        let night = self.village.night(now);
        let temperature = self.village.temperature_with(night, self.kept.sighting().warmth.iter().copied());
        let comfort = self.file.climate.comfort;
        let liked = match self.data.species(self.creature.species).body.climate {
            Climate::Warm => comfort,
            Climate::Cold => -comfort,
        };
        let cold = (liked - temperature).clamp(0.0, 1.0);
        self.life.going.heat = (temperature - liked).clamp(0.0, 1.0);
        let working = night < 0.5;
        let need_rate = DT / self.file.body.villager_need_seconds;

        for &i in &self.kept.sighting().villagers {
            let o = &mut self.village.objects[i];
            o.need = (o.need + need_rate).min(1.0);
        }
        let (mut novelty, mut in_need) = (0.0_f64, 0.0_f64);
        let mut skills_seen = 0u8;
        for &i in &self.kept.sighting().in_view {
            let o = &mut self.village.objects[i];
            o.seen += DT;
            novelty = novelty.max(1.0 - o.seen / s.novelty_seconds);
            if o.kind == Kind::Villager && o.alive {
                in_need = in_need.max(o.need * near(self.life.read.distances[i], s.view));
                if working && let Some(k) = o.skill().and_then(|k| SKILLS.iter().position(|x| *x == k)) {
                    skills_seen |= 1 << k;
                }
            }
        }
        let mut order_from = None;
        for &i in &self.kept.sighting().orderers {
            let o = &mut self.village.objects[i];
            if let Some(every) = o.orders_every
                && now >= o.next_order
            {
                o.next_order += every;
                if self.life.read.distances[i] <= s.view {
                    order_from = Some(i);
                }
            }
        }
        if let Some(o) = order_from {
            self.life.memory.creature_order = Some((now, o));
        }
        if self.kept.sighting().friend_in_view {
            self.life.memory.friend_seen_at = now;
        }
        let player_near = if self.file.hand.present {
            let d = self.life.read.distances[self.village.hand];
            if d <= s.near {
                self.life.memory.hand_seen_at = now;
            }
            near(d, s.near)
        } else {
            0.0
        };
        if self.life.memory.stuff_dirty {
            self.life.memory.stuff_away = self.stuff_far_from_home();
            self.life.memory.stuff_dirty = false;
        }
        // Standing where it stood, the creature explores nothing new.
        if measured {
            self.village.explore(p, s.view);
        }
        let home = self.kept.sighting().home;
        if self.life.memory.order.is_some_and(|(t, _)| now - t > s.order_seconds) {
            self.life.memory.order = None;
        }
        if self.life.memory.creature_order.is_some_and(|(t, _)| now - t > s.order_seconds) {
            self.life.memory.creature_order = None;
        }

        self.read_inputs(now, Sensed { night, cold, player_near, in_need, novelty, home });
        if skills_seen != 0 {
            self.watch_skills(skills_seen, now);
        }
    }

    /// Every desire source's input this turn, from the body, the traits, the leash, the
    /// events and what the senses found (SPEC §2).
    #[inline]
    fn read_inputs(&mut self, now: f64, sensed: Sensed) {
        let s = self.file.senses;
        let b = self.creature.body;
        let traits = self.creature.traits;
        let aggression =
            if self.data.species(self.creature.species).aggression_connected { traits.aggression } else { 0.0 };
        let leash = self.file.hand.leash;
        let liking = self.creature.liking;
        let x = &mut self.life.read.inputs;
        x[Reads::BodyHunger as usize] = 1.0 - b.energy;
        x[Reads::BodyInjury as usize] = 1.0 - b.health;
        x[Reads::BodyFatigue as usize] = b.fatigue;
        x[Reads::BodyBowels as usize] = b.bowels;
        x[Reads::BodySickness as usize] = b.sickness;
        x[Reads::BodyNausea as usize] = b.nausea;
        x[Reads::BodyItch as usize] = b.itch;
        x[Reads::BodyThirst as usize] = b.thirst;
        x[Reads::BodyCold as usize] = sensed.cold;
        x[Reads::BodyHeat as usize] = self.life.going.heat;
        x[Reads::WorldNight as usize] = sensed.night;
        x[Reads::WorldPlayerNear as usize] = sensed.player_near;
        x[Reads::WorldPlayerAway as usize] = ((now - self.life.memory.hand_seen_at) / s.away_seconds).clamp(0.0, 1.0);
        x[Reads::WorldBoredom as usize] = ((now - self.life.memory.same_since) / s.boredom_seconds).clamp(0.0, 1.0);
        x[Reads::WorldVillagerInNeed as usize] = sensed.in_need;
        x[Reads::WorldFarFromHome as usize] = (sensed.home / s.home_far).min(1.0);
        x[Reads::WorldStuffAway as usize] = self.life.memory.stuff_away;
        x[Reads::WorldFriendAway as usize] =
            ((now - self.life.memory.friend_seen_at) / s.friend_away_seconds).clamp(0.0, 1.0);
        x[Reads::WorldUnexplored as usize] = self.village.unexplored();
        x[Reads::WorldNovelty as usize] = sensed.novelty;
        x[Reads::TraitKindness as usize] = traits.kindness;
        x[Reads::TraitFriendliness as usize] = traits.friendliness;
        x[Reads::TraitCommunicativeness as usize] = traits.communicativeness;
        x[Reads::TraitLethargy as usize] = traits.lethargy;
        x[Reads::TraitAggression as usize] = aggression;
        for r in [Reads::LeashCompassion, Reads::LeashAggression, Reads::LeashLearning] {
            x[r as usize] = leash.input(r).unwrap_or(0.0);
        }
        x[Reads::EventDislike as usize] = (-liking).max(0.0);
        x[Reads::EventLiking as usize] = liking.max(0.0);
        x[Reads::EventSlapped as usize] = fade(self.life.memory.slapped_at, now, s.event_seconds);
        x[Reads::EventStroked as usize] = fade(self.life.memory.stroked_at, now, s.event_seconds);
        x[Reads::EventOrder as usize] = if self.life.memory.order.is_some() { 1.0 } else { 0.0 };
        x[Reads::EventCreatureOrder as usize] = if self.life.memory.creature_order.is_some() { 1.0 } else { 0.0 };
        x[Reads::EventDeedSeen as usize] = fade(self.life.memory.deed_seen_at, now, s.deed_seconds);
        x[Reads::EventFrighteningMagic as usize] = fade(self.life.memory.frightened_at, now, s.event_seconds);
        // The distance sources, each the nearest of its rows.
        for row in NEAR_SOURCES {
            x[row.reads as usize] = 0.0;
        }
        for (row, v) in NEAR_SOURCES.iter().zip(&self.kept.sighting().near) {
            let slot = &mut x[row.reads as usize];
            *slot = slot.max(*v);
        }
    }

    /// The share of rocks lying far from the pen (`world.stuff_away`).
    fn stuff_far_from_home(&self) -> f64 {
        let pen = self.village.objects[self.village.pen].pos;
        let far = self.file.senses.stuff_far;
        let (mut sum, mut n) = (0.0, 0usize);
        for o in self.village.objects.iter().filter(|o| o.kind == Kind::Rock && o.present) {
            sum += (o.distance_from(pen) / far).min(1.0);
            n += 1;
        }
        if n == 0 { 0.0 } else { sum / n as f64 }
    }

    /// A tenth of a second of watching each skill seen at work (SPEC §10).
    fn watch_skills(&mut self, seen: u8, now: f64) {
        for (k, skill) in SKILLS.iter().enumerate() {
            if seen & (1 << k) == 0 || self.creature.watching.knows_skill(skill) {
                continue;
            }
            if let Ok(true) = self.creature.watching.watch_skill(&self.file.watch, skill, DT, true) {
                self.phase_event("learnt_skill");
                self.emit(super::Event::Skill { t: now, skill: (*skill).to_owned() });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearness_and_fading() {
        assert_eq!(near(0.0, 40.0), 1.0);
        assert_eq!(near(20.0, 40.0), 0.5);
        assert_eq!(near(80.0, 40.0), 0.0);
        assert_eq!(fade(None, 10.0, 60.0), 0.0);
        assert_eq!(fade(Some(10.0), 10.0, 60.0), 1.0);
        assert!((fade(Some(0.0), 30.0, 60.0) - 0.5).abs() < 1e-12);
        assert_eq!(fade(Some(0.0), 90.0, 60.0), 0.0);
    }
}
