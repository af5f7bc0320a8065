//! The numbers of the village: what each kind of object is, which actions it affords,
//! what each desire can be about, how fast the body changes and how far the creature
//! sees. Every number has a default here and can be changed in the world file.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::names::Desire;
use crate::species::problems::Problems;

/// The kinds of object in the village, as the trees see them (the `kind` answer,
/// SPEC §8) and as the rules name them.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Villager,
    Sheep,
    Wolf,
    StoragePit,
    Rock,
    Tree,
    Water,
    Altar,
    Pen,
    Town,
    Field,
    Hill,
    Creature,
    WarmPlace,
    ColdPlace,
    /// The player's hand.
    Hand,
    /// The creature's own spot: for acts done to itself (sleep, scratch, puke…).
    Myself,
    /// A kind of the designer's own, by its place in the species folder's kinds table
    /// (`species::kinds`): a lifeless thing the rules know only by its answers and
    /// what it affords.
    Custom(u8),
}

impl Kind {
    /// Every kind, in a fixed order.
    pub const ALL: [Kind; 17] = [
        Kind::Villager,
        Kind::Sheep,
        Kind::Wolf,
        Kind::StoragePit,
        Kind::Rock,
        Kind::Tree,
        Kind::Water,
        Kind::Altar,
        Kind::Pen,
        Kind::Town,
        Kind::Field,
        Kind::Hill,
        Kind::Creature,
        Kind::WarmPlace,
        Kind::ColdPlace,
        Kind::Hand,
        Kind::Myself,
    ];

    /// The `kind` answer of the beliefs (SPEC §8) of a named kind; a kind of one's own
    /// is named by its table (`kinds::kind_name`), and "custom" here.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Villager => "villager",
            Kind::Sheep => "sheep",
            Kind::Wolf => "wolf",
            Kind::StoragePit => "storage_pit",
            Kind::Rock => "rock",
            Kind::Tree => "tree",
            Kind::Water => "water",
            Kind::Altar => "altar",
            Kind::Pen => "pen",
            Kind::Town => "town",
            Kind::Field => "field",
            Kind::Hill => "hill",
            Kind::Creature => "creature",
            Kind::WarmPlace => "warm_place",
            Kind::ColdPlace => "cold_place",
            Kind::Hand => "hand",
            Kind::Myself => "self",
            Kind::Custom(_) => "custom",
        }
    }

    /// Its place among all kinds: the named kinds in `Kind::ALL`'s order, then the kinds
    /// of one's own; below 32, as a set of kinds has 32 bits.
    pub const fn index(self) -> usize {
        match self {
            Kind::Villager => 0,
            Kind::Sheep => 1,
            Kind::Wolf => 2,
            Kind::StoragePit => 3,
            Kind::Rock => 4,
            Kind::Tree => 5,
            Kind::Water => 6,
            Kind::Altar => 7,
            Kind::Pen => 8,
            Kind::Town => 9,
            Kind::Field => 10,
            Kind::Hill => 11,
            Kind::Creature => 12,
            Kind::WarmPlace => 13,
            Kind::ColdPlace => 14,
            Kind::Hand => 15,
            Kind::Myself => 16,
            Kind::Custom(i) => {
                let at = Kind::ALL.len() + i as usize;
                if at < 32 { at } else { 31 }
            }
        }
    }

    /// A bit for sets of kinds.
    pub const fn bit(self) -> u32 {
        1 << self.index()
    }

    /// Living things: they can be hurt, killed and eaten, and a social desire can be
    /// about them.
    pub fn is_being(self) -> bool {
        matches!(self, Kind::Villager | Kind::Sheep | Kind::Wolf | Kind::Creature)
    }

    /// Things the creature eats whole, a meal each (SPEC §3); held, they are the food in
    /// its hands that a stroke makes it eat at once (SPEC §7).
    pub fn is_food(self) -> bool {
        matches!(self, Kind::Villager | Kind::Sheep | Kind::Wolf)
    }

    /// Things the creature can pick up and carry.
    pub fn is_portable(self) -> bool {
        matches!(self, Kind::Villager | Kind::Sheep | Kind::Wolf | Kind::Rock)
    }

    /// The `size` answer.
    pub fn size(self) -> &'static str {
        match self {
            Kind::Sheep | Kind::Rock | Kind::Villager | Kind::Wolf | Kind::Hand | Kind::Myself => "small",
            Kind::Tree | Kind::StoragePit | Kind::Altar | Kind::Creature | Kind::Custom(_) => "medium",
            _ => "large",
        }
    }
}

/// A set of kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Kinds(pub u32);

