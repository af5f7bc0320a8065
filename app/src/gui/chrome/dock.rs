//! The dock of panels: the layout a new user starts with, and the tab viewer that draws
//! each tab from the workspace and the view and collects the commands it returns.

use std::path::PathBuf;

use creature_workspace::Workspace;
use egui_dock::{DockState, NodeIndex, TabViewer};

use crate::gui::command::keys::Scope;
use crate::gui::command::{Command, DockCommand, Tab, TabName};
use crate::gui::panels::{self, Cx, Home, Panel, registry::Panels};
use crate::gui::view::View;

/// Where eframe's storage keeps the dock layout and the recent projects.
const STORAGE_DOCK: &str = "creature-studio.dock";
const STORAGE_RECENT: &str = "creature-studio.recent";
/// The most recent projects remembered.
const MAX_RECENT: usize = 10;

/// The dock layout and the recent projects as eframe's storage kept them; the default
/// layout when there is none (or it has no tab left). A stored tab no panel has any more
/// is left out.
pub fn restore(storage: Option<&dyn eframe::Storage>, panels: &Panels) -> (DockState<Tab>, Vec<PathBuf>) {
    let dock = storage
        .and_then(|s| eframe::get_value::<DockState<TabName>>(s, STORAGE_DOCK))
        .map(|d| d.filter_map_tabs(|n| panels.named(&n.0)))
        .filter(|d| d.iter_all_tabs().count() > 0)
        .unwrap_or_else(|| default_dock(panels));
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

/// The panel layout a new user starts with: files on the left; the start page and the
/// editors in the middle, above what they tell (a lesson's results, the scenarios, why
/// a plan was chosen, a file's text); their pictures on the right above the examples,
/// the preview and the debugger's lists; and a strip
/// along the bottom with the problems and the shadow's tools, which opens up when one
/// of them is shown. Each panel where its [`Home`] says, in the registry's order. The
/// pictures (the tree graph first) get the largest area: the trees are what a creature
/// is about. Every tab's title is in view on a laptop's 1280 × 720.
pub fn default_dock(panels: &Panels) -> DockState<Tab> {
    let homes = panels.homes();
    let at = |home: Home| -> Vec<Tab> { homes.iter().filter(|(_, h)| *h == home).map(|(t, _)| *t).collect() };
    let mut dock = DockState::new(at(Home::Editors));
    let surface = dock.main_surface_mut();
    let [main, _files] = surface.split_left(NodeIndex::root(), FILES_SHARE, at(Home::Files));
    // The strip stays low until one of its panels is shown (or there is a problem).
    let [top, _below] = surface.split_below(main, PROBLEMS_STRIP, at(Home::Strip));
    let [editors, pictures] = surface.split_right(top, EDITORS_SHARE, at(Home::Pictures));
    surface.split_below(editors, EDITORS_HEIGHT, at(Home::UnderEditors));
    // The examples under the tree graph: a dozen slots in view, the rest a scroll away.
    surface.split_below(pictures, PICTURES_SHARE, at(Home::UnderPictures));
    dock
}

/// The window's width the files take; the editors' share of the rest (the pictures
/// have the other); the editors' share of their column's height, above the live panels;
/// the pictures' share of their column's height, above the examples.
const FILES_SHARE: f32 = 0.12;
const EDITORS_SHARE: f32 = 0.36;
const EDITORS_HEIGHT: f32 = 0.7;
const PICTURES_SHARE: f32 = 0.66;

/// How much of its column the panels above the strip keep: all but a strip while
/// nothing there is asked for, less when problems appear. Another panel of the strip
/// takes the share it asks for ([`Panel::strip_share`]).
const PROBLEMS_STRIP: f32 = 0.93;
const PROBLEMS_SHOWN: f32 = 0.7;

/// The strip along the bottom (the leaf of the Problems panel) as the dock last drew
/// it: the tab it showed and the problems it made room for. A tab picked there, by its
/// tab button, a menu or the palette, sizes the strip once for what it shows (larger or
/// smaller than before); a size the person then drags is left alone until another tab
/// is picked.
#[derive(Default)]
pub struct Strip {
    shown: Option<Tab>,
    problems: usize,
}

impl Strip {
    /// Sizes the strip for its tab shown, if that changed since the last call (or the
    /// count of problems went to or from 0 while Problems is shown): a panel of the
    /// strip other than Problems takes the share of the column it asks for, Problems
    /// gives the space back (keeping some while there are problems). True when it
    /// changed a size.
    pub fn follow(&mut self, dock: &mut DockState<Tab>, panels: &Panels, problems: usize) -> bool {
        let Some(path) = dock.find_tab(&panels::problems::TAB) else { return false };
        let Some(parent) = path.node.parent() else { return false };
        // The strip is the lower child of a vertical split.
        if parent.right() != path.node {
            return false;
        }
        let shown = dock[path.surface][path.node].get_leaf().and_then(|l| l.tabs.get(l.active.0).copied());
        let had_problems = std::mem::replace(&mut self.problems, problems) > 0;
        let first = self.shown.is_none();
        let picked = std::mem::replace(&mut self.shown, shown) != shown;
        let on_problems = shown == Some(panels::problems::TAB);
        let problems_changed = on_problems && had_problems != (problems > 0);
        if (first && problems == 0) || !(picked || problems_changed) {
            return false;
        }
        let egui_dock::Node::Vertical(split) = &mut dock[path.surface][parent] else { return false };
        let fraction = match (on_problems, problems > 0) {
            (false, _) => match shown.and_then(|t| panels.get(t)) {
                Some(p) => 1.0 - p.strip_share().clamp(0.1, 0.9),
                None => return false,
            },
            (true, true) => PROBLEMS_SHOWN,
            (true, false) => PROBLEMS_STRIP,
        };
        let changed = (fraction - split.fraction).abs() > f32::EPSILON;
        split.fraction = fraction;
        changed
    }
}

/// The dock's look, from egui's. A panel may be dragged down to a strip of 48 points
/// (egui_dock keeps 175 by default), so the Problems strip can stay small; a divider
/// is easy to take hold of (egui_dock's is 4 points wide), so that a drag that starts
/// a little off it resizes rather than takes the tab below out of its place.
pub fn style(egui_style: &egui::Style) -> egui_dock::Style {
    let mut style = egui_dock::Style::from_egui(egui_style);
    style.separator.extra = 48.0;
    style.separator.extra_interact_width = DIVIDER_GRIP;
    style
}

/// How many points of a divider's thickness a drag takes hold of.
const DIVIDER_GRIP: f32 = 12.0;

/// Draws each dock tab from the workspace and collects the commands it returns.
pub struct Viewer<'a> {
    pub panels: &'a mut Panels,
    pub ws: &'a Workspace,
    pub view: &'a View,
    /// The recent projects, for the start page.
    pub recent: &'a [PathBuf],
    pub out: &'a mut Vec<Command>,
    /// The scopes of keys the panels drawn this frame made live.
    pub live: Vec<Scope>,
    /// Whether one panel has the whole dock.
    pub maximised: bool,
    /// Whether a panel drawn this frame keeps the preview running.
    pub preview_shown: bool,
    /// Whether a panel drawn this frame shows the shadow folder's files.
    pub shadow_shown: bool,
}

