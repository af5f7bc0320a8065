//! The timeline's commands carried out on the preview (SPEC §17): the shown turn moved,
//! branches switched, the run saved as a recording or a recording opened as the preview.

use creature_core::recording::Recording;
use creature_workspace::Workspace;
use creature_workspace::live_preview::LivePreview;

use super::Studio;
use super::status::Claim;
use crate::gui::chrome::dialogs::Dialogs;
use crate::gui::command::TimeCommand;
use crate::gui::time_travel::shown_turn;

impl Studio {
    /// Carries out a command of the preview's timeline.
    pub(super) fn apply_time(&mut self, c: TimeCommand) {
        let runs = self.ws.preview.as_ref().map(|p| p.run_key().3);
        let switch = if let TimeCommand::SwitchBranch(i) = c { Some(i) } else { None };
        let msg = apply(c, &mut self.ws, &mut self.dialogs);
        // A switch that happened takes its branch's log lines with it.
        if let Some(i) = switch
            && self.ws.preview.as_ref().map(|p| p.run_key().3) != runs
        {
            self.view.village.switched_branch(i);
        }
        if self.ws.preview.as_ref().is_some_and(|p| p.scrubbed().is_some()) {
            self.status_while(Claim::LookingBack, msg);
        } else {
            self.status = msg;
        }
    }
}

/// Carries out `c`; what to say in the status bar.
fn apply(c: TimeCommand, ws: &mut Workspace, dialogs: &mut dyn Dialogs) -> String {
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

/// The first of `turns` (in order) after `now`, or the last before it.
fn next_turn(turns: &[u64], now: u64, forward: bool) -> Option<u64> {
    if forward { turns.iter().copied().find(|&t| t > now) } else { turns.iter().rev().copied().find(|&t| t < now) }
}