impl Kinds {
    pub fn of(kinds: &[Kind]) -> Kinds {
        Kinds(kinds.iter().fold(0, |m, k| m | k.bit()))
    }

    pub fn contains(self, k: Kind) -> bool {
        self.0 & k.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when the set admits kind `k`: it lists `k`, or lists no kind at all and so
    /// admits any (an action's `affords`, a desire's `about`, SPEC §4).
    pub fn admits(self, k: Kind) -> bool {
        self.is_empty() || self.contains(k)
    }
}

/// The kinds each action can be done to, built in; a world file may replace entries.
/// An action missing here (one a designer added) can be done to anything.
pub fn default_affords() -> BTreeMap<String, Vec<Kind>> {
    use Kind::*;
    let table: &[(&str, &[Kind])] = &[
        ("Eat", &[Villager, Sheep, Wolf, StoragePit, Rock, Tree]),
        ("Fight", &[Villager, Sheep, Wolf, Creature]),
        ("Throw", &[Rock, Sheep, Villager]),
        ("Play", &[Rock, Sheep, Villager, Tree, Hand, Creature]),
        ("Dance", &[Altar, Town, Pen]),
        ("Drink", &[Water]),
        ("Sleep", &[Pen, Tree]),
        ("Rest", &[Pen, Tree, Hill, WarmPlace, ColdPlace]),
        ("Poo", &[Myself]),
        ("Puke", &[Myself]),
        ("Scratch", &[Tree, Rock, Myself]),
        ("Wander", &[WarmPlace, ColdPlace, Hill, Tree, Pen, Water, Town, Field, Villager, Creature]),
        ("LookAround", &[Myself]),
        ("Build", &[Town, Pen]),
        ("Fish", &[Water]),
        ("Farm", &[Field]),
        ("ShowOff", &[Town, Villager, Hand]),
        ("Help", &[Villager, Town]),
        ("Greet", &[Villager, Creature, Hand]),
        ("Follow", &[Hand, Villager, Creature]),
        ("Flee", &[Wolf, Creature, Hand]),
        ("Steal", &[StoragePit]),
        ("Fetch", &[Rock]),
        ("Gesture", &[Hand, Villager, Creature, Town, Myself]),
        ("Idle", &[Hand, Pen, Myself]),
        ("Climb", &[Hill, Tree]),
        ("Obey", &[Hand, Creature]),
        ("Teach", &[Creature, Villager]),
        ("Sulk", &[Myself, Pen]),
    ];
    table.iter().map(|(a, k)| ((*a).to_owned(), k.to_vec())).collect()
}

/// What each desire can be about, built in: for a social desire the kinds its target may
/// be, for the others the kinds of object that can satisfy it (SPEC §4). A desire
/// missing here can be about anything its actions afford.
pub fn default_about() -> BTreeMap<Desire, Vec<Kind>> {
    use Desire as D;
    use Kind::*;
    let beings_and_towns: &[Kind] = &[Villager, Town, Creature, Wolf, Sheep];
    let table: &[(Desire, &[Kind])] = &[
        (D::ToImpress, &[Town, Villager, Hand]),
        (D::Compassion, &[Villager, Town]),
        (D::Anger, beings_and_towns),
        (D::Fear, &[Wolf, Creature]),
        (D::ToIdleWithPlayer, &[Hand]),
        (D::Wanderlust, &[WarmPlace, ColdPlace, Hill, Tree, Water, Town, Field]),
        (D::ToBuildHome, &[Pen]),
        (D::ToBringStuffHome, &[Rock]),
        (D::ForWater, &[Water]),
        (D::ToBeFriends, &[Villager, Creature, Sheep]),
        (D::ToAttractPlayersAttention, &[Hand]),
        (D::ToGetWarmer, &[WarmPlace, Pen]),
        (D::ToGetColder, &[ColdPlace, Water]),
        (D::ToRunAwayFromPlayer, &[Hand]),
        (D::ToObeyPlayer, &[Hand]),
        (D::ToObeyCreature, &[Creature]),
        (D::ToStayNearHome, &[Pen]),
        (D::ToTellPlayerWhatYouThink, &[Hand]),
        (D::ToPlayWithPlayer, &[Hand]),
        (D::ToTellCreatureWhatYouThink, &[Creature, Villager]),
        (D::ToEducateFriend, &[Creature, Villager]),
        (D::ToFollowPlayer, &[Hand]),
        (D::ToGetHigh, &[Hill, Tree]),
        (D::ToHangAroundAtHome, &[Pen]),
        (D::MissFriend, &[Villager, Creature]),
        (D::ToSteal, &[StoragePit]),
    ];
    table.iter().map(|(d, k)| (*d, k.to_vec())).collect()
}

/// How fast the body changes, and what acts do to it (SPEC §2: the body sources;
/// SPEC §4: "effects on body and world"). Times are seconds to go from 0 to 1.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct BodyRules {
    /// A full stomach empties in this many seconds at rest.
    pub hunger_seconds: f64,
    /// Energy and fatigue build this many times faster while moving.
    pub moving_factor: f64,
    /// Fatigue builds from 0 to 1 in this many seconds awake.
    pub fatigue_seconds: f64,
    pub bowels_seconds: f64,
    /// Thirst builds from 0 to 1 in this many seconds, moving or not, from the phase
    /// that grants `Thirsts` (SPEC §3: the original's 5,000 s in all 17 species).
    pub thirst_seconds: f64,
    pub itch_seconds: f64,
    /// Nausea and sickness wear off in these many seconds.
    pub nausea_recovery_seconds: f64,
    pub sickness_recovery_seconds: f64,
    /// Health drains in this many seconds while starving or parched.
    pub starve_seconds: f64,
    /// Health comes back in this many seconds while fed.
    pub heal_seconds: f64,
    /// What a meal adds to the bowels.
    pub meal_bowels: f64,
    /// Nausea from eating while nearly full.
    pub overeat_nausea: f64,
    /// Nausea and sickness from eating what is not food.
    pub inedible_nausea: f64,
    /// A finished act lowers its desire to `value · (1 − satisfaction)`.
    pub satisfaction: f64,
    /// Fatigue a sleep takes away.
    pub sleep_rest: f64,
    /// Fatigue a rest takes away.
    pub rest_rest: f64,
    /// Health a hit takes from its victim at full strength (half at strength 0).
    pub hit_damage: f64,
    /// Health a wolf or creature takes back when fought.
    pub bite_damage: f64,
    /// Seconds until an eaten sheep, villager or wolf is replaced by a new one.
    pub respawn_seconds: f64,
    /// A villager's need grows from 0 to 1 in this many seconds.
    pub villager_need_seconds: f64,
    /// Each working farmer or fisher adds one food to its town's emptiest pit this often.
    pub harvest_seconds: f64,
}

