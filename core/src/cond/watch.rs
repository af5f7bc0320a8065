//! Looking at a run for conditions, turn by turn. A condition on an event (a plan, a
//! switch, a lesson, a learning) fires on a turn with such an event; one on a value (a
//! phase, a desire, the liking, a score) fires on the turn the value comes into its
//! range, or the phase changes, having been otherwise the turn before. The first turn
//! seen only sets where the values start.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::{Cond, Sign};
use crate::creature::Creature;
use crate::mind::observation::Attempt;
use crate::names::Desire;
use crate::world::plan_filter::PlanFilter;
use crate::world::sim::{Event, Sim, Why};

/// A condition looking at a run: fed the simulation after each turn with that turn's
/// events, it says whether the condition fired then.
#[derive(Clone, Debug)]
pub struct Watch {
    /// What the condition reads each turn, taken from `cond` once.
    probe: Probe,
    cond: Cond,
    /// A `Score`'s score as last worked out.
    scored: Option<Scored>,
}

/// A `Score` as last worked out: the numbers the scores and the desire's trees went
/// by, the object's place in the village and its answers, and the score.
#[derive(Clone, Debug)]
struct Scored {
    scores: u64,
    trees: u64,
    place: usize,
    answers: Arc<BTreeMap<String, String>>,
    score: f64,
}

impl Scored {
    /// Whether the kept score stands: while no score could have changed, or while
    /// desire `d`'s trees and the object's answers (the same allocation at the same
    /// place) stand, which is then kept as the number the scores go by.
    #[inline(always)]
    fn stands(&mut self, sim: &Sim, d: Desire) -> bool {
        let now = sim.scores_number();
        if self.scores == now {
            return true;
        }
        let same = self.trees == sim.trees_number(d)
            && sim.village().objects.get(self.place).is_some_and(|x| Arc::ptr_eq(&self.answers, &x.answers));
        if same {
            self.scores = now;
        }
        same
    }
}

/// What a [`Watch`] reads each turn, by the kind of its condition.
#[derive(Clone, Copy, Debug)]
enum Probe {
    /// An event condition: nothing to read.
    Events,
    /// A value coming into a range: a desire's, the liking, the phase reaching a phase.
    Value(Read, Entering),
    /// The phase changing to any other.
    AnyPhase(PhaseChange),
    /// A desire's score of an object coming into a range.
    Score(Desire, Entering),
}

/// A value of the creature a condition reads.
#[derive(Clone, Copy, Debug)]
enum Read {
    /// A desire's value, by its place among the creature's desires.
    Desire(usize),
    Liking,
    Phase,
}

/// A value coming into a range (`lo <= v <= hi`: an end a condition leaves open is
/// infinite, and one it excludes is moved to the next number inside), with whether
/// it was inside the turn before. A value that is not a number is outside.
#[derive(Clone, Copy, Debug)]
struct Entering {
    lo: f64,
    hi: f64,
    /// Whether it was inside the turn before; taken as inside before the first turn,
    /// which then only sets where the value starts.
    was: bool,
}

/// The phase changing to any other.
#[derive(Clone, Copy, Debug)]
struct PhaseChange {
    /// The phase the turn before; [`UNSEEN`] before the first turn.
    was: u8,
}

/// Not yet seen: no turn before to compare with.
const UNSEEN: u8 = u8::MAX;

impl Entering {
    /// The numbers strictly above `above` and strictly below `below`, where given.
    fn strictly(above: Option<f64>, below: Option<f64>) -> Self {
        Self::within(above.map_or(f64::NEG_INFINITY, f64::next_up), below.map_or(f64::INFINITY, f64::next_down))
    }

    /// The numbers from `lo` to `hi`, both held.
    fn within(lo: f64, hi: f64) -> Self {
        Self { lo, hi, was: true }
    }

    /// Whether `v` comes inside this turn, having been outside the turn before.
    #[inline(always)]
    fn entered(&mut self, v: f64) -> bool {
        // Without branches: the common turn, nothing coming in, costs a few
        // comparisons.
        let inside = (v >= self.lo) & (v <= self.hi);
        let fired = inside & !self.was;
        self.was = inside;
        fired
    }
}

impl PhaseChange {
    /// Whether the phase, `now`, changed this turn.
    #[inline(always)]
    fn changed(&mut self, now: u8) -> bool {
        let was = std::mem::replace(&mut self.was, now);
        was != UNSEEN && was != now
    }
}

