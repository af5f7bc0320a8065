//! The Killer Instinct shadow (SPEC §13, §20): a player's play recorded as replay banks,
//! and a shadow that plays on from the recorded situation nearest the present one, in a
//! 1-D fighting arena, in leagues and in gauntlets.
//!
//! The crate stands on `creature-core`'s ground floor (errors with line and column, the
//! one file reader and writer, RON positions, paths, the seeded generator, Parquet
//! tables, shards, the hooks for kinds of file core does not read) and on nothing of the
//! creature nor of core's top floor: no mind, village, creature save, species data,
//! project, lint or diff (the workspace's layer tests keep it so). Core's `check`,
//! `check --lint` and `diff` reach the shadow's files through those hooks: the
//! workspace crate registers the shadow's [`kinds`] and fills the hooks with [`fit`],
//! [`lint`] and [`diff`].
//!
//! Where to start reading: [`select`] chooses the next event, [`fight`] plays a match.
//!
//! - [`kinds`]: the shadow's kinds of file, as core tells them.
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
//! - [`fit`]: banks and states against the schema they are played with, for `check`;
//!   [`lint`]: the dead-feature rule of `check --lint`; [`diff`]: two banks compared,
//!   for `diff`.

pub mod arena;
pub mod bank;
mod bind;
pub mod bots;
mod clock;
pub mod compose;
pub mod curate;
pub mod diff;
pub mod fight;
pub mod fit;
pub mod gauntlet;
pub mod gauntlet_progress;
mod group_ranges;
pub mod heuristic;
mod index_kernels;
pub mod kinds;
mod layout;
pub mod league;
pub mod league_parquet;
pub mod lint;
pub mod schema;
pub mod score;
mod score_terms;
pub mod select;
mod single_bound;
pub mod workload;
