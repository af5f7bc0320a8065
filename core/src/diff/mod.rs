//! `diff A B` (SPEC §21): what changed between two files of one kind, in the terms of
//! the creature's mind: traits, desires' parameters, opinions, the trees' examples and
//! questions; for species data the tables; for worlds the objects. Neither file is ever
//! written.
//!
//! Core tells a guest kind's file by its name or its first bytes but does not read one:
//! the guest loads and compares its files, through a [`Differ`].

mod creature;
mod species;
mod trees;
mod world;

use std::path::{Path, PathBuf};

use serde::Serialize;

pub use creature::CreatureDiff;
pub use species::SpeciesDiff;
pub use trees::{TreeDiff, unmatched};
pub use world::WorldDiff;

use crate::creature::Creature;
use crate::error::LoadError;
use crate::file_reader::{Limit, read_bytes, read_text};
pub use crate::guest::{Differ, Pair, changed};
use crate::mind::tree::Example;
use crate::project::{FileKind, guest_by_bytes};
use crate::species::data::{DESIRES_FILE, Data};
use crate::world::file::WorldFile;

/// What differs between two files, by their kind; two guest files' difference is
/// `B`'s, which says its own `kind`.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "lowercase")]
// Clippy cannot size a guest's difference here; with the workspace's, the variants are
// within its bound.
#[allow(clippy::large_enum_variant)]
pub enum Diff<B: Differ> {
    Creature(CreatureDiff),
    Species(SpeciesDiff),
    World(WorldDiff),
    #[serde(untagged)]
    Guest(B::Diff),
}

impl<B: Differ> Diff<B> {
    /// True when the two files hold the same.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        match self {
            Diff::Creature(d) => *d == CreatureDiff::default(),
            Diff::Species(d) => *d == SpeciesDiff::default(),
            Diff::World(d) => *d == WorldDiff::default(),
            Diff::Guest(d) => B::is_empty(d),
        }
    }

    /// The difference for people, one change per line.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        match self {
            Diff::Creature(d) => d.lines(),
            Diff::Species(d) => d.lines(),
            Diff::World(d) => d.lines(),
            Diff::Guest(d) => B::lines(d),
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
    /// A file of the guest kind a [`Differ`] compares.
    Guest,
}

impl Kind {
    fn describe<B: Differ>(self) -> &'static str {
        match self {
            Kind::Creature => "a creature save",
            Kind::SpeciesFolder => "a species folder",
            Kind::SpeciesFile => "a species folder's file",
            Kind::World => "a world",
            Kind::Guest => B::ONE,
        }
    }
}