impl Read {
    #[inline(always)]
    fn of(self, c: &Creature) -> f64 {
        match self {
            Read::Desire(at) => c.desires.get(at).map_or(f64::NAN, |d| d.value),
            Read::Liking => c.liking,
            Read::Phase => f64::from(c.phase),
        }
    }
}

impl Watch {
    #[must_use]
    pub fn new(cond: Cond) -> Self {
        let probe = match &cond {
            Cond::PlanStarted { .. } | Cond::PlanSwitched | Cond::Lesson { .. } | Cond::Learnt { .. } => Probe::Events,
            // Reaching a phase is the phase coming into the range of that one phase.
            Cond::Phase { to: Some(to) } => Probe::Value(Read::Phase, Entering::within(f64::from(*to), f64::from(*to))),
            Cond::Phase { to: None } => Probe::AnyPhase(PhaseChange { was: UNSEEN }),
            Cond::Above { desire, value } => {
                Probe::Value(Read::Desire(desire.index()), Entering::within(*value, f64::INFINITY))
            }
            Cond::Below { desire, value } => {
                Probe::Value(Read::Desire(desire.index()), Entering::within(f64::NEG_INFINITY, *value))
            }
            Cond::Liking { above, below } => Probe::Value(Read::Liking, Entering::strictly(*above, *below)),
            Cond::Score { desire, above, below, .. } => Probe::Score(*desire, Entering::strictly(*above, *below)),
        };
        Self { probe, cond, scored: None }
    }

    #[must_use]
    pub fn cond(&self) -> &Cond {
        &self.cond
    }

    /// Whether the condition fired on the turn that left `sim` as it is, whose events
    /// are `events`.
    pub fn fired(&mut self, sim: &Sim, events: &[Event]) -> bool {
        if self.waits_for_events() { self.any_matches(sim, events) } else { self.fired_by_values(sim) }
    }

    /// True for a condition that fires on an event: it needs looking at only on turns
    /// with events, and keeps nothing from one turn to the next.
    #[must_use]
    pub fn waits_for_events(&self) -> bool {
        matches!(self.probe, Probe::Events)
    }

    /// Whether any of `events` is what an event condition waits for (false for a
    /// condition on values).
    #[inline(never)]
    pub fn any_matches(&self, sim: &Sim, events: &[Event]) -> bool {
        events.iter().any(|e| self.matches(sim, e))
    }

    /// [`Watch::fired`] for a condition on values, which must see every turn; false
    /// for an event condition.
    #[inline]
    pub fn fired_by_values(&mut self, sim: &Sim) -> bool {
        let c = sim.creature();
        match &mut self.probe {
            Probe::Events => false,
            Probe::Value(read, e) => e.entered(read.of(c)),
            Probe::AnyPhase(p) => p.changed(c.phase),
            Probe::Score(..) => self.score_entered(sim),
        }
    }

    /// For a `Score`: whether the score comes into its range this turn. While the
    /// kept score stands, the score is the one the condition last saw: nothing comes
    /// in, and nothing needs keeping.
    #[inline(always)]
    fn score_entered(&mut self, sim: &Sim) -> bool {
        let Probe::Score(d, _) = self.probe else { return false };
        if self.scored.as_mut().is_some_and(|k| k.stands(sim, d)) {
            return false;
        }
        let v = self.score_afresh(sim).unwrap_or(f64::NAN);
        let Probe::Score(_, e) = &mut self.probe else { return false };
        e.entered(v)
    }

    /// A `Score`'s score now, worked out again because the desire's trees or the
    /// object's answers changed, and kept. The score is the trees' verdict on the
    /// answers alone, and objects keep their places for a run (a new world gives every
    /// object new answers), so the same answers at the kept place give the kept score.
    #[inline(never)]
    fn score_afresh(&mut self, sim: &Sim) -> Option<f64> {
        let Cond::Score { desire, tree, object, .. } = &self.cond else { return None };
        let v = sim.village();
        let (scores, trees) = (sim.scores_number(), sim.trees_number(*desire));
        if let Some(k) = &self.scored
            && k.trees == trees
            && v.objects.get(k.place).is_some_and(|x| x.id == *object && *k.answers == *x.answers)
        {
            // The same answers under a new pointer: keep the score, with the new one.
            let (score, place) = (k.score, k.place);
            self.scored = Some(Scored { scores, trees, place, answers: Arc::clone(&v.objects[place].answers), score });
            return Some(score);
        }
        // A score that cannot be worked out keeps nothing: it is looked for again.
        self.scored = None;
        let place = v.find(object)?;
        let score = sim.usefulness(*desire, *tree, object).ok()?;
        self.scored = Some(Scored { scores, trees, place, answers: Arc::clone(&v.objects[place].answers), score });
        Some(score)
    }

