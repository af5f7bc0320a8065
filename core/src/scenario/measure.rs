//! What a scenario's expectations measure (SPEC §16), each at its turn, and why one
//! that failed failed, in the designer's words.

use serde::Serialize;

use super::file::{BodyMeasure, Counted, Expect, HAND, Most, NO_QUESTION, Param, Started};
use crate::creature::Creature;
use crate::creature::lesson::Lesson;
use crate::names::Desire;
use crate::species::rules::Kind;
use crate::world::plan_filter::PlanFilter;
use crate::world::sim::Sim;

/// What an expectation measured: a number, or whether a skill or miracle is known.
#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
#[serde(untagged)]
pub enum Observed {
    Number(f64),
    Known(bool),
    /// Nothing to measure: a release that taught nothing, or none at that index.
    Nothing,
}

impl std::fmt::Display for Observed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Observed::Number(v) => write!(f, "{v:.4}"),
            Observed::Known(k) => write!(f, "{k}"),
            Observed::Nothing => write!(f, "nothing"),
        }
    }
}

/// One expectation's result.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Measured {
    pub index: usize,
    pub passed: bool,
    pub observed: Observed,
    /// Why a failed expectation failed, in the designer's words: what was measured
    /// against what was expected, and what lies behind it (a score's path through its
    /// tree, the plans a release weighed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// What a tree's root asks, for a `Tree` expectation (`"none"` for a leaf).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub root: Option<String>,
}

/// A plan started during the run, for `Plans` and `Count` expectations.
pub(super) struct Begun {
    pub(super) t: f64,
    pub(super) desire: Desire,
    pub(super) action: String,
    pub(super) object: String,
    pub(super) kind: Option<Kind>,
    pub(super) why: Started,
}

/// What the run has seen so far, which expectations measure: the simulation now, the
/// plans started and every release's lesson.
pub(super) struct Seen<'a> {
    pub(super) sim: &'a Sim,
    pub(super) started: &'a [Begun],
    pub(super) lessons: &'a [Lesson],
}

