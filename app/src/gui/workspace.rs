//! The open project as documents: one per file the editor can change, each with its
//! saved baseline (for the dirty marker), its text on disk (so that a save changes only
//! what was edited) and its own undo history. No egui widgets here: the panels read a
//! [`Workspace`] and send [`Edit`]s, which [`Workspace::apply`] carries out.
//!
//! The shadow tools' schema and replay banks are documents too, so their edits share the
//! app-wide undo, the dirty markers, Save All and the "changed on disk" question.

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::data::{
    ACTIONS_FILE, ATTRIBUTES_FILE, ActionTable, AttributeTable, DESIRES_FILE, Data, DesireTable, PHASES_FILE,
    PhaseTable, TEMPLATE_FILE, Template,
};
use creature_core::error::{LoadError, parse_ron, read_text};
use creature_core::mind::script::{LessonScript, MAX_SECONDS, ScriptEvent};
use creature_core::mind::tree::Example;
use creature_core::names::{Desire, Species};
use creature_core::project::{FileKind, Project, check_paths};
use creature_core::shadow::bank::{Bank, merge};
use creature_core::shadow::schema::Schema;
use creature_core::species::{Climate, SpeciesDef, parse_species};
use egui::util::undoer::{Settings, Undoer};

use super::edit::{BodyField, DesireField, Edit};
use super::ronedit;

/// Which file a document is.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DocId {
    /// `desires.ron` of the project's species folder.
    Desires,
    /// One species file.
    Species(Species),
    /// A creature save.
    Creature(PathBuf),
    /// A lesson script.
    Lesson(PathBuf),
    /// A shadow schema (`*.schema.ron`).
    Schema(PathBuf),
    /// A replay bank (`*.bank.ron`, or `*.bank` in the binary form).
    Bank(PathBuf),
}

impl DocId {
    /// A short name for tabs, titles and the undo menu.
    pub fn label(&self) -> String {
        match self {
            DocId::Desires => DESIRES_FILE.to_owned(),
            DocId::Species(s) => format!("{}.ron", s.file_stem()),
            DocId::Creature(p) | DocId::Lesson(p) | DocId::Schema(p) | DocId::Bank(p) => {
                p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned())
            }
        }
    }
}

/// What a document holds.
#[derive(Clone, Debug, PartialEq)]
pub enum DocValue {
    Desires(DesireTable),
    Species(Box<SpeciesDef>),
    Creature(Box<Creature>),
    Lesson(Box<LessonScript>),
    Schema(Box<Schema>),
    Bank(SharedBank),
}

/// A replay bank shared by its document, the document's saved baseline, its undo
/// history and the shadow tools: an edit makes a new bank and every unchanged copy stays
/// one allocation. Two shared banks are equal at once when they are the same allocation,
/// so the per-frame dirty and undo-point comparisons cost nothing while a 40,000-event
/// bank is not being edited.
#[derive(Clone, Debug)]
pub struct SharedBank(pub Arc<Bank>);

