//! The open project as documents: one per file the editor can change, each with its
//! saved baseline (for the dirty marker), its text on disk (so that a save changes only
//! what was edited) and its own undo history. No egui widgets here: the panels read a
//! [`Workspace`] and send [`Edit`]s, which [`Workspace::apply`] carries out.
//!
//! The shadow tools' schema and replay banks are documents too, so their edits share the
//! app-wide undo, the dirty markers, Save All and the "changed on disk" question.

mod game;
#[cfg(test)]
mod hand_bank_tests;
mod history;
mod opening;
mod saving;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::error::LoadError;
use creature_core::file_reader::{Limit, read_bytes, read_text};
use creature_core::mind::script::LessonScript;
use creature_core::project::{FileKind, Project, check_paths};
use creature_core::species::data::{DESIRES_FILE, Data, DesireTable};
use creature_shadow::bank::Bank;
use creature_shadow::schema::Schema;

use self::history::History;
use crate::checkers::{LINT_RULES, checkers};
use crate::document::{Doc, DocId, DocValue, fingerprint};
use crate::edit::Edit;
use crate::file_watcher::ProjectWatcher;
use crate::live_preview::{LivePreview, canonical};
use crate::reduce::{apply_bank, apply_creature, apply_desires, apply_lesson, apply_schema, apply_species};
use crate::species_dir::load_species_dir;

/// A file that changed on disk while the studio holds unsaved edits of it: the person
/// chooses which version to keep.
#[derive(Clone, Debug, PartialEq)]
pub struct Conflict {
    pub path: PathBuf,
    pub doc: DocId,
}

/// The open project and everything the studio has loaded from it: the documents, the
/// file watcher and the running preview.
pub struct Workspace {
    pub project: Option<Project>,
    /// The species data the panels compute with, kept in step with the documents.
    pub data: Data,
    pub docs: BTreeMap<DocId, Doc>,
    /// Every problem of the project's files, as `check` reports them.
    pub problems: Vec<LoadError>,
    /// What loads but cannot work, as `check --lint` reports it, once the project has
    /// no problems; the rules the project allows left out.
    pub warnings: Vec<creature_core::lint::Warning>,
    /// How many warnings the project allows.
    pub allowed_warnings: usize,
    /// The project's files, for the browser.
    pub files: Vec<PathBuf>,
    history: History,
    pub(crate) watcher: Option<ProjectWatcher>,
    /// The watched folders found gone (the species folder deleted, the project folder
    /// renamed), each a problem until it is back.
    pub(crate) gone_folders: std::collections::BTreeSet<PathBuf>,
    /// The running preview, once started and while it could start.
    pub preview: Option<LivePreview>,
    /// Why the preview could not start.
    pub preview_errors: Vec<LoadError>,
    /// Files changed on disk under unsaved edits, waiting for the person's answer.
    pub conflicts: Vec<Conflict>,
    /// Files whose contents on disk the person already chose not to take, with those
    /// bytes: the same save reported twice by the watcher is not asked about again.
    pub(crate) declined: Vec<(PathBuf, Vec<u8>)>,
    /// Files the studio wrote that no document holds (the debugger's lists, a run's
    /// scenario, a text saved from Source), by canonical path, with the fingerprint
    /// of what it wrote: the watcher reporting them is the studio's own write.
    pub(crate) own_writes: Vec<(PathBuf, u64)>,
    /// The species folder's texts (name, text), each kept here once: the tables as
    /// last read, the desires' and each species' as their documents hold them now. They
    /// change only with [`Workspace::data`], by one changed file at a time
    /// (`folder_texts`).
    pub(crate) folder_texts: Vec<(String, String)>,
    /// The scenarios run in this session, and the run in progress.
    pub scenarios: crate::scenario_runs::ScenarioRuns,
    /// The training search of this session (SPEC §22): going on, or the last ended.
    pub training: crate::train_runs::TrainRuns,
    /// Whether what the preview's creature learns goes into its save's document at
    /// once; off, it stays in the preview until the person keeps it.
    pub preview_learns: bool,
    /// Values followed over the preview's run, kept in the project.
    pub watches: crate::watches::Watches,
    /// A running game the studio is attached to over the link (SPEC §23).
    pub game: Option<crate::remote_game::RemoteGame>,
}

