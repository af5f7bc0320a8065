//! The shadow tools' state (SPEC §13): which schema and replay bank of the project's
//! shadow folder are shown, the bank view's filters, the query inspector's state and the
//! arena. The schema and the bank themselves are workspace documents (undo, dirty
//! markers, saves and hot reload are the workspace's); this state mirrors the two shown,
//! once per frame, for the caches of the bank view and the query inspector. Opening the
//! files and carrying out the shadow commands is the studio's (`gui/shadow/app.rs`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use creature_shadow::bank::{Bank, BankStats};
use creature_shadow::schema::Schema;
use creature_shadow::select::{Breakdown, Index, Selection};

use super::arena::ArenaUi;
use super::curate::CurateUi;
use creature_workspace::{DocId, Workspace};

/// The bank view's filters: a match, a segment, an action (empty: any).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BankFilter {
    pub match_id: Option<u64>,
    pub segment: Option<u64>,
    pub action: String,
}

/// Where the query inspector's present state comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QuerySource {
    /// The state typed in the inspector.
    #[default]
    Typed,
    /// The arena shadow's last decision.
    Arena,
}

type QueryCache = ((u64, Vec<f64>, Option<usize>), Result<(Selection, Vec<Breakdown>), String>);

/// The shadow tools of the open project.
#[derive(Default)]
pub struct ShadowState {
    /// The project's shadow folder.
    pub dir: Option<PathBuf>,
    pub bank_files: Vec<PathBuf>,
    /// The schema shown: the document [`DocId::Schema`] of this path.
    pub schema_path: Option<PathBuf>,
    /// The bank shown: the document [`DocId::Bank`] of this path.
    pub bank_path: Option<PathBuf>,
    /// The shown schema document's value as of the last [`ShadowState::sync`].
    pub(crate) schema: Option<Schema>,
    /// The shown bank document's value as of the last [`ShadowState::sync`] (shared with
    /// the document, not copied).
    pub(crate) bank: Option<Arc<Bank>>,
    /// Why the last bank, schema or merge did not load.
    pub error: Option<String>,
    /// Bumped on every change of the bank or the schema, for the caches.
    pub generation: u64,
    pub filter: BankFilter,
    rows: Option<(u64, BankFilter, Arc<[usize]>)>,
    stats: Option<(u64, BankStats)>,
    index: Option<(u64, Result<Index, String>)>,
    /// The last query: (generation, state, playing) and its answer.
    query_cache: Option<QueryCache>,
    /// The typed present state, by feature name.
    pub typed: BTreeMap<String, f64>,
    pub source: QuerySource,
    /// The candidate whose breakdown is drawn large.
    pub selected: Option<usize>,
    /// The bank row picked in the table.
    pub picked_row: Option<usize>,
    /// The picked event's action and values as typed, to write it by hand.
    pub hand: super::hand_draft::HandDraft,
    /// The bank view's composition of parts, and its conflicts.
    pub compose: super::compose_draft::ComposeDraft,
    pub arena: ArenaUi,
    /// The bank view's Curate and Score sections.
    pub curate: CurateUi,
    /// A shadow panel was drawn: the files are loaded before the next frame.
    pub(crate) wanted: bool,
    pub(crate) loaded: bool,
}

impl ShadowState {
    /// Asks for the schema and the first bank to be loaded; a shadow panel calls this
    /// when drawn and the studio opens the files into the workspace before the next
    /// frame. Returns true once they are loaded.
    pub fn ensure_loaded(&mut self) -> bool {
        self.wanted = true;
        self.loaded
    }

    /// Shows the bank of this path (its document, open in the workspace), from its
    /// first row and with no filter when it is another bank.
    pub fn shown_bank(&mut self, path: &Path) {
        if self.bank_path.as_deref() != Some(path) {
            self.bank_path = Some(path.to_path_buf());
            self.filter = BankFilter::default();
            self.picked_row = None;
        }
    }

    /// The schema document shown.
    pub fn schema_doc(&self) -> Option<DocId> {
        self.schema_path.clone().map(DocId::Schema)
    }

    /// The bank document shown.
    pub fn bank_doc(&self) -> Option<DocId> {
        self.bank_path.clone().map(DocId::Bank)
    }

    /// The schema shown, as of the last [`ShadowState::sync`].
    pub fn schema(&self) -> Option<&Schema> {
        self.schema.as_ref()
    }

    /// The bank shown, as of the last [`ShadowState::sync`].
    pub fn bank(&self) -> Option<&Bank> {
        self.bank.as_deref()
    }

    /// The bank shown, shared (for drawing it while the rest of this state changes).
    pub fn shared_bank(&self) -> Option<Arc<Bank>> {
        self.bank.clone()
    }

