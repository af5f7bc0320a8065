//! Usefulness as a scenario or a test reads it (SPEC §9, §16 `Score`): the verdict
//! of a tree built from the creature's examples now, for an object's present answers.

use super::Sim;
use crate::mind::tree::{Explanation, Tree};
use crate::names::Desire;
use crate::species::data::TreeKind;

impl Sim {
    /// The usefulness (SPEC §9) of `object`'s present answers by desire `desire`'s
    /// tree of `kind`, built from the creature's examples as they are now. An unknown
    /// object id is refused.
    pub fn usefulness(&self, desire: Desire, kind: TreeKind, object: &str) -> Result<f64, String> {
        let o = self.object(object)?;
        let k = usize::from(kind == TreeKind::ActOn);
        let predicted = || self.tree_now(desire, kind).predict(&self.village.objects[o].answers);
        Ok(self.curve.usefulness(self.life.judgement.forced.verdict(desire.index(), k, o, predicted)))
    }

    /// Desire `desire`'s tree of `kind` built from the creature's examples as they are
    /// now: the tree every score above is the verdict of.
    #[must_use]
    pub fn tree_now(&self, desire: Desire, kind: TreeKind) -> Tree {
        self.creature.tree(desire, kind).tree(&self.data.attributes)
    }

    /// How `object`'s present answers walk the same tree to their verdict: the
    /// questions asked and the object's answers, as [`Sim::usefulness`] scores it.
    pub fn score_path(&self, desire: Desire, kind: TreeKind, object: &str) -> Result<Explanation, String> {
        let o = self.object(object)?;
        Ok(self.tree_now(desire, kind).explain(&self.village.objects[o].answers))
    }
}
