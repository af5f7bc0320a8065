//! The shadow tools' state: the schema being edited, the replay bank shown, the bank
//! view's filters, the query inspector's state and the arena (SPEC §13).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use creature_core::project::Project;
use creature_core::shadow::arena::feature_names;
use creature_core::shadow::bank::{Bank, BankStats, StateMap, merge};
use creature_core::shadow::schema::Schema;
use creature_core::shadow::select::{Breakdown, Index, Selection};

use super::LiveCommand;
use super::arena::ArenaUi;

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

/// The replay bank, schema and arena of the open project.
#[derive(Default)]
pub struct ShadowState {
    /// The project's shadow folder.
    pub dir: Option<PathBuf>,
    pub bank_files: Vec<PathBuf>,
    pub schema_path: Option<PathBuf>,
    pub schema: Option<Schema>,
    /// The schema as on disk, for the dirty marker.
    pub schema_saved: Option<Schema>,
    pub bank_path: Option<PathBuf>,
    pub bank: Option<Bank>,
    pub bank_dirty: bool,
    /// Why the last bank, schema or merge did not load.
    pub error: Option<String>,
    /// Bumped on every change of the bank or the schema, for the caches.
    pub generation: u64,
    pub filter: BankFilter,
    rows: Option<(u64, BankFilter, Vec<usize>)>,
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
    pub arena: ArenaUi,
    loaded: bool,
}

