//! The compact binary form of a bank for large banks (SPEC §14): a magic header, then
//! postcard, with names stored once and referred to by number.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use super::model::{Bank, Event, MAX_EVENTS, Matchup, Provenance, check_name};
use crate::error::LoadError;

/// The first bytes of a binary bank file.
pub const BINARY_MAGIC: &[u8; 8] = b"CSBANK\0\x01";

impl Bank {
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
        let (bin, trailing): (BinBank, &[u8]) =
            postcard::take_from_bytes(body).map_err(|e| err(format!("corrupt binary bank: {e}")))?;
        // Bytes after the bank are not part of it: a file glued to another, or cut and
        // mended wrongly, is refused rather than read in part.
        if !trailing.is_empty() {
            return Err(err(format!(
                "{} bytes after the end of the binary bank; expected the file to end there",
                trailing.len()
            )));
        }
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
        let bank = Bank { features: bin.features, events, values: bin.values, last: None };
        bank.check().map_err(|p| err(format!("binary bank, {p}")))?;
        Ok(bank)
    }
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
