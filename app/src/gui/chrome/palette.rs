//! The command palette (Ctrl+Shift+P): every command, panel, species, tree and file by
//! name, whole words and prefixes first; Up, Down, Page Up and Page Down choose a row,
//! Enter runs it, Esc closes.

use creature_core::names::{Desire, Species};
use creature_core::species::data::TreeKind;
use creature_workspace::Workspace;

use crate::gui::command::UiCommand;
use crate::gui::command::{Command, DockCommand, FileCommand, SelectCommand, Tab, keys};

/// The palette while it is open: what was typed, and the row Enter runs.
#[derive(Clone, Debug, Default)]
pub struct Palette {
    pub query: String,
    pub selected: usize,
}

/// Rows moved by Page Up and Page Down.
const PAGE: usize = 10;

/// Rows listed at most; the list scrolls to the row chosen.
const MAX_ROWS: usize = 200;

/// The command palette over everything; true when it closes. Up and Down move the row
/// chosen, Page Up and Page Down a page of rows, Enter runs it, a click runs any row,
/// Esc closes.
pub fn show(ctx: &egui::Context, palette: &mut Palette, ws: &Workspace, tabs: &[Tab], out: &mut Vec<Command>) -> bool {
    let entries = palette_entries(ws, tabs);
    let matches = ranked(&entries, &palette.query);
    let moved = move_selection(ctx, palette, matches.len());
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
        egui::ScrollArea::vertical().max_height(420.0).auto_shrink([false, true]).show(ui, |ui| {
            for (i, c) in matches.iter().enumerate() {
                let shortcut = c.shortcut().map(|s| ctx.format_shortcut(&s)).unwrap_or_default();
                let chosen = i == palette.selected;
                let r = ui.add(
                    egui::Button::new(c.label())
                        .right_text(shortcut)
                        .frame_when_inactive(chosen)
                        .min_size(egui::vec2(ui.available_width(), 0.0)),
                );
                if chosen && moved {
                    r.scroll_to_me(None);
                }
                if r.clicked() || (enter && chosen) {
                    out.push((*c).clone());
                    close = true;
                }
            }
        });
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

/// The entries that match `query`, best first (equally good ones shortest first).
fn ranked<'a>(entries: &'a [Command], query: &str) -> Vec<&'a Command> {
    let q = query.to_lowercase();
    let mut ranked: Vec<(u8, usize, &Command)> = entries
        .iter()
        .filter_map(|c| {
            let label = c.label().to_lowercase();
            rank(&label, &q).map(|r| (r, label.chars().count(), c))
        })
        .collect();
    ranked.sort_by_key(|(r, len, _)| (*r, *len));
    ranked.into_iter().map(|(_, _, c)| c).take(MAX_ROWS).collect()
}

/// Moves the chosen row by the keys pressed, taken before the field sees them (it would
/// move its cursor instead); true when it moved.
fn move_selection(ctx: &egui::Context, palette: &mut Palette, rows: usize) -> bool {
    let [up, down, page_up, page_down] = ctx.input_mut(|i| {
        [egui::Key::ArrowUp, egui::Key::ArrowDown, egui::Key::PageUp, egui::Key::PageDown]
            .map(|k| i.count_and_consume_key(egui::Modifiers::NONE, k))
    });
    let before = palette.selected;
    let last = rows.saturating_sub(1);
    palette.selected = (palette.selected + down + page_down * PAGE).saturating_sub(up + page_up * PAGE).min(last);
    palette.selected != before
}

/// The words of a label or a query: its runs of letters and digits.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty())
}

/// How well `text` matches a palette query, best first: every word of the query is a
/// whole word of the text (0 when the text starts with the query, else 1); the text
/// starts with the query (2); every word of the query starts a word of the text (3); the
/// text holds the query (4). Letters scattered through the text do not match.
fn rank(text: &str, query: &str) -> Option<u8> {
    let query = query.trim();
    let wanted: Vec<&str> = words(query).collect();
    let has = |test: &dyn Fn(&str, &str) -> bool| wanted.iter().all(|q| words(text).any(|w| test(w, q)));
    if !wanted.is_empty() && has(&|w, q| w == q) {
        return Some(if text.starts_with(query) { 0 } else { 1 });
    }
    if text.starts_with(query) {
        return Some(2);
    }
    if !wanted.is_empty() && has(&|w, q| w.starts_with(q)) {
        return Some(3);
    }
    text.contains(query).then_some(4)
}

/// What the palette offers: the named commands (the preview's and the arena's keys
/// among them), every panel, species, tree and file.
fn palette_entries(ws: &Workspace, tabs: &[Tab]) -> Vec<Command> {
    let mut out: Vec<Command> =
        keys::named().map(|b| b.command.clone()).filter(|c| *c != Command::Ui(UiCommand::Palette)).collect();
    out.extend(tabs.iter().map(|t| Command::Dock(DockCommand::Show(*t))));
    out.extend(Species::ALL.iter().map(|s| Command::Select(SelectCommand::Species(*s))));
    if ws.creatures().next().is_some() {
        for d in Desire::ALL {
            for k in [TreeKind::Activity, TreeKind::ActOn] {
                out.push(Command::Select(SelectCommand::Tree(*d, k)));
            }
        }
    }
    out.extend(ws.files.iter().map(|f| Command::File(FileCommand::Open(f.clone()))));
    out
}

#[cfg(test)]
mod tests {
    use super::rank;

    #[test]
    fn whole_words_and_prefixes_come_before_a_word_merely_held() {
        let r = |t: &str, q: &str| rank(t, q);
        assert_eq!(r("show panel: species", "show panel: species"), Some(0));
        assert_eq!(r("species: tiger", "tiger"), Some(1));
        assert_eq!(r("show panel: species plots", "show panel: s"), Some(2));
        assert_eq!(r("select tree: hunger acton", "hun act"), Some(3));
        assert_eq!(r("species: polarbear", "bear"), Some(4));
        assert!(r("species: tiger", "tiger") < r("species: polarbear", "bear"));
    }

    #[test]
    fn letters_scattered_through_a_name_do_not_match() {
        assert_eq!(rank("species: ogre", "tiger"), None);
        assert_eq!(rank("projects/example/creatures/daisy.ron", "compare"), None);
        assert_eq!(rank("show panel: compare", "compare"), Some(1));
    }
}
