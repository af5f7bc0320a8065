//! The drives filling the desires each turn (SPEC §2): `drive = Σ S(θᵢ, vᵢ)`, then one
//! step of growth or decay.
//!
//! Most inputs hold still from one turn to the next, so a turn does only the work its
//! changes call for, and every answer is the one the plain sum would give, bit for bit:
//! - a desire none of whose inputs changed keeps last turn's drive: the desires to sum
//!   again are found from the inputs that changed, each with the desires that read it,
//!   one bit per desire, and the inactive desires are never walked;
//! - a source whose input did not change keeps its sigmoid;
//! - a desire whose drive did not change keeps its growth per turn ([`Growth`]).
//!
//! What a lesson, a reload or a new phase changes (thresholds, steepness, the active
//! desires) is not tracked: they make the whole memory stale ([`Feeling::taught`], or a
//! new `Feeling`), and the next turn works every drive out afresh.

use super::table_rows::DesireRt;
use super::{INPUTS, Sim};
use crate::mind::desire::{Growth, sigmoid};
use crate::names::Desire;

// Which inputs changed in a turn is one bit per input, and which desires read them one
// bit per desire.
const _: () = assert!(INPUTS <= 64, "one bit per input");
const _: () = assert!(Desire::COUNT <= 64, "one bit per desire");

/// What the drives remember between turns: a cache, never frozen into snapshots.
#[derive(Clone, Debug)]
pub(super) struct Feeling {
    /// Each source's last sigmoid, in the order of `Tables::desires[d].first_source`.
    felt: Vec<f64>,
    /// Each desire's last growth per turn.
    growth: Vec<Growth>,
    /// The inputs the drives were last worked out from.
    inputs: [f64; INPUTS],
    /// True when the next turn must work out every drive afresh.
    stale: bool,
    /// Which desires are active, by desire index.
    active: [bool; Desire::COUNT],
    /// The active desires, one bit each by their place in the tables (set when the
    /// memory is stale: the tables change only with a new `Feeling`).
    on: u64,
    /// Per input, the active desires that read it, one bit each by their place.
    readers: [u64; INPUTS],
}

impl Feeling {
    /// Nothing remembered, for desires with `sources` sources in all, of which those
    /// with the indices `active` are active.
    pub(super) fn new(sources: usize, active: &[usize]) -> Feeling {
        let mut on = [false; Desire::COUNT];
        for &d in active {
            if let Some(on) = on.get_mut(d) {
                *on = true;
            }
        }
        Feeling {
            felt: vec![0.0; sources],
            growth: vec![Growth::UNSET; Desire::COUNT],
            inputs: [f64::NAN; INPUTS],
            stale: true,
            active: on,
            on: 0,
            readers: [0; INPUTS],
        }
    }

    /// Whether desire `d` is active.
    pub(super) fn active(&self, d: usize) -> bool {
        self.active.get(d).copied().unwrap_or(false)
    }

    /// Forgets every drive: the desires' thresholds may have been taught.
    pub(super) fn taught(&mut self) {
        self.stale = true;
    }

    /// Lists the active desires of `desires` (the tables' rows, each with a creature's
    /// desire beside it) and, per input, those that read it.
    fn list_readers(&mut self, desires: &[DesireRt]) {
        self.on = 0;
        self.readers = [0; INPUTS];
        for (p, (rt, &on)) in desires.iter().zip(&self.active).enumerate() {
            if !on {
                continue;
            }
            self.on |= 1 << p;
            for (i, readers) in self.readers.iter_mut().enumerate() {
                if (rt.reads >> i) & 1 != 0 {
                    *readers |= 1 << p;
                }
            }
        }
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

    /// The active desires that read an input of `changed`, one bit each by their place.
    fn due(&self, changed: u64) -> u64 {
        if changed == u64::MAX {
            return self.on;
        }
        let mut due = 0;
        let mut rest = changed;
        while rest != 0 {
            due |= self.readers[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        due
    }
}

/// The places of the bits set in `bits`, lowest first.
fn places(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let p = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            p
        })
    })
}

