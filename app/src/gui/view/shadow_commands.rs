//! The shadow tools' commands carried out: the bank's (opening, deleting, merging,
//! curation's deletions, scoring, Parquet export and import) and the arena's match.

use std::path::Path;
use std::sync::Arc;

use creature_core::shadow::arena::feature_names;
use creature_core::shadow::bank::{Bank, HandEdit};
use creature_core::shadow::bots::Style;
use creature_core::shadow::compose::{Filter, compose};
use creature_workspace::edit::Edit;
use creature_workspace::{DocId, SharedBank, Workspace};

use creature_core::shadow::schema::Schema;

use super::gauntlet::GauntletRun;
use super::shadow::{QuerySource, ShadowState};
use crate::gui::chrome::dialogs::Dialogs;
use crate::gui::command::{ArenaCommand, ArenaKey, BankCommand};

impl ShadowState {
    /// Carries out a bank command: a change of the bank becomes an [`Edit`] of its
    /// document, so undo, the dirty marker and saves cover it; exports and imports ask
    /// `dialogs` for their file. Returns a message for the status bar and the document
    /// edited.
    pub fn apply_bank(
        &mut self,
        c: BankCommand,
        ws: &mut Workspace,
        dialogs: &mut dyn Dialogs,
    ) -> (Option<String>, Option<DocId>) {
        if !self.loaded {
            self.load(ws);
        }
        let out = match c {
            BankCommand::Open(p) => {
                let msg = if self.show_bank(ws, &p) {
                    format!("Showing {}", crate::gui::chrome::short(&p))
                } else {
                    self.error.clone().unwrap_or_default()
                };
                (Some(msg), None)
            }
            BankCommand::DeleteMatch(m) => {
                let out = self.edit_bank(ws, |bank| Edit::BankDeleteMatch { bank, match_id: m });
                self.filter.match_id = None;
                done(out.map(|(n, id)| (format!("Deleted match {m}: {n} events (Ctrl+Z undoes it)"), id)))
            }
            BankCommand::DeleteSegment(s) => {
                let out = self.edit_bank(ws, |bank| Edit::BankDeleteSegment { bank, segment: s });
                self.filter.segment = None;
                done(out.map(|(n, id)| (format!("Deleted segment {s}: {n} events (Ctrl+Z undoes it)"), id)))
            }
            BankCommand::Merge(p) => {
                // The other bank as the studio shows it: its document when open, else the file.
                let open = ws.doc_for_path(&p).and_then(|id| ws.bank(&id).cloned());
                let other = match open.map_or_else(|| Bank::load(&p).map(Arc::new), Ok) {
                    Ok(b) => b,
                    Err(e) => return (Some(e.to_string()), None),
                };
                let label = crate::gui::chrome::short(&p);
                let out =
                    self.edit_bank(ws, |bank| Edit::BankMerge { bank, other: SharedBank(other), label: label.clone() });
                done(out.map(|(_, id)| {
                    let n = ws.bank(&id).map_or(0, |b| b.len());
                    (format!("Merged {label}: {n} events (Ctrl+Z undoes it)"), id)
                }))
            }
            BankCommand::DeleteFlagged { ids, kinds } => {
                let out = self.edit_bank(ws, |bank| Edit::BankDeleteEvents { bank, ids });
                done(out.map(|(n, id)| (format!("Deleted {n} events flagged as {kinds} (Ctrl+Z undoes it)"), id)))
            }
            BankCommand::ScoreShadow(bot) => match Style::from_name(&bot) {
                Some(style) => (self.score(style), None),
                None => (Some(format!("No bot called `{bot}`")), None),
            },
            BankCommand::Export => (Some(self.export_bank(dialogs)), None),
            BankCommand::Import => (self.import_bank(ws, dialogs), None),
            BankCommand::Hand(edit) => self.hand_edit(ws, edit),
            BankCommand::Compose(parts) => self.compose(ws, &parts),
            BankCommand::InsertFromArena { after, action } => match self.arena_state() {
                Some(state) => self.hand_edit(ws, HandEdit::Insert { after, state, action }),
                None => (Some("Start a match in the Arena first: its present frame gives the state".into()), None),
            },
            BankCommand::Save | BankCommand::SaveSchema => (None, None),
        };
        self.sync(ws);
        out
    }

