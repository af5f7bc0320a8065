//! The four lessons (SPEC §7) and the whole path of a lesson: the hand's release, credit
//! assignment (§6), the desire, the two trees, the action's opinion, and what the
//! creature does next. [`Teaching`] is what the simulation and lesson scripts drive.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::creature::{Creature, DesireState};
use crate::mind::credit::{Credit, Plan, PlanMemory};
use crate::mind::hand::{Hand, HandRules, Slap, change_liking};
use crate::mind::script::{Do, LessonScript, ScriptEvent};
use crate::mind::tree::{Example, Tree, build};
use crate::names::Desire;
use crate::species::data::{Ability, ActionCategory, DESIRE_MAX_CAP, Data, Sensitivity, TreeKind};

/// How far an action's opinion moves towards the lesson (SPEC §7, lesson 4: 80 %).
pub const OPINION_RATE: f64 = 0.8;

/// The lesson a stroke teaches while the creature holds food (SPEC §7).
pub const HELD_FOOD_LESSON: f64 = 1.0;

/// Lesson 1 (SPEC §7): the desire grows faster, starts sooner and holds more after a
/// stroke (L > 0), the opposite after a slap:
/// `increase_seconds ← clamp(increase_seconds · (1 − growth · L), 1, 1200)`,
/// `θ ← clamp(θ − threshold · L, 0.2, 1)` for each source, `max ← clamp(max + maximum · L, 0, 3)`.
pub fn teach_desire(state: &mut DesireState, sensitivity: &Sensitivity, lesson: f64) {
    state.increase_seconds = (state.increase_seconds * (1.0 - sensitivity.growth * lesson)).clamp(1.0, 1200.0);
    for th in &mut state.thresholds {
        *th = (*th - sensitivity.threshold * lesson).clamp(0.2, 1.0);
    }
    state.max = (state.max + sensitivity.maximum * lesson).clamp(0.0, DESIRE_MAX_CAP);
    state.value = state.value.clamp(0.0, state.max);
}

/// Lesson 4 (SPEC §7): `opinion ← opinion + 0.8 · (L − opinion)`, kept in [−1, 1].
#[must_use]
pub fn teach_opinion(opinion: f64, lesson: f64) -> f64 {
    (opinion + OPINION_RATE * (lesson - opinion)).clamp(-1.0, 1.0)
}

/// What the creature believes about objects: id → answers (attribute → value).
pub trait Beliefs {
    /// The answers about `object`; `None` when the creature knows nothing of it.
    fn answers(&self, object: &str) -> Option<&BTreeMap<String, String>>;
}

impl Beliefs for BTreeMap<String, BTreeMap<String, String>> {
    fn answers(&self, object: &str) -> Option<&BTreeMap<String, String>> {
        self.get(object)
    }
}

/// What the creature does right after a lesson (SPEC §7).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Reaction {
    /// Nothing was taught.
    None,
    /// After a slap: the desire drops to 0, the weakest of all, and the plan is dropped.
    DropPlan { desire: Desire },
    /// After a stroke: the same action again, on the nearest object of the same kind
    /// (`kind` is the object's `kind` answer, `unknown` when not known).
    Repeat { desire: Desire, action: String, kind: String },
    /// Stroked while holding food: it eats the food at once.
    EatAtOnce { object: String },
}

/// The plan a lesson went to (SPEC §15 `taught`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Taught {
    pub desire: Desire,
    pub action: String,
    pub object: String,
    pub target: String,
}

/// Everything one release did (SPEC §15 `LESSON`, plus the rebuilt trees).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Lesson {
    /// When the creature was released, in seconds.
    pub at: f64,
    /// The hand's running total at the release.
    pub total: f64,
    /// The lesson sent, `None` when the total was zero.
    pub lesson: Option<f64>,
    /// The remembered plans with their scores at the release, oldest first.
    pub credit: Vec<Credit>,
    /// The index in `credit` of the plan taught.
    pub winner: Option<usize>,
    /// The plan taught; `None` when nothing was taught (zero total, before phase 2,
    /// or no plan scoring above 0): then only the liking changed.
    pub taught: Option<Taught>,
    /// The taught desire's state after the lesson.
    pub desire: Option<DesireState>,
    /// The taught desire's state before the lesson.
    pub desire_before: Option<DesireState>,
    /// The taught action's opinion after the lesson.
    pub opinion: Option<f64>,
    /// The taught action's opinion before the lesson.
    pub opinion_before: Option<f64>,
    /// The taught desire's two trees, rebuilt: (Activity, ActOn). Node example indices
    /// point into the creature's memories of the two trees as this lesson left them.
    pub trees: Option<(Tree, Tree)>,
    pub reaction: Reaction,
}

