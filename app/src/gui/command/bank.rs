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
            BankCommand::DeleteFlagged { ids, kinds } => format!("Delete {} events flagged as {kinds}", ids.len()),
            BankCommand::ScoreShadow(bot) => format!("Score the shadow against {bot}"),
            BankCommand::Export => "Export the bank as Parquet…".into(),
            BankCommand::Import => "Import a bank from Parquet…".into(),
        }
    }
}
