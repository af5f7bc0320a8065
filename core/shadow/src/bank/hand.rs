//! Banks written by hand, event by event: an event's action or one of its values changed
//! in place, an event inserted, a segment split or two joined, an event moved from one
//! segment to another. Each edit gives a new bank, checked like a loaded one, so that a
//! refused edit leaves the bank as it was; values are judged by the schema's feature
//! kinds as they are typed ([`check_value`]).

use super::event::{BankEvent, Matchup};
use super::model::Bank;
use crate::schema::{FeatureKind, Schema};

/// One change of a bank written by hand. Events are named by id, segments by id.
#[derive(Debug, Clone, PartialEq)]
pub enum HandEdit {
    /// The action of event `id`.
    SetAction { id: u64, action: String },
    /// The value of feature `feature` in event `id`.
    SetValue { id: u64, feature: String, value: f64 },
    /// A new event with this state (feature name → value; every feature of the bank)
    /// and action: right after event `after` in its segment, or as the first event of
    /// a new match of its own when `after` is `None`.
    Insert { after: Option<u64>, state: Vec<(String, f64)>, action: String },
    /// Event `id` and those after it in its segment become a new segment of the same
    /// match.
    Split { id: u64 },
    /// The events of segment `second` go after those of segment `first`, which must be
    /// of the same match; `second` is no more.
    Join { first: u64, second: u64 },
    /// Event `id` leaves its segment and goes last in segment `to`.
    Move { id: u64, to: u64 },
}

/// `value` as feature `feature` may hold it under `schema` (SPEC §13): a finite number,
/// and for a category a whole number at least 0. A feature the schema does not list is
/// only held to be finite.
pub fn check_value(schema: Option<&Schema>, feature: &str, value: f64) -> Result<f64, String> {
    if !value.is_finite() {
        return Err(format!("`{feature}` must be a finite number, not {value}"));
    }
    let kind = schema.and_then(|s| s.features.iter().find(|f| f.name == feature)).map(|f| f.kind);
    if kind == Some(FeatureKind::Category) && (value < 0.0 || value.fract() != 0.0) {
        return Err(format!("`{feature}` is a category: expected a whole number at least 0, not {value}"));
    }
    Ok(value)
}

/// An action written by hand must be one the arena's fighters can play, which is all a
/// shadow can do with it.
pub fn check_action(action: &str) -> Result<(), String> {
    use crate::arena::Action;
    match Action::from_name(action) {
        Some(_) => Ok(()),
        None => Err(creature_core::error::unknown_name("action", action, Action::ALL.iter().map(|a| a.name()))),
    }
}

/// Text typed for feature `feature`, read as a number and judged by [`check_value`].
pub fn parse_value(schema: Option<&Schema>, feature: &str, text: &str) -> Result<f64, String> {
    let v: f64 =
        text.trim().parse().map_err(|_| format!("`{feature}` expects a number; `{}` is not one", text.trim()))?;
    check_value(schema, feature, v)
}

/// The bank's events with their states, to be changed and built again.
struct Rows {
    features: Vec<String>,
    events: Vec<BankEvent>,
    states: Vec<Vec<f64>>,
}

impl Rows {
    fn of(bank: &Bank) -> Rows {
        Rows {
            features: bank.features().to_vec(),
            events: bank.iter().map(|e| e.to_event()).collect(),
            states: (0..bank.len()).map(|i| bank.state(i)).collect(),
        }
    }

    fn at(&self, id: u64) -> Result<usize, String> {
        self.events.iter().position(|e| e.id == id).ok_or_else(|| format!("the bank has no event {id}"))
    }

    fn has_segment(&self, segment: u64) -> Result<(), String> {
        match self.events.iter().any(|e| e.segment == segment) {
            true => Ok(()),
            false => Err(format!("the bank has no segment {segment}")),
        }
    }

    fn next_segment(&self) -> u64 {
        self.events.iter().map(|e| e.segment + 1).max().unwrap_or(0)
    }

