//! A studio project (`studio.ron`, SPEC §14) and `check`: which kind each file is, and
//! every problem in it as `FILE:LINE:COL: message`. A guest kind (`crate::guest`) is
//! told as it registered, and checked by the checkers the caller gives for it.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::creature::Creature;
use crate::error::{LoadError, parse_ron};
use crate::file_reader::{Limit, read_text};
use crate::guest::{ByText, GuestKind};
use crate::paths::normalize;
use crate::species::data::{DESIRES_FILE, Data};
use crate::world::file::WorldFile;

/// The manifest's file name.
pub const MANIFEST: &str = "studio.ron";

pub use crate::file_kind::{FileKind, has_field};

/// The guest kind whose binary form the file at `path` starts with, if any.
#[must_use]
pub fn guest_by_bytes(path: &Path) -> Option<&'static GuestKind> {
    use std::io::Read;
    crate::guest::kinds().iter().find(|k| {
        let Some(magic) = k.magic else { return false };
        let limit = k.large.map_or(Limit::Text, Limit::Large);
        let mut head = vec![0u8; magic.len()];
        crate::file_reader::open(path, limit).is_ok_and(|(mut f, _)| f.read_exact(&mut head).is_ok()) && head == magic
    })
}

/// `studio.ron`: where a project's files are, relative to the manifest.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub name: String,
    /// The species folder (desires, actions, attributes, phases, template, 17 species).
    pub species: PathBuf,
    /// The folder of creature saves.
    #[serde(default = "default_creatures")]
    pub creatures: PathBuf,
    /// The folder of lesson scripts.
    #[serde(default = "default_lessons")]
    pub lessons: PathBuf,
    /// The preview world, if the project has one.
    #[serde(default)]
    pub world: Option<PathBuf>,
    /// The folder of the files of guest kinds (`crate::guest`).
    #[serde(default = "default_guest_dir", rename = "shadow")]
    pub guest_dir: PathBuf,
    /// Lint rules the project allows, each with its reason (`check --lint`, SPEC §21).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allow: Vec<crate::lint_rules::Allow>,
}

fn default_creatures() -> PathBuf {
    "creatures".into()
}
fn default_lessons() -> PathBuf {
    "lessons".into()
}
fn default_guest_dir() -> PathBuf {
    "shadow".into()
}

/// An opened project: its folder, its manifest and its species data.
#[derive(Clone, Debug)]
pub struct Project {
    pub root: PathBuf,
    pub manifest: Manifest,
}

impl Project {
    /// Opens a project from its folder or its `studio.ron`.
    pub fn open(path: &Path) -> Result<Project, Vec<LoadError>> {
        let manifest_path = if path.is_dir() { path.join(MANIFEST) } else { path.to_path_buf() };
        let text = read_text(&manifest_path).map_err(|e| vec![e])?;
        let manifest: Manifest = parse_ron(&manifest_path.display().to_string(), &text).map_err(|e| vec![e])?;
        let root = manifest_path.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        Ok(Project { root, manifest })
    }

    /// A path of the manifest made absolute (relative to the manifest's folder), with
    /// `.` and `..` taken out so that messages show the file's plain path.
    pub fn resolve(&self, p: &Path) -> PathBuf {
        normalize(&self.root.join(p))
    }

    pub fn species_dir(&self) -> PathBuf {
        self.resolve(&self.manifest.species)
    }

    /// Loads the project's species data.
    pub fn data(&self) -> Result<Data, Vec<LoadError>> {
        Data::load_dir(&self.species_dir())
    }

    /// Every studio file of the project (`.ron` and a guest kind's binary form), sorted:
    /// below its folder, and in the folders and the world file its manifest names outside
    /// it (`species: "../../species"`).
    pub fn files(&self) -> Vec<PathBuf> {
        let mut files = studio_files(&self.root);
        let root = std::fs::canonicalize(&self.root).unwrap_or_else(|_| self.root.clone());
        let outside = |p: &Path| !std::fs::canonicalize(p).is_ok_and(|c| c.starts_with(&root));
        let m = &self.manifest;
        for dir in [&m.species, &m.creatures, &m.lessons, &m.guest_dir] {
            let dir = self.resolve(dir);
            if dir.is_dir() && outside(&dir) {
                files.extend(studio_files(&dir));
            }
        }
        if let Some(w) = &m.world {
            let w = self.resolve(w);
            if w.is_file() && outside(&w) {
                files.push(w);
            }
        }
        files.sort();
        files.dedup();
        files
    }