/// The hand, the plan memory and what the creature holds: everything between the
/// player's touches and a lesson (SPEC §5–§7).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Teaching {
    pub rules: HandRules,
    pub hand: Hand,
    pub plans: PlanMemory,
}

impl Teaching {
    /// The player picks the creature up (SPEC §5).
    pub fn hold(&mut self) {
        self.hand.hold();
    }

    /// A stroke: the total rises and so does the liking, from phase 0 on (SPEC §5).
    /// Ignored unless the creature is held.
    pub fn stroke(&mut self, creature: &mut Creature) {
        if self.hand.holding {
            let touch = self.hand.stroke(&self.rules);
            creature.liking = change_liking(creature.liking, touch.liking);
        }
    }

    /// A slap: the total falls and so does the liking (SPEC §5). Ignored unless held.
    pub fn slap(&mut self, creature: &mut Creature, slap: Slap) {
        if self.hand.holding {
            let touch = self.hand.slap(&self.rules, slap);
            creature.liking = change_liking(creature.liking, touch.liking);
        }
    }

    /// The creature starts a plan; the active one ends (SPEC §6).
    pub fn start_plan(&mut self, plan: Plan) {
        self.plans.start(plan);
    }

    /// The active plan ends at `now`, if it is of `desire` (any desire when `None`).
    pub fn end_plan(&mut self, desire: Option<Desire>, now: f64) {
        if self.plans.active().is_some_and(|p| desire.is_none_or(|d| d == p.desire)) {
            self.plans.end_active(now);
        }
    }

    /// The player lets go at `now` (SPEC §5–§7): the total becomes a lesson, credit
    /// picks a plan, and the four lessons and the after-lesson reaction follow. Before
    /// phase 2 only the liking (already changed by each touch) is affected, and food in
    /// hand is eaten from phase 1 (when it takes food). `held_food`
    /// is the food in the creature's hands, however it came there: stroked, it eats it
    /// at once and the eating plan learns the strongest lesson.
    pub fn release(
        &mut self,
        creature: &mut Creature,
        data: &Data,
        beliefs: &dyn Beliefs,
        held_food: Option<&str>,
        now: f64,
    ) -> Lesson {
        let released = self.hand.release(&self.rules);
        let mut lesson = released.lesson;
        let teaches = data.has_ability(creature.phase, Ability::HandTeaches);
        let mut eat_at_once = None;
        // Stroked with food in its hands, a creature old enough to take food eats it at
        // once (the game's first lesson); from the phase the hand teaches, the meal
        // takes the strongest lesson.
        if takes_food(creature, data)
            && lesson.is_some_and(|l| l > 0.0)
            && let Some(food) = held_food
        {
            self.plans.start(eating_plan(data, food, now));
            if teaches {
                lesson = Some(HELD_FOOD_LESSON);
            }
            eat_at_once = Some(food.to_owned());
        }
        let decay = &data.actions.credit_decay;
        let mut report = Lesson {
            at: now,
            total: released.total,
            lesson,
            credit: self.plans.credit(now, decay),
            winner: None,
            taught: None,
            desire: None,
            desire_before: None,
            opinion: None,
            opinion_before: None,
            trees: None,
            reaction: Reaction::None,
        };
        let (Some(l), true) = (lesson, teaches) else {
            // Too young to be taught: the liking changed, and food in hand is eaten.
            if let Some(object) = eat_at_once {
                report.reaction = Reaction::EatAtOnce { object };
            }
            return report;
        };
        let Some(winner) = self.plans.winner(now, decay) else { return report };
        let plan = self.plans.plans[winner].clone();
        report.winner = Some(winner);
        report.desire_before = Some(creature.desire(plan.desire).clone());
        report.opinion_before = Some(creature.opinions.get(&plan.action).copied().unwrap_or(0.0));
        let (activity, acton) = teach_plan(creature, data, beliefs, &plan, l);
        let d = plan.desire;
        report.reaction = if let Some(object) = eat_at_once {
            Reaction::EatAtOnce { object }
        } else if l < 0.0 {
            creature.desire_mut(d).value = 0.0;
            if plan.ended.is_none() {
                self.plans.end_active(now);
            }
            Reaction::DropPlan { desire: d }
        } else {
            let kind = object_answers(beliefs, &plan)
                .map_or(crate::mind::tree::UNKNOWN, |a| crate::mind::tree::answer(a, "kind"));
            Reaction::Repeat { desire: d, action: plan.action.clone(), kind: kind.to_owned() }
        };
        report.desire = Some(creature.desire(d).clone());
        report.opinion = creature.opinions.get(&plan.action).copied();
        report.taught = Some(Taught { desire: d, action: plan.action, object: plan.object, target: plan.target });
        report.trees = Some((activity, acton));
        report
    }
}

