//! What changed in a creature: phase, liking, traits, desires' parameters, opinions
//! and trees (SPEC §21's JSON).

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Pair, TreeDiff, arrow, changed};
use crate::creature::{Creature, DesireState};
use crate::names::{Species, Trait};
use crate::species::template::TreeKind;

/// The creature's parts that differ; empty when the two are alike.
#[derive(Serialize, Clone, Debug, PartialEq, Default)]
pub struct CreatureDiff {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub species: Option<Pair<Species>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase: Option<Pair<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub liking: Option<Pair<f64>>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub traits: BTreeMap<String, Pair<f64>>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub desires: BTreeMap<String, DesireDiff>,
    /// Opinions by action; an action one side has no opinion of reads 0.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub opinions: BTreeMap<String, Pair<f64>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub trees: Vec<TreeDiff>,
}

/// One desire's parameters that differ.
#[derive(Serialize, Clone, Debug, PartialEq, Default)]
pub struct DesireDiff {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub increase_seconds: Option<Pair<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thresholds: Option<Pair<Vec<f64>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<Pair<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Pair<f64>>,
}

pub(super) fn diff(a: &Creature, b: &Creature, attributes: &[String]) -> CreatureDiff {
    let mut d = CreatureDiff {
        species: changed(&a.species, &b.species),
        phase: changed(&a.phase, &b.phase),
        liking: changed(&a.liking, &b.liking),
        ..CreatureDiff::default()
    };
    for t in Trait::ALL {
        if let Some(p) = changed(&a.traits.get(*t), &b.traits.get(*t)) {
            d.traits.insert(t.field().to_owned(), p);
        }
    }
    for (da, db) in a.desires.iter().zip(&b.desires) {
        let one = desire(da, db);
        if one != DesireDiff::default() {
            d.desires.insert(da.name.name().to_owned(), one);
        }
    }
    let actions: std::collections::BTreeSet<&String> = a.opinions.keys().chain(b.opinions.keys()).collect();
    for action in actions {
        let of = |c: &Creature| c.opinions.get(action).copied().unwrap_or(0.0);
        if let Some(p) = changed(&of(a), &of(b)) {
            d.opinions.insert(action.clone(), p);
        }
    }
    for (ta, tb) in a.trees.iter().zip(&b.trees) {
        for kind in [TreeKind::Activity, TreeKind::ActOn] {
            let (ea, eb) = (&ta.get(kind).examples, &tb.get(kind).examples);
            d.trees.extend(TreeDiff::of(ta.desire, kind, ea, eb, attributes));
        }
    }
    d
}

fn desire(a: &DesireState, b: &DesireState) -> DesireDiff {
    DesireDiff {
        increase_seconds: changed(&a.increase_seconds, &b.increase_seconds),
        thresholds: changed(&a.thresholds, &b.thresholds),
        max: changed(&a.max, &b.max),
        value: changed(&a.value, &b.value),
    }
}

impl CreatureDiff {
    pub(super) fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some((x, y)) = self.species {
            out.push(format!("species: {x} → {y}"));
        }
        if let Some((x, y)) = self.phase {
            out.push(format!("phase: {x} → {y}"));
        }
        if let Some(p) = &self.liking {
            out.push(format!("liking: {}", arrow(p)));
        }
        for (t, p) in &self.traits {
            out.push(format!("trait {t}: {}", arrow(p)));
        }
        for (name, d) in &self.desires {
            let numbers = [("increase_seconds", &d.increase_seconds), ("max", &d.max), ("value", &d.value)];
            out.push(format!("{name}: {}", super::number_parts(&numbers, &d.thresholds).join("; ")));
        }
        for (action, p) in &self.opinions {
            out.push(format!("opinion of {action}: {}", arrow(p)));
        }
        out.extend(self.trees.iter().map(TreeDiff::line));
        out
    }
}
