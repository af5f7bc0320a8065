//! The file and folder dialogs: the desktop's own (rfd, through the xdg portal on
//! Linux) behind a trait that the UI tests replace with answers of their own; every
//! dialog of the editor is asked through [`super::chooser::Chooser`].

use std::path::{Path, PathBuf};

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

/// A desktop without a dialog service: every dialog comes back empty at once, and the
/// studio's own dialog stands in (what tests and benches run with).
pub struct NoService;

impl Dialogs for NoService {
    fn pick_project(&mut self, _: Option<&Path>) -> Option<PathBuf> {
        None
    }
    fn pick_file(&mut self, _: Option<&Path>) -> Option<PathBuf> {
        None
    }
    fn save_file(&mut self, _: Option<&Path>, _: &str) -> Option<PathBuf> {
        None
    }
    fn has_service(&self) -> bool {
        false
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
