//! A scenario's expectations as written (SPEC §16): what each measures, when, and the
//! bounds it must lie in.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::trigger::Trigger;
use crate::names::{Desire, Species, Trait};
use crate::species::data::TreeKind;
use crate::species::rules::Kind;

/// What must hold. Bounds are inclusive; at least one of `min` and `max` is given.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Expect {
    /// The usefulness (SPEC §9) of the object's present answers by a tree.
    Score {
        /// The second it is measured at, unless `on` times it.
        #[serde(default = "unset", skip_serializing_if = "is_unset")]
        at: f64,
        /// Measured `after` seconds (0 by default) after the run's first such event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Trigger>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<f64>,
        desire: Desire,
        tree: TreeKind,
        object: String,
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
    },
    Desire {
        /// The second it is measured at, unless `on` times it.
        #[serde(default = "unset", skip_serializing_if = "is_unset")]
        at: f64,
        /// Measured `after` seconds (0 by default) after the run's first such event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Trigger>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<f64>,
        name: Desire,
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
    },
    Opinion {
        /// The second it is measured at, unless `on` times it.
        #[serde(default = "unset", skip_serializing_if = "is_unset")]
        at: f64,
        /// Measured `after` seconds (0 by default) after the run's first such event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Trigger>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<f64>,
        action: String,
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
    },
    Liking {
        /// The second it is measured at, unless `on` times it.
        #[serde(default = "unset", skip_serializing_if = "is_unset")]
        at: f64,
        /// Measured `after` seconds (0 by default) after the run's first such event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Trigger>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<f64>,
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
    },
    /// The plans started in `[from, to)` that match every filter given.
    Plans {
        from: f64,
        to: f64,
        #[serde(default)]
        desire: Option<Desire>,
        #[serde(default)]
        action: Option<String>,
        #[serde(default)]
        kind: Option<Kind>,
        #[serde(default)]
        object: Option<String>,
        /// Why the plan started.
        #[serde(default)]
        why: Option<Started>,
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
    },
    /// A skill or a miracle learnt; `known: false` asserts it is not learnt yet.
    Knows {
        /// The second it is measured at, unless `on` times it.
        #[serde(default = "unset", skip_serializing_if = "is_unset")]
        at: f64,
        /// Measured `after` seconds (0 by default) after the run's first such event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Trigger>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<f64>,
        what: String,
        #[serde(default)]
        known: Option<bool>,
    },
    /// One of a desire's parameters that lessons change (SPEC §7 lesson 1).
    Param {
        /// The second it is measured at, unless `on` times it.
        #[serde(default = "unset", skip_serializing_if = "is_unset")]
        at: f64,
        /// Measured `after` seconds (0 by default) after the run's first such event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Trigger>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<f64>,
        desire: Desire,
        what: Param,
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
    },
    /// The `index`-th release of the run (from 0): the plan taught matches every filter
    /// given, `taught: false` asserts that nothing was taught, and the bounds hold the
    /// lesson's value L. Measured at the run's end.
    Lesson {
        index: usize,
        #[serde(default)]
        desire: Option<Desire>,
        #[serde(default)]
        action: Option<String>,
        #[serde(default)]
        object: Option<String>,
        #[serde(default)]
        taught: Option<bool>,
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
    },
    /// The credit score release `index` gave the remembered plan on `object` (0 when it
    /// was not remembered), and whether a plan on it was remembered at all: a plan
    /// forgotten (out of the last five) and one faded to 0 both score 0. Measured at the
    /// run's end.
    Credit {
        index: usize,
        object: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        remembered: Option<bool>,
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
    },
    /// A tree's example count, and what its root asks.
    Tree {
        /// The second it is measured at, unless `on` times it.
        #[serde(default = "unset", skip_serializing_if = "is_unset")]
        at: f64,
        /// Measured `after` seconds (0 by default) after the run's first such event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Trigger>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<f64>,
        desire: Desire,
        tree: TreeKind,
        #[serde(default, skip_serializing_if = "Root::is_unstated")]
        root: Root,
        #[serde(default)]
        examples_min: Option<f64>,
        #[serde(default)]
        examples_max: Option<f64>,
    },
    /// Metres from the creature to an object, or to the hand (`"hand"`).
    Distance {
        /// The second it is measured at, unless `on` times it.
        #[serde(default = "unset", skip_serializing_if = "is_unset")]
        at: f64,
        /// Measured `after` seconds (0 by default) after the run's first such event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Trigger>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<f64>,
        to: String,
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
    },
    /// Whether the phase has unlocked the desire.
    Active {
        /// The second it is measured at, unless `on` times it.
        #[serde(default = "unset", skip_serializing_if = "is_unset")]
        at: f64,
        /// Measured `after` seconds (0 by default) after the run's first such event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Trigger>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<f64>,
        desire: Desire,
        active: bool,
    },
    /// How many of something there are at `at`: desires on, plans started or releases
    /// since `from` (0 by default), exactly or within bounds.
    Count {
        /// The second it is measured at, unless `on` times it.
        #[serde(default = "unset", skip_serializing_if = "is_unset")]
        at: f64,
        /// Measured `after` seconds (0 by default) after the run's first such event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Trigger>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<f64>,
        of: Counted,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<f64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        exactly: Option<f64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min: Option<f64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<f64>,
    },
    /// Whether an object is gone from the world (eaten, burnt, not yet back);
    /// `gone: false` asserts it is there.
    Gone {
        /// The second it is measured at, unless `on` times it.
        #[serde(default = "unset", skip_serializing_if = "is_unset")]
        at: f64,
        /// Measured `after` seconds (0 by default) after the run's first such event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Trigger>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<f64>,
        object: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        gone: Option<bool>,
    },
    /// A measure of the creature's body.
    Body {
        /// The second it is measured at, unless `on` times it.
        #[serde(default = "unset", skip_serializing_if = "is_unset")]
        at: f64,
        /// Measured `after` seconds (0 by default) after the run's first such event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Trigger>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<f64>,
        what: BodyMeasure,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min: Option<f64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<f64>,
    },
    /// The sightings of a miracle counted so far, failed tries included (SPEC §10).
    Sightings {
        /// The second it is measured at, unless `on` times it.
        #[serde(default = "unset", skip_serializing_if = "is_unset")]
        at: f64,
        /// Measured `after` seconds (0 by default) after the run's first such event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Trigger>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<f64>,
        miracle: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min: Option<f64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<f64>,
    },
    /// One of the creature's own traits (SPEC §3).
    Trait {
        /// The second it is measured at, unless `on` times it.
        #[serde(default = "unset", skip_serializing_if = "is_unset")]
        at: f64,
        /// Measured `after` seconds (0 by default) after the run's first such event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on: Option<Trigger>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<f64>,
        name: Trait,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min: Option<f64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<f64>,
    },
    /// The spread of a trait at birth (SPEC §3): the highest or lowest value of the
    /// trait among newborns of `species` from seeds 1 to `seeds`, with the scenario's
    /// species data. Measured at the run's end; the run itself does not change it.
    Born {
        species: Species,
        seeds: u64,
        name: Trait,
        most: Most,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min: Option<f64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<f64>,
    },
}

