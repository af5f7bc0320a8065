//! "Why?" at a turn: the simulation's reasons taken apart for the editor, read without
//! changing a single bit of the run (nothing here touches the caches the turns fill).
//!
//! - each active desire's value and what each of its sources drives (SPEC §2);
//! - each desire's candidate plan of the last re-planning, with every factor of its
//!   priority now: desire, activity usefulness, object score with distance, action
//!   priority with its opinion and novelty (SPEC §4);
//! - why the plan under way won, or why the best candidate did not replace it (the
//!   2× rule, a commanded plan);
//! - the path of the plan's object through its ActOn tree with the examples behind
//!   each split (SPEC §8);
//! - the credit a lesson given now would hand each remembered plan (SPEC §6).

use serde::{Deserialize, Serialize};

use super::Sim;
use crate::mind::credit::Credit;
use crate::mind::desire::sigmoid;
use crate::mind::plan::{
    Candidate, SWITCH_FACTOR, action_priority, distance_priority, more_urgent, novelty, object_score, plan_priority,
};
use crate::mind::tree::{Tree, build};
use crate::names::Desire;
use crate::species::data::TreeKind;

/// One source of a desire: the input it reads, its threshold and what it drives.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct SourceWhy {
    pub reads: &'static str,
    pub input: f64,
    pub threshold: f64,
    pub drive: f64,
}

/// A source as written, its input by name: read back into [`SourceWhy`] through the
/// fixed list of inputs (the reasons a game tells over the link, SPEC §23).
#[derive(Deserialize)]
struct SourceRead {
    reads: String,
    input: f64,
    threshold: f64,
    drive: f64,
}

impl<'de> Deserialize<'de> for SourceWhy {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SourceWhy, D::Error> {
        let s = SourceRead::deserialize(d)?;
        let reads = crate::reads::Reads::parse(&s.reads).map_err(serde::de::Error::custom)?.name();
        Ok(SourceWhy { reads, input: s.input, threshold: s.threshold, drive: s.drive })
    }
}

/// An active desire and its sources.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct DesireWhy {
    pub desire: Desire,
    pub value: f64,
    pub max: f64,
    /// The sum of its sources' drives.
    pub drive: f64,
    pub sources: Vec<SourceWhy>,
}

/// A plan and each factor of its priority now (SPEC §4):
/// `priority = value × activity × (distance × usefulness) × action_priority`, the
/// parenthesis being the object score.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct PlanWhy {
    pub desire: Desire,
    pub action: String,
    pub object: String,
    pub target: String,
    /// The desire's value.
    pub value: f64,
    /// The target's score by the desire's Activity tree.
    pub activity: f64,
    /// The object's distance priority.
    pub distance: f64,
    /// The object's usefulness: its score by the desire's ActOn tree (SPEC §9).
    pub usefulness: f64,
    pub opinion: f64,
    pub novelty: f64,
    /// `0.5 + 0.0025 · (opinion + 1) + novelty`.
    pub action_priority: f64,
    pub priority: f64,
    /// True for the plan under way.
    pub current: bool,
}

/// One question on the way from the ActOn tree's root to the object's verdict.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct PathStep {
    pub node: usize,
    pub question: String,
    pub answer: String,
    /// The indices (into the tree's example memory) of the examples at the node that
    /// asked: the examples the split was learnt from.
    pub examples: Vec<usize>,
}

/// The object of the plan under way through its ActOn tree.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct TreePath {
    pub desire: Desire,
    pub object: String,
    pub steps: Vec<PathStep>,
    /// The node reached, its verdict and its examples.
    pub node: Option<usize>,
    pub verdict: Option<f64>,
    pub examples: Vec<usize>,
}

/// Everything "why?" shows about one turn.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct TurnWhy {
    pub time: f64,
    pub turn: u64,
    /// The active desires, most felt first.
    pub desires: Vec<DesireWhy>,
    /// The plan under way first, then every desire's candidate by priority.
    pub plans: Vec<PlanWhy>,
    /// Why the plan under way holds, or why the best candidate would take over.
    pub decision: String,
    pub path: Option<TreePath>,
    /// The remembered plans, oldest first, with the credit a lesson now gives each.
    pub credit: Vec<Credit>,
}

