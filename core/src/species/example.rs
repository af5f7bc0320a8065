//! A remembered lesson or template example (SPEC §8), the one shape the trees learn from
//! and the species' template, a creature's save and a tree file write.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// How many examples a tree remembers (SPEC §8).
pub const CAPACITY: usize = 16;

/// How many of them are permanent: the 16th slot rotates (SPEC §8).
pub const PERMANENT: usize = CAPACITY - 1;

/// Answer recorded for an attribute the belief did not know (SPEC §8).
pub const UNKNOWN: &str = "unknown";

/// One remembered lesson or template example (SPEC §8): the answers about the object
/// (attribute → value) and how good it was, `feedback` in [−1, 1].
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Example {
    /// Attribute name → value; a missing attribute reads as [`UNKNOWN`].
    pub answers: BTreeMap<String, String>,
    /// The lesson: −1 (worst) to +1 (best).
    pub feedback: f64,
}

impl Example {
    /// The answer to `attribute`, [`UNKNOWN`] when absent (SPEC §8).
    #[must_use]
    pub fn answer(&self, attribute: &str) -> &str {
        answer(&self.answers, attribute)
    }
}

/// The answer to `attribute` in `answers`, [`UNKNOWN`] when absent (SPEC §8).
#[must_use]
pub fn answer<'a>(answers: &'a BTreeMap<String, String>, attribute: &str) -> &'a str {
    answers.get(attribute).map_or(UNKNOWN, String::as_str)
}
