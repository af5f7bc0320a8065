//! The species template (SPEC §8): the default examples every newborn starts with,
//! one list per desire and tree, read from `species/template.ron` and from each
//! species file.

use serde::{Deserialize, Serialize};

use crate::names::Desire;
use crate::species::example::Example;

/// Which of a desire's two trees (SPEC §8).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TreeKind {
    /// What the desire is about (its target).
    Activity,
    /// What the creature acts on.
    ActOn,
}

/// Default examples for one tree, given to every newborn before any lesson (SPEC §8).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TemplateTree {
    pub desire: Desire,
    pub tree: TreeKind,
    pub examples: Vec<Example>,
}

/// `species/template.ron`: what every species starts from.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct Template {
    #[serde(default)]
    pub trees: Vec<TemplateTree>,
}
