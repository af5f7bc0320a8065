//! Decision trees (SPEC §8): the examples a creature remembers and the trees built from them.
//!
//! Each desire has two trees (Activity and ActOn), 80 in all. A tree is rebuilt from its
//! examples after every lesson, so only the examples are saved.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Answer recorded for an attribute the belief did not know (SPEC §8).
pub const UNKNOWN: &str = "unknown";

/// How many examples a tree remembers (SPEC §8).
pub const CAPACITY: usize = 16;

/// How many of them are permanent: the 16th slot rotates (SPEC §8).
pub const PERMANENT: usize = CAPACITY - 1;

/// One remembered lesson or template example (SPEC §8): the answers about the object
/// (attribute → value) and how good it was, `feedback` in [−1, 1].
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
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
        self.answers.get(attribute).map_or(UNKNOWN, String::as_str)
    }
}

/// The 16-slot example memory of one tree (SPEC §8): the first 15 examples stay for
/// good (template examples count first); the 16th slot holds only the latest lesson.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct ExampleMemory {
    /// At most [`CAPACITY`] examples, oldest first.
    #[serde(default)]
    pub examples: Vec<Example>,
    /// How many lessons this tree has been taught (template examples not counted).
    #[serde(default)]
    pub lessons: u32,
}

impl ExampleMemory {
    /// Adds a template example (not a lesson): permanent while slots remain, else it
    /// takes the rotating slot like a lesson would.
    pub fn seed(&mut self, example: Example) {
        self.store(example);
    }

    /// Records a lesson: a new slot while fewer than 16 are used, else it replaces the
    /// 16th (SPEC §8: lesson 17 replaces lesson 16; lessons 1–15 stay).
    pub fn teach(&mut self, example: Example) {
        self.store(example);
        self.lessons = self.lessons.saturating_add(1);
    }

    fn store(&mut self, example: Example) {
        if self.examples.len() < CAPACITY {
            self.examples.push(example);
        } else {
            self.examples[CAPACITY - 1] = example;
        }
    }

    /// True when the tree has no examples and so no verdict (SPEC §8).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.examples.is_empty()
    }
}
