//! The objects each desire and action can be about, listed once per village: an
//! object's kind never changes during a run, so which objects fit a desire's `about`
//! and an action's `affords` (SPEC §4) is known before the first turn. Choosing a plan
//! then weighs only those objects instead of every object of the village.

use crate::species::rules::{Kind, Kinds};

use super::table_rows::{ActionRt, DesireRt};

/// Object indices, ascending (the order the choice breaks ties in).
type List = Vec<usize>;

/// The objects that fit each desire and action, by kind.
#[derive(Clone, Debug, Default)]
pub(super) struct ObjectLists {
    actions: usize,
    /// Per desire: the targets a social desire can be about (its `about` kinds, or any
    /// being, town or the hand when it names none).
    targets: Vec<List>,
    /// Per action: the objects it can be done to.
    affords: Vec<List>,
    /// Per (desire, action) of a desire that is not social: the objects that fit both
    /// the action and the desire; empty for an action the desire does not have.
    pairs: Vec<List>,
}

/// True when kind `k` is in `set`, an empty set meaning any kind.
pub(super) fn fits(k: Kind, set: Kinds) -> bool {
    set.admits(k)
}

/// True when a social desire about `about` can have a target of kind `k`.
pub(super) fn target_fits(k: Kind, about: Kinds) -> bool {
    if about.is_empty() { k.is_being() || matches!(k, Kind::Town | Kind::Hand) } else { about.contains(k) }
}

impl ObjectLists {
    /// The lists for the village whose objects have the kinds `kinds`, in index order.
    pub(super) fn new(desires: &[DesireRt], actions: &[ActionRt], kinds: &[Kind]) -> ObjectLists {
        let which = |keep: &dyn Fn(Kind) -> bool| -> List {
            kinds.iter().enumerate().filter(|(_, k)| keep(**k)).map(|(i, _)| i).collect()
        };
        let targets =
            desires.iter().map(|d| if d.social { which(&|k| target_fits(k, d.about)) } else { List::new() }).collect();
        let affords = actions.iter().map(|a| which(&|k| fits(k, a.affords))).collect();
        let mut pairs = vec![List::new(); desires.len() * actions.len()];
        for (d, rt) in desires.iter().enumerate().filter(|(_, rt)| !rt.social) {
            for &a in &rt.actions {
                pairs[d * actions.len() + a] = which(&|k| fits(k, actions[a].affords) && fits(k, rt.about));
            }
        }
        ObjectLists { actions: actions.len(), targets, affords, pairs }
    }

    /// The targets social desire `d` can be about.
    pub(super) fn targets(&self, d: usize) -> &[usize] {
        &self.targets[d]
    }

    /// The objects action `a` can be done to.
    pub(super) fn affords(&self, a: usize) -> &[usize] {
        &self.affords[a]
    }

    /// The objects that satisfy desire `d` (not social) through action `a`.
    pub(super) fn pair(&self, d: usize, a: usize) -> &[usize] {
        &self.pairs[d * self.actions + a]
    }
}
