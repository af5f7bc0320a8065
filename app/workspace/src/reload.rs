//! Files changed on disk reach the studio here. [`Workspace::poll`] drains the watcher
//! and routes each changed path once: it is read once and parsed once, then a clean
//! document takes it as its new baseline, a document with unsaved edits turns it into a
//! question ([`Conflict`]), and the running preview swaps in what it runs from it. A
//! file that does not load keeps the last good version in use and is listed in the
//! problems. [`Workspace::reload`] is the whole-project version behind F5.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::data::{DESIRES_FILE, Data, DesireTable};
use creature_core::error::LoadError;
use creature_core::file_reader::{Limit, read_bytes};
use creature_core::mind::script::LessonScript;
use creature_core::names::Species;
use creature_core::project::check_file;
use creature_core::shadow::bank::Bank;
use creature_core::shadow::schema::Schema;
use creature_core::species::parse_species;
use creature_core::world::file::WorldFile;

use crate::checkers::checkers;
use crate::document::{DocId, DocValue, SharedBank, fingerprint};
use crate::file_watcher::ProjectWatcher;
use crate::live_preview::canonical;
use crate::species_dir::load_species_dir;
use crate::workspace::{Conflict, Workspace};

/// What one changed file did.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// The file loaded: the clean documents and the preview that use it took it. (A
    /// document with unsaved edits of it has a question in [`Workspace::conflicts`].)
    Reloaded { file: PathBuf },
    /// The file did not load; the last good version stays in use.
    Failed { file: PathBuf, errors: Vec<LoadError> },
    /// The file holds what the studio last read or wrote there (the watcher saw the
    /// studio's own save): nothing changed, nothing to tell.
    Unchanged { file: PathBuf },
    /// The file is gone (deleted, or renamed away): the last good version stays in
    /// use, and Problems says so until a file is there again.
    Removed { file: PathBuf },
}

/// A changed file, parsed once, in the form its users take.
enum Parsed {
    /// One species file of the species folder.
    Species(Species, Box<creature_core::species::SpeciesDef>),
    /// A table of the species folder: the whole folder as it now loads.
    Tables(Box<Data>),
    Creature(Box<Creature>),
    /// The preview's world, checked: the preview takes it by its text.
    World,
    Lesson(Box<LessonScript>),
    Schema(Box<Schema>),
    Bank(Arc<Bank>),
    /// A file no document and no preview uses: only checked.
    Checked,
}

impl Parsed {
    /// The value a document of the file takes, for the kinds a document holds whole.
    fn into_doc_value(self) -> Option<DocValue> {
        match self {
            Parsed::Species(_, def) => Some(DocValue::Species(def)),
            Parsed::Creature(c) => Some(DocValue::Creature(c)),
            Parsed::Lesson(l) => Some(DocValue::Lesson(l)),
            Parsed::Schema(sc) => Some(DocValue::Schema(sc)),
            Parsed::Bank(b) => Some(DocValue::Bank(SharedBank(b))),
            Parsed::Tables(_) | Parsed::World | Parsed::Checked => None,
        }
    }
}

impl Workspace {
    /// Starts watching the project folder and its species folder; `wake` is called
    /// after each batch of changes (the editor asks for a redraw, so a save reaches an
    /// idle window at once).
    pub fn watch(&mut self, wake: impl Fn() + Send + 'static) -> notify::Result<()> {
        let Some(project) = &self.project else { return Ok(()) };
        let roots = [project.root.clone(), project.species_dir()];
        self.watcher = Some(ProjectWatcher::with_waker(&roots, wake)?);
        Ok(())
    }

    /// True when the workspace is watching its folders.
    pub fn is_watching(&self) -> bool {
        self.watcher.is_some()
    }

    /// Routes every file the watcher saw change since the last call, each once.
    pub fn poll(&mut self) -> Vec<Change> {
        let Some(watcher) = &self.watcher else { return Vec::new() };
        let (changed, errors) = watcher.drain();
        let mut out: Vec<Change> =
            changed.iter().map(|p| self.route(p)).filter(|c| !matches!(c, Change::Unchanged { .. })).collect();
        if changed.iter().any(|p| !self.files.contains(p)) {
            self.refresh_files();
        }
        if let Some(root) = self.project.as_ref().map(|p| p.root.clone()) {
            for e in errors {
                let errors = vec![LoadError::whole_file(root.display().to_string(), e)];
                out.push(Change::Failed { file: root.clone(), errors });
            }
        }
        out
    }