/// Whether the creature takes what the hand gives it: from phase 1 on (SPEC §12).
#[must_use]
pub fn takes_food(creature: &Creature, data: &Data) -> bool {
    data.has_ability(creature.phase, Ability::TakeFood)
}

/// The Hunger plan of eating held food, starting now (SPEC §7).
fn eating_plan(data: &Data, food: &str, now: f64) -> Plan {
    let eat = data.action("Eat").or_else(|| data.actions.actions.iter().find(|a| a.category == ActionCategory::Eat));
    Plan {
        desire: Desire::Hunger,
        action: eat.map_or_else(|| "Eat".to_owned(), |a| a.name.clone()),
        category: ActionCategory::Eat,
        object: food.to_owned(),
        target: food.to_owned(),
        started: now,
        ended: None,
        acted_on: None,
    }
}

/// The answers a lesson records about the plan's object (SPEC §8): as they were when
/// the plan acted on it, or as they are now when it has not acted yet.
fn object_answers<'a>(beliefs: &'a dyn Beliefs, plan: &'a Plan) -> Option<&'a BTreeMap<String, String>> {
    plan.acted_on.as_ref().map(|a| &*a.object).or_else(|| beliefs.answers(&plan.object))
}

/// The answers a lesson records about the plan's target, likewise.
fn target_answers<'a>(beliefs: &'a dyn Beliefs, plan: &'a Plan) -> Option<&'a BTreeMap<String, String>> {
    plan.acted_on.as_ref().map(|a| &*a.target).or_else(|| beliefs.answers(&plan.target))
}

/// The four lessons of SPEC §7 for `plan` and lesson `l`; returns the desire's two
/// trees rebuilt (Activity, ActOn). The trees record the answers of the plan's target
/// and object as they were when the plan acted on them, else as `beliefs` has them now.
pub fn teach_plan(creature: &mut Creature, data: &Data, beliefs: &dyn Beliefs, plan: &Plan, l: f64) -> (Tree, Tree) {
    let d = plan.desire;
    teach_desire(creature.desire_mut(d), &data.desire(d).sensitivity, l);
    let example = |answers: Option<&BTreeMap<String, String>>| Example {
        answers: answers.cloned().unwrap_or_default(),
        feedback: l,
    };
    creature.tree_mut(d, TreeKind::Activity).teach(example(target_answers(beliefs, plan)));
    creature.tree_mut(d, TreeKind::ActOn).teach(example(object_answers(beliefs, plan)));
    let opinion = creature.opinions.entry(plan.action.clone()).or_insert(0.0);
    *opinion = teach_opinion(*opinion, l);
    let rebuilt = |kind| build(&data.attributes, &creature.tree(d, kind).examples);
    (rebuilt(TreeKind::Activity), rebuilt(TreeKind::ActOn))
}

/// What a script run produced: every release in order, and notes for the readable account.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ScriptRun {
    pub lessons: Vec<Lesson>,
    /// For each lesson that taught, the taught desire's examples right after it
    /// (Activity, ActOn), which its [`Lesson::trees`] index into.
    pub examples: Vec<Option<(Vec<Example>, Vec<Example>)>>,
    /// (time, what happened) for events that did something worth telling.
    pub notes: Vec<(f64, String)>,
}

/// Plays a lesson script on `creature` (SPEC §15 `teach`). The creature keeps
/// everything it learnt; the result lists each release. A script that
/// [`LessonScript::parse`] would refuse still runs without panicking: touches without
/// a hold and releases without a hold are ignored.
pub fn run_script(script: &LessonScript, data: &Data, creature: &mut Creature) -> ScriptRun {
    let mut player = ScriptPlayer::default();
    player.play(&script.events, &script.objects, data, creature);
    player.run
}

/// A lesson script played a part at a time: the teaching between its events (the hand,
/// the plans remembered) and what the creature holds are kept, so that the first
/// lessons of many scripts, played once, go on with each script's own (training's
/// shared beginnings). Parts played one after another do what the whole script does.
#[derive(Clone, Debug, Default)]
pub struct ScriptPlayer {
    teaching: Teaching,
    /// What the hand gave the creature, still in its hands.
    held: Option<String>,
    /// What the parts played so far produced.
    pub run: ScriptRun,
}

