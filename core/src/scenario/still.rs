//! A scenario's stilled sources (SPEC §16 `sources`): for the run, a desire is pushed only
//! by the sources named, its others taken out of the data and its thresholds alike, so
//! that a seed figure such as "with only its trait to push it, a cow's Compassion is full
//! in about half an hour" can be watched in the living village.

use super::file::Sources;
use crate::creature::Creature;
use crate::species::data::Data;

/// Takes out of `data` and `creature` every source of the desires `sources` names but
/// the ones it keeps; the sources left keep their order, thresholds and lessons.
pub fn still(data: &mut Data, creature: &mut Creature, sources: &[Sources]) {
    for s in sources {
        let i = s.desire.index();
        let (Some(def), Some(state)) = (data.desires.get_mut(i), creature.desires.get_mut(i)) else { continue };
        let keep: Vec<bool> = def.sources.iter().map(|src| s.only.contains(&src.reads)).collect();
        let mut kept = keep.iter();
        def.sources.retain(|_| kept.next().copied().unwrap_or(false));
        let mut kept = keep.iter();
        state.thresholds.retain(|_| kept.next().copied().unwrap_or(false));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::{Desire, Species};
    use crate::reads::Reads;

    #[test]
    fn only_the_named_sources_are_left_with_their_thresholds() {
        let mut data = Data::builtin().unwrap();
        let mut cow = Creature::newborn(&data, Species::Cow, 1);
        let before = data.desires[Desire::Compassion.index()].sources.clone();
        assert!(before.len() > 1, "Compassion has other sources to still");
        let trait_at = before.iter().position(|s| s.reads == Reads::TraitKindness).unwrap();
        let theta = cow.desire(Desire::Compassion).thresholds[trait_at];
        let hunger = data.desires[Desire::Hunger.index()].clone();
        still(&mut data, &mut cow, &[Sources { desire: Desire::Compassion, only: vec![Reads::TraitKindness] }]);
        let after = &data.desires[Desire::Compassion.index()].sources;
        assert_eq!(after.len(), 1);
        assert_eq!(after[0].reads, Reads::TraitKindness);
        assert_eq!(cow.desire(Desire::Compassion).thresholds, [theta]);
        assert_eq!(data.desires[Desire::Hunger.index()], hunger, "other desires keep every source");
        assert!(cow.check("cow.ron", &cow.to_ron(), &data).is_ok(), "the creature fits the stilled data");
    }
}
