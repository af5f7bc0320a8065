//! The files and the project: opening a project or a file, showing a file's text at a
//! line, the text edited in Source, the answer to a file changed on disk while edited
//! here, and the files a panel shows read for it (the start page's, Compare's recording
//! or files). The studio carries them out (`app/files.rs`), through the workspace.

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
    /// Reads what the start page shows (the project's richest creature, first lesson and
    /// bank, the recent projects' names) for the project and recent list of now.
    ReadStartPage,
    /// Opens a recording file (or a game's run saved, `*.run.ron`) for Compare to set
    /// beside the run compared.
    CompareRecording(PathBuf),
    /// Reads two files of one kind for Compare to tell apart, as `creature-studio diff` does.
    CompareFiles {
        a: PathBuf,
        b: PathBuf,
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
            FileCommand::ReadStartPage => "Read the start page's files".into(),
            FileCommand::CompareRecording(p) => format!("Compare with the recording {}", p.display()),
            FileCommand::CompareFiles { a, b } => format!("Compare {} with {}", a.display(), b.display()),
        }
    }
}
