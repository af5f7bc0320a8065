//! The one handler of [`SelectCommand`]s: what the panels show changes in the view (the
//! creature in focus through `focus_creature`), and the panels that show it come forward.

use creature_workspace::DocId;

use super::Studio;
use crate::gui::command::SelectCommand;
use crate::gui::panels;

impl Studio {
    /// Carries out a change of what is selected.
    pub(super) fn apply_select(&mut self, c: SelectCommand) {
        match c {
            SelectCommand::Species(s) => {
                self.view.species = s;
                self.view.active = Some(DocId::Species(s));
                self.show_tab(panels::species::TAB);
                self.show_tab(panels::plots::TAB);
            }
            SelectCommand::Creature(id) => {
                self.focus_creature(&id);
                self.show_tab(panels::creature::TAB);
                self.show_tab(panels::graph::TAB);
            }
            SelectCommand::Tree(d, k) => {
                self.view.select_tree(d, k);
                self.show_tab(panels::graph::TAB);
                self.show_tab(panels::examples::TAB);
            }
            SelectCommand::Node(n) => self.view.select_node(n),
            SelectCommand::Lesson(id) => {
                self.view.lesson = Some(id.clone());
                self.view.active = Some(id);
                self.view.lesson_ui.playhead = None;
                self.view.lesson_ui.selected = None;
                self.show_tab(panels::lesson::TAB);
                self.show_tab(panels::results::TAB);
            }
            SelectCommand::PlotDesire(d) => self.view.plot_desire = d,
            SelectCommand::Ask(object) => self.view.asked = object,
        }
    }
}
