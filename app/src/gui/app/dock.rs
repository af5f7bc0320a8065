//! The one handler of [`DockCommand`]s, and the dock's moves the other handlers ask
//! for: a panel shown, maximised or given its layout back, Source split off below.

use egui_dock::DockState;

use super::Studio;
use crate::gui::command::{DockCommand, Tab};
use crate::gui::panels;

impl Studio {
    /// Carries out a command to the dock.
    pub(super) fn apply_dock(&mut self, c: DockCommand) {
        match c {
            DockCommand::Show(t) => self.show_tab(t),
            DockCommand::Maximise(t) => self.toggle_maximised(Some(t)),
        }
    }

    /// Gives `tab` the whole dock, the layout put aside; when a panel has it already,
    /// gives the layout back (with `tab` shown in it).
    pub(super) fn toggle_maximised(&mut self, tab: Option<Tab>) {
        if let Some(layout) = self.stashed_dock.take() {
            self.dock = layout;
            if let Some(t) = tab {
                self.show_tab(t);
            }
            self.status = "The panel layout is back".into();
        } else if let Some(t) = tab {
            self.stashed_dock = Some(std::mem::replace(&mut self.dock, DockState::new(vec![t])));
            self.status =
                format!("{} has the window: F11 or a double click on its tab gives the layout back", t.title());
        }
    }

    /// Brings `tab` to the front of its group with the focus, or adds it to the focused
    /// group.
    pub(super) fn show_tab(&mut self, tab: Tab) {
        if let Some(path) = self.dock.find_tab(&tab) {
            let _ = self.dock.set_active_tab(path);
            // The panel shown has the focus: F11 and the like act on it.
            self.dock.set_focused_node_and_surface(egui_dock::NodePath { surface: path.surface, node: path.node });
        } else {
            self.dock.push_to_focused_leaf(tab);
        }
    }

    /// Shows the Source tab without hiding another panel's: where it shares a tab
    /// group (or is not in the dock) it opens in a group of its own, split off below
    /// the group it was in (or the focused one), so the preview beside it keeps running.
    pub(super) fn show_source_tab(&mut self) {
        let tab = panels::source::TAB;
        let shared = self.dock.find_tab(&tab).filter(|at| {
            let leaf = self.dock[at.surface][at.node].get_leaf();
            leaf.is_some_and(|l| l.tabs().len() > 1 && l.active != at.tab)
        });
        let from = match (self.dock.find_tab(&tab), shared) {
            (Some(_), None) => return self.show_tab(tab),
            (Some(at), Some(_)) => {
                self.dock.remove_tab(at);
                Some(egui_dock::NodePath { surface: at.surface, node: at.node })
            }
            (None, _) => self.dock.focused_leaf(),
        };
        let Some(from) = from else { return self.show_tab(tab) };
        let [_, own] = self.dock[from.surface].split_below(from.node, SOURCE_SPLIT, vec![tab]);
        self.dock.set_focused_node_and_surface(egui_dock::NodePath { surface: from.surface, node: own });
    }
}

/// The share of its group's height a group keeps when Source splits off below it.
const SOURCE_SPLIT: f32 = 0.5;
