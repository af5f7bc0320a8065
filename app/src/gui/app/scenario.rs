//! The one handler of [`ScenarioCommand`]s: the project's scenarios run on the
//! workspace's worker, and the preview's inputs saved as a new one.

use super::Studio;
use super::status::Claim;
use crate::gui::command::ScenarioCommand;
use crate::gui::panels;
use crate::gui::words::count;

impl Studio {
    /// Carries out a command to the project's scenarios.
    pub(super) fn apply_scenario(&mut self, c: ScenarioCommand) {
        match c {
            ScenarioCommand::Run(files) => {
                let msg = format!("Running {}: see each in the Scenarios panel", count(files.len(), "scenario"));
                self.ws.scenarios.start(files.clone(), || {});
                self.status_while(Claim::ScenariosRunning(files), msg);
            }
            ScenarioCommand::SaveFromPreview => match self.ws.save_preview_scenario() {
                Ok(path) => {
                    self.status = format!("Saved the preview's inputs as {}", path.display());
                    // The Scenarios panel shows the new scenario: the studio hands it the
                    // choice, which stays the panel's own.
                    if let Some(p) = self.panels.state_mut::<panels::scenarios::ScenariosPanel>() {
                        p.chosen = Some(path);
                    }
                    self.show_tab(panels::scenarios::TAB);
                }
                Err(e) => self.status = e,
            },
        }
    }
}
