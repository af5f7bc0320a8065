//! The Scenarios panel (SPEC §16): the project's behaviour tests with their last result,
//! run one or all off the editor's thread with a progress bar; for the selected one,
//! each expectation's observed value beside its bounds, the inputs that could not be
//! done, and the problems of its file (a click shows the file at the line).

use std::path::{Path, PathBuf};

use creature_core::scenario::Expect;
use creature_workspace::Workspace;
use creature_workspace::scenario_runs::Report;
use egui_extras::{Column, TableBuilder};

use super::{Cx, Home, Panel};
use crate::gui::command::{Command, FileCommand, ScenarioCommand, Tab};
use crate::gui::words::short;

/// How a scenario stands, for its mark in the list.
fn status(ws: &Workspace, path: &Path) -> (&'static str, &'static str) {
    if ws.scenarios.is_queued(path) {
        return ("…", "running");
    }
    match ws.scenarios.reports.get(path) {
        None => ("○", "not run yet"),
        Some(Ok((out, _))) if out.passed => ("✔", "passed"),
        Some(Ok(_)) => ("✖", "failed"),
        Some(Err(_)) => ("⚠", "the file has problems"),
    }
}
/// This panel's tab.
pub const TAB: Tab = Tab::new("Scenarios", "Scenarios");

/// The project's scenarios, and the one whose expectations the panel shows.
#[derive(Default)]
pub struct ScenariosPanel {
    pub chosen: Option<PathBuf>,
}

impl Panel for ScenariosPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::UnderEditors
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.ws, &mut self.chosen, cx.out);
    }
}

fn show(ui: &mut egui::Ui, ws: &Workspace, chosen: &mut Option<PathBuf>, out: &mut Vec<Command>) {
    let files = ws.scenario_files();
    ui.horizontal(|ui| {
        let running = ws.scenarios.progress().is_some();
        if ui.add_enabled(!files.is_empty() && !running, egui::Button::new("▶ Run all")).clicked() {
            out.push(Command::Scenario(ScenarioCommand::Run(files.clone())));
        }
        if let Some((done, total)) = ws.scenarios.progress() {
            let bar = egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                .text(format!("running {} of {total}", (done + 1).min(total)))
                .desired_width(220.0);
            ui.add(bar);
        } else {
            let passed = files.iter().filter(|f| status(ws, f).1 == "passed").count();
            let run = files.iter().filter(|f| ws.scenarios.reports.contains_key(*f)).count();
            ui.label(format!("{} · {run} run · {passed} passed", crate::gui::words::count(files.len(), "scenario")));
        }
    });
    if files.is_empty() {
        ui.weak(
            "No scenarios yet: a scenario is a file `NAME.scenario.ron` in the project (SPEC §16). \
             Preview › “Save as scenario” writes what you did there as one.",
        );
        return;
    }
    ui.separator();
    // The list takes at most two fifths of a narrow panel: the expectations keep room.
    let list = (ui.available_width() * 0.4).clamp(180.0, 300.0);
    egui::Panel::left("scenario-list").resizable(true).default_size(list).min_size(180.0).show(ui, |ui| {
        egui::ScrollArea::vertical().id_salt("scenario-list").show(ui, |ui| {
            for f in &files {
                let (mark, what) = status(ws, f);
                ui.horizontal(|ui| {
                    let here = chosen.as_deref() == Some(f.as_path());
                    let label = ui.selectable_label(here, format!("{mark} {}", short(f))).on_hover_text(what);
                    if label.clicked() {
                        *chosen = Some(f.clone());
                    }
                    if ui.small_button("▶").on_hover_text("Run this scenario").clicked() {
                        *chosen = Some(f.clone());
                        out.push(Command::Scenario(ScenarioCommand::Run(vec![f.clone()])));
                    }
                });
            }
        });
    });
    egui::CentralPanel::default().show(ui, |ui| {
        let Some(path) = chosen.clone().filter(|p| files.contains(p)) else {
            ui.weak("Choose a scenario to see its expectations.");
            return;
        };
        ui.horizontal(|ui| {
            ui.strong(short(&path));
            if ui.button("Open as text").clicked() {
                out.push(Command::File(FileCommand::ShowSource { path: path.clone(), line: 1 }));
            }
        });
        match ws.scenarios.reports.get(&path) {
            None => {
                ui.weak(if ws.scenarios.is_queued(&path) { "Running…" } else { "Not run yet: press ▶." });
            }
            Some(report) => show_report(ui, &path, report, out),
        }
    });
}

fn show_report(ui: &mut egui::Ui, path: &Path, report: &Report, out: &mut Vec<Command>) {
    let (outcome, expect) = match report {
        Ok(r) => r,
        Err(problems) => {
            ui.colored_label(ui.visuals().error_fg_color, "The file has problems; nothing ran:");
            for p in problems {
                let r = ui.link(p.to_string());
                if r.clicked() {
                    out.push(Command::File(FileCommand::ShowSource { path: path.to_path_buf(), line: p.line }));
                }
            }
            return;
        }
    };
    let verdict = if outcome.passed { "passed" } else { "FAILED" };
    ui.label(format!(
        "{verdict} · {:.1} simulated s · {} plans · {} lessons",
        outcome.sim_time, outcome.plans, outcome.lessons
    ));
    if !outcome.claim.is_empty() {
        ui.label(egui::RichText::new(&outcome.claim).italics());
    }
    for r in &outcome.refused {
        ui.colored_label(ui.visuals().error_fg_color, format!("could not be done: {r}"));
    }
    for m in outcome.expectations.iter().filter(|m| !m.passed) {
        if let Some(why) = &m.why {
            ui.colored_label(ui.visuals().error_fg_color, format!("#{} {why}", m.index));
        }
    }
    let good = egui::Color32::from_rgb(60, 190, 80);
    let bad = ui.visuals().error_fg_color;
    TableBuilder::new(ui)
        .id_salt("scenario-expectations")
        .striped(true)
        .column(Column::exact(28.0))
        .column(Column::remainder().at_least(220.0).clip(true))
        .column(Column::auto().at_least(80.0))
        .column(Column::auto().at_least(60.0))
        .header(20.0, |mut h| {
            for t in ["#", "expectation", "observed", "result"] {
                h.col(|ui| {
                    ui.strong(t);
                });
            }
        })
        .body(|mut body| {
            for m in &outcome.expectations {
                body.row(20.0, |mut row| {
                    row.col(|ui| {
                        ui.label(m.index.to_string());
                    });
                    row.col(|ui| {
                        ui.label(expect.get(m.index).map(Expect::describe).unwrap_or_default());
                    });
                    row.col(|ui| {
                        ui.monospace(m.observed.to_string());
                    });
                    row.col(|ui| {
                        let (text, colour) = if m.passed { ("pass", good) } else { ("FAIL", bad) };
                        ui.colored_label(colour, text);
                    });
                });
            }
        });
}
