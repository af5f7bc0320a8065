//! The RON form of a bank (SPEC §15), one event per line, and the world-state files
//! that name each feature beside its value.

use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::event::{EventRef, Matchup, Provenance};
use super::model::{Bank, BankProblem, MAX_EVENTS, MAX_FEATURES};
use creature_core::error::{LoadError, parse_ron};
use creature_core::ronpos::Placer;

/// A world state as written in files: feature name → value, in file order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StateMap(pub Vec<(String, f64)>);

impl Serialize for StateMap {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

impl<'de> Deserialize<'de> for StateMap {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = StateMap;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map of feature names to numbers, like {\"distance\": 1.5}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<StateMap, A::Error> {
                let mut out: Vec<(String, f64)> = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, f64>()? {
                    if out.iter().any(|(name, _)| *name == k) {
                        return Err(serde::de::Error::custom(format!("feature `{k}` is given twice")));
                    }
                    if out.len() >= MAX_FEATURES {
                        return Err(serde::de::Error::custom(format!(
                            "too many features in one state; a bank records at most {MAX_FEATURES}"
                        )));
                    }
                    out.push((k, v));
                }
                Ok(StateMap(out))
            }
        }
        d.deserialize_map(V)
    }
}

impl StateMap {
    /// Parses a state file (SPEC §15: `{"distance": 1.2, "own_state": 2, ...}`).
    pub fn parse(file: &str, text: &str) -> Result<StateMap, LoadError> {
        let state: StateMap = parse_ron(file, text)?;
        for (k, v) in &state.0 {
            if !v.is_finite() {
                return Err(LoadError::at_text(
                    file,
                    text,
                    &format!("\"{k}\""),
                    format!("`{k}` is {v}; expected a finite number"),
                ));
            }
        }
        Ok(state)
    }

    /// The value given for feature `name`.
    pub fn get(&self, name: &str) -> Option<f64> {
        self.0.iter().find(|(k, _)| k == name).map(|(_, v)| *v)
    }
}

/// A RON bank as its file spells it, for saves that keep a hand-written file's comments
/// (the editor splices what changed into the text it loaded).
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BankRon {
    events: Vec<EventRon>,
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EventRon {
    id: u64,
    matchup: Matchup,
    match_id: u64,
    segment: u64,
    index: u32,
    frame: u32,
    state: StateMap,
    action: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reaction: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    recorded_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    provenance: Option<Provenance>,
}

impl BankProblem {
    /// Where the problem sits in the RON text it was found in.
    fn locate_ron(&self, file: &str, text: &str) -> LoadError {
        let (line, col) = match self.event {
            Some(i) => Placer::new(text).item("events", i, self.key.as_deref()),
            None => (1, 1),
        };
        LoadError::new(file, line, col, self.message.clone())
    }
}

impl Bank {
    /// Parses a bank in the RON format of SPEC §15.
    pub fn parse_ron(file: &str, text: &str) -> Result<Bank, LoadError> {
        let ron: BankRon = parse_ron(file, text)?;
        Self::from_ron(ron).and_then(|b| b.check().map(|()| b)).map_err(|p| p.locate_ron(file, text))
    }

    fn from_ron(ron: BankRon) -> Result<Bank, BankProblem> {
        if ron.events.len() > MAX_EVENTS {
            return Err(BankProblem {
                event: None,
                key: None,
                message: format!("{} events; expected at most {MAX_EVENTS}", ron.events.len()),
            });
        }
        let features: Vec<String> =
            ron.events.first().map(|e| e.state.0.iter().map(|(k, _)| k.clone()).collect()).unwrap_or_default();
        let n = features.len();
        let mut bank = Bank::new(features);
        bank.reserve(ron.events.len());
        let mut row = Vec::with_capacity(n);
        for (i, e) in ron.events.into_iter().enumerate() {
            row.clear();
            if e.state.0.len() != n || e.state.0.iter().zip(&bank.features).any(|((k, _), f)| k != f) {
                for f in &bank.features {
                    row.push(e.state.get(f).ok_or_else(|| {
                        BankProblem::event(
                            i,
                            "state",
                            format!(
                                "the state has no value for `{f}`; every event records the same features as the first"
                            ),
                        )
                    })?);
                }
                if let Some((k, _)) = e.state.0.iter().find(|(k, _)| !bank.features.contains(k)) {
                    return Err(BankProblem::event(
                        i,
                        k,
                        format!("`{k}` is not recorded by the first event; every event records the same features"),
                    ));
                }
            } else {
                row.extend(e.state.0.iter().map(|(_, v)| *v));
            }
            let event = EventRef {
                id: e.id,
                matchup: &e.matchup,
                match_id: e.match_id,
                segment: e.segment,
                index: e.index,
                frame: e.frame,
                action: &e.action,
                reaction: e.reaction,
                recorded_at: e.recorded_at,
                provenance: e.provenance.as_ref(),
            };
            bank.push(&event, row.iter().copied()).map_err(|m| BankProblem::event(i, "reaction", m))?;
        }
        bank.shrink_to_fit();
        Ok(bank)
    }

    /// The bank as RON (SPEC §15), one event per line.
    pub fn to_ron(&self) -> String {
        let mut out = String::with_capacity(self.len() * (64 + 24 * self.features.len()) + 32);
        out.push_str("(events: [\n");
        for ron in self.ron_form().events {
            out.push_str("    ");
            out.push_str(&ron::to_string(&ron).unwrap_or_default());
            out.push_str(",\n");
        }
        out.push_str("])\n");
        out
    }

    /// The bank in the shape of its RON file.
    pub fn ron_form(&self) -> BankRon {
        let events = self
            .iter()
            .enumerate()
            .map(|(i, e)| EventRon {
                id: e.id,
                matchup: e.matchup.clone(),
                match_id: e.match_id,
                segment: e.segment,
                index: e.index,
                frame: e.frame,
                state: StateMap(self.features.iter().cloned().zip(self.state(i)).collect()),
                action: e.action.to_owned(),
                reaction: e.reaction,
                recorded_at: e.recorded_at,
                provenance: e.provenance.cloned(),
            })
            .collect();
        BankRon { events }
    }
}

/// The line and column of `key` (a field or feature name) in event `event` (its place
/// in the file) of a RON bank, or of the event itself; for errors found after loading.
pub fn event_position(text: &str, event: usize, key: Option<&str>) -> (usize, usize) {
    Placer::new(text).item("events", event, key)
}