impl PartialEq for SharedBank {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

impl DocValue {
    /// What the file at `path` holds for this value, as bytes and (for text files) as
    /// the text to keep for the next save. `old` is the file's text as last loaded or
    /// saved: its comments are kept where possible. A schema that breaks the rules of
    /// SPEC §13 is not written.
    fn contents(&self, path: &Path, old: Option<&str>) -> Result<(Vec<u8>, Option<String>), String> {
        let text = match self {
            DocValue::Desires(t) => old.and_then(|o| ronedit::update(o, t)).unwrap_or_else(|| ronedit::pretty(t)),
            DocValue::Species(s) => {
                old.and_then(|o| ronedit::update(o, s.as_ref())).unwrap_or_else(|| ronedit::pretty(s))
            }
            DocValue::Creature(c) => c.to_ron(),
            DocValue::Lesson(l) => {
                old.and_then(|o| ronedit::update(o, l.as_ref())).unwrap_or_else(|| ronedit::pretty(l.as_ref()))
            }
            DocValue::Schema(s) => {
                s.check().map_err(|p| {
                    format!(
                        "cannot save {}: {}. Your edits are kept; fix the schema and save again.",
                        path.display(),
                        p.message
                    )
                })?;
                s.to_ron()
            }
            // A bank is written whole, as RON or binary by its file name; the binary form
            // has no text and the RON form is generated, so there are no comments to keep.
            DocValue::Bank(b) => return Ok((b.0.bytes_for(path), None)),
        };
        Ok((text.clone().into_bytes(), Some(text)))
    }
}

/// A fingerprint of a file's bytes, to tell a file changed on disk from one that holds
/// what the studio last loaded or saved.
fn fingerprint(bytes: &[u8]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}

/// One editable file.
pub struct Doc {
    pub path: PathBuf,
    pub value: DocValue,
    /// The value as last loaded or saved: the file is dirty when `value` differs.
    pub saved: DocValue,
    /// The file's text as last loaded or saved, for saves that keep its comments.
    saved_text: Option<String>,
    /// The fingerprint of the file's bytes as last loaded or saved.
    disk: Option<u64>,
    /// Why this document cannot be saved (it stands in for a file with problems).
    pub locked: Option<String>,
    undoer: Undoer<DocValue>,
    /// The value at the last undo point.
    snapshot: DocValue,
}

impl Doc {
    fn new(path: PathBuf, value: DocValue, text: Option<String>) -> Doc {
        let mut undoer = Undoer::with_settings(Settings { max_undos: 200, ..Settings::default() });
        undoer.add_undo(&value);
        let disk = text.as_deref().map(|t| fingerprint(t.as_bytes()));
        Doc { path, saved: value.clone(), snapshot: value.clone(), value, saved_text: text, disk, locked: None, undoer }
    }

