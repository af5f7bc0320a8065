//! The handler of the lesson's playback and selection ([`LessonCommand`]), which the
//! Lesson and Lesson results panels share in the view.

use super::Studio;
use crate::gui::command::LessonCommand;

impl Studio {
    /// Carries out a command to the lesson's playback or selection.
    pub(super) fn apply_lesson_view(&mut self, c: LessonCommand) {
        let lu = &mut self.view.lesson_ui;
        match c {
            LessonCommand::Stop => {
                lu.playing = false;
                lu.playhead = None;
            }
            LessonCommand::Seek(t) => {
                lu.playing = false;
                lu.playhead = Some(t);
            }
            LessonCommand::ShowAll => lu.playhead = None,
            LessonCommand::Speed(s) => lu.speed = s,
            LessonCommand::SelectEvent(i) => lu.selected = i,
            LessonCommand::OnCreature(on) => lu.on_creature = on,
        }
    }
}
