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
        let bin = match read_whole(body) {
            Some(bin) => bin,
            None => {
                let (bin, trailing): (BinBank, &[u8]) =
                    postcard::take_from_bytes(body).map_err(|e| err(format!("corrupt binary bank: {e}")))?;
                // Bytes after the bank are not part of it: a file glued to another, or cut
                // and mended wrongly, is refused rather than read in part.
                if !trailing.is_empty() {
                    return Err(err(format!(
                        "{} bytes after the end of the binary bank; expected the file to end there",
                        trailing.len()
                    )));
                }
                bin
            }
        };
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

/// The bank of a well-formed file, its values read straight into a vector of their
/// size: postcard writes them as their count then 8 little-endian bytes each, and
/// reading them one by one through serde grows the vector step by step (for a million
/// events, most of the time to open the bank). `None` for anything else: the caller
/// then reads the file with postcard alone, which names what is wrong.
fn read_whole(body: &[u8]) -> Option<BinBank> {
    let (head, rest): (BinHead, &[u8]) = postcard::take_from_bytes(body).ok()?;
    let (count, rest): (u64, &[u8]) = postcard::take_from_bytes(rest).ok()?;
    if Some(rest.len()) != usize::try_from(count).ok()?.checked_mul(8) {
        return None;
    }
    let values = rest.chunks_exact(8).map(|b| <[u8; 8]>::try_from(b).map_or(f64::NAN, f64::from_le_bytes)).collect();
    Some(BinBank {
        n_events: head.n_events,
        features: head.features,
        strings: head.strings,
        events: head.events,
        values,
    })
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

/// A [`BinBank`] up to its values.
#[derive(Deserialize)]
struct BinHead {
    n_events: u64,
    features: Vec<String>,
    strings: Vec<String>,
    events: Vec<BinEvent>,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shadow::workload::arena_workload;

    #[test]
    fn a_whole_file_is_read_directly_and_as_postcard_reads_it() {
        let bank = arena_workload(3_000, 16, 0, 4).expect("a workload").bank;
        let bytes = bank.to_binary();
        let body = &bytes[BINARY_MAGIC.len()..];
        let direct = read_whole(body).expect("a well-formed file is read directly");
        let (slow, rest): (BinBank, &[u8]) = postcard::take_from_bytes(body).expect("postcard reads it");
        assert!(rest.is_empty());
        assert_eq!(
            direct.values.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            slow.values.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
        );
        assert_eq!(
            (direct.n_events, &direct.features, &direct.strings, direct.events.len()),
            (slow.n_events, &slow.features, &slow.strings, slow.events.len())
        );
        // Cut short or with bytes after it, the file is left to postcard, which names the problem.
        assert!(read_whole(&body[..body.len() - 3]).is_none());
        let mut longer = body.to_vec();
        longer.push(0);
        assert!(read_whole(&longer).is_none());
        assert_eq!(Bank::from_binary("b.bank", &bytes).expect("it loads"), bank);
    }
}