    /// The project's folder for the files of guest kinds.
    pub fn guest_dir(&self) -> PathBuf {
        self.resolve(&self.manifest.guest_dir)
    }
}

impl FileKind {
    /// The guest kind of a file from its name alone (its ending): the name says what it
    /// is even when its text is broken or not text at all.
    pub fn guest_by_name(path: &Path) -> Option<FileKind> {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        crate::guest::by_suffix(name).map(|k| FileKind::Guest(k.name))
    }

    /// Tells the kind of a file from its path and text; works on broken files too.
    pub fn detect(path: &Path, text: &str) -> FileKind {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name == MANIFEST {
            return FileKind::Manifest;
        }
        if let Some(kind) = FileKind::guest_by_name(path) {
            return kind;
        }
        let beside_manifest = || path.parent().is_some_and(|d| d.join(MANIFEST).is_file());
        let guests = crate::guest::kinds();
        if let Some(k) = guests.iter().find(|k| k.beside_manifest == Some(name))
            && beside_manifest()
        {
            return FileKind::Guest(k.name);
        }
        if name.ends_with(".scenario.ron") {
            return FileKind::Scenario;
        }
        if crate::link::run_file::is_run_file(path) {
            return FileKind::GameRun;
        }
        if crate::train::is_target_file(path) {
            return FileKind::Target;
        }
        if crate::debugger_files::is_debugger_file(path) && beside_manifest() {
            return FileKind::Debugger;
        }
        let has = |field: &str| has_field(text, field);
        let by_text = |before_world: bool| {
            guests.iter().find_map(|k| match k.by_text {
                ByText::BeforeWorld(test) if before_world && test(text) => Some(FileKind::Guest(k.name)),
                ByText::Last(test) if !before_world && test(text) => Some(FileKind::Guest(k.name)),
                _ => None,
            })
        };
        if path.parent().is_some_and(|d| d.join(DESIRES_FILE).is_file()) {
            return FileKind::SpeciesData;
        }
        if has("desires") && has("trees") || has("traits") && has("seed") && !has("events") {
            FileKind::Creature
        } else if has("events") && (has("species") || has("phase")) {
            FileKind::LessonScript
        } else if has("examples") && has("queries") {
            FileKind::TreeExamples
        } else if let Some(kind) = by_text(true) {
            kind
        } else if has("objects") {
            FileKind::World
        } else if has("traits") && has("body") || has("credit_decay") || has("phases") || has("steepness") {
            FileKind::SpeciesData
        } else {
            by_text(false).unwrap_or(FileKind::Unknown)
        }
    }
}

/// The `.ron` files below `dir`, skipping hidden folders and `target`. Links are
/// followed, but each folder is walked once, so a link back up the tree (`ln -s .`)
/// ends the walk instead of looping; folders reached by their own path are walked
/// before folders reached through a link, so a file is listed under its own path when
/// it has one. Only regular files (or links to them) are listed: a pipe or a device
/// named `*.ron` would block or never end a read.
pub fn ron_files(dir: &Path) -> Vec<PathBuf> {
    files_below(dir, &|p| p.extension().is_some_and(|x| x == "ron"))
}

/// Every file `check` reads below `dir`: the `.ron` files and those whose names end as
/// a guest kind's do without `.ron` (a binary form's), walked as [`ron_files`] walks.
pub fn studio_files(dir: &Path) -> Vec<PathBuf> {
    let endings: Vec<&str> = crate::guest::kinds()
        .iter()
        .flat_map(|k| k.suffixes.iter().filter_map(|s| s.strip_prefix('.')))
        .filter(|s| !s.contains('.'))
        .collect();
    files_below(dir, &|p| p.extension().is_some_and(|x| x == "ron" || endings.iter().any(|e| x == *e)))
}

