//! A scenario's expectations in a few words, for people: what `scenario run` prints
//! beside each result and why a failed one failed.

use super::expect::{Counted, Expect, Most, Root, Started};
use crate::names::Desire;
use crate::species::rules::Kind;

impl Expect {
    /// When a moment's expectation is measured, in a few words: "at 5 s", or "2 s
    /// after Hunger's plan started"; nothing for the others.
    fn when(&self) -> String {
        match (self.on(), self.at()) {
            (Some((t, after)), _) => format!("{after} s after {}", t.describe()),
            (None, Some(at)) => format!("at {at} s"),
            (None, None) => String::new(),
        }
    }

    /// The expectation in a few words, with its bounds, for people.
    pub fn describe(&self) -> String {
        let b = bounds_text;
        let when = self.when();
        match self {
            Expect::Score { desire, tree, object, min, max, .. } => {
                format!("score of {object} by {desire} {tree:?} {when}{}", b(min, max))
            }
            Expect::Desire { name, min, max, .. } => format!("{name} {when}{}", b(min, max)),
            Expect::Opinion { action, min, max, .. } => format!("opinion of {action} {when}{}", b(min, max)),
            Expect::Liking { min, max, .. } => format!("liking {when}{}", b(min, max)),
            Expect::Plans { from, to, desire, action, kind, object, why, min, max } => {
                let which = plan_filters(*desire, action, *kind, object, *why);
                format!("plans{which} started in [{from}, {to}) s{}", b(min, max))
            }
            Expect::Knows { what, known: Some(false), .. } => format!("does not know {what} {when}"),
            Expect::Knows { what, .. } => format!("knows {what} {when}"),
            Expect::Param { desire, what, min, max, .. } => {
                format!("{desire}'s {what:?} {when}{}", b(min, max))
            }
            Expect::Lesson { index, taught: Some(false), .. } => format!("release {index} teaches nothing"),
            Expect::Lesson { index, desire, action, object, min, max, .. } => {
                let plan: Vec<String> =
                    [desire.map(|d| d.to_string()), action.clone(), object.clone()].into_iter().flatten().collect();
                let to = if plan.is_empty() { String::new() } else { format!(" to {}", plan.join(" ")) };
                format!("release {index} teaches{to}, L{}", b(min, max))
            }
            Expect::Credit { index, object, remembered, min, max } => {
                let kept = match remembered {
                    Some(true) => ", remembered",
                    Some(false) => ", forgotten",
                    None => "",
                };
                format!("credit of the plan on {object} at release {index}{kept}{}", b(min, max))
            }
            Expect::Tree { desire, tree, root, examples_min, examples_max, .. } => {
                let root = match root {
                    Root::Unstated => String::new(),
                    Root::Any => ", its root asking something".to_owned(),
                    Root::Leaf => ", one leaf".to_owned(),
                    Root::Named(r) => format!(", asking {r} first"),
                };
                format!("{desire} {tree:?} tree {when}{root}, examples{}", b(examples_min, examples_max))
            }
            Expect::Distance { to, min, max, .. } => format!("metres to {to} {when}{}", b(min, max)),
            Expect::Active { desire, active, .. } => {
                format!("{desire} {} {when}", if *active { "unlocked" } else { "locked" })
            }
            Expect::Count { of, from, exactly, min, max, .. } => {
                let since = from.map_or(String::new(), |f| format!(" since {f} s"));
                let bounds = exactly.map_or_else(|| b(min, max), |n| format!(" = {n}"));
                format!("{}{since} {when}{bounds}", of.describe())
            }
            Expect::Gone { object, gone: Some(false), .. } => format!("{object} there {when}"),
            Expect::Gone { object, .. } => format!("{object} gone {when}"),
            Expect::Body { what, min, max, .. } => format!("body's {what:?} {when}{}", b(min, max)),
            Expect::Sightings { miracle, min, max, .. } => {
                format!("sightings of {miracle} {when}{}", b(min, max))
            }
            Expect::Trait { name, min, max, .. } => format!("{name} {when}{}", b(min, max)),
            Expect::Born { species, seeds, name, most, min, max } => {
                let end = if *most == Most::Highest { "highest" } else { "lowest" };
                format!("{end} {name} of {seeds} newborn {species}s{}", b(min, max))
            }
        }
    }
}

impl Counted {
    /// What is counted, in a few words.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Counted::Active => "desires on".to_owned(),
            Counted::Plans { desire, action, kind, object, why } => {
                format!("plans{} started", plan_filters(*desire, action, *kind, object, *why))
            }
            Counted::Lessons { taught, desire } => {
                let which = match (taught, desire) {
                    (Some(false), _) => " teaching nothing".to_owned(),
                    (_, Some(d)) => format!(" teaching {d}"),
                    (Some(true), None) => " teaching a plan".to_owned(),
                    (None, None) => String::new(),
                };
                format!("releases{which}")
            }
        }
    }
}

/// A plan's filters in a few words, in brackets, or nothing when none is given.
fn plan_filters(
    desire: Option<Desire>,
    action: &Option<String>,
    kind: Option<Kind>,
    object: &Option<String>,
    why: Option<Started>,
) -> String {
    let filters: Vec<String> = [
        desire.map(|d| d.to_string()),
        action.clone(),
        kind.map(|k| format!("on a {}", k.name())),
        object.as_ref().map(|o| format!("on {o}")),
        why.map(|w| format!("{w:?}").to_lowercase()),
    ]
    .into_iter()
    .flatten()
    .collect();
    if filters.is_empty() { String::new() } else { format!(" ({})", filters.join(", ")) }
}

/// Inclusive bounds in a few words: " in [a, b]", " ≥ a", " ≤ b".
fn bounds_text(min: &Option<f64>, max: &Option<f64>) -> String {
    match (min, max) {
        (Some(a), Some(b)) => format!(" in [{a}, {b}]"),
        (Some(a), None) => format!(" ≥ {a}"),
        (None, Some(b)) => format!(" ≤ {b}"),
        (None, None) => String::new(),
    }
}
