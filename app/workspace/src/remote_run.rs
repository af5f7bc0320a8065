//! A game's run as the studio received it (SPEC §23): every creature's states in the order
//! they came, numbered, and the marks on that timeline (the game's events, the person's
//! bookmarks, the link lost and found again). It is kept in memory while the link is lost
//! and after the game is let go, so that the editor can look back over it; the oldest
//! states give way once a creature has [`KEPT_STATES`], and are counted. It turns into
//! and out of core's saved run ([`SavedRun`], `*.run.ron`), its marks kept.

use std::collections::{BTreeMap, VecDeque};

pub use creature_core::link::run_file::{Mark, MarkKind};
use creature_core::link::run_file::{RunCreature, SavedRun, VERSION};

use crate::remote_state::RemoteState;

/// How many states are kept a creature: an hour at the editor's ten a second, as many
/// as a saved run holds.
pub const KEPT_STATES: usize = creature_core::link::run_file::MAX_STATES;

/// How many marks are kept, the oldest giving way first.
pub const KEPT_MARKS: usize = creature_core::link::run_file::MAX_MARKS;

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

    /// The run as a file holds it, received from the game at `game`, whose creatures
    /// are `creatures` (id, name, species): every creature named, its states kept and
    /// every mark.
    #[must_use]
    pub fn saved(&self, game: &str, creatures: &[(u32, String, String)]) -> SavedRun {
        let creatures = creatures
            .iter()
            .map(|(id, name, species)| {
                let line = self.creatures.get(id);
                RunCreature {
                    id: *id,
                    name: name.clone(),
                    species: species.clone(),
                    first: line.map_or(0, |l| l.first),
                    states: line.map(|l| l.states.iter().cloned().collect()).unwrap_or_default(),
                }
            })
            .collect();
        SavedRun {
            version: VERSION,
            game: game.to_owned(),
            creatures,
            marks: self.marks.iter().cloned().collect(),
            dropped: self.dropped,
        }
    }

    /// The run a file held, to look back over as it was saved.
    #[must_use]
    pub fn of_saved(saved: &SavedRun) -> RemoteRun {
        let creatures = saved
            .creatures
            .iter()
            .map(|c| (c.id, Timeline { first: c.first, states: c.states.iter().cloned().collect() }))
            .collect();
        RemoteRun { creatures, marks: saved.marks.iter().cloned().collect(), dropped: saved.dropped }
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

    #[test]
    fn a_run_saved_and_read_back_is_the_run_with_its_marks() {
        let mut run = RemoteRun::default();
        for i in 0..20 {
            run.take_state(4, state(f64::from(i) / 10.0));
        }
        run.take_state(9, state(3.0));
        run.mark(4, MarkKind::Event, "lesson".into());
        run.mark_all(MarkKind::Link, "link lost: gone");
        run.mark_at(4, 7, 0.7, MarkKind::Bookmark, "here".into());
        let names = [(4, "Ruth".to_owned(), "Cow".to_owned()), (9, "Pip".to_owned(), "Ape".to_owned())];
        let saved = run.saved("127.0.0.1:7878", &names);
        let text = saved.to_text();
        let back = RemoteRun::of_saved(&SavedRun::parse("r.run.ron", &text).unwrap());
        for id in [4, 9] {
            assert_eq!(back.span(id), run.span(id));
            assert!(back.states(id).eq(run.states(id)), "creature {id}'s states");
            assert!(back.marks(id).eq(run.marks(id)), "creature {id}'s marks");
        }
        assert_eq!(back.span(4), Some((0, 19)));
        assert_eq!(back.marks(4).count(), 3);
    }
}
