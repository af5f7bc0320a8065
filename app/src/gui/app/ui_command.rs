//! The one handler of [`UiCommand`]s: what menus, keys and the palette name.

use creature_workspace::DocId;

use super::Studio;
use crate::gui::chrome::chooser::OwnDialog;
use crate::gui::chrome::dialogs::Dialogs;
use crate::gui::chrome::dock::default_dock;
use crate::gui::chrome::palette;
use crate::gui::command::{Command, FileCommand, UiCommand};
use crate::gui::panels;

impl Studio {
    /// Carries out a command without a payload.
    pub(super) fn apply_ui(&mut self, c: UiCommand) {
        match c {
            UiCommand::OpenProject => {
                let start = self.project_dir();
                if let Some(p) = self.dialogs.pick_project(start.as_deref()) {
                    self.apply(Command::File(FileCommand::OpenProject(p)));
                }
            }
            UiCommand::OpenFile => {
                let start = self.project_dir();
                if let Some(p) = self.dialogs.pick_file(start.as_deref()) {
                    self.apply(Command::File(FileCommand::Open(p)));
                }
            }
            UiCommand::OpenPath => {
                let start = self.project_dir().map(|p| p.display().to_string()).unwrap_or_default();
                self.path_prompt = Some(OwnDialog { path: start, then: None });
            }
            UiCommand::SaveSource => self.save_source(),
            UiCommand::Save => {
                let ids = self.view.active_docs(&self.ws);
                let dirty: Vec<DocId> = ids.into_iter().filter(|id| self.ws.is_dirty(id)).collect();
                if dirty.is_empty() {
                    self.status = "Already saved".into();
                }
                for id in dirty {
                    self.save_doc(&id);
                }
            }
            UiCommand::SaveAll => {
                for id in self.ws.dirty_docs() {
                    self.save_doc(&id);
                }
            }
            UiCommand::SaveAs => self.save_as(),
            UiCommand::Revert => {
                for id in self.view.active_docs(&self.ws) {
                    self.ws.revert(&id);
                }
                self.status = "Reverted to the saved files".into();
            }
            UiCommand::Reload => {
                self.ws.reload();
                self.status = format!("Reloaded {} from disk", self.ws.name());
            }
            UiCommand::Undo => self.undo_or_redo(true),
            UiCommand::Redo => self.undo_or_redo(false),
            UiCommand::Palette => self.palette = Some(palette::Palette::default()),
            UiCommand::ResetLayout => {
                self.stashed_dock = None;
                self.dock = default_dock(&self.panels);
            }
            UiCommand::MaximiseFocused => {
                let focused = self.dock.find_active_focused().map(|(_, t)| *t);
                self.toggle_maximised(focused);
            }
            UiCommand::Quit => self.modal_or_close(),
            UiCommand::Play => {
                if self.view.lesson.is_some() {
                    self.view.lesson_ui.playhead = Some(0.0);
                    self.view.lesson_ui.playing = true;
                    self.show_tab(panels::results::TAB);
                }
            }
            UiCommand::ApplyLesson => self.apply_lesson(),
            UiCommand::NewbornsBorn => {
                if let Some(p) = self.panels.state_mut::<panels::plots::PlotsPanel>() {
                    p.newborn_seed = p.newborn_seed.wrapping_add(1);
                }
            }
            UiCommand::FitGraph => self.graph_mut().fit_asked(),
        }
    }
}