impl ScriptPlayer {
    /// Plays `events`, the next of a script whose scene is `objects`, on `creature`.
    pub fn play(&mut self, events: &[ScriptEvent], objects: &Objects, data: &Data, creature: &mut Creature) {
        let ScriptPlayer { teaching, held, run } = self;
        for e in events {
            let now = e.at;
            match &e.what {
                Do::PlanStart { desire, action, object, target } => {
                    let category = data.action(action).map_or(ActionCategory::Other, |a| a.category);
                    teaching.start_plan(Plan {
                        desire: *desire,
                        action: action.clone(),
                        category,
                        object: object.clone(),
                        target: target.clone().unwrap_or_else(|| object.clone()),
                        started: now,
                        ended: None,
                        acted_on: None,
                    });
                }
                Do::PlanEnd { desire } => teaching.end_plan(Some(*desire), now),
                Do::Hold => teaching.hold(),
                Do::Stroke => teaching.stroke(creature),
                Do::Slap(s) => teaching.slap(creature, *s),
                Do::Give { object } => {
                    let note = if takes_food(creature, data) {
                        *held = Some(object.clone());
                        format!("the creature takes `{object}` and holds it")
                    } else {
                        format!("the creature is too young to take `{object}` (phase {})", creature.phase)
                    };
                    run.notes.push((now, note));
                }
                Do::Release => {
                    if teaching.hand.holding {
                        let lesson = teaching.release(creature, data, objects, held.as_deref(), now);
                        if matches!(lesson.reaction, Reaction::EatAtOnce { .. }) {
                            *held = None;
                        }
                        run.examples.push(lesson.taught.as_ref().map(|t| {
                            let memory = |kind| creature.tree(t.desire, kind).examples.clone();
                            (memory(TreeKind::Activity), memory(TreeKind::ActOn))
                        }));
                        run.lessons.push(lesson);
                    }
                }
            }
        }
    }
}

/// A script's scene: object id → belief answers.
type Objects = BTreeMap<String, BTreeMap<String, String>>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mind::credit::ActedOn;
    use crate::mind::tree::answer;
    use crate::names::Species;

    fn answers(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs.iter().map(|(a, v)| ((*a).to_owned(), (*v).to_owned())).collect()
    }

    fn throw_plan(acted_on: Option<ActedOn>) -> Plan {
        Plan {
            desire: Desire::Anger,
            action: "Throw".to_owned(),
            category: ActionCategory::Throw,
            object: "rock".to_owned(),
            target: "aled".to_owned(),
            started: 0.0,
            ended: None,
            acted_on,
        }
    }

    /// Slaps `plan` at 1 s and returns the examples the lesson added (Activity, ActOn).
    fn slap(plan: Plan, beliefs: &BTreeMap<String, BTreeMap<String, String>>) -> (Example, Example) {
        let data = Data::builtin().unwrap();
        let mut creature = Creature::newborn(&data, Species::Cow, 1);
        creature.phase = 2;
        let mut teaching = Teaching::default();
        teaching.start_plan(plan);
        teaching.hold();
        teaching.slap(&mut creature, Slap::Gentle);
        let lesson = teaching.release(&mut creature, &data, beliefs, None, 1.0);
        assert!(lesson.taught.is_some());
        let last = |kind| creature.tree(Desire::Anger, kind).examples.last().unwrap().clone();
        (last(TreeKind::Activity), last(TreeKind::ActOn))
    }

    #[test]
    fn a_lesson_records_the_answers_the_plan_acted_on() {
        // The throw killed Aled: the beliefs now say he is dead and the rock lies far.
        let now: BTreeMap<String, BTreeMap<String, String>> = [
            ("aled".to_owned(), answers(&[("kind", "villager"), ("alive", "no")])),
            ("rock".to_owned(), answers(&[("kind", "rock"), ("size", "small")])),
        ]
        .into();
        let then = ActedOn {
            object: answers(&[("kind", "rock"), ("size", "large")]).into(),
            target: answers(&[("kind", "villager"), ("alive", "yes")]).into(),
        };
        let (activity, acton) = slap(throw_plan(Some(then)), &now);
        assert_eq!(answer(&activity.answers, "alive"), "yes", "the target as it was hit");
        assert_eq!(answer(&acton.answers, "size"), "large", "the object as it was thrown");
        assert_eq!(activity.feedback, -0.5);
        // A plan that never acted is taught about its object and target as they are now.
        let (activity, acton) = slap(throw_plan(None), &now);
        assert_eq!((answer(&activity.answers, "alive"), answer(&acton.answers, "size")), ("no", "small"));
    }

    #[test]
    fn the_active_plan_keeps_what_it_acted_on() {
        let mut memory = PlanMemory::default();
        memory.act_on(ActedOn::default());
        assert!(memory.plans.is_empty(), "nothing active, nothing kept");
        memory.start(throw_plan(None));
        memory.end_active(1.0);
        memory.start(throw_plan(None));
        let seen = ActedOn { object: answers(&[("kind", "rock")]).into(), target: answers(&[("kind", "town")]).into() };
        memory.act_on(seen.clone());
        assert_eq!(memory.plans[0].acted_on, None, "an ended plan keeps what it had");
        assert_eq!(memory.plans[1].acted_on, Some(seen));
    }
}
