//! The editor: an eframe app of dockable panels over the open project.
//!
//! State and UI follow rerun and egui's demo: the [`creature_workspace::Workspace`]
//! holds the documents (one per file, each with its undo history), the watcher and the
//! running preview; the [`view::View`] what is selected and each panel's own state;
//! every panel draws from them and returns [`command::Command`]s that [`app::Studio`]
//! applies after the frame.

pub mod app;
pub mod chrome;
pub mod command;
pub mod panels;
pub mod time_travel;
pub mod tree_layout;
pub mod view;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub use app::Studio;

/// Where the bundled example project is: in the repository the binary was built from,
/// beside the executable (an installed copy with its `projects/`), or above the current
/// folder. `None` when none of these has one.
pub fn example_project() -> Option<PathBuf> {
    let rel = Path::new("projects").join("example");
    let has_manifest = |d: &Path| d.join(&rel).join("studio.ron").is_file();
    let exe_dirs = std::env::current_exe()
        .ok()
        .map(|e| e.ancestors().skip(1).map(Path::to_path_buf).collect::<Vec<_>>())
        .unwrap_or_default();
    let built_in = Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf);
    let cwd_dirs = std::env::current_dir()
        .ok()
        .map(|c| c.ancestors().map(Path::to_path_buf).collect::<Vec<_>>())
        .unwrap_or_default();
    built_in.into_iter().chain(exe_dirs).chain(cwd_dirs).find(|d| has_manifest(d)).map(|d| d.join(&rel))
}

/// Opens the editor on `project`, or on the bundled example project.
pub fn run_editor(project: Option<&Path>) -> ExitCode {
    let started = std::time::Instant::now();
    let project = project.map(Path::to_path_buf).or_else(example_project);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Creature Studio")
            .with_app_id("creature-studio")
            .with_inner_size([1600.0, 1000.0])
            .with_min_inner_size([800.0, 500.0]),
        ..Default::default()
    };
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
