//! What the player does to the running creature (SPEC §16's ACT): the one shape a touch
//! has from the editor's key to [`Sim::apply`], in a scenario file and in a recording.
//! A release returns the [`Lesson`] it sent, which is what the editor shows.

use serde::{Deserialize, Serialize};

use super::Sim;
use crate::creature::lesson::Lesson;
use crate::mind::hand::Slap;
use crate::mind::leash::Leash;
use crate::names::Desire;
use crate::species::data::TreeKind;

/// One thing the player does. The scenario file writes these as SPEC §16 shows them;
/// a recording keeps them with their turn.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Act {
    /// The creature takes this plan now as if it had chosen it: `desire` doing `action`
    /// to `object`, for `target` (whom or what the plan is for; `None`: the object).
    Plan {
        desire: Desire,
        action: String,
        object: String,
        #[serde(default)]
        target: Option<String>,
    },
    /// Picks the creature up: a new running total (SPEC §5).
    Hold,
    Stroke,
    Slap(Slap),
    /// Lets go: the total is taught as one lesson (SPEC §5–§7).
    Release,
    Leash(Leash),
    /// A miracle cast on `on`; `None`: on the object nearest the creature, where it
    /// sees it (SPEC §10).
    Miracle {
        name: String,
        #[serde(default)]
        on: Option<String>,
    },
    Phase(u8),
    /// A desire's value set now, within [0, its max].
    Desire {
        name: Desire,
        value: f64,
    },
    /// The hand gives the creature an object, which it then holds (SPEC §7, §12).
    Give {
        object: String,
    },
    /// The player does `action` to `object` where it stands, for `desire`'s sake
    /// (`None`: the first desire whose plans use the action); a creature that sees it
    /// may copy it (SPEC §10).
    Deed {
        action: String,
        object: String,
        #[serde(default)]
        desire: Option<Desire>,
    },
    /// The hand moves to a spot.
    Hand {
        x: f64,
        y: f64,
    },
    /// The hand puts the creature down at a spot.
    Place {
        x: f64,
        y: f64,
    },
    /// The player comes back (true) or goes away (false).
    Present(bool),
    /// Orders the creature to come to an object (`event.order`).
    Order {
        object: String,
    },
    /// Holds the verdict of `desire`'s tree (`tree`, both for none) for `object` at
    /// `verdict`, from −1 to 1, until `Unforce` (SPEC §23 `force`).
    Force {
        desire: Desire,
        #[serde(default)]
        tree: Option<TreeKind>,
        object: String,
        verdict: f64,
    },
    /// Lets the tree judge `object` by its examples again.
    Unforce {
        desire: Desire,
        #[serde(default)]
        tree: Option<TreeKind>,
        object: String,
    },
}

impl Act {
    /// The act in a few words, for logs, markers and the palette.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Act::Plan { desire, action, object, target: None } => format!("plan: {desire} {action} {object}"),
            Act::Plan { desire, action, object, target: Some(t) } => {
                format!("plan: {desire} {action} {object} at {t}")
            }
            Act::Hold => "hand: hold".to_owned(),
            Act::Stroke => "hand: stroke".to_owned(),
            Act::Slap(s) => format!("hand: slap ({s:?})"),
            Act::Release => "hand: release".to_owned(),
            Act::Leash(l) => format!("leash: {l:?}"),
            Act::Miracle { name, on: None } => format!("miracle: {name}"),
            Act::Miracle { name, on: Some(o) } => format!("miracle: {name} on {o}"),
            Act::Phase(p) => format!("phase set to {p}"),
            Act::Desire { name, value } => format!("desire: {name} set to {value}"),
            Act::Give { object } => format!("hand: gives {object}"),
            Act::Deed { action, object, .. } => format!("deed: {action} {object}"),
            Act::Hand { x, y } => format!("hand moved to ({x:.1}, {y:.1})"),
            Act::Place { x, y } => format!("creature placed at ({x:.1}, {y:.1})"),
            Act::Present(true) => "the player comes back".to_owned(),
            Act::Present(false) => "the player goes away".to_owned(),
            Act::Order { object } => format!("ordered to {object}"),
            Act::Force { desire, tree, object, verdict } => {
                format!("{desire}'s {} verdict for {object} forced to {verdict}", tree_words(*tree))
            }
            Act::Unforce { desire, tree, object } => {
                format!("{desire}'s {} verdict for {object} no longer forced", tree_words(*tree))
            }
        }
    }
}

/// A tree named in a few words.
fn tree_words(tree: Option<TreeKind>) -> &'static str {
    match tree {
        Some(TreeKind::Activity) => "Activity",
        Some(TreeKind::ActOn) => "ActOn",
        None => "trees'",
    }
}

impl Sim {
    /// Does `act` now, between turns. A release returns the lesson it sent (also one
    /// that taught nothing); an act that cannot be done (an unknown object, action,
    /// desire or miracle, a spot off the map, a plan the creature cannot get at) is
    /// refused with why and changes nothing.
    pub fn apply(&mut self, act: &Act) -> Result<Option<Lesson>, String> {
        match act {
            Act::Plan { desire, action, object, target } => {
                self.command_about(*desire, action, object, target.as_deref()).map(|()| None)
            }
            Act::Leash(l) => {
                self.set_leash(*l);
                Ok(None)
            }
            Act::Phase(p) => {
                self.set_phase(*p);
                Ok(None)
            }
            Act::Desire { name, value } => {
                self.set_desire(*name, *value);
                Ok(None)
            }
            Act::Place { x, y } => self.place_creature(*x, *y).map(|()| None),
            Act::Force { desire, tree, object, verdict } => self.force(*desire, *tree, object, *verdict).map(|()| None),
            Act::Unforce { desire, tree, object } => self.unforce(*desire, *tree, object).map(|()| None),
            Act::Miracle { name, on: None } => {
                let near = self.nearest_object().ok_or("the village has no object to cast on")?;
                self.hand_act(&Act::Miracle { name: name.clone(), on: Some(near) })
            }
            other => self.hand_act(other),
        }
    }

    /// The present object nearest the creature, where a miracle it sees is cast.
    fn nearest_object(&self) -> Option<String> {
        let at = self.position();
        self.village()
            .objects
            .iter()
            .filter(|o| o.present)
            .min_by(|a, b| a.distance_from(at).total_cmp(&b.distance_from(at)))
            .map(|o| o.id.clone())
    }
}
