//! Every problem of the project's files as `FILE:LINE:COL: message`, then the warnings
//! of `check --lint` (what loads but cannot work); a click shows the file with the line
//! marked.

use std::path::PathBuf;

use super::{Cx, Home, Panel};
use crate::gui::command::UiCommand;
use crate::gui::command::{Command, FileCommand, Tab};
use crate::gui::view::View;
use creature_workspace::Workspace;
/// This panel's tab.
pub const TAB: Tab = Tab::new("Problems", "Problems");

/// Every problem of the project's files.
pub struct ProblemsPanel;

impl Panel for ProblemsPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Strip
    }

    fn scroll_bars(&self) -> [bool; 2] {
        [false, false]
    }

    /// With the counts once there are problems or warnings.
    fn title(&self, ws: &Workspace, _view: &View) -> String {
        match (ws.problems.len(), ws.warnings.len()) {
            (0, 0) => TAB.title().to_owned(),
            (n, 0) => format!("Problems ({n})"),
            (0, w) => format!("Problems (⚠ {w})"),
            (n, w) => format!("Problems ({n}, ⚠ {w})"),
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        let shown = cx.view.source.as_ref().map(|s| (s.path.clone(), s.line));
        show(ui, cx.ws, shown.as_ref(), cx.out);
    }
}

/// One problem or warning: its mark in `colour`, its text in the text colour, so that it
/// reads on the selection's fill when it is the one the Source view shows.
fn row(ui: &mut egui::Ui, mark: &str, colour: egui::Color32, text: &str, selected: bool) -> egui::Response {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let plain = if selected { ui.visuals().selection.stroke.color } else { ui.visuals().text_color() };
    let mut job = egui::text::LayoutJob::default();
    job.append(mark, 0.0, egui::TextFormat::simple(font.clone(), colour));
    job.append(text, 0.0, egui::TextFormat::simple(font, plain));
    ui.add(egui::Button::selectable(selected, job))
}

fn show(ui: &mut egui::Ui, ws: &Workspace, shown: Option<&(PathBuf, usize)>, out: &mut Vec<Command>) {
    let is_shown =
        |file: &str, line: usize| shown.is_some_and(|(p, l)| p.as_path() == std::path::Path::new(file) && *l == line);
    ui.horizontal(|ui| {
        if ui.button("⟳ Check again").on_hover_text("Re-read the project from disk and check every file").clicked() {
            out.push(Command::Ui(UiCommand::Reload));
        }
        if ws.problems.is_empty() && ws.warnings.is_empty() {
            let allowed = match ws.allowed_warnings {
                0 => String::new(),
                n => format!(" ({n} warning{} allowed by studio.ron)", if n == 1 { "" } else { "s" }),
            };
            ui.label(format!("No problems: every file of the project loads, and nothing warns{allowed}."));
        } else if ws.problems.is_empty() {
            ui.label(format!(
                "{} warning{}: what loads but cannot work — click one to see it in its file",
                ws.warnings.len(),
                if ws.warnings.len() == 1 { "" } else { "s" }
            ));
        } else {
            ui.label(format!(
                "{} problem{} — click one to see it in its file",
                ws.problems.len(),
                if ws.problems.len() == 1 { "" } else { "s" }
            ));
        }
    });
    ui.separator();
    egui::ScrollArea::both().auto_shrink(false).show(ui, |ui| {
        for p in &ws.problems {
            let selected = is_shown(&p.file, p.line);
            let r = row(ui, "✖ ", ui.visuals().error_fg_color, &p.to_string(), selected)
                .on_hover_text("Show the file at this line");
            if r.clicked() {
                out.push(Command::File(FileCommand::ShowSource { path: PathBuf::from(&p.file), line: p.line }));
            }
        }
        for w in &ws.warnings {
            let selected = is_shown(&w.at.file, w.at.line);
            let r = row(ui, "⚠ ", ui.visuals().warn_fg_color, &w.to_string(), selected)
                .on_hover_text(format!("A warning ({}): allow it in studio.ron with a reason if it is so on purpose. Click to show the file at this line", w.rule.name()));
            if r.clicked() {
                out.push(Command::File(FileCommand::ShowSource { path: PathBuf::from(&w.at.file), line: w.at.line }));
            }
        }
    });
}