/// What a `Count` expectation counts.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Counted {
    /// The desires on now (unlocked by the phase, or turned on).
    Active,
    /// The plans started that match every filter given, as `Plans` filters them.
    Plans {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        desire: Option<Desire>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        action: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<Kind>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        object: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        why: Option<Started>,
    },
    /// The releases of the hand; `taught` counts only those that taught a plan (or,
    /// `false`, only those that taught nothing), `desire` only those that taught it.
    Lessons {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        taught: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        desire: Option<Desire>,
    },
}

/// A measure of the creature's body, as a `Body` expectation names it.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyMeasure {
    /// Energy in [0, 1]: meals raise it.
    Energy,
    /// The species' strength in [0, 1]: how far it throws, how hard it hits.
    Strength,
    /// Seconds of simulated life.
    Age,
    /// Thirst in [0, 1]: it builds from phase 3, and drinking sets it to 0 (SPEC §3).
    Thirst,
}

/// Which end of a spread a `Born` expectation measures.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Most {
    Highest,
    Lowest,
}

/// What a tree's root asks, as a `Tree` expectation states it: written `Any` (the root
/// asks some question), `None` (the tree is one leaf) or an attribute's name in quotes
/// (`"none"` is the leaf too).
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Root {
    /// Not stated: the expectation is about the examples only.
    #[default]
    Unstated,
    Any,
    Leaf,
    Named(String),
}

