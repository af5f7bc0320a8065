//! The one handler of [`GameCommand`]s: the workspace attaches, asks and lets go, and the
//! status bar says where the creatures live.

use creature_workspace::remote_run::MarkKind;

use super::Studio;
use crate::gui::command::GameCommand;
use crate::gui::panels;

impl Studio {
    /// Carries out a command to the game link.
    pub(super) fn apply_game(&mut self, c: GameCommand) {
        match c {
            GameCommand::Attach { address, token, role } => {
                // Another game's creature is not this one's: the studio's comes back.
                if self.view.focus.game().is_some()
                    && let Some(local) = self.view.focus.local().cloned()
                {
                    self.focus_creature(&local);
                }
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
        }
    }
}
