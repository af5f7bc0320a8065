//! The preview's breakpoints (SPEC §19): conditions that pause the running preview at
//! the turn they fire. Each is written as a condition, reads as a sentence, can be
//! switched off, and the list is kept in the project's `breakpoints.ron`, so that it is
//! there when the studio opens the project again.

use std::path::Path;
use std::sync::Arc;

use creature_core::cond::{Cond, WatchSet};
use creature_core::debugger_files::KeptBreakpoint;
use creature_core::error::LoadError;
use creature_core::recording::Recorder;
use creature_core::world::sim::{Event, Sim};

/// The file beside `studio.ron` that keeps a project's breakpoints.
pub use creature_core::debugger_files::BREAKPOINTS_FILE as FILE;

/// One breakpoint: its condition as written, read, and whether it is on.
#[derive(Clone, Debug)]
pub struct Breakpoint {
    pub text: String,
    pub cond: Cond,
    pub on: bool,
    /// The condition as a sentence, worked out once: a hit names it.
    sentence: Arc<str>,
}

/// Where a breakpoint fired: the turn, and which one.
#[derive(Clone, Debug, PartialEq)]
pub struct Hit {
    pub turn: u64,
    pub index: usize,
    /// The breakpoint as a sentence, as it read when it fired.
    pub what: Arc<str>,
}

/// The breakpoints of a project.
#[derive(Clone, Debug, Default)]
pub struct Breakpoints {
    list: Vec<Breakpoint>,
    /// The last hit, until the preview runs on.
    pub hit: Option<Hit>,
    /// What was wrong with the kept list when it was read.
    pub problems: Vec<LoadError>,
    /// Counts the changes to the list, so that hits found for an older list are found again.
    changed: u64,
    /// Every hit over a recorded run, with what it was found for: the run (as its
    /// owner names it) and the list's change count.
    found: Option<((RunKey, u64), Vec<Hit>)>,
    /// The breakpoints that are on, each under its place in the list.
    watches: WatchSet,
}

/// What names one recorded run to the breakpoints' hits: its turns, its inputs and
/// reloads, its events, and how many times the run was forked or switched.
pub type RunKey = (u64, usize, usize, u64);

impl Breakpoints {
    #[must_use]
    pub fn list(&self) -> &[Breakpoint] {
        &self.list
    }

    /// Whether any breakpoint is on: only then does the preview look at every turn.
    #[must_use]
    pub fn any_on(&self) -> bool {
        !self.watches.is_empty()
    }

    /// Adds the condition `text`, checked against what the preview runs; a bad one is
    /// refused with its column.
    pub fn add(&mut self, text: &str, sim: &Sim) -> Result<(), LoadError> {
        let cond = Cond::parse(text, sim.data(), sim.world())?;
        self.watches.insert(self.list.len(), cond.clone());
        let sentence = cond.describe().into();
        self.list.push(Breakpoint { text: text.trim().to_owned(), cond, on: true, sentence });
        self.listed();
        Ok(())
    }

    pub fn set_on(&mut self, i: usize, on: bool) {
        if let Some(b) = self.list.get_mut(i) {
            b.on = on;
            // Switched on again, it starts looking afresh.
            self.watches.remove(i, false);
            if on {
                self.watches.insert(i, b.cond.clone());
            }
        }
        self.listed();
    }

    pub fn remove(&mut self, i: usize) {
        if i < self.list.len() {
            self.list.remove(i);
            self.watches.remove(i, true);
            self.listed();
        }
    }

    /// The list changed: hits found before are found again.
    fn listed(&mut self) {
        self.changed += 1;
    }

    /// Every turn of the recorded run at which a breakpoint that is on fires, in turn
    /// order (at one turn, in the list's order), as last found; empty until found.
    #[must_use]
    pub fn hits(&self) -> &[Hit] {
        self.found.as_ref().map_or(&[], |(_, hits)| hits.as_slice())
    }

    /// Finds the hits over the run `rec` (named `run`) again, when the run or the list
    /// changed since they were last found: each breakpoint that is on plays the
    /// recording through once (`Recorder::find`).
    pub fn find_hits(&mut self, rec: &Recorder, run: RunKey) {
        let key = (run, self.changed);
        if self.found.as_ref().is_some_and(|(k, _)| *k == key) {
            return;
        }
        let mut hits = Vec::new();
        for (index, b) in self.list.iter().enumerate().filter(|(_, b)| b.on) {
            let turns = rec.find(&b.cond).unwrap_or_default();
            hits.extend(turns.into_iter().map(|turn| Hit { turn, index, what: Arc::clone(&b.sentence) }));
        }
        hits.sort_by_key(|h| (h.turn, h.index));
        self.found = Some((key, hits));
    }

    /// Shows every breakpoint that is on the turn that left `sim` as it is, with its
    /// events; returns the first that fired, which is also kept as [`Breakpoints::hit`].
    pub fn check(&mut self, sim: &Sim, events: &[Event]) -> Option<&Hit> {
        if self.fired(sim, events) { self.hit.as_ref() } else { None }
    }

    /// [`Breakpoints::check`], saying only whether one fired: looked at every turn of
    /// a run, inlined into its loop.
    #[inline(always)]
    pub fn fired(&mut self, sim: &Sim, events: &[Event]) -> bool {
        match self.watches.first_fired(sim, events) {
            Some(first) => self.fire(sim, first),
            None => false,
        }
    }

    /// Breakpoint `first` fired on the turn that left `sim` as it is: kept as the hit.
    #[inline(never)]
    fn fire(&mut self, sim: &Sim, first: usize) -> bool {
        let Some(b) = self.list.get(first) else { return false };
        self.hit = Some(Hit { turn: sim.turns(), index: first, what: Arc::clone(&b.sentence) });
        true
    }

    /// The project's breakpoints, from `breakpoints.ron` in `root` when it has one; a
    /// kept condition the project no longer allows is left out, with why.
    pub fn load(root: &Path, sim: &Sim) -> Breakpoints {
        let path = root.join(FILE);
        let mut out = Breakpoints::default();
        if !path.is_file() {
            return out;
        }
        let file = path.display().to_string();
        let kept = match creature_core::file_reader::read_text(&path)
            .and_then(|text| creature_core::debugger_files::parse_breakpoints(&file, &text))
        {
            Ok(k) => k,
            Err(e) => {
                out.problems.push(e);
                return out;
            }
        };
        let mut problems = Vec::new();
        for k in kept {
            match out.add(&k.when, sim) {
                Ok(()) => out.set_on(out.list.len() - 1, k.on),
                Err(e) => problems.push(LoadError::whole_file(&file, format!("`{}`: {}", k.when, e.message))),
            }
        }
        out.problems = problems;
        out
    }

    /// Writes the list into `breakpoints.ron` in `root`, through the one writer.
    pub fn save(&self, root: &Path) -> Result<creature_core::debugger_files::Written, String> {
        let kept: Vec<KeptBreakpoint> =
            self.list.iter().map(|b| KeptBreakpoint { when: b.text.clone(), on: b.on }).collect();
        creature_core::debugger_files::write_breakpoints(root, &kept)
    }
}