impl ShadowState {
    /// Points the tools at a project's shadow folder; files load when first shown.
    pub fn open_project(&mut self, root: &Path, project: Option<&Project>) {
        *self = ShadowState::default();
        let dir = project.map_or_else(|| root.join("shadow"), |p| p.resolve(&p.manifest.shadow));
        let mut files: Vec<PathBuf> =
            std::fs::read_dir(&dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
        files.sort();
        self.bank_files =
            files.iter().filter(|p| name_ends(p, ".bank.ron") || name_ends(p, ".bank")).cloned().collect();
        self.schema_path = files.iter().find(|p| name_ends(p, ".schema.ron")).cloned();
        if let Some(state) = files.iter().find(|p| name_ends(p, ".state.ron"))
            && let Ok(text) = std::fs::read_to_string(state)
            && let Ok(s) = StateMap::parse(&state.display().to_string(), &text)
        {
            self.typed = s.0.into_iter().collect();
        }
        self.dir = Some(dir);
    }

    /// Loads the schema and the first bank the first time a shadow panel is drawn.
    pub fn ensure_loaded(&mut self) {
        if self.loaded {
            return;
        }
        self.loaded = true;
        self.load_schema();
        if self.schema.is_none() {
            // No schema file: the built-in arena schema, to be saved into the folder.
            self.schema = Some(Schema::arena());
            self.schema_path = self.dir.as_ref().map(|d| d.join("arena.schema.ron"));
        }
        if let Some(first) = self.bank_files.first().cloned() {
            self.load_bank(&first);
        }
    }

    fn load_schema(&mut self) {
        let Some(path) = self.schema_path.clone() else { return };
        match Schema::load(&path) {
            Ok(s) => {
                self.schema_saved = Some(s.clone());
                self.schema = Some(s);
                self.generation += 1;
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    fn load_bank(&mut self, path: &Path) {
        match Bank::load(path) {
            Ok(b) => {
                self.bank = Some(b);
                self.bank_path = Some(path.to_path_buf());
                self.bank_dirty = false;
                self.filter = BankFilter::default();
                self.picked_row = None;
                self.generation += 1;
                self.fill_typed();
            }
            Err(e) => self.error = Some(e.to_string()),
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

    /// A file in the project changed on disk: reload it if it is the schema or bank
    /// shown and the studio holds no unsaved edits of it.
    pub fn file_changed(&mut self, path: &Path) {
        let same = |p: &Option<PathBuf>| p.as_deref().is_some_and(|q| same_file(q, path));
        if same(&self.schema_path) && self.schema == self.schema_saved {
            self.load_schema();
        } else if same(&self.bank_path) && !self.bank_dirty {
            self.load_bank(path);
        }
    }

    /// True when the schema has edits that are not saved.
    pub fn schema_dirty(&self) -> bool {
        self.schema != self.schema_saved
    }

    /// The bank positions that pass the filters.
    pub fn rows(&mut self) -> &[usize] {
        let stale = self.rows.as_ref().is_none_or(|(g, f, _)| *g != self.generation || *f != self.filter);
        if stale {
            let f = &self.filter;
            let action = f.action.to_lowercase();
            let rows = self.bank.as_ref().map_or_else(Vec::new, |b| {
                b.events()
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| {
                        f.match_id.is_none_or(|m| e.match_id == m)
                            && f.segment.is_none_or(|s| e.segment == s)
                            && (action.is_empty() || e.action.to_lowercase().contains(&action))
                    })
                    .map(|(i, _)| i)
                    .collect()
            });
            self.rows = Some((self.generation, self.filter.clone(), rows));
        }
        self.rows.as_ref().map_or(&[], |(_, _, r)| r.as_slice())
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

    /// Carries out a shadow command; returns a message for the status bar.
    pub fn apply(&mut self, c: LiveCommand) -> Option<String> {
        self.ensure_loaded();
        match c {
            LiveCommand::OpenBank(p) => {
                self.load_bank(&p);
                Some(format!("Showing {}", super::short(&p)))
            }
            LiveCommand::DeleteMatch(m) => {
                let n = self.bank.as_mut().map_or(0, |b| b.delete_match(m));
                self.changed_bank();
                self.filter.match_id = None;
                Some(format!("Deleted match {m}: {n} events (save the bank to keep this)"))
            }
            LiveCommand::DeleteSegment(s) => {
                let n = self.bank.as_mut().map_or(0, |b| b.delete_segment(s));
                self.changed_bank();
                self.filter.segment = None;
                Some(format!("Deleted segment {s}: {n} events (save the bank to keep this)"))
            }
            LiveCommand::MergeBank(p) => {
                let other = match Bank::load(&p) {
                    Ok(b) => b,
                    Err(e) => return Some(e.to_string()),
                };
                let Some(bank) = &self.bank else { return Some("Open a bank to merge into first".into()) };
                let here = self.bank_path.as_deref().map_or_else(|| "bank".to_owned(), super::short);
                match merge(&[(here.as_str(), bank), (super::short(&p).as_str(), &other)]) {
                    Ok(m) => {
                        let n = m.len();
                        self.bank = Some(m);
                        self.changed_bank();
                        Some(format!("Merged {}: {n} events (save the bank to keep this)", super::short(&p)))
                    }
                    Err(e) => Some(format!("cannot merge {}: {e}", p.display())),
                }
            }
            LiveCommand::SaveBank => {
                let (Some(bank), Some(path)) = (&self.bank, &self.bank_path) else { return None };
                match bank.save(path) {
                    Ok(()) => {
                        self.bank_dirty = false;
                        Some(format!("Saved {}", path.display()))
                    }
                    Err(e) => Some(format!("cannot save {}: {e}. The bank is kept in the studio.", path.display())),
                }
            }
            LiveCommand::SetSchema(s) => {
                self.schema = Some(s);
                self.generation += 1;
                None
            }
            LiveCommand::SetWeight { feature, weight } => {
                if let Some(f) = self.schema.as_mut().and_then(|s| s.features.get_mut(feature))
                    && weight.is_finite()
                {
                    f.weight = weight.max(0.0);
                    self.generation += 1;
                }
                None
            }
            LiveCommand::SaveSchema => {
                let (Some(schema), Some(path)) = (&self.schema, &self.schema_path) else { return None };
                if let Err(p) = schema.check() {
                    return Some(format!("not saved: {}", p.message));
                }
                match creature_core::fsutil::save_atomic(path, schema.to_ron().as_bytes()) {
                    Ok(()) => {
                        self.schema_saved = self.schema.clone();
                        Some(format!("Saved {}", path.display()))
                    }
                    Err(e) => Some(format!("cannot save {}: {e}. The schema is kept in the studio.", path.display())),
                }
            }
            LiveCommand::ArenaStart { opponent, autoplay, record } => {
                let shadow = if opponent == "shadow" {
                    let (Some(schema), Some(bank)) = (&self.schema, &self.bank) else {
                        return Some("A shadow needs a schema and a bank".into());
                    };
                    Some((schema, bank))
                } else {
                    None
                };
                match self.arena.start(&opponent, autoplay, record, shadow) {
                    Ok(()) => {
                        if opponent == "shadow" {
                            self.source = QuerySource::Arena;
                        }
                        None
                    }
                    Err(e) => Some(e),
                }
            }
            LiveCommand::ArenaFinish => {
                self.arena.finish();
                None
            }
            LiveCommand::ArenaKeep(keep) => {
                let pending = self.arena.pending.take()?;
                if !keep {
                    return Some("Discarded the recording".into());
                }
                if self.bank.is_none() {
                    self.bank = Some(Bank::new(feature_names()));
                    self.bank_path = self.dir.as_ref().map(|d| d.join("recorded.bank.ron"));
                }
                let at = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(None, |d| Some(d.as_secs()));
                let result = self.bank.as_mut().map(|b| b.keep(&pending, at));
                match result {
                    Some(Ok(m)) => {
                        self.changed_bank();
                        Some(format!("Kept the match as match {m} ({} events)", pending.events.len()))
                    }
                    Some(Err(e)) => Some(format!("cannot keep the match: {e}")),
                    None => None,
                }
            }
            _ => None,
        }
    }

    fn changed_bank(&mut self) {
        self.bank_dirty = true;
        self.generation += 1;
        self.picked_row = None;
    }
}

fn name_ends(p: &Path, suffix: &str) -> bool {
    p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(suffix))
}

fn same_file(a: &Path, b: &Path) -> bool {
    let canon = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    canon(a) == canon(b)
}
