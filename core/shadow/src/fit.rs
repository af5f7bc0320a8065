//! Whether a folder's banks and states fit its schema (SPEC §13, §15): the checks
//! `shadow query` and `fight` make when they bind a schema to a bank or a state, made
//! by `check` beforehand so that a file that cannot be played is reported with its
//! place, not found out at play time.

use std::path::{Path, PathBuf};

use super::arena::Action;
use super::bank::{Bank, StateMap, event_position};
use super::schema::{FeatureKind, Schema};
use super::select::{bind, state_vector};
use creature_core::error::LoadError;
use creature_core::file_reader::read_text;

/// A schema and the name of its file (`built-in arena schema` for the built-in one).
pub struct NamedSchema {
    pub file: String,
    pub schema: Schema,
}

/// The schemas a bank or state at `path` is played with: the `*.schema.ron` files beside
/// it, or the built-in arena schema when there are none and the file is in the shadow
/// folder `shadow_dir` of its project. `None` when nothing says how it is played.
/// Schemas that do not load are left out: their own check reports them.
#[must_use]
pub fn schemas_for(path: &Path, shadow_dir: Option<&Path>) -> Option<Vec<NamedSchema>> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(".schema.ron")))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    if files.is_empty() {
        return shadow_dir
            .filter(|s| creature_core::file_writer::same_file(s, &dir))
            .map(|_| vec![NamedSchema { file: "the built-in arena schema".into(), schema: Schema::arena() }]);
    }
    Some(
        files
            .iter()
            .filter_map(|p| Schema::load(p).ok().map(|schema| NamedSchema { file: p.display().to_string(), schema }))
            .collect(),
    )
}

/// Every problem playing `bank` with each of `schemas` would meet: a schema feature
/// the bank does not record, a category value that is not an integer code, an action
/// the arena does not have. `text` is the bank's RON text (for positions), `None` for
/// a binary bank.
#[must_use]
pub fn check_bank(file: &str, text: Option<&str>, bank: &Bank, schemas: &[NamedSchema]) -> Vec<LoadError> {
    let place = |event: Option<usize>, key: Option<&str>| match (text, event) {
        (Some(t), Some(i)) => event_position(t, i, key),
        (Some(t), None) => event_position(t, 0, None),
        (None, _) => (1, 1),
    };
    let mut errors = Vec::new();
    for s in schemas {
        if let Err(e) = bind(&s.schema, bank) {
            let (line, col) = place(e.event, Some(&e.feature));
            errors.push(LoadError::new(file, line, col, format!("{} (with {})", e.message, s.file)));
        }
    }
    if !schemas.is_empty()
        && let Some(i) = bank.events().iter().position(|e| Action::from_name(e.action).is_none())
    {
        let e = &bank.event(i);
        let (line, col) = place(Some(i), Some("action"));
        let msg = creature_core::error::unknown_name("action", e.action, Action::ALL.iter().map(|a| a.name()));
        errors.push(LoadError::new(
            file,
            line,
            col,
            format!("event {}: {msg}; a shadow can play only arena actions", e.id),
        ));
    }
    errors
}

/// Every problem asking each of `schemas` about the state `state` would meet: a feature
/// the schema does not have, one it needs that is missing, a category value that is not
/// an integer code.
#[must_use]
pub fn check_state(file: &str, text: &str, state: &StateMap, schemas: &[NamedSchema]) -> Vec<LoadError> {
    let mut errors = Vec::new();
    for s in schemas {
        if let Err(e) = state_vector(&s.schema, state) {
            errors.push(LoadError::at_text(
                file,
                text,
                &format!("\"{}\"", e.feature),
                format!("{} (with {})", e.message, s.file),
            ));
            continue;
        }
        for f in s.schema.features.iter().filter(|f| f.kind == FeatureKind::Category) {
            if let Some(v) = state.get(&f.name)
                && v.fract() != 0.0
            {
                errors.push(LoadError::at_text(
                    file,
                    text,
                    &format!("\"{}\"", f.name),
                    format!(
                        "`{}` is a category in {} but the state gives {v}; category values are integer codes",
                        f.name, s.file
                    ),
                ));
            }
        }
    }
    errors
}

/// Loads and checks a bank (`is_bank`) or state file at `path` against the schemas it
/// is played with (see [`schemas_for`]); nothing when it has none. Load errors are left
/// to the file's own check.
#[must_use]
pub fn check_file(path: &Path, is_bank: bool, shadow_dir: Option<&Path>) -> Vec<LoadError> {
    let Some(schemas) = schemas_for(path, shadow_dir) else { return Vec::new() };
    let file = path.display().to_string();
    if !is_bank {
        let Ok(text) = read_text(path) else { return Vec::new() };
        let Ok(state) = StateMap::parse(&file, &text) else { return Vec::new() };
        return check_state(&file, &text, &state, &schemas);
    }
    let Ok(bank) = Bank::load(path) else { return Vec::new() };
    let text = if is_binary(path) { None } else { read_text(path).ok() };
    check_bank(&file, text.as_deref(), &bank, &schemas)
}

/// Whether the file at `path` starts as a binary bank does.
#[must_use]
pub fn is_binary(path: &Path) -> bool {
    super::kinds::is_binary_bank(path)
}

/// A binary bank's whole check, for `check`: it loads, and it fits the schema it is
/// played with.
#[must_use]
pub fn check_binary(path: &Path, shadow_dir: Option<&Path>) -> Vec<LoadError> {
    let loaded = creature_core::file_reader::read_bytes(path, super::kinds::BANK_LIMIT)
        .and_then(|b| super::bank::Bank::from_bytes(path, &b));
    match loaded {
        Ok(_) => check_file(path, true, shadow_dir),
        Err(e) => vec![e],
    }
}
