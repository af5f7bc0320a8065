//! Changing banks: keeping a recorded match, deleting matches and segments, and merging
//! banks with provenance.

use std::collections::{BTreeMap, HashMap};

use super::event::{EventRef, Provenance};
use super::model::{Bank, LastIds, MAX_EVENTS, PendingMatch, check_name, check_reaction};

impl Bank {
    /// Adds a kept match (SPEC §13: recording is additive; the user keeps or discards
    /// each match at its end). The match gets the next match id, its segments fresh
    /// segment ids and its events fresh event ids, each one more than the largest in the
    /// bank. Returns the new match id. A refused match adds none of its events.
    pub fn keep(&mut self, pending: &PendingMatch, recorded_at: Option<u64>) -> Result<u64, String> {
        if self.is_empty() && self.features.is_empty() {
            *self = Bank::new(pending.features.clone());
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
        if self.len() + pending.events.len() > MAX_EVENTS {
            return Err(format!("the bank would hold more than {MAX_EVENTS} events"));
        }
        // The largest ids so far, kept up to date from one kept match to the next rather
        // than found again in the whole bank every time.
        let last = match self.last {
            Some(last) => last,
            None => LastIds::of(self.iter()),
        };
        let after = |last: Option<u64>, none: u64| match last {
            None => Some(none),
            Some(m) => m.checked_add(1),
        };
        let used_up =
            |what: &str| format!("the bank's {what} ids are used up to {}; it cannot take another match", u64::MAX);
        let match_id = after(last.match_id, 1).ok_or_else(|| used_up("match"))?;
        let first_segment = after(last.segment, 0).ok_or_else(|| used_up("segment"))?;
        let first_id = after(last.event, 0).ok_or_else(|| used_up("event"))?;
        // Every event is checked before any is added, so a refused match adds nothing.
        if first_id.checked_add(pending.events.len() as u64).is_none() {
            return Err(used_up("event"));
        }
        for p in &pending.events {
            check_name("action", &p.action)?;
            check_reaction(p.reaction)?;
            if let Some(from) = &p.provenance {
                check_name("provenance bank", &from.bank)?;
            }
            if p.state.len() != order.len() || p.state.iter().any(|v| !v.is_finite()) {
                return Err(format!(
                    "the event at frame {} has a state that is not {} finite numbers",
                    p.frame,
                    order.len()
                ));
            }
            if first_segment.checked_add(p.segment).is_none() {
                return Err(used_up("segment"));
            }
        }
        let mut last = last;
        self.reserve(pending.events.len());
        let mut row = vec![0.0; order.len()];
        for (next_id, p) in (first_id..).zip(&pending.events) {
            for (k, &pos) in order.iter().enumerate() {
                row[pos] = p.state[k];
            }
            let event = EventRef {
                id: next_id,
                matchup: &pending.matchup,
                match_id,
                segment: first_segment + p.segment,
                index: p.index,
                frame: p.frame,
                action: &p.action,
                reaction: p.reaction,
                recorded_at,
                provenance: p.provenance.as_ref(),
            };
            last.include(&event);
            self.push(&event, row.iter().copied())?;
        }
        self.last = Some(last);
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

    /// Deletes the events with these ids (curation's flagged events); returns how many
    /// were removed. Other events keep their ids; a segment that loses an event in its
    /// middle plays on from the event before the gap to nothing (its continuation is
    /// gone), which is what deleting it means.
    pub fn delete_events(&mut self, ids: &std::collections::BTreeSet<u64>) -> usize {
        if ids.is_empty() {
            return 0;
        }
        self.retain(|e| !ids.contains(&e.id))
    }

    /// The events at these bank positions (in the order given) as a bank of their own,
    /// with the same features.
    pub fn subset(&self, positions: &[usize]) -> Bank {
        let mut out = Bank::new(self.features.clone());
        out.reserve(positions.len());
        for &i in positions {
            // Cannot fail: the reaction time came from a bank.
            let _ = out.push(&self.event(i), (0..self.features.len()).map(|f| self.value(i, f)));
        }
        out
    }

    fn retain(&mut self, keep: impl Fn(&EventRef<'_>) -> bool) -> usize {
        let before = self.len();
        let mask: Vec<bool> = self.iter().map(|e| keep(&e)).collect();
        self.rows.retain(&mask);
        for c in &mut self.states {
            c.retain(&mask);
        }
        // The largest ids may have gone with the removed events.
        self.last = None;
        before - self.len()
    }
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
        for e in bank.iter() {
            let t = e.recorded_at.unwrap_or(0);
            when.entry(e.match_id).and_modify(|w| *w = (*w).min(t)).or_insert(t);
        }
        for (i, e) in bank.iter().enumerate() {
            matches.entry((when[&e.match_id], s, e.match_id)).or_default().push((s, i));
        }
    }
    let total: usize = matches.values().map(Vec::len).sum();
    if total > MAX_EVENTS {
        return Err(format!("the merged bank would hold {total} events; expected at most {MAX_EVENTS}"));
    }
    let mut out = Bank::new(features.clone());
    out.reserve(total);
    let columns: Vec<Vec<usize>> = sources
        .iter()
        .map(|(_, bank)| features.iter().map(|f| bank.feature_position(f).unwrap_or(0)).collect())
        .collect();
    let mut next_segment = 0u64;
    for (new_match, (_, members)) in matches.into_iter().enumerate() {
        let mut segs: BTreeMap<u64, u64> = BTreeMap::new();
        for &(s, i) in &members {
            segs.entry(sources[s].1.event(i).segment).or_insert(0);
        }
        for v in segs.values_mut() {
            *v = next_segment;
            next_segment += 1;
        }
        let mut members = members;
        members.sort_by_key(|&(s, i)| {
            let e = sources[s].1.event(i);
            (e.segment, e.index)
        });
        for (s, i) in members {
            let (name, bank) = sources[s];
            let e = bank.event(i);
            let provenance = e.provenance.cloned().unwrap_or_else(|| Provenance {
                bank: name.to_owned(),
                match_id: e.match_id,
                segment: e.segment,
                correction: false,
            });
            let merged = EventRef {
                id: out.len() as u64,
                match_id: new_match as u64 + 1,
                segment: segs[&e.segment],
                provenance: Some(&provenance),
                ..e
            };
            out.push(&merged, columns[s].iter().map(|&c| bank.value(i, c)))?;
        }
    }
    Ok(out)
}
