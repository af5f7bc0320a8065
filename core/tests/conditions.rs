//! Conditions (SPEC §19) on the example project's hour of teaching: `Recorder::find`
//! names every turn a condition fired, the same turns the recording's own events and
//! seeks show; a scenario run with `--break` stops at the first of them, in the state a
//! seek there shows; a condition naming something unknown is refused at its column.

use std::path::{Path, PathBuf};

use creature_core::cond::Cond;
use creature_core::mind::observation::Attempt;
use creature_core::names::Desire;
use creature_core::recording::{Happening, Recorder, Recording, run_scenario_recorded};
use creature_core::scenario::{self, State};

fn scenario_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example/scenarios").join(name)
}

fn hour() -> Recorder {
    let loaded = scenario::file::load(&scenario_file("an_hour_of_teaching.scenario.ron")).unwrap();
    let (out, rec) = run_scenario_recorded(scenario::prepare(loaded).unwrap(), None).unwrap();
    assert!(out.passed);
    Recorder::open(rec).unwrap()
}

fn parse(r: &Recorder, text: &str) -> Cond {
    Cond::parse(text, r.sim().data(), r.sim().world()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The turns of the recording's own events that `keep` picks.
fn happened(rec: &Recording, keep: impl Fn(&Happening) -> bool) -> Vec<u64> {
    let mut turns: Vec<u64> = rec.events.iter().filter(|e| keep(&e.what)).map(|e| e.turn).collect();
    turns.dedup();
    turns
}

#[test]
fn event_conditions_fire_at_the_turns_of_the_recorded_events() {
    let r = hour();
    let rec = r.recording();
    let lessons = happened(rec, |h| matches!(h, Happening::Lesson { taught: Some(_), .. }));
    assert!(lessons.len() >= 3, "{lessons:?}");
    assert_eq!(r.find(&parse(&r, "Lesson")).unwrap(), lessons);
    let slaps = happened(rec, |h| matches!(h, Happening::Lesson { taught: Some(_), lesson: Some(l), .. } if *l < 0.0));
    assert_eq!(r.find(&parse(&r, "Lesson(sign: Slap)")).unwrap(), slaps);
    assert!(!slaps.is_empty() && slaps.len() < lessons.len(), "some lessons were strokes");

    let wolves = happened(rec, |h| matches!(h, Happening::Plan { object, .. } if object.starts_with("wolf")));
    assert_eq!(r.find(&parse(&r, "PlanStarted(kind: Wolf)")).unwrap(), wolves);
    let hunger = happened(rec, |h| matches!(h, Happening::Plan { desire: Desire::Hunger, .. }));
    assert_eq!(r.find(&parse(&r, "PlanStarted(desire: \"Hunger\")")).unwrap(), hunger);

    let heal =
        happened(rec, |h| matches!(h, Happening::Miracle { miracle, result: Attempt::Succeeded } if miracle == "Heal"));
    assert_eq!(heal.len(), 1);
    assert_eq!(r.find(&parse(&r, "Learnt(what: \"Heal\")")).unwrap(), heal);
    assert_eq!(r.find(&parse(&r, "Phase")).unwrap(), Vec::<u64>::new(), "the phase is set once, before the run");
}

#[test]
fn value_conditions_fire_where_a_seek_shows_the_value_cross() {
    let mut r = hour();
    for (text, value) in [
        (
            "Above(desire: \"Hunger\", value: 0.5)",
            Box::new(|s: &State| s.desires[&Desire::Hunger] >= 0.5) as Box<dyn Fn(&State) -> bool>,
        ),
        ("Liking(below: -0.05)", Box::new(|s: &State| s.liking < -0.05)),
    ] {
        let cond = parse(&r, text);
        let hits = r.find(&cond).unwrap();
        assert!(!hits.is_empty(), "{text} fires in the hour");
        for t in hits {
            let (before, at) = (State::of(&r.seek(t - 1).unwrap()), State::of(&r.seek(t).unwrap()));
            assert!(!value(&before) && value(&at), "{text} at turn {t}: it crossed there");
        }
    }
}

/// A score kept between turns is the score worked out afresh: the condition fires
/// exactly where seeks show the score come into range, as lessons change the trees.
#[test]
fn a_score_condition_fires_where_a_seek_shows_the_score_cross() {
    use creature_core::species::data::TreeKind;
    let mut r = hour();
    let end = r.recording().turns;
    let score = |r: &mut Recorder, t: u64, object: &str| {
        r.seek(t).unwrap().usefulness(Desire::Hunger, TreeKind::ActOn, object).unwrap()
    };
    // An object whose score the hour's lessons move.
    let ids: Vec<String> = r.sim().village().objects.iter().map(|o| o.id.clone()).collect();
    let (object, first, last) = ids
        .iter()
        .map(|id| (id.clone(), score(&mut r, 0, id), score(&mut r, end, id)))
        .find(|(_, a, b)| (a - b).abs() > 0.05)
        .expect("the hour's lessons move some object's Hunger score");
    let middle = f64::midpoint(first, last);
    let (text, inside): (String, Box<dyn Fn(f64) -> bool>) = if last > first {
        (
            format!("Score(desire: \"Hunger\", tree: ActOn, object: \"{object}\", above: {middle})"),
            Box::new(move |v| v > middle),
        )
    } else {
        (
            format!("Score(desire: \"Hunger\", tree: ActOn, object: \"{object}\", below: {middle})"),
            Box::new(move |v| v < middle),
        )
    };
    let hits = r.find(&parse(&r, &text)).unwrap();
    assert!(!hits.is_empty(), "{text} fires in the hour");
    for t in hits {
        let (before, at) = (score(&mut r, t - 1, &object), score(&mut r, t, &object));
        assert!(!inside(before) && inside(at), "{text} at turn {t}: {before} then {at}");
    }
}

#[test]
fn a_break_stops_the_scenario_at_the_first_hit_in_the_state_a_seek_shows() {
    let mut r = hour();
    let cond = parse(&r, "Lesson(sign: Stroke)");
    let first = r.find(&cond).unwrap()[0];
    let loaded = scenario::file::load(&scenario_file("an_hour_of_teaching.scenario.ron")).unwrap();
    let scenario::run::Prepared { loaded, mut sim } = scenario::prepare(loaded).unwrap();
    let out = scenario::run_until(&mut sim, &loaded, None, Some(cond));
    assert_eq!(out.broke, Some(first));
    assert_eq!(out.state, Some(State::of(&r.seek(first).unwrap())));
    assert!(out.expectations.len() < loaded.scenario.expect.len(), "only what was reached is measured");
}

#[test]
fn a_condition_naming_something_unknown_is_refused_at_its_column() {
    let r = hour();
    for (text, col, message) in [
        ("PlanStarted(object: \"wolf_9\")", 13, "unknown object `wolf_9`"),
        ("PlanStarted(action: \"Thorw\")", 13, "unknown action `Thorw`"),
        ("PlanStarted(kind: Wofl)", 19, "Wofl"),
        ("Lesson(desire: \"Hungre\")", 17, "Hungre"),
        ("Learnt(what: \"Heel\")", 8, "unknown skill or miracle `Heel`"),
        ("Score(desire: \"Hunger\", tree: ActOn, object: \"wolf_1\")", 1, "at least one of `above` and `below`"),
        ("Above(desire: \"Hunger\")", 23, "missing field named `value`"),
    ] {
        let e = Cond::parse(text, r.sim().data(), r.sim().world()).expect_err(text);
        assert!(e.message.contains(message), "{text}: {e}");
        assert_eq!(e.col, col, "{text}: {e}");
    }
    assert_eq!(parse(&r, "PlanStarted"), parse(&r, "PlanStarted()"), "a condition without fields may be bare");
}

/// The hand and the creature itself are objects of every village: a condition may name
/// them (a plan to look around is on `self`), as a watch of a score may.
#[test]
fn the_hand_and_the_creature_itself_are_objects_a_condition_names() {
    let data = creature_core::species::data::Data::builtin().unwrap();
    let world = creature_core::world::file::WorldFile::builtin(&data).unwrap();
    for text in [r#"PlanStarted(object: "self")"#, r#"PlanStarted(object: "hand")"#] {
        assert!(creature_core::cond::Cond::parse(text, &data, &world).is_ok(), "{text}");
    }
    let score = r#"Score(desire: "Hunger", tree: ActOn, object: "self")"#;
    assert!(creature_core::watched::Watched::parse(score, &data, &world).is_ok());
    let e = creature_core::cond::Cond::parse(r#"PlanStarted(object: "selff")"#, &data, &world).unwrap_err();
    assert!(e.message.contains("did you mean `self`"), "{e}");
}

/// Several conditions looked for together, as the editor's breakpoints are, report at
/// every turn the first (by key) of those that `recording find` finds there, also after
/// one is taken out and the keys above it move down.
#[test]
fn a_set_of_conditions_fires_where_each_alone_is_found() {
    use creature_core::cond::WatchSet;
    use creature_core::species::data::TreeKind;
    let mut r = hour();
    // A score the hour's lessons move, looked for past its middle the way it moves.
    let end = r.recording().turns;
    let (start, last) = (r.seek(0).unwrap(), r.seek(end).unwrap());
    let score =
        |s: &creature_core::world::sim::Sim, id: &str| s.usefulness(Desire::Hunger, TreeKind::ActOn, id).unwrap();
    let (object, way, middle) = start
        .village()
        .objects
        .iter()
        .map(|o| (o.id.clone(), score(&start, &o.id), score(&last, &o.id)))
        .find(|(_, a, b)| (a - b).abs() > 0.05)
        .map(|(id, a, b)| (id, if b > a { "above" } else { "below" }, f64::midpoint(a, b)))
        .expect("the hour's lessons move some object's Hunger score");
    let texts = [
        r#"PlanStarted(desire: "Hunger")"#.to_owned(),
        "PlanSwitched".to_owned(),
        "Lesson(sign: Stroke)".to_owned(),
        "Phase".to_owned(),
        r#"Above(desire: "Hunger", value: 0.5)"#.to_owned(),
        r#"Below(desire: "Curiosity", value: 0.2)"#.to_owned(),
        "Liking(below: -0.05)".to_owned(),
        format!(r#"Score(desire: "Hunger", tree: ActOn, object: "{object}", {way}: {middle})"#),
    ];
    let conds: Vec<Cond> = texts.iter().map(|t| parse(&r, t)).collect();
    let found: Vec<Vec<u64>> = conds.iter().map(|c| r.find(c).unwrap()).collect();
    // The phase stays over the hour: the phase change is looked at and never fires.
    for (text, turns) in texts.iter().zip(&found).filter(|(t, _)| *t != "Phase") {
        assert!(!turns.is_empty(), "{text} fires in an hour of teaching");
    }
    // The first by key among those found at `turn`, of the keys `keys` give.
    let first = |turn: u64, keys: &[Option<usize>]| {
        keys.iter().enumerate().filter_map(|(i, k)| k.filter(|_| found[i].contains(&turn))).min()
    };
    let all: Vec<Option<usize>> = (0..conds.len()).map(Some).collect();
    // The second taken out: those after it move down a place.
    let without: Vec<Option<usize>> = (0..conds.len()).map(|i| (i != 1).then(|| i - usize::from(i > 1))).collect();
    for keys in [all, without] {
        let mut set = WatchSet::default();
        for (c, k) in conds.iter().zip(&all_keys(conds.len())) {
            set.insert(*k, c.clone());
        }
        if keys[1].is_none() {
            set.remove(1, true);
        }
        let mut fired = 0;
        r.play_over(0, r.recording().turns, |sim, events| {
            let got = set.first_fired(sim, events);
            assert_eq!(got, first(sim.turns(), &keys), "turn {}", sim.turns());
            fired += usize::from(got.is_some());
        })
        .unwrap();
        assert!(fired > 10, "{fired} turns fired");
    }
}

fn all_keys(n: usize) -> Vec<usize> {
    (0..n).collect()
}

/// Over the hour of teaching, turn by turn: whenever an object's answers or a desire's
/// trees changed, the number the scores go by changed too, so that a reader keeping
/// every score while the number stands never keeps a stale one.
#[test]
fn the_scores_number_moves_whenever_a_score_could() {
    use std::collections::BTreeMap;
    use std::sync::Arc;
    /// What a turn left: the scores number, each desire's trees number, each object's answers.
    type Seen = (u64, Vec<u64>, Vec<Arc<BTreeMap<String, String>>>);
    let r = hour();
    let mut last: Option<Seen> = None;
    let (mut answers_moved, mut trees_moved) = (0, 0);
    r.play_over(0, r.recording().turns, |sim, _| {
        let trees: Vec<u64> = Desire::ALL.iter().map(|d| sim.trees_number(*d)).collect();
        let answers: Vec<_> = sim.village().objects.iter().map(|o| Arc::clone(&o.answers)).collect();
        if let Some((number, was_trees, was_answers)) = &last {
            let new_answers =
                was_answers.len() != answers.len() || was_answers.iter().zip(&answers).any(|(a, b)| !Arc::ptr_eq(a, b));
            let new_trees = *was_trees != trees;
            answers_moved += usize::from(new_answers);
            trees_moved += usize::from(new_trees);
            if new_answers || new_trees {
                assert_ne!(sim.scores_number(), *number, "turn {}: a score could move, the number stood", sim.turns());
            }
        }
        last = Some((sim.scores_number(), trees, answers));
    })
    .unwrap();
    assert!(
        answers_moved >= 3 && trees_moved >= 3,
        "the hour changes answers ({answers_moved}) and trees ({trees_moved})"
    );
}
