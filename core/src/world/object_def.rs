//! What a world file says of each thing in the village (SPEC §14): its id and place,
//! what it is (with its town, owner, job or radius), and the beliefs it adds.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::species::kinds::{KindDef, UNKNOWN_OWN_KIND, own_kind};
use crate::species::rules::Kind;

/// One thing in the village: its id, position, what it is, and any beliefs the file
/// adds or overrides (attribute → answer, SPEC §8).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ObjectDef {
    pub id: String,
    pub at: (f64, f64),
    pub kind: ObjectKind,
    #[serde(default)]
    pub beliefs: BTreeMap<String, String>,
}

/// Who a town or a creature belongs to.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// The player's: allegiance "mine".
    Player,
    /// The rival god's: allegiance "other".
    Rival,
    /// Nobody's: allegiance "none".
    Wild,
}

impl Owner {
    /// The allegiance answer (SPEC §8: mine / other / none).
    pub fn allegiance(self) -> &'static str {
        match self {
            Owner::Player => "mine",
            Owner::Rival => "other",
            Owner::Wild => "none",
        }
    }

    /// The town_owner answer.
    pub fn name(self) -> &'static str {
        match self {
            Owner::Player => "player",
            Owner::Rival => "rival",
            Owner::Wild => "none",
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sex {
    Male,
    Female,
}

/// A villager's work; the creature learns the skill by watching it (SPEC §10: the
/// original's six skills).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    Builder,
    Fisher,
    Farmer,
    Dancer,
    /// Works at the town's totem.
    TotemKeeper,
    /// Works at the town's storehouse.
    Storekeeper,
    /// No work: nothing to learn from watching.
    Idle,
}

impl Job {
    /// The skill watching this job teaches, as `WatchRules::skill_seconds` names it.
    pub fn skill(self) -> Option<&'static str> {
        match self {
            Job::Builder => Some("build"),
            Job::Fisher => Some("fish"),
            Job::Farmer => Some("farm"),
            Job::Dancer => Some("dance"),
            Job::TotemKeeper => Some("totem"),
            Job::Storekeeper => Some("storehouse"),
            Job::Idle => None,
        }
    }

    /// The job answer.
    pub fn name(self) -> &'static str {
        match self {
            Job::Builder => "builder",
            Job::Fisher => "fisher",
            Job::Farmer => "farmer",
            Job::Dancer => "dancer",
            Job::TotemKeeper => "totem_keeper",
            Job::Storekeeper => "storekeeper",
            Job::Idle => "none",
        }
    }
}

/// What an object is. Anything else is refused when the file is read.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum ObjectKind {
    /// A villager of a town: works by day where the creature can watch.
    Villager {
        tribe: String,
        sex: Sex,
        job: Job,
        /// The id of the villager's town.
        town: String,
        /// How hungry or hurt the villager is, 0 to 1 (feeds `world.villager_in_need`).
        #[serde(default)]
        need: f64,
    },
    Sheep,
    Wolf,
    /// A town's store of food and wood.
    StoragePit {
        town: String,
        food: u32,
        wood: u32,
    },
    Rock,
    Tree,
    Water {
        radius: f64,
    },
    Altar {
        town: String,
    },
    /// The creature's pen; before it may leave (SPEC §12, phase 5) it stays inside.
    Pen {
        radius: f64,
    },
    Town {
        owner: Owner,
    },
    /// A town's field, where farmers work.
    Field {
        town: String,
    },
    /// A high place (`world.high_place`).
    Hill,
    /// Another creature; it may give orders (`event.creature_order`) every so often.
    Creature {
        owner: Owner,
        #[serde(default)]
        orders_every: Option<f64>,
    },
    /// A warm place: up to +1 at its centre, fading to nothing at `radius`.
    Warm {
        radius: f64,
    },
    /// A cold place: down to −1 at its centre.
    Cold {
        radius: f64,
    },
    /// A thing of a kind of the designer's own, named in the species folder's
    /// `kinds.ron` (`species::kinds`).
    Custom(String),
}

impl ObjectKind {
    /// The kind of object, as the trees and the rules see it; a kind of one's own is
    /// looked up among `own`, the species folder's kinds.
    pub fn kind(&self, own: &[KindDef]) -> Kind {
        match self {
            ObjectKind::Villager { .. } => Kind::Villager,
            ObjectKind::Sheep => Kind::Sheep,
            ObjectKind::Wolf => Kind::Wolf,
            ObjectKind::StoragePit { .. } => Kind::StoragePit,
            ObjectKind::Rock => Kind::Rock,
            ObjectKind::Tree => Kind::Tree,
            ObjectKind::Water { .. } => Kind::Water,
            ObjectKind::Altar { .. } => Kind::Altar,
            ObjectKind::Pen { .. } => Kind::Pen,
            ObjectKind::Town { .. } => Kind::Town,
            ObjectKind::Field { .. } => Kind::Field,
            ObjectKind::Hill => Kind::Hill,
            ObjectKind::Creature { .. } => Kind::Creature,
            ObjectKind::Warm { .. } => Kind::WarmPlace,
            ObjectKind::Cold { .. } => Kind::ColdPlace,
            ObjectKind::Custom(name) => own_kind(own, name).unwrap_or(UNKNOWN_OWN_KIND),
        }
    }

    /// The town this object belongs to, if the kind names one.
    pub fn town(&self) -> Option<&str> {
        match self {
            ObjectKind::Villager { town, .. }
            | ObjectKind::StoragePit { town, .. }
            | ObjectKind::Altar { town }
            | ObjectKind::Field { town } => Some(town),
            _ => None,
        }
    }

    /// The radius of an object that covers an area.
    pub fn radius(&self) -> Option<f64> {
        match self {
            ObjectKind::Water { radius }
            | ObjectKind::Pen { radius }
            | ObjectKind::Warm { radius }
            | ObjectKind::Cold { radius } => Some(*radius),
            _ => None,
        }
    }
}