impl Seen<'_> {
    /// Measures expectation `index` now.
    pub(super) fn measure(&self, index: usize, e: &Expect) -> Measured {
        let observed = self.observe(e);
        let within = |v: f64, (min, max): (Option<f64>, Option<f64>)| {
            v.is_finite() && min.is_none_or(|m| v >= m) && max.is_none_or(|m| v <= m)
        };
        let passed = match (e, observed) {
            (Expect::Knows { known, .. }, Observed::Known(k)) => k == known.unwrap_or(true),
            (Expect::Active { active, .. }, Observed::Known(a)) => a == *active,
            (Expect::Lesson { index: i, desire, action, object, taught, .. }, _) => {
                self.lessons.get(*i).is_some_and(|l| {
                    let taught_fits = taught.is_none_or(|t| t == l.taught.is_some());
                    let no_filter = desire.is_none() && action.is_none() && object.is_none();
                    let plan_fits = no_filter
                        || l.taught.as_ref().is_some_and(|t| {
                            desire.is_none_or(|d| t.desire == d)
                                && action.as_ref().is_none_or(|a| &t.action == a)
                                && object.as_ref().is_none_or(|o| &t.object == o)
                        });
                    let value_fits = e.lesson_bounds().is_none_or(|b| l.lesson.is_some_and(|v| within(v, b)));
                    taught_fits && plan_fits && value_fits
                })
            }
            (Expect::Tree { root: r, .. }, Observed::Number(v)) => {
                self.tree_root(e).is_some_and(|root| r.admits(&root)) && e.bounds().is_some_and(|b| within(v, b))
            }
            (Expect::Gone { gone, .. }, Observed::Known(g)) => g == gone.unwrap_or(true),
            (Expect::Credit { remembered: Some(r), index: i, object, .. }, observed) => {
                let kept = self.remembered(*i, object);
                let bounds_fit = match observed {
                    Observed::Number(v) => e.bounds().is_some_and(|b| within(v, b)),
                    _ => true,
                };
                kept == Some(*r) && bounds_fit
            }
            (_, Observed::Number(v)) => e.bounds().is_some_and(|b| within(v, b)),
            _ => false,
        };
        let why = (!passed).then(|| self.because(e, observed));
        Measured { index, passed, observed, why, root: self.tree_root(e) }
    }

    /// Why `e` failed on `observed`, in the designer's words.
    fn because(&self, e: &Expect, observed: Observed) -> String {
        let mut out = format!("{} was {observed}", e.describe());
        if let (Observed::Number(v), Some((min, max))) = (observed, e.bounds().or_else(|| e.lesson_bounds())) {
            if let Some(m) = min.filter(|m| v < *m) {
                out += &format!(", below {m}");
            }
            if let Some(m) = max.filter(|m| v > *m) {
                out += &format!(", above {m}");
            }
        }
        let sim = self.sim;
        match e {
            Expect::Score { desire, tree, object, .. } => {
                if let Ok(path) = sim.score_path(*desire, *tree, object) {
                    let asked: Vec<String> =
                        path.steps.iter().map(|s| format!("{} ({})", s.question, s.answer)).collect();
                    out += &match (asked.is_empty(), path.verdict) {
                        (_, None) => ": the tree has no examples yet".to_owned(),
                        (true, Some(v)) => format!(": the tree is one leaf, verdict {v:+.2}"),
                        (false, Some(v)) => format!(": the tree asks {}; verdict {v:+.2}", asked.join(", then ")),
                    };
                }
            }
            Expect::Lesson { index, .. } | Expect::Credit { index, .. } => match self.lessons.get(*index) {
                None => out += &format!(": the run had {} releases", self.lessons.len()),
                Some(l) => {
                    let plans: Vec<String> = l
                        .credit
                        .iter()
                        .map(|c| format!("{:.2} {} {} {}", c.score, c.plan.desire, c.plan.action, c.plan.object))
                        .collect();
                    let remembered = if plans.is_empty() { "no plans".to_owned() } else { plans.join("; ") };
                    let taught = l
                        .taught
                        .as_ref()
                        .map_or("nothing".to_owned(), |t| format!("{} {} {}", t.desire, t.action, t.object));
                    out += &format!(": it remembered {remembered}, and taught {taught}");
                }
            },
            Expect::Tree { root, .. } if !root.is_unstated() => {
                if let Some(r) = self.tree_root(e) {
                    out += &format!(": its root asks {r}");
                }
            }
            _ => {}
        }
        out
    }

    /// What expectation `e` measures now.
    pub(super) fn observe(&self, e: &Expect) -> Observed {
        let sim = self.sim;
        let c = sim.creature();
        let number = Observed::Number;
        match e {
            Expect::Score { desire, tree, object, .. } => {
                number(sim.usefulness(*desire, *tree, object).unwrap_or(f64::NAN))
            }
            Expect::Desire { name, .. } => number(c.desire(*name).value),
            Expect::Opinion { action, .. } => number(c.opinions.get(action).copied().unwrap_or(0.0)),
            Expect::Liking { .. } => number(c.liking),
            Expect::Plans { from, to, desire, action, kind, object, why, .. } => {
                let filter =
                    PlanFilter { desire: *desire, action: action.as_deref(), object: object.as_deref(), kind: *kind };
                number(self.plans_started(*from, Some(*to), &filter, *why) as f64)
            }
            Expect::Knows { what, .. } => {
                Observed::Known(c.watching.knows_skill(what) || c.watching.knows_miracle(what))
            }
            Expect::Param { desire, what, .. } => {
                let d = c.desire(*desire);
                number(match what {
                    Param::IncreaseSeconds => d.increase_seconds,
                    Param::Threshold(i) => d.thresholds.get(*i).copied().unwrap_or(f64::NAN),
                    Param::Max => d.max,
                })
            }
            Expect::Lesson { index, taught, .. } => match (self.lessons.get(*index), taught) {
                (None, _) => Observed::Nothing,
                (Some(l), Some(_)) => Observed::Known(l.taught.is_some()),
                (Some(l), None) => l.lesson.filter(|_| l.taught.is_some()).map_or(Observed::Nothing, number),
            },
            Expect::Credit { index, object, remembered, min, max } => match self.lessons.get(*index) {
                None => Observed::Nothing,
                Some(_) if remembered.is_some() && min.is_none() && max.is_none() => {
                    self.remembered(*index, object).map_or(Observed::Nothing, Observed::Known)
                }
                Some(l) => {
                    number(l.credit.iter().filter(|c| &c.plan.object == object).map(|c| c.score).fold(0.0, f64::max))
                }
            },
            Expect::Tree { desire, tree, .. } => number(c.tree(*desire, *tree).examples.len() as f64),
            Expect::Distance { to, .. } => {
                let v = sim.village();
                // An object that is not there (eaten, burnt, not yet back) has no distance.
                let o = if to == HAND { Some(v.hand) } else { v.find(to) };
                match o.map(|o| &v.objects[o]).filter(|o| o.present) {
                    Some(o) => number(o.distance_from(sim.position())),
                    None => Observed::Nothing,
                }
            }
            Expect::Active { desire, .. } => {
                Observed::Known(sim.desires().iter().any(|d| d.desire == *desire && d.active))
            }
            Expect::Count { of, from, .. } => number(self.count(of, from.unwrap_or(0.0)) as f64),
            Expect::Gone { object, .. } => {
                let v = sim.village();
                Observed::Known(v.find(object).is_none_or(|o| !v.objects[o].present))
            }
            Expect::Body { what, .. } => number(match what {
                BodyMeasure::Energy => c.body.energy,
                BodyMeasure::Strength => sim.data().species(c.species).body.strength,
                BodyMeasure::Age => c.age_seconds,
                BodyMeasure::Thirst => c.body.thirst,
            }),
            Expect::Sightings { miracle, .. } => {
                number(c.watching.miracles.get(miracle).map_or(0.0, |p| f64::from(p.sightings)))
            }
            Expect::Trait { name, .. } => number(c.traits.get(*name)),
            Expect::Born { species, seeds, name, most, .. } => {
                let values = (1..=*seeds).map(|seed| Creature::newborn(sim.data(), *species, seed).traits.get(*name));
                number(match most {
                    Most::Highest => values.fold(f64::NEG_INFINITY, f64::max),
                    Most::Lowest => values.fold(f64::INFINITY, f64::min),
                })
            }
        }
    }

    /// How many of `of` there are now, the plans and releases counted from `from` on.
    fn count(&self, of: &Counted, from: f64) -> usize {
        match of {
            Counted::Active => self.sim.desires().iter().filter(|d| d.active).count(),
            Counted::Plans { desire, action, kind, object, why } => {
                let filter =
                    PlanFilter { desire: *desire, action: action.as_deref(), object: object.as_deref(), kind: *kind };
                self.plans_started(from, None, &filter, *why)
            }
            Counted::Lessons { taught, desire } => self
                .lessons
                .iter()
                .filter(|l| l.at >= from - 1e-9)
                .filter(|l| taught.is_none_or(|t| t == l.taught.is_some()))
                .filter(|l| desire.is_none_or(|d| l.taught.as_ref().is_some_and(|t| t.desire == d)))
                .count(),
        }
    }

    /// How many plans started in `[from, to)` (to now without `to`) that the filter
    /// admits, and that started for `why` when it is given.
    fn plans_started(&self, from: f64, to: Option<f64>, filter: &PlanFilter<'_>, why: Option<Started>) -> usize {
        self.started
            .iter()
            .filter(|p| p.t >= from - 1e-9 && to.is_none_or(|to| p.t < to - 1e-9))
            .filter(|p| filter.admits(p.desire, &p.action, &p.object, p.kind))
            .filter(|p| why.is_none_or(|w| p.why == w))
            .count()
    }

    /// Whether release `index` remembered a plan on `object`; `None` when the run had
    /// no such release.
    fn remembered(&self, index: usize, object: &str) -> Option<bool> {
        self.lessons.get(index).map(|l| l.credit.iter().any(|c| c.plan.object == object))
    }

    /// The attribute the root of a `Tree` expectation's tree asks now, `"none"` for a
    /// single leaf.
    fn tree_root(&self, e: &Expect) -> Option<String> {
        let Expect::Tree { desire, tree, .. } = e else { return None };
        let t = self.sim.tree_now(*desire, *tree);
        Some(t.root().and_then(|n| n.question.clone()).unwrap_or_else(|| NO_QUESTION.to_owned()))
    }
}
