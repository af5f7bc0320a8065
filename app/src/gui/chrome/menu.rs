//! The menu bar and the status bar.

use std::path::PathBuf;

use creature_core::names::Species;
use creature_workspace::{DocId, Workspace};

use crate::gui::command::UiCommand;
use crate::gui::command::keys::{self, Scope};
use crate::gui::command::{Command, DockCommand, FileCommand, GameCommand, SelectCommand, Tab};

/// The menu bar: File, Edit, View, Preview, Arena and Species. The Preview and Arena
/// menus list every command of their keys' scope, so a new key shows up there.
pub fn menu_bar(
    ui: &mut egui::Ui,
    ws: &Workspace,
    recent: &[PathBuf],
    tabs: &[Tab],
    arena_playing: bool,
    out: &mut Vec<Command>,
) {
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            for c in [
                Command::Ui(UiCommand::OpenProject),
                Command::Ui(UiCommand::OpenFile),
                Command::Ui(UiCommand::OpenPath),
            ] {
                menu_item(ui, &c, true, out);
            }
            ui.menu_button("Recent projects", |ui| {
                if recent.is_empty() {
                    ui.label("none yet");
                }
                for r in recent {
                    if ui.button(super::recent::project_label(r)).clicked() {
                        out.push(Command::File(FileCommand::OpenProject(r.clone())));
                    }
                }
            });
            ui.separator();
            let any_dirty = !ws.dirty_docs().is_empty();
            menu_item(ui, &Command::Ui(UiCommand::Save), true, out);
            menu_item(ui, &Command::Ui(UiCommand::SaveAs), true, out);
            menu_item(ui, &Command::Ui(UiCommand::SaveAll), any_dirty, out);
            menu_item(ui, &Command::Ui(UiCommand::Revert), any_dirty, out);
            menu_item(ui, &Command::Ui(UiCommand::Reload), ws.project.is_some(), out);
            ui.separator();
            if ui.button("Attach to a running game…").clicked() {
                out.push(Command::Dock(DockCommand::Show(crate::gui::panels::game::TAB)));
                ui.close();
            }
            menu_item(ui, &Command::Game(GameCommand::OpenRun), true, out);
            menu_item(ui, &Command::Game(GameCommand::SaveRun), ws.game.is_some(), out);
            ui.separator();
            menu_item(ui, &Command::Ui(UiCommand::Quit), true, out);
        });
        ui.menu_button("Edit", |ui| {
            menu_item(ui, &Command::Ui(UiCommand::Undo), ws.can_undo(), out);
            menu_item(ui, &Command::Ui(UiCommand::Redo), ws.can_redo(), out);
            ui.separator();
            menu_item(ui, &Command::Ui(UiCommand::Palette), true, out);
        });
        ui.menu_button("View", |ui| {
            for t in tabs {
                menu_item(ui, &Command::Dock(DockCommand::Show(*t)), true, out);
            }
            ui.separator();
            menu_item(ui, &Command::Ui(UiCommand::ResetLayout), true, out);
            menu_item(ui, &Command::Ui(UiCommand::FitGraph), true, out);
            menu_item(ui, &Command::Ui(UiCommand::NewbornsBorn), true, out);
        });
        ui.menu_button("Preview", |ui| {
            let p = ws.preview.as_ref();
            for c in keys::commands_of(Scope::Preview) {
                let enabled = match c {
                    Command::Preview(pc) => pc.enabled(p),
                    _ => p.is_some(),
                };
                menu_item(ui, c, enabled, out);
            }
        });
        ui.menu_button("Arena", |ui| {
            ui.weak("Held while a match runs:");
            for c in keys::commands_of(Scope::Arena) {
                menu_item(ui, c, arena_playing, out);
            }
        });
        ui.menu_button("Species", |ui| {
            for s in Species::ALL {
                let dirty = if ws.is_dirty(&DocId::Species(*s)) { " ⏺" } else { "" };
                if ui.button(format!("{s}{dirty}")).clicked() {
                    out.push(Command::Select(SelectCommand::Species(*s)));
                }
            }
        });
    });
}

/// What the status bar says besides the workspace: the creature in focus, the
/// preview's pace, whether an arena match waits to be kept, and the last thing that
/// happened.
pub struct StatusLine<'a> {
    pub focus: Option<&'a DocId>,
    /// The game's creature in focus instead, by its id on the link.
    pub game_focus: Option<u32>,
    pub preview: Option<String>,
    pub match_unkept: bool,
    pub status: &'a str,
}

