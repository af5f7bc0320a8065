//! Verdicts forced from outside (SPEC §23 `force`, as Groot2's hooks hold a node's
//! result): a desire's tree gives the verdict it is told for an object until `unforce`,
//! whatever its examples say, so that a designer attached to a game can try what the
//! creature would do if it thought otherwise. Every reader of a tree's verdict for an
//! object (the plan choice, Why?, a scenario's score) asks [`Forced::verdict`].
//!
//! A forced verdict is the link's, not the creature's: it is not frozen with the state
//! (the snapshots' bytes stay those of a run without it), and a recording, which keeps
//! the `force` as an input, gives it again to a simulation thawed from a later snapshot.
//!
//! A verdict is held for an object by the object's identity, its `id` in the world file:
//! a world reloaded with its objects in another order keeps each verdict on its object,
//! and one reloaded without the object lets the verdict go and says so
//! ([`Event::Unforced`]).

use super::{Event, Sim};
use crate::names::Desire;
use crate::species::data::TreeKind;

/// A verdict held: for (desire, tree, object) in the simulation's numbering, the object
/// also by its id, which outlasts the numbering.
#[derive(Clone, Debug, PartialEq)]
struct Held {
    at: (usize, usize, usize),
    object: String,
    verdict: f64,
}

/// The verdicts held, in the order given.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Forced {
    held: Vec<Held>,
}

impl Forced {
    /// The verdict of desire `d`'s tree `k` (0 Activity, 1 ActOn) for object `o`: the
    /// one forced, or the tree's own (`predicted`).
    #[inline]
    pub(super) fn verdict(&self, d: usize, k: usize, o: usize, predicted: impl FnOnce() -> Option<f64>) -> Option<f64> {
        if self.held.is_empty() {
            return predicted();
        }
        match self.held.iter().find(|h| h.at == (d, k, o)) {
            Some(h) => Some(h.verdict),
            None => predicted(),
        }
    }

    /// Numbers each verdict's object again by its id (`find`, in a new world); those
    /// whose object is gone are let go and returned.
    fn renumber(&mut self, find: impl Fn(&str) -> Option<usize>) -> Vec<Held> {
        let mut gone = Vec::new();
        self.held.retain_mut(|h| match find(&h.object) {
            Some(o) => {
                h.at.2 = o;
                true
            }
            None => {
                gone.push(h.clone());
                false
            }
        });
        gone
    }
}

/// Tree `k` (0 Activity, 1 ActOn) by its kind.
fn kind_of(k: usize) -> TreeKind {
    if k == 0 { TreeKind::Activity } else { TreeKind::ActOn }
}

/// The tree kinds a `force` names: one, or both when none is named.
fn kinds(kind: Option<TreeKind>) -> Vec<usize> {
    match kind {
        Some(TreeKind::Activity) => vec![0],
        Some(TreeKind::ActOn) => vec![1],
        None => vec![0, 1],
    }
}

impl Sim {
    /// Holds the verdict of `desire`'s tree of `kind` (both for none) for `object` at
    /// `verdict`, a number from −1 to 1, until [`Sim::unforce`].
    pub(super) fn force(
        &mut self,
        desire: Desire,
        kind: Option<TreeKind>,
        object: &str,
        verdict: f64,
    ) -> Result<(), String> {
        if !(-1.0..=1.0).contains(&verdict) {
            return Err(format!("a verdict is a number from -1 to 1, not {verdict}"));
        }
        let o = self.object(object)?;
        for k in kinds(kind) {
            let at = (desire.index(), k, o);
            self.life.judgement.forced.held.retain(|h| h.at != at);
            self.life.judgement.forced.held.push(Held { at, object: object.to_owned(), verdict });
            self.kept.forget_usefulness(self.kept.useful_at(at.0, k, o));
        }
        Ok(())
    }

    /// Lets `desire`'s tree of `kind` (both for none) judge `object` by its examples again.
    pub(super) fn unforce(&mut self, desire: Desire, kind: Option<TreeKind>, object: &str) -> Result<(), String> {
        let o = self.object(object)?;
        let before = self.life.judgement.forced.held.len();
        for k in kinds(kind) {
            let at = (desire.index(), k, o);
            self.life.judgement.forced.held.retain(|h| h.at != at);
            self.kept.forget_usefulness(self.kept.useful_at(at.0, k, o));
        }
        if self.life.judgement.forced.held.len() == before {
            return Err(format!("no verdict of {desire}'s trees for {object} is forced"));
        }
        Ok(())
    }

    /// The verdicts forced now: desire, tree, object and verdict, in the order given.
    #[must_use]
    pub fn forced(&self) -> Vec<(Desire, TreeKind, String, f64)> {
        let held = self.life.judgement.forced.held.iter();
        held.map(|h| (Desire::ALL[h.at.0], kind_of(h.at.1), h.object.clone(), h.verdict)).collect()
    }

    /// After a world reload: each verdict follows its object to the object's place in
    /// the new world; a verdict whose object the new world lacks is let go, with an
    /// [`Event::Unforced`] for each.
    pub(super) fn keep_forced_on_their_objects(&mut self) {
        let village = &self.village;
        let gone = self.life.judgement.forced.renumber(|id| village.find(id));
        let t = self.life.clock.time;
        for h in gone {
            let (desire, tree) = (Desire::ALL[h.at.0], kind_of(h.at.1));
            self.emit(Event::Unforced { t, desire, tree, object: h.object });
        }
    }
}