impl Sim {
    /// The reasons behind the creature's state at this turn (see the module's notes).
    #[must_use]
    pub fn why(&self) -> TurnWhy {
        let mut desires: Vec<DesireWhy> = self.life.planning.active.iter().map(|&d| self.desire_why(d)).collect();
        desires.sort_by(|a, b| b.value.total_cmp(&a.value));
        let current = self.life.planning.current.as_ref().map(|c| self.plan_why(&c.cand, true));
        let mut candidates: Vec<PlanWhy> = self
            .life
            .planning
            .active
            .iter()
            .filter_map(|&d| self.life.planning.candidates.get(d).copied().flatten())
            .filter(|c| !self.life.planning.current.as_ref().is_some_and(|cur| cur.cand.same_plan(c)))
            .map(|c| self.plan_why(&c, false))
            .collect();
        candidates.sort_by(|a, b| b.priority.total_cmp(&a.priority));
        let decision = self.decision(current.as_ref(), candidates.first());
        let path = self.life.planning.current.as_ref().map(|c| self.tree_path(c.cand.desire, c.cand.object));
        TurnWhy {
            time: self.life.clock.time,
            turn: self.life.clock.turns,
            desires,
            plans: current.into_iter().chain(candidates).collect(),
            decision,
            path,
            credit: self.recent_plans(),
        }
    }

    fn desire_why(&self, d: usize) -> DesireWhy {
        let rt = &self.tables.desires[d];
        let state = &self.creature.desires[d];
        let k = self.data.steepness;
        let sources = rt
            .sources
            .iter()
            .zip(&state.thresholds)
            .map(|(&src, &th)| SourceWhy {
                reads: crate::reads::Reads::ALL[src].name(),
                input: self.life.read.inputs[src],
                threshold: th,
                drive: sigmoid(th, self.life.read.inputs[src], k),
            })
            .collect();
        DesireWhy {
            desire: Desire::ALL[d],
            value: state.value,
            max: state.max,
            drive: self.life.read.drives[d],
            sources,
        }
    }

