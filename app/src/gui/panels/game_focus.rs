//! The Game panel's focus row: the game's creature picked there put in focus (the Tree,
//! Why? and the status bar show it, and the hand and breakpoints go to the game for
//! it), or, while it is, the studio's creature put back; and what the game told of its
//! mind (beyond SPEC §23: a game that does not tell is said so).

use creature_workspace::remote_game::RemoteGame;

use crate::gui::command::{Command, GameCommand, SelectCommand};
use crate::gui::view::View;
use creature_workspace::Workspace;

/// The row for the game's creature at `picked` in the game's list.
pub fn row(ui: &mut egui::Ui, ws: &Workspace, game: &RemoteGame, picked: usize, view: &View, out: &mut Vec<Command>) {
    let Some(creature) = game.creatures.get(picked) else { return };
    ui.horizontal_wrapped(|ui| {
        if view.focus.game() == Some(creature.id) {
            ui.strong(format!("{} is in focus", creature.name));
            if let Some(local) = view.focus.local() {
                let name = ws.creature(local).map_or_else(|| local.label(), |c| c.name.clone());
                if ui
                    .button(format!("Back to the studio's {name}"))
                    .on_hover_text("Put the studio's creature in focus again")
                    .clicked()
                {
                    out.push(Command::Select(SelectCommand::Creature(local.clone())));
                }
            }
        } else if ui
            .button(format!("Focus {}", creature.name))
            .on_hover_text("The Tree, Why? and the status bar show this creature of the game, and the hand goes to it")
            .clicked()
        {
            out.push(Command::Game(GameCommand::Focus { creature: creature.id, name: creature.name.clone() }));
        }
        match game.minds.get(&creature.id) {
            Some(m) if m.not_told.is_some() => {
                ui.weak(m.not_told.as_deref().unwrap_or_default());
            }
            Some(m) => {
                if let Some((t, _)) = &m.creature {
                    let lost = if game.attached() { "" } else { " (the link is lost: the last told)" };
                    ui.weak(format!("its mind as told at {t:.1} s{lost}"));
                }
            }
            None => {}
        }
    });
}
