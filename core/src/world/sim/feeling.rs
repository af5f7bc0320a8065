//! The drives filling the desires each turn (SPEC §2): `drive = Σ S(θᵢ, vᵢ)`, then one
//! step of growth or decay.
//!
//! Most inputs hold still from one turn to the next, so a turn does only the work its
//! changes call for, and every answer is the one the plain sum would give, bit for bit:
//! - a desire none of whose inputs changed keeps last turn's drive;
//! - a source whose input did not change keeps its sigmoid ([`Felt`]);
//! - a desire whose drive did not change keeps its growth per turn ([`Growth`]).
//!
//! What a lesson, a reload or a new phase changes (thresholds, steepness, the active
//! desires) is not tracked: they make the whole memory stale, and the next turn works
//! every drive out afresh.

use super::{INPUTS, Sim};
use crate::mind::desire::{Felt, Growth};
use crate::names::Desire;

// Which inputs changed in a turn is one bit per input.
const _: () = assert!(INPUTS <= 64, "one bit per input");

/// What the drives remember between turns: a cache, never frozen into snapshots.
#[derive(Clone, Debug)]
pub(super) struct Feeling {
    /// Each source's last sigmoid, in the order of `Tables::desires[d].first_source`.
    felt: Vec<Felt>,
    /// Each desire's last growth per turn.
    growth: Vec<Growth>,
    /// The inputs the drives were last worked out from.
    inputs: [f64; INPUTS],
    /// True when the next turn must work out every drive afresh.
    stale: bool,
}

impl Feeling {
    /// Nothing remembered, for desires with `sources` sources in all.
    pub(super) fn new(sources: usize) -> Feeling {
        Feeling {
            felt: vec![Felt::UNSET; sources],
            growth: vec![Growth::UNSET; Desire::COUNT],
            inputs: [f64::NAN; INPUTS],
            stale: true,
        }
    }

    /// Forgets every drive: the desires' thresholds may have been taught.
    pub(super) fn taught(&mut self) {
        self.stale = true;
    }

    /// The inputs that changed since the last turn, one bit each; all of them when stale.
    fn changed(&mut self, inputs: &[f64; INPUTS]) -> u64 {
        // One pass compares and remembers, rather than a second copy of every input.
        let mut changed = 0u64;
        for (i, (now, was)) in inputs.iter().zip(&mut self.inputs).enumerate() {
            changed |= u64::from(now.to_bits() != was.to_bits()) << i;
            *was = *now;
        }
        if std::mem::take(&mut self.stale) { u64::MAX } else { changed }
    }
}

impl Sim {
    /// The drives of the active desires fill them (SPEC §2).
    pub(super) fn feel(&mut self) {
        let k = self.data.steepness;
        let feeling = &mut self.feeling;
        let changed = feeling.changed(&self.inputs);
        // Drives first, then growth: the divisions of one desire's step need not wait
        // for the next desire's exponentials.
        for &d in &self.active {
            let rt = &self.tables.desires[d];
            if changed == u64::MAX || rt.reads & changed != 0 {
                let felt = &mut feeling.felt[rt.first_source..rt.first_source + rt.sources.len()];
                self.drives[d] = rt
                    .sources
                    .iter()
                    .zip(&self.creature.desires[d].thresholds)
                    .zip(felt)
                    .map(|((&src, &th), f)| f.sigmoid(th, self.inputs[src], k))
                    .sum();
            }
        }
        for &d in &self.active {
            let state = &mut self.creature.desires[d];
            let decay = self.tables.desires[d].decay;
            state.value = feeling.growth[d].step(state.value, self.drives[d], state.increase_seconds, decay, state.max);
        }
    }
}