    /// Numbers the events of `segment` 0, 1, … in their present order and keeps the
    /// segment's events together in bank order, where its first event was.
    fn renumber(&mut self, segment: u64) {
        let mut members: Vec<usize> = (0..self.events.len()).filter(|&i| self.events[i].segment == segment).collect();
        members.sort_by_key(|&i| (self.events[i].index, i));
        for (k, &i) in members.iter().enumerate() {
            self.events[i].index = k as u32;
        }
    }

    fn build(self) -> Result<Bank, String> {
        let values: Vec<f64> = self.states.into_iter().flatten().collect();
        let mut order: Vec<usize> = (0..self.events.len()).collect();
        // Bank order: each segment's events together, by index, segments where their
        // first event stood.
        let first: std::collections::HashMap<u64, usize> =
            order.iter().rev().map(|&i| (self.events[i].segment, i)).collect();
        order.sort_by_key(|&i| (first[&self.events[i].segment], self.events[i].index));
        let n = self.features.len();
        let events: Vec<BankEvent> = order.iter().map(|&i| self.events[i].clone()).collect();
        let values: Vec<f64> = order.iter().flat_map(|&i| values[i * n..(i + 1) * n].iter().copied()).collect();
        Bank::from_parts(self.features, events, values).map_err(|p| p.message)
    }
}

