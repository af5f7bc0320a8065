//! Replay banks (SPEC §13, file format in §15): the events a shadow plays from, kept per
//! matchup with a fallback, grown one kept match at a time, merged with provenance,
//! pruned by match or segment, and summarised for the editor.
//!
//! In memory a bank stores its world states as one row-major matrix of numbers beside
//! the event records, so that a 40,000-event bank loads from its binary form without
//! building 40,000 maps.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt;
use std::path::Path;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{LoadError, parse_ron};
use crate::ronpos::locate_item;

/// No bank holds more events than this (the seed's shadows held 20,000–40,000).
pub const MAX_EVENTS: usize = 5_000_000;
/// Action and character names longer than this are refused.
pub const MAX_NAME: usize = 128;
/// The first bytes of a binary bank file.
pub const BINARY_MAGIC: &[u8; 8] = b"CSBANK\0\x01";

/// Own character and opponent character (SPEC §13): banks are kept per matchup.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Matchup(pub String, pub String);

impl Matchup {
    pub fn new(own: impl Into<String>, opponent: impl Into<String>) -> Self {
        Self(own.into(), opponent.into())
    }

    /// The character the events were recorded for.
    pub fn own(&self) -> &str {
        &self.0
    }

    /// The character they were played against.
    pub fn opponent(&self) -> &str {
        &self.1
    }
}

impl fmt::Display for Matchup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} vs {}", self.0, self.1)
    }
}

/// Where a merged event came from (SPEC §13: merging keeps provenance), so that a
/// "Frankenstein" shadow made of several players can be traced back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// The name of the bank the event was first recorded in.
    pub bank: String,
    /// Its match id there.
    pub match_id: u64,
    /// Its segment id there.
    pub segment: u64,
}

/// One recorded decision (SPEC §13): what the world looked like and what was done.
/// The world state itself lives in the bank ([`Bank::state`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub id: u64,
    pub matchup: Matchup,
    pub match_id: u64,
    pub segment: u64,
    pub index: u32,
    pub frame: u32,
    pub action: String,
    /// Frames from the start of the opponent's attack to this response, when this event
    /// is the recorder's first change of action after one.
    pub reaction: Option<u32>,
    /// Seconds since 1970 when the match was kept.
    pub recorded_at: Option<u64>,
    pub provenance: Option<Provenance>,
}

/// A replay bank (SPEC §13).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Bank {
    features: Vec<String>,
    events: Vec<Event>,
    values: Vec<f64>,
}

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
                    if out.len() >= super::schema::MAX_FEATURES * 4 {
                        return Err(serde::de::Error::custom("too many features in one state"));
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

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BankRon {
    events: Vec<EventRon>,
}

#[derive(Serialize, Deserialize)]
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

/// A problem with one event, found after parsing.
#[derive(Debug, Clone, PartialEq)]
pub struct BankProblem {
    /// The event's place in the file (0-based), or `None` for the bank as a whole.
    pub event: Option<usize>,
    /// The field or feature to point at.
    pub key: Option<String>,
    pub message: String,
}

impl BankProblem {
    fn event(i: usize, key: &str, message: String) -> Self {
        Self { event: Some(i), key: Some(key.to_owned()), message }
    }

    fn locate_ron(&self, file: &str, text: &str) -> LoadError {
        let (line, col) = match self.event {
            Some(i) => locate_item(text, "events", i, self.key.as_deref()),
            None => (1, 1),
        };
        LoadError::new(file, line, col, self.message.clone())
    }
}

impl fmt::Display for BankProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.event {
            Some(i) => write!(f, "event #{}: {}", i + 1, self.message),
            None => write!(f, "{}", self.message),
        }
    }
}

fn check_name(what: &str, name: &str) -> Result<(), String> {
    if name.trim().is_empty() {
        return Err(format!("the {what} is empty; expected a name"));
    }
    if name.len() > MAX_NAME {
        return Err(format!("the {what} is {} bytes long; expected at most {MAX_NAME}", name.len()));
    }
    Ok(())
}

impl Bank {
    /// An empty bank that records `features`.
    pub fn new(features: Vec<String>) -> Self {
        Self { features, events: Vec::new(), values: Vec::new() }
    }

