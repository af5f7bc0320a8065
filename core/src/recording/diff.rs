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
        for (da, db) in sa.creature().desires.iter().zip(&sb.creature().desires) {
            let gap = (da.value - db.value).abs();
            let e = desires.entry(da.name).or_insert(DesireDiff { max_abs: 0.0, at: 0.0 });
            if gap > e.max_abs {
                *e = DesireDiff { max_abs: gap, at: seconds(turn) };
            }
        }
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

/// True when what can be seen of the two creatures is the same: SPEC §16's STATE (the
/// trees compared only where examples may have changed) and the generator, which tells
/// apart runs that will part later.
fn same(a: &Sim, b: &Sim, learnt: bool) -> bool {
    let (ca, cb) = (a.creature(), b.creature());
    let bits = |s: &Sim| s.creature().desires.iter().map(|d| d.value.to_bits()).collect::<Vec<_>>();
    a.position() == b.position()
        && ca.phase == cb.phase
        && ca.liking.to_bits() == cb.liking.to_bits()
        && bits(a) == bits(b)
        && ca.opinions == cb.opinions
        && a.plan().map(|p| (p.desire, p.action, p.object)) == b.plan().map(|p| (p.desire, p.action, p.object))
        && a.summary().lessons == b.summary().lessons
        && (!learnt || ca.trees == cb.trees)
        && a.rng() == b.rng()
}

/// Plans started at a turn in one recording and not in the other, each way.
fn plan_difference(a: &Recording, b: &Recording) -> (usize, usize) {
    let plans = |r: &Recording| {
        let mut m: BTreeMap<(u64, String), usize> = BTreeMap::new();
        for e in &r.events {
            if let Happening::Plan { desire, action, object, target, .. } = &e.what {
                *m.entry((e.turn, format!("{desire}|{action}|{object}|{target}"))).or_default() += 1;
            }
        }
        m
    };
    let (pa, pb) = (plans(a), plans(b));
    let only = |x: &BTreeMap<(u64, String), usize>, y: &BTreeMap<(u64, String), usize>| {
        x.iter().map(|(k, n)| n.saturating_sub(y.get(k).copied().unwrap_or(0))).sum()
    };
    (only(&pa, &pb), only(&pb, &pa))
}
