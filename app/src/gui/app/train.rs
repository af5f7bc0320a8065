//! The one handler of [`TrainCommand`]s: the training search runs on the workspace's
//! worker, and a script kept opens in the Lesson panel.

use creature_core::train::{FIRST_SEED, Settings};

use super::Studio;
use super::status::Claim;
use crate::gui::command::{Command, FileCommand, TrainCommand, UiCommand};
use crate::gui::panels;
use crate::gui::panels::train::{Kept, TrainPanel};
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
            TrainCommand::Keep { species, play } => self.keep_trained(species, play),
        }
    }

    /// Keeps the script found for the `species`th species once: kept already (for the
    /// same target, species and lessons, its file still there), it opens that file. With
    /// `play`, it plays in the Lesson panel.
    fn keep_trained(&mut self, species: usize, play: bool) {
        let key = self.ws.training.run.as_ref().and_then(|run| {
            let t = run.trained.get(species)?;
            Some(Kept { target: run.target.clone(), species: t.species, lessons: run.lessons_of(species) })
        });
        let Some(key) = key else { return };
        let before = self.panels.state::<TrainPanel>().and_then(|p| p.kept_in(&key)).cloned();
        let path = match before {
            Some(path) => path,
            None => match self.ws.keep_trained(species) {
                Ok(path) => {
                    self.status = format!("Kept the trained script as {}", short(&path));
                    if let Some(p) = self.panels.state_mut::<TrainPanel>() {
                        p.kept.push((key, path.clone()));
                    }
                    path
                }
                Err(e) => {
                    self.status = e;
                    return;
                }
            },
        };
        self.apply(Command::File(FileCommand::Open(path)));
        // Its results are the run it was found with: the script's own creature, at the
        // script's phase, not the creature in focus at whatever phase it is.
        self.view.lesson_ui.on_creature = false;
        if play {
            self.apply(Command::Ui(UiCommand::Play));
            // The playback is the Lesson panel's timeline.
            self.show_tab(panels::lesson::TAB);
        }
    }
}
