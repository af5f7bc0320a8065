//! The lessons a trainer may give (SPEC §22): a plan the creature is given (a desire the
//! target names, one of its actions, an object of the world), a touch (a stroke or a
//! slap, gentle or hard) and when the hand lets go (while the plan goes on, or after it
//! ended). A list of lessons is written as a lesson script (SPEC §15), the one format
//! `teach` and the Lesson panel play.

use std::collections::{BTreeMap, BTreeSet};

use crate::mind::hand::Slap;
use crate::mind::script::{Do, LessonScript, ScriptEvent};
use crate::names::{Desire, Species};
use crate::scenario::Expect;
use crate::species::data::Data;
use crate::world::file::WorldFile;
use crate::world::village::Village;

/// Seconds between the starts of two lessons of a script: longer than any plan's
/// credit lasts after the lesson, so that each lesson goes to its own plan.
pub const LESSON_SECONDS: f64 = 40.0;

/// Touches of a hard stroke: the total at +1, the strongest lesson. Ten strokes of 0.1
/// add up to a hair under 1 in binary; the eleventh reaches the hand's bound of +1.
const HARD_STROKES: usize = 11;

/// Hard slaps of a hard slap lesson: five bring the total to −1 (SPEC §5).
const HARD_SLAPS: usize = 5;

/// The hand's part of a lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Touch {
    /// One stroke: the lesson +0.5.
    StrokeGentle,
    /// Strokes until the total is +1: the lesson +1.
    StrokeHard,
    /// One gentle slap: the lesson −0.5.
    SlapGentle,
    /// Hard slaps until the total is −1: the lesson −1.
    SlapHard,
}

impl Touch {
    /// The touch as a designer says it.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Touch::StrokeGentle => "a gentle stroke",
            Touch::StrokeHard => "a hard stroke",
            Touch::SlapGentle => "a gentle slap",
            Touch::SlapHard => "a hard slap",
        }
    }

    pub const ALL: [Touch; 4] = [Touch::StrokeHard, Touch::StrokeGentle, Touch::SlapHard, Touch::SlapGentle];

    /// The hand's events of the touch, in order.
    fn acts(self) -> Vec<Do> {
        match self {
            Touch::StrokeGentle => vec![Do::Stroke],
            Touch::StrokeHard => vec![Do::Stroke; HARD_STROKES],
            Touch::SlapGentle => vec![Do::Slap(Slap::Gentle)],
            Touch::SlapHard => vec![Do::Slap(Slap::Hard); HARD_SLAPS],
        }
    }
}

/// When the hand lets go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Release {
    /// While the plan goes on: it gets the whole credit.
    During,
    /// A second after the plan ended: its credit has begun to fade (SPEC §6).
    After,
}

/// A plan a lesson is about: a desire, an action and an object of the world.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct PlanChoice {
    pub desire: Desire,
    pub action: String,
    /// The world's id of the object.
    pub object: String,
}

/// One lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub plan: PlanChoice,
    pub touch: Touch,
    pub release: Release,
}

impl Move {
    /// The lesson in a line: `a hard stroke for Compassion: Help villager_1, let go while it goes on`.
    #[must_use]
    pub fn describe(&self) -> String {
        let p = &self.plan;
        let release = match self.release {
            Release::During => "let go while it goes on",
            Release::After => "let go after it ended",
        };
        format!("{} for {}: {} {}, {release}", self.touch.describe(), p.desire, p.action, p.object)
    }
}

/// Everything the trainer may teach for a target: its lessons, and the answers the
/// creature believes about each object they name.
#[derive(Clone, Debug, Default)]
pub struct Moves {
    pub moves: Vec<Move>,
    pub objects: BTreeMap<String, BTreeMap<String, String>>,
}

/// The desires a target's expectations are about, in the SPEC's order.
#[must_use]
pub fn desires_of(expect: &[Expect]) -> Vec<Desire> {
    let named: BTreeSet<usize> = expect
        .iter()
        .filter_map(|e| match e {
            Expect::Score { desire, .. } | Expect::Param { desire, .. } | Expect::Tree { desire, .. } => Some(*desire),
            Expect::Desire { name, .. } => Some(*name),
            Expect::Plans { desire, .. } | Expect::Lesson { desire, .. } => *desire,
            Expect::Active { desire, .. } => Some(*desire),
            _ => None,
        })
        .map(Desire::index)
        .collect();
    named.into_iter().map(|i| Desire::ALL[i]).collect()
}