impl Workspace {
    /// No project: the built-in species data, which cannot be saved anywhere.
    pub fn builtin() -> Workspace {
        crate::checkers::register_guests();
        let data = Data::builtin().unwrap_or_else(|e| panic!("the built-in species data is broken: {e:?}"));
        let mut ws = Workspace {
            project: None,
            data,
            docs: BTreeMap::new(),
            problems: Vec::new(),
            warnings: Vec::new(),
            allowed_warnings: 0,
            files: Vec::new(),
            history: History::default(),
            watcher: None,
            gone_folders: std::collections::BTreeSet::new(),
            preview: None,
            preview_errors: Vec::new(),
            conflicts: Vec::new(),
            declined: Vec::new(),
            own_writes: Vec::new(),
            folder_texts: Vec::new(),
            scenarios: Default::default(),
            training: Default::default(),
            preview_learns: false,
            watches: crate::watches::Watches::default(),
            game: None,
        };
        ws.add_data_docs(Path::new("species"), &BTreeMap::new(), &[]);
        for doc in ws.docs.values_mut() {
            doc.locked = Some("the built-in species data: open a project to edit its species".to_owned());
        }
        ws
    }

    /// Opens a project folder (or its `studio.ron`). Files with problems are listed in
    /// [`Workspace::problems`]; a species file that does not load is replaced by the
    /// built-in one and locked, so the rest of the project stays usable.
    pub fn open(path: &Path) -> Result<Workspace, Vec<LoadError>> {
        crate::checkers::register_guests();
        // One name per file: the watcher's paths, the documents' and the problems' agree
        // however the folder was named (relative, through a link).
        let project = Project::open(&canonical(path))?;
        let dir = project.species_dir();
        let mut ws = Workspace::builtin();
        ws.docs.clear();
        let (data, texts, broken) = load_species_dir(&dir);
        ws.data = data;
        ws.folder_texts = crate::species_dir::in_folder_order(&texts);
        ws.add_data_docs(&dir, &texts, &broken);
        ws.project = Some(project);
        ws.refresh_files();
        ws.recheck();
        Ok(ws)
    }

    fn add_data_docs(&mut self, dir: &Path, texts: &BTreeMap<String, String>, broken: &[String]) {
        let table = DesireTable { steepness: self.data.steepness, desires: self.data.desires.clone() };
        let lock = |name: &str| {
            broken
                .iter()
                .any(|b| b == name)
                .then(|| format!("{name} has problems (see Problems); fix it as text first"))
        };
        let mut doc = Doc::new(dir.join(DESIRES_FILE), DocValue::Desires(table), texts.get(DESIRES_FILE).cloned());
        doc.locked = lock(DESIRES_FILE);
        self.docs.insert(DocId::Desires, doc);
        for s in &self.data.species {
            let name = format!("{}.ron", s.name.file_stem());
            let mut doc = Doc::new(dir.join(&name), DocValue::Species(Box::new(s.clone())), texts.get(&name).cloned());
            doc.locked = lock(&name);
            self.docs.insert(DocId::Species(s.name), doc);
        }
    }

    /// The project's name with its counts of files and problems, for the status bar.
    pub fn summary(&self) -> String {
        let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
        format!("{} ({}, {})", self.name(), plural(self.files.len(), "file"), plural(self.problems.len(), "problem"))
    }

    /// The project's name, or a note that there is none.
    pub fn name(&self) -> String {
        self.project.as_ref().map_or_else(|| "no project".to_owned(), |p| p.manifest.name.clone())
    }

    /// Re-reads the file list of the project folder.
    pub fn refresh_files(&mut self) {
        self.files = self.project.as_ref().map(Project::files).unwrap_or_default();
    }

    /// Checks every file of the project, as `creature-studio check --lint` does: the
    /// problems, and once there are none, the warnings.
    pub fn recheck(&mut self) {
        self.problems = match &self.project {
            Some(p) => check_paths(std::slice::from_ref(&p.root), &checkers()),
            None => Vec::new(),
        };
        let lint = match &self.project {
            Some(p) if self.problems.is_empty() => creature_core::lint::lint_project(p, LINT_RULES).unwrap_or_default(),
            _ => creature_core::lint::Lint::default(),
        };
        self.allowed_warnings = lint.allowed.len();
        self.warnings = lint.warnings;
        // An allow entry without an item is a problem of the manifest.
        self.problems.extend(lint.refused);
    }

    /// The document of the file at `path`, if it is open.
    pub fn doc_for_path(&self, path: &Path) -> Option<DocId> {
        // The same name first (no disk access: this runs every frame), then the file.
        if let Some((id, _)) = self.docs.iter().find(|(_, d)| d.path == path) {
            return Some(id.clone());
        }
        let want = canonical(path);
        self.docs.iter().find(|(_, d)| canonical(&d.path) == want).map(|(id, _)| id.clone())
    }

