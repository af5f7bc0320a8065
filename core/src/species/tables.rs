//! The species folder's small tables, each read and checked alone: the actions, the
//! belief attributes and the development phases (SPEC §6, §8, §12). `data` re-exports
//! them.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::error::{LoadError, parse_ron};
use crate::species::problems::Problems;

/// The credit-assignment category of an action (SPEC §6).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActionCategory {
    Eat,
    Fight,
    Throw,
    Other,
}

/// How long after it ends a plan of each category can still take a lesson (SPEC §6).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CreditDecay {
    pub eat: f64,
    pub fight: f64,
    pub throw: f64,
    pub other: f64,
}

impl CreditDecay {
    /// The decay time in seconds for `category`.
    pub fn seconds(&self, category: ActionCategory) -> f64 {
        match category {
            ActionCategory::Eat => self.eat,
            ActionCategory::Fight => self.fight,
            ActionCategory::Throw => self.throw,
            ActionCategory::Other => self.other,
        }
    }
}

/// One action a plan can use (SPEC §4, §6).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ActionDef {
    pub name: String,
    pub category: ActionCategory,
    /// How long the act step of the agenda lasts, in seconds.
    pub seconds: f64,
    /// The skill this action needs before the creature can do it, learnt by watching (SPEC §10).
    #[serde(default)]
    pub skill: Option<String>,
}

/// `species/actions.ron`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ActionTable {
    pub credit_decay: CreditDecay,
    pub actions: Vec<ActionDef>,
}

impl ActionTable {
    /// Places a problem at each of `names` that is not an action of the table, saying
    /// which of `owner`'s names it is and the nearest action.
    pub(crate) fn check_named(&self, p: &mut Problems<'_>, owner: &str, names: &[String]) {
        for a in names {
            if !self.actions.iter().any(|x| &x.name == a) {
                let msg = crate::error::unknown_name("action", a, self.actions.iter().map(|x| x.name.as_str()));
                p.at(&format!("\"{a}\""), format!("{owner}: {msg}"));
            }
        }
    }
}

/// `species/attributes.ron`: the belief attributes in schema order (SPEC §8).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AttributeTable {
    pub attributes: Vec<String>,
}

/// What a development phase turns on, beyond its desires (SPEC §12).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ability {
    /// Takes food from the hand and eats it (phase 1).
    TakeFood,
    /// Lessons from the hand teach more than the liking (phase 2).
    HandTeaches,
    /// Copies the player's deeds on the learning leash (phase 3).
    CopyPlayer,
    /// The body's thirst builds (phase 3, SPEC §3); before, it stays where it is.
    Thirsts,
    /// May leave its pen (phase 5).
    LeavePen,
    /// Learns miracles by seeing them (phase 8).
    LearnMiracles,
}

/// One development phase (SPEC §12).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PhaseDef {
    pub name: String,
    /// Abilities first granted at this phase; they stay for every later phase.
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// When the creature moves on by itself to the next phase; `None`: it stays until
    /// the phase is set (always so for the last phase).
    #[serde(default)]
    pub advance: Option<PhaseAdvance>,
}

/// What must all have held, since the creature entered a phase, for it to move on to
/// the next one. A part left out (0 or empty) always holds.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct PhaseAdvance {
    /// Simulated seconds spent in the phase.
    #[serde(default)]
    pub after_seconds: f64,
    /// Hand lessons that taught a plan (a release with a plan credited).
    #[serde(default)]
    pub lessons: u32,
    /// Sightings of the player's miracles, as many as each one counted (SPEC §10: three
    /// on the learning leash); a failed try of its own does not count here.
    #[serde(default)]
    pub sightings: u32,
    /// Named events that each happened at least once, from [`PHASE_EVENTS`].
    #[serde(default)]
    pub events: Vec<String>,
}

