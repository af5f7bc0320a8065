//! What a desire source reads (SPEC §2: "body, world, trait, leash, event").
//!
//! Sources are written in the data as dotted names, `"body.hunger"` or
//! `"trait.kindness"`, so a designer can read the table at a glance; an unknown
//! name is refused with the nearest valid one.

use crate::names::Trait;

macro_rules! reads_table {
    ($($(#[$attr:meta])* $variant:ident => $name:literal: $doc:literal),+ $(,)?) => {
        /// One input a desire source can read, each a number in [0, 1].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Reads {
            $($(#[$attr])* #[doc = $doc] $variant),+
        }

        impl Reads {
            /// Every input, in a fixed order.
            pub const ALL: &'static [Reads] = &[$($(#[$attr])* Reads::$variant),+];

            /// The dotted name used in the files.
            pub fn name(self) -> &'static str {
                match self { $($(#[$attr])* Reads::$variant => $name),+ }
            }

            /// What the input measures, for the editor's tooltips.
            pub fn describe(self) -> &'static str {
                match self { $($(#[$attr])* Reads::$variant => $doc),+ }
            }
        }
    };
}

reads_table! {
    BodyHunger => "body.hunger": "How empty the stomach is: 1 − energy.",
    BodyInjury => "body.injury": "How hurt the body is: 1 − health.",
    BodyFatigue => "body.fatigue": "How tired the body is.",
    BodyBowels => "body.bowels": "How full the bowels are.",
    BodySickness => "body.sickness": "How ill the creature is.",
    BodyNausea => "body.nausea": "How sick to the stomach (rotten food, too much eaten).",
    BodyItch => "body.itch": "How dirty or itchy the skin is.",
    BodyThirst => "body.thirst": "How long since it last drank.",
    BodyCold => "body.cold": "How much colder than its species likes it is here.",
    BodyHeat => "body.heat": "How much warmer than its species likes it is here.",
    WorldNight => "world.night": "1 at night, 0 by day, in between at dusk and dawn.",
    WorldPlayerNear => "world.player_near": "How near the player's hand is.",
    WorldPlayerAway => "world.player_away": "How long the player's hand has been away.",
    WorldBoredom => "world.boredom": "How long the creature has done the same thing.",
    WorldVillagerInNeed => "world.villager_in_need": "How near a hungry or hurt villager is.",
    WorldEnemyNear => "world.enemy_near": "How near a wolf or a rival's creature is.",
    WorldTownNear => "world.town_near": "How near a town is.",
    WorldFarFromHome => "world.far_from_home": "How far the creature is from its pen.",
    WorldStuffAway => "world.stuff_away": "Useful things lying far from home.",
    WorldFriendNear => "world.friend_near": "How near a friendly creature or villager is.",
    WorldFriendAway => "world.friend_away": "How long since it saw its friend.",
    WorldHighPlace => "world.high_place": "How near a hill or tall thing is.",
    WorldStealable => "world.stealable": "How near food or wood in someone else's store is.",
    WorldUnexplored => "world.unexplored": "How much of the map it has not yet seen.",
    WorldNovelty => "world.novelty": "How new the things in view are.",
    TraitKindness => "trait.kindness": "The inborn kindness (SPEC §3).",
    TraitFriendliness => "trait.friendliness": "The inborn friendliness (SPEC §3).",
    TraitCommunicativeness => "trait.communicativeness": "The inborn communicativeness (SPEC §3).",
    TraitLethargy => "trait.lethargy": "The inborn lethargy (SPEC §3).",
    TraitAggression => "trait.aggression": "The inborn aggression; disconnected unless the species connects it (SPEC §3).",
    LeashCompassion => "leash.compassion": "1 while on the compassion leash (SPEC §11).",
    LeashAggression => "leash.aggression": "1 while on the aggression leash (SPEC §11).",
    LeashLearning => "leash.learning": "1 while on the learning leash (SPEC §11).",
    EventDislike => "event.dislike": "How much it dislikes the player (SPEC §5).",
    EventLiking => "event.liking": "How much it likes the player (SPEC §5).",
    EventSlapped => "event.slapped": "How recently it was slapped.",
    EventStroked => "event.stroked": "How recently it was stroked.",
    EventOrder => "event.order": "A pending order from the player.",
    EventCreatureOrder => "event.creature_order": "A pending order from another creature.",
    EventDeedSeen => "event.deed_seen": "A deed of the player it just saw (copying, SPEC §10).",
    EventFrighteningMagic => "event.frightening_magic": "How recently a frightening miracle (a Fireball, Lightning) landed near it (SPEC §10).",
    // A distance source the tests add through the table of distance sources
    // (`world/sim/near.rs`), last so that every other input keeps its place.
    #[cfg(test)]
    TestWaterNear => "test.water_near": "How near water is (a source only the tests have).",
}

impl Reads {
    /// Looks up a dotted name; the error suggests the nearest valid one.
    pub fn parse(name: &str) -> Result<Self, String> {
        Self::ALL
            .iter()
            .copied()
            .find(|r| r.name() == name)
            .ok_or_else(|| crate::error::unknown_name("source", name, Self::ALL.iter().map(|r| r.name())))
    }

    /// The trait this input reads, if it reads one.
    pub fn trait_read(self) -> Option<Trait> {
        Some(match self {
            Reads::TraitKindness => Trait::Kindness,
            Reads::TraitFriendliness => Trait::Friendliness,
            Reads::TraitCommunicativeness => Trait::Communicativeness,
            Reads::TraitLethargy => Trait::Lethargy,
            Reads::TraitAggression => Trait::Aggression,
            _ => return None,
        })
    }

    /// The input that reads `t`.
    pub fn of_trait(t: Trait) -> Self {
        match t {
            Trait::Kindness => Reads::TraitKindness,
            Trait::Friendliness => Reads::TraitFriendliness,
            Trait::Communicativeness => Reads::TraitCommunicativeness,
            Trait::Lethargy => Reads::TraitLethargy,
            Trait::Aggression => Reads::TraitAggression,
        }
    }
}

impl serde::Serialize for Reads {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Reads {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Self::parse(&name).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_trait_has_its_input_and_back() {
        for t in Trait::ALL {
            assert_eq!(Reads::of_trait(*t).trait_read(), Some(*t));
            assert_eq!(Reads::of_trait(*t).name(), format!("trait.{}", t.field()));
        }
    }

    #[test]
    fn names_are_unique_and_parse() {
        let mut names: Vec<_> = Reads::ALL.iter().map(|r| r.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Reads::ALL.len());
        assert!(Reads::parse("body.hungr").unwrap_err().contains("body.hunger"));
    }
}
