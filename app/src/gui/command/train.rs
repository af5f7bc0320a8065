//! What the Train panel asks of the training search (SPEC §22).

use std::path::PathBuf;

use creature_core::names::Species;

/// A command to the training search.
#[derive(Clone, Debug, PartialEq)]
pub enum TrainCommand {
    /// Searches for the fewest lessons that make `target` hold on `seeds` seeds, trying at
    /// most `budget` scripts per species, for each of `species` (none: the target's own).
    Start { target: PathBuf, species: Vec<Species>, seeds: usize, budget: usize },
    /// Stops the search going on: it ends with the best script tried so far.
    Stop,
    /// Keeps the script found for the `species`th species of the search as a lesson
    /// script and opens it in the Lesson panel; `play` plays it there too.
    Keep { species: usize, play: bool },
}

impl TrainCommand {
    /// The name in the palette.
    pub fn label(&self) -> String {
        match self {
            TrainCommand::Start { target, .. } => format!("Train to {}", target.display()),
            TrainCommand::Stop => "Stop training".into(),
            TrainCommand::Keep { play: false, .. } => "Keep the trained script".into(),
            TrainCommand::Keep { play: true, .. } => "Keep and play the trained script".into(),
        }
    }
}