    /// The desire's tree of `kind`: the one the turns built, or built here from the
    /// same examples when the turns have not needed it yet (the same tree).
    fn tree_of(&self, d: usize, kind: TreeKind) -> std::borrow::Cow<'_, Tree> {
        let k = usize::from(kind == TreeKind::ActOn);
        match self.life.judgement.trees.get(d).and_then(Option::as_ref) {
            Some(trees) => std::borrow::Cow::Borrowed(&trees[k]),
            None => std::borrow::Cow::Owned(build(
                &self.data.attributes,
                &self.creature.tree(Desire::ALL[d], kind).examples,
            )),
        }
    }

    fn score_by(&self, d: usize, kind: TreeKind, o: usize) -> f64 {
        let k = usize::from(kind == TreeKind::ActOn);
        let verdict = self
            .life
            .judgement
            .forced
            .verdict(d, k, o, || self.tree_of(d, kind).predict(&self.village.objects[o].answers));
        self.curve.usefulness(verdict)
    }

    fn plan_why(&self, c: &Candidate, current: bool) -> PlanWhy {
        let d = c.desire.index();
        let value = self.creature.desires[d].value;
        let since = self.life.judgement.last_done.get(c.action).copied().flatten().map(|t| self.life.clock.time - t);
        let opinion = self.life.judgement.opinions[c.action];
        let usable = self.usable(c.object) && self.usable(c.target);
        let activity = self.score_by(d, TreeKind::Activity, c.target);
        let usefulness = self.score_by(d, TreeKind::ActOn, c.object);
        let distance = distance_priority(
            self.tables.desires[d].distance_weight,
            self.life.read.distances.get(c.object).copied().unwrap_or(f64::NAN),
            self.life.hold.held == Some(c.object),
        );
        let action = action_priority(opinion, since);
        let priority =
            if usable { plan_priority(value, activity, object_score(distance, usefulness), action) } else { 0.0 };
        let id = |i: usize| self.village.objects[i].id.clone();
        PlanWhy {
            desire: c.desire,
            action: self.tables.actions[c.action].name.clone(),
            object: id(c.object),
            target: id(c.target),
            value,
            activity,
            distance,
            usefulness,
            opinion,
            novelty: novelty(since),
            action_priority: action,
            priority,
            current,
        }
    }

    fn decision(&self, current: Option<&PlanWhy>, best: Option<&PlanWhy>) -> String {
        // Priorities are products of several factors below 1: often below a hundredth.
        let p = crate::decimals::decimal;
        let name = |p: &PlanWhy| format!("{} {} {}", p.desire, p.action, p.object);
        match (current, best) {
            (None, None) => "Idle: no desire has a plan it can carry out.".into(),
            (None, Some(b)) => format!(
                "Idle: {} ({}) starts at the next re-planning of its desire, as anything above 0 beats idling.",
                name(b),
                p(b.priority)
            ),
            (Some(c), _) if self.carrying_out_command() => {
                format!("{} was commanded: it is carried out to its end whatever else is urgent.", name(c))
            }
            (Some(c), None) => format!("{} ({}) is the only plan.", name(c), p(c.priority)),
            (Some(c), Some(b)) if more_urgent(b.priority, c.priority) => format!(
                "{} ({}) is more than {SWITCH_FACTOR}× as urgent as {} ({}): it takes over at its desire's next re-planning.",
                name(b),
                p(b.priority),
                name(c),
                p(c.priority)
            ),
            (Some(c), Some(b)) => format!(
                "{} holds at {}: the best other plan, {} at {}, would need more than {} ({SWITCH_FACTOR}×) to take over.",
                name(c),
                p(c.priority),
                name(b),
                p(b.priority),
                p(SWITCH_FACTOR * c.priority.max(0.0))
            ),
        }
    }

    fn tree_path(&self, desire: Desire, object: usize) -> TreePath {
        let tree = self.tree_of(desire.index(), TreeKind::ActOn);
        let e = tree.explain(&self.village.objects[object].answers);
        TreePath {
            desire,
            object: self.village.objects[object].id.clone(),
            steps: e
                .steps
                .iter()
                .map(|s| PathStep {
                    node: s.node,
                    question: s.question.clone(),
                    answer: s.answer.clone(),
                    examples: tree.examples(s.node).to_vec(),
                })
                .collect(),
            node: e.node,
            verdict: e.verdict,
            examples: e.examples,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::sim::{Act, village_cow};

    #[test]
    fn the_plan_under_way_is_taken_apart_into_the_priority_it_runs_with() {
        let mut sim = village_cow(3);
        let mut checked = 0;
        for _ in 0..60 {
            sim.run(50);
            let why = sim.why();
            assert_eq!(why.turn, sim.turns());
            let Some(plan) = sim.plan() else { continue };
            let w = why.plans.first().expect("the plan under way comes first");
            assert!(w.current);
            assert_eq!((w.desire, &w.action, &w.object), (plan.desire, &plan.action, &plan.object));
            // The product of the factors is the priority the turn gave the plan.
            let product = w.value * w.activity * w.distance * w.usefulness * w.action_priority;
            assert!((product - w.priority).abs() <= 1e-12 * w.priority.abs().max(1.0));
            // A turn that did the action (its novelty restarts) or used up the object
            // changed the factors after the choice; every other turn shows the very
            // priority the choice compared.
            if w.novelty > 0.0 && w.priority > 0.0 {
                assert_eq!(w.priority, plan.priority, "{w:?} vs {plan:?}");
                checked += 1;
            }
        }
        assert!(checked > 10, "the cow planned in only {checked} of 60 looks");
    }

    #[test]
    fn desires_sum_their_sources_drives() {
        let mut sim = village_cow(1);
        sim.run(300);
        let why = sim.why();
        assert!(!why.desires.is_empty());
        for d in &why.desires {
            let sum: f64 = d.sources.iter().map(|s| s.drive).sum();
            assert!((sum - d.drive).abs() < 1e-12, "{}: {sum} vs {}", d.desire, d.drive);
        }
        assert!(why.desires.windows(2).all(|w| w[0].value >= w[1].value));
    }

    #[test]
    fn the_path_follows_the_object_through_its_acton_tree_and_asking_changes_nothing() {
        let mut sim = village_cow(2);
        // A slapped meal gives the Hunger ActOn tree a lesson, so its path has steps.
        let mut looked = false;
        for _ in 0..400 {
            sim.run(10);
            let Some(p) = sim.plan() else { continue };
            if p.desire == Desire::Hunger && p.step > 0 {
                sim.apply(&Act::Hold).expect("the hand can hold");
                sim.apply(&Act::Slap(crate::mind::hand::Slap::Hard)).expect("the hand can slap");
                sim.apply(&Act::Release).expect("the hand can release");
                looked = true;
                break;
            }
        }
        assert!(looked, "the cow never ate in 40 s");
        let mut twin = sim.clone();
        for _ in 0..50 {
            let why = sim.why();
            if let Some(path) = &why.path {
                let tree = sim.tree_of(path.desire.index(), TreeKind::ActOn);
                let answers = &sim.village.objects[sim.village.find(&path.object).expect("the object exists")].answers;
                assert_eq!(path.node, tree.reach(answers));
                for s in &path.steps {
                    assert_eq!(s.examples.len(), tree.nodes[s.node].len());
                }
            }
            sim.run(10);
            twin.run(10);
        }
        // Asking why at every look left the run exactly as the twin that never asked.
        assert_eq!(format!("{:?}", sim.summary()), format!("{:?}", twin.summary()));
        assert_eq!(sim.why(), twin.why());
    }
}
