//! The debugger's watches: values followed over the whole recorded run of the preview
//! (a desire, a drive, an opinion, the liking, an object's score by a tree, the hand's
//! total). The list is kept in the project's `watches.ron` through the one reader and
//! writer; the values are sampled from the recording, again only when the run changed.

use std::path::Path;

use creature_core::error::LoadError;
use creature_core::recording::{Recorder, SNAPSHOT_TURNS, Sample};
use creature_core::watched::Watched;
use creature_core::world::sim::Sim;

use crate::breakpoints::RunKey;

/// The file beside `studio.ron` that keeps a project's watches.
pub use creature_core::debugger_files::WATCHES_FILE as FILE;

/// Runs up to five simulated minutes are sampled every second; longer ones at their
/// snapshot turns.
pub(crate) const FINE_TURNS: u64 = 3000;
pub(crate) const FINE_STEP: u64 = 10;

/// One watch: as written, and read.
#[derive(Clone, Debug)]
pub struct WatchItem {
    pub text: String,
    pub watched: Watched,
}

/// The project's watches and their values over the run.
#[derive(Clone, Debug, Default)]
pub struct Watches {
    list: Vec<WatchItem>,
    /// Counts the changes to the list, so that values sampled for an older list go.
    changed: u64,
    /// The values over the run, with what they were sampled for and the turns between
    /// samples.
    sampled: Option<((RunKey, u64), u64, Vec<Sample>)>,
    /// What was wrong with the kept list when it was read.
    pub problems: Vec<LoadError>,
}

impl Watches {
    #[must_use]
    pub fn list(&self) -> &[WatchItem] {
        &self.list
    }

    /// Adds the watch `text`, checked against what the preview runs; a bad one is
    /// refused with its column.
    pub fn add(&mut self, text: &str, sim: &Sim) -> Result<(), LoadError> {
        let watched = Watched::parse(text, sim.data(), sim.world())?;
        self.list.push(WatchItem { text: text.trim().to_owned(), watched });
        self.changed += 1;
        Ok(())
    }

    pub fn remove(&mut self, i: usize) {
        if i < self.list.len() {
            self.list.remove(i);
            self.changed += 1;
        }
    }

    /// Each sample's second and the watches' values there, as last sampled.
    #[must_use]
    pub fn values(&self) -> &[Sample] {
        self.sampled.as_ref().map_or(&[], |(_, _, v)| v.as_slice())
    }

    /// Samples the watches over the run `rec` (named `run`) every second for the first
    /// five minutes, then at every snapshot turn, and at the newest turn, when the run
    /// or the list changed since. A run that only went on (not forked or switched, the
    /// same list) is sampled from where it was: the snapshot turns restore without
    /// replay, so following a long run costs a restore per ten simulated seconds.
    pub fn sample(&mut self, rec: &mut Recorder, run: RunKey) -> Result<(), String> {
        let key = (run, self.changed);
        let step = if run.0 <= FINE_TURNS { FINE_STEP } else { SNAPSHOT_TURNS };
        if self.list.is_empty() {
            self.sampled = Some((key, step, Vec::new()));
            return Ok(());
        }
        let mut values = match self.sampled.take() {
            Some((old, was, v)) if old == key => {
                self.sampled = Some((old, was, v));
                return Ok(());
            }
            // The same run, gone on: keep what was sampled up to its last regular turn.
            Some(((old, changed), was, mut v))
                if changed == self.changed && old.3 == run.3 && old.0 <= run.0 && was == step =>
            {
                v.retain(|s| s.0 % step == 0);
                v
            }
            _ => Vec::new(),
        };
        let from = values.last().map_or(0, |s| s.0 + step);
        let end = run.0;
        let turns = (from..end).step_by(usize::try_from(step).unwrap_or(1)).chain([end]);
        let watched: Vec<Watched> = self.list.iter().map(|w| w.watched.clone()).collect();
        values.extend(rec.sample_at(&watched, turns)?);
        self.sampled = Some((key, step, values));
        Ok(())
    }

    /// The project's watches, from `watches.ron` in `root` when it has one; a kept watch
    /// the project no longer allows is left out, with why.
    pub fn load(root: &Path, sim: &Sim) -> Watches {
        let path = root.join(FILE);
        let mut out = Watches::default();
        if !path.is_file() {
            return out;
        }
        let file = path.display().to_string();
        let kept = match creature_core::file_reader::read_text(&path)
            .and_then(|t| creature_core::debugger_files::parse_watches(&file, &t))
        {
            Ok(k) => k,
            Err(e) => {
                out.problems.push(e);
                return out;
            }
        };
        for text in kept {
            if let Err(e) = out.add(&text, sim) {
                out.problems.push(LoadError::whole_file(&file, format!("`{text}`: {}", e.message)));
            }
        }
        out
    }

    /// Writes the list into `watches.ron` in `root`, through the one writer.
    pub fn save(&self, root: &Path) -> Result<creature_core::debugger_files::Written, String> {
        let kept: Vec<&str> = self.list.iter().map(|w| w.text.as_str()).collect();
        creature_core::debugger_files::write_watches(root, &kept)
    }
}
