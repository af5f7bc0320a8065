//! The character of the 17 species (SPEC §3): how soon each inborn trait fills its
//! desire, for the species report and the editor. A species file's types and its
//! parsing are on the floor below, in [`crate::species`].

use std::collections::BTreeMap;

use serde::Serialize;

use crate::mind::desire::time_to_full;
use crate::names::{Desire, Species, Trait};
use crate::reads::Reads;
use crate::species::data::Data;
use crate::species::{SpeciesDef, Traits, trait_desire};

impl SpeciesDef {
    /// The increase time of desire `d` for this species (its override or the default).
    pub fn increase_seconds(&self, data: &Data, d: Desire) -> f64 {
        self.increase_overrides.get(&d).copied().unwrap_or(data.desire(d).increase_seconds)
    }

    /// Time to full of the desire that `t` pushes, from the trait's source alone
    /// with default parameters (SPEC §2, §3); `None` when its drive is zero, as for a
    /// disconnected aggression.
    pub fn trait_time_to_full(&self, data: &Data, t: Trait) -> Option<f64> {
        self.time_to_full_with(data, t, self.traits.get(t))
    }

    /// Like [`Self::trait_time_to_full`] for a trait value other than the species'.
    pub fn time_to_full_with(&self, data: &Data, t: Trait, value: f64) -> Option<f64> {
        if t == Trait::Aggression && !self.aggression_connected {
            return None;
        }
        let d = trait_desire(t);
        let def = data.desire(d);
        let source = def.sources.iter().find(|s| s.reads == Reads::of_trait(t))?;
        time_to_full(def.max, self.increase_seconds(data, d), source.threshold, value, data.steepness)
    }
}

/// One species' row of the species report (SPEC §15).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct ReportRow {
    pub name: Species,
    pub traits: Traits,
    /// Seconds, keyed by the desire each trait pushes; `None` when its drive is zero.
    pub time_to_full: BTreeMap<Desire, Option<f64>>,
    pub miracle_multiplier: f64,
}

/// The species report: for each species, how soon each trait alone fills its desire.
pub fn report(data: &Data) -> Vec<ReportRow> {
    data.species
        .iter()
        .map(|s| ReportRow {
            name: s.name,
            traits: s.traits,
            time_to_full: Trait::ALL.iter().map(|t| (trait_desire(*t), s.trait_time_to_full(data, *t))).collect(),
            miracle_multiplier: s.miracle_multiplier,
        })
        .collect()
}
