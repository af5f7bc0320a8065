//! The editor: an eframe app of dockable panels over the open project.
//!
//! State and UI follow rerun and egui's demo: the [`creature_workspace::Workspace`]
//! holds the documents (one per file, each with its undo history), the watcher and the
//! running preview; the [`view::View`] what is selected and each panel's own state;
//! every panel draws from them and returns [`command::Command`]s that [`app::Studio`]
//! applies after the frame.
//!
//! The modules stand on floors, each naming only its own and those below
//! (`tests/cli/floors.rs` keeps it so): [`words`] and [`tree_layout`]; the [`view`]; the
//! [`command`]s and [`time_travel`]; the [`panels`]; the [`chrome`] around them; the
//! studio ([`app`]) on top. The [`shadow`]'s wing keeps the same floors.

pub mod app;
pub mod bundled;
pub mod chrome;
pub mod command;
pub mod panels;
pub mod shadow;
pub mod time_travel;
pub mod tree_layout;
pub mod view;
pub mod words;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub use app::Studio;

/// The project the editor opens with no arguments: `projects/example` under the current
/// folder when there is one (the person's copy, where saves go); the one of the
/// repository the binary was built from when it runs inside that checkout; else a copy
/// of the example built into the binary, in the person's data folder, made on first use
/// ([`bundled::copy_in`]). `None` when none can be had (no data folder, or it cannot be
/// written: the editor then says so).
pub fn example_project() -> Option<PathBuf> {
    let built_in = Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf);
    let data = eframe::storage_dir("creature-studio").map(|d| d.join("example"));
    default_project(std::env::current_dir().ok().as_deref(), built_in.as_deref(), data.as_deref())
}

/// [`example_project`] as a function of where it looks: the current folder `cwd`, the
/// checkout the binary was built from `built_in`, the person's data folder `data` (where
/// the bundled copy goes).
pub fn default_project(cwd: Option<&Path>, built_in: Option<&Path>, data: Option<&Path>) -> Option<PathBuf> {
    let rel = Path::new("projects").join("example");
    let has_manifest = |d: &Path| d.join(&rel).join("studio.ron").is_file();
    if let Some(here) = cwd.filter(|c| has_manifest(c)) {
        return Some(here.join(&rel));
    }
    // Inside the checkout it was built from, the editor is a developer's: its example.
    let in_checkout = |b: &Path| cwd.is_some_and(|c| c.starts_with(b)) && has_manifest(b);
    if let Some(b) = built_in.filter(|b| in_checkout(b)) {
        return Some(b.join(&rel));
    }
    match bundled::copy_in(data?) {
        Ok(p) => Some(p),
        Err(e) => {
            eprintln!("creature-studio: no copy of the example project: {e}");
            None
        }
    }
}

/// Opens the editor on `project`, or on the bundled example project.
pub fn run_editor(project: Option<&Path>) -> ExitCode {
    let started = std::time::Instant::now();
    let project = project.map(Path::to_path_buf).or_else(example_project);
    let options = eframe::NativeOptions { viewport: chrome::window::viewport(), ..Default::default() };
    let result = eframe::run_native(
        "Creature Studio",
        options,
        Box::new(move |cc| {
            let mut studio =
                Studio::new(project.as_deref(), Box::new(chrome::dialogs::RfdDialogs::default()), cc.storage);
            studio.started = Some(started);
            Ok(Box::new(studio))
        }),
    );
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("creature-studio: cannot open the editor window: {e}");
            ExitCode::FAILURE
        }
    }
}
