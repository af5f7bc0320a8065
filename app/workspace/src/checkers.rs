//! The checkers of the file kinds whose formats core keeps beside the project's own
//! (lesson scripts, tree examples, worlds) and of the shadow's kinds (schemas, banks,
//! states, gauntlets, the gauntlet progress), wired into core's `check`; the shadow's
//! kinds registered with core as guests; and the shadow's rules for `check --lint`.

use std::path::Path;

use creature_core::error::LoadError;
use creature_core::guest::{self, FileRule};
use creature_core::mind::{script, tree_file};
use creature_core::project::{Checkers, GuestChecks};
use creature_core::species::data::Data;
use creature_core::world::file::check_world;
use creature_shadow::bank::{Bank, StateMap};
use creature_shadow::schema::Schema;
use creature_shadow::{fit, gauntlet, gauntlet_progress, kinds, lint};

/// The rules of `check --lint` beside core's own: the shadow's.
pub const LINT_RULES: &[FileRule] = &[lint::dead_features];

/// Makes the shadow's kinds of file known to core (SPEC §13, §20), once for the
/// process: every entry point calls it before a file's kind is told.
pub fn register_guests() {
    guest::register(&kinds::KINDS);
}

/// How each of the shadow's kinds is checked.
static GUEST_CHECKS: [GuestChecks; 5] = [
    GuestChecks { kind: kinds::SCHEMA.name, text: schema_text, fit: None, binary: None },
    GuestChecks { kind: kinds::BANK.name, text: bank_text, fit: Some(bank_fit), binary: Some(fit::check_binary) },
    GuestChecks { kind: kinds::STATE.name, text: state_text, fit: Some(state_fit), binary: None },
    GuestChecks { kind: kinds::GAUNTLET.name, text: gauntlet_text, fit: None, binary: None },
    GuestChecks { kind: kinds::PROGRESS.name, text: progress_text, fit: None, binary: None },
];

/// The checkers for every kind of studio file, for `check`, the problems panel and the
/// hot reload; the shadow's kinds registered first.
pub fn checkers() -> Checkers {
    register_guests();
    Checkers {
        lesson_script: Some(script::check_file),
        tree_examples: Some(tree_file::check_file),
        world: Some(check_world),
        guests: &GUEST_CHECKS,
    }
}

fn schema_text(path: &Path, text: &str, _: &Data) -> Vec<LoadError> {
    Schema::parse(&path.display().to_string(), text).err().into_iter().collect()
}

fn bank_text(path: &Path, text: &str, _: &Data) -> Vec<LoadError> {
    Bank::parse_ron(&path.display().to_string(), text).err().into_iter().collect()
}

fn state_text(path: &Path, text: &str, _: &Data) -> Vec<LoadError> {
    StateMap::parse(&path.display().to_string(), text).err().into_iter().collect()
}

fn gauntlet_text(path: &Path, text: &str, _: &Data) -> Vec<LoadError> {
    gauntlet::check_text(path, text)
}

fn progress_text(path: &Path, text: &str, _: &Data) -> Vec<LoadError> {
    gauntlet_progress::check_text(path, text)
}

fn bank_fit(path: &Path, dir: Option<&Path>) -> Vec<LoadError> {
    fit::check_file(path, true, dir)
}

fn state_fit(path: &Path, dir: Option<&Path>) -> Vec<LoadError> {
    fit::check_file(path, false, dir)
}