impl TabViewer for Viewer<'_> {
    type Tab = Tab;

    fn title(&mut self, tab: &mut Tab) -> egui::WidgetText {
        self.panels.get(*tab).map_or_else(|| tab.title().to_owned(), |p| p.title(self.ws, self.view)).into()
    }

    fn id(&mut self, tab: &mut Tab) -> egui::Id {
        egui::Id::new(("tab", tab.name()))
    }

    fn ui(&mut self, ui: &mut egui::Ui, tab: &mut Tab) {
        let Some(panel) = self.panels.get_mut(*tab) else { return };
        if let Some(scope) = panel.keys(ui.ctx(), self.ws, self.view) {
            self.live.push(scope);
        }
        self.preview_shown |= panel.runs_preview();
        self.shadow_shown |= panel.shows_shadow_files();
        panel.ui(ui, &mut Cx { ws: self.ws, view: self.view, recent: self.recent, out: self.out });
    }

    /// A double click on a tab maximises its panel, or gives the layout back.
    fn on_tab_button(&mut self, tab: &mut Tab, response: &egui::Response) {
        if response.double_clicked() {
            self.out.push(Command::Dock(DockCommand::Maximise(*tab)));
        }
    }

    fn context_menu(&mut self, ui: &mut egui::Ui, tab: &mut Tab, _path: egui_dock::NodePath) {
        let label = if self.maximised { "Restore the layout (F11)" } else { "Maximise (F11)" };
        if ui.button(label).clicked() {
            self.out.push(Command::Dock(DockCommand::Maximise(*tab)));
            ui.close();
        }
    }

    fn scroll_bars(&self, tab: &Tab) -> [bool; 2] {
        self.panels.get(*tab).map_or([false, true], Panel::scroll_bars)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_panel_is_in_the_default_layout_once() {
        let panels = Panels::default();
        let dock = default_dock(&panels);
        let mut laid: Vec<&str> = dock.iter_all_tabs().map(|(_, t)| t.name()).collect();
        let mut names: Vec<&str> = panels.tabs().iter().map(|t| t.name()).collect();
        laid.sort_unstable();
        names.sort_unstable();
        assert_eq!(laid, names);
        names.dedup();
        assert_eq!(names.len(), panels.tabs().len(), "each panel has a name of its own");
    }
}
