//! Object scores as a scenario or a test reads them (SPEC §9, §16 `Score`): the verdict
//! of a tree built from the creature's examples now, for an object's present answers.

use super::Sim;
use crate::data::TreeKind;
use crate::mind::tree::{Explanation, build};
use crate::names::Desire;

impl Sim {
    /// The object score (SPEC §9) of `object`'s present answers by desire `desire`'s
    /// tree of `kind`, built from the creature's examples as they are now. An unknown
    /// object id is refused.
    pub fn object_score(&self, desire: Desire, kind: TreeKind, object: &str) -> Result<f64, String> {
        let o = self.object(object)?;
        let tree = build(&self.data.attributes, &self.creature.tree(desire, kind).examples);
        Ok(self.curve.score(tree.predict(&self.village.objects[o].answers)))
    }

    /// How `object`'s present answers walk the same tree to their verdict: the
    /// questions asked and the object's answers, as [`Sim::object_score`] scores it.
    pub fn score_path(&self, desire: Desire, kind: TreeKind, object: &str) -> Result<Explanation, String> {
        let o = self.object(object)?;
        let tree = build(&self.data.attributes, &self.creature.tree(desire, kind).examples);
        Ok(tree.explain(&self.village.objects[o].answers))
    }
}
