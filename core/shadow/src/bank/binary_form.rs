//! The compact binary form of a bank for large banks (SPEC §14).
//!
//! Version 2 is the bank's own columns: a magic header, a postcard header with the
//! features, the action names, what each segment's events share and each feature's
//! dictionary, then every column as little-endian numbers of fixed width. Opening a
//! million events copies their columns and checks them; nothing is parsed event by event.
//!
//! Version 3 is version 2 with each segment's provenance saying whether its events are
//! a person's corrections. Versions 1 (postcard, one record per event, names stored
//! once) and 2 are still read, so banks written before stay open; saving writes
//! version 3.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::event::{EventRef, Matchup, Provenance};
use super::model::{Bank, Head, Interned, MAX_EVENTS, Rows};
use super::value_column::{Codes, ValueColumn};
use creature_core::error::LoadError;

/// The first bytes of a binary bank file: `CSBANK` (the [`BINARY_BANK_PREFIX`] by which
/// `check` knows one), a zero, the version.
///
/// [`BINARY_BANK_PREFIX`]: crate::kinds::BINARY_BANK_PREFIX
pub const BINARY_MAGIC: &[u8; 8] = b"CSBANK\0\x03";

/// The first bytes of a version 2 file.
const MAGIC_V2: &[u8; 8] = b"CSBANK\0\x02";

/// The first bytes of a version 1 file.
const MAGIC_V1: &[u8; 8] = b"CSBANK\0\x01";

/// Bytes each event takes in the fixed-width columns of its own fields: id, head,
/// index, frame, action, reaction.
const ROW_BYTES: usize = 8 + 4 + 4 + 4 + 4 + 2;

/// The header of versions 2 and 3, which differ only in their segments' heads (`H`).
#[derive(Serialize, Deserialize)]
struct Header<H> {
    n_events: u64,
    features: Vec<String>,
    actions: Vec<String>,
    heads: Vec<H>,
    /// One per feature: its dictionary and the bytes of each code (1, 2, or 8 for
    /// plain values and no dictionary).
    columns: Vec<(u8, Vec<f64>)>,
}

impl Bank {
    /// The compact binary form for large banks (SPEC §14).
    pub fn to_binary(&self) -> Vec<u8> {
        // A plain column has no dictionary.
        let columns = self.states.iter().map(|c| (c.code_bytes(), c.dictionary.clone())).collect();
        let header = Header {
            n_events: self.len() as u64,
            features: self.features.clone(),
            actions: self.actions.list.clone(),
            heads: self.heads.list.iter().map(HeadV3::of).collect(),
            columns,
        };
        let mut out = BINARY_MAGIC.to_vec();
        out.extend(postcard::to_stdvec(&header).unwrap_or_default());
        let r = &self.rows;
        let width: usize = self.states.iter().map(|c| usize::from(c.code_bytes())).sum();
        out.reserve(self.len() * (ROW_BYTES + width));
        out.extend(r.ids.iter().flat_map(|v| v.to_le_bytes()));
        for column in [&r.head, &r.index, &r.frame, &r.action] {
            out.extend(column.iter().flat_map(|v| v.to_le_bytes()));
        }
        out.extend(r.reaction.iter().flat_map(|v| v.to_le_bytes()));
        for c in &self.states {
            match &c.codes {
                Codes::Narrow(k) => out.extend_from_slice(k),
                Codes::Wide(k) => out.extend(k.iter().flat_map(|v| v.to_le_bytes())),
                Codes::Plain(v) => out.extend(v.iter().flat_map(|v| v.to_le_bytes())),
            }
        }
        out
    }

