//! The shadow tools' one handler: the bank's and the arena's commands carried out
//! ([`BankCommand`], [`ArenaCommand`]) and the shadow folder's files opened (the schema,
//! the banks, a state file, a gauntlet and its progress). The panels and
//! `shadow::view::state` hold and show the state; every file read or written and every dialog
//! asked for the shadow tools is here.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use creature_core::guest::GuestKind;
use creature_core::project::{FileKind, Project};
use creature_shadow::arena::feature_names;
use creature_shadow::bank::{Bank, HandEdit, StateMap};
use creature_shadow::bots::Style;
use creature_shadow::compose::{Filter, compose};
use creature_shadow::kinds;
use creature_shadow::schema::Schema;
use creature_workspace::edit::Edit;
use creature_workspace::{DocId, SharedBank, Workspace};

use self::bank_parquet::{export_bank, import_bank};
use self::gauntlet::{fight_gauntlet, open_gauntlet, save_progress, write_gauntlet};
use crate::gui::Studio;
use crate::gui::chrome::dialogs::Dialogs;
use crate::gui::chrome::modal::Modal;
use crate::gui::command::{ArenaCommand, ArenaKey, BankCommand};
use crate::gui::panels::registry::Panels;
use crate::gui::shadow::panels::bank::BankPanel;
use crate::gui::shadow::panels::query::{QueryPanel, QuerySource};
use crate::gui::shadow::view::compose_draft::ComposeDraft;
use crate::gui::shadow::view::curate::CurateUi;
use crate::gui::shadow::view::state::ShadowState;
use crate::gui::words::short;

mod bank_parquet;
mod gauntlet;
mod league;

/// A command's outcome: a message for the status bar and the document edited.
type Done = (Option<String>, Option<DocId>);

/// The Bank and Query panels' own state, which the shadow commands change: the bank
/// view's filters, composition and scorecard, and the query inspector's present state.
fn own(panels: &mut Panels) -> (&mut BankPanel, &mut QueryPanel) {
    let (bank, query) = panels.two_mut::<BankPanel, QueryPanel>();
    (bank.expect("the registry has the Bank panel"), query.expect("the registry has the Query panel"))
}

impl Studio {
    /// Once per frame: opens the shadow files a panel asked for, takes the shown
    /// documents' values, runs the arena's frames and saves a gauntlet's progress once
    /// a bank is beaten. True while something needs another frame.
    pub(crate) fn shadow_frame(&mut self, dt: f64) -> bool {
        let sh = &mut self.view.shadow;
        let loaded = sh.wanted && !sh.loaded;
        if loaded {
            load(sh, &mut self.ws);
        }
        sh.sync(&self.ws);
        let running = sh.arena.tick(dt);
        save_progress(&mut sh.arena, &mut self.ws);
        loaded || running
    }

    /// Points the shadow tools at the project in `root`.
    pub(crate) fn open_shadow_project(&mut self, root: &Path) {
        let typed = open_project(&mut self.view.shadow, root, self.ws.project.as_ref());
        own(&mut self.panels).1.typed = typed;
    }

    /// A file of the project changed on disk: a schema or bank that did not load is
    /// tried again, and a new bank file in the shadow folder joins the list.
    pub(crate) fn shadow_file_changed(&mut self, path: &Path) {
        let (sh, ws) = (&mut self.view.shadow, &mut self.ws);
        if !sh.loaded {
            return;
        }
        if let Some(p) = sh.schema_path.clone()
            && same_file(&p, path)
            && ws.doc_for_path(&p).is_none()
        {
            sh.error = None;
            open_schema(sh, ws, &p);
        }
        if let Some(p) = sh.bank_path.clone()
            && same_file(&p, path)
            && ws.doc_for_path(&p).is_none()
        {
            sh.error = None;
            show_bank(sh, ws, &p);
        }
        if FileKind::guest_by_name(path) == Some(FileKind::Guest(kinds::BANK.name))
            && sh.dir.as_deref().is_some_and(|d| path.parent().is_some_and(|p| same_file(p, d)))
            && list_bank(sh, path)
            && sh.bank_path.is_none()
        {
            show_bank(sh, ws, path);
        }
        sh.sync(ws);
    }