    /// Carries out an arena command; a kept recording becomes an [`Edit`] of the bank
    /// document (a new bank in the shadow folder when none is shown). Returns a message
    /// for the status bar and the document edited.
    pub fn apply_arena(&mut self, c: ArenaCommand, ws: &mut Workspace) -> (Option<String>, Option<DocId>) {
        if !self.loaded {
            self.load(ws);
        }
        let out = match c {
            ArenaCommand::Start { opponent, autoplay, record } => {
                let schema = self.schema_doc().and_then(|id| ws.schema(&id));
                let bank = self.bank_doc().and_then(|id| ws.bank(&id));
                let name = self.bank_path.as_deref().map_or_else(|| "shadow".to_owned(), crate::gui::chrome::short);
                let shadow = match (schema, bank) {
                    (Some(schema), Some(bank)) => Some((schema, bank.as_ref(), name.as_str())),
                    _ if opponent == "shadow" => return (Some("A shadow needs a schema and a bank".into()), None),
                    _ => None,
                };
                self.arena.gauntlet_note = None;
                if let Some(g) = self.arena.gauntlet.as_mut() {
                    g.fighting = None;
                }
                match self.arena.start(&opponent, autoplay, record, shadow) {
                    Ok(()) => {
                        if opponent == "shadow" {
                            self.source = QuerySource::Arena;
                        }
                        (None, None)
                    }
                    Err(e) => (Some(e), None),
                }
            }
            ArenaCommand::HandOver(side) => (Some(self.arena.hand_over(side)), None),
            ArenaCommand::Gauntlet(path) => {
                let root = ws.project.as_ref().map_or_else(|| self.dir.clone().unwrap_or_default(), |p| p.root.clone());
                match GauntletRun::open(&path, &root) {
                    Ok(g) => {
                        let msg = g.headline();
                        self.arena.gauntlet = Some(g);
                        self.arena.gauntlet_note = None;
                        (Some(msg), None)
                    }
                    Err(e) => (Some(e), None),
                }
            }
            ArenaCommand::GauntletFight => (Some(self.fight_gauntlet(ws)), None),
            ArenaCommand::Finish => {
                self.arena.finish();
                (None, None)
            }
            ArenaCommand::Keep(keep) => {
                let Some(pending) = self.arena.pending.take() else { return (None, None) };
                // After a match the bank view shows how faithful the shadow now is,
                // against the bot just fought (or the one chosen there).
                let against = Style::from_name(&self.arena.opponent).unwrap_or(self.curate.against);
                if !keep {
                    self.score(against);
                    return (Some("Discarded the recording".into()), None);
                }
                if self.bank_doc().is_none()
                    && let Some(dir) = &self.dir
                {
                    // No bank yet: the recording starts a new one in the shadow folder.
                    let path = dir.join("recorded.bank.ron");
                    if ws.open_bank(&path).is_err() {
                        ws.new_bank(&path, Bank::new(feature_names()));
                    }
                    self.bank_path = Some(path);
                }
                let recorded_at = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(None, |d| Some(d.as_secs()));
                let n = pending.events.len();
                let out = self.edit_bank(ws, |bank| Edit::BankKeep { bank, pending: Box::new(pending), recorded_at });
                self.sync(ws);
                self.score(against);
                done(out.map(|(_, id)| {
                    let m = ws.bank(&id).and_then(|b| b.events().last()).map_or(0, |e| e.match_id);
                    (format!("Kept the match as match {m} ({n} events; Ctrl+Z undoes it)"), id)
                }))
            }
            ArenaCommand::Press(key) => {
                self.arena.set_keys(ArenaKey::input([key]));
                (None, None)
            }
            ArenaCommand::Keys(keys) => {
                self.arena.set_keys(keys);
                (None, None)
            }
        };
        self.sync(ws);
        out
    }

    /// Starts the open gauntlet's match against the first bank not beaten, the shadow
    /// comparing with the shown schema (the arena's own without one). The bank becomes
    /// the one shown, so the arena's inspector reads it and a kept match (the player's
    /// corrections) goes into it.
    fn fight_gauntlet(&mut self, ws: &mut Workspace) -> String {
        let Some(g) = self.arena.gauntlet.as_ref() else { return "Open a gauntlet first".into() };
        let Some(next) = g.standing().next else { return g.headline() };
        let path = g.bank_paths()[next].clone();
        if !self.show_bank(ws, &path) {
            return self.error.clone().unwrap_or_else(|| format!("{} does not load", path.display()));
        }
        self.list_bank(&path);
        let Some(bank) = self.bank_doc().and_then(|id| ws.bank(&id).cloned()) else {
            return format!("{} does not load", path.display());
        };
        let Some(g) = self.arena.gauntlet.as_ref() else { return "Open a gauntlet first".into() };
        let schema = self.schema_doc().and_then(|id| ws.schema(&id)).cloned().unwrap_or_else(Schema::arena);
        let name = g.name(next);
        let headline = g.headline();
        let record = self.arena.record;
        if let Err(e) = self.arena.start("shadow", false, record, Some((&schema, &bank, &name))) {
            return format!("{name} cannot play: {e}");
        }
        self.arena.gauntlet_note = None;
        if let Some(g) = self.arena.gauntlet.as_mut() {
            g.fighting = Some(next);
        }
        headline
    }

    /// Starts scoring the shown bank's shadow against `against` off the editor's thread;
    /// says why not when there is no schema or bank.
    fn score(&mut self, against: Style) -> Option<String> {
        let (Some(schema), Some(bank)) = (self.schema.as_ref(), self.bank.as_ref()) else {
            return Some("Scoring needs a schema and a bank".into());
        };
        self.curate.start_score(self.generation, schema, bank, against);
        None
    }

