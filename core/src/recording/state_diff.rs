//! Two runs compared by what their states say (SPEC §17's compare, on SPEC §23's
//! `state`): a game's run received over the link or saved, beside another, or beside a
//! recording read as states. Only what a state carries is compared (desires, plan,
//! liking, phase, place), by [`super::diff`]'s rules: the first moment at which what can
//! be seen differs, how far apart each desire got and when, and the plans only one of
//! them started at their turn.
//!
//! The two runs need not be sampled alike: each state of the sparser is set beside the
//! other's newest state at or before its time, over the time both cover.

use std::collections::BTreeMap;

use serde::Serialize;

use super::diff::{DesireDiff, PlanDiff, Seen, only_each_way, plans_started, same_seen, widen};
use super::format::Happening;
use super::recorder::Recorder;
use crate::link::run_file::State;
use crate::mind::desire::TURNS_PER_SECOND;
use crate::names::Desire;

/// A run as states over time, and the plans it started: what a game tells of a
/// creature, or a recording read so.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeenRun {
    /// The states, oldest first.
    pub states: Vec<State>,
    /// The plans started: the turn, and the plan's desire, action and object.
    pub plans: Vec<(u64, String)>,
}

/// What differs between two runs told as states, listing only what differs.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct StatesDiff {
    /// The first simulated second at which they differ; `None` when they never do.
    pub first_difference: Option<f64>,
    pub desires: BTreeMap<Desire, DesireDiff>,
    pub plans: PlanDiff,
    /// How far apart the likings got, and when; `None` when never.
    pub liking: Option<DesireDiff>,
    /// How far apart the two creatures were, in metres, and when; `None` when never.
    pub position: Option<DesireDiff>,
    /// The simulated seconds both runs cover, from and to.
    pub both: Option<(f64, f64)>,
}

impl Seen for State {
    fn place(&self) -> Option<[f64; 2]> {
        self.position
    }
    fn phase(&self) -> u8 {
        self.phase
    }
    fn liking(&self) -> f64 {
        self.liking
    }
    fn desire_bits(&self) -> Vec<u64> {
        self.desires.iter().map(|d| d.to_bits()).collect()
    }
    fn plan_words(&self) -> Option<[String; 3]> {
        self.plan.as_ref().map(|p| [p.desire.clone(), p.action.clone(), p.object.clone()])
    }
}

/// A plan as a run's plans started name it.
fn plan_key(desire: &str, action: &str, object: &str) -> String {
    format!("{desire}|{action}|{object}")
}

/// The turn of a simulated second.
fn turn_at(t: f64) -> u64 {
    // Times are a run's own, at or after 0: a negative or unreadable one is turn 0.
    (t * TURNS_PER_SECOND).round().max(0.0) as u64
}

impl SeenRun {
    /// A run told by its states alone (a game's): a plan starts at each state whose plan
    /// is not the one before's.
    #[must_use]
    pub fn of_states(states: Vec<State>) -> SeenRun {
        let mut plans = Vec::new();
        let mut before = None;
        for s in &states {
            let now = s.plan_words();
            if let Some([d, a, o]) = &now
                && now != before
            {
                plans.push((turn_at(s.sim_time), plan_key(d, a, o)));
            }
            before = now;
        }
        SeenRun { states, plans }
    }
}

impl Recorder {
    /// The recorded run told as states at `count` evenly spaced turns (as
    /// [`Recorder::sample`] picks them), each as the link says a creature
    /// ([`crate::world::link_state::state`]), with every plan it started.
    ///
    /// # Errors
    /// A snapshot that does not restore.
    pub fn seen_run(&self, count: u64) -> Result<SeenRun, String> {
        let mut copy = self.clone();
        let states = super::sample::even_turns(self.sim().turns(), count)
            .map(|t| {
                let sim = copy.seek(t)?;
                serde_json::from_value(crate::world::link_state::state(&sim, 0)).map_err(|e| e.to_string())
            })
            .collect::<Result<Vec<State>, String>>()?;
        let plans = self
            .recording()
            .events
            .iter()
            .filter_map(|e| match &e.what {
                Happening::Plan { desire, action, object, .. } => {
                    Some((e.turn, plan_key(desire.name(), action, object)))
                }
                _ => None,
            })
            .collect();
        Ok(SeenRun { states, plans })
    }
}

/// Each state of the sparser run beside the other's newest at or before its time, over
/// the time both cover: (seconds, a's state, b's state).
fn side_by_side<'r>(a: &'r [State], b: &'r [State]) -> Vec<(f64, &'r State, &'r State)> {
    let (sparse, dense, swapped) = if a.len() <= b.len() { (a, b, false) } else { (b, a, true) };
    let Some(start) = dense.first().map(|s| s.sim_time) else { return Vec::new() };
    let end = dense.last().map_or(start, |s| s.sim_time);
    let mut at = 0;
    let mut out = Vec::new();
    for s in sparse.iter().filter(|s| (start..=end).contains(&s.sim_time)) {
        while at + 1 < dense.len() && dense[at + 1].sim_time <= s.sim_time {
            at += 1;
        }
        let other = &dense[at];
        out.push(if swapped { (s.sim_time, other, s) } else { (s.sim_time, s, other) });
    }
    out
}

