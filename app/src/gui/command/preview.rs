//! What the preview panel asks of the running preview: the hand, the pace, the phase
//! and leash, a restart, and where its lessons go.

use creature_core::mind::hand::Slap;
use creature_core::mind::leash::Leash;
use creature_core::world::sim::HandEvent;
use creature_workspace::live_preview::LivePreview;

/// A command to the running preview.
#[derive(Clone, Debug, PartialEq)]
pub enum PreviewCommand {
    /// A touch of the player's hand on the preview creature (SPEC §5).
    Hand(HandEvent),
    /// Simulated seconds per wall second; 0 pauses.
    Speed(f64),
    /// Pauses a running preview, or plays a paused one at the speed it last ran at.
    TogglePause,
    /// Runs exactly one turn (0.1 s), paused or not.
    StepTurn,
    Phase(u8),
    Leash(Leash),
    /// Starts the preview again from the project's files.
    Restart,
    /// Whether the preview's lessons go into the creature's save at once.
    LearnIntoSave(bool),
    /// Writes what the preview's creature has learnt into its save's document.
    KeepLearning,
}

impl PreviewCommand {
    /// The name in menus and the palette.
    pub fn label(&self) -> String {
        match self {
            PreviewCommand::Hand(h) => hand_label(h),
            PreviewCommand::Speed(s) if *s == 0.0 => "Pause the preview".into(),
            PreviewCommand::Speed(s) => format!("Preview speed ×{s}"),
            PreviewCommand::TogglePause => "Pause or play the preview".into(),
            PreviewCommand::StepTurn => "Step the preview one turn".into(),
            PreviewCommand::Phase(p) => format!("Preview phase {p}"),
            PreviewCommand::Leash(l) => format!("Preview leash {l:?}"),
            PreviewCommand::Restart => "Restart the preview".into(),
            PreviewCommand::LearnIntoSave(on) => {
                format!("Preview lessons go into the save: {}", if *on { "on" } else { "off" })
            }
            PreviewCommand::KeepLearning => "Keep what the preview's creature learnt".into(),
        }
    }

    /// Whether the command makes sense for the preview as it is: the hand holds only
    /// when it is not holding and releases only when it is (the keys, like the panel's
    /// buttons, do nothing otherwise); nothing without a preview.
    pub fn enabled(&self, preview: Option<&LivePreview>) -> bool {
        let Some(p) = preview else { return false };
        let holding = p.shown().teaching().hand.holding;
        match self {
            PreviewCommand::Hand(HandEvent::Hold) => !holding,
            PreviewCommand::Hand(HandEvent::Release) => holding,
            _ => true,
        }
    }
}

/// A hand event in words.
fn hand_label(h: &HandEvent) -> String {
    match h {
        HandEvent::Hold => "Hand: hold the creature".into(),
        HandEvent::Stroke => "Hand: stroke".into(),
        HandEvent::Slap(Slap::Gentle) => "Hand: slap gently".into(),
        HandEvent::Slap(Slap::Hard) => "Hand: slap hard".into(),
        HandEvent::Release => "Hand: let go (teaches the total)".into(),
        other => format!("Hand: {other:?}"),
    }
}
