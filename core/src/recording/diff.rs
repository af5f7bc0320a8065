//! Comparing two recordings (SPEC §17 `recording diff`): both are played turn by turn
//! from the turn at which they may first part, each from its own snapshot; the first
//! turn at which what can be seen of the creature differs, how far apart each desire
//! got and when, the plans only one of them started, their lessons, and the trees whose
//! examples differ at the end.

use std::collections::BTreeMap;

use serde::Serialize;

use super::format::{Change, Happening, Recording};
use super::recorder::Recorder;
use super::seek::{advance, replay};
use crate::mind::desire::TURNS_PER_SECOND;
use crate::names::Desire;
use crate::species::data::TreeKind;
use crate::world::sim::Sim;

/// How far apart one desire got, and when (simulated seconds).
#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
pub struct DesireDiff {
    pub max_abs: f64,
    pub at: f64,
}

/// Plans started in one recording and not at the same turn in the other.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlanDiff {
    pub only_a: usize,
    pub only_b: usize,
}

/// Lessons (releases of the hand) in each.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonCounts {
    pub a: usize,
    pub b: usize,
}

/// A tree whose examples differ at the end.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeDiff {
    pub desire: Desire,
    pub tree: TreeKind,
}

/// What differs between two recordings (SPEC §17), listing only what differs.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Diff {
    /// The first simulated second at which they differ; `None` when they never do.
    pub first_difference: Option<f64>,
    pub desires: BTreeMap<Desire, DesireDiff>,
    pub plans: PlanDiff,
    pub lessons: LessonCounts,
    pub trees: Vec<TreeDiff>,
}

/// Compares two recordings.
///
/// # Errors
/// A first snapshot that does not restore.
pub fn diff(a: &Recorder, b: &Recorder) -> Result<Diff, String> {
    let (ra, rb) = (a.recording(), b.recording());
    let end = ra.turns.min(rb.turns);
    // Before this turn the two runs are the same to the bit, so comparing starts there,
    // each from its own snapshot: a recording diffed with itself, or with a fork of it,
    // is not played from its start.
    let from = same_until(ra, rb).map_or(end, |t| t.min(end));
    let (mut sa, mut applied_a) = replay(ra, &a.start_data, &a.parsed, None, from)?;
    let (mut sb, mut applied_b) = replay(rb, &b.start_data, &b.parsed, None, from)?;
    let mut first_difference = None;
    let mut desires: BTreeMap<Desire, DesireDiff> = BTreeMap::new();
    let (learn_a, learn_b) = (learning_turns(ra), learning_turns(rb));
    for turn in from..=end {
        advance(ra, &a.parsed, &mut sa, &mut applied_a, turn);
        advance(rb, &b.parsed, &mut sb, &mut applied_b, turn);
        let pairs = sa.creature().desires.iter().zip(&sb.creature().desires);
        widen(&mut desires, seconds(turn), pairs.map(|(da, db)| (da.name, da.value, db.value)));
        if first_difference.is_none() {
            let learnt = learn_a.binary_search(&turn).is_ok() || learn_b.binary_search(&turn).is_ok();
            if !same(&sa, &sb, learnt) {
                first_difference = Some(seconds(turn));
            }
        }
    }
    if first_difference.is_none() && ra.turns != rb.turns {
        first_difference = Some(seconds(end + 1));
    }
    desires.retain(|_, d| d.max_abs > 0.0);
    // The longer one's end, for its trees: from its last snapshot when that is nearer.
    let (sa, _) = replay(ra, &a.start_data, &a.parsed, Some((sa, applied_a)), ra.turns)?;
    let (sb, _) = replay(rb, &b.start_data, &b.parsed, Some((sb, applied_b)), rb.turns)?;
    let trees = sa
        .creature()
        .trees
        .iter()
        .zip(&sb.creature().trees)
        .flat_map(|(ta, tb)| {
            [(TreeKind::Activity, &ta.activity, &tb.activity), (TreeKind::ActOn, &ta.acton, &tb.acton)]
                .into_iter()
                .filter(|(_, x, y)| x.examples != y.examples)
                .map(|(tree, ..)| TreeDiff { desire: ta.desire, tree })
        })
        .collect();
    let (only_a, only_b) = plan_difference(ra, rb);
    let lessons = |r: &Recording| r.events.iter().filter(|e| matches!(e.what, Happening::Lesson { .. })).count();
    Ok(Diff {
        first_difference,
        desires,
        plans: PlanDiff { only_a, only_b },
        lessons: LessonCounts { a: lessons(ra), b: lessons(rb) },
        trees,
    })
}

fn seconds(turn: u64) -> f64 {
    turn as f64 / TURNS_PER_SECOND
}