    /// True when the document has edits that are not on disk.
    pub fn is_dirty(&self) -> bool {
        self.value != self.saved
    }
}

/// The whole-app undo order over the documents' own histories: the most recent edit is
/// undone first, whichever file it was in.
#[derive(Default)]
struct History {
    past: Vec<DocId>,
    future: Vec<DocId>,
}

/// The open project and everything the editor has loaded from it.
pub struct Workspace {
    pub project: Option<Project>,
    /// The species data the panels compute with, kept in step with the documents.
    pub data: Data,
    pub docs: BTreeMap<DocId, Doc>,
    /// Every problem of the project's files, as `check` reports them.
    pub problems: Vec<LoadError>,
    /// The project's files, for the browser.
    pub files: Vec<PathBuf>,
    history: History,
}

impl Workspace {
    /// No project: the built-in species data, which cannot be saved anywhere.
    pub fn builtin() -> Workspace {
        let data = Data::builtin().unwrap_or_else(|e| panic!("the built-in species data is broken: {e:?}"));
        let mut ws = Workspace {
            project: None,
            data,
            docs: BTreeMap::new(),
            problems: Vec::new(),
            files: Vec::new(),
            history: History::default(),
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
        let project = Project::open(path)?;
        let dir = project.species_dir();
        let mut ws = Workspace::builtin();
        ws.docs.clear();
        let (data, texts, broken) = load_species_dir(&dir);
        ws.data = data;
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

    /// The project's name, or a note that there is none.
    pub fn name(&self) -> String {
        self.project.as_ref().map_or_else(|| "no project".to_owned(), |p| p.manifest.name.clone())
    }

    /// Re-reads the file list of the project folder.
    pub fn refresh_files(&mut self) {
        self.files = self.project.as_ref().map(Project::files).unwrap_or_default();
    }

    /// Checks every file of the project, as `creature-studio check` does.
    pub fn recheck(&mut self) {
        self.problems = match &self.project {
            Some(p) => check_paths(std::slice::from_ref(&p.root), &crate::cli::checkers()),
            None => Vec::new(),
        };
    }

    /// The document of the file at `path`, if it is open.
    pub fn doc_for_path(&self, path: &Path) -> Option<DocId> {
        let canon = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
        let want = canon(path);
        self.docs.iter().find(|(_, d)| canon(&d.path) == want).map(|(id, _)| id.clone())
    }

    /// What the file at `path` holds.
    pub fn kind_of(path: &Path) -> FileKind {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        FileKind::detect(path, &text)
    }

    /// Opens a creature save as a document (or returns the open one).
    pub fn open_creature(&mut self, path: &Path) -> Result<DocId, Vec<LoadError>> {
        self.open_text(DocId::Creature(path.to_path_buf()), |file, text, data| {
            Ok(DocValue::Creature(Box::new(Creature::parse(file, text, data)?)))
        })
    }

    /// Opens the text file of `id` (or returns the open document of that file), parsed
    /// by `parse` from (file name for messages, text, species data).
    fn open_text(
        &mut self,
        id: DocId,
        parse: impl FnOnce(&str, &str, &Data) -> Result<DocValue, Vec<LoadError>>,
    ) -> Result<DocId, Vec<LoadError>> {
        let path = self.doc_path(&id).unwrap_or_default();
        if let Some(open) = self.doc_for_path(&path) {
            return Ok(open);
        }
        let text = read_text(&path).map_err(|e| vec![e])?;
        let value = parse(&path.display().to_string(), &text, &self.data)?;
        self.docs.insert(id.clone(), Doc::new(path, value, Some(text)));
        Ok(id)
    }

    /// Opens a lesson script as a document (or returns the open one).
    pub fn open_lesson(&mut self, path: &Path) -> Result<DocId, Vec<LoadError>> {
        self.open_text(DocId::Lesson(path.to_path_buf()), |file, text, data| {
            Ok(DocValue::Lesson(Box::new(LessonScript::parse(file, text, data)?)))
        })
    }

    /// Opens a shadow schema as a document (or returns the open one).
    pub fn open_schema(&mut self, path: &Path) -> Result<DocId, Vec<LoadError>> {
        self.open_text(DocId::Schema(path.to_path_buf()), |file, text, _| {
            Ok(DocValue::Schema(Box::new(Schema::parse(file, text).map_err(|e| vec![e])?)))
        })
    }

    /// Opens a replay bank, RON or binary, as a document (or returns the open one).
    pub fn open_bank(&mut self, path: &Path) -> Result<DocId, Vec<LoadError>> {
        if let Some(id) = self.doc_for_path(path) {
            return Ok(id);
        }
        let bytes = std::fs::read(path).map_err(|e| {
            vec![LoadError::whole_file(path.display().to_string(), format!("cannot read the file: {e}"))]
        })?;
        let bank = Bank::from_bytes(path, &bytes).map_err(|e| vec![e])?;
        let id = DocId::Bank(path.to_path_buf());
        let mut doc = Doc::new(path.to_path_buf(), DocValue::Bank(SharedBank(Arc::new(bank))), None);
        doc.disk = Some(fingerprint(&bytes));
        self.docs.insert(id.clone(), doc);
        Ok(id)
    }

    /// A schema document for a file that is not on disk yet (or the open document of
    /// that file): it holds `schema` and is written on its first save.
    pub fn new_schema(&mut self, path: &Path, schema: Schema) -> DocId {
        self.new_doc(DocId::Schema(path.to_path_buf()), DocValue::Schema(Box::new(schema)))
    }

    /// A bank document for a file that is not on disk yet (or the open document of that
    /// file).
    pub fn new_bank(&mut self, path: &Path, bank: Bank) -> DocId {
        self.new_doc(DocId::Bank(path.to_path_buf()), DocValue::Bank(SharedBank(Arc::new(bank))))
    }

    fn new_doc(&mut self, id: DocId, value: DocValue) -> DocId {
        let Some(path) = self.doc_path(&id) else { return id };
        if let Some(open) = self.doc_for_path(&path) {
            return open;
        }
        self.docs.insert(id.clone(), Doc::new(path, value, None));
        id
    }

    fn doc_path(&self, id: &DocId) -> Option<PathBuf> {
        match id {
            DocId::Creature(p) | DocId::Lesson(p) | DocId::Schema(p) | DocId::Bank(p) => Some(p.clone()),
            _ => self.docs.get(id).map(|d| d.path.clone()),
        }
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
        std::fs::read(&doc.path).map_or(true, |bytes| self.differs_from_disk(id, &bytes))
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

    /// Writes a document to its file atomically. On failure the edits stay in the editor
    /// and the message says why.
    pub fn save(&mut self, id: &DocId) -> Result<PathBuf, String> {
        let doc = self.docs.get(id).ok_or_else(|| format!("{} is not open", id.label()))?;
        if let Some(why) = &doc.locked {
            return Err(format!("cannot save {}: {why}", id.label()));
        }
        let path = doc.path.clone();
        let (bytes, text) = doc.value.contents(&path, doc.saved_text.as_deref())?;
        creature_core::fsutil::save_atomic(&path, &bytes).map_err(|e| {
            format!("cannot save {}: {e}. Your edits are kept; save again or save elsewhere.", path.display())
        })?;
        if let Some(doc) = self.docs.get_mut(id) {
            doc.saved = doc.value.clone();
            doc.saved_text = text;
            doc.disk = Some(fingerprint(&bytes));
        }
        self.refresh_files();
        self.recheck();
        Ok(path)
    }

    /// Writes a document to another file. A creature save then lives at the new path;
    /// species data, a schema and a bank are written as a copy and keep editing the
    /// project's own file (the shadow tools show the files of the shadow folder).
    pub fn save_as(&mut self, id: &DocId, path: &Path) -> Result<DocId, String> {
        let doc = self.docs.get(id).ok_or_else(|| format!("{} is not open", id.label()))?;
        let (bytes, text) = doc.value.contents(path, doc.saved_text.as_deref())?;
        creature_core::fsutil::save_atomic(path, &bytes)
            .map_err(|e| format!("cannot save {}: {e}. Your edits are kept.", path.display()))?;
        let new_id = match id {
            DocId::Creature(_) | DocId::Lesson(_) => {
                let Some(mut doc) = self.docs.remove(id) else { return Ok(id.clone()) };
                let new_id = if matches!(id, DocId::Lesson(_)) {
                    DocId::Lesson(path.to_path_buf())
                } else {
                    DocId::Creature(path.to_path_buf())
                };
                doc.path = path.to_path_buf();
                doc.saved = doc.value.clone();
                doc.saved_text = text;
                doc.disk = Some(fingerprint(&bytes));
                doc.locked = None;
                self.docs.insert(new_id.clone(), doc);
                for h in self.history.past.iter_mut().chain(self.history.future.iter_mut()) {
                    if h == id {
                        *h = new_id.clone();
                    }
                }
                new_id
            }
            _ => id.clone(),
        };
        self.refresh_files();
        self.recheck();
        Ok(new_id)
    }

    /// Drops the edits of a document, back to what is on disk.
    pub fn revert(&mut self, id: &DocId) {
        if let Some(doc) = self.docs.get_mut(id) {
            doc.value = doc.saved.clone();
        }
        self.sync_data(id);
    }

    /// Re-reads every document without unsaved edits from disk, and re-checks. Dirty
    /// documents keep their edits.
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
                doc.saved = value.clone();
                doc.value = value;
                doc.disk = text.as_deref().map(|t| fingerprint(t.as_bytes()));
                doc.saved_text = text;
                doc.locked = None;
                self.sync_data(&id);
            }
        }
        let files: Vec<DocId> =
            self.docs.keys().filter(|id| matches!(id, DocId::Creature(_) | DocId::Lesson(_))).cloned().collect();
        for id in files {
            let Some(doc) = self.docs.get(&id) else { continue };
            if doc.is_dirty() {
                continue;
            }
            let path = doc.path.clone();
            let Ok(text) = read_text(&path) else { continue };
            let file = path.display().to_string();
            let value = match id {
                DocId::Lesson(_) => {
                    LessonScript::parse(&file, &text, &self.data).ok().map(|l| DocValue::Lesson(Box::new(l)))
                }
                _ => Creature::parse(&file, &text, &self.data).ok().map(|c| DocValue::Creature(Box::new(c))),
            };
            if let (Some(value), Some(doc)) = (value, self.docs.get_mut(&id)) {
                doc.value = value;
                doc.saved = doc.value.clone();
                doc.disk = Some(fingerprint(text.as_bytes()));
                doc.saved_text = Some(text);
            }
        }
        self.reload_shadow();
        self.refresh_files();
        self.recheck();
    }

