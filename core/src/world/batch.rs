//! Many newborns at once: how birth variation (SPEC §3: each trait ±0.1) spreads
//! behaviour. Each newborn lives alone in its own copy of the village, seeded from the
//! batch seed and its number, so the batch gives the same answer on any number of
//! threads; the newborns run in parallel with rayon.

use std::collections::BTreeMap;
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;

use crate::names::{Desire, Species, Trait};
pub use crate::shard::Shard;
use crate::species::data::Data;
use crate::world::file::WorldFile;
use crate::world::sim::{Setting, Sim};

/// A distribution over the newborns: extremes, 10th/50th/90th percentiles (nearest
/// rank) and mean.
#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    pub min: f64,
    pub p10: f64,
    pub median: f64,
    pub p90: f64,
    pub max: f64,
    pub mean: f64,
}

impl Spread {
    /// The spread of `values` (all zero when there are none).
    #[must_use]
    pub fn of(values: &[f64]) -> Spread {
        if values.is_empty() {
            return Spread { min: 0.0, p10: 0.0, median: 0.0, p90: 0.0, max: 0.0, mean: 0.0 };
        }
        let mut v = values.to_vec();
        v.sort_by(f64::total_cmp);
        let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
        Spread {
            min: v[0],
            p10: at(0.1),
            median: at(0.5),
            p90: at(0.9),
            max: v[v.len() - 1],
            mean: v.iter().sum::<f64>() / v.len() as f64,
        }
    }
}

/// How one desire came out across the batch.
#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
pub struct DesireSpread {
    /// The desire's value at the end.
    #[serde(rename = "final")]
    pub end: Spread,
    /// Seconds spent carrying out its plans.
    pub seconds: Spread,
}

/// The batch report: per desire, per trait, and plans started.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct BatchReport {
    pub species: Species,
    pub newborns: usize,
    pub seconds: f64,
    pub turns: u64,
    pub desires: BTreeMap<Desire, DesireSpread>,
    pub traits: BTreeMap<&'static str, Spread>,
    pub plans: Spread,
}

/// What one newborn's life came to: the row of a per-newborn export (SPEC §18).
#[derive(Clone, Debug, PartialEq)]
pub struct Life {
    /// Its index in the batch.
    pub newborn: usize,
    /// The seed it was born and run with ([`newborn_seed`]).
    pub seed: u64,
    /// Each desire's value at the end, in [`Desire::ALL`] order.
    pub end: Vec<f64>,
    /// Simulated seconds its plans for each desire were active, in [`Desire::ALL`] order.
    pub seconds: Vec<f64>,
    /// Its traits at birth, in [`Trait::ALL`] order.
    pub traits: Vec<f64>,
    /// Plans it started.
    pub plans: f64,
}

/// Runs newborn `i` of a batch seeded `seed` in `setting`, the batch's world: the same
/// life whichever shard or thread runs it.
#[must_use]
pub fn life(data: &Arc<Data>, species: Species, setting: &Setting, i: usize, turns: u64, seed: u64, phase: u8) -> Life {
    let seed = newborn_seed(seed, i);
    let mut sim = Sim::newborn_in(Arc::clone(data), species, seed, setting);
    sim.set_phase(phase);
    sim.run(turns);
    let c = sim.creature();
    Life {
        newborn: i,
        seed,
        end: c.desires.iter().map(|d| d.value).collect(),
        seconds: sim.seconds_per_desire().to_vec(),
        traits: Trait::ALL.iter().map(|t| c.traits.get(*t)).collect(),
        plans: sim.summary().plans as f64,
    }
}

/// Runs the newborns of `shard` out of a batch of `newborns`, on all cores, and returns
/// their lives in index order.
#[must_use]
#[allow(clippy::too_many_arguments)]
pub fn lives(
    data: &Arc<Data>,
    species: Species,
    world: &WorldFile,
    newborns: usize,
    shard: Shard,
    turns: u64,
    seed: u64,
    phase: u8,
) -> Vec<Life> {
    let step = shard.of.max(1);
    let setting = Setting::new(data, world.clone());
    (shard.index.min(newborns)..newborns)
        .into_par_iter()
        .step_by(step)
        .map(|i| life(data, species, &setting, i, turns, seed, phase))
        .collect()
}

/// How many threads a batch runs on.
#[must_use]
pub fn threads() -> usize {
    rayon::current_num_threads()
}

/// The seed of newborn `i` of a batch seeded `seed`.
#[must_use]
pub fn newborn_seed(seed: u64, i: usize) -> u64 {
    seed.wrapping_add(i as u64)
}

/// Runs `newborns` newborns of `species` for `turns` turns each in `world`, at
/// development phase `phase`, on all cores (SPEC §1: each is deterministic, so the
/// report is too).
#[must_use]
pub fn run(
    data: &Arc<Data>,
    species: Species,
    world: &WorldFile,
    newborns: usize,
    turns: u64,
    seed: u64,
    phase: u8,
) -> BatchReport {
    let lives = lives(data, species, world, newborns, Shard::ALL, turns, seed, phase);
    let column = |f: &dyn Fn(&Life) -> f64| Spread::of(&lives.iter().map(f).collect::<Vec<_>>());
    let desires = Desire::ALL
        .iter()
        .map(|d| {
            let i = d.index();
            (*d, DesireSpread { end: column(&|l| l.end[i]), seconds: column(&|l| l.seconds[i]) })
        })
        .collect();
    let traits = Trait::ALL.iter().enumerate().map(|(i, t)| (t.field(), column(&|l| l.traits[i]))).collect();
    BatchReport {
        species,
        newborns,
        seconds: turns as f64 / crate::mind::desire::TURNS_PER_SECOND,
        turns,
        desires,
        traits,
        plans: column(&|l| l.plans),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_uses_nearest_ranks() {
        let v: Vec<f64> = (0..=10).map(f64::from).collect();
        let s = Spread::of(&v);
        assert_eq!((s.min, s.p10, s.median, s.p90, s.max, s.mean), (0.0, 1.0, 5.0, 9.0, 10.0, 5.0));
        let s = Spread::of(&[3.0]);
        assert_eq!((s.min, s.median, s.max), (3.0, 3.0, 3.0));
        assert_eq!(Spread::of(&[]).max, 0.0);
    }
}
