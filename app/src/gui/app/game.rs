//! The one handler of [`GameCommand`]s: the workspace attaches, asks and lets go, and the
//! status bar says where the creatures live; a game's run is saved to a file and opened
//! from one.

use std::path::Path;

use creature_core::file_writer::Policy;
use creature_core::link::run_file::SUFFIX;
use creature_workspace::remote_run::MarkKind;

use super::Studio;
use crate::gui::chrome::dialogs::Dialogs;
use crate::gui::command::GameCommand;
use crate::gui::panels;

impl Studio {
    /// Carries out a command to the game link.
    pub(super) fn apply_game(&mut self, c: GameCommand) {
        match c {
            GameCommand::Attach { address, token, role } => {
                self.focus_back_from_a_game();
                self.status = match self.ws.attach_game(&address, &token, role) {
                    Ok(()) => {
                        let n = self.ws.game.as_ref().map_or(0, |g| g.creatures.len());
                        format!(
                            "Attached to the game at {}: {}",
                            address.trim(),
                            creature_core::words::count(n, "creature")
                        )
                    }
                    Err(e) => format!("Could not attach: {e}"),
                };
                self.show_tab(panels::game::TAB);
            }
            GameCommand::Ask { what, control } => {
                if let Some(game) = self.ws.game.as_mut()
                    && let Err(e) = game.ask(&what, &control)
                {
                    self.status = format!("Could not ask the game to {what}: {e}");
                }
            }
            GameCommand::Detach => {
                self.ws.detach_game();
                self.status = "Let the game go; its run is kept to look back over".into();
            }
            GameCommand::Focus { creature, .. } => {
                self.focus_game_creature(creature);
                self.show_tab(panels::graph::TAB);
            }
            GameCommand::Bookmark { creature, at, sim_time } => {
                if let Some(game) = self.ws.game.as_mut() {
                    let text = format!("bookmark at {sim_time:.1} s");
                    game.run.mark_at(creature, at, sim_time, MarkKind::Bookmark, text);
                    self.status = format!("Bookmarked the game's run at {sim_time:.1} s");
                }
            }
            GameCommand::WantHeat(of) => {
                if let Some(game) = self.ws.game.as_mut() {
                    game.want_heat(of);
                }
            }
            GameCommand::SaveRun => self.save_game_run(),
            GameCommand::OpenRun => {
                let dir = self.project_dir();
                if let Some(path) = self.dialogs.pick_file(dir.as_deref()) {
                    self.open_game_run(&path);
                }
            }
        }
    }

    /// Saves the game's run to a file the person chooses, through the one writer.
    fn save_game_run(&mut self) {
        if self.ws.game.is_none() {
            self.status = "No game's run to save: attach to a game first".into();
            return;
        }
        let dir = self.project_dir();
        let Some(path) = self.dialogs.save_file(dir.as_deref(), &format!("game{SUFFIX}")) else { return };
        let Some(game) = self.ws.game.as_ref() else { return };
        // The save dialog has asked before replacing a file there.
        self.status = match game.save_run(&path, &Policy::replacing()) {
            Ok(()) => format!("Saved the game's run as {}", path.display()),
            Err(e) => format!("{e}. The run is still here; save again elsewhere."),
        };
    }

    /// Puts the studio's creature back in focus when a game's creature is: another game,
    /// or a run opened from a file, is not the game that creature lives in.
    fn focus_back_from_a_game(&mut self) {
        if self.view.focus.game().is_some()
            && let Some(local) = self.view.focus.local().cloned()
        {
            self.focus_creature(&local);
        }
    }

    /// Opens the game's run saved at `path` in the Game panel, to look back over.
    pub(super) fn open_game_run(&mut self, path: &Path) {
        self.status = match self.ws.open_game_run(path) {
            Ok(()) => {
                self.focus_back_from_a_game();
                format!("Opened the game's run {}: look back over it in the Game panel", path.display())
            }
            Err(e) => format!("{} does not load: {e}", path.display()),
        };
        self.show_tab(panels::game::TAB);
    }
}
