//! A training gauntlet played in the arena (SPEC §20): its banks fought weakest first, a
//! win moving the player up, a loss letting them try again, and the progress kept in
//! the project's progress file (read and written by core, through the studio's shadow
//! handler: nothing here touches a file).

use std::path::{Path, PathBuf};

use creature_shadow::gauntlet::Gauntlet;
use creature_shadow::gauntlet_progress::{GauntletProgress, Standing};

/// The gauntlet open in the arena and where the player stands in it.
pub struct GauntletRun {
    /// The gauntlet file.
    pub path: PathBuf,
    pub gauntlet: Gauntlet,
    /// The project folder, where the progress is kept.
    root: PathBuf,
    /// The gauntlet's key in the progress file.
    key: String,
    progress: GauntletProgress,
    /// The bank (position in the gauntlet) the running match is fought against.
    pub fighting: Option<usize>,
    /// A bank was beaten since the progress was last saved.
    unsaved: bool,
}

impl GauntletRun {
    /// The gauntlet at `path`, as read, with the progress of the project in `root`.
    pub fn new(path: &Path, gauntlet: Gauntlet, root: &Path, progress: GauntletProgress) -> GauntletRun {
        GauntletRun {
            key: GauntletProgress::key(root, path),
            path: path.to_path_buf(),
            gauntlet,
            root: root.to_path_buf(),
            progress,
            fighting: None,
            unsaved: false,
        }
    }

    /// The progress to save and the project folder it is kept in, once after each bank
    /// beaten.
    pub fn progress_to_save(&mut self) -> Option<(&GauntletProgress, &Path)> {
        std::mem::take(&mut self.unsaved).then_some((&self.progress, self.root.as_path()))
    }

    /// Where the player stands.
    pub fn standing(&self) -> Standing {
        self.progress.standing(&self.key, &self.gauntlet)
    }

    /// The banks' files, weakest first.
    pub fn bank_paths(&self) -> Vec<PathBuf> {
        self.gauntlet.bank_paths(&self.path)
    }

    /// The bank's name as the gauntlet lists it.
    pub fn name(&self, i: usize) -> String {
        self.gauntlet.banks[i].file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    }

    /// "Gauntlet: 3 of 7 — zoner.bank.ron", or that it is beaten.
    pub fn headline(&self) -> String {
        let n = self.gauntlet.banks.len();
        match self.standing().next {
            Some(i) => format!("Gauntlet: {} of {n} — {}", i + 1, self.name(i)),
            None => format!("Gauntlet: all {n} beaten"),
        }
    }

    /// The match against bank `fighting` ended; `won` says whether the player won. A win
    /// marks the bank beaten, the progress to be saved ([`GauntletRun::progress_to_save`]).
    /// Returns what to tell the player.
    pub fn settle(&mut self, won: bool) -> Option<String> {
        let i = self.fighting.take()?;
        if !won {
            return Some(format!("Lost to {}: fight it again to move up", self.name(i)));
        }
        self.progress.beat(&self.key, &self.gauntlet.banks[i]);
        self.unsaved = true;
        Some(format!("Beat {}. {}", self.name(i), self.headline()))
    }
}
