//! Forks (SPEC §17): a new run from a recorded turn. The new recording holds the old one
//! up to that turn, so it seeks anywhere in either part; after it, the run either fires
//! the recorded inputs at their turns (to see what changed data does to the same
//! story) or takes only what comes live (to play on from a point: undoing a slap is
//! seeking back before it and playing on). The old recorder is left as it was, a
//! branch of its own.

use std::collections::{BTreeMap, VecDeque};

use super::format::{Change, Recording, Reload, Timed};
use super::recorder::Recorder;
use crate::error::{LoadError, LoadResult};

/// What a fork does with the recorded inputs after its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Future {
    /// Fires them at their turns as the new run reaches them.
    Keep,
    /// Drops them: the new run goes on with live inputs only.
    Drop,
}

impl Recorder {
    /// A new recorder at `turn`, holding this recording up to it (with the changes of
    /// that turn), and the recorded inputs after it if `future` keeps them. Reloads after
    /// the turn are not kept: a fork is about the data it runs on.
    ///
    /// # Errors
    /// A turn past the end, or a snapshot that does not restore.
    pub fn fork(&mut self, turn: u64, future: Future) -> Result<Recorder, String> {
        let sim = self.seek(turn)?;
        let kept = self.rec.changes.partition_point(|c| c.turn <= turn);
        let rec = Recording {
            seed: self.rec.seed,
            start: self.rec.start.clone(),
            turns: turn,
            changes: self.rec.changes[..kept].to_vec(),
            snapshots: self.rec.snapshots.iter().filter(|s| s.turn <= turn).cloned().collect(),
            events: self.rec.events.iter().filter(|e| e.turn <= turn).cloned().collect(),
            bookmarks: self.rec.bookmarks.iter().filter(|b| b.turn <= turn).cloned().collect(),
        };
        let packer = super::snapshot::Packer::following(&rec.snapshots)?;
        let pending: VecDeque<_> = match future {
            Future::Keep => self.rec.changes[kept..]
                .iter()
                .filter_map(|c| match &c.what {
                    Change::Input(i) => Some(Timed { turn: c.turn, what: i.clone() }),
                    Change::Reload(_) => None,
                })
                .collect(),
            Future::Drop => VecDeque::new(),
        };
        let parsed: BTreeMap<_, _> = self.parsed.range(..kept).map(|(k, v)| (*k, v.clone())).collect();
        Ok(Recorder {
            rec,
            sim,
            start_data: std::sync::Arc::clone(&self.start_data),
            parsed,
            pending,
            forward: self.forward,
            fresh: Vec::new(),
            cache: None,
            packer,
        })
    }

    /// A fork at `turn` keeping the recorded inputs, running on changed files from that
    /// turn on (each recorded as a reload at the turn).
    ///
    /// # Errors
    /// A turn outside the recording, or a changed file that does not load.
    pub fn fork_with(&mut self, turn: u64, future: Future, changed: Vec<Reload>) -> LoadResult<Recorder> {
        let mut fork = self.fork(turn, future).map_err(|m| vec![LoadError::whole_file("recording", m)])?;
        for r in changed {
            fork.reload(r)?;
        }
        Ok(fork)
    }

    /// Runs on to turn `end`.
    pub fn run_to(&mut self, end: u64) {
        while self.sim.turns() < end {
            self.step();
        }
    }
}