    /// Re-reads the schema and bank documents without unsaved edits whose files changed.
    /// A file that does not load leaves the document as it was (`recheck` lists why).
    fn reload_shadow(&mut self) {
        let shadow: Vec<DocId> =
            self.docs.keys().filter(|id| matches!(id, DocId::Schema(_) | DocId::Bank(_))).cloned().collect();
        for id in shadow {
            let Some(doc) = self.docs.get(&id) else { continue };
            if doc.is_dirty() {
                continue;
            }
            let path = doc.path.clone();
            let Ok(bytes) = std::fs::read(&path) else { continue };
            let disk = fingerprint(&bytes);
            if doc.disk == Some(disk) {
                continue; // unchanged: a bank is not parsed again for every reload
            }
            let (value, text) = match id {
                DocId::Schema(_) => {
                    let Ok(text) = String::from_utf8(bytes) else { continue };
                    let Ok(s) = Schema::parse(&path.display().to_string(), &text) else { continue };
                    (DocValue::Schema(Box::new(s)), Some(text))
                }
                _ => {
                    let Ok(b) = Bank::from_bytes(&path, &bytes) else { continue };
                    (DocValue::Bank(SharedBank(Arc::new(b))), None)
                }
            };
            if let Some(doc) = self.docs.get_mut(&id) {
                doc.value = value;
                doc.saved = doc.value.clone();
                doc.saved_text = text;
                doc.disk = Some(disk);
            }
        }
    }

