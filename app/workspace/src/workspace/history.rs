//! The app-wide undo order: undo points recorded after each frame of edits, and undo
//! and redo walking the documents' own histories most recent first, whichever file
//! each edit was in.

use super::Workspace;
use crate::document::DocId;

/// The whole-app undo order over the documents' own histories: the most recent edit is
/// undone first, whichever file it was in.
#[derive(Default)]
pub(super) struct History {
    pub(super) past: Vec<DocId>,
    pub(super) future: Vec<DocId>,
}

impl Workspace {
    /// Records an undo point for every document changed since the last one. Called
    /// after a frame in which the user is not dragging or typing, so that a whole drag
    /// is one step.
    pub fn snapshot(&mut self) {
        for (id, doc) in &mut self.docs {
            if doc.value != doc.snapshot {
                doc.undo.add(&doc.value);
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
            if let Some(prev) = doc.undo.undo(&doc.value) {
                doc.value = prev.clone();
                doc.snapshot = doc.value.clone();
                self.history.future.push(id.clone());
                self.take_doc_edit(&id);
                return Some(id);
            }
        }
        None
    }

    /// Redoes the most recently undone edit; returns its document.
    pub fn redo(&mut self) -> Option<DocId> {
        while let Some(id) = self.history.future.pop() {
            let Some(doc) = self.docs.get_mut(&id) else { continue };
            if let Some(next) = doc.undo.redo(&doc.value) {
                doc.value = next.clone();
                doc.snapshot = doc.value.clone();
                self.history.past.push(id.clone());
                self.take_doc_edit(&id);
                return Some(id);
            }
        }
        None
    }
}
