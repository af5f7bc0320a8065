//! `check --lint` (SPEC §21): what loads but cannot work. Each finding is a [`Warning`]
//! with a stable rule name, placed at the line and column where the fix belongs, and
//! naming its item (the action, desire, phase, example, answer, object, feature or
//! expectation it is about). A project's `studio.ron` may allow one warning by its rule,
//! its file (or any file) and its item, with a reason, so a problem that comes later is
//! still warned of; an entry without an item allows nothing and is a problem that lists
//! the items it would cover.
//!
//! The rules read the same tables the simulation runs on (`world::affordances`, the
//! village's answers, `mind::desire::time_to_full`), so a warning says what the running
//! creature would meet, not what a second copy of the rules believes.
//!
//! Rules over files whose formats live outside core (the shadow's banks and schemas)
//! come in as [`FileRule`]s from the caller, and run beside core's own.

mod phases_desires;
mod scenarios;
mod trees;

pub use crate::lint_rules::{Allow, Rule, check_allows};

use std::fmt;
use std::path::{Path, PathBuf};

use crate::error::LoadError;
use crate::file_reader::read_text;
use crate::printable::{escaped, escaped_lines};
use crate::project::{FileKind, MANIFEST, Project};
use crate::species::data::Data;
use crate::world::file::WorldFile;
use crate::world::village::Village;

/// One finding: the rule and where, with the sentence that says why.
#[derive(Clone, Debug, PartialEq)]
pub struct Warning {
    pub rule: Rule,
    /// What the warning is about, as an allow entry names it (`item`): the action,
    /// desire, phase, example, attribute's answer, object, feature or expectation.
    pub item: String,
    pub at: LoadError,
}

impl Warning {
    /// A warning of `rule` at `file`'s `line` and `col`, about `item`.
    pub fn new(
        rule: Rule,
        file: &str,
        (line, col): (usize, usize),
        item: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Warning { rule, item: item.into(), at: LoadError::new(file, line, col, message) }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.at;
        let (file, message) = (escaped(&e.file), escaped_lines(&e.message));
        write!(f, "{file}:{}:{}: warning: {}: {message}", e.line, e.col, self.rule.name())
    }
}

/// What the rules look at: the species data with its files' texts, the world the
/// creature lives in, and the project's other files.
pub(crate) struct Subject<'a> {
    pub data: &'a Data,
    /// Each species file's display path and text, by its name in the folder.
    pub species: Vec<(String, String, String)>,
    /// The world file's display path and text; `None` for the built-in village.
    pub world_file: Option<(String, String)>,
    pub world: WorldFile,
    pub village: Village,
    /// The built-in village, whose answers count as known beside the project's own.
    pub builtin_village: Village,
    /// The project's other studio files and its shadow folder.
    pub files: ProjectFiles,
}

/// The project's studio files, each with its kind (told once, for all rules), and its
/// shadow folder: what a [`FileRule`] looks at.
#[derive(Clone, Debug, Default)]
pub struct ProjectFiles {
    pub files: Vec<(PathBuf, FileKind)>,
    /// The project's shadow folder.
    pub shadow_dir: Option<PathBuf>,
}

impl ProjectFiles {
    /// The project's files of `kind`.
    pub fn of(&self, kind: FileKind) -> impl Iterator<Item = &PathBuf> {
        self.files.iter().filter(move |(_, k)| *k == kind).map(|(f, _)| f)
    }
}

/// A rule over files whose format core does not read (the shadow's), given the
/// project's files; it adds its warnings to the list.
pub type FileRule = fn(&ProjectFiles, &mut Vec<Warning>);

impl Subject<'_> {
    /// The project's files of `kind`.
    pub fn files_of(&self, kind: FileKind) -> impl Iterator<Item = &PathBuf> {
        self.files.of(kind)
    }

    /// The display path and text of the species folder's file `name`.
    pub fn species_file(&self, name: &str) -> Option<(&str, &str)> {
        self.species.iter().find(|(n, _, _)| n == name).map(|(_, f, t)| (f.as_str(), t.as_str()))
    }
}

