//! The Train panel (SPEC §22): pick one of the project's targets, search for the fewest
//! lessons that make it hold on every seed (for its species, or for every species as a
//! teachability report the Species panel plots, its species searched at once and each
//! row shown as soon as its species is done), watch the search (a bar, runs per second,
//! the best script so far), and keep the script found as a lesson script, which
//! opens, and plays, in the Lesson panel.

use std::path::PathBuf;

use creature_core::names::Species;
use creature_core::train::{DEFAULT_BUDGET, DEFAULT_SEEDS, MAX_BUDGET, MAX_SEEDS, Trained};
use creature_workspace::Workspace;
use creature_workspace::train_runs::{TrainRun, verdict};

use super::{Cx, Home, Panel};
use crate::gui::command::{Command, FileCommand, Tab, TrainCommand};
use crate::gui::words::short;

/// This panel's tab.
pub const TAB: Tab = Tab::new("Train", "Train");

/// The search the panel starts next: the target, its seeds and budget, and the species
/// searched; and the scripts kept from searches, so a script is kept once.
pub struct TrainPanel {
    pub target: Option<PathBuf>,
    pub seeds: usize,
    pub budget: usize,
    pub species: TrainFor,
    /// Each script kept: the target, the species and the lessons it was found for, and
    /// the file it was kept in.
    pub kept: Vec<(Kept, PathBuf)>,
}

/// Which species a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrainFor {
    /// The species of the creature in focus (the target's own when none is).
    InFocus,
    /// The species the target names.
    TargetsOwn,
    /// Every species: a teachability report.
    Every,
}

/// What a kept script was found for: the target, the species and its lessons.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    pub target: PathBuf,
    pub species: Species,
    pub lessons: Vec<String>,
}

impl Default for TrainPanel {
    fn default() -> TrainPanel {
        TrainPanel {
            target: None,
            seeds: DEFAULT_SEEDS,
            budget: DEFAULT_BUDGET,
            species: TrainFor::InFocus,
            kept: Vec::new(),
        }
    }
}

impl Panel for TrainPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        // Beside the preview, where a laptop's tab strip still has room.
        Home::UnderPictures
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        let targets = cx.ws.target_files();
        if targets.is_empty() {
            ui.weak(
                "No targets yet: a target is a file `NAME.target.ron` in the project (SPEC §22): a species \
                 or creature, a phase, and expectations in the scenario language.",
            );
            return;
        }
        if self.target.as_ref().is_none_or(|t| !targets.contains(t)) {
            self.target = targets.first().cloned();
        }
        let focus = cx.view.focus.creature().and_then(|c| cx.ws.creature(c)).map(|c| (c.name.clone(), c.species));
        self.settings_row(ui, cx.ws, &targets, focus.as_ref(), cx.out);
        ui.separator();
        match cx.ws.training.run.as_ref() {
            None => {
                ui.weak(
                    "Train searches lesson scripts (which plan to reward or punish, a stroke or a slap, gentle or \
                     hard, when the hand lets go) for the fewest lessons that make the target hold on every seed.",
                );
            }
            Some(run) => show_run(ui, run, self, cx.out),
        }
    }
}

impl TrainPanel {
    /// The file a script found for `kept` was kept in, if it still is there.
    pub fn kept_in(&self, kept: &Kept) -> Option<&PathBuf> {
        self.kept.iter().find(|(k, p)| k == kept && p.is_file()).map(|(_, p)| p)
    }

    fn settings_row(
        &mut self,
        ui: &mut egui::Ui,
        ws: &Workspace,
        targets: &[PathBuf],
        focus: Option<&(String, Species)>,
        out: &mut Vec<Command>,
    ) {
        let running = ws.training.running();
        ui.horizontal_wrapped(|ui| {
            ui.label("Target");
            let shown = self.target.as_deref().map(short).unwrap_or_default();
            egui::ComboBox::from_id_salt("train-target").selected_text(shown).show_ui(ui, |ui| {
                for t in targets {
                    ui.selectable_value(&mut self.target, Some(t.clone()), short(t));
                }
            });
            if let Some(t) = &self.target
                && ui.small_button("✏").on_hover_text("Open the target's file").clicked()
            {
                out.push(Command::File(FileCommand::Open(t.clone())));
            }
            ui.label("seeds");
            ui.add(egui::DragValue::new(&mut self.seeds).range(1..=MAX_SEEDS))
                .on_hover_text("The newborns born with seeds 1, 2, … the target must hold on");
            ui.label("budget");
            ui.add(egui::DragValue::new(&mut self.budget).range(1..=MAX_BUDGET).speed(10.0))
                .on_hover_text("The most lesson scripts tried per species");
            ui.label("for");
            if let Some((name, species)) = focus {
                ui.radio_value(&mut self.species, TrainFor::InFocus, format!("{species} ({name}'s, in focus)"));
            } else if self.species == TrainFor::InFocus {
                self.species = TrainFor::TargetsOwn;
            }
            ui.radio_value(&mut self.species, TrainFor::TargetsOwn, "the target's species")
                .on_hover_text("The species the target's file names");
            ui.radio_value(&mut self.species, TrainFor::Every, "every species").on_hover_text(
                "A teachability report: the fewest lessons for each species, plotted in the Species panel",
            );
            let (species, what) = match (self.species, focus) {
                (TrainFor::InFocus, Some((_, s))) => (vec![*s], s.to_string()),
                (TrainFor::Every, _) => (Species::ALL.to_vec(), "every species".to_owned()),
                _ => (Vec::new(), "the target's species".to_owned()),
            };
            if running {
                if ui.button("⏹ Stop").on_hover_text("End with the best script tried so far").clicked() {
                    out.push(Command::Train(TrainCommand::Stop));
                }
            } else if let Some(target) = &self.target
                && ui.button(format!("▶ Train {what}")).clicked()
            {
                out.push(Command::Train(TrainCommand::Start {
                    target: target.clone(),
                    species,
                    seeds: self.seeds,
                    budget: self.budget,
                }));
            }
        });
    }
}