/// The lessons for `desires` in `world`: each action of each desire on one object of
/// each sort it can be done to and be about (the first in the world of each kind and
/// allegiance), with every touch and both releases. A target about no desire teaches
/// every desire on at `phase`.
#[must_use]
pub fn moves_for(data: &Data, world: &WorldFile, desires: &[Desire], phase: u8) -> Moves {
    let all: Vec<Desire> = Desire::ALL.iter().copied().filter(|d| data.desire(*d).on_at(phase)).collect();
    let desires = if desires.is_empty() { &all } else { desires };
    let village = Village::new(world, &data.attributes, &data.kinds, world.senses.explore_cells);
    let affords = crate::world::affordances::affords(world, &data.kinds);
    let about = crate::world::affordances::about(world, &data.kinds);
    let beings = [village.hand, village.me, village.pen];
    let mut out = Moves::default();
    for &desire in desires {
        for action in &data.desire(desire).actions {
            let mut sorts = BTreeSet::new();
            for (i, o) in village.objects.iter().enumerate() {
                let fits = |k: Option<&crate::species::rules::Kinds>| k.is_none_or(|k| k.admits(o.kind));
                if beings.contains(&i) || !fits(affords.get(action)) || !fits(about.get(&desire)) {
                    continue;
                }
                let sort = (o.kind, o.answers.get("allegiance").cloned());
                if !sorts.insert(sort) {
                    continue;
                }
                out.objects.insert(o.id.clone(), (*o.answers).clone());
                let plan = PlanChoice { desire, action: action.clone(), object: o.id.clone() };
                for touch in Touch::ALL {
                    for release in [Release::During, Release::After] {
                        out.moves.push(Move { plan: plan.clone(), touch, release });
                    }
                }
            }
        }
    }
    out
}

/// The lesson script that gives `lessons` in order to a creature of `species` born with
/// `seed`, taught at `phase`: lesson i starts its plan at `i · LESSON_SECONDS`, the hand
/// holds the creature a second later, touches it a tenth of a second apart and lets go
/// (after the plan ended, for a late release). Only the objects the lessons name are
/// kept.
#[must_use]
pub fn script(species: Species, seed: u64, phase: u8, lessons: &[&Move], moves: &Moves) -> LessonScript {
    let mut events = Vec::new();
    let mut objects = BTreeMap::new();
    let mut push = |at: f64, what: Do| events.push(ScriptEvent { at: round(at), what });
    for (i, m) in lessons.iter().enumerate() {
        let t0 = i as f64 * LESSON_SECONDS;
        let p = &m.plan;
        if let Some(answers) = moves.objects.get(&p.object) {
            objects.insert(p.object.clone(), answers.clone());
        }
        push(t0, Do::PlanStart { desire: p.desire, action: p.action.clone(), object: p.object.clone(), target: None });
        let mut t = t0 + 1.0;
        if m.release == Release::After {
            push(t, Do::PlanEnd { desire: p.desire });
            t += 1.0;
        }
        push(t, Do::Hold);
        for act in m.touch.acts() {
            t += 0.1;
            push(t, act);
        }
        push(t + 0.1, Do::Release);
    }
    LessonScript { species, seed, phase, objects, events }
}

/// A time to a tenth of a millisecond, as a person would write it.
fn round(t: f64) -> f64 {
    (t * 10_000.0).round() / 10_000.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::lesson::run_script;

    #[test]
    fn a_hard_stroke_teaches_plus_one_and_a_hard_slap_minus_one_to_the_plan_given() {
        let data = Data::builtin().unwrap();
        let world = WorldFile::builtin(&data).unwrap();
        let moves = moves_for(&data, &world, &[Desire::Compassion], 11);
        assert!(!moves.moves.is_empty());
        assert!(moves.moves.iter().all(|m| m.plan.desire == Desire::Compassion));
        let pick = |touch, release| moves.moves.iter().find(|m| m.touch == touch && m.release == release).unwrap();
        let lessons = [pick(Touch::StrokeHard, Release::During), pick(Touch::SlapHard, Release::After)];
        let s = script(Species::Cow, 1, 11, &lessons, &moves);
        let text = ron::to_string(&s).unwrap();
        let parsed = LessonScript::parse("s", &text, &data).unwrap();
        let mut cow = crate::creature::Creature::newborn(&data, Species::Cow, 1);
        cow.phase = 11;
        let run = run_script(&parsed, &data, &mut cow);
        let taught: Vec<_> = run.lessons.iter().map(|l| (l.lesson, l.taught.as_ref().map(|t| t.desire))).collect();
        assert_eq!(taught, [(Some(1.0), Some(Desire::Compassion)), (Some(-1.0), Some(Desire::Compassion))]);
    }

    #[test]
    fn a_lesson_reads_as_a_designer_says_it() {
        let m = Move {
            plan: PlanChoice { desire: Desire::Hunger, action: "Eat".into(), object: "sheep_1".into() },
            touch: Touch::SlapGentle,
            release: Release::After,
        };
        assert_eq!(m.describe(), "a gentle slap for Hunger: Eat sheep_1, let go after it ended");
    }

    #[test]
    fn the_desires_a_target_names_are_taught() {
        let e: Vec<Expect> = crate::error::ron_options_bare_optional()
            .from_str(
                "[Desire(at: 1.0, name: \"Compassion\", min: 0.5), Liking(at: 1.0, min: 0.1), \
              Param(at: 1.0, desire: \"Anger\", what: Max, max: 0.5)]",
            )
            .unwrap();
        assert_eq!(desires_of(&e), [Desire::Compassion, Desire::Anger]);
    }
}
