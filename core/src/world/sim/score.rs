//! Object scores as a scenario or a test reads them (SPEC §9, §16 `Score`): the verdict
//! of a tree built from the creature's examples now, for an object's present answers.

use super::Sim;
use crate::data::TreeKind;
use crate::mind::tree::build;
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
}
