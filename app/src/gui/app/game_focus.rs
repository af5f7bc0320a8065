//! While a game's creature is in focus, the hand and the breakpoints the preview's panels
//! ask for go to the game for it, as the Game panel's requests (SPEC §23); a watch, which
//! samples the studio's own run, is said not to reach it.

use creature_core::link::message::{Control, HandAct};
use creature_core::mind::hand::Slap;
use creature_core::world::sim::Act;

use super::Studio;
use crate::gui::command::{GameCommand, PreviewCommand};

impl Studio {
    /// Carries out `c` on the game when a game's creature is in focus and `c` is a
    /// touch of the hand or a breakpoint; gives it back otherwise.
    pub(super) fn route_to_game_in_focus(&mut self, c: PreviewCommand) -> Option<PreviewCommand> {
        let Some(creature) = self.view.focus.game() else { return Some(c) };
        let name = self.ws.game.as_ref().and_then(|g| g.creatures.iter().find(|x| x.id == creature));
        let name = name.map_or_else(|| format!("creature {creature}"), |x| x.name.clone());
        let (what, control) = match &c {
            PreviewCommand::Act(act) => {
                let (word, act) = match act {
                    Act::Hold => ("hold", HandAct::Hold),
                    Act::Stroke => ("stroke", HandAct::Stroke),
                    Act::Slap(Slap::Gentle) => ("slap gently", HandAct::SlapGentle),
                    Act::Slap(Slap::Hard) => ("slap hard", HandAct::SlapHard),
                    Act::Release => ("release", HandAct::Release),
                    _ => return Some(c),
                };
                (format!("{word} {name}"), Control::Hand { creature, act })
            }
            PreviewCommand::AddBreakpoint(condition) => {
                (format!("break when {condition}"), Control::Break { creature, condition: condition.clone() })
            }
            PreviewCommand::AddWatch(_) => {
                self.status =
                    format!("{name} lives in the game: watches sample the studio's preview, not the game's run");
                return None;
            }
            _ => return Some(c),
        };
        self.apply_game(GameCommand::Ask { what, control });
        None
    }
}
