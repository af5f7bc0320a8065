//! The file and folder dialogs: the desktop's own (rfd, through the xdg portal on
//! Linux) behind a trait that the UI tests replace with answers of their own.

use std::path::{Path, PathBuf};

use crate::gui::command::Command;

/// The file and folder dialogs. The real editor uses rfd; tests use a stand-in that
/// answers without a window.
pub trait Dialogs {
    fn pick_project(&mut self, start: Option<&Path>) -> Option<PathBuf>;
    fn pick_file(&mut self, start: Option<&Path>) -> Option<PathBuf>;
    fn save_file(&mut self, start: Option<&Path>, name: &str) -> Option<PathBuf>;
    /// False once a dialog came back without a window ever being shown: the desktop has
    /// no dialog service, and the studio's own dialog stands in.
    fn has_service(&self) -> bool {
        true
    }
    /// A Parquet file to import a bank from (SPEC §18); by default as [`Dialogs::pick_file`].
    fn pick_parquet(&mut self, start: Option<&Path>) -> Option<PathBuf> {
        self.pick_file(start)
    }
    /// Where to export a bank as Parquet; by default as [`Dialogs::save_file`].
    fn save_parquet(&mut self, start: Option<&Path>, name: &str) -> Option<PathBuf> {
        self.save_file(start, name)
    }
}

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

/// A dialog answered faster than this showed no window: no person cancels that fast.
const NO_WINDOW: std::time::Duration = std::time::Duration::from_millis(150);

/// The desktop's own dialogs (xdg portal on Linux).
#[derive(Default)]
pub struct RfdDialogs {
    missing: bool,
}

impl RfdDialogs {
    /// Runs a dialog, noting whether it came back empty without showing a window.
    fn timed(&mut self, run: impl FnOnce() -> Option<PathBuf>) -> Option<PathBuf> {
        let start = std::time::Instant::now();
        let picked = run();
        self.missing = picked.is_none() && start.elapsed() < NO_WINDOW;
        picked
    }
}

impl Dialogs for RfdDialogs {
    fn has_service(&self) -> bool {
        !self.missing
    }

    fn pick_project(&mut self, start: Option<&Path>) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new().set_title("Open a project folder (with a studio.ron)");
        if let Some(s) = start {
            d = d.set_directory(s);
        }
        self.timed(|| d.pick_folder())
    }

    fn pick_file(&mut self, start: Option<&Path>) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new().set_title("Open a studio file").add_filter("RON", &["ron"]);
        if let Some(s) = start {
            d = d.set_directory(s);
        }
        self.timed(|| d.pick_file())
    }

    fn save_file(&mut self, start: Option<&Path>, name: &str) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new().set_title("Save as").add_filter("RON", &["ron"]).set_file_name(name);
        if let Some(s) = start {
            d = d.set_directory(s);
        }
        self.timed(|| d.save_file())
    }

    fn pick_parquet(&mut self, start: Option<&Path>) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new().set_title("Import a bank from Parquet").add_filter("Parquet", &["parquet"]);
        if let Some(s) = start {
            d = d.set_directory(s);
        }
        self.timed(|| d.pick_file())
    }

    fn save_parquet(&mut self, start: Option<&Path>, name: &str) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new()
            .set_title("Export the bank as Parquet")
            .add_filter("Parquet", &["parquet"])
            .set_file_name(name);
        if let Some(s) = start {
            d = d.set_directory(s);
        }
        self.timed(|| d.save_file())
    }
}
