//! The dock of panels: the layout a new user starts with, and the tab viewer that draws
//! each tab from the workspace and the view and collects the commands it returns.

use std::path::PathBuf;

use creature_workspace::Workspace;
use egui_dock::{DockState, NodeIndex, TabViewer};

use crate::gui::command::keys::Scope;
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

/// The panel layout a new user starts with: files on the left, the start page and the
/// editors in the middle, their pictures on the right above the examples, and a strip
/// of problems below.
pub fn default_dock() -> DockState<Tab> {
    let mut dock = DockState::new(vec![
        Tab::Start,
        Tab::Species,
        Tab::Creature,
        Tab::Lesson,
        Tab::Preview,
        Tab::Arena,
        Tab::Bank,
        Tab::Scenarios,
        Tab::Source,
    ]);
    let surface = dock.main_surface_mut();
    let [main, _files] = surface.split_left(NodeIndex::root(), 0.14, vec![Tab::Project]);
    // Problems stays a strip until there is a problem to read.
    let [top, _below] = surface.split_below(main, PROBLEMS_STRIP, vec![Tab::Problems]);
    let [_editors, pictures] = surface.split_right(
        top,
        0.46,
        vec![Tab::SpeciesPlots, Tab::TreeGraph, Tab::LessonResults, Tab::Why, Tab::Compare, Tab::Query, Tab::Schema],
    );
    // The examples under the tree graph, tall enough for all 16 slots.
    surface.split_below(pictures, 0.41, vec![Tab::Examples]);
    dock
}

/// How much of its column the panels above the Problems strip keep: all but a strip
/// while there is nothing to read, a quarter less when problems appear.
const PROBLEMS_STRIP: f32 = 0.93;
const PROBLEMS_SHOWN: f32 = 0.7;

/// Gives the Problems panel room when problems appear (and takes it back when they are
/// gone), if it sits below a split of the layout; `seen` is the count of the last call,
/// so a size the person chose is left alone until the count next goes to or from 0.
pub fn make_room_for_problems(dock: &mut DockState<Tab>, seen: &mut usize, now: usize) {
    let (before, after) = (std::mem::replace(seen, now) > 0, now > 0);
    if before == after {
        return;
    }
    let Some(path) = dock.find_tab(&Tab::Problems) else { return };
    let Some(parent) = path.node.parent() else { return };
    // The Problems leaf is the lower child of a vertical split.
    if parent.right() != path.node {
        return;
    }
    if let egui_dock::Node::Vertical(split) = &mut dock[path.surface][parent] {
        split.fraction = if after { split.fraction.min(PROBLEMS_SHOWN) } else { split.fraction.max(PROBLEMS_STRIP) };
    }
}

/// The dock's look, from egui's. A panel may be dragged down to a strip of 48 points
/// (egui_dock keeps 175 by default), so the Problems strip can stay small.
pub fn style(egui_style: &egui::Style) -> egui_dock::Style {
    let mut style = egui_dock::Style::from_egui(egui_style);
    style.separator.extra = 48.0;
    style
}

/// Draws each dock tab from the workspace and collects the commands it returns.
pub struct Viewer<'a> {
    pub ws: &'a Workspace,
    pub view: &'a mut View,
    /// The recent projects, for the start page.
    pub recent: &'a [PathBuf],
    pub out: &'a mut Vec<Command>,
    /// The scopes of keys the panels drawn this frame made live.
    pub live: Vec<Scope>,
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
        if *tab == Tab::Start {
            return panels::start::show(ui, self.ws, self.recent, self.out);
        }
        match tab {
            Tab::Preview if panels::village::keys_live(ui, self.ws, self.view) => self.live.push(Scope::Preview),
            Tab::Arena if self.view.shadow.arena.keyboard_playing() => self.live.push(Scope::Arena),
            _ => {}
        }
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
            | Tab::Why
            | Tab::Compare => [false, false],
            // Wide tables and lists scroll sideways rather than cut their last column.
            Tab::Examples | Tab::Arena => [true, true],
            _ => [false, true],
        }
    }
}