    /// Records an undo point for every document changed since the last one. Called
    /// after a frame in which the user is not dragging or typing, so that a whole drag
    /// is one step.
    pub fn snapshot(&mut self) {
        for (id, doc) in &mut self.docs {
            if doc.value != doc.snapshot {
                doc.undoer.add_undo(&doc.value);
                doc.snapshot = doc.value.clone();
                self.history.past.push(id.clone());
                self.history.future.clear();
            }
        }
    }

    /// True when there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.history.past.is_empty()
    }

    /// True when there is an undone edit to redo.
    pub fn can_redo(&self) -> bool {
        !self.history.future.is_empty()
    }

    /// Undoes the most recent edit, in whichever document it was; returns that document.
    pub fn undo(&mut self) -> Option<DocId> {
        self.snapshot();
        while let Some(id) = self.history.past.pop() {
            let Some(doc) = self.docs.get_mut(&id) else { continue };
            if let Some(prev) = doc.undoer.undo(&doc.value) {
                doc.value = prev.clone();
                doc.snapshot = doc.value.clone();
                self.history.future.push(id.clone());
                self.sync_data(&id);
                return Some(id);
            }
        }
        None
    }

    /// Redoes the most recently undone edit; returns its document.
    pub fn redo(&mut self) -> Option<DocId> {
        while let Some(id) = self.history.future.pop() {
            let Some(doc) = self.docs.get_mut(&id) else { continue };
            if let Some(next) = doc.undoer.redo(&doc.value) {
                doc.value = next.clone();
                doc.snapshot = doc.value.clone();
                self.history.past.push(id.clone());
                self.sync_data(&id);
                return Some(id);
            }
        }
        None
    }

    /// Keeps [`Workspace::data`] in step with a species or desires document.
    fn sync_data(&mut self, id: &DocId) {
        match self.docs.get(id).map(|d| &d.value) {
            Some(DocValue::Desires(t)) => {
                self.data.steepness = t.steepness;
                self.data.desires.clone_from(&t.desires);
            }
            Some(DocValue::Species(s)) => {
                if let Some(slot) = self.data.species.get_mut(s.name.index()) {
                    slot.clone_from(s);
                }
            }
            _ => {}
        }
    }

    /// Carries out one edit. Numbers are clamped to the ranges the files allow, so an
    /// edit can never make a document that would not load again.
    /// An edit that cannot be carried out (a bank edit that finds nothing to change, a
    /// merge of banks with different features) changes nothing and says why.
    pub fn apply(&mut self, edit: Edit) -> Result<DocId, String> {
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
        self.sync_data(&id);
        Ok(id)
    }
}