/// Keeps the widest `gap` so far with its time.
fn widest(kept: &mut Option<DesireDiff>, gap: f64, at: f64) {
    if gap > kept.map_or(0.0, |k| k.max_abs) {
        *kept = Some(DesireDiff { max_abs: gap, at });
    }
}

/// Compares two runs told as states.
#[must_use]
pub fn diff_states(a: &SeenRun, b: &SeenRun) -> StatesDiff {
    let pairs = side_by_side(&a.states, &b.states);
    let mut first_difference = None;
    let mut desires = BTreeMap::new();
    let (mut liking, mut position) = (None, None);
    for &(t, sa, sb) in &pairs {
        let values = Desire::ALL.iter().zip(sa.desires.iter().zip(&sb.desires));
        widen(&mut desires, t, values.map(|(d, (x, y))| (*d, *x, *y)));
        widest(&mut liking, (sa.liking - sb.liking).abs(), t);
        if let (Some([ax, ay]), Some([bx, by])) = (sa.position, sb.position) {
            widest(&mut position, (ax - bx).hypot(ay - by), t);
        }
        if first_difference.is_none() && !same_seen(sa, sb) {
            first_difference = Some(t);
        }
    }
    desires.retain(|_, d| d.max_abs > 0.0);
    let both = pairs.first().zip(pairs.last()).map(|(f, l)| (f.0, l.0));
    // The plans started while both ran.
    let within = |run: &SeenRun| {
        let (from, to) = both.map_or((1, 0), |(f, l)| (turn_at(f), turn_at(l)));
        plans_started(run.plans.iter().filter(|(turn, _)| (from..=to).contains(turn)).cloned())
    };
    let (only_a, only_b) = only_each_way(&within(a), &within(b));
    StatesDiff { first_difference, desires, plans: PlanDiff { only_a, only_b }, liking, position, both }
}

/// The desire values of a run told as states: (seconds, one value per desire).
#[must_use]
pub fn curves(run: &SeenRun) -> Vec<(f64, Vec<f64>)> {
    run.states.iter().map(|s| (s.sim_time, s.desires.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::run_file::Plan;

    fn state(t: f64, hunger: f64, plan: &str) -> State {
        let mut desires = vec![0.25; Desire::COUNT];
        desires[Desire::Hunger.index()] = hunger;
        State {
            sim_time: t,
            desires,
            plan: (!plan.is_empty()).then(|| Plan {
                desire: "Hunger".into(),
                action: "Eat".into(),
                object: plan.into(),
            }),
            agenda: Vec::new(),
            liking: 0.0,
            phase: 1,
            position: Some([t, 0.0]),
        }
    }

    #[test]
    fn two_runs_told_as_states_part_where_what_is_seen_differs() {
        let a: Vec<State> =
            (0..50).map(|i| state(f64::from(i) / 10.0, 0.5, if i < 20 { "" } else { "field" })).collect();
        let mut b = a.clone();
        for s in b.iter_mut().skip(30) {
            s.desires[Desire::Hunger.index()] = 0.75;
            s.plan.as_mut().unwrap().object = "pit".into();
        }
        let (a, b) = (SeenRun::of_states(a), SeenRun::of_states(b));
        assert_eq!(a.plans, [(20, "Hunger|Eat|field".to_owned())]);
        let d = diff_states(&a, &b);
        assert_eq!(d.first_difference, Some(3.0));
        assert_eq!(d.desires.keys().copied().collect::<Vec<_>>(), [Desire::Hunger]);
        assert_eq!(d.desires[&Desire::Hunger], DesireDiff { max_abs: 0.25, at: 3.0 });
        assert_eq!((d.plans.only_a, d.plans.only_b), (0, 1), "the pit was a plan of b's alone");
        assert_eq!((d.liking, d.position, d.both), (None, None, Some((0.0, 4.9))));
        let same = diff_states(&a, &a);
        assert_eq!((same.first_difference, same.desires.len(), same.plans.only_a), (None, 0, 0));
    }

    #[test]
    fn a_sparse_run_is_set_beside_the_dense_ones_state_at_or_before_its_time() {
        let dense: Vec<State> = (0..100).map(|i| state(f64::from(i) / 10.0, f64::from(i) / 100.0, "")).collect();
        let sparse: Vec<State> = (0..5).map(|i| state(f64::from(i) * 2.5 + 0.05, f64::from(i) / 4.0, "")).collect();
        let d = diff_states(&SeenRun::of_states(sparse), &SeenRun::of_states(dense));
        // At 5.05 s the sparse run says 0.5 and the dense run's newest (5.0 s) 0.5; at
        // 7.55 s, 0.75 beside 0.75; at 2.55 s, 0.25 beside 0.25; the sparse run's last
        // state, at 10.05 s, is past the dense run's end and left out.
        assert_eq!(d.first_difference, Some(0.05), "the places differ by 5 cm from the start");
        assert!(d.desires.is_empty(), "{:?}", d.desires);
        assert_eq!(d.both, Some((0.05, 3.0 * 2.5 + 0.05)));
    }
}