impl Default for BodyRules {
    fn default() -> Self {
        Self {
            hunger_seconds: 7200.0,
            moving_factor: 2.0,
            fatigue_seconds: 7200.0,
            bowels_seconds: 3600.0,
            thirst_seconds: 5000.0,
            itch_seconds: 2400.0,
            nausea_recovery_seconds: 600.0,
            sickness_recovery_seconds: 3600.0,
            starve_seconds: 900.0,
            heal_seconds: 3600.0,
            meal_bowels: 0.15,
            overeat_nausea: 0.3,
            inedible_nausea: 0.5,
            satisfaction: 0.9,
            sleep_rest: 0.6,
            rest_rest: 0.25,
            hit_damage: 0.5,
            bite_damage: 0.1,
            respawn_seconds: 600.0,
            villager_need_seconds: 7200.0,
            harvest_seconds: 600.0,
        }
    }
}

impl BodyRules {
    pub(crate) fn check(&self, p: &mut Problems<'_>) {
        for (name, v) in [
            ("hunger_seconds", self.hunger_seconds),
            ("fatigue_seconds", self.fatigue_seconds),
            ("bowels_seconds", self.bowels_seconds),
            ("thirst_seconds", self.thirst_seconds),
            ("itch_seconds", self.itch_seconds),
            ("nausea_recovery_seconds", self.nausea_recovery_seconds),
            ("sickness_recovery_seconds", self.sickness_recovery_seconds),
            ("starve_seconds", self.starve_seconds),
            ("heal_seconds", self.heal_seconds),
            ("respawn_seconds", self.respawn_seconds),
            ("villager_need_seconds", self.villager_need_seconds),
            ("harvest_seconds", self.harvest_seconds),
        ] {
            p.range(name, name, v, 1.0, 1e9);
        }
        p.range("moving_factor", "moving_factor", self.moving_factor, 0.0, 100.0);
        for (name, v) in [
            ("meal_bowels", self.meal_bowels),
            ("overeat_nausea", self.overeat_nausea),
            ("inedible_nausea", self.inedible_nausea),
            ("satisfaction", self.satisfaction),
            ("sleep_rest", self.sleep_rest),
            ("rest_rest", self.rest_rest),
            ("hit_damage", self.hit_damage),
            ("bite_damage", self.bite_damage),
        ] {
            p.range(name, name, v, 0.0, 1.0);
        }
    }
}