fn apply_schema(s: &mut Schema, edit: Edit) {
    match edit {
        Edit::SchemaReplace { with, .. } => *s = *with,
        Edit::SchemaWeight { feature, weight, .. } => {
            if let Some(f) = s.features.get_mut(feature)
                && weight.is_finite()
            {
                f.weight = weight.max(0.0);
            }
        }
        _ => {}
    }
}

/// A bank edit works on a copy, so that a failure halfway leaves the bank as it was and
/// the undo history keeps the old bank without copying it.
fn apply_bank(b: &mut SharedBank, edit: Edit, here: &str) -> Result<(), String> {
    let bank = b.0.as_ref();
    let next = match edit {
        Edit::BankDeleteMatch { match_id, .. } => {
            if !bank.events().iter().any(|e| e.match_id == match_id) {
                return Err(format!("{here} has no match {match_id}"));
            }
            let mut next = bank.clone();
            next.delete_match(match_id);
            next
        }
        Edit::BankDeleteSegment { segment, .. } => {
            if !bank.events().iter().any(|e| e.segment == segment) {
                return Err(format!("{here} has no segment {segment}"));
            }
            let mut next = bank.clone();
            next.delete_segment(segment);
            next
        }
        Edit::BankMerge { other, label, .. } => merge(&[(here, bank), (label.as_str(), other.0.as_ref())])
            .map_err(|e| format!("cannot merge {label}: {e}"))?,
        Edit::BankKeep { pending, recorded_at, .. } => {
            let mut next = bank.clone();
            next.keep(&pending, recorded_at).map_err(|e| format!("cannot keep the match: {e}"))?;
            next
        }
        _ => return Ok(()),
    };
    b.0 = Arc::new(next);
    Ok(())
}

fn finite(v: f64, lo: f64, hi: f64, old: f64) -> f64 {
    if v.is_finite() { v.clamp(lo, hi) } else { old }
}

fn apply_species(s: &mut SpeciesDef, edit: &Edit) {
    match *edit {
        Edit::Trait { t, value, .. } => {
            let v = s.traits.get_mut(t);
            *v = finite(value, 0.0, 1.0, *v);
        }
        Edit::AggressionConnected { on, .. } => s.aggression_connected = on,
        Edit::Body { field, value, .. } => {
            let b = &mut s.body;
            match field {
                BodyField::Strength => b.strength = finite(value, 0.0, 1.0, b.strength),
                BodyField::Speed => b.speed = finite(value, 0.01, 50.0, b.speed),
                BodyField::EnergyPerMeal => b.energy_per_meal = finite(value, 0.0, 1.0, b.energy_per_meal),
                BodyField::GrowUpSeconds => b.grow_up_seconds = finite(value, 1.0, 1e9, b.grow_up_seconds),
            }
        }
        Edit::Climate { warm, .. } => s.body.climate = if warm { Climate::Warm } else { Climate::Cold },
        Edit::Miracle { value, .. } => s.miracle_multiplier = finite(value, 0.01, 100.0, s.miracle_multiplier),
        Edit::IncreaseOverride { desire, seconds, .. } => match seconds {
            Some(v) if v.is_finite() => {
                s.increase_overrides.insert(desire, v.clamp(1.0, 1200.0));
            }
            _ => {
                s.increase_overrides.remove(&desire);
            }
        },
        _ => {}
    }
}

fn apply_desires(t: &mut DesireTable, edit: &Edit) {
    match *edit {
        Edit::Steepness(k) => t.steepness = finite(k, 0.1, 1000.0, t.steepness),
        Edit::DesireNumber { desire, field, value } => {
            let Some(d) = t.desires.get_mut(desire.index()) else { return };
            match field {
                DesireField::Max => d.max = finite(value, 0.0, 2.0, d.max),
                DesireField::IncreaseSeconds => d.increase_seconds = finite(value, 1.0, 1200.0, d.increase_seconds),
                DesireField::Decay => d.decay = finite(value, 0.0, 1.0, d.decay),
                DesireField::DistanceWeight => d.distance_weight = finite(value, 0.0, 1.0, d.distance_weight),
                DesireField::Growth => d.sensitivity.growth = finite(value, 0.0, 1.0, d.sensitivity.growth),
                DesireField::ThresholdSensitivity => {
                    d.sensitivity.threshold = finite(value, 0.0, 1.0, d.sensitivity.threshold);
                }
                DesireField::MaximumSensitivity => {
                    d.sensitivity.maximum = finite(value, 0.0, 1.0, d.sensitivity.maximum);
                }
                DesireField::Phase => d.phase = finite(value.round(), 0.0, 13.0, f64::from(d.phase)) as u8,
            }
        }
        Edit::Threshold { desire, source, value } => {
            if let Some(s) = t.desires.get_mut(desire.index()).and_then(|d| d.sources.get_mut(source)) {
                s.threshold = finite(value, 0.2, 1.0, s.threshold);
            }
        }
        _ => {}
    }
}

