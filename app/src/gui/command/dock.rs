//! The dock's layout: a panel shown, or given the whole dock. The studio carries them
//! out (`app/dock.rs`).

use super::Tab;

/// A command to the dock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DockCommand {
    /// Shows a panel (brought to the front of its group, or added to the focused one).
    Show(Tab),
    /// Gives one panel the whole dock, or gives the layout back when one has it.
    Maximise(Tab),
}

impl DockCommand {
    /// The name in the palette.
    pub fn label(&self) -> String {
        match self {
            DockCommand::Show(t) => format!("Show panel: {}", t.title()),
            DockCommand::Maximise(t) => format!("Maximise or restore panel: {}", t.title()),
        }
    }
}
