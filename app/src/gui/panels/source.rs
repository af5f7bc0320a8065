//! A file as text with line numbers (one per line of the file: lines are not wrapped),
//! its problems listed above it and the problem's line marked; fixing a broken file here
//! and saving re-checks the project. It opens as a tab of its own, beside the others.

use std::path::Path;

use super::{Cx, Home, Panel};
use crate::gui::command::UiCommand;
use crate::gui::command::{Command, FileCommand, Tab};
use crate::gui::view::View;
use creature_workspace::Workspace;
/// This panel's tab.
pub const TAB: Tab = Tab::new("Source", "Source");

/// A file's text (the view's: Problems marks it and the studio saves it), with the
/// panel's own count of the scrolls to its line it has made
/// ([`crate::gui::view::SourceView::scroll_asked`]).
#[derive(Default)]
pub struct SourcePanel {
    scrolled: u64,
}

impl Panel for SourcePanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::UnderEditors
    }

    fn scroll_bars(&self) -> [bool; 2] {
        [false, false]
    }

    /// The file shown, marked while its text has unsaved edits.
    fn title(&self, _ws: &Workspace, view: &View) -> String {
        match &view.source {
            Some(s) => format!("Source: {}{}", s.name(), super::dirty_mark(s.text != s.saved)),
            None => TAB.title().to_owned(),
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.ws, cx.view, &mut self.scrolled, cx.out);
    }
}

fn show(ui: &mut egui::Ui, ws: &Workspace, view: &View, scrolled: &mut u64, out: &mut Vec<Command>) {
    let Some(src) = &view.source else {
        ui.weak("Click a problem, or right-click a file in Project and choose \u{201c}Show as text\u{201d}.");
        return;
    };
    ui.horizontal(|ui| {
        ui.monospace(src.path.display().to_string());
        let edited = src.text != src.saved;
        if ui
            .add_enabled(edited, egui::Button::new("Save text"))
            .on_hover_text("Write the file and check the project again")
            .clicked()
        {
            out.push(Command::Ui(UiCommand::SaveSource));
        }
        if ui.add_enabled(edited, egui::Button::new("Discard")).clicked() {
            out.push(Command::File(FileCommand::EditSource(src.saved.clone())));
        }
    });
    let problems: Vec<_> = ws.problems.iter().filter(|p| Path::new(&p.file) == src.path).collect();
    for p in &problems {
        let r = ui.add(
            egui::Button::new(
                egui::RichText::new(format!("{}:{}: {}", p.line, p.col, p.message)).color(ui.visuals().error_fg_color),
            )
            .frame_when_inactive(false),
        );
        if r.clicked() {
            out.push(Command::File(FileCommand::ShowSource { path: src.path.clone(), line: p.line }));
        }
    }
    ui.separator();
    // Only lines with a problem are marked; the chosen one (a problem clicked) more.
    let marked: Vec<usize> = problems.iter().map(|p| p.line).collect();
    egui::ScrollArea::both().auto_shrink(false).show(ui, |ui| {
        ui.horizontal_top(|ui| {
            let lines = src.text.lines().count().max(1);
            let numbers: String = (1..=lines).map(|n| format!("{n:>4}\n")).collect();
            ui.add(egui::Label::new(egui::RichText::new(numbers).monospace().weak()).selectable(false));
            // Lines are not wrapped: the numbers beside them are the file's lines, and a
            // long line scrolls sideways.
            let mut unwrapped = |ui: &egui::Ui, text: &dyn egui::TextBuffer, _wrap: f32| {
                let font = egui::TextStyle::Monospace.resolve(ui.style());
                let mut job = egui::text::LayoutJob::simple(
                    text.as_str().to_owned(),
                    font,
                    ui.visuals().text_color(),
                    f32::INFINITY,
                );
                job.keep_trailing_whitespace = true;
                ui.fonts_mut(|f| f.layout_job(job))
            };
            // The text is edited as a copy: a change goes to the view as a command.
            let mut text = src.text.clone();
            let output = egui::TextEdit::multiline(&mut text)
                .code_editor()
                .layouter(&mut unwrapped)
                .desired_width(f32::INFINITY)
                .desired_rows(lines)
                .show(ui);
            // Mark the lines with problems and scroll to the chosen one.
            let mut line = 1;
            for row in &output.galley.rows {
                let rect = row.rect().translate(output.galley_pos.to_vec2());
                let full = egui::Rect::from_x_y_ranges(output.response.rect.x_range(), rect.y_range());
                if marked.contains(&line) {
                    let colour = if line == src.line {
                        egui::Color32::from_rgba_unmultiplied(255, 80, 60, 48)
                    } else {
                        egui::Color32::from_rgba_unmultiplied(255, 80, 60, 24)
                    };
                    ui.painter().rect_filled(full, 0.0, colour);
                }
                if line == src.line && *scrolled != src.scroll_asked {
                    // Down to the line, and back to the lines' starts: a long line
                    // does not scroll the view sideways.
                    let start = ui.min_rect().left();
                    let at = egui::Rect::from_x_y_ranges(start..=start + 1.0, rect.y_range());
                    ui.scroll_to_rect(at, Some(egui::Align::Center));
                    *scrolled = src.scroll_asked;
                }
                if row.ends_with_newline {
                    line += 1;
                }
            }
            if output.response.changed() {
                out.push(Command::File(FileCommand::EditSource(text)));
            }
        });
    });
}
