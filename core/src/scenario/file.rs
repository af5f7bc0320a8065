//! The scenario file (SPEC §16, `NAME.scenario.ron`): one creature in a world, a script
//! of player inputs and expectations. Parsing checks every name against the species
//! data and the world before anything runs, so that an unknown object, an action its
//! object does not afford or an unknown desire is a problem of the file, with its line
//! and column.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::data::{PHASE_COUNT, TreeKind};
use crate::error::{LoadError, LoadResult, unknown_name};
use crate::file_reader::read_text;
use crate::mind::hand::Slap;
use crate::mind::leash::Leash;
use crate::names::{Desire, Species};
use crate::ronpos::Placer;
use crate::world::file::WorldFile;
use crate::world::rules::Kind;

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

/// What the player does.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Act {
    /// The creature takes this plan now as if it had chosen it.
    Plan {
        desire: Desire,
        action: String,
        object: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<String>,
    },
    Hold,
    Stroke,
    Slap(Slap),
    Release,
    Leash(Leash),
    /// A miracle cast where the creature sees it.
    Miracle {
        name: String,
    },
    Phase(u8),
    Desire {
        name: Desire,
        value: f64,
    },
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
        #[serde(default)]
        min: Option<f64>,
        #[serde(default)]
        max: Option<f64>,
    },
    /// A skill or a miracle learnt.
    Knows { at: f64, what: String },
}

impl Scenario {
    /// The scenario as RON text, optional fields written bare, as a person would.
    pub fn to_ron(&self) -> String {
        let pretty = ron::ser::PrettyConfig::new().depth_limit(3).indentor("    ".to_owned());
        options().to_string_pretty(self, pretty).unwrap_or_default()
    }
}

impl Expect {
    /// The simulated second it is measured at (the end of the window for `Plans`).
    pub fn at(&self) -> f64 {
        match self {
            Expect::Score { at, .. }
            | Expect::Desire { at, .. }
            | Expect::Opinion { at, .. }
            | Expect::Liking { at, .. }
            | Expect::Knows { at, .. } => *at,
            Expect::Plans { to, .. } => *to,
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
            Expect::Plans { from, to, min, max, .. } => format!("plans in [{from}, {to}) s{}", bounds(min, max)),
            Expect::Knows { at, what } => format!("knows {what} at {at} s"),
        }
    }

