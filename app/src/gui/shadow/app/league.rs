//! The one handler of [`LeagueCommand`]s: the banks and the schema are read through the
//! workspace's documents (a file not open is read from disk), and the League panel's
//! worker plays them.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use creature_shadow::bank::Bank;
use creature_shadow::league;
use creature_shadow::schema::Schema;
use creature_workspace::Workspace;

use super::open_or_load;
use crate::gui::Studio;
use crate::gui::command::LeagueCommand;
use crate::gui::shadow::panels::league::LeaguePanel;

impl Studio {
    /// Carries out a command to the league.
    pub(crate) fn apply_league(&mut self, c: LeagueCommand) {
        match c {
            LeagueCommand::Play { banks, schema } => {
                let read = read(&self.ws, &banks, schema.as_deref());
                if let Some(p) = self.panels.state_mut::<LeaguePanel>() {
                    p.start(banks, read);
                }
            }
        }
    }
}

/// The schema and the banks the league plays, or why it cannot: what `shadow league`
/// refuses, in its order (the count of banks, the schema, each bank).
fn read(ws: &Workspace, banks: &[PathBuf], schema: Option<&Path>) -> Result<(Schema, Vec<Arc<Bank>>), String> {
    league::check_count(banks.len()).map_err(|r| r.message)?;
    let schema = match schema {
        Some(p) => match ws.doc_for_path(p).and_then(|id| ws.schema(&id)) {
            Some(open) => open.clone(),
            None => Schema::load(p).map_err(|e| e.to_string())?,
        },
        None => Schema::arena(),
    };
    let loaded = banks.iter().map(|p| open_or_load(ws, p)).collect::<Result<Vec<_>, _>>()?;
    Ok((schema, loaded))
}