/// Every warning for a project, core's and those of `rules`, allowed ones left out; the
/// files' problems instead when its species data or world does not load (`check`
/// reports those).
pub fn lint_project(project: &Project, rules: &[FileRule]) -> Result<Lint, Vec<LoadError>> {
    let dir = project.species_dir();
    let (data, texts) = Data::load_dir_with_texts(&dir);
    let data = data?;
    let world_file = match &project.manifest.world {
        Some(w) => {
            let path = project.resolve(w);
            let text = read_text(&path).map_err(|e| vec![e])?;
            let shown = path.display().to_string();
            let world = WorldFile::parse(&shown, &text, &data)?;
            Some((world, shown, text))
        }
        None => None,
    };
    let shadow_dir = project.shadow_dir();
    let files = project.files();
    let all = lint_with(&data, &dir, texts, world_file, files, Some(shadow_dir), rules)?;
    Ok(allowed(project, all))
}

/// Every warning for a species folder on its own, against the built-in village.
pub fn lint_species_dir(dir: &Path) -> Result<Vec<Warning>, Vec<LoadError>> {
    let (data, texts) = Data::load_dir_with_texts(dir);
    lint_with(&data?, dir, texts, None, Vec::new(), None, &[])
}

fn lint_with(
    data: &Data,
    dir: &Path,
    texts: Vec<(String, String)>,
    world_file: Option<(WorldFile, String, String)>,
    files: Vec<PathBuf>,
    shadow_dir: Option<PathBuf>,
    rules: &[FileRule],
) -> Result<Vec<Warning>, Vec<LoadError>> {
    let builtin = WorldFile::builtin(data)?;
    let builtin_village = Village::new(&builtin, &data.attributes, &data.kinds, 16);
    let (world, world_file) = match world_file {
        Some((w, shown, text)) => (w, Some((shown, text))),
        None => (builtin, None),
    };
    let village = Village::new(&world, &data.attributes, &data.kinds, 16);
    let species =
        texts.into_iter().map(|(name, text)| (name.clone(), dir.join(&name).display().to_string(), text)).collect();
    let files = files.into_iter().map(|f| {
        let kind = if crate::project::is_binary_bank(&f) {
            FileKind::ShadowBank
        } else {
            read_text(&f).map_or(FileKind::Unknown, |t| FileKind::detect(&f, &t))
        };
        (f, kind)
    });
    let files = ProjectFiles { files: files.collect(), shadow_dir };
    let subject = Subject { data, species, world_file, world, village, builtin_village, files };
    let mut out = Vec::new();
    phases_desires::lint(&subject, &mut out);
    trees::lint(&subject, &mut out);
    for rule in rules {
        rule(&subject.files, &mut out);
    }
    scenarios::lint(&subject, &mut out);
    out.sort_by(|a, b| (&a.at.file, a.at.line, a.at.col, a.rule).cmp(&(&b.at.file, b.at.line, b.at.col, b.rule)));
    Ok(out)
}

/// A project's warnings, split into those it allows and the rest.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lint {
    pub warnings: Vec<Warning>,
    /// Allowed warnings, each with the reason the manifest gives.
    pub allowed: Vec<(Warning, String)>,
    /// The manifest's allow entries that name no item: each allows nothing and is a
    /// problem of `studio.ron` that lists the items it would cover.
    pub refused: Vec<LoadError>,
}

