//! Creature Studio's core: the simulation and the file formats, with no GUI.
//!
//! The creature mind of Black & White (2001) lives here: desires driven through a steep
//! sigmoid, plans chosen by opinion, novelty, object score and distance, a hand that
//! slaps and strokes, credit over the last five plans, four lessons a touch and 80
//! decision trees learnt from examples. Other crates stand on this crate's ground floor
//! with formats of their own, which core reaches only through the hooks of [`guest`].
//! SPEC.md is the contract they keep; every rule's doc comment names its section.
//!
//! The crate is built in floors, each using the ones below it (a test fails on a name
//! upward):
//!
//! - **The ground floor**: every file in through [`file_reader`] and out through
//!   [`file_writer`]; errors that name the file, line and column ([`error`]) and where
//!   things are in RON text ([`ronpos`]); the one seeded generator ([`rng`]); a batch's
//!   shards ([`shard`]); the SPEC's fixed names ([`names`], [`reads`]); what a studio
//!   file holds ([`file_kind`]), the lint rules' names and warnings ([`lint_rules`]), and
//!   the hooks for kinds of file other crates read ([`guest`]).
//! - **Species data** ([`species`]): the species folder's tables loaded and checked as
//!   [`species::data::Data`], each species' file, the newborn's template, the kinds of
//!   object, and the [`species::example::Example`] every tree learns from. It names
//!   nothing above it.
//! - **The mind** ([`mind`]): the rules of SPEC §2–§12 with no creature and no world,
//!   each in the file named after it (`desire`, `plan`, `hand`, `credit`, `tree`), and
//!   each species' character ([`mind::character`]).
//! - **The creature** ([`creature`]): its save, and the lessons a release teaches it
//!   ([`creature::lesson`]).
//! - **The village** ([`world`]): the world file, and [`world::sim::Sim`], the creature
//!   living in the village turn by turn, with what it keeps between turns.
//! - **Runs kept and tested**: scenarios ([`scenario`]), recordings ([`recording`]) and
//!   the conditions that search them ([`cond`]).
//! - **Checks over everything**: the project ([`project`]), `check --lint` ([`lint`]) and
//!   `diff` ([`diff`]). Guest kinds of file are told as they registered
//!   ([`guest::register`]); their checks, lint rules and diff come in through hooks
//!   ([`project::Checkers`], [`guest::FileRule`], [`guest::Differ`]) that the workspace
//!   crate fills.
//!
//! Where to start reading: [`mind::desire`] for how the creature feels, [`mind::plan`]
//! for how it chooses, [`creature::lesson`] for a slap's whole path, then [`world::sim::Sim::step`]
//! for a turn. ARCHITECTURE.md at the repository's root maps every module in one line.

mod bounds;
pub mod cond;
pub mod creature;
pub mod debugger_files;
pub mod decimals;
pub mod diff;
pub mod error;
pub mod exp;
pub mod file_kind;
pub mod file_reader;
pub mod file_writer;
pub mod fsutil;
pub mod guest;
#[cfg(feature = "io-counts")]
pub mod io_counts;
pub mod link;
pub mod lint;
pub mod lint_rules;
pub mod mind;
pub mod names;
pub mod opened_files;
pub mod parquet_table;
pub mod paths;
pub mod printable;
pub mod project;
pub mod read_limit;
pub mod reads;
pub mod recording;
pub mod rng;
mod ron_line;
pub mod ronpos;
mod save_intent;
pub mod scenario;
pub mod shard;
pub mod species;
pub mod stable_hash;
mod temp_file;
pub mod train;
pub mod watched;
pub mod words;
pub mod world;
