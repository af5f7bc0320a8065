//! The comparison's state: which run the preview's run (or the game's) is compared with
//! (one of the preview's branches, a recording file, a game's creature's run live or
//! saved), and what was worked out from the two (their desire curves and their diff),
//! kept until either run changes. Two recordings are compared by the recording diff; a
//! game's run, which holds only states, by the same rules on what the states say
//! (`creature_core::recording::state_diff`).

use std::path::PathBuf;

use creature_core::link::run_file::SavedRun;
use creature_core::names::Desire;
use creature_core::recording::state_diff::{SeenRun, StatesDiff, diff_states};
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
    /// The run of the attached (or opened) game's creature of this id.
    Game(u32),
    /// A game's run saved in a file: its first creature's.
    SavedRun(PathBuf, Box<SavedRun>),
}

/// The run compared: the preview's, or the game's creature's of this id.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum This {
    #[default]
    Preview,
    Game(u32),
}

/// Two runs compared by what their states say, one of them a game's.
#[derive(Clone, Debug)]
pub struct ComparedStates {
    /// How far each run went and which two they are, to know when they changed.
    key: (u64, u64, String),
    pub a: Curves,
    pub b: Curves,
    pub diff: StatesDiff,
    /// The desires that differ most, most first.
    pub desires: Vec<Desire>,
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
    /// The run compared: the preview's unless a game's is picked.
    pub this: This,
    pub other: Option<Other>,
    pub result: Option<Result<Compared, String>>,
    /// The comparison when either run is a game's.
    pub states: Option<Result<ComparedStates, String>>,
    /// A tree whose examples differ, shown for both runs side by side.
    pub tree: Option<(Desire, creature_core::species::data::TreeKind)>,
}

/// The other run's recorder, if any.
pub fn other_recorder<'a>(ws: &'a Workspace, other: &'a Other) -> Option<&'a Recorder> {
    match other {
        Other::Branch(i) => ws.preview.as_ref()?.branches.get(*i).map(|b| &b.rec),
        Other::File(_, r) => Some(r.as_ref()),
        Other::Game(_) | Other::SavedRun(..) => None,
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
    /// Whether either run is a game's, compared by what their states say.
    pub fn of_states(&self) -> bool {
        self.this != This::Preview || matches!(self.other, Some(Other::Game(_) | Other::SavedRun(..)))
    }

    /// Brings the comparison up to date with the preview's run and the other one.
    pub fn sync(&mut self, ws: &Workspace) {
        if self.of_states() {
            self.result = None;
            self.sync_states(ws);
            return;
        }
        self.states = None;
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
            Some(Other::Game(_) | Other::SavedRun(..)) => return,
        };
        let id = match &self.other {
            Some(Other::Branch(i)) => *i,
            _ => usize::MAX,
        };
        let head = preview_head(p);
        let watches: Vec<String> = ws.watches.list().iter().map(|w| w.text.clone()).collect();
        let key = (head, b.sim().turns(), id, watches);
        if self.result.as_ref().is_some_and(|r| r.as_ref().is_ok_and(|c| c.key == key)) {
            return;
        }
        let a = p.recorder();
        let result = (|| {
            let d = diff(a, b)?;
            let (ca, cb) = (curves(a)?, curves(b)?);
            let desires = most_apart(d.desires.iter().map(|(k, v)| (*k, v.max_abs)).collect(), &ca, &cb);
            let watched: Vec<Watched> = ws.watches.list().iter().map(|w| w.watched.clone()).collect();
            let (watched_a, watched_b) = if watched.is_empty() {
                (Vec::new(), Vec::new())
            } else {
                (a.sample(&watched, SAMPLES)?, b.sample(&watched, SAMPLES)?)
            };
            Ok(Compared { key, a: ca, b: cb, watched_a, watched_b, diff: d, desires })
        })();
        self.result = Some(result);
    }
}

/// The desires to plot, at most four: those that got furthest apart (`apart`, desire and
/// widest gap), most first; when none did, those felt most in either run.
fn most_apart(mut apart: Vec<(Desire, f64)>, a: &Curves, b: &Curves) -> Vec<Desire> {
    if apart.is_empty() {
        // Nothing differs while both run: show what was felt most in either.
        let peak = |i: usize| a.iter().chain(b).map(|(_, v)| v.get(i).copied().unwrap_or(0.0)).fold(0.0, f64::max);
        apart = Desire::ALL.iter().map(|d| (*d, peak(d.index()))).filter(|(_, p)| *p > 0.0).collect();
    }
    apart.sort_by(|x, y| y.1.total_cmp(&x.1));
    apart.into_iter().map(|(k, _)| k).take(4).collect()
}

