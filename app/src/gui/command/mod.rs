//! The one command enum (rerun's `UICommand`): menus, keyboard shortcuts, the command
//! palette and every panel produce [`Command`]s, and the app applies them after the
//! frame, so no panel changes shared state in the middle of drawing. The commands of
//! the live side are split by what they drive (`preview`, `bank`, `arena`, `scenario`,
//! and the timeline's `TimeCommand`), each carried out by its own handler; `keys` holds
//! every key the editor answers.

pub mod arena;
pub mod bank;
pub mod keys;
pub mod preview;
pub mod scenario;
mod tab;

use std::path::PathBuf;

use creature_core::data::TreeKind;
use creature_core::names::{Desire, Species};
use egui::KeyboardShortcut;

use creature_workspace::DocId;
use creature_workspace::edit::Edit;

pub use self::arena::{ArenaCommand, ArenaKey};
pub use self::bank::BankCommand;
pub use self::preview::PreviewCommand;
pub use self::scenario::ScenarioCommand;
pub use self::tab::{Tab, TabName};
use crate::gui::time_travel::TimeCommand;

/// Everything the editor can be asked to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Choose a project folder with a dialog.
    OpenProject,
    OpenProjectAt(PathBuf),
    /// Choose a file with a dialog.
    OpenFile,
    /// Opens a file in the editor that fits it (species, creature, lesson script, text).
    OpenFileAt(PathBuf),
    /// Asks for a project folder or a file by typing its path (for desktops without a
    /// file dialog service).
    OpenPath,
    /// Shows a file's text with a line marked, as for a problem.
    ShowSource {
        path: PathBuf,
        line: usize,
    },
    /// Saves the text shown in the source view.
    SaveSource,
    Save,
    SaveAs,
    SaveAll,
    /// Drops the active document's unsaved edits.
    Revert,
    /// Re-reads the project from disk (documents with edits keep them).
    Reload,
    Undo,
    Redo,
    Palette,
    ShowTab(Tab),
    /// Gives one panel the whole dock, or gives the layout back when one has it.
    Maximise(Tab),
    /// [`Command::Maximise`] for the panel with the focus.
    MaximiseFocused,
    ResetLayout,
    Quit,
    SelectSpecies(Species),
    SelectCreature(DocId),
    SelectTree(Desire, TreeKind),
    /// Selects a node of the shown tree (a leaf lists its examples).
    SelectNode(Option<usize>),
    SelectLesson(DocId),
    /// Plays the shown lesson script from the start: the playhead moves and each
    /// release's credit chart appears as it passes.
    Play,
    /// Runs the shown lesson script on the selected creature and keeps the result.
    ApplyLesson,
    /// Re-rolls the sample of newborns in the species plots.
    NewbornsBorn,
    /// Lays the tree graph out again and fits it to the view.
    FitGraph,
    Edit(Edit),
    /// Answers the "changed on disk while edited here" question: keep the studio's
    /// edits (`true`) or take the file on disk (`false`).
    Resolve {
        path: PathBuf,
        keep_studio: bool,
    },
    Preview(PreviewCommand),
    /// The preview's timeline: scrub, step, branches, recording files.
    Time(TimeCommand),
    Bank(BankCommand),
    Arena(ArenaCommand),
    Scenario(ScenarioCommand),
}

impl Command {
    /// The name in menus and the palette.
    pub fn label(&self) -> String {
        match self {
            Command::OpenProject => "Open project…".into(),
            Command::OpenProjectAt(p) => format!("Open project {}", p.display()),
            Command::OpenFile => "Open file…".into(),
            Command::OpenFileAt(p) => format!("Open {}", p.display()),
            Command::OpenPath => "Open path…".into(),
            Command::ShowSource { path, line } => format!("Show {}:{line}", path.display()),
            Command::SaveSource => "Save text".into(),
            Command::Save => "Save".into(),
            Command::SaveAs => "Save as…".into(),
            Command::SaveAll => "Save all".into(),
            Command::Revert => "Revert to saved".into(),
            Command::Reload => "Reload from disk".into(),
            Command::Undo => "Undo".into(),
            Command::Redo => "Redo".into(),
            Command::Palette => "Command palette…".into(),
            Command::ShowTab(t) => format!("Show panel: {}", t.title()),
            Command::Maximise(t) => format!("Maximise or restore panel: {}", t.title()),
            Command::MaximiseFocused => "Maximise or restore the panel".into(),
            Command::ResetLayout => "Reset panel layout".into(),
            Command::Quit => "Quit".into(),
            Command::SelectSpecies(s) => format!("Species: {s}"),
            Command::SelectCreature(id) => format!("Creature: {}", id.label()),
            Command::SelectTree(d, k) => format!("Tree: {d} {}", kind_name(*k)),
            Command::SelectNode(_) => "Select node".into(),
            Command::SelectLesson(id) => format!("Lesson: {}", id.label()),
            Command::Play => "Play the lesson script".into(),
            Command::ApplyLesson => "Apply the lesson script to the creature".into(),
            Command::NewbornsBorn => "A new creature is born (re-roll newborns)".into(),
            Command::FitGraph => "Fit tree graph to view".into(),
            Command::Edit(_) => "Edit".into(),
            Command::Resolve { path, .. } => format!("Resolve {}", path.display()),
            Command::Preview(c) => c.label(),
            Command::Time(c) => c.label(),
            Command::Bank(c) => c.label(),
            Command::Arena(c) => c.label(),
            Command::Scenario(c) => c.label(),
        }
    }

    /// The keyboard shortcut, if the command has one ([`keys::BINDINGS`]).
    pub fn shortcut(&self) -> Option<KeyboardShortcut> {
        keys::shortcut(self)
    }
}

/// The name of a tree kind as the SPEC writes it.
pub fn kind_name(k: TreeKind) -> &'static str {
    match k {
        TreeKind::Activity => "Activity",
        TreeKind::ActOn => "ActOn",
    }
}
