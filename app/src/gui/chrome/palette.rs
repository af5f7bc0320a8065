//! The command palette (Ctrl+Shift+P): every command, panel, species, tree and file by
//! name, best matches first; Up and Down choose a row, Enter runs it.

use creature_core::data::TreeKind;
use creature_core::names::{Desire, Species};
use creature_workspace::Workspace;

use crate::gui::command::{Command, Tab, keys};

/// The palette while it is open: what was typed, and the row Enter runs.
#[derive(Clone, Debug, Default)]
pub struct Palette {
    pub query: String,
    pub selected: usize,
}

/// The command palette over everything; true when it closes. Up and Down move the row
/// chosen, Enter runs it, a click runs any row.
pub fn show(ctx: &egui::Context, palette: &mut Palette, ws: &Workspace, tabs: &[Tab], out: &mut Vec<Command>) -> bool {
    let entries = palette_entries(ws, tabs);
    let q = palette.query.to_lowercase();
    let mut ranked: Vec<(u8, &Command)> =
        entries.iter().filter_map(|c| rank(&c.label().to_lowercase(), &q).map(|r| (r, c))).collect();
    ranked.sort_by_key(|(r, _)| *r);
    let matches: Vec<&Command> = ranked.into_iter().map(|(_, c)| c).take(14).collect();
    // Taken before the field sees them, which would move its cursor instead.
    let (up, down) = ctx.input_mut(|i| {
        let none = egui::Modifiers::NONE;
        (i.count_and_consume_key(none, egui::Key::ArrowUp), i.count_and_consume_key(none, egui::Key::ArrowDown))
    });
    let last = matches.len().saturating_sub(1);
    palette.selected = (palette.selected + down).saturating_sub(up).min(last);
    let mut close = false;
    // Anchored at the top, so the field stays put while the list below it shrinks.
    let id = egui::Id::new("palette");
    let area = egui::Modal::default_area(id).anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 80.0));
    let modal = egui::Modal::new(id).area(area).show(ctx, |ui| {
        ui.set_width(520.0);
        let edit = ui.add(
            egui::TextEdit::singleline(&mut palette.query)
                .hint_text("Type a command, a species, a tree, a file…")
                .desired_width(f32::INFINITY),
        );
        edit.request_focus();
        ui.separator();
        let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
        for (i, c) in matches.iter().enumerate() {
            let shortcut = c.shortcut().map(|s| ctx.format_shortcut(&s)).unwrap_or_default();
            let chosen = i == palette.selected;
            let r = ui.add(
                egui::Button::new(c.label())
                    .right_text(shortcut)
                    .frame_when_inactive(chosen)
                    .min_size(egui::vec2(ui.available_width(), 0.0)),
            );
            if r.clicked() || (enter && chosen) {
                out.push((*c).clone());
                close = true;
            }
        }
        if matches.is_empty() {
            ui.weak("no command matches");
        }
        // A new query starts again from its best match.
        if edit.changed() {
            palette.selected = 0;
        }
    });
    close || modal.should_close()
}

/// How well `text` matches a palette query, best first: it starts with the query (0),
/// a word of it does (1), it holds the query (2), or the query's letters in order (3).
fn rank(text: &str, query: &str) -> Option<u8> {
    let query = query.trim();
    if text.starts_with(query) {
        return Some(0);
    }
    if text.split([' ', ':', '/', '_', '.']).any(|w| w.starts_with(query)) {
        return Some(1);
    }
    if text.contains(query) {
        return Some(2);
    }
    let mut chars = text.chars();
    query.chars().filter(|c| !c.is_whitespace()).all(|q| chars.any(|t| t == q)).then_some(3)
}

/// What the palette offers: the named commands (the preview's and the arena's keys
/// among them), every panel, species, tree and file.
fn palette_entries(ws: &Workspace, tabs: &[Tab]) -> Vec<Command> {
    let mut out: Vec<Command> = keys::named().map(|b| b.command.clone()).filter(|c| *c != Command::Palette).collect();
    out.extend(tabs.iter().map(|t| Command::ShowTab(*t)));
    out.extend(Species::ALL.iter().map(|s| Command::SelectSpecies(*s)));
    if ws.creatures().next().is_some() {
        for d in Desire::ALL {
            for k in [TreeKind::Activity, TreeKind::ActOn] {
                out.push(Command::SelectTree(*d, k));
            }
        }
    }
    out.extend(ws.files.iter().map(|f| Command::OpenFileAt(f.clone())));
    out
}
