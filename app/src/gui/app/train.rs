//! The one handler of [`TrainCommand`]s: the training search runs on the workspace's
//! worker, and a script kept opens in the Lesson panel.

use creature_core::train::{FIRST_SEED, Settings};

use super::Studio;
use super::status::Claim;
use crate::gui::command::{Command, TrainCommand, UiCommand};
use crate::gui::panels;
use crate::gui::words::short;

impl Studio {
    /// Carries out a command to the training search.
    pub(super) fn apply_train(&mut self, c: TrainCommand) {
        match c {
            TrainCommand::Start { target, species, seeds, budget } => {
                let msg = format!("Training to {}: see the search in the Train panel", short(&target));
                self.ws.training.start(target, species, Settings::new(FIRST_SEED, seeds, budget), || {});
                self.status_while(Claim::Training, msg);
                self.show_tab(panels::train::TAB);
            }
            TrainCommand::Stop => self.ws.training.stop(),
            TrainCommand::Keep { species, play } => match self.ws.keep_trained(species) {
                Ok(path) => {
                    self.status = format!("Kept the trained script as {}", short(&path));
                    self.apply(Command::OpenFileAt(path));
                    if play {
                        self.apply(Command::Ui(UiCommand::Play));
                    }
                }
                Err(e) => self.status = e,
            },
        }
    }
}