    /// A bank from its parts: `values` holds each event's state, one row of
    /// `features.len()` numbers per event, in event order. Checked like a loaded bank.
    pub fn from_parts(features: Vec<String>, events: Vec<Event>, values: Vec<f64>) -> Result<Bank, BankProblem> {
        if Some(values.len()) != events.len().checked_mul(features.len()) {
            return Err(BankProblem {
                event: None,
                key: None,
                message: format!("{} values for {} events × {} features", values.len(), events.len(), features.len()),
            });
        }
        let mut seen = HashSet::new();
        for f in &features {
            if let Err(message) = check_name("feature name", f) {
                return Err(BankProblem { event: None, key: None, message });
            }
            if !seen.insert(f.as_str()) {
                return Err(BankProblem { event: None, key: None, message: format!("feature `{f}` is listed twice") });
            }
        }
        let bank = Bank { features, events, values };
        bank.check()?;
        Ok(bank)
    }

    /// The recorded feature names; every event has a value for each.
    pub fn features(&self) -> &[String] {
        &self.features
    }

    /// The events in bank order (the order of the file).
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The number of events.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// Whether the bank has no events.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// The world state of event `i` (in bank order), one value per [`Bank::features`].
    pub fn state(&self, i: usize) -> &[f64] {
        let n = self.features.len();
        &self.values[i * n..(i + 1) * n]
    }

    /// Where feature `name` sits in each state.
    pub fn feature_position(&self, name: &str) -> Option<usize> {
        self.features.iter().position(|f| f == name)
    }

    /// The bank position of the event with this id.
    pub fn position_of(&self, id: u64) -> Option<usize> {
        self.events.iter().position(|e| e.id == id)
    }

    /// The bank position of event `index` of `segment`.
    pub fn find(&self, segment: u64, index: u32) -> Option<usize> {
        self.events.iter().position(|e| e.segment == segment && e.index == index)
    }

    /// The age of each event for recency (SPEC §15): by match-id rank, the highest match
    /// id has age 0, the lowest age 1, evenly spaced between (one match: age 0).
    pub fn ages(&self) -> Vec<f64> {
        let ids: BTreeSet<u64> = self.events.iter().map(|e| e.match_id).collect();
        let m = ids.len();
        let rank: HashMap<u64, usize> = ids.into_iter().enumerate().map(|(r, id)| (id, r)).collect();
        self.events
            .iter()
            .map(|e| if m > 1 { (m - 1 - rank[&e.match_id]) as f64 / (m - 1) as f64 } else { 0.0 })
            .collect()
    }

    /// For each event, the position of the event that directly follows it in its
    /// segment (index + 1), if any: the one sequence continuation favours (SPEC §13).
    pub fn continuations(&self) -> Vec<Option<usize>> {
        let at: HashMap<(u64, u32), usize> =
            self.events.iter().enumerate().map(|(i, e)| ((e.segment, e.index), i)).collect();
        self.events
            .iter()
            .map(|e| e.index.checked_add(1).and_then(|next| at.get(&(e.segment, next)).copied()))
            .collect()
    }

