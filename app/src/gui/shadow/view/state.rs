//! The shadow tools' shared state (SPEC §13): which schema and replay bank of the
//! project's shadow folder are shown, and the arena, which the Bank, Schema, Query,
//! Arena and League panels, the status bar and the studio all read. The schema and the
//! bank themselves are workspace documents (undo, dirty markers, saves and hot reload are
//! the workspace's); this state mirrors the two shown, once per frame, and counts their
//! changes ([`ShadowState::generation`]) for the panels' caches. Each panel's own state
//! (the bank view's filters and drafts, the query inspector's typed state) and its
//! caches are the panel's (`shadow/panels/`). Opening the files and carrying out the
//! shadow commands is the studio's (`gui/shadow/app.rs`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use creature_shadow::bank::Bank;
use creature_shadow::schema::Schema;

use super::arena::ArenaUi;
use creature_workspace::{DocId, Workspace};

/// The shadow tools of the open project.
#[derive(Default)]
pub struct ShadowState {
    /// The project's shadow folder.
    pub dir: Option<PathBuf>,
    pub bank_files: Vec<PathBuf>,
    /// The schema shown: the document [`DocId::Schema`] of this path.
    pub schema_path: Option<PathBuf>,
    /// The bank shown: the document [`DocId::Bank`] of this path.
    pub bank_path: Option<PathBuf>,
    /// The shown schema document's value as of the last [`ShadowState::sync`].
    pub(crate) schema: Option<Schema>,
    /// The shown bank document's value as of the last [`ShadowState::sync`] (shared with
    /// the document, not copied).
    pub(crate) bank: Option<Arc<Bank>>,
    /// Why the last bank, schema or merge did not load.
    pub error: Option<String>,
    /// Bumped on every change of the bank or the schema, for the caches.
    pub generation: u64,
    /// Bumped on every change of the bank shown (another bank, an edit, an undo, a
    /// reload): the Bank panel lets its picked row go, the Query panel fills its typed
    /// state from the new bank.
    pub bank_changes: u64,
    pub arena: ArenaUi,
    /// A panel that shows the shadow files was drawn: the studio loads them before the
    /// next frame.
    pub(crate) wanted: bool,
    pub(crate) loaded: bool,
}

impl ShadowState {
    /// Whether the schema and the first bank are loaded: the studio opens them into the
    /// workspace once a panel that shows them (`Panel::shows_shadow_files`) was drawn.
    pub fn loaded(&self) -> bool {
        self.loaded
    }

    /// Shows the bank of this path (its document, open in the workspace); the Bank
    /// panel starts another bank from its first row and with no filter.
    pub fn shown_bank(&mut self, path: &Path) {
        if self.bank_path.as_deref() != Some(path) {
            self.bank_path = Some(path.to_path_buf());
        }
    }

    /// The schema document shown.
    pub fn schema_doc(&self) -> Option<DocId> {
        self.schema_path.clone().map(DocId::Schema)
    }

    /// The bank document shown.
    pub fn bank_doc(&self) -> Option<DocId> {
        self.bank_path.clone().map(DocId::Bank)
    }

    /// The schema shown, as of the last [`ShadowState::sync`].
    pub fn schema(&self) -> Option<&Schema> {
        self.schema.as_ref()
    }

    /// The bank shown, as of the last [`ShadowState::sync`].
    pub fn bank(&self) -> Option<&Bank> {
        self.bank.as_deref()
    }

    /// The bank shown, shared (for drawing it while the rest of this state changes).
    pub fn shared_bank(&self) -> Option<Arc<Bank>> {
        self.bank.clone()
    }

    /// Takes the shown schema and bank from their documents; the caches start again
    /// whenever either changed (an edit, an undo, a reload from disk). Once per frame.
    pub fn sync(&mut self, ws: &Workspace) {
        let schema = self.schema_doc().and_then(|id| ws.schema(&id));
        if schema != self.schema.as_ref() {
            self.schema = schema.cloned();
            self.generation += 1;
        }
        let bank = self.bank_doc().and_then(|id| ws.bank(&id));
        let same = match (bank, &self.bank) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        if !same {
            self.bank = bank.cloned();
            self.generation += 1;
            self.bank_changes += 1;
        }
    }
}
