//! The rules a bank keeps that its file formats cannot express (SPEC §13, §15): unique
//! event ids, unique (segment, index) pairs, one match and matchup per segment, finite
//! values, sensible names, reaction times of at most [`MAX_REACTION`].
//!
//! A bank is first judged as a whole, by column, which for a million events takes a few
//! milliseconds; only a bank that breaks a rule is walked event by event, to name the
//! first event at fault and what is wrong with it.

use std::collections::{HashMap, HashSet};

use super::event::Matchup;
use super::model::{Bank, BankProblem, MAX_EVENTS, MAX_REACTION, NO_REACTION, check_name, check_reaction};
use super::value_column::ValueColumn;

impl Bank {
    /// Checks the rules of SPEC §13/§15 that the file format cannot express: unique
    /// event ids, unique (segment, index) pairs, one match and matchup per segment,
    /// finite values, sensible names, reaction times of at most [`MAX_REACTION`].
    pub fn check(&self) -> Result<(), BankProblem> {
        if self.len() > MAX_EVENTS {
            return Err(BankProblem::whole(format!("{} events; expected at most {MAX_EVENTS}", self.len())));
        }
        if self.keeps_the_rules() { Ok(()) } else { self.first_fault() }
    }

    /// Whether the bank keeps every rule, judged by column.
    fn keeps_the_rules(&self) -> bool {
        let rows = &self.rows;
        let ids_unique = rows.ids.windows(2).all(|w| w[0] < w[1]) || {
            let mut ids = rows.ids.clone();
            ids.sort_unstable();
            ids.windows(2).all(|w| w[0] != w[1])
        };
        let names_fine = self.actions.list.iter().all(|a| check_name("action", a).is_ok())
            && self.heads.list.iter().all(|h| {
                check_name("own character", h.matchup.own()).is_ok()
                    && check_name("opponent character", h.matchup.opponent()).is_ok()
            });
        let reactions_fine = rows.reaction.iter().all(|&r| r == NO_REACTION || u32::from(r) <= MAX_REACTION);
        ids_unique
            && names_fine
            && reactions_fine
            && self.states.iter().all(ValueColumn::all_finite)
            && self.segments_agree()
            && self.places_unique()
    }

    /// Whether every segment id belongs to one match and matchup.
    fn segments_agree(&self) -> bool {
        let mut owner: HashMap<u64, (u64, &Matchup)> = HashMap::new();
        self.heads.list.iter().all(|h| {
            let o = *owner.entry(h.segment).or_insert((h.match_id, &h.matchup));
            o == (h.match_id, &h.matchup)
        })
    }

    /// Whether no two events share a segment and an index. Recorded banks keep each
    /// segment's events together with rising indices, which is seen in one pass; any
    /// other bank is sorted.
    fn places_unique(&self) -> bool {
        let segment = |i: usize| self.segment_of(i);
        let mut seen = HashSet::new();
        let mut together = true;
        for i in 0..self.len() {
            let s = segment(i);
            if i > 0 && segment(i - 1) == s {
                if self.rows.index[i - 1] >= self.rows.index[i] {
                    together = false;
                    break;
                }
            } else if !seen.insert(s) {
                together = false;
                break;
            }
        }
        together || {
            let mut places: Vec<(u64, u32)> = (0..self.len()).map(|i| (segment(i), self.rows.index[i])).collect();
            places.sort_unstable();
            places.windows(2).all(|w| w[0] != w[1])
        }
    }

    /// The first event that breaks a rule, and how; the rules in the order a person
    /// reading the file meets them.
    fn first_fault(&self) -> Result<(), BankProblem> {
        let mut ids = HashSet::new();
        let mut places = HashSet::new();
        let mut segments: HashMap<u64, (u64, &Matchup)> = HashMap::new();
        for (i, e) in self.iter().enumerate() {
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
                Some(&(m, mu)) if m != e.match_id || mu != e.matchup => {
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
                    segments.insert(e.segment, (e.match_id, e.matchup));
                }
            }
            check_name("action", e.action).map_err(|m| BankProblem::event(i, "action", m))?;
            check_reaction(e.reaction).map_err(|m| BankProblem::event(i, "reaction", m))?;
            check_name("own character", e.matchup.own()).map_err(|m| BankProblem::event(i, "matchup", m))?;
            check_name("opponent character", e.matchup.opponent()).map_err(|m| BankProblem::event(i, "matchup", m))?;
            for (f, name) in self.features.iter().enumerate() {
                let v = self.value(i, f);
                if !v.is_finite() {
                    return Err(BankProblem::event(i, name, format!("`{name}` is {v}; expected a finite number")));
                }
            }
        }
        Ok(())
    }
}
