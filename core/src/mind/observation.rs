//! Learning by watching (SPEC §10): skills from watching villagers, miracles from
//! sightings, and copying the player's deeds.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::mind::desire::TURNS_PER_SECOND;
use crate::mind::leash::Leash;
use crate::names::Desire;
use crate::rng::Rng;

/// The numbers of learning by watching (SPEC §10); the defaults are the seed's where it
/// gives them.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct WatchRules {
    /// Seconds of watching a villager that teach each skill (build 7, fish 6, dance 6,
    /// farm 7, and the original's other two, totem and storehouse, 7).
    pub skill_seconds: BTreeMap<String, f64>,
    /// Sightings each miracle needs before the species multiplier (an Ape's count): the
    /// original's Water 9, Food 12, Heal 15, Wood 15, Fireball 18, Lightning 21,
    /// Shield 21, Tornado 39 (SPEC §10).
    pub miracle_base: BTreeMap<String, f64>,
    /// How many sightings one miracle seen on the learning leash counts for (3).
    pub learning_leash_sightings: u32,
    /// A sighting of a miracle counts only when more than this many turns have passed
    /// since the last one of it counted (SPEC §10: 50 turns, 5 s).
    #[serde(default = "sighting_gap_turns")]
    pub sighting_gap_turns: u32,
    /// The miracles that frighten the creature when they land near it, driving
    /// `event.frightening_magic` (SPEC §10: a Fireball or Lightning).
    #[serde(default = "frightening")]
    pub frightening: Vec<String>,
    /// How near the creature (metres) a frightening miracle must land to frighten it.
    #[serde(default = "fright_distance")]
    pub fright_distance: f64,
    /// How near the player (metres) the creature must be to copy a deed.
    pub copy_distance: f64,
    /// The chance that a creature able to copy a deed does copy it.
    pub copy_chance: f64,
    /// How much the copied deed's desire gains (the motive behind it).
    pub copy_motive: f64,
}

impl Default for WatchRules {
    fn default() -> Self {
        let skills =
            [("build", 7.0), ("fish", 6.0), ("dance", 6.0), ("farm", 7.0), ("totem", 7.0), ("storehouse", 7.0)];
        // The original's bases where public notes on its tables give them; Forest, Storm
        // and Teleport, which the notes do not give, keep ours.
        let miracles = [
            ("Water", 9.0),
            ("Food", 12.0),
            ("Heal", 15.0),
            ("Wood", 15.0),
            ("Fireball", 18.0),
            ("Lightning", 21.0),
            ("Shield", 21.0),
            ("Tornado", 39.0),
            ("Forest", 5.0),
            ("Storm", 8.0),
            ("Teleport", 8.0),
        ];
        Self {
            skill_seconds: skills.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect(),
            miracle_base: miracles.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect(),
            learning_leash_sightings: 3,
            sighting_gap_turns: sighting_gap_turns(),
            frightening: frightening(),
            fright_distance: fright_distance(),
            copy_distance: 30.0,
            copy_chance: 0.5,
            copy_motive: 0.3,
        }
    }
}

fn sighting_gap_turns() -> u32 {
    50
}

fn frightening() -> Vec<String> {
    vec!["Fireball".to_owned(), "Lightning".to_owned()]
}

fn fright_distance() -> f64 {
    20.0
}

impl WatchRules {
    /// True when `miracle` frightens the creature it lands near (SPEC §10).
    #[must_use]
    pub fn frightens(&self, miracle: &str) -> bool {
        self.frightening.iter().any(|m| m == miracle)
    }

    /// Sightings a species needs for `miracle`: `ceil(base × multiplier)`, at least 1
    /// (SPEC §10); `Err` names the nearest known miracle.
    pub fn sightings_needed(&self, miracle: &str, multiplier: f64) -> Result<u32, String> {
        let base = self.miracle_base.get(miracle).ok_or_else(|| {
            crate::error::unknown_name("miracle", miracle, self.miracle_base.keys().map(String::as_str))
        })?;
        let needed = (base * multiplier).ceil();
        // Saturating float-to-int cast; NaN becomes 0 and is lifted to 1.
        Ok((needed as u32).max(1))
    }

