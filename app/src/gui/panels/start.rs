//! The start page: what the studio is for, three ways in (the example creature, a
//! lesson played step by step, a fight against a shadow) and the recent projects by
//! name. A new user's default layout opens on it; View → Start shows it again.

use std::path::PathBuf;

use creature_core::names::Desire;
use creature_core::species::data::TreeKind;

use super::{Cx, Home, Panel};
use crate::gui::command::UiCommand;
use crate::gui::command::{ArenaCommand, Command, DockCommand, FileCommand, SelectCommand, Tab};
use creature_workspace::Workspace;

/// What the page shows from disk, which the studio reads (`FileCommand::ReadStartPage`)
/// when the project or the recent list changes (not every frame).
#[derive(Default)]
pub struct Disk {
    /// The project and the recent list it was read for.
    pub key: (Option<PathBuf>, Vec<PathBuf>),
    /// The richest creature and its largest tree.
    pub creature: Option<(PathBuf, Desire, TreeKind)>,
    pub lesson: Option<PathBuf>,
    /// The project's first replay bank, whose shadow "Fight your shadow" fights.
    pub bank: Option<PathBuf>,
    /// The recent projects' names, as `chrome::recent::project_label` gives them.
    pub labels: Vec<String>,
}

impl Disk {
    /// The project and recent list that the page shows.
    pub fn key_of(ws: &Workspace, recent: &[PathBuf]) -> (Option<PathBuf>, Vec<PathBuf>) {
        (ws.project.as_ref().map(|p| p.root.clone()), recent.to_vec())
    }
}

/// This panel's tab.
pub const TAB: Tab = Tab::new("Start", "Start");

/// The start page and what it last read from disk.
#[derive(Default)]
pub struct StartPanel {
    pub disk: Disk,
}

impl Panel for StartPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Editors
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        if self.disk.key != Disk::key_of(cx.ws, cx.recent) {
            cx.out.push(Command::File(FileCommand::ReadStartPage));
        }
        show(ui, cx.ws, cx.recent, &self.disk, cx.out);
    }
}

fn show(ui: &mut egui::Ui, ws: &Workspace, recent: &[PathBuf], disk: &Disk, out: &mut Vec<Command>) {
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.add_space(12.0);
        ui.heading(egui::RichText::new("Creature Studio").size(26.0));
        ui.add_space(4.0);
        ui.label(
            "Shape characters that learn. Tune a species' desires and traits, teach a creature with the \
             hand and watch its decision trees grow, test what it learnt with scenarios, and record \
             a fighter's play as a replay bank that a shadow plays back.",
        );
        ui.add_space(14.0);
        let big = |text: &str| egui::Button::new(egui::RichText::new(text).size(17.0)).min_size(egui::vec2(260.0, 40.0));
        let Disk { creature, lesson, bank, labels, .. } = disk;
        ui.horizontal_wrapped(|ui| {
            let tip = "The example creature with the largest tree, its desires and its 80 decision trees";
            if ui.add_enabled(creature.is_some(), big("🐄 Open the example creature")).on_hover_text(tip).clicked() {
                if let Some((c, d, k)) = creature {
                    out.push(Command::File(FileCommand::Open(c.clone())));
                    out.push(Command::Select(SelectCommand::Tree(*d, *k)));
                }
                out.push(Command::Dock(DockCommand::Show(super::graph::TAB)));
            }
            let tip = "A lesson script played on the creature: the hand's slaps and strokes, and what each teaches";
            if ui.add_enabled(lesson.is_some(), big("▶ Play a lesson")).on_hover_text(tip).clicked() {
                if let Some(l) = lesson {
                    out.push(Command::File(FileCommand::Open(l.clone())));
                }
                out.push(Command::Dock(DockCommand::Show(super::lesson::TAB)));
                out.push(Command::Ui(UiCommand::Play));
            }
            let tip = "The arena: fight, with the keyboard, the shadow that plays from the project's replay bank \
                       (the bank shown, or the first); your side is recorded";
            let fight = ui.add_enabled(bank.is_some(), big("⚔ Fight your shadow"));
            if fight.on_hover_text(tip).on_disabled_hover_text("The project has no replay bank").clicked() {
                out.push(Command::Arena(ArenaCommand::Start { opponent: "shadow".into(), autoplay: false, record: true }));
                out.push(Command::Dock(DockCommand::Show(crate::gui::shadow::panels::arena::TAB)));
            }
        });
        ui.add_space(18.0);
        ui.strong("Recent projects");
        if recent.is_empty() {
            ui.weak("None yet: File › Open project… to open a folder with a studio.ron.");
        }
        for (r, label) in recent.iter().zip(labels) {
            let open = ws.project.as_ref().is_some_and(|p| &p.root == r);
            if ui.add_enabled(!open, egui::Button::new(label.as_str()).frame(false)).on_disabled_hover_text("open now").clicked() {
                out.push(Command::File(FileCommand::OpenProject(r.clone())));
            }
        }
        ui.add_space(18.0);
        ui.weak("Ctrl+Shift+P finds any command · panels can be dragged and docked anywhere · View › Reset panel layout brings this page back");
    });
}
