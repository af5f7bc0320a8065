//! The menu bar and the status bar.

use std::path::PathBuf;

use creature_core::names::Species;
use creature_workspace::{DocId, Workspace};

use crate::gui::command::keys::{self, Scope};
use crate::gui::command::{Command, Tab};

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
            for c in [Command::OpenProject, Command::OpenFile, Command::OpenPath] {
                menu_item(ui, &c, true, out);
            }
            ui.menu_button("Recent projects", |ui| {
                if recent.is_empty() {
                    ui.label("none yet");
                }
                for r in recent {
                    if ui.button(crate::gui::panels::start::project_label(r)).clicked() {
                        out.push(Command::OpenProjectAt(r.clone()));
                    }
                }
            });
            ui.separator();
            let any_dirty = !ws.dirty_docs().is_empty();
            menu_item(ui, &Command::Save, true, out);
            menu_item(ui, &Command::SaveAs, true, out);
            menu_item(ui, &Command::SaveAll, any_dirty, out);
            menu_item(ui, &Command::Revert, any_dirty, out);
            menu_item(ui, &Command::Reload, ws.project.is_some(), out);
            ui.separator();
            menu_item(ui, &Command::Quit, true, out);
        });
        ui.menu_button("Edit", |ui| {
            menu_item(ui, &Command::Undo, ws.can_undo(), out);
            menu_item(ui, &Command::Redo, ws.can_redo(), out);
            ui.separator();
            menu_item(ui, &Command::Palette, true, out);
        });
        ui.menu_button("View", |ui| {
            for t in tabs {
                menu_item(ui, &Command::ShowTab(*t), true, out);
            }
            ui.separator();
            menu_item(ui, &Command::ResetLayout, true, out);
            menu_item(ui, &Command::FitGraph, true, out);
            menu_item(ui, &Command::NewbornsBorn, true, out);
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
                    out.push(Command::SelectSpecies(*s));
                }
            }
        });
    });
}

/// The status bar: the project, what is unsaved, the problems, the preview's pace and
/// the last thing that happened.
pub fn status_bar(ui: &mut egui::Ui, ws: &Workspace, preview: Option<String>, status: &str) {
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(ws.name()).strong());
        ui.separator();
        let dirty = ws.dirty_docs();
        if dirty.is_empty() {
            ui.label("all saved");
        } else {
            let names: Vec<String> = dirty.iter().map(DocId::label).collect();
            ui.label(egui::RichText::new(format!("⏺ unsaved: {}", names.join(", "))).color(ui.visuals().warn_fg_color));
        }
        ui.separator();
        let n = ws.problems.len();
        let problems = egui::RichText::new(format!("{n} problem{}", if n == 1 { "" } else { "s" }));
        ui.label(if n > 0 { problems.color(ui.visuals().error_fg_color) } else { problems });
        ui.separator();
        if let Some(rate) = preview {
            ui.label(rate);
            ui.separator();
        }
        ui.label(status);
    });
}

pub fn menu_item(ui: &mut egui::Ui, c: &Command, enabled: bool, out: &mut Vec<Command>) {
    let shortcut = c.shortcut().map(|s| ui.ctx().format_shortcut(&s)).unwrap_or_default();
    if ui.add_enabled(enabled, egui::Button::new(c.label()).shortcut_text(shortcut)).clicked() {
        out.push(c.clone());
    }
}
