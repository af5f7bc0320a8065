//! Opening documents: a project file read and parsed into a document (or the open one
//! returned), and documents for files that are not on disk yet.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::error::LoadError;
use creature_core::file_reader::{Limit, read_bytes, read_text};
use creature_core::mind::script::LessonScript;
use creature_core::species::data::Data;
use creature_shadow::bank::Bank;
use creature_shadow::schema::Schema;

use super::Workspace;
use crate::document::{Doc, DocId, DocValue, SharedBank, fingerprint};

impl Workspace {
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
        let bytes = read_bytes(path, Limit::of_path(path)).map_err(|e| vec![e])?;
        let bank = Bank::from_bytes(path, &bytes).map_err(|e| vec![e])?;
        let id = DocId::Bank(path.to_path_buf());
        // A RON bank's text is kept so that saves splice edits into it, comments and all.
        let text = std::str::from_utf8(&bytes).ok().filter(|_| Bank::is_ron_path(path)).map(str::to_owned);
        let mut doc = Doc::new(path.to_path_buf(), DocValue::Bank(SharedBank(Arc::new(bank))), text);
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
}
