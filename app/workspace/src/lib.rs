//! Creature Studio's open project, with no GUI: the documents (one per file, each with
//! its undo history, under one app-wide undo order, saved atomically with their
//! comments kept), the project watcher, and the running preview. The command line and
//! the editor both build on it; it depends on core, notify and serde, and on no
//! windowing, GPU, dialog, plot, dock or node-graph crate
//! (`tests/no_gui_deps.rs` keeps it so).
//!
//! The crate is built in floors, each using the ones below it (`app/tests/cli/floors.rs`
//! fails on a name upward):
//!
//! - **A document**: one file's value, its saved baseline and its text on disk
//!   ([`document`]), its undo history ([`undo`]); every change as data ([`edit`]),
//!   carried out by the reducers, and saved back into the file's own text so that its
//!   comments stay ([`ronedit`]).
//! - **The running preview**: a recorded simulation that keeps running while its files
//!   change ([`live_preview`]), with the debugger's breakpoints ([`breakpoints`]),
//!   watches ([`watches`]) and heat ([`heat`]), and the project's scenarios and training
//!   run off the caller's thread ([`scenario_runs`], [`train_runs`]).
//! - **The workspace**: [`Workspace`] holds the project's files, their problems and
//!   lint warnings, the documents by [`DocId`] and the running preview; it opens, saves
//!   and reverts documents and keeps the app-wide undo order ([`workspace`]).
//! - **Across the whole workspace**: each file the watcher ([`file_watcher`]) reports
//!   changed, read once and parsed once by its kind and routed to the documents and the
//!   preview ([`reload`]); the documents and the preview kept in step ([`preview_sync`]);
//!   the species folder's texts, each in one place, and the one road of a changed folder
//!   file (`folder_texts`).
//!
//! A saved file goes: [`file_watcher::ProjectWatcher`] → [`Workspace::poll`] →
//! [`Workspace::route`] (one read, one parse) → the clean document's new baseline, a
//! [`workspace::Conflict`] for a document with unsaved edits, and the
//! [`live_preview::LivePreview`]'s data, creature or world. A species folder file saved
//! on disk and a desires or species document edited in the studio become one changed
//! file (`folder_texts`), which the workspace and the preview take as built.
//!
//! The shadow's file formats join core's here: [`checkers`] gives `check` and
//! `check --lint` the shadow's checks and rule, and [`diff`] is core's `diff` with the
//! shadow's banks.
//!
//! Where to start reading: [`Workspace`] and [`Workspace::apply`] for an edit's way,
//! [`reload`] for a save from outside, [`live_preview::LivePreview`] for the preview.

mod breakpoint_edits;
pub mod breakpoints;
pub mod checkers;
pub mod diff;
pub mod document;
pub mod edit;
pub mod file_watcher;
mod folder_texts;
mod folders;
pub mod heat;
pub mod live_preview;
mod loaders;
pub mod opening_creature;
pub mod preview_sync;
mod reduce;
pub mod reload;
pub mod remote_game;
pub mod remote_mind;
pub mod remote_run;
pub mod remote_state;
pub mod ronedit;
pub mod scenario_runs;
mod species_dir;
#[cfg(test)]
mod test_support;
mod train_keep;
pub mod train_runs;
pub mod undo;
mod watch_edits;
pub mod watches;
pub mod workspace;

pub use document::{Doc, DocId, DocValue, SharedBank};
pub use reload::Change;
pub use workspace::{Conflict, Workspace};
