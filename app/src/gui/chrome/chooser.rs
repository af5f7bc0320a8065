//! The one way the editor asks for a file: the desktop's dialog when it has a dialog
//! service, else the studio's own (`file_browser`), whose path answers the command that
//! asked when it runs again.

use std::path::{Path, PathBuf};

use super::dialogs::Dialogs;
use crate::gui::command::Command;

/// The studio's own dialog, standing in for the desktop's: the path typed so far, and the
/// command to carry out again with the path chosen (none: open what the path is, a
/// project folder or a file).
#[derive(Clone, Debug, PartialEq)]
pub struct OwnDialog {
    pub path: String,
    pub then: Option<Command>,
}

/// Every file dialog of the editor goes through here: the desktop's when it has a dialog
/// service, else the studio's own. A dialog that came back empty without a service
/// leaves an [`OwnDialog`] to open; the path chosen there is the answer when the command
/// that asked runs again.
pub struct Chooser {
    dialogs: Box<dyn Dialogs>,
    /// The command being carried out, asked again once the own dialog has a path.
    asking: Option<Command>,
    /// The path chosen in the own dialog: the next dialog's answer.
    chosen: Option<PathBuf>,
    /// The own dialog a dialog without a service asked for.
    fallback: Option<OwnDialog>,
}

impl Chooser {
    pub fn new(dialogs: Box<dyn Dialogs>) -> Chooser {
        Chooser { dialogs, asking: None, chosen: None, fallback: None }
    }

    /// Notes the command about to run: a dialog it opens is asked again for it.
    pub fn asking(&mut self, c: &Command) {
        self.asking = Some(c.clone());
    }

    /// The answer the next dialog gives: the path chosen in the own dialog.
    pub fn answer(&mut self, path: PathBuf) {
        self.chosen = Some(path);
    }

    /// The own dialog to open, once, when a dialog found no service.
    pub fn take_fallback(&mut self) -> Option<OwnDialog> {
        self.fallback.take()
    }

    /// The answer of one dialog: the own dialog's path when one was chosen, else the
    /// desktop's; an own dialog at `start` (with the `name` a save suggests) when the
    /// desktop has no service.
    fn ask(
        &mut self,
        start: Option<&Path>,
        name: &str,
        run: impl FnOnce(&mut dyn Dialogs) -> Option<PathBuf>,
    ) -> Option<PathBuf> {
        if let Some(p) = self.chosen.take() {
            return Some(p);
        }
        let picked = run(self.dialogs.as_mut());
        if picked.is_none() && !self.dialogs.has_service() {
            let folder = start.map(|s| format!("{}/", s.display())).unwrap_or_default();
            let path = format!("{folder}{name}");
            let then = self.asking.clone().filter(|c| !matches!(c, Command::OpenProject | Command::OpenFile));
            self.fallback = Some(OwnDialog { path, then });
        }
        picked
    }
}

impl Dialogs for Chooser {
    fn has_service(&self) -> bool {
        self.dialogs.has_service()
    }
    fn pick_project(&mut self, start: Option<&Path>) -> Option<PathBuf> {
        self.ask(start, "", |d| d.pick_project(start))
    }
    fn pick_file(&mut self, start: Option<&Path>) -> Option<PathBuf> {
        self.ask(start, "", |d| d.pick_file(start))
    }
    fn save_file(&mut self, start: Option<&Path>, name: &str) -> Option<PathBuf> {
        self.ask(start, name, |d| d.save_file(start, name))
    }
    fn pick_parquet(&mut self, start: Option<&Path>) -> Option<PathBuf> {
        self.ask(start, "", |d| d.pick_parquet(start))
    }
    fn save_parquet(&mut self, start: Option<&Path>, name: &str) -> Option<PathBuf> {
        self.ask(start, name, |d| d.save_parquet(start, name))
    }
}