    /// Checks the rules of SPEC §13/§15 that the file format cannot express: unique
    /// event ids, unique (segment, index) pairs, one match and matchup per segment,
    /// finite values, sensible names.
    pub fn check(&self) -> Result<(), BankProblem> {
        if self.events.len() > MAX_EVENTS {
            return Err(BankProblem {
                event: None,
                key: None,
                message: format!("{} events; expected at most {MAX_EVENTS}", self.events.len()),
            });
        }
        let mut ids = HashSet::with_capacity(self.events.len());
        let mut places = HashSet::with_capacity(self.events.len());
        let mut segments: HashMap<u64, (u64, &Matchup)> = HashMap::new();
        for (i, e) in self.events.iter().enumerate() {
            if !ids.insert(e.id) {
                return Err(BankProblem::event(
                    i,
                    "id",
                    format!("event id {} is used twice; ids must be unique", e.id),
                ));
            }
            if !places.insert((e.segment, e.index)) {
                return Err(BankProblem::event(
                    i,
                    "index",
                    format!("segment {} has two events with index {}", e.segment, e.index),
                ));
            }
            match segments.get(&e.segment) {
                Some(&(m, mu)) if m != e.match_id || mu != &e.matchup => {
                    return Err(BankProblem::event(
                        i,
                        "segment",
                        format!(
                            "segment {} belongs to match {m} ({mu}) but this event says match {} ({}); segment ids are unique in a bank",
                            e.segment, e.match_id, e.matchup
                        ),
                    ));
                }
                Some(_) => {}
                None => {
                    segments.insert(e.segment, (e.match_id, &e.matchup));
                }
            }
            check_name("action", &e.action).map_err(|m| BankProblem::event(i, "action", m))?;
            check_name("own character", e.matchup.own()).map_err(|m| BankProblem::event(i, "matchup", m))?;
            check_name("opponent character", e.matchup.opponent()).map_err(|m| BankProblem::event(i, "matchup", m))?;
            for (f, v) in self.features.iter().zip(self.state(i)) {
                if !v.is_finite() {
                    return Err(BankProblem::event(i, f, format!("`{f}` is {v}; expected a finite number")));
                }
            }
        }
        Ok(())
    }

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
        let mut values = Vec::with_capacity(ron.events.len() * n);
        let mut events = Vec::with_capacity(ron.events.len());
        for (i, e) in ron.events.into_iter().enumerate() {
            if e.state.0.len() != n || e.state.0.iter().zip(&features).any(|((k, _), f)| k != f) {
                let row: Vec<f64> = features
                    .iter()
                    .map(|f| e.state.get(f).ok_or_else(|| {
                        BankProblem::event(i, "state", format!("the state has no value for `{f}`; every event records the same features as the first"))
                    }))
                    .collect::<Result<_, _>>()?;
                if let Some((k, _)) = e.state.0.iter().find(|(k, _)| !features.contains(k)) {
                    return Err(BankProblem::event(
                        i,
                        k,
                        format!("`{k}` is not recorded by the first event; every event records the same features"),
                    ));
                }
                values.extend(row);
            } else {
                values.extend(e.state.0.iter().map(|(_, v)| *v));
            }
            events.push(Event {
                id: e.id,
                matchup: e.matchup,
                match_id: e.match_id,
                segment: e.segment,
                index: e.index,
                frame: e.frame,
                action: e.action,
                reaction: e.reaction,
                recorded_at: e.recorded_at,
                provenance: e.provenance,
            });
        }
        Ok(Bank { features, events, values })
    }

    /// The bank as RON (SPEC §15), one event per line.
    pub fn to_ron(&self) -> String {
        let mut out = String::with_capacity(self.events.len() * (64 + 24 * self.features.len()) + 32);
        out.push_str("(events: [\n");
        for (i, e) in self.events.iter().enumerate() {
            let ron = EventRon {
                id: e.id,
                matchup: e.matchup.clone(),
                match_id: e.match_id,
                segment: e.segment,
                index: e.index,
                frame: e.frame,
                state: StateMap(self.features.iter().cloned().zip(self.state(i).iter().copied()).collect()),
                action: e.action.clone(),
                reaction: e.reaction,
                recorded_at: e.recorded_at,
                provenance: e.provenance.clone(),
            };
            out.push_str("    ");
            out.push_str(&ron::to_string(&ron).unwrap_or_default());
            out.push_str(",\n");
        }
        out.push_str("])\n");
        out
    }

    /// Reads a bank from disk: the binary form when the file starts with
    /// [`BINARY_MAGIC`], RON otherwise.
    pub fn load(path: &Path) -> Result<Bank, LoadError> {
        let file = path.display().to_string();
        let bytes =
            std::fs::read(path).map_err(|e| LoadError::whole_file(&file, format!("cannot read the file: {e}")))?;
        Self::from_bytes(path, &bytes)
    }

    /// Reads a bank from the bytes of the file at `path`: the binary form when they start
    /// with [`BINARY_MAGIC`], RON otherwise.
    pub fn from_bytes(path: &Path, bytes: &[u8]) -> Result<Bank, LoadError> {
        let file = path.display().to_string();
        if bytes.starts_with(&BINARY_MAGIC[..6]) {
            return Self::from_binary(&file, bytes);
        }
        match std::str::from_utf8(bytes) {
            Ok(text) => Self::parse_ron(&file, text),
            // read_text says where the first byte that is not UTF-8 is.
            Err(_) => Err(crate::error::read_text(path)
                .err()
                .unwrap_or_else(|| LoadError::whole_file(&file, "expected UTF-8 text or a binary bank"))),
        }
    }

    /// Writes the bank atomically (SPEC §14): RON for a `.ron` path, the binary form for
    /// any other.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        crate::fsutil::save_atomic(path, &self.bytes_for(path))
    }

    /// The bytes a save to `path` writes: RON for a `.ron` path, the binary form for any
    /// other.
    pub fn bytes_for(&self, path: &Path) -> Vec<u8> {
        let is_ron = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("ron"));
        if is_ron { self.to_ron().into_bytes() } else { self.to_binary() }
    }

    /// The compact binary form for large banks (SPEC §14): a magic header, then postcard.
    pub fn to_binary(&self) -> Vec<u8> {
        let mut names = Interner::default();
        let mut events = Vec::with_capacity(self.events.len());
        for e in &self.events {
            events.push(BinEvent {
                id: e.id,
                own: names.get(e.matchup.own()),
                opp: names.get(e.matchup.opponent()),
                match_id: e.match_id,
                segment: e.segment,
                index: e.index,
                frame: e.frame,
                action: names.get(&e.action),
                reaction: e.reaction,
                recorded_at: e.recorded_at,
                provenance: e.provenance.as_ref().map(|p| (names.get(&p.bank), p.match_id, p.segment)),
            });
        }
        let strings = names.strings;
        let bin = BinBank {
            n_events: self.events.len() as u64,
            features: self.features.clone(),
            strings,
            events,
            values: self.values.clone(),
        };
        let mut out = BINARY_MAGIC.to_vec();
        out.extend(postcard::to_stdvec(&bin).unwrap_or_default());
        out
    }

    /// Reads the binary form. A file that claims more events than it can hold is
    /// refused before anything is allocated for them.
    pub fn from_binary(file: &str, bytes: &[u8]) -> Result<Bank, LoadError> {
        let err = |m: String| LoadError::whole_file(file, m);
        if !bytes.starts_with(BINARY_MAGIC) {
            return Err(err(if bytes.starts_with(&BINARY_MAGIC[..6]) {
                "a binary bank of another version; expected version 1".into()
            } else {
                "not a binary bank (it does not start with CSBANK)".into()
            }));
        }
        let body = &bytes[BINARY_MAGIC.len()..];
        let (claimed, rest) = postcard::take_from_bytes::<u64>(body)
            .map_err(|e| err(format!("corrupt binary bank: cannot read the event count ({e})")))?;
        // Each event takes at least 9 bytes (varints and option tags).
        if claimed > MAX_EVENTS as u64 || claimed.saturating_mul(9) > rest.len() as u64 {
            return Err(err(format!(
                "the binary bank claims {claimed} events but holds only {} bytes; expected at most {} events",
                bytes.len(),
                MAX_EVENTS.min(rest.len() / 9)
            )));
        }
        let bin: BinBank = postcard::from_bytes(body).map_err(|e| err(format!("corrupt binary bank: {e}")))?;
        let n = bin.features.len();
        if bin.events.len() as u64 != claimed {
            return Err(err(format!("the binary bank claims {claimed} events but holds {}", bin.events.len())));
        }
        if Some(bin.values.len()) != bin.events.len().checked_mul(n) {
            return Err(err(format!(
                "the binary bank holds {} values; expected {} events × {n} features",
                bin.values.len(),
                bin.events.len()
            )));
        }
        let name = |k: u32| -> Result<String, LoadError> {
            bin.strings
                .get(k as usize)
                .cloned()
                .ok_or_else(|| err(format!("corrupt binary bank: string {k} is missing")))
        };
        let mut events = Vec::with_capacity(bin.events.len());
        for e in &bin.events {
            events.push(Event {
                id: e.id,
                matchup: Matchup(name(e.own)?, name(e.opp)?),
                match_id: e.match_id,
                segment: e.segment,
                index: e.index,
                frame: e.frame,
                action: name(e.action)?,
                reaction: e.reaction,
                recorded_at: e.recorded_at,
                provenance: match e.provenance {
                    Some((b, match_id, segment)) => Some(Provenance { bank: name(b)?, match_id, segment }),
                    None => None,
                },
            });
        }
        let mut seen = HashSet::new();
        for f in &bin.features {
            check_name("feature name", f).map_err(err)?;
            if !seen.insert(f.as_str()) {
                return Err(err(format!("feature `{f}` is listed twice")));
            }
        }
        let bank = Bank { features: bin.features, events, values: bin.values };
        bank.check().map_err(|p| err(format!("binary bank, {p}")))?;
        Ok(bank)
    }

    /// Adds a kept match (SPEC §13: recording is additive; the user keeps or discards
    /// each match at its end). The match gets the next match id, its segments fresh
    /// segment ids and its events fresh event ids. Returns the new match id.
    pub fn keep(&mut self, pending: &PendingMatch, recorded_at: Option<u64>) -> Result<u64, String> {
        if self.events.is_empty() && self.features.is_empty() {
            self.features = pending.features.clone();
        }
        let order: Vec<usize> = pending
            .features
            .iter()
            .map(|f| self.feature_position(f))
            .collect::<Option<Vec<_>>>()
            .filter(|o| o.len() == self.features.len())
            .ok_or_else(|| {
                format!(
                    "the match records features [{}] but the bank records [{}]",
                    pending.features.join(", "),
                    self.features.join(", ")
                )
            })?;
        if self.events.len() + pending.events.len() > MAX_EVENTS {
            return Err(format!("the bank would hold more than {MAX_EVENTS} events"));
        }
        let match_id = self.events.iter().map(|e| e.match_id).max().map_or(1, |m| m + 1);
        let first_segment = self.events.iter().map(|e| e.segment).max().map_or(0, |s| s + 1);
        let first_id = self.events.iter().map(|e| e.id).max().map_or(0, |i| i + 1);
        for (next_id, p) in (first_id..).zip(&pending.events) {
            check_name("action", &p.action)?;
            if p.state.len() != order.len() || p.state.iter().any(|v| !v.is_finite()) {
                return Err(format!(
                    "the event at frame {} has a state that is not {} finite numbers",
                    p.frame,
                    order.len()
                ));
            }
            let mut row = vec![0.0; order.len()];
            for (k, &pos) in order.iter().enumerate() {
                row[pos] = p.state[k];
            }
            self.values.extend(row);
            self.events.push(Event {
                id: next_id,
                matchup: pending.matchup.clone(),
                match_id,
                segment: first_segment + p.segment,
                index: p.index,
                frame: p.frame,
                action: p.action.clone(),
                reaction: p.reaction,
                recorded_at,
                provenance: None,
            });
        }
        Ok(match_id)
    }

    /// Deletes every event of a match; returns how many were removed. Other events keep
    /// their ids.
    pub fn delete_match(&mut self, match_id: u64) -> usize {
        self.retain(|e| e.match_id != match_id)
    }

    /// Deletes every event of a segment; returns how many were removed.
    pub fn delete_segment(&mut self, segment: u64) -> usize {
        self.retain(|e| e.segment != segment)
    }

    fn retain(&mut self, keep: impl Fn(&Event) -> bool) -> usize {
        let n = self.features.len();
        let before = self.events.len();
        let mut values = Vec::with_capacity(self.values.len());
        let mut events = Vec::with_capacity(before);
        for (i, e) in std::mem::take(&mut self.events).into_iter().enumerate() {
            if keep(&e) {
                values.extend_from_slice(&self.values[i * n..(i + 1) * n]);
                events.push(e);
            }
        }
        self.events = events;
        self.values = values;
        before - self.events.len()
    }

    /// The events of one matchup as a bank of their own.
    pub fn only(&self, matchup: &Matchup) -> Bank {
        let mut out = Bank::new(self.features.clone());
        for (i, e) in self.events.iter().enumerate() {
            if &e.matchup == matchup {
                out.events.push(e.clone());
                out.values.extend_from_slice(self.state(i));
            }
        }
        out
    }

    /// The matchups recorded in the bank.
    pub fn matchups(&self) -> Vec<Matchup> {
        self.events.iter().map(|e| e.matchup.clone()).collect::<BTreeSet<_>>().into_iter().collect()
    }

    /// The numbers the editor shows about a bank (SPEC §13): events, segments, matches,
    /// the action histogram and the reaction-time distribution.
    pub fn stats(&self) -> BankStats {
        let mut actions = BTreeMap::new();
        let mut matchups = BTreeMap::new();
        let mut reactions = Vec::new();
        for e in &self.events {
            *actions.entry(e.action.clone()).or_insert(0) += 1;
            *matchups.entry(e.matchup.to_string()).or_insert(0) += 1;
            reactions.extend(e.reaction);
        }
        reactions.sort_unstable();
        BankStats {
            events: self.events.len(),
            segments: self.events.iter().map(|e| e.segment).collect::<HashSet<_>>().len(),
            matches: self.events.iter().map(|e| e.match_id).collect::<HashSet<_>>().len(),
            matchups,
            actions,
            reaction: ReactionTimes { frames: reactions },
        }
    }
}