/// The first turn at which two recordings may differ: that of the first change in which
/// they part, when they start alike (the same species data and the same first
/// snapshot, which holds the creature, the world and the generator); `None` when one's
/// changes are the other's. A run is its start and its changes, so until then the two
/// are one run.
fn same_until(a: &Recording, b: &Recording) -> Option<u64> {
    if a.start.species != b.start.species || a.snapshots.first() != b.snapshots.first() {
        return Some(0);
    }
    let common = a.changes.iter().zip(&b.changes).take_while(|(x, y)| x == y).count();
    match (a.changes.get(common), b.changes.get(common)) {
        (None, None) => None,
        (x, y) => Some(x.map_or(u64::MAX, |c| c.turn).min(y.map_or(u64::MAX, |c| c.turn))),
    }
}

/// The turns at which the creature's examples may have changed: lessons and reloads.
fn learning_turns(r: &Recording) -> Vec<u64> {
    let mut turns: Vec<u64> = r
        .events
        .iter()
        .filter(|e| matches!(e.what, Happening::Lesson { .. }))
        .map(|e| e.turn)
        .chain(r.changes.iter().filter(|c| matches!(c.what, Change::Reload(_))).map(|c| c.turn))
        .collect();
    turns.sort_unstable();
    turns.dedup();
    turns
}

/// Keeps in `desires` how far apart each desire got and when: `pairs` are each desire's
/// values in the two runs at `at` seconds, and a gap wider than the widest so far is
/// kept with its time.
pub(super) fn widen(
    desires: &mut BTreeMap<Desire, DesireDiff>,
    at: f64,
    pairs: impl Iterator<Item = (Desire, f64, f64)>,
) {
    for (d, a, b) in pairs {
        let gap = (a - b).abs();
        let e = desires.entry(d).or_insert(DesireDiff { max_abs: 0.0, at: 0.0 });
        if gap > e.max_abs {
            *e = DesireDiff { max_abs: gap, at };
        }
    }
}

/// What can be seen of a creature at a moment, as a simulation and as a link's `state`
/// tell it: where it is, its phase, liking, desires and plan.
pub(super) trait Seen {
    fn place(&self) -> Option<[f64; 2]>;
    fn phase(&self) -> u8;
    fn liking(&self) -> f64;
    fn desire_bits(&self) -> Vec<u64>;
    /// The plan under way: its desire, action and object.
    fn plan_words(&self) -> Option<[String; 3]>;
}

impl Seen for Sim {
    fn place(&self) -> Option<[f64; 2]> {
        let (x, y) = self.position();
        Some([x, y])
    }
    fn phase(&self) -> u8 {
        self.creature().phase
    }
    fn liking(&self) -> f64 {
        self.creature().liking
    }
    fn desire_bits(&self) -> Vec<u64> {
        self.creature().desires.iter().map(|d| d.value.to_bits()).collect()
    }
    fn plan_words(&self) -> Option<[String; 3]> {
        self.plan().map(|p| [p.desire.name().to_owned(), p.action, p.object])
    }
}

/// True when what can be seen of two creatures is the same, to the bit.
pub(super) fn same_seen(a: &impl Seen, b: &impl Seen) -> bool {
    a.place() == b.place()
        && a.phase() == b.phase()
        && a.liking().to_bits() == b.liking().to_bits()
        && a.desire_bits() == b.desire_bits()
        && a.plan_words() == b.plan_words()
}

/// True when what can be seen of the two creatures is the same: SPEC §16's STATE (the
/// trees compared only where examples may have changed) and the generator, which tells
/// apart runs that will part later.
fn same(a: &Sim, b: &Sim, learnt: bool) -> bool {
    let (ca, cb) = (a.creature(), b.creature());
    same_seen(a, b)
        && ca.opinions == cb.opinions
        && a.summary().lessons == b.summary().lessons
        && (!learnt || ca.trees == cb.trees)
        && a.rng() == b.rng()
}

/// Plans started at a turn in one recording and not in the other, each way.
fn plan_difference(a: &Recording, b: &Recording) -> (usize, usize) {
    let plans = |r: &Recording| {
        plans_started(r.events.iter().filter_map(|e| match &e.what {
            Happening::Plan { desire, action, object, target, .. } => {
                Some((e.turn, format!("{desire}|{action}|{object}|{target}")))
            }
            _ => None,
        }))
    };
    only_each_way(&plans(a), &plans(b))
}

/// Plans started, each (turn, what it is), counted by turn and what.
pub(super) type PlansStarted = BTreeMap<(u64, String), usize>;

/// `started` (turn, what) counted.
pub(super) fn plans_started(started: impl Iterator<Item = (u64, String)>) -> PlansStarted {
    let mut m = PlansStarted::new();
    for key in started {
        *m.entry(key).or_default() += 1;
    }
    m
}

/// How many plans only `a` started at their turn, and only `b`.
pub(super) fn only_each_way(a: &PlansStarted, b: &PlansStarted) -> (usize, usize) {
    let only = |x: &PlansStarted, y: &PlansStarted| -> usize {
        x.iter().map(|(k, n)| n.saturating_sub(y.get(k).copied().unwrap_or(0))).sum()
    };
    (only(a, b), only(b, a))
}
