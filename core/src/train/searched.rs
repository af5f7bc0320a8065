//! What a training report was searched for (SPEC §22): the target, by its file name and
//! a hash of its bytes and of the data it is run with (the species folder's files, the
//! world and the creature save it names). A shard's table carries it in every row, so
//! that `train --results` puts together only tables of the target and data it is given.

use std::path::Path;

use super::target::LoadedTarget;
use crate::error::LoadResult;
use crate::species::data::Data;

/// The target a report was searched for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    /// The target's file name.
    pub target: String,
    /// 16 hexadecimal digits: the hash of the target's text and its data's files.
    pub data: String,
}

impl Searched {
    /// What the target at `path`, loaded as `target`, is searched for: the files it is
    /// made of read again through the one reader.
    pub fn of(path: &Path, target: &LoadedTarget) -> LoadResult<Searched> {
        let s = &target.scenario;
        let species_dir = s.scenario.species_dir.as_deref().map(|d| s.resolve(d));
        let mut files = vec![("target".to_owned(), s.text.clone())];
        files.extend(Data::texts(species_dir.as_deref())?);
        for (what, named) in [("world", &target.target.world), ("creature", &target.target.creature)] {
            if let Some(p) = named {
                files.push((what.to_owned(), crate::file_reader::read_text(&s.resolve(p)).map_err(|e| vec![e])?));
            }
        }
        let hash = crate::stable_hash::fnv1a64(files.iter().flat_map(|(n, t)| [n.as_bytes(), t.as_bytes()]));
        let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        Ok(Searched { target: name, data: format!("{hash:016x}") })
    }
}
