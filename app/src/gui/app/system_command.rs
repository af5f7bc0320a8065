//! The one handler of the commands that carry what they act on (rerun's
//! `SystemCommand`): opening a project or a file, showing a file's line or a panel, the
//! selection, an edit, and the answer to a file changed on disk.

use creature_workspace::DocId;

use super::{Studio, files};
use crate::gui::chrome::modal::{AfterConfirm, Modal};
use crate::gui::command::Command;
use crate::gui::panels;

impl Studio {
    /// Carries out a command with a payload; the live side's families have their own
    /// handlers (see `Studio::apply`).
    pub(super) fn apply_system(&mut self, c: Command) {
        match c {
            Command::OpenProjectAt(p) => {
                if self.ws.dirty_docs().is_empty() {
                    self.open_project(&p);
                } else {
                    self.modal = Some(Modal::UnsavedChanges { then: AfterConfirm::OpenProject(p) });
                }
            }
            Command::OpenFileAt(p) => self.open_file(&p),
            Command::ShowSource { path, line } => {
                self.view.show_source(&path, line, || files::source_text(&path));
                self.show_source_tab();
            }
            Command::ShowTab(t) => self.show_tab(t),
            Command::Maximise(t) => self.toggle_maximised(Some(t)),
            Command::SelectSpecies(s) => {
                self.view.species = s;
                self.view.active = Some(DocId::Species(s));
                self.show_tab(panels::species::TAB);
                self.show_tab(panels::plots::TAB);
            }
            Command::SelectCreature(id) => {
                self.focus_creature(&id);
                self.show_tab(panels::creature::TAB);
                self.show_tab(panels::graph::TAB);
            }
            Command::SelectTree(d, k) => {
                self.view.select_tree(d, k);
                self.show_tab(panels::graph::TAB);
                self.show_tab(panels::examples::TAB);
            }
            Command::SelectNode(n) => self.view.select_node(n),
            Command::SelectLesson(id) => {
                self.view.lesson = Some(id.clone());
                self.view.active = Some(id);
                self.view.lesson_ui.playhead = None;
                self.view.lesson_ui.selected = None;
                self.show_tab(panels::lesson::TAB);
                self.show_tab(panels::results::TAB);
            }
            Command::PlotDesire(d) => self.view.plot_desire = d,
            Command::Ask(object) => self.view.asked = object,
            Command::EditSource(text) => {
                if let Some(s) = &mut self.view.source {
                    s.text = text;
                }
            }
            Command::Edit(e) => match self.ws.apply(e) {
                Ok(id) => self.view.active = Some(id),
                Err(e) => self.status = e,
            },
            Command::Resolve { path, keep_studio } => self.resolve(&path, keep_studio),
            Command::Ui(_)
            | Command::Preview(_)
            | Command::Lesson(_)
            | Command::Time(_)
            | Command::Bank(_)
            | Command::Arena(_)
            | Command::Scenario(_)
            | Command::Train(_)
            | Command::Game(_) => {}
        }
    }
}
