//! `diff A B` (SPEC §21): what changed between two files of one kind, in the terms of
//! the creature's mind: traits, desires' parameters, opinions, the trees' examples and
//! questions; for species data the tables; for worlds the objects; for banks the
//! events, matches and segments only in one. Neither file is ever written.

mod bank;
mod creature;
mod species;
mod trees;
mod world;

use std::path::{Path, PathBuf};

use serde::Serialize;

pub use bank::BankDiff;
pub use creature::CreatureDiff;
pub use species::SpeciesDiff;
pub use trees::TreeDiff;
pub use world::WorldDiff;

use crate::data::{DESIRES_FILE, Data};
use crate::error::LoadError;
use crate::file_reader::{Limit, read_bytes, read_text};
use crate::project::{FileKind, MANIFEST, Project};

/// A value in A, then in B.
pub type Pair<T> = (T, T);

/// What differs between two files, by their kind.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Diff {
    Creature(CreatureDiff),
    Species(SpeciesDiff),
    World(WorldDiff),
    Bank(BankDiff),
}

impl Diff {
    /// True when the two files hold the same.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        match self {
            Diff::Creature(d) => *d == CreatureDiff::default(),
            Diff::Species(d) => *d == SpeciesDiff::default(),
            Diff::World(d) => *d == WorldDiff::default(),
            Diff::Bank(d) => *d == BankDiff::default(),
        }
    }

    /// The difference for people, one change per line.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        match self {
            Diff::Creature(d) => d.lines(),
            Diff::Species(d) => d.lines(),
            Diff::World(d) => d.lines(),
            Diff::Bank(d) => d.lines(),
        }
    }
}

/// One side of a diff: where its bytes are, and the path it is known by (the path in
/// the repository when git hands over a temporary copy), which tells its kind and the
/// species data it is read with.
#[derive(Clone, Debug)]
pub struct Side {
    pub read: PathBuf,
    pub known_as: PathBuf,
    /// The name problems are reported under.
    pub label: String,
}

impl Side {
    /// A file diffed where it is.
    #[must_use]
    pub fn at(path: &Path) -> Side {
        Side { read: path.to_path_buf(), known_as: path.to_path_buf(), label: path.display().to_string() }
    }
}

/// What a side holds, to say when the two differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Creature,
    SpeciesFolder,
    SpeciesFile,
    World,
    Bank,
}

impl Kind {
    fn describe(self) -> &'static str {
        match self {
            Kind::Creature => "a creature save",
            Kind::SpeciesFolder => "a species folder",
            Kind::SpeciesFile => "a species folder's file",
            Kind::World => "a world",
            Kind::Bank => "a replay bank",
        }
    }
}

fn kind_of(side: &Side) -> Result<Kind, LoadError> {
    if side.read.is_dir() {
        return if side.read.join(DESIRES_FILE).is_file() {
            Ok(Kind::SpeciesFolder)
        } else {
            Err(LoadError::whole_file(&side.label, "a folder diffs only as a species folder (one with desires.ron)"))
        };
    }
    if crate::shadow::fit::is_binary(&side.read) {
        return Ok(Kind::Bank);
    }
    let text = read_text(&side.read).map_err(|e| LoadError { file: side.label.clone(), ..e })?;
    let in_species = species_name(side).is_some();
    match FileKind::detect(&side.known_as, &text) {
        FileKind::Creature => Ok(Kind::Creature),
        FileKind::World => Ok(Kind::World),
        FileKind::ShadowBank => Ok(Kind::Bank),
        FileKind::SpeciesData => Ok(Kind::SpeciesFile),
        _ if in_species => Ok(Kind::SpeciesFile),
        other => Err(LoadError::whole_file(
            &side.label,
            format!("diff compares creature saves, species files and folders, worlds and banks; this is {other:?}"),
        )),
    }
}

/// The species folder file name a side is known by, if it is one.
fn species_name(side: &Side) -> Option<String> {
    let name = side.known_as.file_name()?.to_str()?.to_owned();
    Data::file_names().contains(&name).then_some(name)
}

