//! A document: one file the studio can change, with its saved baseline (for the dirty
//! marker), its text on disk (so that a save changes only what was edited) and its own
//! undo history.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::mind::script::LessonScript;
use creature_core::names::Species;
use creature_core::species::SpeciesDef;
use creature_core::species::data::{DESIRES_FILE, DesireTable};
use creature_shadow::bank::Bank;
use creature_shadow::schema::Schema;

use crate::ronedit;
use crate::undo::UndoStack;

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
    pub(crate) fn contents(&self, path: &Path, old: Option<&str>) -> Result<(Vec<u8>, Option<String>), String> {
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
            // A RON bank written or annotated by hand keeps its comments: what changed is
            // spliced into the text it was loaded from. The binary form has no text and
            // is written whole by its one writer, as is a RON bank with no text yet.
            DocValue::Bank(b) => match old.filter(|_| Bank::is_ron_path(path)) {
                Some(o) => ronedit::update_spelling_some(o, &b.0.ron_form()).unwrap_or_else(|| b.0.to_ron()),
                None if Bank::is_ron_path(path) => b.0.to_ron(),
                None => return Ok((b.0.to_binary(), None)),
            },
        };
        Ok((text.clone().into_bytes(), Some(text)))
    }
}

/// A fingerprint of a file's bytes, to tell a file changed on disk from one that holds
/// what the studio last loaded or saved.
pub(crate) fn fingerprint(bytes: &[u8]) -> u64 {
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
    pub(crate) saved_text: Option<String>,
    /// The fingerprint of the file's bytes as last loaded or saved.
    pub(crate) disk: Option<u64>,
    /// Why this document cannot be saved (it stands in for a file with problems).
    pub locked: Option<String>,
    pub(crate) undo: UndoStack<DocValue>,
    /// The value at the last undo point.
    pub(crate) snapshot: DocValue,
}

impl Doc {
    pub(crate) fn new(path: PathBuf, value: DocValue, text: Option<String>) -> Doc {
        let undo = UndoStack::new(&value);
        let disk = text.as_deref().map(|t| fingerprint(t.as_bytes()));
        Doc { path, saved: value.clone(), snapshot: value.clone(), value, saved_text: text, disk, locked: None, undo }
    }

    /// Takes what is on disk as the document's value and saved baseline: the file's
    /// text (for saves that keep its comments, `None` for a binary bank) and its bytes'
    /// fingerprint. The undo history starts again from here, since a reload is not an
    /// edit the person made.
    pub(crate) fn take_from_disk(&mut self, value: DocValue, text: Option<String>, disk: u64) {
        self.undo.rebase(&value);
        self.snapshot = value.clone();
        self.saved = value.clone();
        self.value = value;
        self.saved_text = text;
        self.disk = Some(disk);
        self.locked = None;
    }

    /// True when the document has edits that are not on disk.
    pub fn is_dirty(&self) -> bool {
        self.value != self.saved
    }
}
