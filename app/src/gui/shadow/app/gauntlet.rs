//! A training gauntlet in the arena, for the shadow handler: written from a league's
//! ratings, read with the project's progress, fought bank by bank, the progress saved
//! once a bank is beaten.

use std::path::{Path, PathBuf};

use creature_shadow::gauntlet::Gauntlet;
use creature_shadow::gauntlet_progress::GauntletProgress;
use creature_shadow::schema::Schema;
use creature_workspace::Workspace;

use super::{list_bank, show_bank};
use crate::gui::shadow::view::arena::ArenaUi;
use crate::gui::shadow::view::gauntlet::GauntletRun;
use crate::gui::shadow::view::state::ShadowState;

/// Reads the gauntlet at `path` and the progress of the project in `root`.
pub(super) fn open_gauntlet(path: &Path, root: &Path) -> Result<GauntletRun, String> {
    let gauntlet = Gauntlet::load(path).map_err(|e| e.to_string())?;
    let progress = GauntletProgress::load(root).map_err(|e| e.to_string())?;
    Ok(GauntletRun::new(path, gauntlet, root, progress))
}

/// Saves the open gauntlet's progress once a bank was beaten, as the studio's own write
/// (no "reloaded" news of it); a failure is added to what the arena says of the match.
pub(super) fn save_progress(arena: &mut ArenaUi, ws: &mut Workspace) {
    let Some((progress, root)) = arena.gauntlet.as_mut().and_then(GauntletRun::progress_to_save) else { return };
    match progress.save(root).and_then(|path| Ok((path, progress.text()?))) {
        Ok((path, text)) => ws.wrote((path, text.into_bytes())),
        Err(e) => {
            let note = arena.gauntlet_note.take().unwrap_or_default();
            arena.gauntlet_note = Some(format!("{note} The progress is not saved: {e}"));
        }
    }
}

/// Writes a gauntlet of banks by their ratings, lowest rating first, beside the first
/// bank, under a name no file has yet (the user's files are never replaced). Returns
/// its path.
pub(super) fn write_gauntlet(ratings: &[(PathBuf, f64)], ws: &mut Workspace) -> Result<PathBuf, String> {
    let folder = ratings.first().and_then(|(b, _)| b.parent()).ok_or("the league has no banks")?;
    let gauntlet = Gauntlet::from_ratings(ratings, folder).map_err(|r| r.message)?;
    let suffix = creature_shadow::gauntlet::GAUNTLET_SUFFIX;
    let path = (1..1000)
        .map(|k| folder.join(if k == 1 { format!("league{suffix}") } else { format!("league-{k}{suffix}") }))
        .find(|path| !path.exists())
        .ok_or("no free name for the gauntlet")?;
    gauntlet.save(&path, &creature_core::file_writer::Policy::new_file())?;
    ws.wrote((path.clone(), gauntlet.to_ron().into_bytes()));
    Ok(path)
}

/// Starts the open gauntlet's match against the first bank not beaten, the shadow
/// comparing with the shown schema (the arena's own without one), the keyboard's side
/// recorded when `record`. The bank becomes the one shown, so the arena's inspector
/// reads it and a kept match (the player's corrections) goes into it.
pub(super) fn fight_gauntlet(sh: &mut ShadowState, ws: &mut Workspace, record: bool) -> String {
    let Some(g) = sh.arena.gauntlet.as_ref() else { return "Open a gauntlet first".into() };
    let Some(next) = g.standing().next else { return g.headline() };
    let path = g.bank_paths()[next].clone();
    if !show_bank(sh, ws, &path) {
        return sh.error.clone().unwrap_or_else(|| format!("{} does not load", path.display()));
    }
    list_bank(sh, &path);
    let Some(bank) = sh.bank_doc().and_then(|id| ws.bank(&id).cloned()) else {
        return format!("{} does not load", path.display());
    };
    let Some(g) = sh.arena.gauntlet.as_ref() else { return "Open a gauntlet first".into() };
    let schema = sh.schema_doc().and_then(|id| ws.schema(&id)).cloned().unwrap_or_else(Schema::arena);
    let name = g.name(next);
    let headline = g.headline();
    if let Err(e) = sh.arena.start("shadow", false, record, Some((&schema, &bank, &name))) {
        return format!("{name} cannot play: {e}");
    }
    sh.arena.gauntlet_note = None;
    if let Some(g) = sh.arena.gauntlet.as_mut() {
        g.fighting = Some(next);
    }
    headline
}