    /// Seconds of watching `skill` needs; `Err` names the nearest known skill.
    pub fn skill_seconds(&self, skill: &str) -> Result<f64, String> {
        self.skill_seconds
            .get(skill)
            .copied()
            .ok_or_else(|| crate::error::unknown_name("skill", skill, self.skill_seconds.keys().map(String::as_str)))
    }
}

/// How far the creature is with one skill.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Default)]
pub struct SkillProgress {
    /// Seconds watched so far (only while the villager was in view).
    pub seconds: f64,
    pub learned: bool,
}

/// How far the creature is with one miracle.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Default)]
pub struct MiracleProgress {
    /// Sightings counted, failures included.
    pub sightings: u32,
    pub learned: bool,
    /// The creature's age (seconds) when a sighting of it last counted.
    #[serde(default)]
    pub last_counted: Option<f64>,
}

/// What one try at a miracle did (SPEC §10).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// Fewer than half the needed sightings: the creature does not try yet.
    NotYet,
    /// Tried too early: it fails, and the failure counts as one more sighting.
    Failed,
    /// Enough sightings: the miracle works.
    Succeeded,
}

/// What the creature has learnt by watching (SPEC §10); part of a creature's save.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Watching {
    #[serde(default)]
    pub skills: BTreeMap<String, SkillProgress>,
    #[serde(default)]
    pub miracles: BTreeMap<String, MiracleProgress>,
}

impl Watching {
    /// Watches a villager practise `skill` for `seconds`; time counts only while the
    /// villager is in view. Returns true when this watching taught the skill (SPEC §10).
    pub fn watch_skill(
        &mut self,
        rules: &WatchRules,
        skill: &str,
        seconds: f64,
        in_view: bool,
    ) -> Result<bool, String> {
        let needed = rules.skill_seconds(skill)?;
        let p = self.skills.entry(skill.to_owned()).or_default();
        // Written so that a NaN watching time counts for nothing.
        if p.learned || !in_view || seconds.is_nan() || seconds <= 0.0 {
            return Ok(false);
        }
        p.seconds += seconds;
        // A small slack so that 70 turns of 0.1 s add up to 7 s.
        p.learned = p.seconds + 1e-9 >= needed;
        Ok(p.learned)
    }

    /// True once the creature can do `skill`.
    #[must_use]
    pub fn knows_skill(&self, skill: &str) -> bool {
        self.skills.get(skill).is_some_and(|p| p.learned)
    }

    /// The creature, `age` seconds old, sees `miracle` cast: one sighting, three on the
    /// learning leash; none before the creature can learn miracles (phase 8,
    /// `can_learn`), and none within `sighting_gap_turns` of the last one of it counted.
    /// Returns the sightings counted now (SPEC §10).
    pub fn see_miracle(
        &mut self,
        rules: &WatchRules,
        miracle: &str,
        multiplier: f64,
        leash: Leash,
        can_learn: bool,
        age: f64,
    ) -> Result<u32, String> {
        let needed = rules.sightings_needed(miracle, multiplier)?;
        if !can_learn {
            return Ok(0);
        }
        let p = self.miracles.entry(miracle.to_owned()).or_default();
        // Ages are sums of 0.1 s turns: rounded to whole turns before they are compared.
        let turns_since = p.last_counted.map(|t| ((age - t) * TURNS_PER_SECOND).round());
        if turns_since.is_some_and(|n| n <= f64::from(rules.sighting_gap_turns)) {
            return Ok(0);
        }
        let count = if leash.is_learning() { rules.learning_leash_sightings } else { 1 };
        p.last_counted = Some(age);
        p.sightings = p.sightings.saturating_add(count);
        p.learned |= p.sightings >= needed;
        Ok(count)
    }

