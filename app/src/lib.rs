//! Creature Studio's editor and command line, as a library so that the binary and the
//! editor's UI tests (driven by egui_kittest) share one build. Both sit on the
//! `creature-workspace` crate and core, side by side: `cli` never names `gui`, nor
//! `gui` `cli` (`tests/cli/layers.rs` keeps it so); `main.rs` chooses between them.
//!
//! - **The command line** ([`cli`]): one module per command, each with its arguments
//!   and its `run`; [`cli::Command`] lists them and [`cli::run`] dispatches. Every command
//!   prints a readable account or, with `--json`, the JSON of SPEC §15; a problem is a
//!   `FILE:LINE:COL: message` line and exit code 1.
//! - **The editor** ([`gui`]): an eframe app of dockable panels over the open project.
//!   Each panel is a module of `gui::panels`, owns its state and draws into commands;
//!   what several panels share is `gui::view`; the commands, one enum with their keys,
//!   are in `gui::command`, carried out after the frame by the studio (`gui::app`);
//!   menus, the palette, the dock and dialogs are `gui::chrome`.
//!
//! Where to start reading: `main.rs`, then [`cli::run`] for the command line, and
//! [`gui::run_editor`] and [`gui::app::Studio`] for the editor.

pub mod cli;
pub mod gui;