fn kind_of<B: Differ>(side: &Side) -> Result<Kind, LoadError> {
    if side.read.is_dir() {
        return if side.read.join(DESIRES_FILE).is_file() {
            Ok(Kind::SpeciesFolder)
        } else {
            Err(LoadError::whole_file(&side.label, "a folder diffs only as a species folder (one with desires.ron)"))
        };
    }
    if guest_by_bytes(&side.read).is_some_and(|k| k.name == B::KIND) {
        return Ok(Kind::Guest);
    }
    let text = read_text(&side.read).map_err(|e| LoadError { file: side.label.clone(), ..e })?;
    let in_species = species_name(side).is_some();
    match FileKind::detect(&side.known_as, &text) {
        FileKind::Creature => Ok(Kind::Creature),
        FileKind::World => Ok(Kind::World),
        FileKind::Guest(name) if name == B::KIND => Ok(Kind::Guest),
        FileKind::SpeciesData => Ok(Kind::SpeciesFile),
        _ if in_species => Ok(Kind::SpeciesFile),
        other => Err(LoadError::whole_file(
            &side.label,
            format!(
                "diff compares creature saves, species files and folders, worlds and {}; this is {other:?}",
                B::MANY
            ),
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
    crate::project::data_near(path)
}

/// Both sides of a diff, loaded; a guest kind's files as `B` loads them.
#[derive(Clone, Debug)]
pub enum Sides<B: Differ> {
    /// Two creatures, with the attributes their trees are built over.
    Creature(Box<Creature>, Box<Creature>, Vec<String>),
    Species(Box<Data>, Box<Data>),
    World(Box<WorldFile>, Box<WorldFile>),
    Guest(Box<B::File>, Box<B::File>),
}

impl<B: Differ> Sides<B> {
    /// What differs between the two.
    #[must_use]
    pub fn diff(&self) -> Diff<B> {
        match self {
            Sides::Creature(a, b, attributes) => Diff::Creature(creature::diff(a, b, attributes)),
            Sides::Species(a, b) => Diff::Species(species::diff(a, b)),
            Sides::World(a, b) => Diff::World(world::diff(a, b)),
            Sides::Guest(a, b) => Diff::Guest(B::diff(a, b)),
        }
    }

    /// The examples of the tree `t` names on each side, and the attributes the trees
    /// are built over; `None` for a tree the sides do not have.
    #[must_use]
    pub fn tree(&self, t: &TreeDiff) -> Option<(Vec<Example>, Vec<Example>, Vec<String>)> {
        match self {
            Sides::Creature(a, b, attributes) => {
                let of = |c: &Creature| c.tree(t.desire, t.tree).examples.clone();
                Some((of(a), of(b), attributes.clone()))
            }
            Sides::Species(a, b) => {
                let of = |d: &Data| -> Option<Vec<Example>> {
                    let trees = match &t.species {
                        None => &d.template.trees,
                        Some(name) => &d.species.iter().find(|s| s.name.name() == name)?.default_examples,
                    };
                    let picked = trees.iter().filter(|x| x.desire == t.desire && x.tree == t.tree);
                    Some(picked.flat_map(|x| x.examples.clone()).collect())
                };
                Some((of(a)?, of(b)?, b.attributes.clone()))
            }
            Sides::World(..) | Sides::Guest(..) => None,
        }
    }
}

/// Loads `a` and `b`: two files (or species folders) of one kind, a guest kind's by `B`.
///
/// # Errors
/// A file that does not load, with its line and column, or two files of different kinds.
pub fn load<B: Differ>(a: &Side, b: &Side) -> Result<Sides<B>, Vec<LoadError>> {
    let (ka, kb) = (kind_of::<B>(a).map_err(|e| vec![e])?, kind_of::<B>(b).map_err(|e| vec![e])?);
    if ka != kb {
        let msg = format!(
            "{} is {} and {} is {}: diff compares two files of one kind",
            a.label,
            ka.describe::<B>(),
            b.label,
            kb.describe::<B>()
        );
        return Err(vec![LoadError::whole_file(&b.label, msg)]);
    }
    let text = |s: &Side| read_text(&s.read).map_err(|e| vec![LoadError { file: s.label.clone(), ..e }]);
    Ok(match ka {
        Kind::Creature => {
            let data = data_for(&a.known_as)?;
            let load = |s: &Side| Creature::parse(&s.label, &text(s)?, &data).map(Box::new);
            let (ca, cb) = both(load(a), load(b))?;
            Sides::Creature(ca, cb, data.attributes.clone())
        }
        Kind::SpeciesFolder => {
            let (da, db) = both(Data::load_dir(&a.read), Data::load_dir(&b.read))?;
            Sides::Species(Box::new(da), Box::new(db))
        }
        Kind::SpeciesFile => {
            let base = data_for(&a.known_as).or_else(|_| Data::builtin())?;
            let load = |s: &Side| -> Result<Box<Data>, Vec<LoadError>> {
                let name = species_name(s).unwrap_or_default();
                let file = base.parse_file(&name, &s.label, &text(s)?)?;
                let mut data = base.clone();
                data.put_file(&file);
                Ok(Box::new(data))
            };
            let (da, db) = both(load(a), load(b))?;
            Sides::Species(da, db)
        }
        Kind::World => {
            let data = data_for(&a.known_as)?;
            let load = |s: &Side| WorldFile::parse(&s.label, &text(s)?, &data).map(Box::new);
            let (wa, wb) = both(load(a), load(b))?;
            Sides::World(wa, wb)
        }
        Kind::Guest => {
            let limit = crate::guest::kind(B::KIND).and_then(|k| k.large).map_or(Limit::Text, Limit::Large);
            let load = |s: &Side| {
                let bytes = read_bytes(&s.read, limit).map_err(|e| vec![LoadError { file: s.label.clone(), ..e }])?;
                B::from_bytes(Path::new(&s.label), &bytes).map(Box::new).map_err(|e| vec![e])
            };
            let (ga, gb) = both(load(a), load(b))?;
            Sides::Guest(ga, gb)
        }
    })
}

/// Compares `a` with `b`: two files (or species folders) of one kind, a guest kind's by
/// `B`.
///
/// # Errors
/// As [`load`].
pub fn diff<B: Differ>(a: &Side, b: &Side) -> Result<Diff<B>, Vec<LoadError>> {
    load::<B>(a, b).map(|s| s.diff())
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

/// "what a → b" for each pair of numbers that differs, then "thresholds [..] → [..]".
pub(crate) fn number_parts(numbers: &[(&str, &Option<Pair<f64>>)], thresholds: &Option<Pair<Vec<f64>>>) -> Vec<String> {
    let mut parts: Vec<String> =
        numbers.iter().filter_map(|(what, p)| p.as_ref().map(|p| format!("{what} {}", arrow(p)))).collect();
    if let Some((x, y)) = thresholds {
        let list = |v: &[f64]| v.iter().map(|t| num(*t)).collect::<Vec<_>>().join(", ");
        parts.push(format!("thresholds [{}] → [{}]", list(x), list(y)));
    }
    parts
}