fn allowed(project: &Project, all: Vec<Warning>) -> Lint {
    let allows = &project.manifest.allow;
    let covers = |a: &Allow, w: &Warning| {
        Rule::named(&a.rule) == Some(w.rule)
            && a.file.as_ref().is_none_or(|f| same_file(&project.resolve(f), Path::new(&w.at.file)))
    };
    // The items each entry without one would cover, in the warnings' order.
    let mut unnamed: Vec<Vec<String>> = vec![Vec::new(); allows.len()];
    let mut lint = Lint::default();
    for w in all {
        for (i, a) in allows.iter().enumerate() {
            if a.item.is_none() && covers(a, &w) && !unnamed[i].contains(&w.item) {
                unnamed[i].push(w.item.clone());
            }
        }
        let allow = allows.iter().find(|a| a.item.as_ref().is_some_and(|item| *item == w.item) && covers(a, &w));
        match allow {
            Some(a) => lint.allowed.push((w, a.reason.clone())),
            None => lint.warnings.push(w),
        }
    }
    if allows.iter().any(|a| a.item.is_none()) {
        let manifest = project.root.join(MANIFEST);
        let file = manifest.display().to_string();
        let text = read_text(&manifest).unwrap_or_default();
        for (i, a) in allows.iter().enumerate().filter(|(_, a)| a.item.is_none()) {
            let items = &unnamed[i];
            let what = if items.is_empty() {
                "no warning is there for it to allow; remove it".to_owned()
            } else {
                let named: Vec<String> = items.iter().map(|item| format!("item: Some({})", ron_string(item))).collect();
                format!("name each item it is for, one entry each: {}", named.join(", "))
            };
            let message = format!(
                "this `{}` entry names no item, so it would hide every new warning of its rule too; it allows nothing until it does: {what}",
                a.rule
            );
            lint.refused.push(LoadError::at_item(&file, &text, ("allow", Some(i)), None, message));
        }
    }
    lint
}

/// `text` as a RON string, quoted and escaped, ready to paste into `studio.ron`.
fn ron_string(text: &str) -> String {
    ron::to_string(text).unwrap_or_else(|_| format!("{text:?}"))
}

/// Whether a warning's file is the one an allow entry or a path names: by the text of
/// the two paths, or as the writer knows files (device and inode).
fn same_file(a: &Path, b: &Path) -> bool {
    crate::paths::normalize(a) == crate::paths::normalize(b) || crate::file_writer::same_file(a, b)
}

/// The warnings for `paths` (files or folders), core's and those of `rules`: a project
/// folder's own, or, for a file or folder inside a project, the project's warnings about
/// it; a species folder out of any project is linted against the built-in village.
/// Problems that stop the lint (a project that does not load) are returned beside.
#[must_use]
pub fn lint_paths(paths: &[PathBuf], rules: &[FileRule]) -> (Lint, Vec<LoadError>) {
    let mut lint = Lint::default();
    let mut errors = Vec::new();
    for path in paths {
        let project_dir = path.ancestors().find(|d| d.join(MANIFEST).is_file());
        let found = match project_dir {
            Some(dir) => Project::open(dir).and_then(|p| lint_project(&p, rules)),
            None if path.join(crate::species::data::DESIRES_FILE).is_file() => {
                lint_species_dir(path).map(|warnings| Lint { warnings, ..Lint::default() })
            }
            None if path.is_file()
                && path.parent().is_some_and(|d| d.join(crate::species::data::DESIRES_FILE).is_file()) =>
            {
                let dir = path.parent().unwrap_or(Path::new("."));
                lint_species_dir(dir).map(|warnings| Lint { warnings, ..Lint::default() })
            }
            None => Ok(Lint::default()),
        };
        match found {
            Ok(found) => {
                // A project folder answers for all it uses, its species folder too.
                let whole = path.join(MANIFEST).is_file();
                let inside = |w: &Warning| {
                    whole || Path::new(&w.at.file).starts_with(path) || same_file(path, Path::new(&w.at.file))
                };
                lint.warnings.extend(found.warnings.into_iter().filter(|w| inside(w)));
                lint.allowed.extend(found.allowed.into_iter().filter(|(w, _)| inside(w)));
                // An entry without an item is the manifest's problem: said when the
                // project or its manifest is linted.
                let manifest = Path::new(found.refused.first().map_or("", |e| e.file.as_str()));
                if whole || same_file(path, manifest) {
                    lint.refused.extend(found.refused);
                }
            }
            Err(e) => errors.extend(e),
        }
    }
    lint.warnings.dedup();
    lint.allowed.dedup();
    lint.refused.dedup();
    (lint, errors)
}
