//! The folders the workspace watches, followed: the project folder and its species
//! folder. The watcher reports a folder deleted with all it holds as one event for the
//! folder, and a folder renamed away as one event for its old name, after which its
//! files' events still come under the old name; so after any folder event, and on
//! every look while one is gone, each watched folder is looked for where the project
//! says it is. One that is gone is a problem naming it, reported once as removed,
//! with the last good data running on; one back is watched again and its files are
//! read as changed.

use std::path::{Path, PathBuf};

use creature_core::error::LoadError;

use crate::file_watcher::is_studio_file;
use crate::reload::Change;
use crate::workspace::Workspace;

/// What a watched folder is to the project, for what its absence means.
#[derive(Clone, Copy)]
enum Role {
    Project,
    Species,
}

impl Role {
    fn gone(self) -> &'static str {
        match self {
            Role::Project => {
                "the project folder is gone (renamed, moved or deleted): saves there are no longer seen, and what was loaded runs on; open the project where it is now"
            }
            Role::Species => {
                "the species folder is gone (deleted or renamed): the last good species data runs on until the folder is here again"
            }
        }
    }
}

impl Workspace {
    /// Looks at the watched folders again when the watcher saw a folder change
    /// (`folder_event`) or while one is gone; returns what changed.
    pub(crate) fn follow_folders(&mut self, folder_event: bool) -> Vec<Change> {
        if !folder_event && self.gone_folders.is_empty() {
            return Vec::new();
        }
        let Some(project) = &self.project else { return Vec::new() };
        let roots = [(project.root.clone(), Role::Project), (project.species_dir(), Role::Species)];
        let mut out = Vec::new();
        for (root, role) in roots {
            let label = root.display().to_string();
            let there = root.is_dir();
            if !there && self.gone_folders.insert(root.clone()) {
                self.problems.retain(|e| e.file != label);
                self.problems.push(LoadError::whole_file(&label, role.gone()));
                out.push(Change::Removed { file: root });
            } else if there && self.gone_folders.remove(&root) {
                self.problems.retain(|e| e.file != label);
                if let Some(Err(e)) = self.watcher.as_mut().map(|w| w.watch_again(&root)) {
                    let message = format!("the folder is back but cannot be watched: {e}");
                    self.problems.push(LoadError::whole_file(&label, message));
                }
                let files = studio_files_under(&root);
                out.extend(files.iter().map(|f| self.route(f)).filter(|c| !matches!(c, Change::Unchanged { .. })));
            }
        }
        out
    }
}

/// The studio files in `dir` and the folders below it, sorted.
fn studio_files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            match entry.file_type() {
                Ok(t) if t.is_dir() => folders.push(path),
                Ok(t) if t.is_file() && is_studio_file(&path) => out.push(path),
                _ => {}
            }
        }
    }
    out.sort();
    out
}