/// The search going on or ended: its progress, then what it found for each species.
fn show_run(ui: &mut egui::Ui, run: &TrainRun, panel: &TrainPanel, out: &mut Vec<Command>) {
    for p in run.failed.iter().flatten() {
        if ui.link(format!("⚠ {p}")).clicked() {
            out.push(Command::File(FileCommand::ShowSource { path: PathBuf::from(&p.file), line: p.line }));
        }
    }
    if run.pooled() && run.running() {
        // A report's species are searched at once: each row comes as its search ends.
        let (done, all) = (run.trained.len(), run.species.len());
        let rate = run.runs_per_second().map_or(String::new(), |r| format!(" · {r:.0} runs/s"));
        let bar = egui::ProgressBar::new(done as f32 / all.max(1) as f32)
            .text(format!("{done} of {all} species searched{rate}"));
        ui.add(bar);
    } else if let Some(species) = run.current() {
        let (tried, budget) = (run.tried(), run.settings.budget);
        let rate = run.runs_per_second().map_or(String::new(), |r| format!(" · {r:.0} runs/s"));
        let bar = egui::ProgressBar::new(tried as f32 / budget.max(1) as f32)
            .text(format!("{species}: {tried} of {budget} scripts{rate}"));
        ui.add(bar);
        if let Some(p) = &run.progress {
            ui.label(format!("Best so far: held on {} of {}", p.best_held, p.seeds));
            lesson_list(ui, &run.best_so_far());
        }
    }
    egui::ScrollArea::vertical().id_salt("train-found").auto_shrink([false, true]).show(ui, |ui| {
        for (i, t) in run.trained.iter().enumerate() {
            if run.species.len() == 1 {
                ui.separator();
            }
            found(ui, run, i, t, panel, out);
        }
    });
}

/// What the search found for species `i`, with the buttons that keep it.
fn found(ui: &mut egui::Ui, run: &TrainRun, i: usize, t: &Trained, panel: &TrainPanel, out: &mut Vec<Command>) {
    let (mark, colour) = if t.lessons.is_some() {
        ("✔", egui::Color32::from_rgb(60, 170, 80))
    } else {
        ("✖", egui::Color32::from_rgb(210, 80, 60))
    };
    let heading = egui::RichText::new(format!("{mark} {}", verdict(t))).color(colour);
    if run.species.len() > 1 {
        // A report over many species: one line each, its script a click away.
        egui::CollapsingHeader::new(heading)
            .id_salt(("train-found", i))
            .show(ui, |ui| script(ui, run, i, t, panel, out));
    } else {
        ui.label(heading);
        script(ui, run, i, t, panel, out);
    }
}

/// What was found for species `i`: the expectation nearest to holding when it was not
/// reached, the lessons, and the buttons that keep them.
fn script(ui: &mut egui::Ui, run: &TrainRun, i: usize, t: &Trained, panel: &TrainPanel, out: &mut Vec<Command>) {
    if let Some(c) = &t.closest {
        let why = c.why.clone().unwrap_or_else(|| format!("it measured {}", c.observed));
        ui.weak(format!("Nearest to holding: expectation {}: {why}", c.index + 1));
    }
    lesson_list(ui, &run.lessons_of(i));
    let kept = panel.kept_in(&Kept { target: run.target.clone(), species: t.species, lessons: run.lessons_of(i) });
    ui.horizontal_wrapped(|ui| {
        match kept {
            Some(path) => {
                if ui.button(format!("Kept as {}: open it", short(path))).clicked() {
                    out.push(Command::Train(TrainCommand::Keep { species: i, play: false }));
                }
            }
            None => {
                let keep = ui
                    .button("Keep as a lesson script")
                    .on_hover_text("Write it beside the project's lessons and open it");
                if keep.clicked() {
                    out.push(Command::Train(TrainCommand::Keep { species: i, play: false }));
                }
            }
        }
        if ui
            .button("⏵ Keep and play")
            .on_hover_text("Keep it (once), open it in the Lesson panel and play it there")
            .clicked()
        {
            out.push(Command::Train(TrainCommand::Keep { species: i, play: true }));
        }
    });
}

/// A script's lessons, numbered; "no lesson" for the empty script.
fn lesson_list(ui: &mut egui::Ui, lessons: &[String]) {
    if lessons.is_empty() {
        ui.weak("no lesson: the creature as it is");
    }
    for (n, l) in lessons.iter().enumerate() {
        ui.label(format!("{}. {l}", n + 1));
    }
}
