//! What the shadow subcommands (`shadow`, `shadow curate`, `shadow score`) share: a bot
//! named by a flag, a bank saved, a schema's mismatch placed in its file.

use std::path::Path;

use creature_core::error::LoadError;
use creature_core::file_reader::read_text;
use creature_shadow::bank::{Bank, event_position};
use creature_shadow::bots::Style;
use creature_shadow::select::MismatchError;

use crate::cli::{CliError, CliResult};

/// The bot style `name` given to the flag `what`.
pub(super) fn style(name: &str, what: &str) -> Result<Style, CliError> {
    Style::from_name(name).ok_or_else(|| {
        CliError::from(format!(
            "{what}: {}",
            creature_core::error::unknown_name("bot", name, Style::ALL.iter().map(|s| s.name()))
        ))
    })
}

/// Saves `bank` at `path` under `policy`, the error naming the file.
pub(super) fn save(bank: &Bank, path: &Path, policy: &creature_core::file_writer::Policy) -> CliResult {
    bank.save(path, policy).map_err(CliError::from)
}

/// A problem binding a schema to a bank, placed in the file it is about.
pub(super) fn mismatch(e: &MismatchError, schema: (&Path, &str), bank: &Path) -> CliError {
    if let Some(event) = e.event {
        let file = bank.display().to_string();
        let (line, col) = read_text(bank).map_or((1, 1), |text| event_position(&text, event, Some(&e.feature)));
        return LoadError::new(file, line, col, e.message.clone()).into();
    }
    let needle = format!("\"{}\"", e.feature);
    LoadError::at_text(&schema.0.display().to_string(), schema.1, &needle, e.message.clone()).into()
}