    /// The project's scenarios (`*.scenario.ron`), in path order.
    pub fn scenario_files(&self) -> Vec<PathBuf> {
        self.files.iter().filter(|f| FileKind::detect(f, "") == FileKind::Scenario).cloned().collect()
    }

    /// The project's first file of `kind`, in path order.
    pub fn first_file(&self, kind: FileKind) -> Option<PathBuf> {
        self.files.iter().find(|f| Self::kind_of(f) == kind).cloned()
    }

    /// What the file at `path` holds.
    pub fn kind_of(path: &Path) -> FileKind {
        crate::checkers::register_guests();
        let text = read_text(path).unwrap_or_default();
        FileKind::detect(path, &text)
    }

    /// The schema of a document.
    pub fn schema(&self, id: &DocId) -> Option<&Schema> {
        match self.docs.get(id).map(|d| &d.value) {
            Some(DocValue::Schema(s)) => Some(s),
            _ => None,
        }
    }

    /// The replay bank of a document.
    pub fn bank(&self, id: &DocId) -> Option<&Arc<Bank>> {
        match self.docs.get(id).map(|d| &d.value) {
            Some(DocValue::Bank(b)) => Some(&b.0),
            _ => None,
        }
    }

    /// True when the file of a document holds something other than what the studio last
    /// loaded or saved (another program wrote it), or cannot be read.
    pub fn changed_on_disk(&self, id: &DocId) -> bool {
        let Some(doc) = self.docs.get(id) else { return false };
        read_bytes(&doc.path, Limit::of_path(&doc.path)).map_or(true, |bytes| self.differs_from_disk(id, &bytes))
    }

    /// True when `bytes`, just read from a document's file, are not what the studio last
    /// loaded or saved there.
    pub fn differs_from_disk(&self, id: &DocId, bytes: &[u8]) -> bool {
        self.docs.get(id).is_some_and(|doc| doc.disk != Some(fingerprint(bytes)))
    }

    /// The lesson script of a document.
    pub fn lesson(&self, id: &DocId) -> Option<&LessonScript> {
        match self.docs.get(id).map(|d| &d.value) {
            Some(DocValue::Lesson(l)) => Some(l),
            _ => None,
        }
    }

    /// The open lesson scripts, by document.
    pub fn lessons(&self) -> impl Iterator<Item = (&DocId, &LessonScript)> {
        self.docs.iter().filter_map(|(id, d)| match &d.value {
            DocValue::Lesson(l) => Some((id, l.as_ref())),
            _ => None,
        })
    }

    /// The creature of a document.
    pub fn creature(&self, id: &DocId) -> Option<&Creature> {
        match self.docs.get(id).map(|d| &d.value) {
            Some(DocValue::Creature(c)) => Some(c),
            _ => None,
        }
    }

    /// The open creatures, by document.
    pub fn creatures(&self) -> impl Iterator<Item = (&DocId, &Creature)> {
        self.docs.iter().filter_map(|(id, d)| match &d.value {
            DocValue::Creature(c) => Some((id, c.as_ref())),
            _ => None,
        })
    }

    /// True when the document has unsaved edits.
    pub fn is_dirty(&self, id: &DocId) -> bool {
        self.docs.get(id).is_some_and(Doc::is_dirty)
    }

    /// Every document with unsaved edits.
    pub fn dirty_docs(&self) -> Vec<DocId> {
        self.docs.iter().filter(|(_, d)| d.is_dirty()).map(|(id, _)| id.clone()).collect()
    }

    /// Carries out one edit. Numbers are clamped to the ranges the files allow, so an
    /// edit can never make a document that would not load again. A desires or species
    /// edit reaches [`Workspace::data`] and the running preview, and an edit of the
    /// preview creature's save reaches the preview, by the road a save of the file takes
    /// ([`Workspace::take_doc_edit`]).
    /// An edit that cannot be carried out (a bank edit that finds nothing to change, a
    /// merge of banks with different features) changes nothing and says why.
    pub fn apply(&mut self, edit: Edit) -> Result<DocId, String> {
        let id = self.change_doc(edit)?;
        self.take_doc_edit(&id);
        Ok(id)
    }

