//! The ground floor of the creature's side (SPEC §2, §3, §7, §12): the species folder's
//! data as it is read and checked, with nothing of the mind, the creature or the world
//! above it. [`data::Data`] holds the folder (the desires, actions, attributes, phases,
//! the newborn template, one file per species and the kinds of one's own); [`file`](mod@file) reads
//! one of its files alone; `def` is a species file, `tables` the shared tables,
//! `template` the newborn's trees, [`kinds`] and [`rules`] the kinds of object, and
//! [`example`] the examples every tree learns from. `mind/` is built on it, then
//! `creature`, then `world/`.

pub mod data;
pub(crate) mod def;
pub mod example;
pub mod file;
pub mod kinds;
pub(crate) mod problems;
pub mod rules;
pub(crate) mod tables;
pub(crate) mod template;

pub use def::{BIRTH_VARIATION, BUILTIN, Body, Climate, SpeciesDef, Traits, parse_species};

use crate::names::{Desire, Trait};

/// The desire each trait pushes through its innate source (SPEC §3).
pub fn trait_desire(t: Trait) -> Desire {
    match t {
        Trait::Kindness => Desire::Compassion,
        Trait::Friendliness => Desire::ToBeFriends,
        Trait::Communicativeness => Desire::ToManifestState,
        Trait::Lethargy => Desire::Tiredness,
        Trait::Aggression => Desire::Anger,
    }
}
