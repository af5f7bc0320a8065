//! Replay banks (SPEC §13, file format in §15): the events a shadow plays from, kept per
//! matchup with a fallback, grown one kept match at a time, merged with provenance,
//! pruned by match or segment, and summarised for the editor.
//!
//! In memory a bank stores its world states as one row-major matrix of numbers beside
//! the event records, so that a 40,000-event bank loads from its binary form without
//! building 40,000 maps.
//!
//! - `model`: events, matchups and provenance, the bank and its checks, banks kept per
//!   matchup ([`BankSet`]) and matches waiting to be kept ([`PendingMatch`]).
//! - `ron_form`: the RON form of SPEC §15 and world-state files ([`StateMap`]).
//! - `binary_form`: the compact binary form for large banks ([`BINARY_MAGIC`]).
//! - `disk`: loading and saving, in the form the file's bytes or name call for.
//! - `edits`: keeping a recorded match, deleting matches and segments, [`merge`].
//! - `parquet`: the Parquet form of SPEC §18, for other tools ([`EVENT_COLUMNS`]).
//! - `stats`: what a bank holds, for the stats command and the editor ([`BankStats`]).

mod binary_form;
mod disk;
mod edits;
mod model;
mod parquet;
mod ron_form;
mod stats;

pub use self::parquet::EVENT_COLUMNS;
pub use binary_form::BINARY_MAGIC;
pub use edits::merge;
pub use model::{
    Bank, BankProblem, BankSet, Event, MAX_EVENTS, MAX_NAME, MAX_REACTION, Matchup, PendingEvent, PendingMatch,
    Provenance,
};
pub use ron_form::{StateMap, event_position};
pub use stats::{BankStats, MAX_BINS, ReactionTimes};
