//! One species file, `species/<name>.ron` (SPEC §3): inborn traits, body, miracle
//! learning and the species' own default examples; the files embedded in the binary;
//! and the parsing that checks every number.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::{LoadError, parse_ron};
use crate::names::{Desire, Species, Trait};
use crate::rng::Rng;
use crate::species::problems::{Problems, check_examples};
use crate::species::template::TemplateTree;

/// The five inborn traits, each in [0, 1] (SPEC §3).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Traits {
    pub kindness: f64,
    pub friendliness: f64,
    pub communicativeness: f64,
    pub lethargy: f64,
    pub aggression: f64,
}

impl Traits {
    /// The value of one trait.
    pub fn get(&self, t: Trait) -> f64 {
        match t {
            Trait::Kindness => self.kindness,
            Trait::Friendliness => self.friendliness,
            Trait::Communicativeness => self.communicativeness,
            Trait::Lethargy => self.lethargy,
            Trait::Aggression => self.aggression,
        }
    }

    /// A mutable reference to one trait.
    pub fn get_mut(&mut self, t: Trait) -> &mut f64 {
        match t {
            Trait::Kindness => &mut self.kindness,
            Trait::Friendliness => &mut self.friendliness,
            Trait::Communicativeness => &mut self.communicativeness,
            Trait::Lethargy => &mut self.lethargy,
            Trait::Aggression => &mut self.aggression,
        }
    }

    /// A newborn's traits: each gets a uniform random change in [−0.1, +0.1],
    /// clamped to [0, 1] (SPEC §3).
    pub fn at_birth(&self, rng: &mut Rng) -> Traits {
        let mut out = *self;
        for t in Trait::ALL {
            let v = out.get_mut(*t);
            *v = (*v + rng.range(-BIRTH_VARIATION, BIRTH_VARIATION)).clamp(0.0, 1.0);
        }
        out
    }
}

/// How far a newborn's traits may differ from its species' (SPEC §3).
pub const BIRTH_VARIATION: f64 = 0.1;

/// Where a species likes to live (SPEC §3).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Climate {
    Warm,
    Cold,
}

/// A species' body (SPEC §3).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Body {
    /// 0 (weak) to 1 (strong): how hard it hits and how far it throws.
    pub strength: f64,
    /// Walking speed in metres per second.
    pub speed: f64,
    /// Energy gained from one meal, 0 to 1.
    pub energy_per_meal: f64,
    /// Seconds of play to grow up.
    pub grow_up_seconds: f64,
    pub climate: Climate,
}

/// The pull of the liking a species file leaves out: liking the player fully doubles
/// the desires about it.
fn default_player_pull() -> f64 {
    1.0
}

/// One species file, `species/<name>.ron` (SPEC §3).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SpeciesDef {
    pub name: Species,
    pub traits: Traits,
    /// Whether aggression drives Anger; disconnected in the game (SPEC §3).
    #[serde(default)]
    pub aggression_connected: bool,
    pub body: Body,
    /// Sightings needed for a miracle = base × this multiplier (SPEC §10).
    pub miracle_multiplier: f64,
    /// How strongly liking the player draws the creature to it: the desires about the
    /// player (to follow, idle and play with it) weigh `1 + player_pull × liking` while
    /// it likes the player, and nothing while it dislikes it ([`crate::mind::plan::liking_pull`]).
    #[serde(default = "default_player_pull")]
    pub player_pull: f64,
    /// Per-desire increase-time overrides, in seconds.
    #[serde(default)]
    pub increase_overrides: BTreeMap<Desire, f64>,
    /// Default examples of this species only, after the shared template's.
    #[serde(default)]
    pub default_examples: Vec<TemplateTree>,
}

/// The species files embedded in the binary: (file stem, text).
pub const BUILTIN: &[(&str, &str)] = &[
    ("ape", include_str!("../../../species/ape.ron")),
    ("cow", include_str!("../../../species/cow.ron")),
    ("tiger", include_str!("../../../species/tiger.ron")),
    ("leopard", include_str!("../../../species/leopard.ron")),
    ("wolf", include_str!("../../../species/wolf.ron")),
    ("lion", include_str!("../../../species/lion.ron")),
    ("horse", include_str!("../../../species/horse.ron")),
    ("tortoise", include_str!("../../../species/tortoise.ron")),
    ("zebra", include_str!("../../../species/zebra.ron")),
    ("bear", include_str!("../../../species/bear.ron")),
    ("polar_bear", include_str!("../../../species/polar_bear.ron")),
    ("sheep", include_str!("../../../species/sheep.ron")),
    ("chimp", include_str!("../../../species/chimp.ron")),
    ("ogre", include_str!("../../../species/ogre.ron")),
    ("mandrill", include_str!("../../../species/mandrill.ron")),
    ("rhino", include_str!("../../../species/rhino.ron")),
    ("gorilla", include_str!("../../../species/gorilla.ron")),
];

/// Parses and checks one species file that must describe `expected`.
pub fn parse_species(file: &str, text: &str, expected: Species) -> Result<SpeciesDef, Vec<LoadError>> {
    let def: SpeciesDef = parse_ron(file, text).map_err(|e| vec![e])?;
    let mut p = Problems::new(file, text);
    if def.name != expected {
        p.at("name", format!("this file describes {}; expected {expected} (the file is named for it)", def.name));
    }
    for t in Trait::ALL {
        p.range(t.field(), t.field(), def.traits.get(*t), 0.0, 1.0);
    }
    let b = &def.body;
    p.range("strength", "strength", b.strength, 0.0, 1.0);
    p.range("speed", "speed", b.speed, 0.01, 50.0);
    p.range("energy_per_meal", "energy_per_meal", b.energy_per_meal, 0.0, 1.0);
    p.range("grow_up_seconds", "grow_up_seconds", b.grow_up_seconds, 1.0, 1e9);
    p.range("miracle_multiplier", "miracle_multiplier", def.miracle_multiplier, 0.01, 100.0);
    p.range("player_pull", "player_pull", def.player_pull, 0.0, 10.0);
    for (d, v) in &def.increase_overrides {
        let at = format!("\"{d}\"");
        p.range(&at, &format!("{d}: increase time"), *v, 1.0, 1200.0);
    }
    for t in &def.default_examples {
        check_examples(&mut p, &format!("\"{}\"", t.desire), &t.examples, &[]);
    }
    p.finish(def)
}