impl Root {
    /// True when the expectation says nothing about the root.
    #[must_use]
    pub fn is_unstated(&self) -> bool {
        *self == Root::Unstated
    }

    /// Whether a root asking `asked` (`"none"` for a leaf) is what this states.
    #[must_use]
    pub fn admits(&self, asked: &str) -> bool {
        match self {
            Root::Unstated => true,
            Root::Any => asked != NO_QUESTION,
            Root::Leaf => asked == NO_QUESTION,
            Root::Named(n) => n == asked,
        }
    }

    /// The root as the scenario writes it.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Root::Unstated => String::new(),
            Root::Any => "Any".to_owned(),
            Root::Leaf => "None".to_owned(),
            Root::Named(n) => format!("{n:?}"),
        }
    }
}

impl Serialize for Root {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Root::Unstated | Root::Leaf => s.serialize_none(),
            Root::Any => s.serialize_unit_variant("Root", 0, "Any"),
            Root::Named(n) => s.serialize_str(n),
        }
    }
}

impl<'de> Deserialize<'de> for Root {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // Read as serde reads an untagged value, so that a bare `Any` arrives as its name.
        #[derive(Deserialize)]
        #[serde(untagged, expecting = "expected `Any`, `None` or an attribute's name in quotes")]
        enum Written {
            Text(Option<String>),
        }
        let Written::Text(text) = Written::deserialize(d)?;
        Ok(match text.as_deref() {
            None | Some(NO_QUESTION) => Root::Leaf,
            Some("Any") => Root::Any,
            Some(name) => Root::Named(name.to_owned()),
        })
    }
}

/// Why a plan started, as a `Plans` expectation filters it (SPEC §16).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Started {
    /// The creature chose it (idle, or more than twice as urgent).
    Chosen,
    /// A `Plan` input.
    Commanded,
    /// A lesson's reaction: a stroke's repeat, or stroked food eaten at once.
    Repeated,
    /// A copied deed of the player.
    Copied,
}

impl Started {
    /// How the simulation's reason for a plan reads in a scenario.
    #[must_use]
    pub fn of(why: crate::world::sim::Why) -> Started {
        use crate::world::sim::Why;
        match why {
            Why::Idle | Why::Urgent => Started::Chosen,
            Why::Command => Started::Commanded,
            Why::Lesson => Started::Repeated,
            Why::Copy => Started::Copied,
        }
    }
}

/// A desire's parameter that lessons change (SPEC §7).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    /// Seconds to grow by 1.0 with a drive of 1.0.
    IncreaseSeconds,
    /// Source I's threshold θ.
    Threshold(usize),
    /// The most the desire can hold.
    Max,
}

/// The most newborns a `Born` expectation may ask for.
pub const MAX_SEEDS: u64 = 100_000;

/// What a `Tree` expectation's root is when the tree is a single leaf.
pub const NO_QUESTION: &str = "none";

/// What a `Distance` expectation names for the player's hand.
pub const HAND: &str = "hand";

/// What an `at` left out reads as: no second, the expectation being timed `on` an event.
fn unset() -> f64 {
    f64::NAN
}

/// True for an `at` left out.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_unset(at: &f64) -> bool {
    at.is_nan()
}

/// A moment's timing as written: its second, and the event and delay that time it instead.
type Timing<'a> = (&'a mut f64, &'a mut Option<Trigger>, &'a mut Option<f64>);