/// The events a phase's `advance` can wait for:
/// - `ate`: the creature finished an Eat act;
/// - `held`: the player's hand picked it up;
/// - `took_food`: it took food from the player's hand;
/// - `stroked`, `slapped`: the hand stroked or slapped it while holding it;
/// - `left_pen`: it stood outside its pen;
/// - `learnt_skill`: it learnt a skill by watching villagers (SPEC §10).
pub const PHASE_EVENTS: [&str; 7] = ["ate", "held", "took_food", "stroked", "slapped", "left_pen", "learnt_skill"];

/// `species/phases.ron`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PhaseTable {
    pub phases: Vec<PhaseDef>,
}

/// The number of development phases (SPEC §12).
pub const PHASE_COUNT: usize = 14;

fn one_error<T>(r: Result<T, LoadError>) -> Result<T, Vec<LoadError>> {
    r.map_err(|e| vec![e])
}

pub(crate) fn parse_actions(file: &str, text: &str) -> Result<ActionTable, Vec<LoadError>> {
    let table: ActionTable = one_error(parse_ron(file, text))?;
    let mut p = Problems::new(file, text);
    let c = table.credit_decay;
    for (what, v) in [("eat", c.eat), ("fight", c.fight), ("throw", c.throw), ("other", c.other)] {
        p.range("credit_decay", &format!("credit decay for {what}"), v, 0.001, 3600.0);
    }
    let mut seen = BTreeSet::new();
    for a in &table.actions {
        let at = format!("\"{}\"", a.name);
        if !seen.insert(a.name.as_str()) {
            p.at(&at, format!("action {} is listed twice", a.name));
        }
        if a.name.trim().is_empty() {
            p.at("name", "an action needs a name");
        }
        p.range(&at, &format!("{}: seconds", a.name), a.seconds, 0.1, 600.0);
    }
    for required in ["Eat", "Fight", "Throw", "Play", "Dance"] {
        if !seen.contains(required) {
            p.at("actions", format!("the action table needs {required} (SPEC §6)"));
        }
    }
    p.finish(table)
}

pub(crate) fn parse_attributes(file: &str, text: &str) -> Result<Vec<String>, Vec<LoadError>> {
    let table: AttributeTable = one_error(parse_ron(file, text))?;
    let mut p = Problems::new(file, text);
    let mut seen = BTreeSet::new();
    for a in &table.attributes {
        if !seen.insert(a.as_str()) {
            p.at(&format!("\"{a}\""), format!("attribute {a} is listed twice"));
        }
    }
    for (i, required) in ["allegiance", "alive", "kind", "tribe", "sex", "town_owner"].iter().enumerate() {
        if table.attributes.get(i).map(String::as_str) != Some(*required) {
            p.at("attributes",
                format!("attribute {} should be {required}: the schema starts allegiance, alive, kind, tribe, sex, town_owner (SPEC §8)", i + 1));
        }
    }
    p.finish(table.attributes)
}

pub(crate) fn parse_phases(file: &str, text: &str) -> Result<Vec<PhaseDef>, Vec<LoadError>> {
    let table: PhaseTable = one_error(parse_ron(file, text))?;
    if table.phases.len() != PHASE_COUNT {
        return Err(vec![LoadError::at_text(
            file,
            text,
            "phases",
            format!("{} phases listed; expected 14 (0 to 13, SPEC §12)", table.phases.len()),
        )]);
    }
    let mut p = Problems::new(file, text);
    for (i, phase) in table.phases.iter().enumerate() {
        let Some(advance) = &phase.advance else { continue };
        let at = format!("\"{}\"", phase.name);
        if i + 1 == PHASE_COUNT {
            p.at(&at, format!("{}: the last phase has no next phase to advance to", phase.name));
        }
        let seconds = advance.after_seconds;
        if !(seconds.is_finite() && seconds >= 0.0) {
            p.at(
                &at,
                format!("{}: after_seconds is {seconds}; expected a finite number of seconds, 0 or more", phase.name),
            );
        }
        for e in &advance.events {
            if !PHASE_EVENTS.contains(&e.as_str()) {
                let msg = crate::error::unknown_name("phase event", e, PHASE_EVENTS.iter().copied());
                p.at(&format!("\"{e}\""), format!("{}: {msg}", phase.name));
            }
        }
    }
    p.finish(table.phases)
}
