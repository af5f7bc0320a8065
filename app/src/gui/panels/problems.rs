//! Every problem of the project's files as `FILE:LINE:COL: message`; a click shows the
//! file with the line marked.

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

    /// With the count once there are problems.
    fn title(&self, ws: &Workspace, _view: &View) -> String {
        match ws.problems.len() {
            0 => TAB.title().to_owned(),
            n => format!("Problems ({n})"),
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
        if ws.problems.is_empty() {
            ui.label("No problems: every file of the project loads.");
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
    });
}