    /// Takes one changed file: reads and parses it once and hands the result to the
    /// documents and the preview that use it.
    pub fn route(&mut self, path: &Path) -> Change {
        let file = path.to_path_buf();
        let label = path.display().to_string();
        let canon = canonical(path);
        if std::fs::symlink_metadata(path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
            self.problems.retain(|e| e.file != label);
            self.problems.push(LoadError::whole_file(
                label,
                "the file is gone (deleted or renamed); the last good version stays in use until one is here again",
            ));
            return Change::Removed { file };
        }
        let result = match read_bytes(path, Limit::of_path(path)) {
            Err(e) => Err(vec![e]),
            // Back to what the studio knows (its own save, or a broken edit undone):
            // the last good version is this one, and its problems are gone.
            Ok(bytes) if self.holds_known_bytes(&canon, &bytes) => {
                self.problems.retain(|e| e.file != label);
                return Change::Unchanged { file };
            }
            Ok(bytes) => self
                .parse_changed(path, &canon, &label, &bytes)
                .and_then(|parsed| self.take_changed(path, &canon, parsed, &bytes)),
        };
        self.problems.retain(|e| e.file != label);
        match result {
            Ok(()) => Change::Reloaded { file },
            Err(errors) => {
                self.problems.extend(errors.iter().cloned());
                Change::Failed { file, errors }
            }
        }
    }

    /// True when a document of the file at `canon` last read or wrote exactly `bytes`.
    fn holds_known_bytes(&self, canon: &Path, bytes: &[u8]) -> bool {
        let disk = fingerprint(bytes);
        self.docs.values().any(|d| d.disk == Some(disk) && canonical(&d.path) == canon)
    }

    /// Parses a changed file in the form that fits it.
    fn parse_changed(&self, path: &Path, canon: &Path, label: &str, bytes: &[u8]) -> Result<Parsed, Vec<LoadError>> {
        let text =
            || String::from_utf8(bytes.to_vec()).map_err(|_| vec![LoadError::whole_file(label, "expected UTF-8 text")]);
        let doc = self.doc_for_path(path);
        if let Some(species_dir) = self.project.as_ref().map(|p| canonical(&p.species_dir()))
            && canon.parent() == Some(species_dir.as_path())
        {
            let name = canon.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if let Some(s) = Species::ALL.iter().find(|s| format!("{}.ron", s.file_stem()) == name) {
                return Ok(Parsed::Species(*s, Box::new(parse_species(label, &text()?, *s)?)));
            }
            if matches!(doc, Some(DocId::Desires)) || is_table(name) {
                // The tables check each other (desires name actions, the template names
                // attributes), so a table is checked as part of its folder.
                let data = Data::load_dir(&species_dir)?;
                return Ok(Parsed::Tables(Box::new(data)));
            }
        }
        let preview_creature = self.preview.as_ref().is_some_and(|p| p.runs_creature(canon));
        if preview_creature || matches!(doc, Some(DocId::Creature(_))) {
            return Ok(Parsed::Creature(Box::new(Creature::parse(label, &text()?, &self.data)?)));
        }
        if self.preview.as_ref().is_some_and(|p| p.runs_world(canon)) {
            WorldFile::parse(label, &text()?, &self.data)?;
            return Ok(Parsed::World);
        }
        match doc {
            Some(DocId::Lesson(_)) => {
                return Ok(Parsed::Lesson(Box::new(LessonScript::parse(label, &text()?, &self.data)?)));
            }
            Some(DocId::Schema(_)) => {
                return Ok(Parsed::Schema(Box::new(Schema::parse(label, &text()?).map_err(|e| vec![e])?)));
            }
            _ => {}
        }
        if matches!(doc, Some(DocId::Bank(_))) || path.extension().is_some_and(|x| x == "bank") {
            // A binary bank has no text for the checkers; loading it checks it.
            return Ok(Parsed::Bank(Arc::new(Bank::from_bytes(path, bytes).map_err(|e| vec![e])?)));
        }
        let errors = check_file(path, &self.data, &checkers());
        if errors.is_empty() { Ok(Parsed::Checked) } else { Err(errors) }
    }

