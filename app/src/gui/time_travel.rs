//! Time travel in the preview (SPEC §17): the timeline's commands, and the turn they move
//! from. Scrubbing shows a recorded turn (and pauses); playing, touching the creature or
//! an edit from there forks the run, the old future kept as a branch (`LivePreview` does
//! that); branches switch; recordings are saved and opened as files. The studio carries
//! them out (`app/time_travel.rs`).

use creature_workspace::live_preview::LivePreview;

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

/// A time as a person types it: seconds (`123.4`), minutes and seconds (`2:03.4`) or
/// hours, minutes and seconds (`1:02:03`); in simulated seconds.
pub fn parse_time(text: &str) -> Result<f64, String> {
    let parts: Vec<&str> = text.trim().split(':').collect();
    let bad = || format!("`{}` is not a time: write seconds (123.4), m:ss (2:03.4) or h:mm:ss", text.trim());
    if parts.len() > 3 || parts.iter().any(|p| p.trim().is_empty()) {
        return Err(bad());
    }
    let mut seconds = 0.0;
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        let v: f64 = part.trim().parse().map_err(|_| bad())?;
        // Minutes and hours are whole; seconds after a colon are under a minute.
        let whole = last || v.fract() == 0.0;
        if !v.is_finite() || v < 0.0 || !whole || (i > 0 && v >= 60.0) {
            return Err(bad());
        }
        seconds = seconds * 60.0 + v;
    }
    Ok(seconds)
}

/// The shown turn of the preview.
pub fn shown_turn(p: &LivePreview) -> u64 {
    p.scrubbed().unwrap_or_else(|| p.sim().turns())
}

#[cfg(test)]
mod tests {
    use super::parse_time;

    #[test]
    fn times_are_read_as_people_write_them() {
        assert_eq!(parse_time("123.4"), Ok(123.4));
        assert_eq!(parse_time(" 2:03.4 "), Ok(123.4));
        assert_eq!(parse_time("1:02:03"), Ok(3723.0));
        assert_eq!(parse_time("0"), Ok(0.0));
        for bad in ["", "abc", "1:", ":5", "1:60", "-3", "1.5:00", "1:2:3:4", "inf", "NaN"] {
            assert!(parse_time(bad).is_err(), "{bad}");
        }
    }
}