fn files_below(dir: &Path, wanted: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut visited = std::collections::HashSet::new();
    let mut own = vec![dir.to_path_buf()];
    let mut linked = Vec::new();
    while let Some(d) = own.pop().or_else(|| linked.pop()) {
        // A folder that cannot be resolved cannot be read either.
        let Ok(real) = std::fs::canonicalize(&d) else { continue };
        if !visited.insert(real) {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        let mut entries: Vec<_> = entries.flatten().collect();
        entries.sort_by_key(std::fs::DirEntry::file_name);
        for e in entries {
            let p = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || name == "target" {
                continue;
            }
            let Ok(kind) = e.file_type() else { continue };
            // What a link points to; an entry that is not a link is what it is.
            let target = if kind.is_symlink() { std::fs::metadata(&p).ok() } else { None };
            let is_dir = target.as_ref().map_or(kind.is_dir(), std::fs::Metadata::is_dir);
            if is_dir {
                if kind.is_symlink() { linked.push(p) } else { own.push(p) }
            } else if wanted(&p) {
                // A pipe, a device or a broken link named like a studio file is listed
                // too: reading it says what it is, rather than passing it over unsaid.
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// A checker for the kinds whose formats live elsewhere (lesson scripts, tree examples,
/// worlds): given the file's display name, its text and the species data, it returns
/// every problem.
pub type KindChecker = fn(&str, &str, &Data) -> Vec<LoadError>;

/// A checker of a guest kind's text, given the file's path, its text and the species
/// data.
pub type GuestChecker = fn(&Path, &str, &Data) -> Vec<LoadError>;

/// A checker of a guest kind's file against the project's folder for guests' files (if
/// any), given the file's path: what the file is played with, or a binary form's
/// whole check.
pub type FolderChecker = fn(&Path, Option<&Path>) -> Vec<LoadError>;

/// How a guest kind is checked, by its [`GuestKind::name`].
#[derive(Clone, Copy)]
pub struct GuestChecks {
    pub kind: &'static str,
    /// Its text: every problem.
    pub text: GuestChecker,
    /// A text that loads, against the folder for guests' files.
    pub fit: Option<FolderChecker>,
    /// Its binary form, whole.
    pub binary: Option<FolderChecker>,
}

/// The checkers for each kind; core's own kinds are built in.
#[derive(Clone, Copy, Default)]
pub struct Checkers {
    pub lesson_script: Option<KindChecker>,
    pub tree_examples: Option<KindChecker>,
    pub world: Option<KindChecker>,
    /// The guest kinds' checks.
    pub guests: &'static [GuestChecks],
}

impl Checkers {
    /// The checks of the guest kind `name`.
    fn guest(&self, name: &str) -> Option<&GuestChecks> {
        self.guests.iter().find(|g| g.kind == name)
    }
}

/// Checks files or folders (SPEC §15 `check`): every problem, in path order.
pub fn check_paths(paths: &[PathBuf], checkers: &Checkers) -> Vec<LoadError> {
    let mut errors = Vec::new();
    for path in paths {
        if !path.exists() {
            errors.push(LoadError::whole_file(path.display().to_string(), "no such file or folder"));
        } else if path.is_dir() {
            errors.extend(check_dir(path, checkers));
        } else {
            let data = data_near(path);
            match data {
                Ok(data) => errors.extend(check_file(path, &data, checkers)),
                Err(e) => errors.extend(e),
            }
        }
    }
    errors
}

/// The species data a file should be checked against: its project's, or the built-in data.
pub(crate) fn data_near(path: &Path) -> Result<Data, Vec<LoadError>> {
    let project = path.ancestors().skip(1).find(|d| d.join(MANIFEST).is_file());
    match project {
        Some(dir) => Project::open(dir)?.data(),
        None => Data::builtin(),
    }
}

fn check_dir(dir: &Path, checkers: &Checkers) -> Vec<LoadError> {
    if dir.join(MANIFEST).is_file() {
        let project = match Project::open(dir) {
            Ok(p) => p,
            Err(e) => return e,
        };
        let data = match project.data() {
            Ok(d) => d,
            Err(e) => return e,
        };
        let mut errors = Vec::new();
        for sub in [&project.manifest.creatures, &project.manifest.lessons, &project.manifest.guest_dir] {
            let p = project.resolve(sub);
            if !p.is_dir() {
                errors.push(LoadError::at_text(
                    &dir.join(MANIFEST).display().to_string(),
                    &read_text(&dir.join(MANIFEST)).unwrap_or_default(),
                    &sub.display().to_string(),
                    format!("{} is not a folder", p.display()),
                ));
            }
        }
        if let Some(w) = &project.manifest.world
            && !project.resolve(w).is_file()
        {
            errors.push(LoadError::whole_file(
                dir.join(MANIFEST).display().to_string(),
                format!("the world file {} does not exist", w.display()),
            ));
        }
        let species_dir = project.species_dir();
        let species_real = std::fs::canonicalize(&species_dir).ok();
        let guest_dir = project.guest_dir();
        for f in project.files() {
            let in_species = f.starts_with(&species_dir)
                || species_real.as_ref().is_some_and(|s| std::fs::canonicalize(&f).is_ok_and(|c| c.starts_with(s)));
            if in_species {
                continue;
            }
            errors.extend(check_file_in(&f, &data, checkers, Some(&guest_dir)));
        }
        return errors;
    }
    if dir.join(DESIRES_FILE).is_file() {
        return Data::load_dir(dir).err().unwrap_or_default();
    }
    let data = match data_near(&dir.join("x")) {
        Ok(d) => d,
        Err(e) => return e,
    };
    let guest_dir = guest_dir_near(&dir.join("x"));
    studio_files(dir).iter().flat_map(|f| check_file_in(f, &data, checkers, guest_dir.as_deref())).collect()
}

/// The folder for guests' files of the project `path` is in, if it is in one.
fn guest_dir_near(path: &Path) -> Option<PathBuf> {
    let dir = path.ancestors().skip(1).find(|d| d.join(MANIFEST).is_file())?;
    Project::open(dir).ok().map(|p| p.guest_dir())
}

/// Checks one file against `data`: a text file by its kind, a guest kind's binary form
/// or a recording by its bytes, and a guest kind's file also against the project's
/// folder for guests' files.
pub fn check_file(path: &Path, data: &Data, checkers: &Checkers) -> Vec<LoadError> {
    check_file_in(path, data, checkers, guest_dir_near(path).as_deref())
}

/// [`check_file`] for a file of a project whose folder for guests' files is `guest_dir`.
fn check_file_in(path: &Path, data: &Data, checkers: &Checkers, guest_dir: Option<&Path>) -> Vec<LoadError> {
    // A file named as a recording is read as one even when it does not start as one,
    // so that it is held to a recording's limit and told what a recording needs.
    let named = crate::file_reader::Limit::of_path(path) == crate::file_reader::Limit::Recording;
    if named || crate::recording::Recording::is_recording(path) {
        return crate::recording::Recording::load(path).err().unwrap_or_default();
    }
    if let Some(kind) = guest_by_bytes(path) {
        return checkers.guest(kind.name).and_then(|g| g.binary).map(|f| f(path, guest_dir)).unwrap_or_default();
    }
    // A game's run may be larger than other text files.
    let limit = if crate::link::run_file::is_run_file(path) { Limit::Run } else { Limit::Text };
    match crate::file_reader::read_text_within(path, limit) {
        Ok(text) => check_text_in(path, &text, data, checkers, guest_dir),
        Err(e) => vec![e],
    }
}

/// [`check_file`] for a text file already read (`text`, what is at `path`): checked by
/// its kind, and a guest kind's file also against the project's folder for guests' files.
pub fn check_text(path: &Path, text: &str, data: &Data, checkers: &Checkers) -> Vec<LoadError> {
    check_text_in(path, text, data, checkers, guest_dir_near(path).as_deref())
}

fn check_text_in(
    path: &Path,
    text: &str,
    data: &Data,
    checkers: &Checkers,
    guest_dir: Option<&Path>,
) -> Vec<LoadError> {
    let errors = check_text_by_kind(path, text, data, checkers);
    if !errors.is_empty() {
        return errors;
    }
    let fit = match FileKind::detect(path, text) {
        FileKind::Guest(name) => checkers.guest(name).and_then(|g| g.fit),
        _ => None,
    };
    fit.map(|f| f(path, guest_dir)).unwrap_or_default()
}

fn check_text_by_kind(path: &Path, text: &str, data: &Data, checkers: &Checkers) -> Vec<LoadError> {
    let file = path.display().to_string();
    let run = |c: Option<KindChecker>| c.map(|f| f(&file, text, data)).unwrap_or_default();
    match FileKind::detect(path, text) {
        FileKind::Manifest => match parse_ron::<Manifest>(&file, text) {
            Ok(m) => crate::lint_rules::check_allows(&file, text, &m.allow),
            Err(e) => vec![e],
        },
        FileKind::SpeciesData => match path.parent() {
            Some(dir) => Data::load_dir(dir).err().unwrap_or_default().into_iter().filter(|e| e.file == file).collect(),
            None => Vec::new(),
        },
        FileKind::Creature => Creature::parse(&file, text, data).err().unwrap_or_default(),
        FileKind::LessonScript => run(checkers.lesson_script),
        FileKind::TreeExamples => run(checkers.tree_examples),
        FileKind::World => run(checkers.world),
        FileKind::Guest(name) => checkers.guest(name).map(|g| (g.text)(path, text, data)).unwrap_or_default(),
        FileKind::Scenario => crate::scenario::check_file(path),
        FileKind::Target => crate::train::check_file(path),
        FileKind::GameRun => crate::link::run_file::check(path, text),
        FileKind::Debugger => {
            let world = Project::open(path.parent().unwrap_or(Path::new(".")))
                .ok()
                .and_then(|p| p.manifest.world.as_ref().map(|w| p.resolve(w)))
                .map_or_else(|| WorldFile::builtin(data), |w| WorldFile::load(&w, data));
            match world {
                Ok(world) => crate::debugger_files::check(path, text, data, &world),
                // The world's own check reports it.
                Err(_) => Vec::new(),
            }
        }
        FileKind::Unknown => match parse_ron::<ron::Value>(&file, text) {
            Err(e) => vec![e],
            Ok(_) => vec![LoadError::whole_file(file, format!("not a studio file: expected {}", studio_kinds()))],
        },
    }
}

/// What a studio file can be, for a file that is none: core's kinds, then the guest
/// kinds that list themselves, the last after "or".
fn studio_kinds() -> String {
    let own = ["a project manifest", "species data", "creature save", "lesson script", "world", "tree examples"];
    let listed = crate::guest::kinds().iter().filter_map(|k| k.listed_as);
    let all: Vec<&str> = own.into_iter().chain(listed).collect();
    match all.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => all.join(""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_found_outside_strings_only_as_fields() {
        assert!(has_field("(\n  features: [],\n)", "features"));
        assert!(!has_field("(name: \"features\")", "features"));
        assert!(!has_field("(my_features: 1)", "features"));
        assert!(!has_field("(features)", "features"));
    }

    #[test]
    fn kinds_are_told_from_their_fields() {
        let p = Path::new("/nowhere/x.ron");
        assert_eq!(FileKind::detect(Path::new("/a/studio.ron"), ""), FileKind::Manifest);
        assert_eq!(FileKind::detect(p, "(species: \"Cow\", traits: (), desires: [], trees: [])"), FileKind::Creature);
        assert_eq!(FileKind::detect(p, "(species: \"Cow\", seed: 1, events: [])"), FileKind::LessonScript);
        assert_eq!(FileKind::detect(p, "(attributes: [], examples: [], queries: [])"), FileKind::TreeExamples);
        assert_eq!(FileKind::detect(p, "(objects: [])"), FileKind::World);
        assert_eq!(FileKind::detect(p, "(hello: 1)"), FileKind::Unknown);
        assert_eq!(FileKind::detect(Path::new("/p/a.scenario.ron"), "(species: oops"), FileKind::Scenario);
        assert_eq!(FileKind::detect(Path::new("/p/kind.target.ron"), "(species: oops"), FileKind::Target);
        assert_eq!(FileKind::detect(Path::new("/p/ruth.run.ron"), "(objects: oops"), FileKind::GameRun);
    }
}
