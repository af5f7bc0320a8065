//! The recorded reloads as the simulation takes them: parsed once and swapped in; the
//! recorder applies them live and a seek replays them the same way.

use std::sync::Arc;

use super::format::Reload;
use crate::creature::Creature;
use crate::error::LoadResult;
use crate::species::data::Data;
use crate::world::file::WorldFile;
use crate::world::sim::Sim;

/// A reload as the simulation takes it, parsed once.
#[derive(Clone, Debug)]
pub(super) enum Parsed {
    Data(Arc<Data>),
    Creature(Box<Creature>),
    World(Box<WorldFile>),
}

/// Parses a reload's text against the species data in use (the new data for species).
pub(super) fn parse_reload(r: &Reload, data: &Arc<Data>) -> LoadResult<Parsed> {
    Ok(match r {
        Reload::Species(files) => Parsed::Data(Arc::new(Data::from_files(files, "species")?)),
        Reload::Creature(text) => Parsed::Creature(Box::new(Creature::parse("creature", text, data)?)),
        Reload::World(text) => Parsed::World(Box::new(WorldFile::parse("world", text, data)?)),
    })
}

/// Swaps a parsed reload into `sim`.
pub(super) fn apply_parsed(sim: &mut Sim, p: &Parsed) {
    match p {
        Parsed::Data(d) => sim.reload_data(Arc::clone(d)),
        Parsed::Creature(c) => sim.reload_creature((**c).clone()),
        Parsed::World(w) => sim.reload_world((**w).clone()),
    }
}