fn apply_creature(c: &mut Creature, edit: Edit, data: &Data) {
    let attributes = &data.attributes;
    match edit {
        Edit::Liking { value, .. } => c.liking = finite(value, -1.0, 1.0, c.liking),
        Edit::Phase { phase, .. } => c.phase = phase.min(13),
        Edit::DesireValue { desire, value, .. } => {
            let d = c.desire_mut(desire);
            d.value = finite(value, 0.0, d.max.max(0.0), d.value);
        }
        Edit::Opinion { action, value, .. } if data.action(&action).is_some() => {
            let v = c.opinions.entry(action).or_insert(0.0);
            *v = finite(value, -1.0, 1.0, *v);
        }
        Edit::CreatureTrait { t, value, .. } => {
            let v = c.traits.get_mut(t);
            *v = finite(value, 0.0, 1.0, *v);
        }
        Edit::ExampleAdd { desire, kind, example, .. } => c.tree_mut(desire, kind).seed(clean(example, attributes)),
        Edit::ExampleSet { desire, kind, index, example, .. } => {
            if let Some(e) = c.tree_mut(desire, kind).examples.get_mut(index) {
                *e = clean(example, attributes);
            }
        }
        Edit::ExampleRemove { desire, kind, index, .. } => {
            let m = c.tree_mut(desire, kind);
            if index < m.examples.len() {
                m.examples.remove(index);
            }
        }
        Edit::ReplaceCreature { with, .. } => *c = *with,
        _ => {}
    }
}

fn apply_lesson(l: &mut LessonScript, edit: Edit) {
    match edit {
        Edit::LessonHeader { species, seed, phase, .. } => {
            l.species = species;
            l.seed = seed;
            l.phase = phase.min(13);
        }
        Edit::EventTime { index, at, .. } => {
            // An event moves only between its neighbours, so the script stays in time order.
            let lo = index.checked_sub(1).and_then(|i| l.events.get(i)).map_or(0.0, |e| e.at);
            let hi = l.events.get(index + 1).map_or(MAX_SECONDS, |e| e.at);
            if let Some(e) = l.events.get_mut(index) {
                e.at = finite(at, lo, hi.max(lo), e.at);
            }
        }
        Edit::EventSet { index, what, .. } => {
            if let Some(e) = l.events.get_mut(index) {
                e.what = what;
            }
        }
        Edit::EventAdd { at, what, .. } => {
            let at = finite(at, 0.0, MAX_SECONDS, 0.0);
            let index = l.events.partition_point(|e| e.at <= at);
            l.events.insert(index, ScriptEvent { at, what });
        }
        Edit::EventRemove { index, .. } if index < l.events.len() => {
            l.events.remove(index);
        }
        Edit::LessonObject { id, answers, .. } => match answers {
            Some(a) => {
                l.objects.insert(id, a);
            }
            None => {
                l.objects.remove(&id);
            }
        },
        _ => {}
    }
}

/// An example as the creature save accepts it: known attributes only, no empty
/// answers, feedback a number in [−1, 1].
fn clean(mut e: Example, attributes: &[String]) -> Example {
    e.answers.retain(|k, v| attributes.contains(k) && !v.trim().is_empty());
    for v in e.answers.values_mut() {
        *v = v.trim().to_owned();
    }
    e.feedback = finite(e.feedback, -1.0, 1.0, 0.0);
    e
}