/// The line and column of `key` (a field or feature name) in event `event` (its place
/// in the file) of a RON bank, or of the event itself; for errors found after loading.
pub fn event_position(text: &str, event: usize, key: Option<&str>) -> (usize, usize) {
    locate_item(text, "events", event, key)
}

/// Merges banks (SPEC §13): the union of their events, each keeping its provenance (the
/// name given with its bank and its match and segment there, or the provenance it
/// already had). Matches are renumbered in order of recording time, then source order,
/// so that recency still favours the newest play; segments and events are renumbered so
/// ids stay unique. The banks must record the same features.
pub fn merge(sources: &[(&str, &Bank)]) -> Result<Bank, String> {
    let features: Vec<String> =
        sources.iter().find(|(_, b)| !b.is_empty()).map(|(_, b)| b.features.clone()).unwrap_or_default();
    let mut matches: BTreeMap<(u64, usize, u64), Vec<(usize, usize)>> = BTreeMap::new();
    for (s, (name, bank)) in sources.iter().enumerate() {
        if bank.is_empty() {
            continue;
        }
        let same = bank.features.len() == features.len() && features.iter().all(|f| bank.features.contains(f));
        if !same {
            return Err(format!(
                "bank `{name}` records [{}] but the first bank records [{}]; merged banks must record the same features",
                bank.features.join(", "),
                features.join(", ")
            ));
        }
        let mut when: HashMap<u64, u64> = HashMap::new();
        for e in &bank.events {
            let t = e.recorded_at.unwrap_or(0);
            when.entry(e.match_id).and_modify(|w| *w = (*w).min(t)).or_insert(t);
        }
        for (i, e) in bank.events.iter().enumerate() {
            matches.entry((when[&e.match_id], s, e.match_id)).or_default().push((s, i));
        }
    }
    let total: usize = matches.values().map(Vec::len).sum();
    if total > MAX_EVENTS {
        return Err(format!("the merged bank would hold {total} events; expected at most {MAX_EVENTS}"));
    }
    let mut out = Bank::new(features.clone());
    out.events.reserve(total);
    out.values.reserve(total * features.len());
    let mut next_segment = 0u64;
    for (new_match, (_, members)) in matches.into_iter().enumerate() {
        let mut segs: BTreeMap<u64, u64> = BTreeMap::new();
        for &(s, i) in &members {
            segs.entry(sources[s].1.events[i].segment).or_insert(0);
        }
        for v in segs.values_mut() {
            *v = next_segment;
            next_segment += 1;
        }
        let mut members = members;
        members.sort_by_key(|&(s, i)| {
            let e = &sources[s].1.events[i];
            (e.segment, e.index)
        });
        for (s, i) in members {
            let (name, bank) = sources[s];
            let e = &bank.events[i];
            let state = bank.state(i);
            out.values.extend(features.iter().map(|f| state[bank.feature_position(f).unwrap_or(0)]));
            out.events.push(Event {
                id: out.events.len() as u64,
                matchup: e.matchup.clone(),
                match_id: new_match as u64 + 1,
                segment: segs[&e.segment],
                index: e.index,
                frame: e.frame,
                action: e.action.clone(),
                reaction: e.reaction,
                recorded_at: e.recorded_at,
                provenance: Some(e.provenance.clone().unwrap_or_else(|| Provenance {
                    bank: name.to_owned(),
                    match_id: e.match_id,
                    segment: e.segment,
                })),
            });
        }
    }
    Ok(out)
}

