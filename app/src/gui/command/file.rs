//! The files and the project: opening a project or a file, showing a file's text at a
//! line, the text edited in Source, and the answer to a file changed on disk while
//! edited here. The studio carries them out (`app/files.rs`), through the workspace.

use std::path::PathBuf;

/// A command on the project's files.
#[derive(Clone, Debug, PartialEq)]
pub enum FileCommand {
    OpenProject(PathBuf),
    /// Opens a file in the editor that fits it (species, creature, lesson script, text).
    Open(PathBuf),
    /// Shows a file's text with a line marked, as for a problem.
    ShowSource {
        path: PathBuf,
        line: usize,
    },
    /// The text in Source as edited there.
    EditSource(String),
    /// Answers the "changed on disk while edited here" question: keep the studio's
    /// edits (`true`) or take the file on disk (`false`).
    Resolve {
        path: PathBuf,
        keep_studio: bool,
    },
}

impl FileCommand {
    /// The name in the palette.
    pub fn label(&self) -> String {
        match self {
            FileCommand::OpenProject(p) => format!("Open project {}", p.display()),
            FileCommand::Open(p) => format!("Open {}", p.display()),
            FileCommand::ShowSource { path, line } => format!("Show {}:{line}", path.display()),
            FileCommand::EditSource(_) => "Edit the text".into(),
            FileCommand::Resolve { path, .. } => format!("Resolve {}", path.display()),
        }
    }
}
