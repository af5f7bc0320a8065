//! What the League panel asks of the project's banks.

use std::path::PathBuf;

/// A command to the league.
#[derive(Clone, Debug, PartialEq)]
pub enum LeagueCommand {
    /// Plays the league of these banks, read by the schema at this path (the built-in
    /// arena's when none), off the editor's thread.
    Play { banks: Vec<PathBuf>, schema: Option<PathBuf> },
}

impl LeagueCommand {
    /// The name in the palette.
    pub fn label(&self) -> String {
        match self {
            LeagueCommand::Play { banks, .. } => {
                format!("Play the league of {}", crate::gui::words::count(banks.len(), "bank"))
            }
        }
    }
}