impl Expect {
    /// The simulated second it is measured at (the end of the window for `Plans`);
    /// `None` for those measured at the run's end (`Lesson`, `Credit`, `Born`) and for
    /// those timed `on` an event ([`Expect::on`]).
    pub fn at(&self) -> Option<f64> {
        match self {
            Expect::Plans { to, .. } => Some(*to),
            // The moment's second, read through the one list of moments.
            other => other.clone().moment_mut().map(|at| *at),
        }
    }

    /// The second a moment's expectation is measured at, to change; `None` for those
    /// measured over a window (`Plans`), at the run's end (`Lesson`, `Credit`, `Born`)
    /// or timed `on` an event.
    pub fn moment_mut(&mut self) -> Option<&mut f64> {
        self.timing_mut().filter(|(_, on, _)| on.is_none()).map(|(at, _, _)| at)
    }

    /// The event a moment's expectation waits for and the seconds after it, when it is
    /// timed `on` one: measured that long after the run's first such event.
    pub fn on(&self) -> Option<(Trigger, f64)> {
        let mut e = self.clone();
        let (_, on, after) = e.timing_mut()?;
        on.take().map(|t| (t, after.unwrap_or(0.0)))
    }

    /// A moment's `at`, `on` and `after`, as written; `None` for the expectations that
    /// are not measured at a moment.
    pub fn timing_mut(&mut self) -> Option<Timing<'_>> {
        match self {
            Expect::Score { at, on, after, .. }
            | Expect::Desire { at, on, after, .. }
            | Expect::Opinion { at, on, after, .. }
            | Expect::Liking { at, on, after, .. }
            | Expect::Knows { at, on, after, .. }
            | Expect::Param { at, on, after, .. }
            | Expect::Tree { at, on, after, .. }
            | Expect::Distance { at, on, after, .. }
            | Expect::Active { at, on, after, .. }
            | Expect::Count { at, on, after, .. }
            | Expect::Gone { at, on, after, .. }
            | Expect::Body { at, on, after, .. }
            | Expect::Sightings { at, on, after, .. }
            | Expect::Trait { at, on, after, .. } => Some((at, on, after)),
            Expect::Plans { .. } | Expect::Lesson { .. } | Expect::Credit { .. } | Expect::Born { .. } => None,
        }
    }

    /// The inclusive bounds, for the expectations that have them (a `Lesson`'s are
    /// [`Expect::lesson_bounds`]; a `Count`'s `exactly` is both).
    pub fn bounds(&self) -> Option<(Option<f64>, Option<f64>)> {
        match self {
            Expect::Lesson { .. } => None,
            Expect::Count { exactly, min, max, .. } => Some((min.or(*exactly), max.or(*exactly))),
            _ => self.clone().bounds_mut().map(|(min, max)| (*min, *max)),
        }
    }

    /// The bounds to change, of every expectation that has them (a `Tree`'s example
    /// counts, a `Lesson`'s value).
    pub fn bounds_mut(&mut self) -> Option<(&mut Option<f64>, &mut Option<f64>)> {
        match self {
            Expect::Score { min, max, .. }
            | Expect::Desire { min, max, .. }
            | Expect::Opinion { min, max, .. }
            | Expect::Liking { min, max, .. }
            | Expect::Plans { min, max, .. }
            | Expect::Param { min, max, .. }
            | Expect::Lesson { min, max, .. }
            | Expect::Credit { min, max, .. }
            | Expect::Distance { min, max, .. }
            | Expect::Count { min, max, .. }
            | Expect::Body { min, max, .. }
            | Expect::Sightings { min, max, .. }
            | Expect::Trait { min, max, .. }
            | Expect::Born { min, max, .. } => Some((min, max)),
            Expect::Tree { examples_min, examples_max, .. } => Some((examples_min, examples_max)),
            Expect::Knows { .. } | Expect::Active { .. } | Expect::Gone { .. } => None,
        }
    }

    /// The bounds a lesson's value must lie in, for a `Lesson` that gives any.
    pub fn lesson_bounds(&self) -> Option<(Option<f64>, Option<f64>)> {
        match self {
            Expect::Lesson { min, max, .. } if min.is_some() || max.is_some() => Some((*min, *max)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::scenario::file::parse;

    fn expectations(list: &str) -> Vec<Expect> {
        let text = format!("(species: \"Cow\", seconds: 60.0, expect: [{list}])");
        parse("t.scenario.ron", &text, Path::new(".")).unwrap().scenario.expect
    }

    #[test]
    fn a_root_is_any_none_or_a_name_and_reads_back_as_written() {
        let e = expectations(
            "Tree(at: 1.0, desire: \"Hunger\", tree: ActOn, root: Any), \
             Tree(at: 1.0, desire: \"Hunger\", tree: ActOn, root: None), \
             Tree(at: 1.0, desire: \"Hunger\", tree: ActOn, root: \"kind\"), \
             Tree(at: 1.0, desire: \"Hunger\", tree: ActOn, root: \"none\"), \
             Tree(at: 1.0, desire: \"Hunger\", tree: ActOn, examples_min: 6)",
        );
        let roots: Vec<Root> = e
            .iter()
            .map(|e| match e {
                Expect::Tree { root, .. } => root.clone(),
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(roots, [Root::Any, Root::Leaf, Root::Named("kind".into()), Root::Leaf, Root::Unstated]);
        assert!(Root::Any.admits("kind") && !Root::Any.admits(NO_QUESTION));
        assert!(Root::Leaf.admits(NO_QUESTION) && !Root::Leaf.admits("kind"));
        assert!(Root::Named("kind".into()).admits("kind") && !Root::Named("kind".into()).admits("alive"));
    }

    #[test]
    fn the_new_forms_are_written_out_and_read_back_the_same() {
        let list = "Tree(at: 1.0, desire: \"Hunger\", tree: ActOn, root: Any), \
             Tree(at: 1.0, desire: \"Anger\", tree: ActOn, root: None), \
             Count(at: 0.0, of: Active, exactly: 10), \
             Count(at: 9.0, of: Plans(action: \"Eat\", kind: Sheep, why: Repeated), from: 1.0, min: 1), \
             Count(at: 9.0, of: Lessons(taught: false), max: 2), \
             Gone(at: 5.0, object: \"sheep_1\"), Gone(at: 1.0, object: \"sheep_1\", gone: false), \
             Body(at: 5.0, what: Energy, min: 0.9), Body(at: 5.0, what: Age, max: 6.0), \
             Credit(index: 0, object: \"aled\", remembered: false), \
             Sightings(at: 3.0, miracle: \"Heal\", min: 3, max: 3), \
             Trait(at: 0.0, name: \"Kindness\", min: 0.5), \
             Born(species: \"Tiger\", seeds: 200, name: \"Kindness\", most: Highest, min: 0.545), \
             Liking(on: Lesson, after: 0.1, min: 0.0), Gone(on: PlanEnded(desire: \"Hunger\"), object: \"sheep_1\")";
        let text = format!("(species: \"Cow\", seconds: 60.0, expect: [{list}])");
        let first = parse("t.scenario.ron", &text, Path::new(".")).unwrap().scenario;
        assert_eq!(first.expect.len(), 15);
        assert_eq!(first.expect[13].on(), Some((Trigger::Lesson, 0.1)));
        assert_eq!((first.expect[13].at(), first.expect[0].on()), (None, None));
        let again = parse("t.scenario.ron", &first.to_ron(), Path::new(".")).unwrap().scenario;
        // An `at` left out reads back left out (NaN is not equal to itself: compare the text).
        assert_eq!(again.to_ron(), first.to_ron());
        assert!(!first.to_ron().contains("NaN"), "{}", first.to_ron());
    }

    #[test]
    fn a_counts_exactly_is_both_its_bounds() {
        let e = expectations("Count(at: 0.0, of: Active, exactly: 10)");
        assert_eq!(e[0].bounds(), Some((Some(10.0), Some(10.0))));
        assert_eq!(e[0].describe(), "desires on at 0 s = 10");
    }
}