    /// Opens a file of the shadow folder where it belongs: a bank in the bank view, a
    /// schema in the schema editor, a state as the query inspector's typed state.
    /// Returns why it could not, if it could not.
    pub(crate) fn open_shadow_file(&mut self, path: &Path, kind: FileKind) -> Result<(), String> {
        let (sh, ws) = (&mut self.view.shadow, &mut self.ws);
        if !sh.loaded {
            load(sh, ws);
        }
        let FileKind::Guest(name) = kind else { return Err(format!("{} is not a shadow file", path.display())) };
        match name {
            n if n == kinds::BANK.name => {
                if !show_bank(sh, ws, path) {
                    return Err(sh.error.clone().unwrap_or_default());
                }
                list_bank(sh, path);
            }
            n if n == kinds::SCHEMA.name => {
                if let Err(e) = ws.open_schema(path) {
                    return Err(e.first().map(ToString::to_string).unwrap_or_default());
                }
                sh.schema_path = Some(path.to_path_buf());
            }
            n if n == kinds::STATE.name => {
                let query = own(&mut self.panels).1;
                query.typed.extend(read_state(path)?.0);
                query.source = QuerySource::Typed;
            }
            _ => return Err(format!("{} is not a shadow file", path.display())),
        }
        sh.sync(ws);
        Ok(())
    }

    /// Carries out a command to the bank shown or its schema.
    pub(crate) fn apply_bank(&mut self, c: BankCommand) {
        let (msg, edited) = match c {
            BankCommand::Save | BankCommand::SaveSchema => {
                let sh = &self.view.shadow;
                let id = if c == BankCommand::SaveSchema { sh.schema_doc() } else { sh.bank_doc() };
                if let Some(id) = id {
                    self.save_doc(&id);
                }
                return;
            }
            other => {
                let bank = own(&mut self.panels).0;
                bank_command(&mut self.view.shadow, bank, other, &mut self.ws, &mut self.dialogs)
            }
        };
        self.after_shadow(msg, edited);
    }

    /// Carries out a command to the arena's match.
    pub(crate) fn apply_arena(&mut self, c: ArenaCommand) {
        let starts =
            matches!(c, ArenaCommand::Start { .. } | ArenaCommand::Replay(_) | ArenaCommand::GauntletFight { .. });
        if starts && self.view.shadow.arena.pending.is_some() {
            // A new match would replace the recording that waits to be kept: ask first.
            self.modal = Some(Modal::UnkeptMatch { then: c });
            return;
        }
        if let ArenaCommand::TrainIn(ratings) = &c {
            match write_gauntlet(ratings, &mut self.ws) {
                Ok(path) => self.open_file(&path),
                Err(e) => self.status = format!("No gauntlet written: {e}"),
            }
            return;
        }
        let (msg, edited) = arena_command(&mut self.view.shadow, own(&mut self.panels), c, &mut self.ws);
        self.after_shadow(msg, edited);
    }

    fn after_shadow(&mut self, msg: Option<String>, edited: Option<DocId>) {
        if let Some(id) = edited {
            self.view.active = Some(id);
        }
        if let Some(m) = msg {
            self.status = m;
        }
    }
}

/// Points the tools at a project's shadow folder: its banks listed, its schema found;
/// the schema and banks load when a panel first shows them. Returns the present state
/// of the folder's state file (empty without one), for the query inspector.
pub fn open_project(sh: &mut ShadowState, root: &Path, project: Option<&Project>) -> BTreeMap<String, f64> {
    *sh = ShadowState::default();
    let dir = project.map_or_else(|| root.join("shadow"), Project::guest_dir);
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    let of_kind =
        |kind: GuestKind| files.iter().filter(move |p| FileKind::guest_by_name(p) == Some(FileKind::Guest(kind.name)));
    sh.bank_files = of_kind(kinds::BANK).cloned().collect();
    sh.schema_path = of_kind(kinds::SCHEMA).next().cloned();
    let typed = match of_kind(kinds::STATE).next().map(|p| read_state(p)) {
        Some(Ok(state)) => state.0.into_iter().collect(),
        _ => BTreeMap::new(),
    };
    sh.dir = Some(dir);
    typed
}

