//! The scenario file (SPEC §16, `NAME.scenario.ron`): one creature in a world, a script
//! of player inputs and expectations, as written. `check` then checks every name
//! against the species data and the world before anything runs.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::data::TreeKind;
use crate::error::LoadError;
use crate::file_reader::read_text;
use crate::names::{Desire, Species};
use crate::world::rules::Kind;
pub use crate::world::sim::Act;

/// The longest run a scenario may ask for: an in-game week.
pub const MAX_SECONDS: f64 = 7.0 * 86_400.0;

/// A scenario as written.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// A world file relative to the scenario; `None`: the bundled village.
    #[serde(default)]
    pub world: Option<PathBuf>,
    pub species: Species,
    /// A creature save relative to the scenario instead of a newborn.
    #[serde(default)]
    pub creature: Option<PathBuf>,
    /// Species data relative to the scenario instead of the built-in.
    #[serde(default)]
    pub species_dir: Option<PathBuf>,
    #[serde(default)]
    pub seed: u64,
    /// The phase to run in; `None`: the newborn's 0, or the save's.
    #[serde(default)]
    pub phase: Option<u8>,
    /// Simulated seconds to run.
    pub seconds: f64,
    #[serde(default)]
    pub inputs: Vec<Input>,
    #[serde(default)]
    pub expect: Vec<Expect>,
}

/// One input: what the player does, and when.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// At simulated second T (at once if T has passed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<f64>,
    /// S seconds after the previous input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<f64>,
    /// After the first such event since the previous input, and `wait` seconds more.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<Trigger>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wait: Option<f64>,
    #[serde(rename = "do")]
    pub act: Act,
}

/// When an input waits for something the creature does.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Trigger {
    PlanStarted { desire: Desire },
    PlanEnded { desire: Desire },
    Lesson,
}

