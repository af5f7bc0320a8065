//! Every problem of the project's files as `FILE:LINE:COL: message`, then the warnings
//! of `check --lint` (what loads but cannot work); a click shows the file with the line
//! marked.

use std::path::PathBuf;

use super::{Cx, Home, Panel};
use crate::gui::command::{Command, Tab};
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
        show(ui, cx.ws, cx.out);
    }
}

fn show(ui: &mut egui::Ui, ws: &Workspace, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        if ui.button("⟳ Check again").on_hover_text("Re-read the project from disk and check every file").clicked() {
            out.push(Command::Reload);
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
            let text = egui::RichText::new(p.to_string()).monospace().color(ui.visuals().error_fg_color);
            let r =
                ui.add(egui::Button::new(text).frame_when_inactive(false)).on_hover_text("Show the file at this line");
            if r.clicked() {
                out.push(Command::ShowSource { path: PathBuf::from(&p.file), line: p.line });
            }
        }
        for w in &ws.warnings {
            let text = egui::RichText::new(format!("⚠ {w}")).monospace().color(ui.visuals().warn_fg_color);
            let r = ui
                .add(egui::Button::new(text).frame_when_inactive(false))
                .on_hover_text(format!("A warning ({}): allow it in studio.ron with a reason if it is so on purpose. Click to show the file at this line", w.rule.name()));
            if r.clicked() {
                out.push(Command::ShowSource { path: PathBuf::from(&w.at.file), line: w.at.line });
            }
        }
    });
}
