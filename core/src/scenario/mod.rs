//! Scenarios (SPEC §16): a designer's behaviour test. One creature runs in a world with
//! a script of player inputs, and expectations are measured at their turns: the seed's
//! stories checked in the living village, and the runs the studio records.

pub mod check;
pub mod expect;
pub mod file;
mod measure;
pub mod run;
pub mod settle;
pub mod state;
pub mod still;
pub mod trigger;
mod words;

pub use check::check;
pub use file::{Act, BodyMeasure, Counted, Expect, Input, Loaded, Most, Param, Root, Scenario, Started, Trigger};
pub use run::{Drive, Measured, Observed, Outcome, check_file, prepare, run, run_file, run_to, run_until, run_with};
pub use settle::Stop;
pub use state::{State, trees_digest};

pub use crate::recording::sources::run_file_recorded;