    /// Whether event `e` is what an event condition waits for.
    fn matches(&self, sim: &Sim, e: &Event) -> bool {
        match (&self.cond, e) {
            (
                Cond::PlanStarted { desire: d, action: a, object: o, kind: k },
                Event::Plan { desire, action, object, .. },
            ) => {
                let filter = PlanFilter { desire: *d, action: a.as_deref(), object: o.as_deref(), kind: *k };
                filter.admits_with(*desire, action, object, || {
                    let v = sim.village();
                    v.find(object).map(|i| v.objects[i].kind)
                })
            }
            (Cond::PlanSwitched, Event::Plan { why, .. }) => *why == Why::Urgent,
            (Cond::Lesson { desire: d, sign }, Event::Lesson { lesson: Some(l), taught: Some(t), .. }) => {
                let sign_fits = match sign {
                    Some(Sign::Stroke) => *l > 0.0,
                    Some(Sign::Slap) => *l < 0.0,
                    None => true,
                };
                d.is_none_or(|d| d == t.desire) && sign_fits
            }
            (Cond::Learnt { what }, Event::Skill { skill, .. }) => what.as_ref().is_none_or(|w| w == skill),
            (Cond::Learnt { what }, Event::Miracle { miracle, result: Attempt::Succeeded, .. }) => {
                what.as_ref().is_none_or(|w| w == miracle)
            }
            _ => false,
        }
    }
}

/// Several conditions looked for together, each under a key (the editor's
/// breakpoints, by their places in the list), the least key reported when more fire
/// on one turn. Looked at on every turn of a run: the desires coming into ranges, the
/// most usual, in one tight loop; the liking and the phase only on turns either moved;
/// scores only on turns the simulation's scores number moved; the conditions on events
/// only on turns with the events they wait for.
#[derive(Clone, Debug, Default)]
pub struct WatchSet {
    desires: Vec<DesireRange>,
    /// The liking or the phase coming into ranges, looked at when either moved.
    others: Vec<(usize, Read, Entering)>,
    /// Scores, looked at when the number the scores go by moved.
    scores: Vec<(usize, Watch)>,
    /// The number the scores went by when `scores` last looked; `None` before the
    /// first turn seen.
    scores_seen: Option<u64>,
    /// The phase changing, looked at when it or the liking moved.
    phases: Vec<(usize, PhaseChange)>,
    /// Each with the [`Waits`] of its condition.
    events: Vec<(usize, Waits, Watch)>,
    /// What any of `events` waits for.
    waits: Waits,
    /// The liking and the phase as `others` and `phases` last saw them: while they
    /// stay, nothing there comes in or changes. `None` before the first turn seen.
    standing: Option<(u64, u8)>,
}

/// A desire's value coming into a range: its key, the desire's place among the
/// creature's desires, and the range.
#[derive(Clone, Copy, Debug)]
struct DesireRange {
    key: usize,
    at: usize,
    range: Entering,
}

/// The kinds of event conditions wait for, as bits: a plan, a lesson, a skill or
/// miracle.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Waits(u8);

impl Waits {
    const PLAN: u8 = 1;
    const LESSON: u8 = 2;
    const LEARNT: u8 = 4;

    /// What condition `c` waits for.
    fn of_cond(c: &Cond) -> Self {
        Self(match c {
            Cond::PlanStarted { .. } | Cond::PlanSwitched => Self::PLAN,
            Cond::Lesson { .. } => Self::LESSON,
            Cond::Learnt { .. } => Self::LEARNT,
            _ => 0,
        })
    }

    /// What event `e` could be for.
    #[inline]
    fn of_event(e: &Event) -> Self {
        Self(match e {
            Event::Plan { .. } => Self::PLAN,
            Event::Lesson { .. } => Self::LESSON,
            Event::Skill { .. } | Event::Miracle { .. } => Self::LEARNT,
            _ => 0,
        })
    }

    /// What any of `events` could be for.
    #[inline]
    fn of_events(events: &[Event]) -> Self {
        Self(events.iter().fold(0, |bits, e| bits | Self::of_event(e).0))
    }

    fn meets(self, other: Self) -> bool {
        self.0 & other.0 != 0
    }
}