    /// Writes the shown bank, with its unsaved edits, as a Parquet file (SPEC §18).
    fn export_bank(&mut self, dialogs: &mut dyn Dialogs) -> String {
        let (Some(bank), Some(path)) = (self.bank.clone(), self.bank_path.clone()) else {
            return "Open a bank first".into();
        };
        let stem = path.file_name().and_then(|n| n.to_str()).unwrap_or("bank");
        let name = format!("{}.parquet", stem.trim_end_matches(".ron").trim_end_matches(".bank"));
        let Some(out) = dialogs.save_parquet(self.dir.as_deref(), &name) else {
            return "Nothing chosen: the bank was not exported".into();
        };
        // The save dialog has asked before replacing a file there; the bank itself is
        // never replaced by its export.
        match bank.save_parquet(&out, &creature_core::file_writer::Policy::replacing().reading([&path])) {
            Ok(()) => format!("Exported {} events to {}", bank.len(), out.display()),
            Err(e) => format!("Cannot export: {e}"),
        }
    }

    /// Reads a Parquet file as a new bank document of the shadow folder, shown and not
    /// saved until Save bank writes it; an existing file is never replaced.
    fn import_bank(&mut self, ws: &mut Workspace, dialogs: &mut dyn Dialogs) -> Option<String> {
        let dir = self.dir.clone()?;
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
        self.list_bank(&path);
        self.show_bank(ws, &path);
        Some(format!("Imported {n} events as {} (Save bank writes it)", crate::gui::chrome::short(&path)))
    }

    /// Makes one change by hand to the shown bank, as one undoable edit; the picked
    /// event stays picked.
    fn hand_edit(&mut self, ws: &mut Workspace, edit: HandEdit) -> (Option<String>, Option<DocId>) {
        let what = BankCommand::Hand(edit.clone()).label();
        let out = self.edit_bank(ws, |bank| Edit::BankHand { bank, edit });
        done(out.map(|(_, id)| (format!("{what} (Ctrl+Z undoes it)"), id)))
    }

    /// Makes the shown bank the composition of `parts` as one undoable edit, and keeps
    /// its conflicts for the Compose section.
    fn compose(
        &mut self,
        ws: &mut Workspace,
        parts: &[(std::path::PathBuf, String)],
    ) -> (Option<String>, Option<DocId>) {
        let mut loaded = Vec::with_capacity(parts.len());
        for (path, filter) in parts {
            let open = ws.doc_for_path(path).and_then(|id| ws.bank(&id).cloned());
            let bank = match open.map_or_else(|| Bank::load(path).map(Arc::new), Ok) {
                Ok(b) => b,
                Err(e) => return (Some(e.to_string()), None),
            };
            let filter = match Filter::parse(filter) {
                Ok(f) => f,
                Err(e) => return (Some(e), None),
            };
            loaded.push((crate::gui::chrome::short(path), bank, filter));
        }
        let sources: Vec<(&str, &Bank, &Filter)> = loaded.iter().map(|(n, b, f)| (n.as_str(), b.as_ref(), f)).collect();
        let conflicts = match compose(&sources) {
            Ok(c) => c.conflicts,
            Err(e) => return (Some(format!("Cannot compose: {e}")), None),
        };
        let shown: Vec<(String, &Bank, Filter)> =
            loaded.iter().map(|(n, b, f)| (n.clone(), b.as_ref(), f.clone())).collect();
        self.compose.show_conflicts(&conflicts, &shown);
        let parts = loaded.iter().map(|(n, b, f)| (n.clone(), SharedBank(Arc::clone(b)), f.clone())).collect();
        let out = self.edit_bank(ws, |bank| Edit::BankCompose { bank, parts });
        done(out.map(|(_, id)| {
            let n = ws.bank(&id).map_or(0, |b| b.len());
            (
                format!(
                    "Composed {n} events from {} parts, {} conflicts (Ctrl+Z undoes it)",
                    loaded.len(),
                    conflicts.len()
                ),
                id,
            )
        }))
    }

    /// The state the arena's player (side 0, the side recorded into banks) sees at the
    /// present frame, by feature name.
    fn arena_state(&self) -> Option<Vec<(String, f64)>> {
        let bout = self.arena.bout.as_ref()?;
        let recorded = |name: &String| self.bank.as_ref().is_none_or(|b| b.feature_position(name).is_some());
        Some(feature_names().into_iter().zip(bout.arena.features(0)).filter(|(n, _)| recorded(n)).collect())
    }

    /// Applies a bank edit to the shown bank; returns how many events it removed (0 when
    /// it added some) and the document.
    fn edit_bank(&mut self, ws: &mut Workspace, edit: impl FnOnce(DocId) -> Edit) -> Result<(usize, DocId), String> {
        let id = self.bank_doc().ok_or("Open a bank first")?;
        let before = ws.bank(&id).map_or(0, |b| b.len());
        let id = ws.apply(edit(id))?;
        self.picked_row = None;
        Ok((before.saturating_sub(ws.bank(&id).map_or(0, |b| b.len())), id))
    }
}

/// A bank edit's outcome as the status bar's message and the document edited.
fn done(r: Result<(String, DocId), String>) -> (Option<String>, Option<DocId>) {
    match r {
        Ok((msg, id)) => (Some(msg), Some(id)),
        Err(e) => (Some(e), None),
    }
}
