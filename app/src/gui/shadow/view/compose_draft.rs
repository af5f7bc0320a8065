//! The bank view's composition: the parts typed (a bank of the shadow folder and a
//! filter each, the filter judged as it is typed) and, after composing, the situation
//! classes two parts both gave, each source's actions there side by side.

use std::collections::BTreeMap;
use std::path::PathBuf;

use creature_shadow::bank::Bank;
use creature_shadow::compose::{Conflict, Filter};
use creature_shadow::curate::{Class, class_of, class_positions};

/// One part as typed.
#[derive(Debug, Clone, Default)]
pub struct PartDraft {
    pub bank: Option<PathBuf>,
    pub filter: String,
}

/// What one source gave of a conflicting class: its name, events and their actions,
/// the most frequent first.
#[derive(Debug, Clone, PartialEq)]
pub struct SourceSide {
    pub bank: String,
    pub events: usize,
    pub actions: Vec<(String, usize)>,
}

/// The composition being written and the conflicts of the last one made.
#[derive(Debug, Clone, Default)]
pub struct ComposeDraft {
    pub parts: Vec<PartDraft>,
    pub conflicts: Vec<(Class, Vec<SourceSide>)>,
}

impl ComposeDraft {
    /// Why part `k`'s filter is refused, if it is.
    pub fn refusal(&self, k: usize) -> Option<String> {
        self.parts.get(k).and_then(|p| Filter::parse(&p.filter).err())
    }

    /// The conflicts of a composition, each source's actions in the class beside the
    /// others'; `parts` as composed: name, bank and filter.
    pub fn show_conflicts(&mut self, conflicts: &[Conflict], parts: &[(String, &Bank, Filter)]) {
        self.conflicts = conflicts
            .iter()
            .map(|k| {
                let sides = parts
                    .iter()
                    .filter(|(n, _, _)| k.sources.iter().any(|(s, _)| s == n))
                    .map(|(name, bank, filter)| side(name, bank, filter, k.class))
                    .collect();
                (k.class, sides)
            })
            .collect();
    }
}

fn side(name: &str, bank: &Bank, filter: &Filter, class: Class) -> SourceSide {
    let mut actions: BTreeMap<String, usize> = BTreeMap::new();
    let mut events = 0;
    if let (Ok(picked), Ok(at)) = (filter.select(bank), class_positions(bank)) {
        for i in picked.into_iter().filter(|&i| class_of(bank, i, at) == class) {
            events += 1;
            *actions.entry(bank.event(i).action.to_owned()).or_insert(0) += 1;
        }
    }
    let mut actions: Vec<(String, usize)> = actions.into_iter().collect();
    actions.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    SourceSide { bank: name.to_owned(), events, actions }
}
