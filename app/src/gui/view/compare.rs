//! The comparison's state: which run the preview's run is compared with (one of its
//! branches, or a recording file), and what was worked out from the two (their desire
//! curves and their diff), kept until either run changes.

use std::path::PathBuf;

use creature_core::names::Desire;
use creature_core::recording::{Diff, Recorder, Sample, diff};
use creature_core::watched::Watched;
use creature_workspace::Workspace;

/// Samples per curve at most: enough for a plot, cheap to work out.
const SAMPLES: u64 = 300;

/// What the preview's run is compared with.
#[derive(Clone, Debug)]
pub enum Other {
    Branch(usize),
    File(PathBuf, Box<Recorder>),
}

/// The desire values of a run over time: (seconds, one value per desire).
pub type Curves = Vec<(f64, Vec<f64>)>;

/// Both runs taken apart.
#[derive(Clone, Debug)]
pub struct Compared {
    /// The two runs' lengths in turns (the preview's rounded up to a snapshot period
    /// while it runs), to know when they changed.
    key: (u64, u64, usize, Vec<String>),
    pub a: Curves,
    pub b: Curves,
    /// The project's watches over each run, sampled as the curves are.
    pub watched_a: Vec<Sample>,
    pub watched_b: Vec<Sample>,
    pub diff: Diff,
    /// The desires that differ most, most first.
    pub desires: Vec<Desire>,
}

#[derive(Default)]
pub struct CompareUi {
    pub other: Option<Other>,
    pub result: Option<Result<Compared, String>>,
    /// A tree whose examples differ, shown for both runs side by side.
    pub tree: Option<(Desire, creature_core::species::data::TreeKind)>,
}

/// The other run's recorder, if any.
pub fn other_recorder<'a>(ws: &'a Workspace, other: &'a Other) -> Option<&'a Recorder> {
    match other {
        Other::Branch(i) => ws.preview.as_ref()?.branches.get(*i).map(|b| &b.rec),
        Other::File(_, r) => Some(r.as_ref()),
    }
}

/// A tree as indented lines: each question with its answers, each leaf its verdict.
pub fn tree_lines(tree: &creature_core::mind::tree::Tree) -> Vec<String> {
    let mut out = Vec::new();
    if tree.is_empty() {
        out.push("no examples: every object is unknown".to_owned());
        return out;
    }
    let mut stack = vec![(0usize, 0usize, String::new())];
    while let Some((n, depth, answer)) = stack.pop() {
        let Some(node) = tree.nodes.get(n) else { continue };
        let pad = "    ".repeat(depth);
        let head = if answer.is_empty() { String::new() } else { format!("{answer} ➡ ") };
        match &node.question {
            Some(q) => out.push(format!("{pad}{head}{q}? ({} ex)", node.len())),
            None => out.push(format!("{pad}{head}{:+.2} ({} ex)", node.verdict, node.len())),
        }
        for (a, c) in node.branches.iter().rev() {
            if *c > n {
                stack.push((*c, depth + 1, a.clone()));
            }
        }
    }
    out
}

/// Samples a run's desires at evenly spaced turns, from its recording.
fn curves(rec: &Recorder) -> Result<Curves, String> {
    let all: Vec<Watched> = Desire::ALL.iter().map(|d| Watched::Desire(*d)).collect();
    let samples = rec.sample(&all, SAMPLES)?;
    Ok(samples.into_iter().map(|(_, t, v)| (t, v.into_iter().map(|x| x.unwrap_or(0.0)).collect())).collect())
}

impl CompareUi {
    /// Brings the comparison up to date with the preview's run and the other one.
    pub fn sync(&mut self, ws: &Workspace) {
        let Some(p) = ws.preview.as_ref() else {
            self.result = None;
            return;
        };
        let b = match &self.other {
            None => {
                self.result = None;
                return;
            }
            Some(Other::Branch(i)) => match p.branches.get(*i) {
                Some(b) => &b.rec,
                None => {
                    self.other = None;
                    self.result = None;
                    return;
                }
            },
            Some(Other::File(_, r)) => r.as_ref(),
        };
        let id = match &self.other {
            Some(Other::Branch(i)) => *i,
            _ => usize::MAX,
        };
        // Replaying both runs is not a per-frame job: while the preview runs, the
        // comparison is worked out again once per snapshot period (10 simulated s);
        // paused, at once.
        let turns = p.sim().turns();
        let period = creature_core::recording::SNAPSHOT_TURNS;
        let head = if p.speed > 0.0 && p.scrubbed().is_none() { turns.div_ceil(period) * period } else { turns };
        let watches: Vec<String> = ws.watches.list().iter().map(|w| w.text.clone()).collect();
        let key = (head, b.sim().turns(), id, watches);
        if self.result.as_ref().is_some_and(|r| r.as_ref().is_ok_and(|c| c.key == key)) {
            return;
        }
        let a = p.recorder();
        let result = (|| {
            let d = diff(a, b)?;
            let mut desires: Vec<(Desire, f64)> = d.desires.iter().map(|(k, v)| (*k, v.max_abs)).collect();
            let (ca, cb) = (curves(a)?, curves(b)?);
            if desires.is_empty() {
                // Nothing differs while both run: show what was felt most in either.
                let peak = |i: usize| ca.iter().chain(&cb).map(|(_, v)| v[i]).fold(0.0, f64::max);
                desires = Desire::ALL.iter().map(|d| (*d, peak(d.index()))).filter(|(_, p)| *p > 0.0).collect();
            }
            desires.sort_by(|x, y| y.1.total_cmp(&x.1));
            let watched: Vec<Watched> = ws.watches.list().iter().map(|w| w.watched.clone()).collect();
            let (watched_a, watched_b) = if watched.is_empty() {
                (Vec::new(), Vec::new())
            } else {
                (a.sample(&watched, SAMPLES)?, b.sample(&watched, SAMPLES)?)
            };
            let desires = desires.into_iter().map(|(k, _)| k).take(4).collect();
            Ok(Compared { key, a: ca, b: cb, watched_a, watched_b, diff: d, desires })
        })();
        self.result = Some(result);
    }
}