    /// Gives a parsed file to its users: the preview first (it runs what is on disk),
    /// then the document, which takes it when it holds no unsaved edits and asks
    /// otherwise.
    fn take_changed(&mut self, path: &Path, canon: &Path, parsed: Parsed, bytes: &[u8]) -> Result<(), Vec<LoadError>> {
        let text = String::from_utf8(bytes.to_vec()).ok();
        let disk = fingerprint(bytes);
        let (id, value) = match parsed {
            Parsed::Species(s, def) => {
                if let Some(p) = &mut self.preview {
                    p.reload_species(&[(file_name(canon), text.clone().unwrap_or_default())])?;
                }
                (Some(DocId::Species(s)), Some(DocValue::Species(def)))
            }
            Parsed::Tables(data) => {
                if let Some(p) = &mut self.preview {
                    p.reload_species(&[(file_name(canon), text.clone().unwrap_or_default())])?;
                }
                self.data.actions = data.actions.clone();
                self.data.attributes = data.attributes.clone();
                self.data.phases = data.phases.clone();
                self.data.template = data.template.clone();
                let is_desires = canon.file_name().is_some_and(|n| n == DESIRES_FILE);
                let table = DesireTable { steepness: data.steepness, desires: data.desires };
                (is_desires.then_some(DocId::Desires), Some(DocValue::Desires(table)))
            }
            Parsed::Creature(c) => {
                if let Some(p) = &mut self.preview
                    && p.runs_creature(canon)
                {
                    p.reload_creature(c.to_ron())?;
                    self.synced_creature = Some((*c).clone());
                }
                (self.doc_for_path(path), Some(DocValue::Creature(c)))
            }
            Parsed::World => {
                if let Some(p) = &mut self.preview {
                    p.reload_world(text.clone().unwrap_or_default())?;
                }
                (None, None)
            }
            parsed @ (Parsed::Lesson(_) | Parsed::Schema(_) | Parsed::Bank(_)) => {
                (self.doc_for_path(path), parsed.into_doc_value())
            }
            Parsed::Checked => (None, None),
        };
        let (Some(id), Some(value)) = (id, value) else { return Ok(()) };
        let Some(doc) = self.docs.get_mut(&id) else { return Ok(()) };
        if !doc.is_dirty() {
            if doc.disk != Some(disk) {
                let keep_text = if matches!(value, DocValue::Bank(_)) { None } else { text };
                doc.take_from_disk(value, keep_text, disk);
                self.sync_data(&id);
            }
            return Ok(());
        }
        let declined = self.declined.iter().any(|(p, b)| p == path && b == bytes);
        let asked = self.conflicts.iter().any(|c| c.path == path);
        // The studio's own save coming back holds nothing new to ask about.
        if doc.disk != Some(disk) && !declined && !asked {
            self.conflicts.push(Conflict { path: path.to_path_buf(), doc: id });
        }
        Ok(())
    }

    /// Answers the "changed on disk while edited here" question for `path`: keep the
    /// studio's edits (the file on disk stays as it is, and the preview runs the
    /// studio's version again) or take the file on disk (the edits are dropped).
    pub fn resolve(&mut self, path: &Path, keep_studio: bool) {
        self.conflicts.retain(|c| c.path != path);
        if keep_studio {
            let disk = read_bytes(path, Limit::of_path(path)).unwrap_or_default();
            self.declined.retain(|(p, _)| p != path);
            self.declined.push((path.to_path_buf(), disk));
            self.synced_creature = None;
            self.push_edits_to_preview();
        } else if let Some(id) = self.doc_for_path(path) {
            self.revert(&id);
            if let Some(doc) = self.docs.get_mut(&id) {
                doc.disk = None;
            }
            self.route(path);
        }
    }

