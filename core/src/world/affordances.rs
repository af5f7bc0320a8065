//! What each action can be done to and what each desire can be about (SPEC §4), as the
//! simulation reads it: the built-in tables (`rules::default_affords`,
//! `rules::default_about`), a world file's entries over them, and the kinds of one's own
//! (`species/kinds.ron`) added to the entries they name.

use std::collections::BTreeMap;

use crate::names::Desire;
use crate::species::kinds::KindDef;
use crate::species::rules::{Kind, Kinds, default_about, default_affords};
use crate::world::file::WorldFile;

/// The kinds each action can be done to, by action name. An action missing here, or
/// with no kinds, can be done to anything.
#[must_use]
pub fn affords(world: &WorldFile, own: &[KindDef]) -> BTreeMap<String, Kinds> {
    let mut table = default_affords();
    table.extend(world.affords.iter().map(|(k, v)| (k.clone(), v.clone())));
    let mut sets: BTreeMap<String, Kinds> = table.into_iter().map(|(a, k)| (a, Kinds::of(&k))).collect();
    for (i, def) in own.iter().enumerate() {
        for action in &def.affords {
            add(sets.get_mut(action), own_at(i));
        }
    }
    sets
}

/// The kinds each desire can be about, by desire. A desire missing here, or with no
/// kinds, can be about anything its actions afford.
#[must_use]
pub fn about(world: &WorldFile, own: &[KindDef]) -> BTreeMap<Desire, Kinds> {
    let mut table = default_about();
    table.extend(world.about.iter().map(|(k, v)| (*k, v.clone())));
    let mut sets: BTreeMap<Desire, Kinds> = table.into_iter().map(|(d, k)| (d, Kinds::of(&k))).collect();
    for (i, def) in own.iter().enumerate() {
        for desire in &def.about {
            add(sets.get_mut(desire), own_at(i));
        }
    }
    sets
}

/// The own kind at place `i` of the table (a checked table holds few enough).
fn own_at(i: usize) -> Kind {
    Kind::Custom(u8::try_from(i).unwrap_or(u8::MAX))
}

/// Adds `kind` to a set that lists kinds; a set that lists none already admits it.
fn add(set: Option<&mut Kinds>, kind: Kind) {
    if let Some(set) = set
        && !set.is_empty()
    {
        set.0 |= kind.bit();
    }
}