impl WatchSet {
    /// Looks for `cond` under `key` too, from the next turn seen.
    pub fn insert(&mut self, key: usize, cond: Cond) {
        let watch = Watch::new(cond);
        match watch.probe {
            Probe::Events => {
                let waits = Waits::of_cond(&watch.cond);
                self.waits.0 |= waits.0;
                self.events.push((key, waits, watch));
            }
            Probe::Value(Read::Desire(at), range) => self.desires.push(DesireRange { key, at, range }),
            Probe::Value(read, e) => self.others.push((key, read, e)),
            Probe::AnyPhase(p) => self.phases.push((key, p)),
            Probe::Score(..) => self.scores.push((key, watch)),
        }
        self.standing = None;
        self.scores_seen = None;
    }

    /// Stops looking for the condition under `key`; the keys above it move down by
    /// one when `close_up` (its place in a list was taken out).
    pub fn remove(&mut self, key: usize, close_up: bool) {
        let renumber = |k: &mut usize| {
            if close_up && *k > key {
                *k -= 1;
            }
        };
        self.desires.retain(|r| r.key != key);
        self.others.retain(|(k, ..)| *k != key);
        self.scores.retain(|(k, _)| *k != key);
        self.phases.retain(|(k, _)| *k != key);
        self.events.retain(|(k, ..)| *k != key);
        self.desires.iter_mut().for_each(|r| renumber(&mut r.key));
        self.others.iter_mut().for_each(|(k, ..)| renumber(k));
        self.scores.iter_mut().for_each(|(k, _)| renumber(k));
        self.phases.iter_mut().for_each(|(k, _)| renumber(k));
        self.events.iter_mut().for_each(|(k, ..)| renumber(k));
        self.waits = Waits(self.events.iter().fold(0, |bits, (_, w, _)| bits | w.0));
    }

    /// True when nothing is looked for.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.desires.is_empty()
            && self.others.is_empty()
            && self.phases.is_empty()
            && self.scores.is_empty()
            && self.events.is_empty()
    }

    /// Shows every condition the turn that left `sim` as it is, with its `events`;
    /// returns the least key of those that fired. Every condition on values sees the
    /// turn, so that what it saw last stays current: the desires each turn, the liking
    /// and the phase on the turns either moved, the scores on the turns any may have.
    #[inline(always)]
    pub fn first_fired(&mut self, sim: &Sim, events: &[Event]) -> Option<usize> {
        let c = sim.creature();
        let mut first = usize::MAX;
        for r in &mut self.desires {
            if r.range.entered(Read::Desire(r.at).of(c)) {
                first = first.min(r.key);
            }
        }
        let standing = Some((c.liking.to_bits(), c.phase));
        if self.standing != standing {
            self.standing = standing;
            first = first.min(self.first_standing(c));
        }
        let scores = Some(sim.scores_number());
        if self.scores_seen != scores {
            self.scores_seen = scores;
            first = first.min(self.first_score(sim));
        }
        if !events.is_empty() && self.waits.0 != 0 {
            first = first.min(self.first_event(sim, events, first));
        }
        (first != usize::MAX).then_some(first)
    }

    /// The least key among the scores that came into their ranges ([`usize::MAX`]
    /// when none did), on a turn a score may have moved.
    #[inline(never)]
    fn first_score(&mut self, sim: &Sim) -> usize {
        let mut first = usize::MAX;
        for (key, w) in &mut self.scores {
            if w.score_entered(sim) {
                first = first.min(*key);
            }
        }
        first
    }

    /// The least key among the liking and phase conditions that fired
    /// ([`usize::MAX`] when none did), on a turn the liking or the phase moved.
    #[inline(never)]
    fn first_standing(&mut self, c: &Creature) -> usize {
        let mut first = usize::MAX;
        for (key, read, e) in &mut self.others {
            if e.entered(read.of(c)) {
                first = first.min(*key);
            }
        }
        for (key, p) in &mut self.phases {
            if p.changed(c.phase) {
                first = first.min(*key);
            }
        }
        first
    }

    /// The least key below `below` among the event conditions that `events` fire
    /// ([`usize::MAX`] when none do).
    #[inline(never)]
    fn first_event(&self, sim: &Sim, events: &[Event], below: usize) -> usize {
        let here = Waits::of_events(events);
        if !here.meets(self.waits) {
            return usize::MAX;
        }
        let mut first = below;
        for (key, waits, w) in &self.events {
            if *key < first && waits.meets(here) && w.any_matches(sim, events) {
                first = *key;
            }
        }
        if first == below { usize::MAX } else { first }
    }
}