    /// Re-reads every document without unsaved edits from disk, and re-checks the whole
    /// project. Dirty documents keep their edits.
    pub fn reload(&mut self) {
        let Some(project) = self.project.clone() else { return };
        let dir = project.species_dir();
        let (data, texts, broken) = load_species_dir(&dir);
        let fresh: Vec<(DocId, DocValue, Option<String>, bool)> = std::iter::once((
            DocId::Desires,
            DocValue::Desires(DesireTable { steepness: data.steepness, desires: data.desires.clone() }),
            texts.get(DESIRES_FILE).cloned(),
            broken.iter().any(|b| b == DESIRES_FILE),
        ))
        .chain(data.species.iter().map(|s| {
            let name = format!("{}.ron", s.name.file_stem());
            (
                DocId::Species(s.name),
                DocValue::Species(Box::new(s.clone())),
                texts.get(&name).cloned(),
                broken.contains(&name),
            )
        }))
        .collect();
        self.data.actions = data.actions;
        self.data.attributes = data.attributes;
        self.data.phases = data.phases;
        self.data.template = data.template;
        for (id, value, text, is_broken) in fresh {
            if let Some(doc) = self.docs.get_mut(&id)
                && !doc.is_dirty()
                && !is_broken
            {
                let disk = text.as_deref().map_or(0, |t| fingerprint(t.as_bytes()));
                if doc.disk != Some(disk) || doc.locked.is_some() {
                    doc.take_from_disk(value, text, disk);
                    self.sync_data(&id);
                }
            }
        }
        self.reload_files();
        self.refresh_files();
        self.recheck();
    }

    /// Re-reads the creature, lesson, schema and bank documents without unsaved edits
    /// whose files changed. A file that does not load leaves the document as it was
    /// (`recheck` lists why).
    fn reload_files(&mut self) {
        let ids: Vec<DocId> =
            self.docs.keys().filter(|id| !matches!(id, DocId::Desires | DocId::Species(_))).cloned().collect();
        for id in ids {
            let Some(doc) = self.docs.get(&id) else { continue };
            if doc.is_dirty() {
                continue;
            }
            let path = doc.path.clone();
            let Ok(bytes) = read_bytes(&path, Limit::of_path(&path)) else { continue };
            let disk = fingerprint(&bytes);
            if doc.disk == Some(disk) {
                continue; // unchanged: a bank is not parsed again for every reload
            }
            // The same parse as a file the watcher reports; a file that does not load
            // leaves the document as it was.
            let Ok(parsed) = self.parse_changed(&path, &canonical(&path), &path.display().to_string(), &bytes) else {
                continue;
            };
            let value = parsed.into_doc_value();
            let keep_text = if matches!(id, DocId::Bank(_)) { None } else { String::from_utf8(bytes).ok() };
            if let (Some(value), Some(doc)) = (value, self.docs.get_mut(&id)) {
                doc.take_from_disk(value, keep_text, disk);
            }
        }
    }
}

/// True for the species folder's tables (the species files aside).
fn is_table(name: &str) -> bool {
    use creature_core::data::{ACTIONS_FILE, ATTRIBUTES_FILE, PHASES_FILE, TEMPLATE_FILE};
    [DESIRES_FILE, ACTIONS_FILE, ATTRIBUTES_FILE, PHASES_FILE, TEMPLATE_FILE].contains(&name)
}

