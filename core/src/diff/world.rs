//! What changed in a world: objects added, removed, moved or changed, and the world's
//! other settings (clock, climate, hand, body and sense rules, tables).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::world::file::ObjectDef;
use crate::world::file::WorldFile;

/// The world's parts that differ; empty when the two are alike.
#[derive(Serialize, Clone, Debug, PartialEq, Default)]
pub struct WorldDiff {
    /// Object ids only in B.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub added: Vec<String>,
    /// Object ids only in A.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<String>,
    /// Objects in both, by id: which of their fields differ (`at`, `kind`, `beliefs`).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub changed: BTreeMap<String, Vec<String>>,
    /// The world's other top-level fields that differ.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub settings: Vec<String>,
}

pub(super) fn diff(a: &WorldFile, b: &WorldFile) -> WorldDiff {
    let find = |w: &WorldFile, id: &str| w.objects.iter().find(|o| o.id == id).cloned();
    let mut d = WorldDiff::default();
    for o in &a.objects {
        match find(b, &o.id) {
            None => d.removed.push(o.id.clone()),
            Some(other) => {
                let fields = object_fields(o, &other);
                if !fields.is_empty() {
                    d.changed.insert(o.id.clone(), fields);
                }
            }
        }
    }
    d.added = b.objects.iter().filter(|o| find(a, &o.id).is_none()).map(|o| o.id.clone()).collect();
    let settings: [(&str, bool); 9] = [
        ("size", a.size != b.size),
        ("clock", a.clock != b.clock),
        ("climate", a.climate != b.climate),
        ("creature", a.creature != b.creature),
        ("hand", a.hand != b.hand),
        ("body", a.body != b.body),
        ("senses", a.senses != b.senses),
        ("watch", a.watch != b.watch),
        ("affords", a.affords != b.affords || a.about != b.about),
    ];
    d.settings = settings.iter().filter(|(_, differ)| *differ).map(|(name, _)| (*name).to_owned()).collect();
    d
}

fn object_fields(a: &ObjectDef, b: &ObjectDef) -> Vec<String> {
    let mut fields = Vec::new();
    if a.at != b.at {
        fields.push("at".to_owned());
    }
    if a.kind != b.kind {
        fields.push("kind".to_owned());
    }
    if a.beliefs != b.beliefs {
        fields.push("beliefs".to_owned());
    }
    fields
}

impl WorldDiff {
    pub(super) fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if !self.added.is_empty() {
            out.push(format!("objects added: {}", self.added.join(", ")));
        }
        if !self.removed.is_empty() {
            out.push(format!("objects removed: {}", self.removed.join(", ")));
        }
        for (id, fields) in &self.changed {
            out.push(format!("{id}: {} changed", fields.join(", ")));
        }
        if !self.settings.is_empty() {
            out.push(format!("settings changed: {}", self.settings.join(", ")));
        }
        out
    }
}
