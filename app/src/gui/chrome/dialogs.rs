//! The file and folder dialogs: the desktop's own (rfd, through the xdg portal on
//! Linux) behind a trait that the UI tests replace with answers of their own.

use std::path::{Path, PathBuf};

/// The file and folder dialogs. The real editor uses rfd; tests use a stand-in that
/// answers without a window.
pub trait Dialogs {
    fn pick_project(&mut self, start: Option<&Path>) -> Option<PathBuf>;
    fn pick_file(&mut self, start: Option<&Path>) -> Option<PathBuf>;
    fn save_file(&mut self, start: Option<&Path>, name: &str) -> Option<PathBuf>;
}

/// The desktop's own dialogs (xdg portal on Linux).
pub struct RfdDialogs;

impl Dialogs for RfdDialogs {
    fn pick_project(&mut self, start: Option<&Path>) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new().set_title("Open a project folder (with a studio.ron)");
        if let Some(s) = start {
            d = d.set_directory(s);
        }
        d.pick_folder()
    }

    fn pick_file(&mut self, start: Option<&Path>) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new().set_title("Open a studio file").add_filter("RON", &["ron"]);
        if let Some(s) = start {
            d = d.set_directory(s);
        }
        d.pick_file()
    }

    fn save_file(&mut self, start: Option<&Path>, name: &str) -> Option<PathBuf> {
        let mut d = rfd::FileDialog::new().set_title("Save as").add_filter("RON", &["ron"]).set_file_name(name);
        if let Some(s) = start {
            d = d.set_directory(s);
        }
        d.save_file()
    }
}