/// Opens the schema and the first bank as workspace documents. Without a schema file
/// the built-in arena schema is shown, as a new file of the shadow folder.
pub fn load(sh: &mut ShadowState, ws: &mut Workspace) {
    sh.wanted = true;
    sh.loaded = true;
    match sh.schema_path.clone() {
        Some(path) => open_schema(sh, ws, &path),
        None => {
            if let Some(dir) = &sh.dir {
                let path = dir.join("arena.schema.ron");
                ws.new_schema(&path, Schema::arena());
                sh.schema_path = Some(path);
            }
        }
    }
    if let Some(first) = sh.bank_files.first().cloned() {
        show_bank(sh, ws, &first);
    }
    sh.sync(ws);
}

fn open_schema(sh: &mut ShadowState, ws: &mut Workspace, path: &Path) {
    if let Err(e) = ws.open_schema(path) {
        sh.error = e.first().map(ToString::to_string);
    }
}

/// Shows the bank at `path`, opening its document if it is not open.
pub fn show_bank(sh: &mut ShadowState, ws: &mut Workspace, path: &Path) -> bool {
    match ws.open_bank(path) {
        Ok(_) => {
            sh.shown_bank(path);
            true
        }
        Err(e) => {
            sh.error = e.first().map(ToString::to_string);
            false
        }
    }
}

/// Adds a bank file to the bank list unless it is there; true when it was added.
pub(super) fn list_bank(sh: &mut ShadowState, path: &Path) -> bool {
    if sh.bank_files.iter().any(|f| same_file(f, path)) {
        return false;
    }
    sh.bank_files.push(path.to_path_buf());
    sh.bank_files.sort();
    true
}

/// Carries out a bank command: a change of the bank becomes an [`Edit`] of its
/// document, so undo, the dirty marker and saves cover it; exports and imports ask
/// `dialogs` for their file.
fn bank_command(
    sh: &mut ShadowState,
    own: &mut BankPanel,
    c: BankCommand,
    ws: &mut Workspace,
    dialogs: &mut dyn Dialogs,
) -> Done {
    if !sh.loaded {
        load(sh, ws);
    }
    let out = match c {
        BankCommand::Open(p) => {
            let msg = if show_bank(sh, ws, &p) {
                format!("Showing {}", short(&p))
            } else {
                sh.error.clone().unwrap_or_default()
            };
            (Some(msg), None)
        }
        BankCommand::DeleteMatch(m) => {
            let out = edit_bank(sh, ws, |bank| Edit::BankDeleteMatch { bank, match_id: m });
            own.filter.match_id = None;
            done(out.map(|(n, id)| (format!("Deleted match {m}: {n} events (Ctrl+Z undoes it)"), id)))
        }
        BankCommand::DeleteSegment(s) => {
            let out = edit_bank(sh, ws, |bank| Edit::BankDeleteSegment { bank, segment: s });
            own.filter.segment = None;
            done(out.map(|(n, id)| (format!("Deleted segment {s}: {n} events (Ctrl+Z undoes it)"), id)))
        }
        BankCommand::Merge(p) => {
            // The other bank as the studio shows it: its document when open, else the file.
            let other = match open_or_load(ws, &p) {
                Ok(b) => b,
                Err(e) => return (Some(e), None),
            };
            let label = short(&p);
            let out =
                edit_bank(sh, ws, |bank| Edit::BankMerge { bank, other: SharedBank(other), label: label.clone() });
            done(out.map(|(_, id)| {
                let n = ws.bank(&id).map_or(0, |b| b.len());
                (format!("Merged {label}: {n} events (Ctrl+Z undoes it)"), id)
            }))
        }
        BankCommand::DeleteFlagged { ids, kinds } => {
            let out = edit_bank(sh, ws, |bank| Edit::BankDeleteEvents { bank, ids });
            done(out.map(|(n, id)| (format!("Deleted {n} events flagged as {kinds} (Ctrl+Z undoes it)"), id)))
        }
        BankCommand::ScoreShadow(bot) => match Style::from_name(&bot) {
            Some(style) => (score(sh, &mut own.curate, style), None),
            None => (Some(format!("No bot called `{bot}`")), None),
        },
        BankCommand::Export => (Some(export_bank(sh, dialogs)), None),
        BankCommand::Import => (import_bank(sh, ws, dialogs), None),
        BankCommand::Hand(edit) => hand_edit(sh, ws, edit),
        BankCommand::Compose(parts) => compose_parts(sh, &mut own.compose, ws, &parts),
        BankCommand::InsertFromArena { after, action } => match arena_state(sh) {
            Some(state) => hand_edit(sh, ws, HandEdit::Insert { after, state, action }),
            None => (Some("Start a match in the Arena first: its present frame gives the state".into()), None),
        },
        BankCommand::Save | BankCommand::SaveSchema => (None, None),
    };
    sh.sync(ws);
    out
}

