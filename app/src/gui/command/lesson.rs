//! What the Lesson and Lesson results panels ask of the lesson shown: its playback,
//! the event selected and where its run goes. Carried out by `gui/app/lesson.rs`.

/// A command to the lesson's playback and selection ([`crate::gui::view::LessonUi`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LessonCommand {
    /// Stops the playback and shows every release.
    Stop,
    /// Stops the playback with the playhead at this time (seconds of the script).
    Seek(f64),
    /// Shows every release again, the playhead put away.
    ShowAll,
    /// Script seconds per second of playback.
    Speed(f64),
    /// Selects an event of the script (its index), or none.
    SelectEvent(Option<usize>),
    /// Runs the script on the creature in focus (`true`) or on a newborn of the script.
    OnCreature(bool),
}

impl LessonCommand {
    /// The name in menus and the palette.
    pub fn label(&self) -> String {
        match self {
            LessonCommand::Stop => "Lesson: stop".into(),
            LessonCommand::Seek(t) => format!("Lesson: play from {t:.1} s"),
            LessonCommand::ShowAll => "Lesson: show every release".into(),
            LessonCommand::Speed(s) => format!("Lesson: play at {s}×"),
            LessonCommand::SelectEvent(Some(i)) => format!("Lesson: select event {}", i + 1),
            LessonCommand::SelectEvent(None) => "Lesson: select no event".into(),
            LessonCommand::OnCreature(true) => "Lesson: run on the creature in focus".into(),
            LessonCommand::OnCreature(false) => "Lesson: run on a newborn".into(),
        }
    }
}
