//! Conditions (SPEC §19): something that happens in a run, written in RON as a
//! scenario's triggers are. One syntax serves the editor's breakpoints, `scenario run
//! --break` and `recording find`. A [`Watch`] looks at a run turn by turn and says at
//! which turns its condition fired; a [`WatchSet`] looks for several at once.

mod watch;

pub use watch::{Watch, WatchSet};

use serde::{Deserialize, Serialize};

use crate::error::{LoadError, parse_ron_with, unknown_name};
use crate::names::Desire;
use crate::species::data::{Data, TreeKind};
use crate::species::rules::Kind;
use crate::world::file::WorldFile;

/// Something that happens in a run.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub enum Cond {
    /// A plan starts that matches every filter given.
    PlanStarted {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        desire: Option<Desire>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        action: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        object: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<Kind>,
    },
    /// A plan is replaced by one more than twice as urgent (SPEC §4).
    PlanSwitched,
    /// A release teaches a plan (of `desire`, by a stroke or a slap, when given).
    Lesson {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        desire: Option<Desire>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sign: Option<Sign>,
    },
    /// The phase changes (to `to`, when given).
    Phase {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<u8>,
    },
    /// A skill or miracle is learnt (`what`, when given).
    Learnt {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        what: Option<String>,
    },
    /// The turn a desire's value first passes `value` from below.
    Above { desire: Desire, value: f64 },
    /// The turn a desire's value first passes `value` from above.
    Below { desire: Desire, value: f64 },
    /// The turn the liking comes into the range given (above `above`, below `below`).
    Liking {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        above: Option<f64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        below: Option<f64>,
    },
    /// The turn an object's score by a tree comes into the range given.
    Score {
        desire: Desire,
        tree: TreeKind,
        object: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        above: Option<f64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        below: Option<f64>,
    },
}

/// Which way a lesson went.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    Stroke,
    Slap,
}

/// Where a condition's text came from, for its problems: `--when`, `--break` or the
/// breakpoint's name.
const FILE: &str = "condition";

impl Cond {
    /// Reads a condition and checks every name it gives against the species data and
    /// the world (an unknown desire, action, id, kind, skill or miracle), each problem
    /// placed at its column. A condition without fields may be written bare
    /// (`PlanStarted` for `PlanStarted()`).
    pub fn parse(text: &str, data: &Data, world: &WorldFile) -> Result<Cond, LoadError> {
        let trimmed = text.trim();
        let bare =
            !trimmed.is_empty() && trimmed.chars().all(|c| c.is_ascii_alphanumeric()) && trimmed != "PlanSwitched";
        let written = if bare { format!("{trimmed}()") } else { text.to_owned() };
        let cond: Cond = parse_ron_with(FILE, &written, &crate::error::ron_options_bare_optional())?;
        cond.check(&written, data, world)?;
        Ok(cond)
    }

    /// The first name the condition gives that the data or the world lacks.
    fn check(&self, text: &str, data: &Data, world: &WorldFile) -> Result<(), LoadError> {
        let at = |key: &str, message: String| {
            let offset = crate::ronpos::key_in(text, (0, text.len()), key).unwrap_or(0);
            let (line, col) = crate::ronpos::line_col(text, offset);
            Err(LoadError::new(FILE, line, col, message))
        };
        if let Some((key, message)) = crate::bounds::first_not_finite(&self.bounds()) {
            // Placed at the number itself, which is what is wrong.
            let offset = crate::ronpos::value_in(text, (0, text.len()), key).unwrap_or(0);
            let (line, col) = crate::ronpos::line_col(text, offset);
            return Err(LoadError::new(FILE, line, col, message));
        }
        let object = |id: &str| world.has_id(id);
        let objects = || world.ids();
        match self {
            Cond::PlanStarted { action: Some(a), .. } if data.action(a).is_none() => {
                at("action", data.action_named(a).err().unwrap_or_default())
            }
            Cond::PlanStarted { object: Some(o), .. } | Cond::Score { object: o, .. } if !object(o) => {
                at("object", unknown_name("object", o, objects()))
            }
            Cond::Learnt { what: Some(w) } => {
                let skills = world.watch.skill_seconds.keys();
                let miracles = world.watch.miracle_base.keys();
                if skills.clone().chain(miracles.clone()).any(|k| k == w) {
                    Ok(())
                } else {
                    at("what", unknown_name("skill or miracle", w, skills.chain(miracles).map(String::as_str)))
                }
            }
            Cond::Phase { to: Some(p) } if usize::from(*p) >= crate::species::data::PHASE_COUNT => {
                at("to", format!("expected a phase from 0 to {}", crate::species::data::PHASE_COUNT - 1))
            }
            Cond::Liking { above: None, below: None } | Cond::Score { above: None, below: None, .. } => {
                at("above", "expected at least one of `above` and `below`".into())
            }
            _ => Ok(()),
        }
    }

    /// The numbers the condition is bounded by, each with its field's name.
    fn bounds(&self) -> Vec<(&'static str, Option<f64>)> {
        match self {
            Cond::Above { value, .. } | Cond::Below { value, .. } => vec![("value", Some(*value))],
            Cond::Liking { above, below } | Cond::Score { above, below, .. } => {
                vec![("above", *above), ("below", *below)]
            }
            _ => Vec::new(),
        }
    }

