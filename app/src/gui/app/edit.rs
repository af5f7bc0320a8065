//! The one handler of [`Edit`]s of documents, and the edits' undo and redo in the
//! app-wide order; a lesson applied to the creature in focus is one such edit.

use creature_workspace::DocId;
use creature_workspace::edit::Edit;

use super::Studio;
use crate::gui::panels;

impl Studio {
    /// Carries out an edit through the workspace (its undo keeps it).
    pub(super) fn apply_edit(&mut self, e: Edit) {
        match self.ws.apply(e) {
            Ok(id) => self.view.active = Some(id),
            Err(e) => self.status = e,
        }
    }

    /// Undoes (or redoes) the last edit in the app-wide order and shows its document.
    pub(super) fn undo_or_redo(&mut self, undo: bool) {
        let (done, verb) = if undo { (self.ws.undo(), "Undid") } else { (self.ws.redo(), "Redid") };
        self.status = match done {
            Some(id) => {
                // An undone edit of another open creature puts it in focus, by the one
                // function that moves the focus (the preview runs it too).
                if matches!(id, DocId::Creature(_))
                    && self.ws.docs.contains_key(&id)
                    && self.view.focus.creature() != Some(&id)
                {
                    self.focus_creature(&id);
                }
                self.view.follow(&self.ws, &id);
                format!("{verb} an edit of {}", id.label())
            }
            None => format!("Nothing to {}", if undo { "undo" } else { "redo" }),
        };
    }

    pub(super) fn apply_lesson(&mut self) {
        let (Some(lesson), Some(creature)) = (self.view.lesson.clone(), self.view.focus.creature().cloned()) else {
            self.status = "Open a lesson script and a creature to apply it to".into();
            return;
        };
        let (Some(script), Some(target)) = (self.ws.lesson(&lesson), self.ws.creature(&creature)) else { return };
        let outcome = crate::gui::view::Outcome::of(script, Some(target), &self.ws.data);
        let script = script.clone();
        let taught = outcome.run.lessons.iter().filter(|l| l.taught.is_some()).count();
        let with = Box::new(outcome.after.clone());
        match self.ws.apply(Edit::ReplaceCreature { creature: creature.clone(), with }) {
            Ok(_) => {
                self.status = format!(
                    "Applied {} to {}: {taught} lesson{} taught (Ctrl+Z undoes it)",
                    lesson.label(),
                    creature.label(),
                    if taught == 1 { "" } else { "s" }
                );
                self.view.lesson_ui.applied_to(creature.clone(), script, outcome);
                self.view.active = Some(creature);
                self.view.trees_changed();
                self.show_tab(panels::results::TAB);
            }
            Err(e) => self.status = e,
        }
    }
}
