//! The timeline's commands (SPEC §17). Scrubbing shows a recorded turn (and pauses);
//! playing, touching the creature or an edit from there forks the run, the old future
//! kept as a branch (`LivePreview` does that); branches switch; recordings are saved and
//! opened as files. The studio carries them out (`app/time_travel.rs`).

/// A timeline command.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeCommand {
    /// Shows this recorded turn (the head at or past the end).
    ScrubTo(u64),
    /// Turns to move from the shown turn (negative: back).
    Step(i64),
    /// To the previous (false) or next (true) marker from the shown turn.
    Marker(bool),
    /// To the previous (false) or next (true) turn a breakpoint fires at.
    Hit(bool),
    /// To the previous (false) or next (true) bookmark.
    Bookmark(bool),
    /// Back to the newest turn.
    Head,
    SwitchBranch(usize),
    /// Saves the preview's run as a recording file.
    Save,
    /// Opens a recording file as the preview.
    Open,
}

impl TimeCommand {
    pub fn label(&self) -> String {
        match self {
            TimeCommand::ScrubTo(0) => "Timeline: the first turn".into(),
            TimeCommand::ScrubTo(t) => format!("Timeline: show turn {t}"),
            TimeCommand::Step(1) => "Timeline: a turn forward".into(),
            TimeCommand::Step(-1) => "Timeline: a turn back".into(),
            TimeCommand::Step(n) => format!("Timeline: step {n} turns"),
            TimeCommand::Marker(true) => "Timeline: the next mark".into(),
            TimeCommand::Marker(false) => "Timeline: the previous mark".into(),
            TimeCommand::Hit(true) => "Timeline: the next breakpoint hit".into(),
            TimeCommand::Hit(false) => "Timeline: the previous breakpoint hit".into(),
            TimeCommand::Bookmark(true) => "Timeline: the next bookmark".into(),
            TimeCommand::Bookmark(false) => "Timeline: the previous bookmark".into(),
            TimeCommand::Head => "Timeline: back to the newest turn".into(),
            TimeCommand::SwitchBranch(i) => format!("Switch to branch {}", i + 1),
            TimeCommand::Save => "Save the preview's recording…".into(),
            TimeCommand::Open => "Open a recording…".into(),
        }
    }
}