    /// The condition as written, on one line: what [`Cond::parse`] reads back.
    #[must_use]
    pub fn text(&self) -> String {
        crate::ron_line::ron_line(self)
    }

    /// The condition as a sentence, for the Breakpoints panel and the log.
    #[must_use]
    pub fn describe(&self) -> String {
        let range = |above: &Option<f64>, below: &Option<f64>| match (above, below) {
            (Some(a), Some(b)) => format!("between {a} and {b}"),
            (Some(a), None) => format!("above {a}"),
            (None, Some(b)) => format!("below {b}"),
            (None, None) => "anywhere".to_owned(),
        };
        match self {
            Cond::PlanStarted { desire, action, object, kind } => {
                let mut s = format!("{} plan", desire.map_or("A".to_owned(), |d| d.to_string()));
                if let Some(a) = action {
                    s += &format!(" to {a}");
                }
                match (object, kind) {
                    (Some(o), _) => s += &format!(" on {o}"),
                    (None, Some(k)) => s += &format!(" on a {}", k.name()),
                    (None, None) => {}
                }
                s
            }
            Cond::PlanSwitched => "A plan more than twice as urgent takes over".to_owned(),
            Cond::Lesson { desire, sign } => {
                let how = match sign {
                    Some(Sign::Stroke) => "stroke",
                    Some(Sign::Slap) => "slap",
                    None => "lesson",
                };
                format!("A {how} teaches {}", desire.map_or("a plan".to_owned(), |d| format!("a {d} plan")))
            }
            Cond::Phase { to: Some(p) } => format!("The phase becomes {p}"),
            Cond::Phase { to: None } => "The phase changes".to_owned(),
            Cond::Learnt { what: Some(w) } => format!("{w} is learnt"),
            Cond::Learnt { what: None } => "A skill or miracle is learnt".to_owned(),
            Cond::Above { desire, value } => format!("{desire} rises past {value}"),
            Cond::Below { desire, value } => format!("{desire} falls past {value}"),
            Cond::Liking { above, below } => format!("The liking comes {}", range(above, below)),
            Cond::Score { desire, tree, object, above, below } => {
                format!("{object}'s {desire} {tree:?} score comes {}", range(above, below))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_condition_written_out_reads_back_as_itself() {
        let data = Data::builtin().unwrap();
        let world = WorldFile::builtin(&data).unwrap();
        let object = world.ids().next().unwrap().to_owned();
        let every = [
            Cond::PlanStarted {
                desire: Some(Desire::Hunger),
                action: Some("Eat".into()),
                object: None,
                kind: Some(Kind::Wolf),
            },
            Cond::PlanStarted { desire: None, action: None, object: Some(object.clone()), kind: None },
            Cond::PlanSwitched,
            Cond::Lesson { desire: Some(Desire::Anger), sign: Some(Sign::Slap) },
            Cond::Lesson { desire: None, sign: None },
            Cond::Phase { to: Some(3) },
            Cond::Learnt { what: None },
            Cond::Above { desire: Desire::Hunger, value: 0.6 },
            Cond::Below { desire: Desire::Tiredness, value: 0.25 },
            Cond::Liking { above: Some(-0.5), below: None },
            Cond::Score { desire: Desire::Hunger, tree: TreeKind::ActOn, object, above: None, below: Some(0.1) },
        ];
        for c in every {
            let text = c.text();
            assert_eq!(Cond::parse(&text, &data, &world).unwrap_or_else(|e| panic!("{text}: {e}")), c, "{text}");
        }
        let c = Cond::PlanStarted {
            desire: Some(Desire::Hunger),
            action: None,
            object: Some("sheep_1".into()),
            kind: None,
        };
        assert_eq!(c.text(), r#"PlanStarted(desire: "Hunger", object: "sheep_1")"#, "as a person types it");
    }

    #[test]
    fn every_bound_is_a_finite_number_placed_at_the_number() {
        let data = Data::builtin().unwrap();
        let world = WorldFile::builtin(&data).unwrap();
        let object = world.objects[0].id.clone();
        let cases = [
            ("Liking(above: NaN)".to_owned(), 15, "`above` is NaN"),
            ("Liking(above: 0.1, below: inf)".to_owned(), 27, "`below` is inf"),
            (
                format!("Score(desire: \"Hunger\", tree: ActOn, object: \"{object}\", above: NaN)"),
                57 + object.len(),
                "`above` is NaN",
            ),
            ("Above(desire: \"Hunger\", value: -inf)".to_owned(), 32, "`value` is -inf"),
            ("Below(desire: \"Hunger\", value: NaN)".to_owned(), 32, "`value` is NaN"),
        ];
        for (text, col, said) in cases {
            let e = Cond::parse(&text, &data, &world).expect_err(&text);
            assert_eq!((e.line, e.col), (1, col), "{text}: {e}");
            assert!(e.message.contains(said) && e.message.contains("finite"), "{text}: {e}");
        }
    }
}