impl Bank {
    /// The bank with `edit` made, its values judged by `schema`'s feature kinds; the
    /// bank itself is left as it was.
    pub fn hand_edit(&self, edit: &HandEdit, schema: Option<&Schema>) -> Result<Bank, String> {
        let mut rows = Rows::of(self);
        match edit {
            HandEdit::SetAction { id, action } => {
                check_action(action)?;
                let i = rows.at(*id)?;
                rows.events[i].action.clone_from(action);
            }
            HandEdit::SetValue { id, feature, value } => {
                let f = self.feature_position(feature).ok_or_else(|| format!("the bank records no `{feature}`"))?;
                let v = check_value(schema, feature, *value)?;
                let i = rows.at(*id)?;
                rows.states[i][f] = v;
            }
            HandEdit::Insert { after, state, action } => {
                check_action(action)?;
                let mut row = Vec::with_capacity(rows.features.len());
                for f in &rows.features {
                    let v = state.iter().find(|(k, _)| k == f).map(|(_, v)| *v);
                    row.push(check_value(schema, f, v.ok_or_else(|| format!("the new event has no `{f}`"))?)?);
                }
                if let Some((k, _)) = state.iter().find(|(k, _)| !rows.features.contains(k)) {
                    return Err(format!("the bank records no `{k}`"));
                }
                let id = rows.events.iter().map(|e| e.id + 1).max().unwrap_or(0);
                let event = match after {
                    Some(a) => {
                        let before = rows.events[rows.at(*a)?].clone();
                        for e in
                            rows.events.iter_mut().filter(|e| e.segment == before.segment && e.index > before.index)
                        {
                            e.index += 1;
                        }
                        BankEvent {
                            id,
                            index: before.index + 1,
                            frame: before.frame,
                            action: action.clone(),
                            reaction: None,
                            ..before
                        }
                    }
                    None => BankEvent {
                        id,
                        matchup: rows
                            .events
                            .first()
                            .map_or_else(|| Matchup::new("Jago", "Jago"), |e| e.matchup.clone()),
                        match_id: rows.events.iter().map(|e| e.match_id + 1).max().unwrap_or(1),
                        segment: rows.next_segment(),
                        index: 0,
                        frame: 0,
                        action: action.clone(),
                        reaction: None,
                        recorded_at: None,
                        provenance: None,
                    },
                };
                rows.events.push(event);
                rows.states.push(row);
            }
            HandEdit::Split { id } => {
                let i = rows.at(*id)?;
                let (segment, from) = (rows.events[i].segment, rows.events[i].index);
                if from == rows.events.iter().filter(|e| e.segment == segment).map(|e| e.index).min().unwrap_or(0) {
                    return Err(format!("event {id} already starts segment {segment}"));
                }
                let new = rows.next_segment();
                for e in rows.events.iter_mut().filter(|e| e.segment == segment && e.index >= from) {
                    e.segment = new;
                }
                rows.renumber(new);
            }
            HandEdit::Join { first, second } => {
                rows.has_segment(*first)?;
                rows.has_segment(*second)?;
                if first == second {
                    return Err(format!("segment {first} cannot be joined to itself"));
                }
                let head = |s: u64| rows.events.iter().find(|e| e.segment == s).map(|e| e.match_id);
                if head(*first) != head(*second) {
                    return Err(format!(
                        "segments {first} and {second} are of different matches; only a match's segments join"
                    ));
                }
                let end = rows.events.iter().filter(|e| e.segment == *first).map(|e| e.index + 1).max().unwrap_or(0);
                for e in rows.events.iter_mut().filter(|e| e.segment == *second) {
                    e.segment = *first;
                    e.index += end;
                }
                rows.renumber(*first);
            }
            HandEdit::Move { id, to } => {
                let i = rows.at(*id)?;
                rows.has_segment(*to)?;
                let from = rows.events[i].segment;
                if from == *to {
                    return Err(format!("event {id} is already in segment {to}"));
                }
                let target = rows.events.iter().find(|e| e.segment == *to).cloned().ok_or("no segment")?;
                let end = rows.events.iter().filter(|e| e.segment == *to).map(|e| e.index + 1).max().unwrap_or(0);
                let e = &mut rows.events[i];
                e.segment = *to;
                e.index = end;
                e.match_id = target.match_id;
                e.matchup = target.matchup;
                e.recorded_at = target.recorded_at;
                e.provenance = target.provenance;
                rows.renumber(from);
            }
        }
        rows.build()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RUSHDOWN: &str = include_str!("../../../../projects/example/shadow/rushdown.bank.ron");

    fn bank() -> Bank {
        Bank::parse_ron("rushdown.bank.ron", RUSHDOWN).unwrap()
    }

    fn schema() -> Schema {
        Schema::arena()
    }

    #[test]
    fn an_action_set_by_hand_changes_that_event_only_and_the_old_bank_stays() {
        let b = bank();
        let id = b.event(3).id;
        let edited = b.hand_edit(&HandEdit::SetAction { id, action: "AntiAir".into() }, Some(&schema())).unwrap();
        assert_eq!(edited.event(edited.position_of(id).unwrap()).action, "AntiAir");
        assert_ne!(b.event(3).action, "AntiAir", "the edit is made on a copy: undo keeps the old bank");
        let err = b.hand_edit(&HandEdit::SetAction { id, action: "AntiAri".into() }, None).unwrap_err();
        assert!(err.contains("did you mean `AntiAir`"), "{err}");
        let changed = (0..b.len()).filter(|&i| b.event(i) != edited.event(i)).count();
        assert_eq!(changed, 1);
    }

    #[test]
    fn a_value_set_by_hand_is_judged_by_the_schema() {
        let b = bank();
        let id = b.event(2).id;
        let set = |feature: &str, value: f64| {
            b.hand_edit(&HandEdit::SetValue { id, feature: feature.into(), value }, Some(&schema()))
        };
        let edited = set("distance", 0.75).unwrap();
        let f = b.feature_position("distance").unwrap();
        assert_eq!(edited.value(edited.position_of(id).unwrap(), f), 0.75);
        let err = set("own_state", 1.5).unwrap_err();
        assert!(err.contains("category") && err.contains("whole number"), "{err}");
        assert!(set("distance", f64::NAN).unwrap_err().contains("finite"));
        assert!(set("nonsense", 1.0).unwrap_err().contains("no `nonsense`"));
        assert!(parse_value(Some(&schema()), "distance", "far").unwrap_err().contains("expects a number"));
    }

    #[test]
    fn an_inserted_event_follows_its_neighbour_and_the_rest_of_the_segment_moves_on() {
        let b = bank();
        let after = b.event(1);
        let state: Vec<(String, f64)> = b.features().iter().cloned().zip(b.state(1)).collect();
        let edited = b
            .hand_edit(&HandEdit::Insert { after: Some(after.id), state, action: "Throw".into() }, Some(&schema()))
            .unwrap();
        assert_eq!(edited.len(), b.len() + 1);
        let new = edited.iter().find(|e| e.action == "Throw" && e.index == after.index + 1).unwrap();
        assert_eq!(new.segment, after.segment);
        let next = edited.position_of(b.event(2).id).unwrap();
        assert_eq!(edited.event(next).index, b.event(2).index + 1);
        let short = vec![("distance".to_owned(), 1.0)];
        let err = b.hand_edit(&HandEdit::Insert { after: None, state: short, action: "Idle".into() }, None);
        assert!(err.unwrap_err().contains("has no `"));
    }

    #[test]
    fn a_split_then_a_join_gives_the_segment_back() {
        let b = bank();
        let seg = b.event(0).segment;
        let size = b.iter().filter(|e| e.segment == seg).count();
        assert!(size > 2);
        let at = b.event(2).id;
        let split = b.hand_edit(&HandEdit::Split { id: at }, None).unwrap();
        let new = split.event(split.position_of(at).unwrap()).segment;
        assert_ne!(new, seg);
        assert_eq!(split.iter().filter(|e| e.segment == seg).count(), 2);
        assert_eq!(split.event(split.position_of(at).unwrap()).index, 0);
        let joined = split.hand_edit(&HandEdit::Join { first: seg, second: new }, None).unwrap();
        assert_eq!(joined, b);
        assert!(b.hand_edit(&HandEdit::Split { id: b.event(0).id }, None).unwrap_err().contains("already starts"));
    }

    #[test]
    fn a_moved_event_goes_last_in_its_new_segment() {
        let b = bank();
        let first = b.event(0).segment;
        let other = b.iter().find(|e| e.segment != first && e.match_id == b.event(0).match_id).unwrap().segment;
        let id = b.event(1).id;
        let moved = b.hand_edit(&HandEdit::Move { id, to: other }, None).unwrap();
        let e = moved.event(moved.position_of(id).unwrap());
        assert_eq!(e.segment, other);
        assert_eq!(e.index as usize, b.iter().filter(|e| e.segment == other).count());
        assert!(moved.iter().filter(|e| e.segment == first).enumerate().all(|(k, e)| e.index as usize == k));
        assert!(b.hand_edit(&HandEdit::Move { id, to: 999_999 }, None).unwrap_err().contains("no segment"));
    }

    #[test]
    fn a_bank_begun_empty_takes_a_first_event_written_by_hand() {
        let empty = Bank::new(vec!["distance".into(), "opp_height".into()]);
        let state = vec![("distance".to_owned(), 1.0), ("opp_height".to_owned(), 1.2)];
        let b = empty.hand_edit(&HandEdit::Insert { after: None, state, action: "AntiAir".into() }, None).unwrap();
        assert_eq!(b.len(), 1);
        assert_eq!(b.event(0).action, "AntiAir");
    }

    #[test]
    fn the_example_bank_written_by_hand_answers_a_jump_in_with_anti_air() {
        use crate::arena::{Action, feature};
        use crate::bots::{Bot, Style};
        use crate::fight::{Bout, Controller, ShadowPlayer};
        let text = include_str!("../../../../projects/example/shadow/sentry.bank.ron");
        let bank = Bank::parse_ron("sentry.bank.ron", text).unwrap();
        let mut answered = 0;
        for seed in 1..=4 {
            let shadow = ShadowPlayer::new(&schema(), &bank, seed).unwrap();
            let bot = Bot::new(Style::Rushdown, seed);
            let mut bout = Bout::new([Controller::Shadow(Box::new(shadow)), Controller::Bot(bot)], ["Jago", "Jago"]);
            bout.run();
            for d in bout.decisions.iter().filter(|d| d.side == 0) {
                let airborne = d.state[feature::OPP_STATE] == 7.0 && d.state[feature::OPP_HEIGHT] > 0.0;
                if airborne && d.state[feature::DISTANCE] <= 1.5 {
                    assert_eq!(d.action, Action::AntiAir, "seed {seed}, frame {}: {:?}", d.frame, d.state);
                    answered += 1;
                }
            }
        }
        assert!(answered > 0, "the rushdown bot jumped in close at least once");
    }
}
