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
//! Rules over files whose formats live outside core come in as [`FileRule`]s from the
//! caller, and run beside core's own.

mod phases_desires;
mod scenarios;
mod trees;

pub use crate::guest::{FileRule, ProjectFiles};
pub use crate::lint_rules::{Allow, Rule, Warning, check_allows};

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::error::LoadError;
use crate::file_kind::FileKind;
use crate::file_reader::read_text;
use crate::project::{MANIFEST, Project};
use crate::species::data::Data;
use crate::world::file::WorldFile;
use crate::world::village::Village;

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
    /// The project's other studio files and its folder for guests' files.
    pub files: ProjectFiles,
}

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
    let guest_dir = project.guest_dir();
    let files = project.files();
    let all = lint_with(&data, &dir, texts, world_file, files, Some(guest_dir), rules)?;
    // An entry is judged unused only by the rules that ran: core's always, the file
    // rules' when given.
    Ok(allowed(project, all, |r| !r.by_file_rule() || !rules.is_empty()))
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
    guest_dir: Option<PathBuf>,
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
        let kind = match crate::project::guest_by_bytes(&f) {
            Some(guest) => FileKind::Guest(guest.name),
            None => read_text(&f).map_or(FileKind::Unknown, |t| FileKind::detect(&f, &t)),
        };
        (f, kind)
    });
    let files = ProjectFiles { files: files.collect(), guest_dir };
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

/// How an allow entry's file and a warning's file are told to be one, each looked up
/// once: by the path's text with `.` and `..` taken out, or by device and inode.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum FileKey {
    Path(PathBuf),
    Inode(u64, u64),
}

/// The keys of the file at `path`: its path's, and its inode's when it is there.
fn file_keys(path: &Path) -> Vec<Option<FileKey>> {
    let mut keys = vec![Some(FileKey::Path(crate::paths::normalize(path)))];
    #[cfg(unix)]
    if let Ok(m) = std::fs::metadata(path) {
        use std::os::unix::fs::MetadataExt;
        keys.push(Some(FileKey::Inode(m.dev(), m.ino())));
    }
    keys
}

/// A project's allow entries, indexed so that each warning finds its entries in one
/// look: by rule, item and file (`None`: any file).
struct AllowIndex<'a> {
    /// The first entry naming (rule, item) for a file.
    named: HashMap<(Rule, &'a str), HashMap<Option<FileKey>, usize>>,
    /// The entries without an item, by rule and file.
    unnamed: HashMap<Scope, Vec<usize>>,
}

/// A rule over one file (`None`: any file), as an allow entry names them.
type Scope = (Rule, Option<FileKey>);

impl<'a> AllowIndex<'a> {
    fn new(project: &Project, allows: &'a [Allow]) -> Self {
        let mut index = AllowIndex { named: HashMap::new(), unnamed: HashMap::new() };
        for (i, a) in allows.iter().enumerate() {
            let Some(rule) = Rule::named(&a.rule) else { continue };
            let scopes = a.file.as_ref().map_or_else(|| vec![None], |f| file_keys(&project.resolve(f)));
            for scope in scopes {
                match &a.item {
                    Some(item) => {
                        index.named.entry((rule, item.as_str())).or_default().entry(scope).or_insert(i);
                    }
                    None => index.unnamed.entry((rule, scope)).or_default().push(i),
                }
            }
        }
        index
    }
}

fn allowed(project: &Project, all: Vec<Warning>, rules_run: impl Fn(Rule) -> bool) -> Lint {
    let allows = &project.manifest.allow;
    let index = AllowIndex::new(project, allows);
    // The files of the warnings, each looked at once.
    let mut keys_of: HashMap<String, Vec<Option<FileKey>>> = HashMap::new();
    // The items each scope of the entries without one would cover, in the warnings'
    // order; and whether each entry with an item allowed a warning.
    let mut covered: HashMap<Scope, Vec<(usize, String)>> = HashMap::new();
    let mut used = vec![false; allows.len()];
    let mut lint = Lint::default();
    for (n, w) in all.into_iter().enumerate() {
        let keys = keys_of.entry(w.at.file.clone()).or_insert_with(|| file_keys(Path::new(&w.at.file)));
        let scopes = || std::iter::once(None).chain(keys.iter().cloned());
        for scope in scopes() {
            if index.unnamed.contains_key(&(w.rule, scope.clone())) {
                covered.entry((w.rule, scope)).or_default().push((n, w.item.clone()));
            }
        }
        let entry =
            index.named.get(&(w.rule, w.item.as_str())).and_then(|by| scopes().filter_map(|s| by.get(&s)).min());
        match entry {
            Some(&i) => {
                used[i] = true;
                lint.allowed.push((w, allows[i].reason.clone()));
            }
            None => lint.warnings.push(w),
        }
    }
    let manifest = project.root.join(MANIFEST);
    let file = manifest.display().to_string();
    let judged = |a: &Allow| a.item.is_some() && Rule::named(&a.rule).is_some_and(&rules_run);
    if !allows.iter().enumerate().any(|(i, a)| a.item.is_none() || (judged(a) && !used[i])) {
        return lint;
    }
    // One placer for the manifest: every entry placed by the positions of one pass.
    let text = read_text(&manifest).unwrap_or_default();
    let placer = crate::ronpos::Placer::new(&text);
    let mut unnamed: HashMap<usize, Vec<(usize, String)>> = HashMap::new();
    for ((rule, scope), entries) in &index.unnamed {
        let Some(list) = covered.get(&(*rule, scope.clone())) else { continue };
        for &i in entries {
            unnamed.entry(i).or_default().extend(list.iter().cloned());
        }
    }
    for (i, a) in allows.iter().enumerate() {
        if a.item.is_none() {
            let mut items = unnamed.remove(&i).unwrap_or_default();
            items.sort();
            let mut seen = std::collections::HashSet::new();
            items.retain(|(_, item)| seen.insert(item.clone()));
            let what = if items.is_empty() {
                "no warning is there for it to allow; remove it".to_owned()
            } else {
                let named: Vec<String> =
                    items.iter().map(|(_, item)| format!("item: Some({})", ron_string(item))).collect();
                format!("name each item it is for, one entry each: {}", named.join(", "))
            };
            let message = format!(
                "this `{}` entry names no item, so it would hide every new warning of its rule too; it allows nothing until it does: {what}",
                a.rule
            );
            let (line, col) = placer.item("allow", i, None);
            lint.refused.push(LoadError::new(&file, line, col, message));
        } else if judged(a) && !used[i] {
            let item = a.item.clone().unwrap_or_default();
            let message = format!(
                "this allow of `{}` for {} matches no warning{}: what it allowed is gone, or it names another item or file; remove it",
                a.rule,
                ron_string(&item),
                a.file.as_ref().map_or(String::new(), |f| format!(" in {}", f.display())),
            );
            lint.warnings.push(Warning::new(
                Rule::UnusedAllow,
                &file,
                placer.item("allow", i, Some("item")),
                item,
                message,
            ));
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
