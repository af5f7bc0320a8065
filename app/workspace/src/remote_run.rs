//! A game's run as the studio received it (SPEC §23): every creature's states in the order
//! they came, numbered, and the marks on that timeline (the game's events, the person's
//! bookmarks, the link lost and found again). It is kept in memory while the link is lost
//! and after the game is let go, so that the editor can look back over it; the oldest
//! states give way once a creature has [`KEPT_STATES`], and are counted.

use std::collections::{BTreeMap, VecDeque};

use crate::remote_state::RemoteState;

/// How many states are kept a creature: an hour at the editor's ten a second.
pub const KEPT_STATES: usize = 36_000;

/// How many marks are kept, the oldest giving way first.
pub const KEPT_MARKS: usize = 10_000;

/// What a mark on a game's timeline is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// An event the game sent: a plan, a lesson, a phase, a reload, a breakpoint hit.
    Event,
    /// A moment the person named.
    Bookmark,
    /// The link was lost here, or came back.
    Link,
}

/// One mark: where on a creature's timeline (the number of the state it follows) and
/// what it says.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub creature: u32,
    pub at: u64,
    pub sim_time: f64,
    pub kind: MarkKind,
    pub text: String,
}

/// One creature's states, numbered from its first: `first` is the number of the oldest
/// kept.
#[derive(Clone, Debug, Default)]
struct Timeline {
    first: u64,
    states: VecDeque<RemoteState>,
}

impl Timeline {
    fn next(&self) -> u64 {
        self.first + self.states.len() as u64
    }
}

/// The run received from a game.
#[derive(Clone, Debug, Default)]
pub struct RemoteRun {
    creatures: BTreeMap<u32, Timeline>,
    marks: VecDeque<Mark>,
    /// States that gave way to newer ones, over all creatures.
    pub dropped: u64,
}

impl RemoteRun {
    /// Keeps a state the game sent of `creature`.
    pub fn take_state(&mut self, creature: u32, state: RemoteState) {
        let line = self.creatures.entry(creature).or_default();
        if line.states.len() >= KEPT_STATES {
            line.states.pop_front();
            line.first += 1;
            self.dropped += 1;
        }
        line.states.push_back(state);
    }

    /// Marks the newest state of `creature` with `text`.
    pub fn mark(&mut self, creature: u32, kind: MarkKind, text: String) {
        let (at, sim_time) = self.newest_at(creature);
        self.mark_at(creature, at, sim_time, kind, text);
    }

    /// Marks the newest state of every creature seen with `text`: the link lost or back.
    pub fn mark_all(&mut self, kind: MarkKind, text: &str) {
        let ids: Vec<u32> = self.creatures.keys().copied().collect();
        ids.into_iter().for_each(|id| self.mark(id, kind, text.to_owned()));
    }

    /// Marks state `at` of `creature` with `text`: a bookmark put while looking back.
    pub fn mark_at(&mut self, creature: u32, at: u64, sim_time: f64, kind: MarkKind, text: String) {
        if self.marks.len() >= KEPT_MARKS {
            self.marks.pop_front();
        }
        self.marks.push_back(Mark { creature, at, sim_time, kind, text });
    }

    /// `creature`'s newest state: the game's last word of it.
    pub fn newest(&self, creature: u32) -> Option<&RemoteState> {
        self.creatures.get(&creature)?.states.back()
    }

    /// The number and time of `creature`'s newest state (0 and 0 s before its first).
    fn newest_at(&self, creature: u32) -> (u64, f64) {
        self.creatures.get(&creature).and_then(|l| Some((l.next() - 1, l.states.back()?.sim_time))).unwrap_or((0, 0.0))
    }

    /// The numbers of `creature`'s oldest and newest states kept, or none before its first.
    pub fn span(&self, creature: u32) -> Option<(u64, u64)> {
        let line = self.creatures.get(&creature).filter(|l| !l.states.is_empty())?;
        Some((line.first, line.next() - 1))
    }

    /// State `at` of `creature`, while it is kept.
    pub fn state(&self, creature: u32, at: u64) -> Option<&RemoteState> {
        let line = self.creatures.get(&creature)?;
        let i = usize::try_from(at.checked_sub(line.first)?).ok()?;
        line.states.get(i)
    }

    /// `creature`'s states kept, oldest first, each with its number.
    pub fn states(&self, creature: u32) -> impl Iterator<Item = (u64, &RemoteState)> {
        self.creatures.get(&creature).into_iter().flat_map(|l| (l.first..).zip(l.states.iter()))
    }

    /// The marks on `creature`'s timeline, oldest first.
    pub fn marks(&self, creature: u32) -> impl Iterator<Item = &Mark> {
        self.marks.iter().filter(move |m| m.creature == creature)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(sim_time: f64) -> RemoteState {
        RemoteState {
            sim_time,
            desires: vec![0.5; 40],
            plan: None,
            agenda: Vec::new(),
            liking: 0.0,
            phase: 1,
            position: None,
        }
    }

    #[test]
    fn states_are_numbered_and_the_oldest_give_way_counted() {
        let mut run = RemoteRun::default();
        assert_eq!(run.span(3), None);
        for i in 0..KEPT_STATES + 5 {
            run.take_state(3, state(i as f64));
        }
        assert_eq!(run.span(3), Some((5, KEPT_STATES as u64 + 4)));
        assert_eq!(run.dropped, 5);
        assert_eq!(run.state(3, 4), None);
        assert_eq!(run.state(3, 5).unwrap().sim_time, 5.0);
        assert_eq!(run.states(3).next().map(|(n, s)| (n, s.sim_time)), Some((5, 5.0)));
        assert_eq!(run.state(4, 5), None);
    }

    #[test]
    fn a_mark_of_the_link_is_on_every_timeline_and_an_event_on_its_creatures_alone() {
        let mut run = RemoteRun::default();
        run.take_state(0, state(1.0));
        run.take_state(0, state(2.0));
        run.take_state(1, state(7.0));
        run.mark(0, MarkKind::Event, "plan".into());
        run.mark_all(MarkKind::Link, "lost");
        let of_0: Vec<_> = run.marks(0).map(|m| (m.at, m.sim_time, m.text.as_str())).collect();
        assert_eq!(of_0, [(1, 2.0, "plan"), (1, 2.0, "lost")]);
        let of_1: Vec<_> = run.marks(1).map(|m| (m.at, m.sim_time, m.text.as_str())).collect();
        assert_eq!(of_1, [(0, 7.0, "lost")]);
    }
}
