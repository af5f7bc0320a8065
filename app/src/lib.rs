//! Creature Studio's editor and command line, as a library so that the binary and the
//! editor's UI tests (`tests/gui_*.rs`, driven by egui_kittest) share one build.

pub mod cli;
pub mod gui;
pub mod preview;
pub mod watch;
