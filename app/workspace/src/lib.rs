//! Creature Studio's open project, with no GUI: the documents (one per file, each with
//! its undo history, under one app-wide undo order, saved atomically with their
//! comments kept), the project watcher, and the running preview. The command line and
//! the editor both build on it; it depends on core, notify and serde, and on no
//! windowing, GPU, dialog, plot, dock or node-graph crate
//! (`tests/no_gui_deps.rs` keeps it so).
//!
//! A saved file goes: [`file_watcher::ProjectWatcher`] → [`Workspace::poll`] →
//! [`Workspace::route`] (one read, one parse) → the clean document's new baseline, a
//! [`workspace::Conflict`] for a document with unsaved edits, and the
//! [`live_preview::LivePreview`]'s data, creature or world.

mod breakpoint_edits;
pub mod breakpoints;
pub mod checkers;
pub mod document;
pub mod edit;
pub mod file_watcher;
pub mod heat;
pub mod live_preview;
mod loaders;
pub mod preview_sync;
mod reduce;
pub mod reload;
pub mod ronedit;
pub mod scenario_runs;
mod species_dir;
#[cfg(test)]
mod test_support;
pub mod undo;
mod watch_edits;
pub mod watches;
pub mod workspace;

pub use document::{Doc, DocId, DocValue, SharedBank};
pub use reload::Change;
pub use workspace::{Conflict, Workspace};
