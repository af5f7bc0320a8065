//! Saving documents: to their own file, to another file, or dropping their edits.

use std::path::{Path, PathBuf};

use creature_core::file_writer::Policy;

use super::Workspace;
use crate::document::{DocId, fingerprint};

impl Workspace {
    /// Writes a document to its file atomically. On failure the edits stay in the editor
    /// and the message says why.
    pub fn save(&mut self, id: &DocId) -> Result<PathBuf, String> {
        let doc = self.docs.get(id).ok_or_else(|| format!("{} is not open", id.label()))?;
        if let Some(why) = &doc.locked {
            return Err(format!("cannot save {}: {why}", id.label()));
        }
        let path = doc.path.clone();
        let (bytes, text) = doc.value.contents(&path, doc.saved_text.as_deref())?;
        // A document is saved over its own file: the one write in place.
        creature_core::file_writer::write(&path, &bytes, &Policy::replacing_its_own_input())
            .map_err(|e| format!("{e}. Your edits are kept; save again or save elsewhere."))?;
        if let Some(doc) = self.docs.get_mut(id) {
            doc.saved = doc.value.clone();
            doc.saved_text = text;
            doc.disk = Some(fingerprint(&bytes));
        }
        self.push_saved(id, &path, &bytes);
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
        // The save dialog has asked before replacing a file there.
        creature_core::file_writer::write(path, &bytes, &Policy::replacing())
            .map_err(|e| format!("{e}. Your edits are kept."))?;
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
        self.take_doc_edit(id);
    }
}