/// Carries out an arena command; a kept recording becomes an [`Edit`] of the bank
/// document (a new bank in the shadow folder when none is shown).
fn arena_command(
    sh: &mut ShadowState,
    (bank, query): (&mut BankPanel, &mut QueryPanel),
    c: ArenaCommand,
    ws: &mut Workspace,
) -> Done {
    if !sh.loaded {
        load(sh, ws);
    }
    let out = match c {
        ArenaCommand::Start { opponent, autoplay, record } => start(sh, query, ws, &opponent, autoplay, record),
        ArenaCommand::Replay(r) => {
            sh.arena.gauntlet_note = None;
            if let Some(g) = sh.arena.gauntlet.as_mut() {
                g.fighting = None;
            }
            let [a, b] = &r.names;
            let msg = format!("Playing {a} against {b} again, as the league played it");
            sh.arena.replay(Arc::unwrap_or_clone(r.bout), r.names.clone());
            (Some(msg), None)
        }
        ArenaCommand::HandOver(side) => (Some(sh.arena.hand_over(side)), None),
        ArenaCommand::Gauntlet(path) => {
            let root = ws.project.as_ref().map_or_else(|| sh.dir.clone().unwrap_or_default(), |p| p.root.clone());
            match open_gauntlet(&path, &root) {
                Ok(g) => {
                    let msg = g.headline();
                    sh.arena.gauntlet = Some(g);
                    sh.arena.gauntlet_note = None;
                    (Some(msg), None)
                }
                Err(e) => (Some(e), None),
            }
        }
        // Written by the studio, which then opens the file ([`Studio::apply_arena`]).
        ArenaCommand::TrainIn(_) => (None, None),
        ArenaCommand::GauntletFight { record } => (Some(fight_gauntlet(sh, ws, record)), None),
        ArenaCommand::Finish => {
            sh.arena.finish();
            save_progress(&mut sh.arena, ws);
            (None, None)
        }
        ArenaCommand::Keep(keep) => keep_match(sh, &mut bank.curate, ws, keep),
        ArenaCommand::Press(key) => {
            sh.arena.set_keys(ArenaKey::input([key]));
            (None, None)
        }
        ArenaCommand::Keys(keys) => {
            sh.arena.set_keys(keys);
            (None, None)
        }
        ArenaCommand::Pause(paused) => {
            sh.arena.paused = paused;
            (None, None)
        }
        ArenaCommand::IdleSeconds(seconds) => {
            sh.arena.set_idle_seconds(seconds);
            (None, None)
        }
    };
    sh.sync(ws);
    out
}