/// What must hold. Bounds are inclusive; at least one of `min` and `max` is given.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Expect {
    /// The object score (SPEC §9) of the object's present answers by a tree.
    Score {
        at: f64,
        desire: Desire,
        tree: TreeKind,
        object: String,
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
    },
    Desire {
        at: f64,
        name: Desire,
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
    },
    Opinion {
        at: f64,
        action: String,
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
    },
    Liking {
        at: f64,
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
        at: f64,
        what: String,
        #[serde(default)]
        known: Option<bool>,
    },
    /// One of a desire's parameters that lessons change (SPEC §7 lesson 1).
    Param {
        at: f64,
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
    /// was not remembered). Measured at the run's end.
    Credit {
        index: usize,
        object: String,
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
    },
    /// A tree's example count, and the attribute its root asks (`"none"` for a leaf).
    Tree {
        at: f64,
        desire: Desire,
        tree: TreeKind,
        #[serde(default)]
        root: Option<String>,
        #[serde(default)]
        examples_min: Option<f64>,
        #[serde(default)]
        examples_max: Option<f64>,
    },
    /// Metres from the creature to an object, or to the hand (`"hand"`).
    Distance {
        at: f64,
        to: String,
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
    },
    /// Whether the phase has unlocked the desire.
    Active { at: f64, desire: Desire, active: bool },
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

impl Scenario {
    /// The scenario as RON text, optional fields written bare, as a person would.
    pub fn to_ron(&self) -> String {
        let pretty = ron::ser::PrettyConfig::new().depth_limit(3).indentor("    ".to_owned());
        crate::error::ron_options_bare_optional().to_string_pretty(self, pretty).unwrap_or_default()
    }
}

impl Expect {
    /// The simulated second it is measured at (the end of the window for `Plans`);
    /// `None` for those measured at the run's end (`Lesson`, `Credit`).
    pub fn at(&self) -> Option<f64> {
        match self {
            Expect::Plans { to, .. } => Some(*to),
            // The moment's second, read through the one list of moments.
            other => other.clone().moment_mut().map(|at| *at),
        }
    }

    /// The second a moment's expectation is measured at, to change; `None` for those
    /// measured over a window (`Plans`) or at the run's end (`Lesson`, `Credit`).
    pub fn moment_mut(&mut self) -> Option<&mut f64> {
        match self {
            Expect::Score { at, .. }
            | Expect::Desire { at, .. }
            | Expect::Opinion { at, .. }
            | Expect::Liking { at, .. }
            | Expect::Knows { at, .. }
            | Expect::Param { at, .. }
            | Expect::Tree { at, .. }
            | Expect::Distance { at, .. }
            | Expect::Active { at, .. } => Some(at),
            Expect::Plans { .. } | Expect::Lesson { .. } | Expect::Credit { .. } => None,
        }
    }

    /// The expectation in a few words, with its bounds, for people.
    pub fn describe(&self) -> String {
        let bounds = |min: &Option<f64>, max: &Option<f64>| match (min, max) {
            (Some(a), Some(b)) => format!(" in [{a}, {b}]"),
            (Some(a), None) => format!(" ≥ {a}"),
            (None, Some(b)) => format!(" ≤ {b}"),
            (None, None) => String::new(),
        };
        match self {
            Expect::Score { at, desire, tree, object, min, max } => {
                format!("score of {object} by {desire} {tree:?} at {at} s{}", bounds(min, max))
            }
            Expect::Desire { at, name, min, max } => format!("{name} at {at} s{}", bounds(min, max)),
            Expect::Opinion { at, action, min, max } => format!("opinion of {action} at {at} s{}", bounds(min, max)),
            Expect::Liking { at, min, max } => format!("liking at {at} s{}", bounds(min, max)),
            Expect::Plans { from, to, desire, action, kind, object, why, min, max } => {
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
                let which = if filters.is_empty() { String::new() } else { format!(" ({})", filters.join(", ")) };
                format!("plans{which} started in [{from}, {to}) s{}", bounds(min, max))
            }
            Expect::Knows { at, what, known: Some(false) } => format!("does not know {what} at {at} s"),
            Expect::Knows { at, what, .. } => format!("knows {what} at {at} s"),
            Expect::Param { at, desire, what, min, max } => {
                format!("{desire}'s {what:?} at {at} s{}", bounds(min, max))
            }
            Expect::Lesson { index, taught: Some(false), .. } => format!("release {index} teaches nothing"),
            Expect::Lesson { index, desire, action, object, min, max, .. } => {
                let plan: Vec<String> =
                    [desire.map(|d| d.to_string()), action.clone(), object.clone()].into_iter().flatten().collect();
                let to = if plan.is_empty() { String::new() } else { format!(" to {}", plan.join(" ")) };
                format!("release {index} teaches{to}, L{}", bounds(min, max))
            }
            Expect::Credit { index, object, min, max } => {
                format!("credit of the plan on {object} at release {index}{}", bounds(min, max))
            }
            Expect::Tree { at, desire, tree, root, examples_min, examples_max } => {
                let root = root.as_ref().map_or(String::new(), |r| format!(", asking {r} first"));
                format!("{desire} {tree:?} tree at {at} s{root}, examples{}", bounds(examples_min, examples_max))
            }
            Expect::Distance { at, to, min, max } => format!("metres to {to} at {at} s{}", bounds(min, max)),
            Expect::Active { at, desire, active } => {
                format!("{desire} {} at {at} s", if *active { "unlocked" } else { "locked" })
            }
        }
    }

    /// The inclusive bounds, for the expectations that have them (a `Lesson`'s are
    /// [`Expect::lesson_bounds`]).
    pub fn bounds(&self) -> Option<(Option<f64>, Option<f64>)> {
        if matches!(self, Expect::Lesson { .. }) {
            return None;
        }
        self.clone().bounds_mut().map(|(min, max)| (*min, *max))
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
            | Expect::Distance { min, max, .. } => Some((min, max)),
            Expect::Tree { examples_min, examples_max, .. } => Some((examples_min, examples_max)),
            Expect::Knows { .. } | Expect::Active { .. } => None,
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

/// A scenario with the files it names, resolved against its own folder.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub file: String,
    pub text: String,
    pub scenario: Scenario,
    pub dir: PathBuf,
}

impl Loaded {
    /// A path the scenario names, relative to its file.
    pub fn resolve(&self, p: &Path) -> PathBuf {
        crate::paths::normalize(&self.dir.join(p))
    }
}

/// Parses scenario text (not yet checked against data or world).
pub fn parse(file: &str, text: &str, dir: &Path) -> Result<Loaded, LoadError> {
    let scenario: Scenario = crate::error::parse_ron_with(file, text, &crate::error::ron_options_bare_optional())?;
    Ok(Loaded { file: file.to_owned(), text: text.to_owned(), scenario, dir: dir.to_path_buf() })
}

/// Reads and parses a scenario file.
pub fn load(path: &Path) -> Result<Loaded, LoadError> {
    let text = read_text(path)?;
    let dir = path.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    parse(&path.display().to_string(), &text, &dir)
}

/// The claim a scenario checks: the comment lines before its first field, joined into
/// one paragraph (a designer writes what the scenario shows there).
#[must_use]
pub fn claim(text: &str) -> String {
    let lines = text.trim_start_matches('\u{feff}').lines().map(str::trim).take_while(|l| l.starts_with("//"));
    let words: Vec<&str> = lines.map(|l| l.trim_start_matches('/').trim()).filter(|l| !l.is_empty()).collect();
    words.join(" ")
}

/// What a `Tree` expectation's root is when the tree is a single leaf.
pub const NO_QUESTION: &str = "none";

/// What a `Distance` expectation names for the player's hand.
pub const HAND: &str = "hand";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_written_out_reads_back_the_same() {
        let text = "(species: \"Cow\", seed: 3, phase: 6, seconds: 60.0, inputs: [\
            (at: 1.0, do: Plan(desire: \"Anger\", action: \"Throw\", object: \"rock_1\", target: \"home_town\")),\
            (on: PlanEnded(desire: \"Anger\"), wait: 0.0, do: Hold), (after: 0.1, do: Slap(Hard)),\
            (after: 0.1, do: Release), (at: 30.0, do: Leash(Compassion)), (at: 31.0, do: Miracle(name: \"Heal\")),\
            (at: 32.0, do: Desire(name: \"Hunger\", value: 0.5)), (at: 33.0, do: Phase(8))],\
            expect: [Score(at: 60.0, desire: \"Anger\", tree: Activity, object: \"home_town\", max: 0.1),\
            Plans(from: 0.0, to: 60.0, kind: Rock, min: 1), Knows(at: 60.0, what: \"Heal\")])";
        let parsed = parse("t.scenario.ron", text, Path::new(".")).unwrap().scenario;
        assert_eq!(parsed.phase, Some(6), "optional fields may be written bare");
        assert_eq!(parsed.inputs.len(), 8);
        let again = parse("t.scenario.ron", &parsed.to_ron(), Path::new(".")).unwrap().scenario;
        assert_eq!(again, parsed);
        assert!(!parsed.to_ron().contains("after: None"), "{}", parsed.to_ron());
    }

    #[test]
    fn a_scenario_is_read_as_every_studio_file_is() {
        let e = parse("t.scenario.ron", "(species: \"Cow\", seconds: 1.0, seconds: 2.0)", Path::new(".")).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        let bom = "\u{feff}(species: \"Cow\", seconds: 1.0)";
        assert!(parse("t.scenario.ron", bom, Path::new(".")).is_ok(), "a byte-order mark is skipped");
    }

    #[test]
    fn unknown_fields_and_kinds_are_refused_with_their_place() {
        let e = parse("t.scenario.ron", "(species: \"Cow\", seconds: 1.0, colour: 3)", Path::new(".")).unwrap_err();
        assert_eq!((e.line, e.col > 1), (1, true), "{e}");
        let e = parse(
            "t.scenario.ron",
            "(species: \"Cow\",\n seconds: 1.0,\n inputs: [(at: 0.0, do: Dance)])",
            Path::new("."),
        )
        .unwrap_err();
        assert_eq!(e.line, 3, "{e}");
    }
}
