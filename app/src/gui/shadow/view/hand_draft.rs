//! The bank view's event written by hand: the texts typed for the picked event's action
//! and values, judged against the schema as they are typed, and the edits they become.

use std::path::PathBuf;

use creature_shadow::bank::{Bank, HandEdit, check_action, parse_value};
use creature_shadow::schema::Schema;

/// What is typed for one event of one bank.
#[derive(Debug, Default, Clone)]
pub struct HandDraft {
    /// The bank and event id the texts are of.
    pub of: Option<(PathBuf, u64)>,
    pub action: String,
    /// Each feature of the bank with the text typed for it.
    pub values: Vec<(String, String)>,
    /// The segment the picked event moves to.
    pub move_to: u64,
    /// The last refusal: which field, and why.
    pub problem: Option<(String, String)>,
    /// The event's action and state as the texts were read from it.
    read: Option<(String, Vec<f64>)>,
}

/// The field name under which the action is typed.
pub const ACTION: &str = "action";

impl HandDraft {
    /// Texts for event `pos` of `bank` at `path`, read again when another event is
    /// picked or the event changed under them (an edit, an undo, a reload); what is
    /// being typed stays while the event is as it was read.
    pub fn follow(&mut self, path: &std::path::Path, bank: &Bank, pos: usize) {
        let e = bank.event(pos);
        let same = self.of.as_ref().is_some_and(|(p, id)| p == path && *id == e.id);
        let read = (e.action.to_owned(), bank.state(pos));
        if same && self.read.as_ref() == Some(&read) {
            return;
        }
        if !same {
            self.move_to = e.segment;
        }
        self.of = Some((path.to_path_buf(), e.id));
        self.action = read.0.clone();
        self.values = bank.features().iter().cloned().zip(read.1.iter().map(|v| format!("{v}"))).collect();
        self.read = Some(read);
        self.problem = None;
    }

    /// The event the texts are of.
    pub fn event(&self) -> Option<u64> {
        self.of.as_ref().map(|(_, id)| *id)
    }

    /// The text typed for `field` (a feature name or [`ACTION`]).
    pub fn text_mut(&mut self, field: &str) -> Option<&mut String> {
        if field == ACTION {
            return Some(&mut self.action);
        }
        self.values.iter_mut().find(|(f, _)| f == field).map(|(_, t)| t)
    }

    /// Judges the text of `field` as it stands, keeping the refusal to show in place.
    pub fn judge(&mut self, field: &str, schema: Option<&Schema>) -> Result<(), String> {
        let r = match field {
            ACTION => check_action(self.action.trim()),
            _ => self.text_mut(field).map_or(Ok(()), |t| parse_value(schema, field, t).map(|_| ())),
        };
        match &r {
            Err(e) => self.problem = Some((field.to_owned(), e.clone())),
            Ok(()) if self.problem.as_ref().is_some_and(|(f, _)| f == field) => self.problem = None,
            Ok(()) => {}
        }
        r
    }

    /// The edit that writes `field`'s text into the event, when the text is good and
    /// says something other than the bank does.
    pub fn edit_of(&mut self, field: &str, schema: Option<&Schema>, bank: &Bank) -> Option<HandEdit> {
        let id = self.event()?;
        self.judge(field, schema).ok()?;
        let pos = bank.position_of(id)?;
        if field == ACTION {
            let action = self.action.trim().to_owned();
            return (action != bank.event(pos).action).then_some(HandEdit::SetAction { id, action });
        }
        let f = bank.feature_position(field)?;
        let value = parse_value(schema, field, self.text_mut(field)?).ok()?;
        (value != bank.value(pos, f)).then(|| HandEdit::SetValue { id, feature: field.to_owned(), value })
    }

    /// The typed state, every value judged; the first refusal otherwise.
    pub fn state(&mut self, schema: Option<&Schema>) -> Result<Vec<(String, f64)>, String> {
        let fields: Vec<String> = self.values.iter().map(|(f, _)| f.clone()).collect();
        for f in &fields {
            self.judge(f, schema)?;
        }
        self.judge(ACTION, schema)?;
        Ok(self.values.iter().filter_map(|(f, t)| parse_value(schema, f, t).ok().map(|v| (f.clone(), v))).collect())
    }
}
