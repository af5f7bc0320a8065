//! Creature Studio's core: the simulation and the file formats, with no GUI.
//!
//! The creature mind of Black & White (2001) lives in [`mind`], the species data in
//! [`data`] and [`species`], the creature save in [`creature`], the preview village in
//! [`world`], and the Killer Instinct shadow in [`shadow`]. See ARCHITECTURE.md.

pub mod cond;
pub mod creature;
pub mod data;
pub mod data_file;
pub mod debugger_files;
pub mod diff;
pub mod error;
pub mod exp;
pub mod file_reader;
pub mod file_writer;
pub mod fsutil;
#[cfg(feature = "io-counts")]
pub mod io_counts;
pub mod lint;
pub mod lint_rules;
pub mod mind;
pub mod names;
pub mod parquet_table;
pub mod paths;
mod problems;
pub mod project;
pub mod reads;
pub mod recording;
pub mod rng;
mod ron_line;
mod ronpos;
pub mod scenario;
pub mod shadow;
pub mod species;
mod species_file;
mod species_tables;
mod template;
pub mod watched;
pub mod world;