    /// Reads the binary form, either version. A file that claims more events than it
    /// can hold is refused before anything is allocated for them.
    pub fn from_binary(file: &str, bytes: &[u8]) -> Result<Bank, LoadError> {
        let err = |m: String| LoadError::whole_file(file, m);
        if bytes.starts_with(MAGIC_V1) {
            return read_v1(file, &bytes[MAGIC_V1.len()..]);
        }
        let v2 = bytes.starts_with(MAGIC_V2);
        if !v2 && !bytes.starts_with(BINARY_MAGIC) {
            return Err(err(if bytes.starts_with(&BINARY_MAGIC[..6]) {
                "a binary bank of another version; expected version 1, 2 or 3".into()
            } else {
                "not a binary bank (it does not start with CSBANK)".into()
            }));
        }
        let body = &bytes[BINARY_MAGIC.len()..];
        let (claimed, _) = postcard::take_from_bytes::<u64>(body)
            .map_err(|e| err(format!("corrupt binary bank: cannot read the event count ({e})")))?;
        if claimed > MAX_EVENTS as u64 || claimed.saturating_mul(ROW_BYTES as u64) > body.len() as u64 {
            return Err(err(format!(
                "the binary bank claims {claimed} events but holds only {} bytes; expected at most {} events",
                bytes.len(),
                MAX_EVENTS.min(body.len() / ROW_BYTES)
            )));
        }
        let corrupt = |e: postcard::Error| err(format!("corrupt binary bank: {e}"));
        let (header, rest): (Header<Head>, &[u8]) = if v2 {
            let (h, rest) = postcard::take_from_bytes::<Header<HeadV2>>(body).map_err(corrupt)?;
            (h.map_heads(|h| h.into_head(false)), rest)
        } else {
            let (h, rest) = postcard::take_from_bytes::<Header<HeadV3>>(body).map_err(corrupt)?;
            (h.map_heads(HeadV3::into_head), rest)
        };
        let n = claimed as usize;
        if header.columns.len() != header.features.len() {
            return Err(err(format!(
                "corrupt binary bank: {} features but {} feature columns",
                header.features.len(),
                header.columns.len()
            )));
        }
        if let Some((w, _)) = header.columns.iter().find(|(w, _)| ![1, 2, 8].contains(w)) {
            return Err(err(format!("corrupt binary bank: a feature column of {w}-byte values; expected 1, 2 or 8")));
        }
        let width: usize = header.columns.iter().map(|(w, _)| usize::from(*w)).sum();
        let expected = n * (ROW_BYTES + width);
        if rest.len() != expected {
            return Err(err(if rest.len() < expected {
                format!(
                    "the binary bank is cut short: {} bytes of columns where {n} events need {expected}",
                    rest.len()
                )
            } else {
                format!(
                    "{} bytes after the end of the binary bank; expected the file to end there",
                    rest.len() - expected
                )
            }));
        }
        Bank::check_features(&header.features).map_err(err)?;
        let mut at = rest;
        let mut take = |bytes: usize| {
            let (now, later) = at.split_at(bytes);
            at = later;
            now
        };
        let ids = le::<8, u64>(take(8 * n), u64::from_le_bytes);
        let head = le::<4, u32>(take(4 * n), u32::from_le_bytes);
        let index = le::<4, u32>(take(4 * n), u32::from_le_bytes);
        let frame = le::<4, u32>(take(4 * n), u32::from_le_bytes);
        let action = le::<4, u32>(take(4 * n), u32::from_le_bytes);
        let reaction = le::<2, u16>(take(2 * n), u16::from_le_bytes);
        let mut states = Vec::with_capacity(header.columns.len());
        for (f, (w, dictionary)) in header.columns.into_iter().enumerate() {
            let raw = take(usize::from(w) * n);
            let codes = match w {
                1 => Codes::Narrow(raw.to_vec()),
                2 => Codes::Wide(le::<2, u16>(raw, u16::from_le_bytes)),
                _ => Codes::Plain(le::<8, f64>(raw, f64::from_le_bytes)),
            };
            let column = ValueColumn::from_parts(dictionary, codes).ok_or_else(|| {
                err(format!("corrupt binary bank: feature `{}` has a code past its dictionary", header.features[f]))
            })?;
            states.push(column);
        }
        if head.iter().any(|&h| h as usize >= header.heads.len()) {
            return Err(err("corrupt binary bank: an event refers to a segment that is not listed".into()));
        }
        if action.iter().any(|&a| a as usize >= header.actions.len()) {
            return Err(err("corrupt binary bank: an event refers to an action that is not listed".into()));
        }
        let heads = Interned::from_list(header.heads)
            .ok_or_else(|| err("corrupt binary bank: a segment is listed twice".into()))?;
        let actions = Interned::from_list(header.actions)
            .ok_or_else(|| err("corrupt binary bank: an action is listed twice".into()))?;
        let bank = Bank {
            features: header.features,
            rows: Rows { ids, head, index, frame, action, reaction },
            heads,
            actions,
            states,
            last: None,
        };
        bank.check().map_err(|p| err(format!("binary bank, {p}")))?;
        Ok(bank)
    }
}

