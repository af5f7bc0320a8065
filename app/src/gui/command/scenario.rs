//! What the Scenarios and preview panels ask of the project's scenarios.

use std::path::PathBuf;

/// A command to the scenarios.
#[derive(Clone, Debug, PartialEq)]
pub enum ScenarioCommand {
    /// Runs these scenarios off the editor's thread.
    Run(Vec<PathBuf>),
    /// Writes what was done in the preview as a new scenario.
    SaveFromPreview,
}

impl ScenarioCommand {
    /// The name in the palette.
    pub fn label(&self) -> String {
        match self {
            ScenarioCommand::Run(f) if f.len() == 1 => format!("Run scenario {}", f[0].display()),
            ScenarioCommand::Run(f) => format!("Run {} scenarios", f.len()),
            ScenarioCommand::SaveFromPreview => "Save the preview's inputs as a scenario".into(),
        }
    }
}