    /// True when the creature wants to try `miracle`: it has at least half the needed
    /// sightings (SPEC §10).
    pub fn wants_to_try(&self, rules: &WatchRules, miracle: &str, multiplier: f64) -> Result<bool, String> {
        let needed = rules.sightings_needed(miracle, multiplier)?;
        let seen = self.miracles.get(miracle).map_or(0, |p| p.sightings);
        Ok(u64::from(seen) * 2 >= u64::from(needed))
    }

    /// The creature tries `miracle` (SPEC §10): not before half the sightings; it fails
    /// until enough are seen, and each failure counts as one more sighting.
    pub fn try_miracle(&mut self, rules: &WatchRules, miracle: &str, multiplier: f64) -> Result<Attempt, String> {
        if !self.wants_to_try(rules, miracle, multiplier)? {
            return Ok(Attempt::NotYet);
        }
        let needed = rules.sightings_needed(miracle, multiplier)?;
        let p = self.miracles.entry(miracle.to_owned()).or_default();
        if p.sightings >= needed {
            p.learned = true;
            return Ok(Attempt::Succeeded);
        }
        p.sightings += 1;
        p.learned = p.sightings >= needed;
        Ok(Attempt::Failed)
    }

    /// True once the creature can cast `miracle`.
    #[must_use]
    pub fn knows_miracle(&self, miracle: &str) -> bool {
        self.miracles.get(miracle).is_some_and(|p| p.learned)
    }
}

/// A deed the player just did, as the creature saw it (SPEC §10).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Deed {
    /// The motive behind the deed.
    pub desire: Desire,
    pub action: String,
    /// The kind of object acted on (`rock`, `villager`, ...).
    pub kind: String,
}

/// What copying a deed makes the creature do: the same action on an object of the same
/// kind, with `motive` added to the deed's desire (SPEC §10).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Copying {
    pub deed: Deed,
    pub motive: f64,
}