    /// The inclusive bounds, for the expectations that have them.
    pub fn bounds(&self) -> Option<(Option<f64>, Option<f64>)> {
        match self {
            Expect::Score { min, max, .. }
            | Expect::Desire { min, max, .. }
            | Expect::Opinion { min, max, .. }
            | Expect::Liking { min, max, .. }
            | Expect::Plans { min, max, .. } => Some((*min, *max)),
            Expect::Knows { .. } => None,
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

/// The RON options of a scenario: those of every studio file, and optional fields may
/// be written bare (`phase: 6` for `phase: Some(6)`).
fn options() -> ron::Options {
    crate::error::ron_options().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// Parses scenario text (not yet checked against data or world).
pub fn parse(file: &str, text: &str, dir: &Path) -> Result<Loaded, LoadError> {
    let scenario: Scenario = crate::error::parse_ron_with(file, text, &options())?;
    Ok(Loaded { file: file.to_owned(), text: text.to_owned(), scenario, dir: dir.to_path_buf() })
}

/// Reads and parses a scenario file.
pub fn load(path: &Path) -> Result<Loaded, LoadError> {
    let text = read_text(path)?;
    let dir = path.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    parse(&path.display().to_string(), &text, &dir)
}

/// Every problem of a parsed scenario against the species data and the world it runs
/// in, each placed at the field it is about.
pub fn check(s: &Loaded, data: &crate::data::Data, world: &WorldFile) -> LoadResult<()> {
    let sc = &s.scenario;
    let placer = Placer::new(&s.text);
    let at = &placer;
    let objects = Objects::new(world);
    let mut errors = Vec::new();
    let seconds_ok = sc.seconds.is_finite() && (0.0..=MAX_SECONDS).contains(&sc.seconds);
    if !seconds_ok {
        errors.push(problem(
            s,
            at,
            "seconds",
            None,
            None,
            format!("seconds is {}; expected 0 to {MAX_SECONDS}", sc.seconds),
        ));
    }
    if sc.phase.is_some_and(|p| usize::from(p) >= PHASE_COUNT) {
        errors.push(problem(s, at, "phase", None, None, format!("expected a phase from 0 to {}", PHASE_COUNT - 1)));
    }
    check_inputs(s, at, data, world, &objects, &mut errors);
    check_expectations(s, at, data, world, &objects, seconds_ok, &mut errors);
    if errors.is_empty() { Ok(()) } else { Err(errors) }
}

/// A problem of `s`, placed by `at` (built once for the scenario's text) at the
/// top-level `field`, or at item `i` of the list `list` (at its `key` when given).
fn problem(
    s: &Loaded,
    at: &Placer<'_>,
    field: &str,
    item: Option<(&str, usize)>,
    key: Option<&str>,
    message: String,
) -> LoadError {
    let (line, col) = match item {
        Some((list, i)) => at.item(list, i, key),
        None => at.field(field),
    };
    LoadError::new(&s.file, line, col, message)
}

/// Whether `t` seconds lies within the longest run a scenario may ask for.
fn time_ok(t: f64) -> bool {
    (0.0..=MAX_SECONDS).contains(&t)
}

/// The world's objects by id, for a check that names them many times: each id is
/// looked up in a map, and the message for an unknown one (which compares it with every
/// id) is made once.
struct Objects<'w> {
    world: &'w WorldFile,
    kinds: HashMap<&'w str, Kind>,
    unknown: RefCell<HashMap<String, String>>,
}

impl<'w> Objects<'w> {
    fn new(world: &'w WorldFile) -> Self {
        let mut kinds = HashMap::new();
        for o in &world.objects {
            // The first object of an id is the one `WorldFile::object` finds.
            kinds.entry(o.id.as_str()).or_insert_with(|| o.kind.kind());
        }
        Self { world, kinds, unknown: RefCell::default() }
    }

    /// The kind of the world's object `id`, or why there is none.
    fn kind(&self, id: &str) -> Result<Kind, String> {
        if let Some(&kind) = self.kinds.get(id) {
            return Ok(kind);
        }
        let mut unknown = self.unknown.borrow_mut();
        let message = unknown
            .entry(id.to_owned())
            .or_insert_with(|| unknown_name("object", id, self.world.objects.iter().map(|o| o.id.as_str())));
        Err(message.clone())
    }
}

/// The problems of the scenario's inputs, in list order: when each fires, and what it
/// names (actions, objects, miracles, phases, values).
fn check_inputs(
    s: &Loaded,
    at: &Placer<'_>,
    data: &crate::data::Data,
    world: &WorldFile,
    objects: &Objects<'_>,
    errors: &mut Vec<LoadError>,
) {
    let sc = &s.scenario;
    let built_in_affords = crate::world::rules::default_affords();
    for (i, input) in sc.inputs.iter().enumerate() {
        let item = Some(("inputs", i));
        let whens = [input.at.is_some(), input.after.is_some(), input.on.is_some()];
        if whens.iter().filter(|w| **w).count() != 1 {
            errors.push(problem(s, at, "", item, None, "expected exactly one of `at`, `after` and `on`".into()));
        }
        if input.wait.is_some() && input.on.is_none() {
            errors.push(problem(s, at, "", item, Some("wait"), "`wait` goes with `on`".into()));
        }
        for (key, t) in [("at", input.at), ("after", input.after), ("wait", input.wait)] {
            if t.is_some_and(|t| !time_ok(t)) {
                errors.push(problem(s, at, "", item, Some(key), format!("expected seconds from 0 to {MAX_SECONDS}")));
            }
        }
        match &input.act {
            Act::Plan { action, object, target, .. } => {
                if let Err(m) = data.action_named(action) {
                    errors.push(problem(s, at, "", item, Some("action"), m));
                }
                match objects.kind(object) {
                    Err(m) => errors.push(problem(s, at, "", item, Some("object"), m)),
                    Ok(kind) => {
                        // The built-in table with the world's own entries over it, as
                        // the simulation reads it.
                        let own = world.affords.get(action);
                        let kinds = own.or_else(|| built_in_affords.get(action));
                        let affords = kinds.is_none_or(|k| k.is_empty() || k.contains(&kind));
                        if data.action(action).is_some() && !affords {
                            let m = format!("`{object}` is a {}, which `{action}` cannot be done to", kind.name());
                            errors.push(problem(s, at, "", item, Some("object"), m));
                        }
                    }
                }
                if let Some(t) = target
                    && let Err(m) = objects.kind(t)
                {
                    errors.push(problem(s, at, "", item, Some("target"), m));
                }
            }
            Act::Miracle { name } if !world.watch.miracle_base.contains_key(name) => {
                let m = unknown_name("miracle", name, world.watch.miracle_base.keys().map(String::as_str));
                errors.push(problem(s, at, "", item, Some("name"), m));
            }
            Act::Phase(p) if usize::from(*p) >= PHASE_COUNT => {
                errors.push(problem(s, at, "", item, None, format!("expected a phase from 0 to {}", PHASE_COUNT - 1)));
            }
            Act::Desire { value, .. } if !value.is_finite() => {
                errors.push(problem(s, at, "", item, Some("value"), "expected a number".into()));
            }
            _ => {}
        }
    }
}

/// The problems of the scenario's expectations, in list order: their turns within the
/// run (when its length is itself valid, `seconds_ok`), their bounds, and what they name.
fn check_expectations(
    s: &Loaded,
    at: &Placer<'_>,
    data: &crate::data::Data,
    world: &WorldFile,
    objects: &Objects<'_>,
    seconds_ok: bool,
    errors: &mut Vec<LoadError>,
) {
    let sc = &s.scenario;
    for (i, e) in sc.expect.iter().enumerate() {
        let item = Some(("expect", i));
        let (time_key, t) = match e {
            Expect::Plans { from, to, .. } => {
                if !time_ok(*from) || from > to {
                    errors.push(problem(s, at, "", item, Some("from"), "expected `from` from 0 to `to`".into()));
                }
                ("to", *to)
            }
            _ => ("at", e.at()),
        };
        if !time_ok(t) || (seconds_ok && t > sc.seconds) {
            let m = format!("expected seconds from 0 to the run's end at {} s", sc.seconds);
            errors.push(problem(s, at, "", item, Some(time_key), m));
        }
        if let Some((min, max)) = e.bounds() {
            if min.is_none() && max.is_none() {
                errors.push(problem(s, at, "", item, None, "expected at least one of `min` and `max`".into()));
            }
            if [min, max].iter().flatten().any(|b| !b.is_finite()) {
                errors.push(problem(s, at, "", item, Some("min"), "expected numbers for the bounds".into()));
            }
        }
        match e {
            Expect::Score { object, .. } => {
                if let Err(m) = objects.kind(object) {
                    errors.push(problem(s, at, "", item, Some("object"), m));
                }
            }
            Expect::Opinion { action, .. } => {
                if let Err(m) = data.action_named(action) {
                    errors.push(problem(s, at, "", item, Some("action"), m));
                }
            }
            Expect::Plans { action, object, .. } => {
                if let Some(a) = action
                    && let Err(m) = data.action_named(a)
                {
                    errors.push(problem(s, at, "", item, Some("action"), m));
                }
                if let Some(o) = object
                    && let Err(m) = objects.kind(o)
                {
                    errors.push(problem(s, at, "", item, Some("object"), m));
                }
            }
            Expect::Knows { what, .. } => {
                let skills = world.watch.skill_seconds.keys();
                let miracles = world.watch.miracle_base.keys();
                if !skills.clone().chain(miracles.clone()).any(|k| k == what) {
                    let all = skills.chain(miracles).map(String::as_str);
                    errors.push(problem(s, at, "", item, Some("what"), unknown_name("skill or miracle", what, all)));
                }
            }
            _ => {}
        }
    }
}

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