    /// Carries out one edit in its document alone: what uses the document has not
    /// taken it yet.
    pub(crate) fn change_doc(&mut self, edit: Edit) -> Result<DocId, String> {
        let id = edit.doc();
        let doc = self.docs.get_mut(&id).ok_or_else(|| format!("{} is not open", id.label()))?;
        match (&mut doc.value, edit) {
            (DocValue::Species(s), e) => apply_species(s, &e),
            (DocValue::Desires(t), e) => apply_desires(t, &e),
            (DocValue::Creature(c), e) => apply_creature(c, e, &self.data),
            (DocValue::Lesson(l), e) => apply_lesson(l, e),
            (DocValue::Schema(s), e) => apply_schema(s, e),
            (DocValue::Bank(b), e) => apply_bank(b, e, &id.label())?,
        }
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::SharedBank;
    use crate::edit::DesireField;
    use creature_core::mind::tree::Example;
    use creature_core::names::{Desire, Species, Trait};
    use creature_core::species::data::TreeKind;

    fn example_project() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../projects/example")
    }

    fn copy_project() -> (tempfile::TempDir, PathBuf) {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("p");
        let species = tmp.path().join("species");
        std::fs::create_dir_all(root.join("creatures")).unwrap();
        std::fs::create_dir_all(root.join("lessons")).unwrap();
        std::fs::create_dir_all(root.join("shadow")).unwrap();
        std::fs::create_dir_all(&species).unwrap();
        std::fs::write(root.join("studio.ron"), "(name: \"t\", species: \"../species\")").unwrap();
        for e in std::fs::read_dir(example_project().join("../../species")).unwrap().flatten() {
            std::fs::copy(e.path(), species.join(e.file_name())).unwrap();
        }
        std::fs::copy(example_project().join("creatures/daisy.ron"), root.join("creatures/daisy.ron")).unwrap();
        (tmp, root)
    }

    #[test]
    fn the_example_project_opens_with_no_problems_and_no_dirty_files() {
        let ws = Workspace::open(&example_project()).unwrap();
        assert!(ws.problems.is_empty(), "{:?}", ws.problems);
        assert!(ws.dirty_docs().is_empty());
        assert_eq!(ws.docs.len(), 18);
    }

    #[test]
    fn an_edit_marks_its_file_dirty_and_undo_and_redo_walk_the_steps() {
        let mut ws = Workspace::open(&example_project()).unwrap();
        let cow = DocId::Species(Species::Cow);
        for v in [0.65, 0.66, 0.7] {
            ws.apply(Edit::Trait { species: Species::Cow, t: Trait::Kindness, value: v }).unwrap();
        }
        ws.snapshot();
        assert!(ws.is_dirty(&cow) && !ws.is_dirty(&DocId::Desires));
        assert_eq!(ws.data.species(Species::Cow).traits.kindness, 0.7);
        ws.apply(Edit::DesireNumber { desire: Desire::Hunger, field: DesireField::Max, value: 1.5 }).unwrap();
        ws.snapshot();
        assert_eq!(ws.undo(), Some(DocId::Desires));
        assert_eq!(ws.data.desire(Desire::Hunger).max, 2.0);
        assert_eq!(ws.undo(), Some(cow.clone()));
        assert_eq!(ws.data.species(Species::Cow).traits.kindness, 0.64, "the three changes were one step");
        assert!(!ws.is_dirty(&cow));
        assert_eq!(ws.redo(), Some(cow.clone()));
        assert_eq!(ws.data.species(Species::Cow).traits.kindness, 0.7);
    }

    #[test]
    fn a_save_keeps_the_comments_and_a_failed_save_keeps_the_edits() {
        let (_tmp, root) = copy_project();
        let mut ws = Workspace::open(&root).unwrap();
        ws.apply(Edit::Trait { species: Species::Cow, t: Trait::Kindness, value: 0.7 }).unwrap();
        let cow = DocId::Species(Species::Cow);
        let path = ws.save(&cow).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("kindness: 0.7,") && text.contains("// Cow: Kind and friendly"), "{text}");
        assert!(!ws.is_dirty(&cow));

