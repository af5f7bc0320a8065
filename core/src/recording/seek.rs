//! Seeking (SPEC §17): the simulation at any recorded turn, from the nearest snapshot at
//! or before it, run forward with the recorded inputs and reloads. Equal to the straight
//! run at that turn, to the bit.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::changes::{Parsed, apply_parsed};
use super::format::{Change, Recording};
use super::snapshot::restore;
use crate::species::data::Data;
use crate::world::sim::{Act, Sim};

/// The turn of simulated second `seconds` in a recording of `end` turns.
///
/// # Errors
/// A second that is not a number, before 0 or after the end.
pub fn turn_of_seconds(seconds: f64, end: u64) -> Result<u64, String> {
    let t = seconds * crate::mind::desire::TURNS_PER_SECOND;
    // Checked against the end, a u64 count of turns: the cast cannot wrap.
    if seconds.is_finite() && t.round() >= 0.0 && t.round() <= end as f64 {
        Ok(t.round() as u64)
    } else {
        Err(format!("{seconds} s is outside the recording, which runs from 0 to {} s", end as f64 / 10.0))
    }
}

/// The species data in effect after the first `applied` changes.
pub(super) fn data_after(start: &Arc<Data>, parsed: &BTreeMap<usize, Parsed>, applied: usize) -> Arc<Data> {
    parsed
        .range(..applied)
        .rev()
        .find_map(|(_, p)| match p {
            Parsed::Data(d) => Some(Arc::clone(d)),
            _ => None,
        })
        .unwrap_or_else(|| Arc::clone(start))
}

/// The simulation at `turn` and how many changes it has taken, from the nearest
/// snapshot at or before it, or from `from` (a simulation earlier in the same run and
/// its count of changes) when that is nearer.
pub(super) fn replay(
    rec: &Recording,
    start: &Arc<Data>,
    parsed: &BTreeMap<usize, Parsed>,
    from: Option<(Sim, usize)>,
    turn: u64,
) -> Result<(Sim, usize), String> {
    if turn > rec.turns {
        return Err(format!("turn {turn} is past the recording's end at turn {}", rec.turns));
    }
    let at = rec.snapshots.partition_point(|s| s.turn <= turn);
    let at = at.checked_sub(1).ok_or("the recording has no snapshot at turn 0")?;
    let snap = &rec.snapshots[at];
    let (mut sim, mut applied) = match from {
        Some((sim, applied)) if sim.turns() <= turn && sim.turns() >= snap.turn => (sim, applied),
        _ => {
            if snap.applied > rec.changes.len() {
                return Err(format!("the snapshot of turn {} counts changes the recording lacks", snap.turn));
            }
            let mut sim = restore(&rec.snapshots, at, data_after(start, parsed, snap.applied))?;
            reforce(rec, snap.applied, &mut sim);
            (sim, snap.applied)
        }
    };
    advance(rec, parsed, &mut sim, &mut applied, turn);
    Ok((sim, applied))
}

/// Gives `sim`, thawed after the first `applied` changes, the verdicts those changes
/// forced and did not let go: a forced verdict is the link's and not frozen.
pub(super) fn reforce(rec: &Recording, applied: usize, sim: &mut Sim) {
    for c in rec.changes.iter().take(applied) {
        if let Change::Input(act @ (Act::Force { .. } | Act::Unforce { .. })) = &c.what {
            // One refused when it was given is refused again.
            drop(sim.apply(act));
        }
    }
}

/// Does to `sim`, which has taken `applied` of the recording's changes, those due at
/// its turn.
pub(super) fn apply_due(rec: &Recording, parsed: &BTreeMap<usize, Parsed>, sim: &mut Sim, applied: &mut usize) {
    while let Some(c) = rec.changes.get(*applied).filter(|c| c.turn <= sim.turns()) {
        match &c.what {
            // Refused inputs were recorded as tried; replaying refuses them again.
            Change::Input(i) => drop(sim.apply(i)),
            Change::Reload(_) => {
                if let Some(p) = parsed.get(applied) {
                    apply_parsed(sim, p);
                }
            }
        }
        *applied += 1;
    }
}

/// Runs `sim`, which has taken `applied` of the recording's changes, on to `turn`: the
/// changes due at its turn first, then a step and the changes of the next turn, and so
/// on.
pub(super) fn advance(
    rec: &Recording,
    parsed: &BTreeMap<usize, Parsed>,
    sim: &mut Sim,
    applied: &mut usize,
    turn: u64,
) {
    loop {
        apply_due(rec, parsed, sim, applied);
        sim.take_events();
        if sim.turns() >= turn {
            return;
        }
        sim.step();
    }
}