/// The status bar: the project, the creature in focus, what is unsaved (a match the
/// arena recorded and did not keep too), the problems, the preview's pace and the last
/// thing that happened.
pub fn status_bar(ui: &mut egui::Ui, ws: &Workspace, line: StatusLine<'_>, out: &mut Vec<Command>) {
    let StatusLine { focus, game_focus, preview, match_unkept, status } = line;
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(ws.name()).strong());
        ui.separator();
        focus_picker(ui, ws, (focus, game_focus), out);
        ui.separator();
        let dirty = ws.dirty_docs();
        if dirty.is_empty() && !match_unkept {
            ui.label("all saved");
        } else {
            let mut names: Vec<String> = dirty.iter().map(DocId::label).collect();
            if match_unkept {
                names.push("the arena's match".to_owned());
            }
            ui.label(egui::RichText::new(format!("⏺ unsaved: {}", names.join(", "))).color(ui.visuals().warn_fg_color));
        }
        ui.separator();
        let n = ws.problems.len();
        let problems = egui::RichText::new(crate::gui::words::count(n, "problem"));
        ui.label(if n > 0 { problems.color(ui.visuals().error_fg_color) } else { problems });
        ui.separator();
        if let Some(rate) = preview {
            ui.label(rate);
            ui.separator();
        }
        if let Some(game) = &ws.game {
            let colour = if game.attached() { ui.visuals().text_color() } else { ui.visuals().warn_fg_color };
            ui.label(egui::RichText::new(game.status()).color(colour));
            ui.separator();
        }
        ui.label(status);
    });
}

/// The creature in focus, and the project's other creatures to put in focus instead:
/// the one every panel shows and the preview runs.
fn focus_picker(
    ui: &mut egui::Ui,
    ws: &Workspace,
    (focus, game): (Option<&DocId>, Option<u32>),
    out: &mut Vec<Command>,
) {
    let files: Vec<&std::path::PathBuf> =
        ws.files.iter().filter(|f| Workspace::kind_of(f) == creature_core::project::FileKind::Creature).collect();
    if files.is_empty() {
        if let Some((id, g)) = game.zip(ws.game.as_ref()) {
            ui.label(format!("🐾 {}", where_it_lives(g, id)));
        }
        return;
    }
    let named = |id: &DocId| ws.creature(id).map_or_else(|| id.label(), |c| format!("{} ({})", c.name, c.species));
    let shown = match game.zip(ws.game.as_ref()) {
        Some((id, g)) => where_it_lives(g, id),
        None => focus.map_or_else(|| "no creature".to_owned(), named),
    };
    let tip = "The creature in focus: the tree, the creature's panels, Why?, the lessons' results and the preview \
               all show it. Pick another to put it in focus (the preview starts again on it).";
    egui::ComboBox::from_id_salt("creature-in-focus")
        .selected_text(format!("🐾 {shown}"))
        .show_ui(ui, |ui| {
            for f in files {
                let id = DocId::Creature(f.clone());
                let here = focus == Some(&id);
                let label = if ws.docs.contains_key(&id) { named(&id) } else { id.label() };
                if ui.selectable_label(here, label).clicked() && !here {
                    out.push(Command::File(FileCommand::Open(f.clone())));
                }
            }
        })
        .response
        .on_hover_text(tip);
}

/// A game's creature in focus, and where it lives: "Ruth — in the game at ADDRESS", and
/// whether the link is lost.
fn where_it_lives(game: &creature_workspace::remote_game::RemoteGame, id: u32) -> String {
    let name = game.creatures.iter().find(|c| c.id == id).map_or_else(|| format!("creature {id}"), |c| c.name.clone());
    let lost = if game.attached() { "" } else { " (the link is lost)" };
    format!("{name} — in the game at {}{lost}", game.address)
}

pub fn menu_item(ui: &mut egui::Ui, c: &Command, enabled: bool, out: &mut Vec<Command>) {
    let shortcut = c.shortcut().map(|s| ui.ctx().format_shortcut(&s)).unwrap_or_default();
    if ui.add_enabled(enabled, egui::Button::new(c.label()).shortcut_text(shortcut)).clicked() {
        out.push(c.clone());
    }
}