/// Loads a species folder file by file: what loads is used, what does not is replaced
/// by the built-in file and named in the third list. Also returns each file's text.
fn load_species_dir(dir: &Path) -> (Data, BTreeMap<String, String>, Vec<String>) {
    let builtin = Data::builtin().unwrap_or_else(|e| panic!("the built-in species data is broken: {e:?}"));
    let whole = Data::load_dir(dir);
    let errors = whole.as_ref().err().cloned().unwrap_or_default();
    let mut texts = BTreeMap::new();
    let mut broken = Vec::new();
    let mut read = |name: &str| -> Option<(String, String)> {
        let path = dir.join(name);
        let file = path.display().to_string();
        let text = read_text(&path).ok()?;
        texts.insert(name.to_owned(), text.clone());
        if errors.iter().any(|e| e.file == file) {
            broken.push(name.to_owned());
            return None;
        }
        Some((file, text))
    };
    let mut data = builtin.clone();
    if let Ok(d) = whole {
        for name in [DESIRES_FILE, ACTIONS_FILE, ATTRIBUTES_FILE, PHASES_FILE, TEMPLATE_FILE] {
            read(name);
        }
        for s in Species::ALL {
            read(&format!("{}.ron", s.file_stem()));
        }
        return (d, texts, broken);
    }
    if let Some(t) = read(DESIRES_FILE).and_then(|(f, t)| parse_ron::<DesireTable>(&f, &t).ok())
        && t.desires.len() == Desire::COUNT
        && t.desires.iter().zip(Desire::ALL).all(|(d, n)| d.name == *n)
    {
        data.steepness = t.steepness;
        data.desires = t.desires;
    }
    if let Some(t) = read(ACTIONS_FILE).and_then(|(f, t)| parse_ron::<ActionTable>(&f, &t).ok()) {
        data.actions = t;
    }
    if let Some(t) = read(ATTRIBUTES_FILE).and_then(|(f, t)| parse_ron::<AttributeTable>(&f, &t).ok()) {
        data.attributes = t.attributes;
    }
    if let Some(t) = read(PHASES_FILE).and_then(|(f, t)| parse_ron::<PhaseTable>(&f, &t).ok()) {
        data.phases = t.phases;
    }
    if let Some(t) = read(TEMPLATE_FILE).and_then(|(f, t)| parse_ron::<Template>(&f, &t).ok()) {
        data.template = t;
    }
    for s in Species::ALL {
        let name = format!("{}.ron", s.file_stem());
        if let Some((f, t)) = read(&name)
            && let Ok(def) = parse_species(&f, &t, *s)
        {
            data.species[s.index()] = def;
        }
    }
    (data, texts, broken)
}

#[cfg(test)]
mod tests {
    use super::*;
    use creature_core::data::TreeKind;
    use creature_core::names::Trait;

    fn example_project() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example")
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
        assert_eq!(ws.data.desire(Desire::Hunger).max, 1.0);
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
        assert!(std::fs::read(&bin).unwrap().starts_with(creature_core::shadow::bank::BINARY_MAGIC));
        assert!(!ws.is_dirty(&bank) && !ws.changed_on_disk(&bank));
        assert_eq!(Bank::load(&bin).unwrap(), **ws.bank(&bank).unwrap());

        // Another program writes the file: a clean document follows it, a dirty one does not.
        rushdown.save(&bin).unwrap();
        assert!(ws.changed_on_disk(&bank));
        ws.reload();
        assert_eq!(ws.bank(&bank).unwrap().len(), rushdown.len());
        ws.apply(Edit::BankDeleteSegment { bank: bank.clone(), segment: 1 }).unwrap();
        let edited = ws.bank(&bank).unwrap().len();
        let mut outside = rushdown.clone();
        outside.delete_match(1);
        outside.save(&bin).unwrap();
        ws.reload();
        assert_eq!(ws.bank(&bank).unwrap().len(), edited, "unsaved edits are never dropped by a reload");
        ws.revert(&bank);
        ws.reload();
        assert_eq!(ws.bank(&bank).unwrap().len(), outside.len(), "taking the file on disk");
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