/// The species data a file is read with: its project's, its own species folder's, or
/// the built-in data.
fn data_for(path: &Path) -> Result<Data, Vec<LoadError>> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if dir.join(DESIRES_FILE).is_file() {
        return Data::load_dir(dir);
    }
    match dir.ancestors().find(|d| d.join(MANIFEST).is_file()) {
        Some(p) => Project::open(p)?.data(),
        None => Data::builtin(),
    }
}

/// Compares `a` with `b`: two files (or species folders) of one kind.
///
/// # Errors
/// A file that does not load, with its line and column, or two files of different kinds.
pub fn diff(a: &Side, b: &Side) -> Result<Diff, Vec<LoadError>> {
    let (ka, kb) = (kind_of(a).map_err(|e| vec![e])?, kind_of(b).map_err(|e| vec![e])?);
    if ka != kb {
        let msg = format!(
            "{} is {} and {} is {}: diff compares two files of one kind",
            a.label,
            ka.describe(),
            b.label,
            kb.describe()
        );
        return Err(vec![LoadError::whole_file(&b.label, msg)]);
    }
    Ok(match ka {
        Kind::Creature => {
            let data = data_for(&a.known_as)?;
            let load = |s: &Side| {
                let text = read_text(&s.read).map_err(|e| vec![e])?;
                crate::creature::Creature::parse(&s.label, &text, &data)
            };
            let (ca, cb) = both(load(a), load(b))?;
            Diff::Creature(creature::diff(&ca, &cb, &data.attributes))
        }
        Kind::SpeciesFolder => {
            let (da, db) = both(Data::load_dir(&a.read), Data::load_dir(&b.read))?;
            Diff::Species(species::diff(&da, &db))
        }
        Kind::SpeciesFile => {
            let base = data_for(&a.known_as).or_else(|_| Data::builtin())?;
            let load = |s: &Side| -> Result<Data, Vec<LoadError>> {
                let name = species_name(s).unwrap_or_default();
                let text = read_text(&s.read).map_err(|e| vec![e])?;
                let file = base.parse_file(&name, &s.label, &text)?;
                let mut data = base.clone();
                data.put_file(&file);
                Ok(data)
            };
            let (da, db) = both(load(a), load(b))?;
            Diff::Species(species::diff(&da, &db))
        }
        Kind::World => {
            let data = data_for(&a.known_as)?;
            let load = |s: &Side| {
                let text = read_text(&s.read).map_err(|e| vec![e])?;
                crate::world::file::WorldFile::parse(&s.label, &text, &data)
            };
            let (wa, wb) = both(load(a), load(b))?;
            Diff::World(world::diff(&wa, &wb))
        }
        Kind::Bank => {
            let load = |s: &Side| {
                let bytes = read_bytes(&s.read, Limit::Bank).map_err(|e| vec![e])?;
                crate::shadow::bank::Bank::from_bytes(Path::new(&s.label), &bytes).map_err(|e| vec![e])
            };
            let (ba, bb) = both(load(a), load(b))?;
            Diff::Bank(bank::diff(&ba, &bb))
        }
    })
}

/// Both results, or every problem of either.
fn both<T>(a: Result<T, Vec<LoadError>>, b: Result<T, Vec<LoadError>>) -> Result<(T, T), Vec<LoadError>> {
    match (a, b) {
        (Ok(a), Ok(b)) => Ok((a, b)),
        (a, b) => Err(a.err().into_iter().chain(b.err()).flatten().collect()),
    }
}

/// A number for people: as short as it can be said.
pub(crate) fn num(x: f64) -> String {
    let s = format!("{x:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_owned() } else { s.to_owned() }
}

/// "a → b" for a pair of numbers.
pub(crate) fn arrow(p: &Pair<f64>) -> String {
    format!("{} → {}", num(p.0), num(p.1))
}

/// The pair when the two differ.
pub(crate) fn changed<T: PartialEq + Clone>(a: &T, b: &T) -> Option<Pair<T>> {
    (a != b).then(|| (a.clone(), b.clone()))
}
