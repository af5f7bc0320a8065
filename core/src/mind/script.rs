//! Lesson scripts (SPEC §15 `teach`): a scene of plans and hand events, checked with
//! positions so a modder sees exactly what is wrong and where.
//!
//! ```ron
//! (species: "Cow", seed: 1, phase: 2,
//!  objects: {"sheep1": {"kind": "sheep", "alive": "yes"}},
//!  events: [
//!    (at: 0.0, do: PlanStart(desire: "Hunger", action: "Eat", object: "sheep1")),
//!    (at: 4.0, do: PlanEnd(desire: "Hunger")),
//!    (at: 5.0, do: Hold), (at: 5.1, do: Stroke), (at: 5.5, do: Release),
//!  ])
//! ```
//!
//! The runner is [`crate::creature::lesson::run_script`].

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::{LoadError, LoadResult, parse_ron, unknown_name};
use crate::mind::hand::Slap;
use crate::names::{Desire, Species};
use crate::ronpos::{Placer, key_in, list_items};
use crate::species::data::{Data, PHASE_COUNT};

/// The latest time a script may use, in seconds (a year of play).
pub const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// The most events a script may hold.
pub const MAX_EVENTS: usize = 100_000;

/// A lesson script (SPEC §15).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LessonScript {
    /// The species of the newborn the script teaches (and of a save it is applied to).
    pub species: Species,
    /// Seeds the newborn's birth.
    #[serde(deserialize_with = "seed")]
    pub seed: u64,
    /// The development phase of the newborn, 0 to 13 (SPEC §12).
    #[serde(deserialize_with = "phase")]
    pub phase: u8,
    /// The objects of the scene: id → belief answers (attribute → value).
    #[serde(default)]
    pub objects: BTreeMap<String, BTreeMap<String, String>>,
    /// In time order.
    pub events: Vec<ScriptEvent>,
}

/// One event of a script, `(at: 5.0, do: Hold)`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ScriptEvent {
    /// Seconds from the start; never earlier than the event before.
    pub at: f64,
    #[serde(rename = "do")]
    pub what: Do,
}

/// What happens at an event (SPEC §5, §6).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub enum Do {
    /// The creature starts a plan; the plan it was carrying out ends. `target` is what
    /// the desire is about, the object itself when omitted (SPEC §4).
    PlanStart {
        desire: Desire,
        action: String,
        object: String,
        #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "plain_some")]
        target: Option<String>,
    },
    /// The active plan, which must be of this desire, ends.
    PlanEnd {
        desire: Desire,
    },
    /// The player picks the creature up: a new running total.
    Hold,
    Stroke,
    Slap(Slap),
    /// The player lets go: the total is taught as one lesson.
    Release,
    /// The player hands the creature food to hold (SPEC §7: a stroke while it holds
    /// food makes it eat at once and teaches +1).
    Give {
        object: String,
    },
}

/// A number as written, for checks with clear messages: a whole number (any sign, up to
/// the range of `u64`) or anything else (a fraction, NaN).
fn whole_number<'de, D: Deserializer<'de>>(d: D, what: &'static str) -> Result<i128, D::Error> {
    struct Whole(&'static str);
    impl serde::de::Visitor<'_> for Whole {
        type Value = i128;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            write!(f, "a whole number for {}", self.0)
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<i128, E> {
            Ok(i128::from(v))
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<i128, E> {
            Ok(i128::from(v))
        }
        fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<i128, E> {
            Err(E::custom(format!("{} is {v}; expected a whole number", self.0)))
        }
    }
    d.deserialize_any(Whole(what))
}

/// An optional field written as a plain value (`target: "id"`), as SPEC §15 writes it.
fn plain_some<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    String::deserialize(d).map(Some)
}

fn seed<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let v = whole_number(d, "seed")?;
    u64::try_from(v)
        .map_err(|_| serde::de::Error::custom(format!("seed is {v}; expected a whole number from 0 to {}", u64::MAX)))
}

fn phase<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let v = whole_number(d, "phase")?;
    u8::try_from(v).ok().filter(|p| usize::from(*p) < PHASE_COUNT).ok_or_else(|| {
        serde::de::Error::custom(format!("phase is {v}; expected a development phase from 0 to 13 (SPEC §12)"))
    })
}

/// Checks a lesson script file for `check` and the editor's problems panel.
#[must_use]
pub fn check_file(file: &str, text: &str, data: &Data) -> Vec<LoadError> {
    LessonScript::parse(file, text, data).err().unwrap_or_default()
}

