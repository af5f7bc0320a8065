//! The Killer Instinct shadow's side of the editor (SPEC §13, §20–21): its panels (the
//! replay bank, the schema, the query inspector, the arena, the league), what they share
//! in the view (the bank shown, the arena's match, the drafts), its commands, and the
//! studio's one handler of them, which reads and writes every shadow file.

pub mod app;
pub mod command;
pub mod panels;
pub mod view;