#[derive(Default)]
struct Interner {
    strings: Vec<String>,
    index: HashMap<String, u32>,
}

impl Interner {
    fn get(&mut self, s: &str) -> u32 {
        if let Some(&k) = self.index.get(s) {
            return k;
        }
        let k = self.strings.len() as u32;
        self.strings.push(s.to_owned());
        self.index.insert(s.to_owned(), k);
        k
    }
}

#[derive(Serialize, Deserialize)]
struct BinBank {
    n_events: u64,
    features: Vec<String>,
    strings: Vec<String>,
    events: Vec<BinEvent>,
    values: Vec<f64>,
}

#[derive(Serialize, Deserialize)]
struct BinEvent {
    id: u64,
    own: u32,
    opp: u32,
    match_id: u64,
    segment: u64,
    index: u32,
    frame: u32,
    action: u32,
    reaction: Option<u32>,
    recorded_at: Option<u64>,
    provenance: Option<(u32, u64, u64)>,
}

/// A match recorded but not yet kept or discarded (SPEC §13).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PendingMatch {
    pub matchup: Matchup,
    pub features: Vec<String>,
    pub events: Vec<PendingEvent>,
}

impl Default for Matchup {
    fn default() -> Self {
        Matchup::new("", "")
    }
}

/// One decision of a pending match; `segment` counts from 0 within the match.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingEvent {
    pub segment: u64,
    pub index: u32,
    pub frame: u32,
    pub state: Vec<f64>,
    pub action: String,
    pub reaction: Option<u32>,
}