/// Numbers of `N` bytes each, little-endian, from `bytes` (whose length is a multiple of `N`).
fn le<const N: usize, T>(bytes: &[u8], from: fn([u8; N]) -> T) -> Vec<T> {
    bytes.chunks_exact(N).map(|b| from(<[u8; N]>::try_from(b).unwrap_or([0; N]))).collect()
}

/// Reads a version 1 file's body (after its magic).
fn read_v1(file: &str, body: &[u8]) -> Result<Bank, LoadError> {
    let err = |m: String| LoadError::whole_file(file, m);
    let (claimed, rest) = postcard::take_from_bytes::<u64>(body)
        .map_err(|e| err(format!("corrupt binary bank: cannot read the event count ({e})")))?;
    // Each event takes at least 9 bytes (varints and option tags).
    if claimed > MAX_EVENTS as u64 || claimed.saturating_mul(9) > rest.len() as u64 {
        return Err(err(format!(
            "the binary bank claims {claimed} events but holds only {} bytes; expected at most {} events",
            body.len() + MAGIC_V1.len(),
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
    Bank::check_features(&bin.features).map_err(err)?;
    let name = |k: u32| -> Result<&str, LoadError> {
        bin.strings
            .get(k as usize)
            .map(String::as_str)
            .ok_or_else(|| err(format!("corrupt binary bank: string {k} is missing")))
    };
    let mut bank = Bank::new(bin.features.clone());
    bank.reserve(bin.events.len());
    let mut matchups: HashMap<(u32, u32), Matchup> = HashMap::new();
    for (i, e) in bin.events.iter().enumerate() {
        if let std::collections::hash_map::Entry::Vacant(v) = matchups.entry((e.own, e.opp)) {
            v.insert(Matchup::new(name(e.own)?, name(e.opp)?));
        }
        let provenance = match e.provenance {
            Some((b, match_id, segment)) => {
                Some(Provenance { bank: name(b)?.to_owned(), match_id, segment, correction: false })
            }
            None => None,
        };
        let event = EventRef {
            id: e.id,
            matchup: &matchups[&(e.own, e.opp)],
            match_id: e.match_id,
            segment: e.segment,
            index: e.index,
            frame: e.frame,
            action: name(e.action)?,
            reaction: e.reaction,
            recorded_at: e.recorded_at,
            provenance: provenance.as_ref(),
        };
        bank.push(&event, bin.values[i * n..(i + 1) * n].iter().copied())
            .map_err(|m| err(format!("binary bank, event #{}: {m}", i + 1)))?;
    }
    bank.check().map_err(|p| err(format!("binary bank, {p}")))?;
    Ok(bank)
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

impl<H> Header<H> {
    fn map_heads<K>(self, f: impl FnMut(H) -> K) -> Header<K> {
        Header {
            n_events: self.n_events,
            features: self.features,
            actions: self.actions,
            heads: self.heads.into_iter().map(f).collect(),
            columns: self.columns,
        }
    }
}

/// A segment's head as version 2 wrote it: its provenance without the correction mark.
#[derive(Serialize, Deserialize)]
struct HeadV2 {
    matchup: Matchup,
    match_id: u64,
    segment: u64,
    recorded_at: Option<u64>,
    provenance: Option<(String, u64, u64)>,
}

impl HeadV2 {
    fn into_head(self, correction: bool) -> Head {
        let provenance =
            self.provenance.map(|(bank, match_id, segment)| Provenance { bank, match_id, segment, correction });
        Head {
            matchup: self.matchup,
            match_id: self.match_id,
            segment: self.segment,
            recorded_at: self.recorded_at,
            provenance,
        }
    }
}

/// A segment's head as version 3 writes it: version 2's, then whether its provenance is
/// a correction. The binary form spells every field out rather than following the RON
/// form's serde attributes, which may leave fields out.
#[derive(Serialize, Deserialize)]
struct HeadV3 {
    head: HeadV2,
    correction: bool,
}

impl HeadV3 {
    fn of(h: &Head) -> HeadV3 {
        let provenance = h.provenance.as_ref().map(|p| (p.bank.clone(), p.match_id, p.segment));
        let head = HeadV2 {
            matchup: h.matchup.clone(),
            match_id: h.match_id,
            segment: h.segment,
            recorded_at: h.recorded_at,
            provenance,
        };
        HeadV3 { head, correction: h.provenance.as_ref().is_some_and(|p| p.correction) }
    }

    fn into_head(self) -> Head {
        self.head.into_head(self.correction)
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
    use crate::workload::arena_workload;

    #[test]
    fn every_version_starts_as_check_knows_a_binary_bank() {
        for magic in [BINARY_MAGIC, MAGIC_V2, MAGIC_V1] {
            assert!(magic.starts_with(crate::kinds::BINARY_BANK_PREFIX));
        }
    }

    /// The version 1 file of `bank`, as banks were written before version 2.
    fn v1(bank: &Bank) -> Vec<u8> {
        let mut strings: Vec<String> = Vec::new();
        let mut get = |s: &str| -> u32 {
            match strings.iter().position(|x| x == s) {
                Some(k) => k as u32,
                None => {
                    strings.push(s.to_owned());
                    strings.len() as u32 - 1
                }
            }
        };
        let events: Vec<BinEvent> = bank
            .iter()
            .map(|e| BinEvent {
                id: e.id,
                own: get(e.matchup.own()),
                opp: get(e.matchup.opponent()),
                match_id: e.match_id,
                segment: e.segment,
                index: e.index,
                frame: e.frame,
                action: get(e.action),
                reaction: e.reaction,
                recorded_at: e.recorded_at,
                provenance: e.provenance.map(|p| (get(&p.bank), p.match_id, p.segment)),
            })
            .collect();
        let values = (0..bank.len()).flat_map(|i| bank.state(i)).collect();
        let bin = BinBank { n_events: bank.len() as u64, features: bank.features().to_vec(), strings, events, values };
        let mut out = MAGIC_V1.to_vec();
        out.extend(postcard::to_stdvec(&bin).expect("postcard writes it"));
        out
    }

    /// The version 2 file of `bank` (without provenance marks), as banks were written
    /// before version 3: version 3's header with version 2's heads, the same columns.
    fn v2(bank: &Bank) -> Vec<u8> {
        let v3 = bank.to_binary();
        let (header, columns) =
            postcard::take_from_bytes::<Header<HeadV3>>(&v3[BINARY_MAGIC.len()..]).expect("a version 3 header");
        let mut out = MAGIC_V2.to_vec();
        out.extend(postcard::to_stdvec(&header.map_heads(|h| h.head)).expect("postcard writes it"));
        out.extend_from_slice(columns);
        out
    }

    #[test]
    fn a_version_2_file_reads_with_no_event_a_correction() {
        let bank = arena_workload(1_000, 16, 0, 4).expect("a workload").bank;
        let merged = crate::bank::merge(&[("a", &bank), ("b", &bank)]).expect("they merge");
        assert_eq!(Bank::from_binary("old.bank", &v2(&merged)).expect("version 2 loads"), merged);
    }

    #[test]
    fn the_versions_read_back_the_bank_they_were_written_from() {
        let bank = arena_workload(3_000, 16, 0, 4).expect("a workload").bank;
        let merged = crate::bank::merge(&[("a", &bank), ("b", &bank)]).expect("they merge");
        for bank in [bank, merged] {
            let now = bank.to_binary();
            assert!(now.starts_with(BINARY_MAGIC));
            assert_eq!(Bank::from_binary("b.bank", &now).expect("version 3 loads"), bank);
            let old = v1(&bank);
            assert_eq!(Bank::from_binary("old.bank", &old).expect("version 1 loads"), bank);
            // Bit for bit: equality of numbers would let -0.0 pass for 0.0.
            let back = Bank::from_binary("b.bank", &now).expect("version 3 loads");
            for f in 0..bank.features().len() {
                let bits = |b: &Bank| b.column(f).iter().map(|v| v.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&back), bits(&bank));
            }
        }
    }

    #[test]
    fn a_v2_file_cut_short_or_with_bytes_after_it_is_refused_with_the_reason() {
        let bank = arena_workload(500, 16, 0, 4).expect("a workload").bank;
        let bytes = bank.to_binary();
        let cut = Bank::from_binary("b.bank", &bytes[..bytes.len() - 3]).unwrap_err();
        assert!(cut.message.contains("cut short"), "{cut}");
        let mut longer = bytes.clone();
        longer.extend([0, 0]);
        let long = Bank::from_binary("b.bank", &longer).unwrap_err();
        assert!(long.message.contains("2 bytes after the end"), "{long}");
        assert!(long.to_string().starts_with("b.bank:1:1: "), "{long}");
    }
}