    /// Takes the shown schema and bank from their documents; the caches start again
    /// whenever either changed (an edit, an undo, a reload from disk). Once per frame.
    pub fn sync(&mut self, ws: &Workspace) {
        let schema = self.schema_doc().and_then(|id| ws.schema(&id));
        if schema != self.schema.as_ref() {
            self.schema = schema.cloned();
            self.generation += 1;
        }
        let bank = self.bank_doc().and_then(|id| ws.bank(&id));
        let same = match (bank, &self.bank) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        if !same {
            self.bank = bank.cloned();
            self.generation += 1;
            self.picked_row = None;
            self.fill_typed();
        }
    }

    /// Fills the typed state's missing features from the bank's first event.
    fn fill_typed(&mut self) {
        let Some(b) = &self.bank else { return };
        if b.is_empty() {
            return;
        }
        for (k, name) in b.features().iter().enumerate() {
            let v = b.state(0).get(k).copied().unwrap_or(0.0);
            self.typed.entry(name.clone()).or_insert(v);
        }
    }

    /// The bank positions that pass the filters, shared so that a frame need not copy
    /// a million of them.
    pub fn rows(&mut self) -> Arc<[usize]> {
        let stale = self.rows.as_ref().is_none_or(|(g, f, _)| *g != self.generation || *f != self.filter);
        if stale {
            let f = &self.filter;
            let action = f.action.to_lowercase();
            let rows: Arc<[usize]> = self.bank.as_ref().map_or_else(
                || Arc::from([]),
                |b| {
                    if f.match_id.is_none() && f.segment.is_none() && action.is_empty() {
                        return (0..b.len()).collect();
                    }
                    // Each action name is matched once, not once per event.
                    let mut named: std::collections::HashMap<&str, bool> = std::collections::HashMap::new();
                    b.events()
                        .iter()
                        .enumerate()
                        .filter(|(_, e)| {
                            f.match_id.is_none_or(|m| e.match_id == m)
                                && f.segment.is_none_or(|s| e.segment == s)
                                && (action.is_empty()
                                    || *named
                                        .entry(e.action)
                                        .or_insert_with(|| e.action.to_lowercase().contains(&action)))
                        })
                        .map(|(i, _)| i)
                        .collect()
                },
            );
            self.rows = Some((self.generation, self.filter.clone(), rows));
        }
        self.rows.as_ref().map_or_else(|| Arc::from([]), |(_, _, r)| Arc::clone(r))
    }

    /// The bank's numbers (SPEC §13).
    pub fn stats(&mut self) -> Option<&BankStats> {
        let bank = self.bank.as_ref()?;
        if self.stats.as_ref().is_none_or(|(g, _)| *g != self.generation) {
            self.stats = Some((self.generation, bank.stats()));
        }
        self.stats.as_ref().map(|(_, s)| s)
    }

    /// The prepared bank for the schema, or why the schema does not fit the bank.
    pub fn index(&mut self) -> Option<Result<&Index, &str>> {
        let (schema, bank) = (self.schema.as_ref()?, self.bank.as_ref()?);
        if self.index.as_ref().is_none_or(|(g, _)| *g != self.generation) {
            let built = if let Err(p) = schema.check() {
                Err(format!("the schema has a problem: {}", p.message))
            } else {
                Index::build(schema, bank).map_err(|e| e.to_string())
            };
            self.index = Some((self.generation, built));
        }
        self.index.as_ref().map(|(_, r)| r.as_ref().map_err(String::as_str))
    }

    /// The present state for the query inspector, in schema order, and the event
    /// playing (from the arena's shadow, or typed).
    pub fn present(&self) -> Option<(Vec<f64>, Option<usize>)> {
        let schema = self.schema.as_ref()?;
        if self.source == QuerySource::Arena
            && let Some(q) = self.arena.last_query()
        {
            return Some(q);
        }
        Some((schema.features.iter().map(|f| self.typed.get(&f.name).copied().unwrap_or(0.0)).collect(), None))
    }

    /// The query of SPEC §13 for the present state, and the breakdown of the `top`
    /// lowest-scoring events (the candidates first, then the nearest misses), computed
    /// once per state, schema and bank.
    pub fn query(&mut self, top: usize) -> Option<Result<(Selection, Vec<Breakdown>), String>> {
        let (state, playing) = self.present()?;
        let key = (self.generation, state.clone(), playing);
        if let Some((k, result)) = &self.query_cache
            && *k == key
        {
            return Some(result.clone());
        }
        let result = match self.index()? {
            Err(e) => Err(e.to_owned()),
            Ok(index) => {
                let sel = index.select(&state, playing)?;
                let mut parts: Vec<Breakdown> =
                    (0..index.len()).filter_map(|e| index.breakdown(&state, e, playing)).collect();
                parts.sort_by(|a, b| a.total.total_cmp(&b.total).then(a.id.cmp(&b.id)));
                parts.truncate(top);
                Ok((sel, parts))
            }
        };
        self.query_cache = Some((key, result.clone()));
        Some(result)
    }
}