/// What a bank holds, for the stats command and the editor's bank view (SPEC §13).
#[derive(Debug, Clone, PartialEq)]
pub struct BankStats {
    pub events: usize,
    pub segments: usize,
    pub matches: usize,
    /// Events per matchup ("own vs opponent").
    pub matchups: BTreeMap<String, usize>,
    /// Events per action.
    pub actions: BTreeMap<String, usize>,
    pub reaction: ReactionTimes,
}

/// The reaction-time distribution of a bank's responses: frames from the opponent's
/// attack start to the recorded response (SPEC §13).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReactionTimes {
    /// Every reaction time, in frames, sorted.
    pub frames: Vec<u32>,
}

impl ReactionTimes {
    /// The number of recorded responses.
    pub fn count(&self) -> usize {
        self.frames.len()
    }

    /// The mean reaction time in frames.
    pub fn mean(&self) -> Option<f64> {
        (!self.frames.is_empty())
            .then(|| self.frames.iter().map(|&f| f64::from(f)).sum::<f64>() / self.frames.len() as f64)
    }

    /// The `p`-quantile (0..=1) by the nearest-rank rule.
    pub fn quantile(&self, p: f64) -> Option<u32> {
        if self.frames.is_empty() {
            return None;
        }
        let rank = (p.clamp(0.0, 1.0) * self.frames.len() as f64).ceil() as usize;
        Some(self.frames[rank.clamp(1, self.frames.len()) - 1])
    }

