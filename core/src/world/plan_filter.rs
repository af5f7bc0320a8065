//! Which plans a filter picks (SPEC §16's `Plans` expectation, SPEC §19's `PlanStarted`
//! condition): each filter given must match, and a filter left out matches any plan.

use crate::names::Desire;
use crate::species::rules::Kind;

/// The filters of a plan, borrowed from the expectation or condition that names them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlanFilter<'a> {
    pub desire: Option<Desire>,
    pub action: Option<&'a str>,
    pub object: Option<&'a str>,
    pub kind: Option<Kind>,
}

impl PlanFilter<'_> {
    /// Whether a plan of `desire` doing `action` to `object`, of `kind` (`None`: an
    /// object no longer in the village), passes every filter given.
    #[must_use]
    pub fn admits(&self, desire: Desire, action: &str, object: &str, kind: Option<Kind>) -> bool {
        self.admits_with(desire, action, object, || kind)
    }

    /// [`PlanFilter::admits`], the object's kind looked up by `kind` only when the
    /// filter names a kind and every other filter passed.
    #[must_use]
    pub fn admits_with(&self, desire: Desire, action: &str, object: &str, kind: impl FnOnce() -> Option<Kind>) -> bool {
        self.desire.is_none_or(|d| d == desire)
            && self.action.is_none_or(|a| a == action)
            && self.object.is_none_or(|o| o == object)
            && self.kind.is_none_or(|k| Some(k) == kind())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_filter_given_must_match_and_one_left_out_matches_any() {
        let any = PlanFilter::default();
        assert!(any.admits(Desire::Hunger, "Eat", "lamb", Some(Kind::Sheep)));
        let sheep = PlanFilter { desire: Some(Desire::Hunger), kind: Some(Kind::Sheep), ..PlanFilter::default() };
        assert!(sheep.admits(Desire::Hunger, "Eat", "lamb", Some(Kind::Sheep)));
        assert!(!sheep.admits(Desire::Hunger, "Eat", "ann", Some(Kind::Villager)));
        assert!(!sheep.admits(Desire::Anger, "Eat", "lamb", Some(Kind::Sheep)));
        assert!(!sheep.admits(Desire::Hunger, "Eat", "lamb", None), "a kind filter never admits a plan on nothing");
        let lamb = PlanFilter { action: Some("Eat"), object: Some("lamb"), ..PlanFilter::default() };
        assert!(lamb.admits(Desire::Anger, "Eat", "lamb", None));
        assert!(!lamb.admits(Desire::Anger, "Throw", "lamb", None));
        assert!(!lamb.admits(Desire::Anger, "Eat", "ann", None));
    }
}
