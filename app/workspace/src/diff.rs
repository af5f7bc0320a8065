//! `diff A B` (SPEC §21) over every kind of file: core's diff, with replay banks loaded
//! and compared by the shadow.

use creature_core::error::LoadError;
use creature_shadow::diff::ShadowBanks;

pub use creature_core::diff::{Side, TreeDiff, unmatched};
pub use creature_shadow::diff::{BankChange, BankDiff};

/// What differs between two files, by their kind.
pub type Diff = creature_core::diff::Diff<ShadowBanks>;

/// Both sides of a diff, loaded.
pub type Sides = creature_core::diff::Sides<ShadowBanks>;

/// Loads `a` and `b`: two files (or species folders) of one kind.
///
/// # Errors
/// A file that does not load, with its line and column, or two files of different kinds.
pub fn load(a: &Side, b: &Side) -> Result<Sides, Vec<LoadError>> {
    crate::checkers::register_guests();
    creature_core::diff::load(a, b)
}

/// Compares `a` with `b`: two files (or species folders) of one kind.
///
/// # Errors
/// As [`load`].
pub fn diff(a: &Side, b: &Side) -> Result<Diff, Vec<LoadError>> {
    crate::checkers::register_guests();
    creature_core::diff::diff(a, b)
}
