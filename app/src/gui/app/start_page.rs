//! What the start page shows from the project's files, read by the studio when the page
//! asks (`FileCommand::ReadStartPage`): the richest creature (which the project also opens
//! with in focus), the first lesson and replay bank, the recent projects' names.

use std::path::{Path, PathBuf};

use creature_core::names::Desire;
use creature_core::project::ron_files;
use creature_core::species::data::TreeKind;
use creature_workspace::Workspace;

use crate::gui::chrome::recent::project_label;
use crate::gui::panels::start::Disk;

/// The start page's facts for the open project and the recent list.
pub(super) fn read(ws: &Workspace, recent: &[PathBuf]) -> Disk {
    Disk {
        creature: richest_creature(ws),
        lesson: first_file(ws, |m| &m.lessons),
        bank: first_bank(ws),
        labels: recent.iter().map(|r| project_label(r)).collect(),
        key: Disk::key_of(ws, recent),
    }
}

/// The first file of one of the open project's folders.
fn first_file(ws: &Workspace, folder: impl Fn(&creature_core::project::Manifest) -> &Path) -> Option<PathBuf> {
    let p = ws.project.as_ref()?;
    ron_files(&p.resolve(folder(&p.manifest))).into_iter().next()
}

/// The first replay bank of the open project's shadow folder.
fn first_bank(ws: &Workspace) -> Option<PathBuf> {
    let p = ws.project.as_ref()?;
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(p.guest_dir()).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    files.into_iter().find(|f| {
        creature_core::project::FileKind::guest_by_name(f)
            == Some(creature_core::project::FileKind::Guest(creature_shadow::kinds::BANK.name))
    })
}

/// The project's creature save with the largest tree, and that tree: the one the
/// project opens with in focus, so "Open the example creature" and the opening agree
/// (`creature_workspace::opening_creature`).
pub(super) fn richest_creature(ws: &Workspace) -> Option<(PathBuf, Desire, TreeKind)> {
    creature_workspace::opening_creature::richest_creature(ws.project.as_ref()?, &ws.data)
}
