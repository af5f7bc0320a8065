//! What changed in species data: the desires' parameters, the actions, attributes and
//! phases, each species' traits and increase times, and the default examples' trees.

use std::collections::BTreeMap;

use serde::Serialize;

use super::{Pair, TreeDiff, arrow, changed};
use crate::names::Trait;
use crate::species::SpeciesDef;
use crate::species::data::{Data, DesireDef};
use crate::species::template::{TemplateTree, TreeKind};

/// The species data's parts that differ; empty when the two are alike.
#[derive(Serialize, Clone, Debug, PartialEq, Default)]
pub struct SpeciesDiff {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steepness: Option<Pair<f64>>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub desires: BTreeMap<String, DesireDefDiff>,
    /// Actions by name: added, removed, or changed (category, seconds, skill).
    #[serde(skip_serializing_if = "Names::is_empty")]
    pub actions: Names,
    #[serde(skip_serializing_if = "Names::is_empty")]
    pub attributes: Names,
    /// The phases (by number) whose abilities or advance differ.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub phases: Vec<usize>,
    #[serde(skip_serializing_if = "Names::is_empty")]
    pub kinds: Names,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub species: BTreeMap<String, SpeciesDefDiff>,
    /// The default examples' trees (the template's, and each species' own).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub trees: Vec<TreeDiff>,
}

/// Names only in B (added), only in A (removed), and in both but unlike.
#[derive(Serialize, Clone, Debug, PartialEq, Default)]
pub struct Names {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub added: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changed: Vec<String>,
}

impl Names {
    fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty()
    }

    fn of<T: PartialEq>(a: &[T], b: &[T], name: impl Fn(&T) -> String) -> Names {
        let find = |list: &[T], n: &str| list.iter().position(|x| name(x) == n);
        let mut out = Names::default();
        for x in a {
            match find(b, &name(x)) {
                None => out.removed.push(name(x)),
                Some(j) if b[j] != *x => out.changed.push(name(x)),
                Some(_) => {}
            }
        }
        out.added = b.iter().filter(|y| find(a, &name(y)).is_none()).map(&name).collect();
        out
    }

    fn line(&self, what: &str) -> Option<String> {
        let mut parts = Vec::new();
        for (sign, list) in [("+", &self.added), ("−", &self.removed), ("~", &self.changed)] {
            if !list.is_empty() {
                parts.push(format!("{sign}{}", list.join(&format!(" {sign}"))));
            }
        }
        (!parts.is_empty()).then(|| format!("{what}: {}", parts.join(" ")))
    }
}

/// One desire's definition: the parameters that differ.
#[derive(Serialize, Clone, Debug, PartialEq, Default)]
pub struct DesireDefDiff {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub increase_seconds: Option<Pair<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thresholds: Option<Pair<Vec<f64>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<Pair<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decay: Option<Pair<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance_weight: Option<Pair<f64>>,
    /// The phase that turns the desire on (null: none does).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phase: Option<Pair<Option<u8>>>,
    /// The phase that turns the desire off (null: none does).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub off: Option<Pair<Option<u8>>>,
    /// What the sources read, where that differs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reads: Option<Pair<Vec<String>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actions: Option<Pair<Vec<String>>>,
}

/// One species' parts that differ.
#[derive(Serialize, Clone, Debug, PartialEq, Default)]
pub struct SpeciesDefDiff {
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub traits: BTreeMap<String, Pair<f64>>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub increase_seconds: BTreeMap<String, Pair<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub miracle_multiplier: Option<Pair<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aggression_connected: Option<Pair<bool>>,
    /// True when the body's rules (size, climate, ...) differ.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub body: bool,
}

pub(super) fn diff(a: &Data, b: &Data) -> SpeciesDiff {
    let mut d = SpeciesDiff {
        steepness: changed(&a.steepness, &b.steepness),
        actions: Names::of(&a.actions.actions, &b.actions.actions, |x| x.name.clone()),
        attributes: Names::of(&a.attributes, &b.attributes, Clone::clone),
        kinds: Names::of(&a.kinds, &b.kinds, |k| k.name.clone()),
        ..SpeciesDiff::default()
    };
    for (da, db) in a.desires.iter().zip(&b.desires) {
        let one = desire(da, db);
        if one != DesireDefDiff::default() {
            d.desires.insert(da.name.name().to_owned(), one);
        }
    }
    let phases = a.phases.len().max(b.phases.len());
    d.phases = (0..phases).filter(|&p| a.phases.get(p) != b.phases.get(p)).collect();
    for (sa, sb) in a.species.iter().zip(&b.species) {
        let one = species(a, b, sa, sb);
        if one != SpeciesDefDiff::default() {
            d.species.insert(sa.name.name().to_owned(), one);
        }
    }
    trees(&a.template.trees, &b.template.trees, None, &b.attributes, &mut d.trees);
    for (sa, sb) in a.species.iter().zip(&b.species) {
        trees(&sa.default_examples, &sb.default_examples, Some(sa.name.name()), &b.attributes, &mut d.trees);
    }
    d
}

