//! What the preview panel asks of the running preview: what the player does (the hand,
//! the phase, the leash), the pace, a restart, and where its lessons go.

use creature_core::mind::hand::Slap;
use creature_core::world::sim::Act;
use creature_workspace::live_preview::LivePreview;

/// A command to the running preview.
#[derive(Clone, Debug, PartialEq)]
pub enum PreviewCommand {
    /// What the player does to the preview's creature (SPEC §16 ACT): the hand, the
    /// phase, the leash; a scenario and a recording keep it in the same shape.
    Act(Act),
    /// Simulated seconds per wall second; 0 pauses.
    Speed(f64),
    /// Pauses a running preview, or plays a paused one at the speed it last ran at.
    TogglePause,
    /// Runs exactly one turn (0.1 s), paused or not.
    StepTurn,
    /// Starts the preview again from the project's files.
    Restart,
    /// Whether the preview's lessons go into the creature's save at once.
    LearnIntoSave(bool),
    /// Writes what the preview's creature has learnt into its save's document.
    KeepLearning,
    /// Adds a breakpoint: a condition (SPEC §19) that pauses the preview when it fires.
    AddBreakpoint(String),
    /// Switches breakpoint `0` on or off.
    SetBreakpoint(usize, bool),
    RemoveBreakpoint(usize),
    /// Follows a value over the run (`Desire("Hunger")`, `Liking`, ...) in Watches.
    AddWatch(String),
    RemoveWatch(usize),
    /// Names the shown turn of the run.
    AddBookmark(String),
    /// Forgets bookmark `0` (in turn order).
    RemoveBookmark(usize),
}

impl PreviewCommand {
    /// The name in menus and the palette.
    pub fn label(&self) -> String {
        match self {
            PreviewCommand::Act(a) => act_label(a),
            PreviewCommand::Speed(s) if *s == 0.0 => "Pause the preview".into(),
            PreviewCommand::Speed(s) => format!("Preview speed ×{s}"),
            PreviewCommand::TogglePause => "Pause or play the preview".into(),
            PreviewCommand::StepTurn => "Step the preview one turn".into(),
            PreviewCommand::Restart => "Restart the preview".into(),
            PreviewCommand::LearnIntoSave(on) => {
                format!("Preview lessons go into the save: {}", if *on { "on" } else { "off" })
            }
            PreviewCommand::KeepLearning => "Keep what the preview's creature learnt".into(),
            PreviewCommand::AddBreakpoint(c) => format!("Break when {c}"),
            PreviewCommand::SetBreakpoint(i, on) => format!("Breakpoint {} {}", i + 1, if *on { "on" } else { "off" }),
            PreviewCommand::RemoveBreakpoint(i) => format!("Delete breakpoint {}", i + 1),
            PreviewCommand::AddWatch(w) => format!("Watch {w}"),
            PreviewCommand::RemoveWatch(i) => format!("Stop watching {}", i + 1),
            PreviewCommand::AddBookmark(name) => format!("Bookmark the shown turn as {name}"),
            PreviewCommand::RemoveBookmark(i) => format!("Delete bookmark {}", i + 1),
        }
    }

    /// Whether the command makes sense for the preview as it is: the hand holds only
    /// when it is not holding and releases only when it is (the keys, like the panel's
    /// buttons, do nothing otherwise); nothing without a preview.
    pub fn enabled(&self, preview: Option<&LivePreview>) -> bool {
        let Some(p) = preview else { return false };
        let holding = p.shown().teaching().hand.holding;
        match self {
            PreviewCommand::Act(Act::Hold) => !holding,
            PreviewCommand::Act(Act::Release) => holding,
            _ => true,
        }
    }
}

/// An act in the words of menus and the palette.
fn act_label(a: &Act) -> String {
    match a {
        Act::Hold => "Hand: hold the creature".into(),
        Act::Stroke => "Hand: stroke".into(),
        Act::Slap(Slap::Gentle) => "Hand: slap gently".into(),
        Act::Slap(Slap::Hard) => "Hand: slap hard".into(),
        Act::Release => "Hand: let go (teaches the total)".into(),
        Act::Phase(p) => format!("Preview phase {p}"),
        Act::Leash(l) => format!("Preview leash {l:?}"),
        other => other.describe(),
    }
}
