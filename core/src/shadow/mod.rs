//! The Killer Instinct shadow: replay banks and the arena (SPEC §13).
//!
//! - [`schema`]: the features a shadow compares and how (similarity, weight, scale).
//! - [`bank`]: recorded events, kept per matchup, merged with provenance, summarised.
//! - [`select`]: the score of SPEC §13 and the fast, exact selection of the next event;
//!   `score_terms` adds a score up, `bind` puts a schema to a bank or a state, `layout`
//!   sizes the index's groups, and `index_kernels`, `group_ranges` and `single_bound`
//!   hold the index's inner loops and bounds.
//! - [`curate`]: duplicates, near duplicates, outliers and the coverage of a bank.
//! - [`compose`]: a bank made of slices of others (situation classes or filters), with
//!   provenance and the classes two sources share.
//! - [`score`]: how faithfully a shadow plays its bank (agreement, distributions).
//! - `clock`: the frame rate, shared by the arena and the heuristics.
//! - [`heuristic`]: running summaries of a match, the same at record and play time.
//! - [`arena`]: the deterministic 1-D fighting game at 60 frames per second.
//! - [`bots`]: scripted fighters with distinct styles (zoner, rushdown, turtle).
//! - [`fight`]: a match between controllers (keyboard, bot, shadow), with recording and
//!   take-over (a person takes a side from its shadow and gives it back).
//! - [`league`]: every pair of banks playing each other, rated by Glicko-2 (SPEC §20);
//!   [`league_parquet`]: its matches as a Parquet table.
//! - [`gauntlet`]: banks from the weakest shadow to the strongest, for a player;
//!   [`gauntlet_progress`]: the banks a player has beaten, kept in the project.
//! - [`workload`]: realistic large banks and queries for benchmarks.

pub mod arena;
pub mod bank;
mod bind;
pub mod bots;
mod clock;
pub mod compose;
pub mod curate;
pub mod fight;
pub mod fit;
pub mod gauntlet;
pub mod gauntlet_progress;
mod group_ranges;
pub mod heuristic;
mod index_kernels;
mod layout;
pub mod league;
pub mod league_parquet;
pub mod schema;
pub mod score;
mod score_terms;
pub mod select;
mod single_bound;
pub mod workload;