/// How far the preview's run has gone, for the comparison's key. Replaying both runs is
/// not a per-frame job: while the preview runs, the comparison is worked out again once
/// per snapshot period (10 simulated s); paused, at once.
fn preview_head(p: &creature_workspace::live_preview::LivePreview) -> u64 {
    let turns = p.sim().turns();
    let period = creature_core::recording::SNAPSHOT_TURNS;
    if p.speed > 0.0 && p.scrubbed().is_none() { turns.div_ceil(period) * period } else { turns }
}

/// The newest state's number of the game's creature `id` (rounded up to a hundred
/// states, ten seconds at the editor's rate, while the game runs on), or none.
fn game_head(ws: &Workspace, id: u32) -> Option<u64> {
    let game = ws.game.as_ref()?;
    let (_, last) = game.run.span(id)?;
    Some(if game.attached() { (last + 1).div_ceil(100) * 100 } else { last })
}

/// The game's creature `id`'s run told as states.
fn game_seen(ws: &Workspace, id: u32) -> Result<SeenRun, String> {
    let game = ws.game.as_ref().ok_or("No game: attach to one, or open a saved run, in the Game panel")?;
    if game.run.span(id).is_none() {
        return Err(format!("The game has said nothing yet of creature {id}"));
    }
    Ok(SeenRun::of_states(game.run.states(id).map(|(_, s)| s.clone()).collect()))
}

/// A run's desire curves, at most [`SAMPLES`] points of them.
fn thinned(run: &SeenRun) -> Curves {
    let curves = creature_core::recording::state_diff::curves(run);
    let every = (curves.len() / SAMPLES as usize).max(1);
    let last = curves.len().saturating_sub(1);
    curves.into_iter().enumerate().filter(|(i, _)| i % every == 0 || *i == last).map(|(_, c)| c).collect()
}

impl CompareUi {
    /// How far each run has gone and which two they are: the key the comparison of
    /// states is kept under.
    fn states_key(&self, ws: &Workspace) -> Option<(u64, u64, String)> {
        let preview = ws.preview.as_ref();
        let a = match self.this {
            This::Preview => preview_head(preview?),
            This::Game(id) => game_head(ws, id)?,
        };
        let (b, which) = match self.other.as_ref()? {
            Other::Branch(i) => (preview?.branches.get(*i)?.rec.sim().turns(), format!("branch {i}")),
            Other::File(path, r) => (r.sim().turns(), path.display().to_string()),
            Other::Game(id) => (game_head(ws, *id)?, format!("game {id}")),
            Other::SavedRun(path, s) => {
                (s.creatures.first().map_or(0, |c| c.states.len() as u64), path.display().to_string())
            }
        };
        Some((a, b, format!("{:?} with {which}", self.this)))
    }

    /// The two runs told as states.
    fn seen_runs(&self, ws: &Workspace) -> Result<(SeenRun, SeenRun), String> {
        let preview = || ws.preview.as_ref().ok_or_else(|| "Compare needs the preview running.".to_owned());
        let a = match self.this {
            This::Preview => preview()?.recorder().seen_run(SAMPLES)?,
            This::Game(id) => game_seen(ws, id)?,
        };
        let b = match self.other.as_ref() {
            None => return Err("Pick the other run".into()),
            Some(Other::Branch(i)) => {
                let b = preview()?.branches.get(*i).ok_or("That branch is gone")?;
                b.rec.seen_run(SAMPLES)?
            }
            Some(Other::File(_, r)) => r.seen_run(SAMPLES)?,
            Some(Other::Game(id)) => game_seen(ws, *id)?,
            Some(Other::SavedRun(path, s)) => {
                let c = s.creatures.first().ok_or_else(|| format!("{} holds no creature", path.display()))?;
                SeenRun::of_states(c.states.clone())
            }
        };
        Ok((a, b))
    }

    /// Brings the comparison of states up to date with both runs.
    fn sync_states(&mut self, ws: &Workspace) {
        if self.other.is_none() {
            self.states = None;
            return;
        }
        let key = self.states_key(ws);
        if let (Some(key), Some(Ok(c))) = (&key, &self.states)
            && &c.key == key
        {
            return;
        }
        let Some(key) = key else {
            self.states = Some(Err("One of the two runs has nothing to compare yet".into()));
            return;
        };
        self.states = Some(self.seen_runs(ws).map(|(a, b)| {
            let diff = diff_states(&a, &b);
            let (ca, cb) = (thinned(&a), thinned(&b));
            let desires = most_apart(diff.desires.iter().map(|(k, v)| (*k, v.max_abs)).collect(), &ca, &cb);
            ComparedStates { key, a: ca, b: cb, diff, desires }
        }));
    }
}