/// Whether the creature copies `deed` (SPEC §10): only from phase 3 (`can_copy`), on
/// the learning leash, within `copy_distance` of the player, and then with
/// `copy_chance` drawn from the simulation's generator.
pub fn consider_copy(
    rules: &WatchRules,
    can_copy: bool,
    leash: Leash,
    distance_to_player: f64,
    deed: &Deed,
    rng: &mut Rng,
) -> Option<Copying> {
    let near = distance_to_player <= rules.copy_distance;
    if !(can_copy && leash.is_learning() && near) {
        return None;
    }
    (rng.unit() < rules.copy_chance).then(|| Copying { deed: deed.clone(), motive: rules.copy_motive })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skills_need_their_seconds_of_watching_in_view() {
        let r = WatchRules::default();
        let mut w = Watching::default();
        for _ in 0..69 {
            assert!(!w.watch_skill(&r, "build", 0.1, true).unwrap());
        }
        // Out of view the clock stands still.
        assert!(!w.watch_skill(&r, "build", 5.0, false).unwrap());
        assert!(w.watch_skill(&r, "build", 0.1, true).unwrap());
        assert!(w.knows_skill("build"));
        assert!(w.watch_skill(&r, "fish", 6.0, true).unwrap());
        assert!(!w.watch_skill(&r, "dance", 5.9, true).unwrap());
        assert!(w.watch_skill(&r, "dance", 0.1, true).unwrap());
        assert!(!w.watch_skill(&r, "farm", 6.9, true).unwrap());
        let err = w.watch_skill(&r, "fsh", 1.0, true).unwrap_err();
        assert!(err.contains("fish"), "{err}");
    }

    #[test]
    fn learning_leash_counts_three_sightings() {
        // Water needs 9: three sightings on the learning leash and one off it, each more
        // than 50 turns after the one before, make 9 and 10.
        let r = WatchRules::default();
        let mut w = Watching::default();
        for (i, age) in [0.0, 6.0, 12.0].into_iter().enumerate() {
            assert_eq!(w.see_miracle(&r, "Water", 1.0, Leash::Learning, true, age).unwrap(), 3, "{i}");
        }
        assert!(w.knows_miracle("Water"));
        assert_eq!(w.see_miracle(&r, "Water", 1.0, Leash::Compassion, true, 18.0).unwrap(), 1);
        assert_eq!(w.miracles["Water"].sightings, 10);
    }

    #[test]
    fn a_sighting_within_the_gap_counts_nothing() {
        let r = WatchRules::default();
        let mut w = Watching::default();
        assert_eq!(w.see_miracle(&r, "Heal", 1.0, Leash::Learning, true, 1.0).unwrap(), 3);
        assert_eq!(w.see_miracle(&r, "Heal", 1.0, Leash::Learning, true, 6.0).unwrap(), 0);
        assert_eq!(w.see_miracle(&r, "Heal", 1.0, Leash::Learning, true, 6.1).unwrap(), 3);
        assert_eq!(w.miracles["Heal"].sightings, 6);
    }

    #[test]
    fn no_miracle_learning_before_it_is_able() {
        let r = WatchRules::default();
        let mut w = Watching::default();
        assert_eq!(w.see_miracle(&r, "Heal", 1.0, Leash::Learning, false, 0.0).unwrap(), 0);
        assert!(!w.knows_miracle("Heal"));
    }

    #[test]
    fn tries_from_half_and_failures_count_as_sightings() {
        // Tiger (×4) and Storm (base 8): 32 sightings needed.
        let r = WatchRules::default();
        let mut w = Watching::default();
        assert_eq!(r.sightings_needed("Storm", 4.0).unwrap(), 32);
        for i in 0..15 {
            w.see_miracle(&r, "Storm", 4.0, Leash::None, true, f64::from(i) * 6.0).unwrap();
        }
        assert_eq!(w.try_miracle(&r, "Storm", 4.0).unwrap(), Attempt::NotYet);
        w.see_miracle(&r, "Storm", 4.0, Leash::None, true, 100.0).unwrap();
        let mut failures = 0;
        while w.try_miracle(&r, "Storm", 4.0).unwrap() == Attempt::Failed {
            failures += 1;
        }
        assert_eq!(failures, 16);
        assert!(w.knows_miracle("Storm"));
    }

    #[test]
    fn ape_needs_a_quarter_of_a_tigers_sightings() {
        let r = WatchRules::default();
        let ape = r.sightings_needed("Lightning", 1.0).unwrap();
        let tiger = r.sightings_needed("Lightning", 4.0).unwrap();
        assert_eq!(tiger, 4 * ape);
    }

    #[test]
    fn copying_needs_phase_leash_and_nearness() {
        let r = WatchRules { copy_chance: 1.0, ..WatchRules::default() };
        let deed = Deed { desire: Desire::Anger, action: "Throw".into(), kind: "rock".into() };
        let mut rng = Rng::seeded(1);
        assert!(consider_copy(&r, false, Leash::Learning, 5.0, &deed, &mut rng).is_none());
        assert!(consider_copy(&r, true, Leash::Compassion, 5.0, &deed, &mut rng).is_none());
        assert!(consider_copy(&r, true, Leash::Learning, 500.0, &deed, &mut rng).is_none());
        let c = consider_copy(&r, true, Leash::Learning, 5.0, &deed, &mut rng).unwrap();
        assert_eq!(c.deed, deed);
        assert!(c.motive > 0.0);
    }

    #[test]
    fn copying_is_a_seeded_chance() {
        let r = WatchRules::default();
        let deed = Deed { desire: Desire::Anger, action: "Throw".into(), kind: "rock".into() };
        let run = |seed| {
            let mut rng = Rng::seeded(seed);
            (0..50)
                .map(|_| consider_copy(&r, true, Leash::Learning, 1.0, &deed, &mut rng).is_some())
                .collect::<Vec<_>>()
        };
        let a = run(7);
        assert_eq!(a, run(7));
        assert!(a.contains(&true) && a.contains(&false));
    }
}