/// How far the creature sees and how the senses turn the world into inputs in [0, 1]
/// (SPEC §2: the world and event sources).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct SenseRules {
    /// Metres the creature sees: watching, miracles, novelty, exploring.
    pub view: f64,
    /// Within this many metres the hand counts as near (`world.player_near`).
    pub near: f64,
    /// Within this many metres a town counts as near.
    pub town_near: f64,
    /// Metres from the pen at which `world.far_from_home` is full.
    pub home_far: f64,
    /// Metres from the pen at which a rock counts fully as stuff away from home.
    pub stuff_far: f64,
    /// Metres within which the creature can act on something.
    pub reach: f64,
    /// Seconds without the hand near until `world.player_away` is full.
    pub away_seconds: f64,
    /// Seconds without a friend in view until `world.friend_away` is full.
    pub friend_away_seconds: f64,
    /// Seconds of the same doing until `world.boredom` is full.
    pub boredom_seconds: f64,
    /// Seconds in view after which an object is no longer new (`world.novelty`).
    pub novelty_seconds: f64,
    /// Seconds over which a slap, a stroke or a frightening miracle fades from
    /// `event.slapped`, `event.stroked` or `event.frightening_magic`.
    pub event_seconds: f64,
    /// Seconds an order waits to be obeyed.
    pub order_seconds: f64,
    /// Seconds a seen deed stays in mind (`event.deed_seen`).
    pub deed_seconds: f64,
    /// Cells on each side of the exploring grid (`world.unexplored`).
    pub explore_cells: u32,
    /// How often the creature tries a miracle it has half learnt (SPEC §10).
    pub miracle_try_seconds: f64,
}

impl Default for SenseRules {
    fn default() -> Self {
        Self {
            view: 40.0,
            near: 60.0,
            town_near: 120.0,
            home_far: 200.0,
            stuff_far: 100.0,
            reach: 3.0,
            away_seconds: 600.0,
            friend_away_seconds: 900.0,
            boredom_seconds: 300.0,
            novelty_seconds: 120.0,
            event_seconds: 60.0,
            order_seconds: 120.0,
            deed_seconds: 30.0,
            explore_cells: 16,
            miracle_try_seconds: 20.0,
        }
    }
}

impl SenseRules {
    pub(crate) fn check(&self, p: &mut Problems<'_>) {
        for (name, v) in [
            ("view", self.view),
            ("near", self.near),
            ("town_near", self.town_near),
            ("home_far", self.home_far),
            ("stuff_far", self.stuff_far),
            ("reach", self.reach),
        ] {
            p.range(name, name, v, 0.1, 1e6);
        }
        for (name, v) in [
            ("away_seconds", self.away_seconds),
            ("friend_away_seconds", self.friend_away_seconds),
            ("boredom_seconds", self.boredom_seconds),
            ("novelty_seconds", self.novelty_seconds),
            ("event_seconds", self.event_seconds),
            ("order_seconds", self.order_seconds),
            ("deed_seconds", self.deed_seconds),
            ("miracle_try_seconds", self.miracle_try_seconds),
        ] {
            p.range(name, name, v, 0.1, 1e9);
        }
        if !(1..=256).contains(&self.explore_cells) {
            p.at("explore_cells", format!("explore_cells is {}; expected 1 to 256", self.explore_cells));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_names_are_unique_and_bits_distinct() {
        let mut names: Vec<_> = Kind::ALL.iter().map(|k| k.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Kind::ALL.len());
        let all = Kinds::of(&Kind::ALL);
        assert_eq!(all.0.count_ones() as usize, Kind::ALL.len());
        assert!(Kinds::of(&[Kind::Rock]).contains(Kind::Rock) && !Kinds::of(&[Kind::Rock]).contains(Kind::Tree));
        for (i, k) in Kind::ALL.iter().enumerate() {
            assert_eq!(k.index(), i, "{k:?} is numbered by its place in Kind::ALL");
        }
        let own = crate::species::kinds::MAX_OWN_KINDS;
        let customs: Vec<Kind> = (0..own).map(|i| Kind::Custom(i as u8)).collect();
        assert_eq!(Kinds::of(&customs).0.count_ones() as usize, own, "each kind of one's own has a bit");
        assert_eq!(Kinds::of(&customs).0 & all.0, 0, "apart from the named kinds' bits");
    }

    #[test]
    fn every_built_in_action_and_desire_rule_names_real_things() {
        let data = crate::species::data::Data::builtin().unwrap();
        for action in default_affords().keys() {
            assert!(data.action(action).is_some(), "{action}");
        }
        for a in &data.actions.actions {
            assert!(default_affords().contains_key(&a.name), "{} has no built-in affordance", a.name);
        }
        assert!(default_about().values().all(|k| !k.is_empty()));
    }
}