impl LessonScript {
    /// Parses and checks a script against the tables: names of desires, actions, objects
    /// and attributes (with the nearest valid name), times (finite, from 0, never going
    /// backwards) and the order of hand events. Every problem is reported.
    pub fn parse(file: &str, text: &str, data: &Data) -> LoadResult<LessonScript> {
        let script: LessonScript = parse_ron(file, text).map_err(|e| vec![e])?;
        let errors = script.check(file, text, data);
        if errors.is_empty() { Ok(script) } else { Err(errors) }
    }

    fn check(&self, file: &str, text: &str, data: &Data) -> Vec<LoadError> {
        let mut errors = Vec::new();
        // One index of the lines for every problem: a script of many bad events is
        // placed in one pass, not one scan of the text per problem.
        let place = Placer::new(text);
        let err = |at: usize, msg: String| {
            let (line, col) = place.line_col(at);
            LoadError::new(file, line, col, msg)
        };
        if self.events.len() > MAX_EVENTS {
            let (line, col) = place.field("events");
            errors.push(LoadError::new(
                file,
                line,
                col,
                format!("{} events; expected at most {MAX_EVENTS}", self.events.len()),
            ));
            return errors;
        }
        // Each object's entry `"id": {…}` of the map, found in one pass, so that a map of
        // many objects with unknown attributes is placed in linear time.
        let entries: HashMap<&str, (usize, usize)> = list_items(text, "objects")
            .into_iter()
            .filter_map(|span| Some((text[span.0..span.1].strip_prefix('"')?.split('"').next()?, span)))
            .collect();
        for (id, answers) in &self.objects {
            for attr in answers.keys().filter(|a| !data.attributes.contains(a)) {
                let msg = unknown_name("attribute", attr, data.attributes.iter().map(String::as_str));
                let at = entries.get(id.as_str()).map_or(0, |&span| key_in(text, span, attr).unwrap_or(span.0));
                errors.push(err(at, format!("object `{id}`: {msg}")));
            }
        }
        let items = list_items(text, "events");
        let mut last = 0.0_f64;
        let mut holding = false;
        let mut active: Option<Desire> = None;
        for (i, e) in self.events.iter().enumerate() {
            let span = items.get(i).copied().unwrap_or((0, 0));
            let at_key = |key: &str| key_in(text, span, key).unwrap_or(span.0);
            let n = i + 1;
            if !(e.at.is_finite() && (0.0..=MAX_SECONDS).contains(&e.at)) {
                errors.push(err(
                    at_key("at"),
                    format!("event {n}: time is {}; expected seconds from 0 to {MAX_SECONDS}", e.at),
                ));
            } else if e.at < last {
                errors.push(err(
                    at_key("at"),
                    format!("event {n}: time goes backwards, from {last} to {}; events must be in time order", e.at),
                ));
            } else {
                last = e.at;
            }
            let object = |id: &str, key: &str| -> Option<LoadError> {
                (!self.objects.contains_key(id)).then(|| {
                    let msg = unknown_name("object", id, self.objects.keys().map(String::as_str));
                    err(at_key(key), format!("event {n}: {msg} (objects are declared in `objects`)"))
                })
            };
            match &e.what {
                Do::PlanStart { desire, action, object: o, target } => {
                    if let Err(msg) = data.action_named(action) {
                        errors.push(err(at_key("action"), format!("event {n}: {msg}")));
                    }
                    errors.extend(object(o, "object"));
                    if let Some(t) = target {
                        errors.extend(object(t, "target"));
                    }
                    active = Some(*desire);
                }
                Do::PlanEnd { desire } => {
                    if active != Some(*desire) {
                        let now =
                            active.map_or("no plan is active".to_owned(), |d| format!("the active plan is {d}'s"));
                        errors.push(err(
                            at_key("desire"),
                            format!("event {n}: no active plan of {desire} to end; {now}"),
                        ));
                    }
                    active = None;
                }
                Do::Hold if holding => {
                    errors.push(err(
                        span.0,
                        format!("event {n}: Hold while already holding the creature; Release first"),
                    ));
                }
                Do::Hold => holding = true,
                Do::Stroke | Do::Slap(_) if !holding => {
                    errors.push(err(
                        span.0,
                        format!("event {n}: a stroke or slap needs the creature held; add a Hold before it"),
                    ));
                }
                Do::Release if !holding => {
                    errors.push(err(span.0, format!("event {n}: Release without a Hold")));
                }
                Do::Release => holding = false,
                Do::Stroke | Do::Slap(_) => {}
                Do::Give { object: o } => errors.extend(object(o, "object")),
            }
        }
        errors
    }
}
