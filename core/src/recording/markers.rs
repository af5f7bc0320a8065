//! The timeline's marks (SPEC §17): lessons, reloads, plan and phase changes, inputs,
//! skills and miracles, each with its turn and one line for people.

use super::format::{Change, Happening, Recording, Timed};
use crate::world::sim::Act;

/// What a mark is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerKind {
    Input,
    Reload,
    Plan,
    Lesson,
    Phase,
    Skill,
    Miracle,
    /// A turn a person named.
    Bookmark,
}

/// One mark on the timeline.
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    pub turn: u64,
    pub kind: MarkerKind,
    /// One line for people.
    pub text: String,
}

impl Recording {
    /// Names the turn `turn` (at most the last recorded) `name`, among the bookmarks in
    /// turn order; a name is one line.
    ///
    /// # Errors
    /// A turn past the end, or an empty name.
    pub fn add_bookmark(&mut self, turn: u64, name: &str) -> Result<(), String> {
        let name = name.trim();
        if turn > self.turns {
            return Err(format!("turn {turn} is past the recording's end at turn {}", self.turns));
        }
        if name.is_empty() || name.contains('\n') {
            return Err("a bookmark's name is one line of text".to_owned());
        }
        let at = self.bookmarks.partition_point(|b| b.turn <= turn);
        self.bookmarks.insert(at, Timed { turn, what: name.to_owned() });
        Ok(())
    }

    /// Every mark, by turn; at one turn the inputs and reloads before what they caused.
    /// The hand's moves are recorded but not marked: a player moving the pointer moves
    /// the hand every frame, and those marks would hide the touches and lessons.
    #[must_use]
    pub fn markers(&self) -> Vec<Marker> {
        let mut out: Vec<Marker> = self
            .changes
            .iter()
            .filter_map(|c| match &c.what {
                Change::Input(Act::Hand { .. }) => None,
                Change::Input(i) => Some(Marker { turn: c.turn, kind: input_kind(i), text: i.describe() }),
                // The reload's event says the same.
                Change::Reload(_) => None,
            })
            .collect();
        out.extend(self.events.iter().map(|e| {
            let (kind, text) = describe(&e.what);
            Marker { turn: e.turn, kind, text }
        }));
        out.extend(self.bookmarks.iter().map(|b| Marker {
            turn: b.turn,
            kind: MarkerKind::Bookmark,
            text: format!("🔖 {}", crate::printable::escaped(&b.what)),
        }));
        // Stable: inputs, listed first, stay before the events of their turn.
        out.sort_by_key(|m| m.turn);
        out
    }
}

fn input_kind(i: &Act) -> MarkerKind {
    match i {
        Act::Phase(_) => MarkerKind::Phase,
        _ => MarkerKind::Input,
    }
}

fn describe(h: &Happening) -> (MarkerKind, String) {
    match h {
        Happening::Plan { desire, action, object, why, .. } => {
            (MarkerKind::Plan, format!("{desire}: {action} {object} ({why:?})"))
        }
        Happening::Lesson { total, taught, .. } => (
            MarkerKind::Lesson,
            match taught {
                Some(t) => format!("lesson {total:+.2} to {} {} {}", t.desire, t.action, t.object),
                None => format!("release {total:+.2}, nothing taught"),
            },
        ),
        Happening::Skill { skill } => (MarkerKind::Skill, format!("learnt the skill {skill}")),
        Happening::Miracle { miracle, result } => (MarkerKind::Miracle, format!("tried {miracle}: {result:?}")),
        Happening::Phase { phase, name } => (MarkerKind::Phase, format!("moved on to phase {phase} ({name})")),
        Happening::Reload { what } => (MarkerKind::Reload, format!("{what} reloaded")),
    }
}
