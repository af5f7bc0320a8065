//! What the panels show: the species, the creature in focus, the tree and its node, the
//! lesson, the desire the plots draw and the object the tree is asked about. The studio
//! carries them out (`app/select.rs`).

use creature_core::mind::tree::Example;
use creature_core::names::{Desire, Species};
use creature_core::species::data::TreeKind;
use creature_workspace::DocId;

use super::kind_name;

/// A change of what is selected.
#[derive(Clone, Debug, PartialEq)]
pub enum SelectCommand {
    Species(Species),
    /// Puts a creature in focus.
    Creature(DocId),
    Tree(Desire, TreeKind),
    /// Selects a node of the shown tree (a leaf lists its examples).
    Node(Option<usize>),
    Lesson(DocId),
    /// The desire the species plots draw.
    PlotDesire(Desire),
    /// The object the shown tree is asked about (its path drawn in the Tree), or none.
    Ask(Option<Example>),
}

impl SelectCommand {
    /// The name in the palette.
    pub fn label(&self) -> String {
        match self {
            SelectCommand::Species(s) => format!("Species: {s}"),
            SelectCommand::Creature(id) => format!("Creature: {}", id.label()),
            SelectCommand::Tree(d, k) => format!("Tree: {d} {}", kind_name(*k)),
            SelectCommand::Node(_) => "Select node".into(),
            SelectCommand::Lesson(id) => format!("Lesson: {}", id.label()),
            SelectCommand::PlotDesire(d) => format!("Plot {d}"),
            SelectCommand::Ask(Some(_)) => "Ask the tree".into(),
            SelectCommand::Ask(None) => "Stop asking the tree".into(),
        }
    }
}
