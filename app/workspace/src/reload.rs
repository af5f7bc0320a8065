//! Files changed on disk reach the studio here. [`Workspace::poll`] drains the watcher
//! and routes each changed path once: it is read once and parsed once, then a clean
//! document takes it as its new baseline, a document with unsaved edits turns it into a
//! question ([`Conflict`]), and the running preview swaps in what it runs from it. A
//! file that does not load keeps the last good version in use and is listed in the
//! problems. [`Workspace::reload`] is the whole-project version behind F5: each file
//! that changed takes the same road ([`Workspace::take_file`]).

use std::path::{Path, PathBuf};

use creature_core::error::LoadError;
use creature_core::file_reader::{Limit, read_bytes};
use creature_core::species::data::Data;

use crate::document::{DocId, DocValue, fingerprint};
use crate::file_watcher::ProjectWatcher;
use crate::folder_texts::Takers;
use crate::live_preview::canonical;
use crate::loaders::{ForPreview, LOADERS, Loaded, Target};
use crate::workspace::{Conflict, Workspace};

/// What one changed file did.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// The file loaded: the clean documents and the preview that use it took it. (A
    /// document with unsaved edits of it has a question in [`Workspace::conflicts`].)
    Reloaded { file: PathBuf },
    /// The file did not load; the last good version stays in use.
    Failed { file: PathBuf, errors: Vec<LoadError> },
    /// The file loaded and its documents took it, but the running preview cannot: its
    /// creature does not fit the new data, say. The preview runs on with what it had,
    /// and Problems says why until a later version fits.
    Refused { file: PathBuf, errors: Vec<LoadError> },
    /// The file holds what the studio last read or wrote there (the watcher saw the
    /// studio's own save): nothing changed, nothing to tell.
    Unchanged { file: PathBuf },
    /// The file is gone (deleted, or renamed away): the last good version stays in
    /// use, and Problems says so until a file is there again.
    Removed { file: PathBuf },
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

    /// Routes every file the watcher saw change since the last call, each once. A file
    /// back to what the studio knows is listed as [`Change::Unchanged`], which has
    /// nothing to tell but lets a view of the file's text follow it.
    pub fn poll(&mut self) -> Vec<Change> {
        let Some(watcher) = &self.watcher else { return Vec::new() };
        let drained = watcher.drain();
        let mut out = self.follow_folders(!drained.folders.is_empty());
        // A file under a folder that is gone is reported by the folder: the watcher
        // still names the files of a folder renamed away by its old name.
        let changed: Vec<PathBuf> =
            drained.files.into_iter().filter(|p| !self.gone_folders.iter().any(|g| p.starts_with(g))).collect();
        let errors = drained.errors;
        out.extend(changed.iter().map(|p| self.route(p)));
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

    /// Takes one changed file: reads it once (through `file_reader`) and, unless it
    /// holds what the studio knows, hands its bytes to [`Workspace::take_file`].
    pub fn route(&mut self, path: &Path) -> Change {
        let file = path.to_path_buf();
        let label = path.display().to_string();
        self.problems.retain(|e| e.file != label);
        if std::fs::symlink_metadata(path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
            self.problems.push(LoadError::whole_file(
                label,
                "the file is gone (deleted or renamed); the last good version stays in use until one is here again",
            ));
            return Change::Removed { file };
        }
        match read_bytes(path, Limit::of_path(path)) {
            Err(e) => {
                self.problems.push(e.clone());
                Change::Failed { file, errors: vec![e] }
            }
            // Back to what the studio knows (its own save, or a broken edit undone):
            // the last good version is this one, and its problems are gone.
            Ok(bytes) if self.holds_known_bytes(&canonical(path), &bytes) => Change::Unchanged { file },
            Ok(bytes) => self.take_file(path, &bytes),
        }
    }

    /// The one road of a changed file's bytes, for the watcher and F5 alike: parsed
    /// once by its kind ([`LOADERS`]) and handed to the documents and the preview that
    /// use it; what does not load, or what the running preview cannot take, is listed
    /// in the problems. A preview that cannot take what loaded never stops the
    /// documents.
    fn take_file(&mut self, path: &Path, bytes: &[u8]) -> Change {
        let file = path.to_path_buf();
        let label = path.display().to_string();
        self.problems.retain(|e| e.file != label);
        let loaded = match self.load_changed(path, &canonical(path), &label, bytes) {
            Ok(loaded) => loaded,
            Err(errors) => {
                self.problems.extend(errors.iter().cloned());
                return Change::Failed { file, errors };
            }
        };
        let preview = loaded.preview.is_some();
        match self.take_changed(path, loaded, bytes) {
            Ok(()) => Change::Reloaded { file },
            Err(errors) if preview => {
                // The file is good; the running preview is what cannot take it.
                self.problems.extend(errors.iter().map(|e| {
                    LoadError::whole_file(&label, format!("the running preview cannot take this version: {e}"))
                }));
                Change::Refused { file, errors }
            }
            Err(errors) => {
                self.problems.extend(errors.iter().cloned());
                Change::Failed { file, errors }
            }
        }
    }

    /// True when a document of the file at `canon` last read or wrote exactly `bytes`,
    /// or the studio wrote them there itself.
    fn holds_known_bytes(&self, canon: &Path, bytes: &[u8]) -> bool {
        let disk = fingerprint(bytes);
        self.docs.values().any(|d| d.disk == Some(disk) && canonical(&d.path) == canon)
            || self.own_writes.iter().any(|(p, f)| *f == disk && p == canon)
    }

    /// Notes a file the studio just wrote that no document holds: when the watcher
    /// reports it holding these bytes, it is [`Change::Unchanged`].
    pub fn wrote(&mut self, (path, bytes): (PathBuf, Vec<u8>)) {
        let canon = canonical(&path);
        let disk = fingerprint(&bytes);
        match self.own_writes.iter_mut().find(|(p, _)| *p == canon) {
            Some(slot) => slot.1 = disk,
            None => self.own_writes.push((canon, disk)),
        }
    }

    /// Parses a changed file once, by the first loader that takes it.
    pub(crate) fn load_changed(
        &self,
        path: &Path,
        canon: &Path,
        label: &str,
        bytes: &[u8],
    ) -> Result<Loaded, Vec<LoadError>> {
        let target = Target::of(self, path, canon, label);
        let loader = LOADERS.iter().find(|l| (l.takes)(self, &target));
        loader.map_or_else(|| Ok(Loaded::default()), |l| (l.load)(self, &target, bytes))
    }

    /// Gives a parsed file to its users: the document (which takes it when it holds no
    /// unsaved edits and asks otherwise) and the workspace's data, then the preview,
    /// which runs what is on disk. A species folder file takes the one road an edit of
    /// its document takes too ([`Workspace::take_folder_file`]). Only the preview can
    /// refuse it here.
    fn take_changed(&mut self, path: &Path, loaded: Loaded, bytes: &[u8]) -> Result<(), Vec<LoadError>> {
        let Loaded { doc, preview } = loaded;
        let id = self.doc_for_path(path);
        let edited_here = id.as_ref().is_some_and(|id| self.is_dirty(id));
        let taken = match preview {
            Some(ForPreview::DataFile(f)) => {
                // A save the person already chose not to take leaves the studio's edits
                // running; any other the preview runs, as it runs what is on disk.
                let declined = self.declined.iter().any(|(p, b)| p == path && b == bytes);
                self.take_folder_file(f, Takers { workspace: !edited_here, preview: !(edited_here && declined) })
            }
            Some(ForPreview::Creature(c)) => self.take_changed_creature(c),
            Some(ForPreview::World { text, world }) => {
                self.preview.as_mut().map_or(Ok(()), |p| p.reload_world_parsed(text, *world))
            }
            None => Ok(()),
        };
        if let (Some(value), Some(id)) = (doc, id) {
            self.take_into_doc(path, id, value, bytes);
        }
        taken
    }

    /// A document takes its file's new value: as its new baseline when it holds no
    /// unsaved edits, as a question when it does.
    fn take_into_doc(&mut self, path: &Path, id: DocId, value: DocValue, bytes: &[u8]) {
        let disk = fingerprint(bytes);
        let Some(doc) = self.docs.get_mut(&id) else { return };
        if !doc.is_dirty() {
            // A locked document (its file did not load when opened) takes a version that
            // loads now, even one read before.
            if doc.disk != Some(disk) || doc.locked.is_some() {
                let binary = matches!(value, DocValue::Bank(_)) && !creature_shadow::bank::Bank::is_ron_path(path);
                let keep_text = if binary { None } else { String::from_utf8(bytes.to_vec()).ok() };
                // A data document's value is in the workspace's data already: the
                // road of its folder file took it.
                doc.take_from_disk(value, keep_text, disk);
            }
            return;
        }
        let declined = self.declined.iter().any(|(p, b)| p == path && b == bytes);
        let asked = self.conflicts.iter().any(|c| c.path == path);
        // The studio's own save coming back holds nothing new to ask about.
        if doc.disk != Some(disk) && !declined && !asked {
            self.conflicts.push(Conflict { path: path.to_path_buf(), doc: id });
        }
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
            // The studio's versions of the folder's files and of the preview's creature
            // run again, by the road an edit of them takes.
            self.take_doc_edits();
        } else if let Some(id) = self.doc_for_path(path) {
            self.revert(&id);
            if let Some(doc) = self.docs.get_mut(&id) {
                doc.disk = None;
            }
            self.route(path);
        }
    }

    /// Re-reads every file the studio holds that changed on disk and re-checks the
    /// whole project: each species folder file (in the folder's order) and each open
    /// document's file takes the road of a file the watcher reports
    /// ([`Workspace::take_file`]), read and parsed once. Documents with unsaved edits
    /// keep them (nothing is asked); a file with problems keeps its last good version
    /// (the problems list it), and what the preview refuses is in
    /// [`Workspace::preview_errors`].
    pub fn reload(&mut self) {
        let Some(project) = self.project.clone() else { return };
        let dir = project.species_dir();
        let folder = Data::file_names().into_iter().map(|n| dir.join(n));
        let others: Vec<PathBuf> = self
            .docs
            .iter()
            .filter(|(id, _)| !matches!(id, DocId::Desires | DocId::Species(_)))
            .map(|(_, d)| d.path.clone())
            .collect();
        for path in folder.chain(others) {
            let Ok(bytes) = read_bytes(&path, Limit::of_path(&path)) else { continue };
            if self.reload_takes(&path, &bytes)
                && let Change::Refused { errors, .. } = self.take_file(&path, &bytes)
            {
                self.preview_errors = errors;
            }
        }
        self.refresh_files();
        self.recheck();
    }

    /// Whether F5 takes the file at `path` holding `bytes`: its document holds no
    /// unsaved edits and another version (or is locked, its file not loading when
    /// opened), or, for a species table no document holds, the folder's text of it is
    /// another.
    fn reload_takes(&self, path: &Path, bytes: &[u8]) -> bool {
        match self.doc_for_path(path).and_then(|id| self.docs.get(&id)) {
            Some(d) => !d.is_dirty() && (d.disk != Some(fingerprint(bytes)) || d.locked.is_some()),
            None => {
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                self.folder_texts.iter().all(|(n, t)| *n != name || t.as_bytes() != bytes)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use creature_core::creature::Creature;
    use creature_core::names::Species;
    use creature_core::species::data::{DESIRES_FILE, Data};

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

    /// Routes `path` and gives the files opened and texts parsed meanwhile, counted in
    /// the one reader and the one RON parser.
    fn counted_route(ws: &mut Workspace, path: &Path) -> (Change, (u64, u64)) {
        let (opened, parsed) = creature_core::io_counts::counts();
        let change = ws.route(path);
        let (o, p) = creature_core::io_counts::counts();
        (change, (o - opened, p - parsed))
    }

    #[test]
    fn a_saved_kinds_table_reaches_the_workspaces_data_and_the_preview() {
        let (_tmp, project, cow) = example_copy();
        let mut ws = Workspace::open(&project).unwrap();
        assert!(ws.start_preview(1));
        assert!(ws.data.kinds.is_empty(), "the shipped folder has no kinds of its own");
        let kinds = canonical(&cow.with_file_name("kinds.ron"));
        let text = std::fs::read_to_string(&kinds).unwrap();
        let mushroom = r#"kinds: [(name: "mushroom", answers: {"size": "small"}, affords: ["Eat"])],"#;
        std::fs::write(&kinds, text.replacen("kinds: [],", mushroom, 1)).unwrap();
        assert_eq!(ws.route(&kinds), Change::Reloaded { file: kinds.clone() });
        let names = |data: &Data| data.kinds.iter().map(|k| k.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(&ws.data), ["mushroom"], "the workspace's data follows the table on disk");
        assert_eq!(names(ws.preview.as_ref().unwrap().sim().data()), ["mushroom"]);
        assert_eq!(**ws.preview.as_ref().unwrap().sim().data(), ws.data, "the preview runs the workspace's data");
    }

    #[test]
    fn an_outside_save_of_a_species_table_is_one_read_and_one_parse_for_document_and_preview() {
        let (_tmp, project, cow) = example_copy();
        let mut ws = Workspace::open(&project).unwrap();
        assert!(ws.start_preview(1));
        let desires = canonical(&cow.with_file_name(DESIRES_FILE));
        let text = std::fs::read_to_string(&desires).unwrap();
        std::fs::write(&desires, text.replacen("steepness: 21.0", "steepness: 18.0", 1)).unwrap();
        let (change, counts) = counted_route(&mut ws, &desires);
        assert_eq!(change, Change::Reloaded { file: desires.clone() });
        assert_eq!(counts, (1, 1), "one read and one parse (files opened, texts parsed)");
        assert_eq!(ws.data.steepness, 18.0);
        assert_eq!(ws.preview.as_ref().unwrap().sim().data().steepness, 18.0);
        let DocValue::Desires(table) = &ws.docs[&DocId::Desires].value else { panic!("the desires document") };
        assert_eq!(table.steepness, 18.0);
        assert!(!ws.is_dirty(&DocId::Desires), "a new baseline");
        // The recording keeps the whole folder's texts, the new one among them, as before.
        let rec = ws.preview.as_ref().unwrap().recorder().recording();
        let Some(creature_core::recording::Change::Reload(creature_core::recording::Reload::Species(files))) =
            rec.changes.last().map(|c| &c.what)
        else {
            panic!("the reload is recorded")
        };
        assert_eq!(files.len(), Data::file_names().len());
        assert!(files.iter().any(|(n, t)| n == DESIRES_FILE && t.contains("steepness: 18.0")));

        // A species file, the preview's creature and its world: one read and one parse each.
        with_speed(&cow, "9.0");
        let cow = canonical(&cow);
        assert_eq!(counted_route(&mut ws, &cow), (Change::Reloaded { file: cow.clone() }, (1, 1)));
        assert_eq!(cow_speed(ws.preview.as_ref().unwrap().sim().data()), 9.0);
        let world = canonical(&project.join("world.ron"));
        let text = std::fs::read_to_string(&world).unwrap();
        std::fs::write(&world, text.replacen("\"aled\"", "\"aled2\"", 1)).unwrap();
        assert_eq!(counted_route(&mut ws, &world), (Change::Reloaded { file: world.clone() }, (1, 1)));
        assert!(ws.preview.as_ref().unwrap().sim().world().object("aled2").is_some());
        let path = ws.preview.as_ref().unwrap().creature_path().unwrap().to_path_buf();
        let mut c = Creature::parse("c", &std::fs::read_to_string(&path).unwrap(), &ws.data).unwrap();
        c.liking = -0.5;
        std::fs::write(&path, c.to_ron()).unwrap();
        assert_eq!(counted_route(&mut ws, &path), (Change::Reloaded { file: path.clone() }, (1, 1)));
        assert_eq!(ws.preview.as_ref().unwrap().sim().creature().liking, -0.5);
    }

    #[test]
    fn a_table_the_preview_cannot_take_is_its_own_change_and_the_document_takes_it() {
        let (_tmp, project, cow) = example_copy();
        let mut ws = Workspace::open(&project).unwrap();
        assert!(ws.start_preview(1));
        // The running creature's trees name the attributes of the folder it was saved
        // with: an attribute renamed loads (the template does not name it) but the
        // creature no longer fits.
        let preview = ws.preview.as_ref().unwrap();
        let running = preview.sim().creature().clone();
        let named: Vec<&String> =
            ws.data.attributes.iter().skip(6).filter(|a| running.to_ron().contains(&format!("\"{a}\""))).collect();
        let template = std::fs::read_to_string(cow.with_file_name("template.ron")).unwrap();
        let Some(attr) = named.into_iter().find(|a| !template.contains(&format!("\"{a}\""))).cloned() else {
            panic!("the example creature names an attribute the template does not")
        };
        let attributes = canonical(&cow.with_file_name("attributes.ron"));
        let text = std::fs::read_to_string(&attributes).unwrap();
        std::fs::write(&attributes, text.replacen(&format!("\"{attr}\""), "\"renamed_attribute\"", 1)).unwrap();
        let Change::Refused { errors, .. } = ws.route(&attributes) else { panic!("the preview refuses it") };
        assert!(!errors.is_empty());
        assert!(ws.data.attributes.iter().any(|a| a == "renamed_attribute"), "the workspace took the table");
        assert!(ws.preview.as_ref().unwrap().sim().data().attributes.contains(&attr), "the preview runs on as it was");
        let shown: Vec<_> = ws.problems.iter().filter(|e| e.file.ends_with("attributes.ron")).collect();
        assert!(!shown.is_empty() && shown[0].message.contains("the running preview cannot take"), "{:?}", ws.problems);
        // The old table back: taken, and the problem gone.
        std::fs::write(&attributes, &text).unwrap();
        assert_eq!(ws.route(&attributes), Change::Reloaded { file: attributes.clone() });
        assert!(!ws.problems.iter().any(|e| e.file.ends_with("attributes.ron")), "{:?}", ws.problems);
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

    #[test]
    fn f5_takes_a_changed_creature_save_to_its_document_and_the_preview_parsing_only_it() {
        let (_tmp, project, _) = example_copy();
        let mut ws = Workspace::open(&project).unwrap();
        assert!(ws.start_preview(1));
        let path = ws.preview.as_ref().unwrap().creature_path().unwrap().to_path_buf();
        let id = ws.open_creature(&path).unwrap();
        let mut c = ws.creature(&id).unwrap().clone();
        c.liking = -0.75;
        // Another program saves it and no watcher reports it: F5 finds it.
        std::fs::write(&path, c.to_ron()).unwrap();
        let (_, parsed) = creature_core::io_counts::counts();
        ws.reload();
        // `recheck` then checks the whole project by its own reads: counted apart.
        assert_eq!(ws.creature(&id).unwrap().liking, -0.75, "the clean document takes it");
        assert_eq!(ws.preview.as_ref().unwrap().sim().creature().liking, -0.75, "and the preview");
        assert!(!ws.is_dirty(&id));
        let parsed_by_reload = creature_core::io_counts::counts().1 - parsed;
        let (_, before_check) = creature_core::io_counts::counts();
        ws.recheck();
        let checking = creature_core::io_counts::counts().1 - before_check;
        assert_eq!(parsed_by_reload, checking + 1, "only the changed save is parsed, besides the check");
        // Nothing changed since: F5 parses nothing but its check, and the preview is not
        // given the same creature again.
        let changes = ws.preview.as_ref().unwrap().recorder().recording().changes.len();
        ws.reload();
        assert_eq!(ws.preview.as_ref().unwrap().recorder().recording().changes.len(), changes);
        // An unsaved edit is kept over a save on disk, and nothing is asked.
        ws.apply(crate::edit::Edit::Liking { creature: id.clone(), value: 0.5 }).unwrap();
        c.liking = 0.25;
        std::fs::write(&path, c.to_ron()).unwrap();
        ws.reload();
        assert_eq!(ws.creature(&id).unwrap().liking, 0.5);
        assert!(ws.conflicts.is_empty());
        assert_eq!(ws.preview.as_ref().unwrap().sim().creature().liking, 0.5, "the preview runs the edit");
    }
}
