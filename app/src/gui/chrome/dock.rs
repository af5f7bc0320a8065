//! The dock of panels: the layout a new user starts with, and the tab viewer that draws
//! each tab from the workspace and the view and collects the commands it returns.

use std::path::PathBuf;

use creature_workspace::Workspace;
use egui_dock::{DockState, NodeIndex, TabViewer};

use crate::gui::command::{Command, Tab};
use crate::gui::panels;
use crate::gui::view::View;

/// Where eframe's storage keeps the dock layout and the recent projects.
const STORAGE_DOCK: &str = "creature-studio.dock";
const STORAGE_RECENT: &str = "creature-studio.recent";
/// The most recent projects remembered.
const MAX_RECENT: usize = 10;

/// The dock layout and the recent projects as eframe's storage kept them; the default
/// layout when there is none (or it has no tab left).
pub fn restore(storage: Option<&dyn eframe::Storage>) -> (DockState<Tab>, Vec<PathBuf>) {
    let dock = storage
        .and_then(|s| eframe::get_value::<DockState<Tab>>(s, STORAGE_DOCK))
        .filter(|d| d.iter_all_tabs().count() > 0)
        .unwrap_or_else(default_dock);
    let recent = storage.and_then(|s| eframe::get_value(s, STORAGE_RECENT)).unwrap_or_default();
    (dock, recent)
}

/// Keeps the dock layout and the recent projects in eframe's storage.
pub fn persist(storage: &mut dyn eframe::Storage, dock: &DockState<Tab>, recent: &[PathBuf]) {
    eframe::set_value(storage, STORAGE_DOCK, dock);
    eframe::set_value(storage, STORAGE_RECENT, &recent);
}

/// Puts `root` first among the recent projects, once.
pub fn remember(recent: &mut Vec<PathBuf>, root: PathBuf) {
    recent.retain(|r| r != &root);
    recent.insert(0, root);
    recent.truncate(MAX_RECENT);
}

/// The panel layout a new user starts with: files on the left, the editors in the
/// middle, their pictures on the right, problems and examples below.
pub fn default_dock() -> DockState<Tab> {
    let mut dock = DockState::new(vec![Tab::Species, Tab::Creature, Tab::Lesson, Tab::Preview, Tab::Arena]);
    let surface = dock.main_surface_mut();
    let [main, _files] = surface.split_left(NodeIndex::root(), 0.14, vec![Tab::Project]);
    let [top, _below] =
        surface.split_below(main, 0.68, vec![Tab::Problems, Tab::Examples, Tab::Source, Tab::Bank, Tab::Scenarios]);
    let [_editors, _pictures] = surface.split_right(
        top,
        0.46,
        vec![Tab::SpeciesPlots, Tab::TreeGraph, Tab::LessonResults, Tab::Why, Tab::Query, Tab::Schema],
    );
    dock
}

/// Draws each dock tab from the workspace and collects the commands it returns.
pub struct Viewer<'a> {
    pub ws: &'a Workspace,
    pub view: &'a mut View,
    pub out: &'a mut Vec<Command>,
}

impl TabViewer for Viewer<'_> {
    type Tab = Tab;

    fn title(&mut self, tab: &mut Tab) -> egui::WidgetText {
        let n = self.ws.problems.len();
        match tab {
            Tab::Problems if n > 0 => format!("Problems ({n})").into(),
            Tab::Source => match &self.view.source {
                Some(s) => format!("Source: {}{}", s.name(), if s.text != s.saved { " ⏺" } else { "" }).into(),
                None => "Source".into(),
            },
            t => t.title().into(),
        }
    }

    fn id(&mut self, tab: &mut Tab) -> egui::Id {
        egui::Id::new(("tab", *tab))
    }

    fn ui(&mut self, ui: &mut egui::Ui, tab: &mut Tab) {
        panels::show(*tab, ui, self.ws, self.view, self.out);
    }

    fn scroll_bars(&self, tab: &Tab) -> [bool; 2] {
        match tab {
            Tab::TreeGraph
            | Tab::Source
            | Tab::Species
            | Tab::Problems
            | Tab::Project
            | Tab::Preview
            | Tab::Bank
            | Tab::Schema
            | Tab::Query
            | Tab::Why => [false, false],
            _ => [false, true],
        }
    }
}
