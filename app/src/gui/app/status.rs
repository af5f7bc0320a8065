//! Status bar messages that say something about the present (a file does not load, the
//! scenarios are running, an earlier turn is shown, the project's count of problems, the
//! match the arena plays) hold only while it is so: each frame
//! the condition is looked at again, and once it no longer holds the message is replaced
//! by what is true now.

use std::path::{Path, PathBuf};

use creature_workspace::Workspace;

use super::Studio;
use crate::gui::shadow::view::arena::Billing;
use crate::gui::view::View;
use crate::gui::words::{count, short};

/// What a status message claims, to be checked against the workspace each frame.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Claim {
    /// The file does not load, is gone, or the preview cannot take it.
    FileProblem(PathBuf),
    /// The scenarios of these files are running.
    ScenariosRunning(Vec<PathBuf>),
    /// The preview shows an earlier turn than its newest.
    LookingBack,
    /// A training search goes on.
    Training,
    /// The project's files and problems are as counted in this summary.
    Summary(String),
    /// This match is the arena's.
    Match(Billing),
}

impl Claim {
    fn holds(&self, ws: &Workspace, view: &View) -> bool {
        match self {
            Claim::FileProblem(f) => ws.problems.iter().any(|p| Path::new(&p.file) == f.as_path()),
            Claim::ScenariosRunning(_) => ws.scenarios.progress().is_some(),
            Claim::LookingBack => ws.preview.as_ref().is_some_and(|p| p.scrubbed().is_some()),
            Claim::Training => ws.training.running(),
            Claim::Summary(s) => *s == ws.summary(),
            Claim::Match(b) => view.shadow.arena.billing.as_ref() == Some(b),
        }
    }

    /// What is true once the claim no longer holds.
    fn now(&self, ws: &Workspace, view: &View) -> String {
        match self {
            Claim::FileProblem(f) => format!("{} loads again", short(f)),
            Claim::ScenariosRunning(files) => {
                let reports = files.iter().filter_map(|f| ws.scenarios.reports.get(f));
                let passed = reports.filter(|r| r.as_ref().is_ok_and(|(o, _)| o.passed)).count();
                let failed = files.len() - passed;
                format!(
                    "Ran {}: {passed} passed, {failed} failed or did not load; see each in the Scenarios panel",
                    count(files.len(), "scenario")
                )
            }
            Claim::LookingBack => match ws.preview.as_ref() {
                Some(p) => format!("At the newest turn, {:.1} s", p.sim_time()),
                None => String::new(),
            },
            Claim::Training => {
                ws.training.run.as_ref().map_or_else(String::new, creature_workspace::train_runs::TrainRun::summary)
            }
            Claim::Summary(_) => ws.summary(),
            Claim::Match(_) => view.shadow.arena.billing.as_ref().map_or_else(String::new, Billing::headline),
        }
    }
}

impl Studio {
    /// Says `message` in the status bar for as long as `claim` holds.
    pub(super) fn status_while(&mut self, claim: Claim, message: String) {
        self.status.clone_from(&message);
        self.status_claim = Some((claim, message));
    }

    /// Replaces a status message whose claim no longer holds by what is true now; a
    /// message set since is left alone.
    pub(super) fn check_status(&mut self) {
        let Some((claim, message)) = &self.status_claim else { return };
        if self.status != *message {
            self.status_claim = None;
        } else if !claim.holds(&self.ws, &self.view) {
            self.status = claim.now(&self.ws, &self.view);
            // A count stays a claim: it is counted again as the project changes.
            self.status_claim = match claim {
                Claim::Summary(_) => Some((Claim::Summary(self.ws.summary()), self.status.clone())),
                _ => None,
            };
        }
    }
}

impl Studio {
    /// Carries out an arena command; a match it starts (or replays) is said in the
    /// status bar for as long as it is the arena's, in the command's words or, when it
    /// had none, the match's own.
    pub(super) fn apply_arena_said(&mut self, c: crate::gui::command::ArenaCommand) {
        let (before, said) = (self.view.shadow.arena.billing.clone(), self.status.clone());
        self.apply_arena(c);
        let Some(b) = self.view.shadow.arena.billing.clone().filter(|b| Some(b) != before.as_ref()) else { return };
        let message = if self.status == said { b.headline() } else { self.status.clone() };
        self.status_while(Claim::Match(b), message);
    }
}
