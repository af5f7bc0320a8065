//! When a run's verdict is known before its end (SPEC §16, §22): a count that only grows
//! can no longer fail once it reaches its `min` (with no `max`), and can no longer hold
//! once it passes its `max`. A trial that needs only its verdict, or its verdict and the
//! final reading of each failed expectation, ends there rather than living its whole
//! `seconds`.

use super::file::{Counted, Expect};
use super::measure::{Measured, Observed, Seen};

/// When a run may end before its last turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Lives the whole run.
    AtEnd,
    /// Ends once every expectation's reading is final: each measured at its turn, or a
    /// count known to hold. A failed expectation keeps the reading the whole run gives
    /// it (what a search weighs), and the verdict is the whole run's.
    Settled,
    /// Ends once the verdict is known: every expectation settled and holding, or one that
    /// can no longer hold (then the outcome holds only the expectations read so far).
    Verdict,
}

/// Whether `e`, not yet measured, can no longer fail (`Some(true)`) or no longer hold
/// (`Some(false)`) whatever the rest of the run does: a count of plans started or of
/// releases only grows until it is measured.
pub(super) fn known_early(seen: &Seen<'_>, e: &Expect) -> Option<bool> {
    let counts =
        matches!(e, Expect::Plans { .. } | Expect::Count { of: Counted::Plans { .. } | Counted::Lessons { .. }, .. });
    if !counts {
        return None;
    }
    let Observed::Number(counted) = seen.observe(e) else { return None };
    let (min, max) = e.bounds()?;
    if max.is_some_and(|m| counted > m) {
        return Some(false);
    }
    (max.is_none() && min.is_some_and(|m| counted >= m)).then_some(true)
}

/// The expectations' readings after this turn's, and whether the run may end now under
/// `stop`: `measured` gets the reading of each expectation known early (re-measured at
/// its own turn if the run goes on, to the same verdict). `quiet` is true when no input
/// is left to fire (one refused later would fail the run) and no expectation waits for
/// an event.
pub(super) fn may_end(
    stop: Stop,
    seen: &Seen<'_>,
    expect: &[Expect],
    measured: &mut [Option<Measured>],
    waits_for_events: &[bool],
    inputs_left: bool,
) -> bool {
    if stop == Stop::AtEnd {
        return false;
    }
    let mut all_known = true;
    let mut failed = false;
    for (i, e) in expect.iter().enumerate() {
        if let Some(m) = &measured[i] {
            failed |= !m.passed;
            continue;
        }
        let early = if waits_for_events[i] { None } else { known_early(seen, e) };
        match early {
            Some(true) => measured[i] = Some(seen.measure(i, e)),
            Some(false) if stop == Stop::Verdict => {
                measured[i] = Some(seen.measure(i, e));
                return true;
            }
            _ => all_known = false,
        }
    }
    match stop {
        Stop::AtEnd => false,
        // A failure read in full is the run's verdict whatever the inputs left do.
        Stop::Settled => all_known && (failed || !inputs_left),
        Stop::Verdict => failed || (all_known && !inputs_left),
    }
}
