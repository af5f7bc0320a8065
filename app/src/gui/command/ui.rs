//! The commands without a payload (rerun's `UICommand`): what menus, keys and the
//! palette name, each carried out by the studio's one handler for them
//! (`gui/app/ui_command.rs`).

/// A command a person names: it needs nothing but the studio's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UiCommand {
    /// Choose a project folder with a dialog.
    OpenProject,
    /// Choose a file with a dialog.
    OpenFile,
    /// Asks for a project folder or a file by typing its path (for desktops without a
    /// file dialog service).
    OpenPath,
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
    /// Maximises the panel with the focus, or gives the layout back.
    MaximiseFocused,
    ResetLayout,
    Quit,
    /// Plays the shown lesson script from the start: the playhead moves and each
    /// release's credit chart appears as it passes.
    Play,
    /// Runs the shown lesson script on the selected creature and keeps the result.
    ApplyLesson,
    /// Re-rolls the sample of newborns in the species plots.
    NewbornsBorn,
    /// Lays the tree graph out again and fits it to the view.
    FitGraph,
}

impl UiCommand {
    /// The name in menus and the palette.
    pub fn label(self) -> &'static str {
        match self {
            UiCommand::OpenProject => "Open project…",
            UiCommand::OpenFile => "Open file…",
            UiCommand::OpenPath => "Open path…",
            UiCommand::SaveSource => "Save text",
            UiCommand::Save => "Save",
            UiCommand::SaveAs => "Save as…",
            UiCommand::SaveAll => "Save all",
            UiCommand::Revert => "Revert to saved",
            UiCommand::Reload => "Reload from disk",
            UiCommand::Undo => "Undo",
            UiCommand::Redo => "Redo",
            UiCommand::Palette => "Command palette…",
            UiCommand::MaximiseFocused => "Maximise or restore the panel",
            UiCommand::ResetLayout => "Reset panel layout",
            UiCommand::Quit => "Quit",
            UiCommand::Play => "Play the lesson script",
            UiCommand::ApplyLesson => "Apply the lesson script to the creature",
            UiCommand::NewbornsBorn => "A new creature is born (re-roll newborns)",
            UiCommand::FitGraph => "Fit tree graph to view",
        }
    }
}
