//! The species folder as the workspace holds it: the data documents hold the desires'
//! and each species' text, the workspace the tables' ([`Workspace::table_texts`]); each
//! text has that one place. A changed table is taken into the workspace's data here.

use creature_core::species::data::Data;

use crate::document::DocId;
use crate::workspace::Workspace;

impl Workspace {
    /// The species folder's files as the data documents hold them now (name, text):
    /// an edited one written as a save would write it.
    pub(crate) fn data_doc_texts(&self) -> Vec<(String, String)> {
        self.docs
            .iter()
            .filter(|(id, _)| matches!(id, DocId::Species(_) | DocId::Desires))
            .filter_map(|(_, d)| {
                let name = d.path.file_name()?.to_string_lossy().into_owned();
                // A clean document is its text on disk; only edits are written out anew.
                if !d.is_dirty() {
                    return Some((name, d.saved_text.clone()?));
                }
                let (_, text) = d.value.contents(&d.path, d.saved_text.as_deref()).ok()?;
                Some((name, text?))
            })
            .collect()
    }

    /// The folder's texts (name, text): the tables as last read and the data documents'
    /// as they hold them now. A problem that a changed file makes in another is placed
    /// in that one's text, the text its value in the workspace's data came from.
    pub(crate) fn folder_texts(&self) -> Vec<(String, String)> {
        let mut texts = self.table_texts.clone();
        texts.extend(self.data_doc_texts());
        texts
    }

    /// Takes the tables of `data` (actions, attributes, phases, template, kinds) into
    /// the workspace's data: no document holds them, so they follow the disk.
    pub(crate) fn take_tables(&mut self, data: &Data) {
        self.data.actions.clone_from(&data.actions);
        self.data.attributes.clone_from(&data.attributes);
        self.data.phases.clone_from(&data.phases);
        self.data.template.clone_from(&data.template);
        self.data.kinds.clone_from(&data.kinds);
    }
}
