//! A replay bank to and from Parquet (SPEC §18) in the editor: the shown bank exported
//! to a file the person picks, and a Parquet file imported as a new bank of the shadow
//! folder, never written over one there.

use std::path::Path;

use creature_shadow::bank::Bank;
use creature_workspace::Workspace;

use super::{list_bank, show_bank};
use crate::gui::chrome::dialogs::Dialogs;
use crate::gui::shadow::view::state::ShadowState;
use crate::gui::words::short;

/// Writes the shown bank, with its unsaved edits, as a Parquet file (SPEC §18).
pub(super) fn export_bank(sh: &ShadowState, dialogs: &mut dyn Dialogs) -> String {
    let (Some(bank), Some(path)) = (sh.bank.clone(), sh.bank_path.clone()) else {
        return "Open a bank first".into();
    };
    let stem = path.file_name().and_then(|n| n.to_str()).unwrap_or("bank");
    let name = format!("{}.parquet", stem.trim_end_matches(".ron").trim_end_matches(".bank"));
    let Some(out) = dialogs.save_parquet(sh.dir.as_deref(), &name) else {
        return "Nothing chosen: the bank was not exported".into();
    };
    // The save dialog has asked before replacing a file there; the bank itself is
    // never replaced by its export.
    if creature_core::file_writer::same_file(&out, &path) {
        return format!("Cannot export: {} is the bank itself; choose another file", out.display());
    }
    match bank.save_parquet(&out, &creature_core::file_writer::Policy::replacing()) {
        Ok(()) => format!("Exported {} to {}", crate::gui::words::count(bank.len(), "event"), out.display()),
        Err(e) => format!("Cannot export: {e}"),
    }
}

/// Reads a Parquet file as a new bank document of the shadow folder, shown and not
/// saved until Save bank writes it; an existing file is never replaced.
pub(super) fn import_bank(sh: &mut ShadowState, ws: &mut Workspace, dialogs: &mut dyn Dialogs) -> Option<String> {
    let dir = sh.dir.clone()?;
    let Some(file) = dialogs.pick_parquet(Some(&dir)) else {
        return Some("Nothing chosen: no bank was imported".into());
    };
    let bank = match Bank::load_parquet(&file) {
        Ok(b) => b,
        Err(e) => return Some(e.to_string()),
    };
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("imported").to_owned();
    let free = |p: &Path| !p.exists() && ws.doc_for_path(p).is_none();
    let path = (0..1000)
        .map(|k| dir.join(if k == 0 { format!("{stem}.bank.ron") } else { format!("{stem}-{k}.bank.ron") }))
        .find(|p| free(p))?;
    let n = bank.len();
    ws.new_bank(&path, bank);
    list_bank(sh, &path);
    show_bank(sh, ws, &path);
    Some(format!("Imported {n} events as {} (Save bank writes it)", short(&path)))
}
