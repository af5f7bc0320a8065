//! Replay banks (SPEC §13, file format in §15): the events a shadow plays from, kept per
//! matchup with a fallback, grown one kept match at a time, merged with provenance,
//! pruned by match or segment, and summarised for the editor.
//!
//! In memory a bank is kept by column: each event's own fields, what a segment's events
//! share kept once, and each feature's values as one-byte or two-byte codes into a
//! dictionary, so that a million events of 16 features take under 64 bytes each.
//!
//! - `event`: one event as the bank hands it out ([`EventRef`]) and as it is given to
//!   it ([`BankEvent`]), with its [`Matchup`] and [`Provenance`].
//! - `model`: the bank by column, banks kept per matchup ([`BankSet`]) and matches
//!   waiting to be kept ([`PendingMatch`]).
//! - `events`: a bank's events in bank order ([`Events`], [`EventIter`]).
//! - `value_column`: one feature's values, dictionary-coded without loss.
//! - `check`: the rules a bank keeps, judged by column, the first fault named.
//! - `ron_form`: the RON form of SPEC §15 and world-state files ([`StateMap`]).
//! - `binary_form`: the compact binary form for large banks ([`BINARY_MAGIC`]).
//! - `disk`: loading and saving, in the form the file's bytes or name call for.
//! - `hand`: banks written by hand, event by event ([`HandEdit`], [`check_value`]).
//! - `edits`: keeping a recorded match, deleting matches and segments, [`merge`].
//! - `parquet`: the Parquet form of SPEC §18, for other tools ([`EVENT_COLUMNS`]).
//! - `stats`: what a bank holds, for the stats command and the editor ([`BankStats`]).

mod binary_form;
mod check;
mod disk;
mod edits;
mod event;
mod events;
mod hand;
mod model;
mod parquet;
mod ron_form;
mod stats;
mod value_column;

pub use self::parquet::EVENT_COLUMNS;
pub use binary_form::BINARY_MAGIC;
pub use edits::merge;
pub use event::{BankEvent, EventRef, Matchup, Provenance};
pub use events::{EventIter, Events};
pub use hand::{HandEdit, check_action, check_value, parse_value};
pub use model::{
    Bank, BankProblem, BankSet, MAX_EVENTS, MAX_FEATURES, MAX_NAME, MAX_REACTION, PendingEvent, PendingMatch,
};
pub use ron_form::{BankRon, StateMap, event_position};
pub use stats::{BankStats, MAX_BINS, ReactionTimes};
pub(crate) use value_column::{Codes, ValueColumn};
