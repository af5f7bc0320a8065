//! What the shadow's panels ask of the replay bank shown and the schema it is read by.

use std::path::PathBuf;

/// A command to the bank (and its schema).
#[derive(Clone, Debug, PartialEq)]
pub enum BankCommand {
    /// Shows the replay bank at this path.
    Open(PathBuf),
    DeleteMatch(u64),
    DeleteSegment(u64),
    /// Merges the bank at this path into the shown one (the union, with provenance).
    Merge(PathBuf),
    /// Saves the shown bank's document (also when it is new and unedited).
    Save,
    /// Saves the schema's document (also when it is the built-in one, not yet a file).
    SaveSchema,
    /// Deletes these events of the shown bank, flagged by curation as `kinds`, as one
    /// undoable edit.
    DeleteFlagged {
        ids: Vec<u64>,
        kinds: String,
    },
    /// Scores the shown bank's shadow against the bot of this style name.
    ScoreShadow(String),
    /// Writes the shown bank as a Parquet file chosen in the file dialog (SPEC §18).
    Export,
    /// Reads a Parquet file chosen in the file dialog as a new bank of the shadow folder.
    Import,
    /// The shown bank becomes the composition of these parts (a bank file and a filter
    /// each), as one undoable edit.
    Compose(Vec<(PathBuf, String)>),
    /// One change of the shown bank written by hand, as one undoable edit.
    Hand(creature_shadow::bank::HandEdit),
    /// Inserts an event with this action and the state the arena's player sees now:
    /// after event `after` in its segment, or as a match of its own.
    InsertFromArena {
        after: Option<u64>,
        action: String,
    },
}

impl BankCommand {
    /// The name in the palette and the status bar.
    pub fn label(&self) -> String {
        match self {
            BankCommand::Open(p) => format!("Open bank {}", p.display()),
            BankCommand::DeleteMatch(m) => format!("Delete match {m}"),
            BankCommand::DeleteSegment(s) => format!("Delete segment {s}"),
            BankCommand::Merge(p) => format!("Merge bank {}", p.display()),
            BankCommand::Save => "Save the bank".into(),
            BankCommand::SaveSchema => "Save the schema".into(),
            BankCommand::DeleteFlagged { ids, kinds } => {
                format!("Delete {} flagged as {kinds}", crate::gui::words::count(ids.len(), "event"))
            }
            BankCommand::ScoreShadow(bot) => format!("Score the shadow against {bot}"),
            BankCommand::Export => "Export the bank as Parquet…".into(),
            BankCommand::Import => "Import a bank from Parquet…".into(),
            BankCommand::Hand(e) => hand_label(e),
            BankCommand::Compose(parts) => {
                format!("Compose the bank of {}", crate::gui::words::count(parts.len(), "part"))
            }
            BankCommand::InsertFromArena { action, .. } => format!("Insert {action} in the arena's present state"),
        }
    }
}

fn hand_label(e: &creature_shadow::bank::HandEdit) -> String {
    use creature_shadow::bank::HandEdit;
    match e {
        HandEdit::SetAction { id, action } => format!("Set the action of event {id} to {action}"),
        HandEdit::SetValue { id, feature, value } => format!("Set {feature} of event {id} to {value}"),
        HandEdit::Insert { action, .. } => format!("Insert an event: {action}"),
        HandEdit::Split { id } => format!("Split the segment at event {id}"),
        HandEdit::Join { first, second } => format!("Join segment {second} to segment {first}"),
        HandEdit::Move { id, to } => format!("Move event {id} to segment {to}"),
    }
}