/// Starts a match against `opponent` (a bot style name, or "shadow": the shadow of the
/// bank shown, the project's first when none was shown yet).
fn start(
    sh: &mut ShadowState,
    query: &mut QueryPanel,
    ws: &Workspace,
    opponent: &str,
    autoplay: bool,
    record: bool,
) -> Done {
    let schema = sh.schema_doc().and_then(|id| ws.schema(&id));
    let bank = sh.bank_doc().and_then(|id| ws.bank(&id));
    let name = sh.bank_path.as_deref().map_or_else(|| "shadow".to_owned(), short);
    let shadow = match (schema, bank) {
        (Some(schema), Some(bank)) => Some((schema, bank.as_ref(), name.as_str())),
        _ if opponent == "shadow" => return (Some("A shadow needs a schema and a bank".into()), None),
        _ => None,
    };
    sh.arena.gauntlet_note = None;
    if let Some(g) = sh.arena.gauntlet.as_mut() {
        g.fighting = None;
    }
    match sh.arena.start(opponent, autoplay, record, shadow) {
        Ok(()) if opponent == "shadow" => {
            query.source = QuerySource::Arena;
            (Some(format!("Started a fight against the shadow of {name}")), None)
        }
        Ok(()) => (None, None),
        Err(e) => (Some(e), None),
    }
}

/// At the match end: keeps the recording in the bank shown (a new bank of the shadow
/// folder when none is), or drops it; either way the bank view scores the shadow
/// against the bot just fought (or the one chosen there).
fn keep_match(sh: &mut ShadowState, curate: &mut CurateUi, ws: &mut Workspace, keep: bool) -> Done {
    let Some(pending) = sh.arena.pending.take() else { return (None, None) };
    let against = sh.arena.billing.as_ref().and_then(|b| b.against).unwrap_or(curate.against);
    if !keep {
        score(sh, curate, against);
        return (Some("Discarded the recording".into()), None);
    }
    if sh.bank_doc().is_none()
        && let Some(dir) = &sh.dir
    {
        // No bank yet: the recording starts a new one in the shadow folder.
        let path = dir.join("recorded.bank.ron");
        if ws.open_bank(&path).is_err() {
            ws.new_bank(&path, Bank::new(feature_names()));
        }
        sh.bank_path = Some(path);
    }
    let recorded_at =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(None, |d| Some(d.as_secs()));
    let n = pending.events.len();
    let out = edit_bank(sh, ws, |bank| Edit::BankKeep { bank, pending: Box::new(pending), recorded_at });
    sh.sync(ws);
    score(sh, curate, against);
    done(out.map(|(_, id)| {
        let m = ws.bank(&id).and_then(|b| b.events().last()).map_or(0, |e| e.match_id);
        (format!("Kept the match as match {m} ({n} events; Ctrl+Z undoes it)"), id)
    }))
}

/// Starts scoring the shown bank's shadow against `against` off the editor's thread;
/// says why not when there is no schema or bank.
fn score(sh: &ShadowState, curate: &mut CurateUi, against: Style) -> Option<String> {
    let (Some(schema), Some(bank)) = (sh.schema.as_ref(), sh.bank.as_ref()) else {
        return Some("Scoring needs a schema and a bank".into());
    };
    curate.start_score(sh.generation, schema, bank, against);
    None
}

/// Makes one change by hand to the shown bank, as one undoable edit; the picked event
/// stays picked.
fn hand_edit(sh: &mut ShadowState, ws: &mut Workspace, edit: HandEdit) -> Done {
    let what = BankCommand::Hand(edit.clone()).label();
    let out = edit_bank(sh, ws, |bank| Edit::BankHand { bank, edit });
    done(out.map(|(_, id)| (format!("{what} (Ctrl+Z undoes it)"), id)))
}