        // A folder that cannot take the file (gone, as a read-only one would refuse it
        // for a user who is not root): the save fails, says so, and the edits stay.
        ws.apply(Edit::Trait { species: Species::Cow, t: Trait::Kindness, value: 0.2 }).unwrap();
        let dir = path.parent().unwrap().to_path_buf();
        let away = dir.with_file_name("species-away");
        std::fs::rename(&dir, &away).unwrap();
        let err = ws.save(&cow).unwrap_err();
        assert!(err.contains("cannot save") && err.contains("kept"), "{err}");
        assert!(ws.is_dirty(&cow));
        assert_eq!(ws.data.species(Species::Cow).traits.kindness, 0.2);
        std::fs::rename(&away, &dir).unwrap();
        ws.save(&cow).unwrap();
        assert!(!ws.is_dirty(&cow));
    }

    #[test]
    fn schema_and_bank_edits_are_undone_and_the_history_shares_the_bank() {
        let mut ws = Workspace::open(&example_project()).unwrap();
        let schema = ws.open_schema(&example_project().join("shadow/arena.schema.ron")).unwrap();
        let bank = ws.open_bank(&example_project().join("shadow/rushdown.bank.ron")).unwrap();
        let w0 = ws.schema(&schema).unwrap().features[1].weight;
        let original = Arc::clone(ws.bank(&bank).unwrap());

        ws.apply(Edit::SchemaWeight { schema: schema.clone(), feature: 1, weight: f64::NAN }).unwrap();
        assert!(!ws.is_dirty(&schema), "a weight that is not a number changes nothing");
        ws.apply(Edit::SchemaWeight { schema: schema.clone(), feature: 1, weight: -3.0 }).unwrap();
        assert_eq!(ws.schema(&schema).unwrap().features[1].weight, 0.0, "weights are at least 0");
        ws.snapshot();
        ws.apply(Edit::BankDeleteMatch { bank: bank.clone(), match_id: 2 }).unwrap();
        ws.snapshot();
        assert_eq!(ws.bank(&bank).unwrap().len(), original.len() - 172);
        let err = ws.apply(Edit::BankDeleteMatch { bank: bank.clone(), match_id: 99 }).unwrap_err();
        assert!(err.contains("no match 99"), "{err}");
        assert_eq!(ws.dirty_docs().len(), 2);

        assert_eq!(ws.undo(), Some(bank.clone()));
        assert!(Arc::ptr_eq(ws.bank(&bank).unwrap(), &original), "undo gives back the same bank, not a copy");
        assert!(!ws.is_dirty(&bank));
        assert_eq!(ws.undo(), Some(schema.clone()));
        assert_eq!(ws.schema(&schema).unwrap().features[1].weight, w0);
        assert_eq!(ws.redo(), Some(schema.clone()));
        assert_eq!(ws.redo(), Some(bank.clone()));
        assert_eq!(ws.bank(&bank).unwrap().len(), original.len() - 172);

        let turtle = Bank::load(&example_project().join("shadow/turtle.bank.ron")).unwrap();
        let other = SharedBank(Arc::new(turtle.clone()));
        ws.apply(Edit::BankMerge { bank: bank.clone(), other, label: "turtle.bank.ron".into() }).unwrap();
        ws.snapshot();
        assert_eq!(ws.bank(&bank).unwrap().len(), original.len() - 172 + turtle.len());
        ws.undo();
        assert_eq!(ws.bank(&bank).unwrap().len(), original.len() - 172);
    }

    #[test]
    fn a_schema_that_breaks_the_rules_is_not_saved_and_a_binary_bank_saves_and_reloads() {
        let (_tmp, root) = copy_project();
        let mut ws = Workspace::open(&root).unwrap();
        let path = root.join("shadow/a.schema.ron");
        let schema = ws.new_schema(&path, Schema::arena());
        let mut broken = Schema::arena();
        broken.features[0].scale = 0.0;
        ws.apply(Edit::SchemaReplace { schema: schema.clone(), with: Box::new(broken) }).unwrap();
        let err = ws.save(&schema).unwrap_err();
        assert!(err.contains("kept") && !path.exists(), "{err}");
        assert!(ws.is_dirty(&schema));
        ws.apply(Edit::SchemaReplace { schema: schema.clone(), with: Box::new(Schema::arena()) }).unwrap();
        ws.save(&schema).unwrap();
        assert_eq!(Schema::load(&path).unwrap(), Schema::arena());

        let rushdown = Bank::load(&example_project().join("shadow/rushdown.bank.ron")).unwrap();
        let bin = root.join("shadow/r.bank");
        let bank = ws.new_bank(&bin, rushdown.clone());
        ws.apply(Edit::BankDeleteSegment { bank: bank.clone(), segment: 0 }).unwrap();
        ws.save(&bank).unwrap();
        assert!(std::fs::read(&bin).unwrap().starts_with(creature_shadow::bank::BINARY_MAGIC));
        assert!(!ws.is_dirty(&bank) && !ws.changed_on_disk(&bank));
        assert_eq!(Bank::load(&bin).unwrap(), **ws.bank(&bank).unwrap());

        // Another program writes the file: a clean document follows it, a dirty one does not.
        rushdown.save(&bin, &creature_core::file_writer::Policy::replacing()).unwrap();
        assert!(ws.changed_on_disk(&bank));
        ws.reload();
        assert_eq!(ws.bank(&bank).unwrap().len(), rushdown.len());
        ws.apply(Edit::BankDeleteSegment { bank: bank.clone(), segment: 1 }).unwrap();
        let edited = ws.bank(&bank).unwrap().len();
        let mut outside = rushdown.clone();
        outside.delete_match(1);
        outside.save(&bin, &creature_core::file_writer::Policy::replacing()).unwrap();
        ws.reload();
        assert_eq!(ws.bank(&bank).unwrap().len(), edited, "unsaved edits are never dropped by a reload");
        ws.revert(&bank);
        ws.reload();
        assert_eq!(ws.bank(&bank).unwrap().len(), outside.len(), "taking the file on disk");
    }

    #[test]
    fn deleting_flagged_events_is_one_undo_step_and_unknown_ids_change_nothing() {
        let (_tmp, root) = copy_project();
        let mut ws = Workspace::open(&root).unwrap();
        let zoner = Bank::load(&example_project().join("shadow/zoner.bank.ron")).unwrap();
        let bank = ws.new_bank(&root.join("shadow/z.bank"), zoner.clone());
        ws.snapshot();
        let ids: Vec<u64> = zoner.events().iter().map(|e| e.id).filter(|id| id % 7 == 3).collect();
        ws.apply(Edit::BankDeleteEvents { bank: bank.clone(), ids: ids.clone() }).unwrap();
        ws.snapshot();
        let after = ws.bank(&bank).unwrap();
        assert_eq!(after.len(), zoner.len() - ids.len());
        assert!(after.events().iter().all(|e| !ids.contains(&e.id)));
        assert_eq!(ws.undo(), Some(bank.clone()));
        assert_eq!(**ws.bank(&bank).unwrap(), zoner, "one undo brings every event back");
        let err = ws.apply(Edit::BankDeleteEvents { bank: bank.clone(), ids: vec![u64::MAX] }).unwrap_err();
        assert!(err.contains("none of the 1 events"), "{err}");
        assert_eq!(**ws.bank(&bank).unwrap(), zoner);
    }

    #[test]
    fn a_broken_species_file_is_a_problem_and_its_document_is_locked() {
        let (tmp, root) = copy_project();
        std::fs::write(tmp.path().join("species/tiger.ron"), "(name: \"Tiger\", traits: oops)").unwrap();
        let ws = Workspace::open(&root).unwrap();
        assert!(ws.problems.iter().any(|p| p.file.ends_with("tiger.ron")), "{:?}", ws.problems);
        assert!(ws.docs[&DocId::Species(Species::Tiger)].locked.is_some());
        assert!(ws.docs[&DocId::Species(Species::Cow)].locked.is_none());
    }

    #[test]
    fn creature_examples_are_cleaned_and_edits_rebuild_nothing_invalid() {
        let mut ws = Workspace::open(&example_project()).unwrap();
        let id = ws.open_creature(&example_project().join("creatures/daisy.ron")).unwrap();
        let before = ws.creature(&id).unwrap().tree(Desire::Hunger, TreeKind::ActOn).examples.len();
        let mut answers = BTreeMap::new();
        answers.insert("kind".to_owned(), " sheep ".to_owned());
        answers.insert("nonsense".to_owned(), "x".to_owned());
        let c = id.clone();
        ws.apply(Edit::ExampleAdd {
            creature: c,
            desire: Desire::Hunger,
            kind: TreeKind::ActOn,
            example: Example { answers, feedback: 7.0 },
        })
        .unwrap();
        let m = ws.creature(&id).unwrap().tree(Desire::Hunger, TreeKind::ActOn);
        assert_eq!(m.examples.len(), before + 1);
        let e = m.examples.last().unwrap();
        assert_eq!((e.answers.len(), e.answer("kind"), e.feedback), (1, "sheep", 1.0));
        let text = ws.creature(&id).unwrap().to_ron();
        assert!(Creature::parse("c.ron", &text, &ws.data).is_ok());
    }
}
