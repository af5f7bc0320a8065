//! A studio project (`studio.ron`, SPEC §14) and `check`: which kind each file is, and
//! every problem in it as `FILE:LINE:COL: message`.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::creature::Creature;
use crate::error::{LoadError, parse_ron};
use crate::file_reader::read_text;
use crate::paths::normalize;
use crate::species::data::{DESIRES_FILE, Data};
use crate::world::file::WorldFile;

/// The manifest's file name.
pub const MANIFEST: &str = "studio.ron";

/// How a training gauntlet's file name ends (SPEC §20).
pub const GAUNTLET_SUFFIX: &str = ".gauntlet.ron";

/// The file beside `studio.ron` that keeps the banks beaten in each gauntlet.
pub const PROGRESS_FILE: &str = "gauntlet-progress.ron";

/// How a binary bank starts, its format's version left out: what tells one from text
/// whatever its name.
pub const BINARY_BANK_PREFIX: &[u8; 6] = b"CSBANK";

/// Whether the file at `path` starts as a binary bank does.
#[must_use]
pub fn is_binary_bank(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 6];
    crate::file_reader::open(path, crate::file_reader::Limit::Bank)
        .is_ok_and(|(mut f, _)| f.read_exact(&mut head).is_ok())
        && head == *BINARY_BANK_PREFIX
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
    /// The folder of shadow schemas and replay banks.
    #[serde(default = "default_shadow")]
    pub shadow: PathBuf,
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
fn default_shadow() -> PathBuf {
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

    /// Every studio file of the project (`.ron` and binary `.bank`), sorted: below its
    /// folder, and in the folders and the world file its manifest names outside it
    /// (`species: "../../species"`, `shadow: "../shared/shadow"`).
    pub fn files(&self) -> Vec<PathBuf> {
        let mut files = studio_files(&self.root);
        let root = std::fs::canonicalize(&self.root).unwrap_or_else(|_| self.root.clone());
        let outside = |p: &Path| !std::fs::canonicalize(p).is_ok_and(|c| c.starts_with(&root));
        let m = &self.manifest;
        for dir in [&m.species, &m.creatures, &m.lessons, &m.shadow] {
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

    /// The project's shadow folder, where banks and states are played with the folder's
    /// schema (the built-in arena schema when it has none).
    pub fn shadow_dir(&self) -> PathBuf {
        self.resolve(&self.manifest.shadow)
    }
}

/// What a studio file holds, told from its name and its top-level fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Manifest,
    /// One of the tables or species files of a species folder.
    SpeciesData,
    Creature,
    LessonScript,
    TreeExamples,
    World,
    ShadowSchema,
    ShadowBank,
    ShadowState,
    /// A scenario (`*.scenario.ron`, SPEC §16).
    Scenario,
    /// The debugger's `breakpoints.ron` or `watches.ron` beside `studio.ron`.
    Debugger,
    /// A training gauntlet (`*.gauntlet.ron`, SPEC §20).
    Gauntlet,
    /// The gauntlet progress (`gauntlet-progress.ron`) beside `studio.ron`.
    GauntletProgress,
    /// A training target (`*.target.ron`, SPEC §22).
    Target,
    Unknown,
}

impl FileKind {
    /// The kind of a shadow folder's file from its name alone (`*.bank`, `*.bank.ron`,
    /// `*.schema.ron`, `*.state.ron`): the name says what it is even when its text is
    /// broken or, for a binary bank, not text at all.
    pub fn shadow_by_name(path: &Path) -> Option<FileKind> {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.ends_with(".bank") || name.ends_with(".bank.ron") {
            Some(FileKind::ShadowBank)
        } else if name.ends_with(".schema.ron") {
            Some(FileKind::ShadowSchema)
        } else if name.ends_with(".state.ron") {
            Some(FileKind::ShadowState)
        } else {
            None
        }
    }

    /// Tells the kind of a file from its path and text; works on broken files too.
    pub fn detect(path: &Path, text: &str) -> FileKind {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name == MANIFEST {
            return FileKind::Manifest;
        }
        if let Some(kind) = FileKind::shadow_by_name(path) {
            return kind;
        }
        if name.ends_with(".scenario.ron") {
            return FileKind::Scenario;
        }
        if crate::train::is_target_file(path) {
            return FileKind::Target;
        }
        if crate::debugger_files::is_debugger_file(path) && path.parent().is_some_and(|d| d.join(MANIFEST).is_file()) {
            return FileKind::Debugger;
        }
        if name == PROGRESS_FILE && path.parent().is_some_and(|d| d.join(MANIFEST).is_file()) {
            return FileKind::GauntletProgress;
        }
        if name.ends_with(GAUNTLET_SUFFIX) {
            return FileKind::Gauntlet;
        }
        let has = |field: &str| has_field(text, field);
        if path.parent().is_some_and(|d| d.join(DESIRES_FILE).is_file()) {
            return FileKind::SpeciesData;
        }
        if has("desires") && has("trees") || has("traits") && has("seed") && !has("events") {
            FileKind::Creature
        } else if has("events") && (has("species") || has("phase")) {
            FileKind::LessonScript
        } else if has("examples") && has("queries") {
            FileKind::TreeExamples
        } else if has("features") {
            FileKind::ShadowSchema
        } else if has("events") && text.contains("matchup") {
            FileKind::ShadowBank
        } else if has("objects") {
            FileKind::World
        } else if has("traits") && has("body") || has("credit_decay") || has("phases") || has("steepness") {
            FileKind::SpeciesData
        } else if text.trim_start().starts_with('{') {
            FileKind::ShadowState
        } else {
            FileKind::Unknown
        }
    }
}

/// True when `field` appears as a field name (`field:`) outside strings and comments.
fn has_field(text: &str, field: &str) -> bool {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(i) = text[from..].find(field) {
        let at = from + i;
        let before_ok =
            at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_' || bytes[at - 1] == b'"');
        let rest = text[at + field.len()..].trim_start();
        if before_ok && rest.starts_with(':') && !rest.starts_with("::") {
            return true;
        }
        from = at + field.len();
    }
    false
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

/// Every file `check` reads below `dir`: the `.ron` files and the binary `.bank` files,
/// walked as [`ron_files`] walks.
pub fn studio_files(dir: &Path) -> Vec<PathBuf> {
    files_below(dir, &|p| p.extension().is_some_and(|x| x == "ron" || x == "bank"))
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

/// A checker for the kinds whose formats live elsewhere (lesson scripts, shadow files,
/// worlds): given the file's display name, its text and the species data, it returns
/// every problem.
pub type KindChecker = fn(&str, &str, &Data) -> Vec<LoadError>;

/// A checker of a file that names other files (a gauntlet, the gauntlet progress), given
/// its path and text.
pub type PathChecker = fn(&Path, &str) -> Vec<LoadError>;

/// A checker of a shadow file against its folder's schema, given the file's path and the
/// project's shadow folder, if any; for a binary bank, its whole check.
pub type ShadowChecker = fn(&Path, Option<&Path>) -> Vec<LoadError>;

/// The checkers for each kind; core's own kinds are built in.
#[derive(Clone, Copy, Default)]
pub struct Checkers {
    pub lesson_script: Option<KindChecker>,
    pub tree_examples: Option<KindChecker>,
    pub world: Option<KindChecker>,
    pub shadow_schema: Option<KindChecker>,
    pub shadow_bank: Option<KindChecker>,
    pub shadow_state: Option<KindChecker>,
    /// A binary bank: it loads, and it fits its schema.
    pub binary_bank: Option<ShadowChecker>,
    /// A bank that loads, against the schema it is played with.
    pub bank_fit: Option<ShadowChecker>,
    /// A state that loads, against the schema it is played with.
    pub state_fit: Option<ShadowChecker>,
    pub gauntlet: Option<PathChecker>,
    pub gauntlet_progress: Option<PathChecker>,
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
        for sub in [&project.manifest.creatures, &project.manifest.lessons, &project.manifest.shadow] {
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
        let shadow_dir = project.shadow_dir();
        for f in project.files() {
            let in_species = f.starts_with(&species_dir)
                || species_real.as_ref().is_some_and(|s| std::fs::canonicalize(&f).is_ok_and(|c| c.starts_with(s)));
            if in_species {
                continue;
            }
            errors.extend(check_file_in(&f, &data, checkers, Some(&shadow_dir)));
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
    let shadow_dir = shadow_dir_near(&dir.join("x"));
    studio_files(dir).iter().flat_map(|f| check_file_in(f, &data, checkers, shadow_dir.as_deref())).collect()
}

/// The shadow folder of the project `path` is in, if it is in one.
fn shadow_dir_near(path: &Path) -> Option<PathBuf> {
    let dir = path.ancestors().skip(1).find(|d| d.join(MANIFEST).is_file())?;
    Project::open(dir).ok().map(|p| p.shadow_dir())
}

/// Checks one file against `data`: a text file by its kind, a binary bank or a recording
/// by its bytes, and a bank or state in a shadow folder also against the folder's schema.
pub fn check_file(path: &Path, data: &Data, checkers: &Checkers) -> Vec<LoadError> {
    check_file_in(path, data, checkers, shadow_dir_near(path).as_deref())
}

/// [`check_file`] for a file of a project whose shadow folder is `shadow_dir`.
fn check_file_in(path: &Path, data: &Data, checkers: &Checkers, shadow_dir: Option<&Path>) -> Vec<LoadError> {
    // A file named as a recording is read as one even when it does not start as one,
    // so that it is held to a recording's limit and told what a recording needs.
    let named = crate::file_reader::Limit::of_path(path) == crate::file_reader::Limit::Recording;
    if named || crate::recording::Recording::is_recording(path) {
        return crate::recording::Recording::load(path).err().unwrap_or_default();
    }
    if is_binary_bank(path) {
        return checkers.binary_bank.map(|f| f(path, shadow_dir)).unwrap_or_default();
    }
    match read_text(path) {
        Ok(text) => check_text_in(path, &text, data, checkers, shadow_dir),
        Err(e) => vec![e],
    }
}

/// [`check_file`] for a text file already read (`text`, what is at `path`): checked by
/// its kind, and a bank or state in a shadow folder also against the folder's schema.
pub fn check_text(path: &Path, text: &str, data: &Data, checkers: &Checkers) -> Vec<LoadError> {
    check_text_in(path, text, data, checkers, shadow_dir_near(path).as_deref())
}

fn check_text_in(
    path: &Path,
    text: &str,
    data: &Data,
    checkers: &Checkers,
    shadow_dir: Option<&Path>,
) -> Vec<LoadError> {
    let errors = check_text_by_kind(path, text, data, checkers);
    if !errors.is_empty() {
        return errors;
    }
    let fit = match FileKind::detect(path, text) {
        FileKind::ShadowBank => checkers.bank_fit,
        FileKind::ShadowState => checkers.state_fit,
        _ => None,
    };
    fit.map(|f| f(path, shadow_dir)).unwrap_or_default()
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
        FileKind::ShadowSchema => run(checkers.shadow_schema),
        FileKind::ShadowBank => run(checkers.shadow_bank),
        FileKind::ShadowState => run(checkers.shadow_state),
        FileKind::Scenario => crate::scenario::check_file(path),
        FileKind::Target => crate::train::check_file(path),
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
        FileKind::Gauntlet => checkers.gauntlet.map(|f| f(path, text)).unwrap_or_default(),
        FileKind::GauntletProgress => checkers.gauntlet_progress.map(|f| f(path, text)).unwrap_or_default(),
        FileKind::Unknown => match parse_ron::<ron::Value>(&file, text) {
            Err(e) => vec![e],
            Ok(_) => vec![LoadError::whole_file(
                file,
                "not a studio file: expected a project manifest, species data, creature save, lesson script, world, tree examples, shadow schema, bank or state",
            )],
        },
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
        assert_eq!(FileKind::detect(p, "(features: [], bias: 0.5)"), FileKind::ShadowSchema);
        assert_eq!(FileKind::detect(p, "(events: [(id: 0, matchup: (\"a\", \"b\"))])"), FileKind::ShadowBank);
        assert_eq!(FileKind::detect(p, "{\"distance\": 1.0}"), FileKind::ShadowState);
        assert_eq!(FileKind::detect(p, "(hello: 1)"), FileKind::Unknown);
    }

    #[test]
    fn shadow_files_are_told_from_their_names_even_when_broken() {
        assert_eq!(FileKind::detect(Path::new("/p/zoner.bank.ron"), "(events: [(id: nope"), FileKind::ShadowBank);
        assert_eq!(FileKind::detect(Path::new("/p/big.bank"), ""), FileKind::ShadowBank);
        assert_eq!(FileKind::detect(Path::new("/p/arena.schema.ron"), "(feat"), FileKind::ShadowSchema);
        assert_eq!(FileKind::detect(Path::new("/p/far.state.ron"), "{\"distance\": "), FileKind::ShadowState);
        assert_eq!(FileKind::detect(Path::new("/p/a.scenario.ron"), "(species: oops"), FileKind::Scenario);
        assert_eq!(FileKind::detect(Path::new("/p/kind.target.ron"), "(species: oops"), FileKind::Target);
        assert_eq!(FileKind::detect(Path::new("/p/up.gauntlet.ron"), "(banks: [oops"), FileKind::Gauntlet);
    }
}
