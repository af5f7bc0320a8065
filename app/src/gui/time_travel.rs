//! Time travel in the preview (SPEC §17): the timeline's commands. Scrubbing shows a
//! recorded turn (and pauses); playing, touching the creature or an edit from there
//! forks the run, the old future kept as a branch (`LivePreview` does that); branches
//! switch; recordings are saved and opened as files.

use creature_core::recording::Recording;
use creature_workspace::Workspace;
use creature_workspace::live_preview::LivePreview;

use crate::gui::chrome::dialogs::Dialogs;

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

/// The first of `turns` (in order) after `now`, or the last before it.
fn next_turn(turns: &[u64], now: u64, forward: bool) -> Option<u64> {
    if forward { turns.iter().copied().find(|&t| t > now) } else { turns.iter().rev().copied().find(|&t| t < now) }
}

/// The shown turn of the preview.
pub fn shown_turn(p: &LivePreview) -> u64 {
    p.scrubbed().unwrap_or_else(|| p.sim().turns())
}

/// Carries out `c`; what to say in the status bar.
pub fn apply(c: TimeCommand, ws: &mut Workspace, dialogs: &mut dyn Dialogs) -> String {
    if let TimeCommand::Open = c {
        return open(ws, dialogs);
    }
    let dir = ws.project.as_ref().map(|p| p.root.clone());
    let Some(p) = ws.preview.as_mut() else { return "The preview is not running".into() };
    let now = shown_turn(p);
    let end = p.sim().turns();
    let to = match c {
        TimeCommand::ScrubTo(t) => t,
        TimeCommand::Step(n) => now.saturating_add_signed(n).min(end),
        TimeCommand::Marker(forward) => {
            let marks: Vec<u64> = p.recorder().recording().markers().iter().map(|m| m.turn).collect();
            next_turn(&marks, now, forward).unwrap_or(if forward { end } else { 0 })
        }
        TimeCommand::Hit(forward) => {
            p.find_breakpoint_hits();
            let hits: Vec<u64> = p.breakpoints.hits().iter().map(|h| h.turn).collect();
            match next_turn(&hits, now, forward) {
                Some(t) => t,
                None if hits.is_empty() => return "No breakpoint fires in the recorded run".into(),
                None => return format!("No breakpoint fires {} this turn", if forward { "after" } else { "before" }),
            }
        }
        TimeCommand::Bookmark(forward) => {
            let marks: Vec<u64> = p.recorder().recording().bookmarks.iter().map(|b| b.turn).collect();
            match next_turn(&marks, now, forward) {
                Some(t) => t,
                None if marks.is_empty() => return "The run has no bookmarks: 🔖 on the timeline names a turn".into(),
                None => return format!("No bookmark {} this turn", if forward { "after" } else { "before" }),
            }
        }
        TimeCommand::Head => end,
        TimeCommand::SwitchBranch(i) => {
            return match p.switch_branch(i) {
                Ok(()) => format!("Switched branches: the run now ends at {:.1} s", p.sim().time()),
                Err(e) => e,
            };
        }
        TimeCommand::Save => {
            let Some(path) = dialogs.save_file(dir.as_deref(), "preview.recording") else { return String::new() };
            // The save dialog has asked before replacing a file there.
            return match p.recorder().recording().save(&path, &creature_core::file_writer::Policy::replacing()) {
                Ok(()) => format!("Saved the recording as {}", path.display()),
                Err(e) => format!("{e}. The run is still here; save again elsewhere."),
            };
        }
        TimeCommand::Open => unreachable!("handled above"),
    };
    // Looking back pauses: the shown turn stays put until the person plays on.
    if to < end {
        p.set_speed(0.0);
    }
    match p.scrub_to(to) {
        Ok(()) if to >= end => "At the newest turn".into(),
        Ok(()) => format!(
            "Showing {:.1} s of {:.1} s: play, touch or edit to go on from here (the rest is kept as a branch)",
            to as f64 / 10.0,
            end as f64 / 10.0
        ),
        Err(e) => e,
    }
}

fn open(ws: &mut Workspace, dialogs: &mut dyn Dialogs) -> String {
    let dir = ws.project.as_ref().map(|p| p.root.clone());
    let Some(path) = dialogs.pick_file(dir.as_deref()) else { return String::new() };
    let opened = Recording::load(&path).and_then(LivePreview::of_recording);
    match opened {
        Ok(p) => {
            ws.preview = Some(p);
            ws.preview_errors.clear();
            format!("Opened the recording {}: scrub it, or play on from any turn", path.display())
        }
        Err(e) => e.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"),
    }
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
