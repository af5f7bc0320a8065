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
//! [`command`]s and [`time_travel`]'s; the [`panels`]; the [`chrome`] around them; the
//! studio ([`app`]) on top. The [`shadow`]'s wing keeps the same floors.

pub mod app;
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
/// folder when there is one (the person's copy, where saves go), else the one of the
/// repository the binary was built from, else one beside the executable (an installed
/// copy with its `projects/`) or above the current folder. `None` when none has one.
pub fn example_project() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok();
    let built_in = Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf);
    default_project(std::env::current_dir().ok().as_deref(), built_in.as_deref(), exe.as_deref())
}

/// [`example_project`] as a function of where it looks: the current folder `cwd`, the
/// repository the binary was built from `built_in`, the executable `exe`.
pub fn default_project(cwd: Option<&Path>, built_in: Option<&Path>, exe: Option<&Path>) -> Option<PathBuf> {
    let rel = Path::new("projects").join("example");
    let has_manifest = |d: &Path| d.join(&rel).join("studio.ron").is_file();
    let exe_dirs = exe.into_iter().flat_map(|e| e.ancestors().skip(1));
    let above = cwd.into_iter().flat_map(|c| c.ancestors().skip(1));
    cwd.into_iter().chain(built_in).chain(exe_dirs).chain(above).find(|d| has_manifest(d)).map(|d| d.join(&rel))
}

/// Opens the editor on `project`, or on the bundled example project.
pub fn run_editor(project: Option<&Path>) -> ExitCode {
    let started = std::time::Instant::now();
    let project = project.map(Path::to_path_buf).or_else(example_project);
    let options = eframe::NativeOptions {
        viewport: chrome::window::viewport(),
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
