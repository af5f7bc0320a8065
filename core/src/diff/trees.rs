//! What changed in one tree: its examples added and removed, and whether the tree
//! built from them asks other questions.

use serde::Serialize;

use crate::mind::tree::{Example, build};
use crate::names::Desire;
use crate::species::template::TreeKind;

/// One tree that differs.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct TreeDiff {
    pub desire: Desire,
    pub tree: TreeKind,
    /// The species whose own default examples these are (species data only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub species: Option<String>,
    /// Examples in B that A lacks.
    pub added: usize,
    /// Examples in A that B lacks.
    pub removed: usize,
    /// True when the trees built from the two lists ask different questions.
    pub questions_changed: bool,
}

impl TreeDiff {
    /// The difference of two example lists of one tree; `None` when they hold the same.
    #[must_use]
    pub fn of(desire: Desire, tree: TreeKind, a: &[Example], b: &[Example], attributes: &[String]) -> Option<TreeDiff> {
        if a == b {
            return None;
        }
        let (added, removed) = (missing_from(a, b), missing_from(b, a));
        let questions_changed = shape(a, attributes) != shape(b, attributes);
        Some(TreeDiff { desire, tree, species: None, added, removed, questions_changed })
    }

    /// The change in a few words.
    #[must_use]
    pub fn line(&self) -> String {
        let whose = self.species.as_ref().map_or(String::new(), |s| format!(" ({s}'s own)"));
        let mut line =
            format!("tree {} {:?}{whose}: +{} −{} examples", self.desire, self.tree, self.added, self.removed);
        if self.added == 0 && self.removed == 0 {
            line = format!("tree {} {:?}{whose}: examples reordered", self.desire, self.tree);
        }
        if self.questions_changed {
            line += ", asks other questions";
        }
        line
    }
}

/// Which of `b`'s examples `a` lacks, each example of `a` matching one of `b`: for
/// `b` against `a`, the examples added; for `a` against `b`, those removed.
#[must_use]
pub fn unmatched(a: &[Example], b: &[Example]) -> Vec<bool> {
    let mut left: Vec<&Example> = a.iter().collect();
    b.iter()
        .map(|e| match left.iter().position(|x| *x == e) {
            Some(i) => {
                left.swap_remove(i);
                false
            }
            None => true,
        })
        .collect()
}

/// How many of `b`'s examples `a` lacks.
fn missing_from(a: &[Example], b: &[Example]) -> usize {
    unmatched(a, b).iter().filter(|m| **m).count()
}

/// The questions of the tree built from `examples`, node by node with their branches.
fn shape(examples: &[Example], attributes: &[String]) -> Vec<(Option<String>, Vec<String>)> {
    build(attributes, examples)
        .nodes
        .into_iter()
        .map(|n| (n.question, n.branches.into_iter().map(|(answer, _)| answer).collect()))
        .collect()
}