/// The file name of a path, as the species folder's files are named in a recording.
fn file_name(p: &Path) -> String {
    p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use creature_core::names::Species;

    use super::*;

    fn repo() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    fn copy_dir(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap().flatten() {
            let target = to.join(e.file_name());
            if e.path().is_dir() {
                copy_dir(&e.path(), &target);
            } else {
                std::fs::copy(e.path(), target).unwrap();
            }
        }
    }

    /// A copy of the example project beside a copy of the species folder, laid out as
    /// in the repository.
    fn example_copy() -> (tempfile::TempDir, PathBuf, PathBuf) {
        let tmp = tempfile::tempdir().unwrap();
        copy_dir(&repo().join("species"), &tmp.path().join("species"));
        let project = tmp.path().join("projects/example");
        copy_dir(&repo().join("projects/example"), &project);
        let cow = tmp.path().join("species/cow.ron");
        (tmp, project, cow)
    }

    /// Writes the repository's Cow with another speed into `cow`.
    fn with_speed(cow: &Path, speed: &str) {
        let original = std::fs::read_to_string(repo().join("species/cow.ron")).unwrap();
        let text = original.replace("speed: 3.0", &format!("speed: {speed}"));
        std::fs::write(cow, text).unwrap();
    }

    fn cow_speed(data: &Data) -> f64 {
        data.species(Species::Cow).body.speed
    }

    #[test]
    fn a_species_save_reaches_the_preview_and_its_clean_document_as_a_new_baseline() {
        let (_tmp, project, cow) = example_copy();
        let mut ws = Workspace::open(&project).unwrap();
        assert!(ws.start_preview(1));
        with_speed(&cow, "12.0");
        let cow = canonical(&cow);
        assert_eq!(ws.route(&cow), Change::Reloaded { file: cow.clone() });
        assert_eq!(cow_speed(&ws.data), 12.0);
        assert_eq!(cow_speed(ws.preview.as_ref().unwrap().sim().data()), 12.0);
        let id = DocId::Species(Species::Cow);
        assert!(!ws.is_dirty(&id) && ws.conflicts.is_empty());
        ws.snapshot();
        assert!(!ws.can_undo(), "a reload is a new baseline, not an edit to undo");
        assert!(!ws.changed_on_disk(&id), "the document knows the file as it is now");
    }

    #[test]
    fn a_save_under_unsaved_edits_is_a_question_and_the_preview_runs_the_file() {
        let (_tmp, project, cow) = example_copy();
        let mut ws = Workspace::open(&project).unwrap();
        assert!(ws.start_preview(1));
        let edit = crate::edit::Edit::Body { species: Species::Cow, field: crate::edit::BodyField::Speed, value: 5.0 };
        ws.apply(edit).unwrap();
        with_speed(&cow, "12.0");
        let cow = canonical(&cow);
        assert_eq!(ws.route(&cow), Change::Reloaded { file: cow.clone() });
        assert_eq!(ws.conflicts, vec![Conflict { path: cow.clone(), doc: DocId::Species(Species::Cow) }]);
        assert_eq!(cow_speed(&ws.data), 5.0, "the studio's edit is kept until the person answers");
        assert_eq!(cow_speed(ws.preview.as_ref().unwrap().sim().data()), 12.0);
        ws.route(&cow);
        assert_eq!(ws.conflicts.len(), 1, "the same save is asked about once");

        ws.resolve(&cow, true);
        assert!(ws.conflicts.is_empty());
        assert_eq!(cow_speed(ws.preview.as_ref().unwrap().sim().data()), 5.0, "the kept edits run again");
        ws.route(&cow);
        assert!(ws.conflicts.is_empty(), "a declined file is not asked about again");

        with_speed(&cow, "7.0");
        ws.route(&cow);
        ws.resolve(&cow, false);
        assert_eq!(cow_speed(&ws.data), 7.0, "taking the file drops the edits");
        assert!(!ws.is_dirty(&DocId::Species(Species::Cow)));
    }

    #[test]
    fn a_deleted_file_is_a_problem_and_the_preview_runs_on_its_last_good_version() {
        let (_tmp, project, cow) = example_copy();
        let mut ws = Workspace::open(&project).unwrap();
        assert!(ws.start_preview(1));
        let cow = canonical(&cow);
        std::fs::remove_file(&cow).unwrap();
        assert_eq!(ws.route(&cow), Change::Removed { file: cow.clone() });
        let gone: Vec<_> = ws.problems.iter().filter(|e| e.file.ends_with("cow.ron")).collect();
        assert!(gone.len() == 1 && gone[0].message.contains("the file is gone"), "{:?}", ws.problems);
        let preview = ws.preview.as_mut().unwrap();
        let before = preview.sim_time();
        preview.advance(1.0);
        assert!(preview.sim_time() > before, "the preview runs on");
        assert_eq!(cow_speed(ws.preview.as_ref().unwrap().sim().data()), 3.0);
        // The file back: the problem goes.
        std::fs::copy(repo().join("species/cow.ron"), &cow).unwrap();
        ws.route(&cow);
        assert!(!ws.problems.iter().any(|e| e.file.ends_with("cow.ron")), "{:?}", ws.problems);
    }

    #[cfg(unix)]
    #[test]
    fn a_pipe_in_place_of_a_file_fails_to_reload_at_once() {
        let (_tmp, project, cow) = example_copy();
        let mut ws = Workspace::open(&project).unwrap();
        assert!(ws.start_preview(1));
        let cow = canonical(&cow);
        std::fs::remove_file(&cow).unwrap();
        assert!(std::process::Command::new("mkfifo").arg(&cow).status().unwrap().success());
        let Change::Failed { errors, .. } = ws.route(&cow) else { panic!("a pipe does not load") };
        assert!(errors[0].message.contains("not a regular file"), "{errors:?}");
        assert_eq!(cow_speed(ws.preview.as_ref().unwrap().sim().data()), 3.0);
    }

    #[test]
    fn a_broken_save_keeps_the_last_good_version_and_is_a_problem() {
        let (_tmp, project, cow) = example_copy();
        let mut ws = Workspace::open(&project).unwrap();
        assert!(ws.start_preview(1));
        std::fs::write(&cow, "(name: \"Cow\", traits: oops)").unwrap();
        let cow = canonical(&cow);
        let Change::Failed { errors, .. } = ws.route(&cow) else { panic!("a broken file fails") };
        assert!(errors[0].line >= 1 && errors[0].file.ends_with("cow.ron"), "{errors:?}");
        assert!(ws.problems.iter().any(|e| e.file.ends_with("cow.ron")));
        assert_eq!(cow_speed(ws.preview.as_ref().unwrap().sim().data()), 3.0);
        assert_eq!(cow_speed(&ws.data), 3.0);
        std::fs::copy(repo().join("species/cow.ron"), &cow).unwrap();
        // The good file again is the version the studio runs: nothing to reload.
        assert_eq!(ws.route(&cow), Change::Unchanged { file: cow.clone() });
        assert!(!ws.problems.iter().any(|e| e.file.ends_with("cow.ron")), "a good save clears the problem");
        std::fs::write(&cow, std::fs::read_to_string(&cow).unwrap().replace("speed: 3.0", "speed: 4.0")).unwrap();
        assert_eq!(ws.route(&cow), Change::Reloaded { file: cow.clone() });
    }

    #[test]
    fn the_studios_own_save_is_not_reported_as_a_reload() {
        let (_tmp, project, cow) = example_copy();
        let mut ws = Workspace::open(&project).unwrap();
        let edit = crate::edit::Edit::Body { species: Species::Cow, field: crate::edit::BodyField::Speed, value: 5.0 };
        let id = ws.apply(edit).unwrap();
        ws.save(&id).unwrap();
        assert!(std::fs::read_to_string(&cow).unwrap().contains("speed: 5.0"));
        assert_eq!(ws.route(&canonical(&cow)), Change::Unchanged { file: canonical(&cow) });
        assert_eq!(cow_speed(&ws.data), 5.0);
    }

    #[test]
    fn creature_and_world_saves_reach_the_preview() {
        let (_tmp, project, _) = example_copy();
        let mut ws = Workspace::open(&project).unwrap();
        assert!(ws.start_preview(1));
        let world = canonical(&project.join("world.ron"));
        let text = std::fs::read_to_string(&world).unwrap();
        let renamed = text.replacen("\"aled\"", "\"aled2\"", 1);
        assert_ne!(text, renamed, "the example world has Aled");
        std::fs::write(&world, renamed).unwrap();
        assert_eq!(ws.route(&world), Change::Reloaded { file: world.clone() });
        assert!(ws.preview.as_ref().unwrap().sim().world().object("aled2").is_some());

        let path = ws.preview.as_ref().unwrap().creature_path().unwrap().to_path_buf();
        let id = ws.open_creature(&path).unwrap();
        let mut c = ws.creature(&id).unwrap().clone();
        c.liking = -0.75;
        std::fs::write(&path, c.to_ron()).unwrap();
        assert_eq!(ws.route(&path), Change::Reloaded { file: path.clone() });
        assert_eq!(ws.preview.as_ref().unwrap().sim().creature().liking, -0.75);
        assert_eq!(ws.creature(&id).unwrap().liking, -0.75);
    }

    #[test]
    fn documents_follow_their_files_when_the_preview_cannot_start() {
        let (_tmp, project, cow) = example_copy();
        std::fs::write(project.join("world.ron"), "(objects: [oops").unwrap();
        let mut ws = Workspace::open(&project).unwrap();
        assert!(!ws.start_preview(1), "a broken world stops the preview");
        assert!(!ws.preview_errors.is_empty());
        ws.watch(|| {}).unwrap();
        std::thread::sleep(Duration::from_millis(50));
        with_speed(&cow, "12.0");
        let start = Instant::now();
        let mut changes = Vec::new();
        while changes.is_empty() && start.elapsed() < Duration::from_secs(10) {
            changes = ws.poll();
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(matches!(&changes[..], [Change::Reloaded { file }] if file.ends_with("cow.ron")), "{changes:?}");
        assert_eq!(cow_speed(&ws.data), 12.0);
    }
}
