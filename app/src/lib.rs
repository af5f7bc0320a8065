//! Creature Studio's editor and command line, as a library so that the binary and the
//! editor's UI tests (driven by egui_kittest) share one build. Both sit on the
//! `creature-workspace` crate and core, side by side: `cli` never names `gui`, nor
//! `gui` `cli` (`tests/cli/layers.rs` keeps it so); `main.rs` chooses between them.

pub mod cli;
pub mod gui;