impl Sim {
    /// The drives of the active desires fill them (SPEC §2).
    pub(super) fn feel(&mut self) {
        let k = self.data.steepness;
        let feeling = self.kept.feeling();
        // The lists cut to one length, which every desire's place is checked against
        // once, rather than each list at each use.
        let n = self.tables.desires.len().min(self.creature.desires.len());
        let n = n.min(self.life.read.drives.len()).min(feeling.growth.len());
        let desires = &self.tables.desires[..n];
        if feeling.stale {
            feeling.list_readers(desires);
        }
        let changed = feeling.changed(&self.life.read.inputs);
        let (due, on) = (feeling.due(changed), feeling.on);
        let inputs = &self.life.read.inputs;
        let states = &mut self.creature.desires[..n];
        let (drives, growth) = (&mut self.life.read.drives[..n], &mut feeling.growth[..n]);
        // Drives first, then growth: the divisions of one desire's step need not wait
        // for the next desire's exponentials.
        for p in places(due) {
            let (Some(rt), Some(state), Some(drive)) = (desires.get(p), states.get(p), drives.get_mut(p)) else {
                break;
            };
            let felt = &mut feeling.felt[rt.first_source..rt.first_source + rt.sources.len()];
            *drive = rt
                .sources
                .iter()
                .zip(&state.thresholds)
                .zip(felt)
                .map(|((&src, &th), f)| {
                    // The input's bit says whether the sigmoid is kept: the threshold
                    // moves only with a lesson, which makes everything stale.
                    if (changed >> src) & 1 != 0 {
                        *f = sigmoid(th, inputs[src], k);
                    }
                    *f
                })
                .sum();
        }
        for p in places(on) {
            let (Some(rt), Some(state), Some(&drive), Some(growth)) =
                (desires.get(p), states.get_mut(p), drives.get(p), growth.get_mut(p))
            else {
                break;
            };
            state.value = growth.step(state.value, drive, state.increase_seconds, rt.decay, state.max);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::mind::desire::sigmoid;
    use crate::mind::hand::Slap;
    use crate::world::sim::{Act, village_cow};

    /// Every active desire's drive, kept from turn to turn, is the plain sum of its
    /// sources' sigmoids of this turn's inputs, bit for bit, through a grown Cow's hours
    /// in the bundled village (most desires active, the body and the clock drifting,
    /// slaps and strokes moving thresholds now and then).
    #[test]
    fn kept_drives_are_the_plain_sums_every_turn() {
        let mut sim = village_cow(5);
        sim.set_phase(5);
        let mut recomputed = 0;
        let mut taught = 0;
        for turn in 0..40_000 {
            // Now and then a slap or a stroke teaches the plan under way, moving the
            // thresholds of its desire's sources.
            if turn % 3_000 == 1_500 && sim.plan().is_some() {
                let touch = if turn % 6_000 == 1_500 { Act::Slap(Slap::Hard) } else { Act::Stroke };
                for event in [Act::Hold, touch, Act::Release] {
                    sim.apply(&event).expect("the hand can touch the creature");
                }
                taught += 1;
            }
            let phase = sim.creature.phase;
            sim.step();
            // A phase moving on at the end of a turn turns desires on whose drives the
            // next turn works out.
            if sim.creature.phase != phase {
                continue;
            }
            let k = sim.data.steepness;
            for &d in &sim.life.planning.active {
                let rt = &sim.tables.desires[d];
                let thresholds = &sim.creature.desires[d].thresholds;
                let plain: f64 = rt
                    .sources
                    .iter()
                    .zip(thresholds)
                    .map(|(&src, &th)| sigmoid(th, sim.life.read.inputs[src], k))
                    .sum();
                assert_eq!(sim.life.read.drives[d].to_bits(), plain.to_bits(), "turn {turn}, desire {d}");
                recomputed += usize::from(plain != 0.0);
            }
        }
        assert!(recomputed > 100_000, "only {recomputed} drives above zero were checked");
        assert!(taught >= 5, "only {taught} lessons were taught");
    }
}