/// A bank as the studio shows it: its document when open, else the file.
fn open_or_load(ws: &Workspace, path: &Path) -> Result<Arc<Bank>, String> {
    let open = ws.doc_for_path(path).and_then(|id| ws.bank(&id).cloned());
    open.map_or_else(|| Bank::load(path).map(Arc::new).map_err(|e| e.to_string()), Ok)
}

/// Makes the shown bank the composition of `parts` as one undoable edit, and keeps its
/// conflicts for the Compose section.
fn compose_parts(
    sh: &mut ShadowState,
    draft: &mut ComposeDraft,
    ws: &mut Workspace,
    parts: &[(PathBuf, String)],
) -> Done {
    let mut loaded = Vec::with_capacity(parts.len());
    for (path, filter) in parts {
        let bank = match open_or_load(ws, path) {
            Ok(b) => b,
            Err(e) => return (Some(e), None),
        };
        let filter = match Filter::parse(filter) {
            Ok(f) => f,
            Err(e) => return (Some(e), None),
        };
        loaded.push((short(path), bank, filter));
    }
    let sources: Vec<(&str, &Bank, &Filter)> = loaded.iter().map(|(n, b, f)| (n.as_str(), b.as_ref(), f)).collect();
    let conflicts = match compose(&sources) {
        Ok(c) => c.conflicts,
        Err(e) => return (Some(format!("Cannot compose: {e}")), None),
    };
    let shown: Vec<(String, &Bank, Filter)> =
        loaded.iter().map(|(n, b, f)| (n.clone(), b.as_ref(), f.clone())).collect();
    draft.show_conflicts(&conflicts, &shown);
    let parts = loaded.iter().map(|(n, b, f)| (n.clone(), SharedBank(Arc::clone(b)), f.clone())).collect();
    let out = edit_bank(sh, ws, |bank| Edit::BankCompose { bank, parts });
    done(out.map(|(_, id)| {
        let n = ws.bank(&id).map_or(0, |b| b.len());
        let msg = format!(
            "Composed {n} events from {} parts, {} conflicts (Ctrl+Z undoes it)",
            loaded.len(),
            conflicts.len()
        );
        (msg, id)
    }))
}

/// The state the arena's player (side 0, the side recorded into banks) sees at the
/// present frame, by feature name.
fn arena_state(sh: &ShadowState) -> Option<Vec<(String, f64)>> {
    let bout = sh.arena.bout.as_ref()?;
    let recorded = |name: &String| sh.bank.as_ref().is_none_or(|b| b.feature_position(name).is_some());
    Some(feature_names().into_iter().zip(bout.arena.features(0)).filter(|(n, _)| recorded(n)).collect())
}

/// Applies a bank edit to the shown bank; returns how many events it removed (0 when it
/// added some) and the document.
fn edit_bank(
    sh: &mut ShadowState,
    ws: &mut Workspace,
    edit: impl FnOnce(DocId) -> Edit,
) -> Result<(usize, DocId), String> {
    let id = sh.bank_doc().ok_or("Open a bank first")?;
    let before = ws.bank(&id).map_or(0, |b| b.len());
    // The Bank panel lets its picked row go when it sees the bank changed.
    let id = ws.apply(edit(id))?;
    Ok((before.saturating_sub(ws.bank(&id).map_or(0, |b| b.len())), id))
}

/// A bank edit's outcome as the status bar's message and the document edited.
fn done(r: Result<(String, DocId), String>) -> Done {
    match r {
        Ok((msg, id)) => (Some(msg), Some(id)),
        Err(e) => (Some(e), None),
    }
}

/// A state file (`*.state.ron`): the present state by feature name.
fn read_state(path: &Path) -> Result<StateMap, String> {
    let text = creature_core::file_reader::read_text(path).map_err(|e| e.to_string())?;
    StateMap::parse(&path.display().to_string(), &text).map_err(|e| e.to_string())
}

fn same_file(a: &Path, b: &Path) -> bool {
    let canon = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    canon(a) == canon(b)
}