fn desire(a: &DesireDef, b: &DesireDef) -> DesireDefDiff {
    let thresholds = |d: &DesireDef| d.sources.iter().map(|s| s.threshold).collect::<Vec<_>>();
    let reads = |d: &DesireDef| d.sources.iter().map(|s| s.reads.name().to_owned()).collect::<Vec<_>>();
    DesireDefDiff {
        increase_seconds: changed(&a.increase_seconds, &b.increase_seconds),
        thresholds: changed(&thresholds(a), &thresholds(b)),
        max: changed(&a.max, &b.max),
        decay: changed(&a.decay, &b.decay),
        distance_weight: changed(&a.distance_weight, &b.distance_weight),
        phase: changed(&a.phase, &b.phase),
        off: changed(&a.off, &b.off),
        reads: changed(&reads(a), &reads(b)),
        actions: changed(&a.actions, &b.actions),
    }
}

fn species(da: &Data, db: &Data, a: &SpeciesDef, b: &SpeciesDef) -> SpeciesDefDiff {
    let mut d = SpeciesDefDiff {
        miracle_multiplier: changed(&a.miracle_multiplier, &b.miracle_multiplier),
        aggression_connected: changed(&a.aggression_connected, &b.aggression_connected),
        body: a.body != b.body,
        ..SpeciesDefDiff::default()
    };
    for t in Trait::ALL {
        if let Some(p) = changed(&a.traits.get(*t), &b.traits.get(*t)) {
            d.traits.insert(t.field().to_owned(), p);
        }
    }
    // The increase time the species has, by its override or the table's default.
    for desire in crate::names::Desire::ALL {
        if let Some(p) = changed(&a.increase_seconds(da, *desire), &b.increase_seconds(db, *desire)) {
            d.increase_seconds.insert(desire.name().to_owned(), p);
        }
    }
    d
}

/// The trees whose default examples differ between two lists of template trees.
fn trees(
    a: &[TemplateTree],
    b: &[TemplateTree],
    species: Option<&str>,
    attributes: &[String],
    out: &mut Vec<TreeDiff>,
) {
    let examples = |list: &[TemplateTree], desire, kind: TreeKind| {
        list.iter()
            .filter(|t| t.desire == desire && t.tree == kind)
            .flat_map(|t| t.examples.clone())
            .collect::<Vec<_>>()
    };
    for desire in crate::names::Desire::ALL {
        for kind in [TreeKind::Activity, TreeKind::ActOn] {
            let (ea, eb) = (examples(a, *desire, kind), examples(b, *desire, kind));
            if let Some(mut t) = TreeDiff::of(*desire, kind, &ea, &eb, attributes) {
                t.species = species.map(str::to_owned);
                out.push(t);
            }
        }
    }
}

impl SpeciesDiff {
    pub(super) fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(p) = &self.steepness {
            out.push(format!("steepness: {}", arrow(p)));
        }
        for (name, d) in &self.desires {
            let numbers = [
                ("increase_seconds", &d.increase_seconds),
                ("max", &d.max),
                ("decay", &d.decay),
                ("distance_weight", &d.distance_weight),
            ];
            let mut parts = super::number_parts(&numbers, &d.thresholds);
            let phase = |p: Option<u8>| p.map_or_else(|| "none".to_owned(), |p| p.to_string());
            if let Some((x, y)) = d.phase {
                parts.push(format!("phase {} → {}", phase(x), phase(y)));
            }
            if let Some((x, y)) = d.off {
                parts.push(format!("off {} → {}", phase(x), phase(y)));
            }
            if let Some((x, y)) = &d.reads {
                parts.push(format!("reads [{}] → [{}]", x.join(", "), y.join(", ")));
            }
            if let Some((x, y)) = &d.actions {
                parts.push(format!("actions [{}] → [{}]", x.join(", "), y.join(", ")));
            }
            out.push(format!("{name}: {}", parts.join("; ")));
        }
        out.extend(self.actions.line("actions"));
        out.extend(self.attributes.line("attributes"));
        out.extend(self.kinds.line("kinds"));
        if !self.phases.is_empty() {
            let list: Vec<String> = self.phases.iter().map(ToString::to_string).collect();
            out.push(format!("phases changed: {}", list.join(", ")));
        }
        for (name, s) in &self.species {
            let mut parts: Vec<String> = s.traits.iter().map(|(t, p)| format!("{t} {}", arrow(p))).collect();
            parts.extend(s.increase_seconds.iter().map(|(d, p)| format!("{d} increase_seconds {}", arrow(p))));
            if let Some(p) = &s.miracle_multiplier {
                parts.push(format!("miracle_multiplier {}", arrow(p)));
            }
            if let Some((x, y)) = s.aggression_connected {
                parts.push(format!("aggression_connected {x} → {y}"));
            }
            if s.body {
                parts.push("body changed".to_owned());
            }
            out.push(format!("{name}: {}", parts.join("; ")));
        }
        out.extend(self.trees.iter().map(TreeDiff::line));
        out
    }
}