    /// Counts per bucket of `width` frames: `(first frame of the bucket, count)`, from 0
    /// to the largest reaction, for the editor's plot.
    pub fn histogram(&self, width: u32) -> Vec<(u32, usize)> {
        let width = width.max(1);
        let Some(&max) = self.frames.last() else {
            return Vec::new();
        };
        let mut out: Vec<(u32, usize)> = (0..=max / width).map(|b| (b * width, 0)).collect();
        for &f in &self.frames {
            out[(f / width) as usize].1 += 1;
        }
        out
    }
}

/// Banks kept per matchup with a fallback for matchups never recorded (SPEC §13).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BankSet {
    pub banks: BTreeMap<Matchup, Bank>,
    /// Played when a matchup has no bank of its own.
    pub fallback: Bank,
}

impl BankSet {
    /// Splits a bank by matchup; the whole bank is the fallback.
    pub fn from_bank(bank: &Bank) -> Self {
        let banks = bank.matchups().into_iter().map(|m| {
            let b = bank.only(&m);
            (m, b)
        });
        Self { banks: banks.collect(), fallback: bank.clone() }
    }

    /// The bank for a matchup, and whether it is the fallback.
    pub fn bank_for(&self, matchup: &Matchup) -> (&Bank, bool) {
        match self.banks.get(matchup) {
            Some(b) if !b.is_empty() => (b, false),
            _ => (&self.fallback, true),
        }
    }

    /// Keeps a pending match in its matchup's bank.
    pub fn keep(&mut self, pending: &PendingMatch, recorded_at: Option<u64>) -> Result<u64, String> {
        let bank = self.banks.entry(pending.matchup.clone()).or_default();
        bank.keep(pending, recorded_at)
    }
}
