//! Inputs and expectations timed on what the creature does (SPEC §16 `on: EVENT`,
//! `after: S`): an expectation is measured S seconds after the run's first such event,
//! one whose event never comes fails and says so, an input waits `after` seconds from
//! its event as it did `wait` seconds, and a timing given twice is a problem of the file.

use std::path::Path;

use creature_core::scenario::file::parse;
use creature_core::scenario::{Observed, check, prepare, run};
use creature_core::species::data::Data;
use creature_core::world::file::WorldFile;

const MEAL: &str = "(species: \"Cow\", seed: 1, phase: 6, seconds: 30.0,\n\
    inputs: [(at: 1.0, do: Plan(desire: \"Hunger\", action: \"Eat\", object: \"sheep_1\")),\n\
    (on: PlanEnded(desire: \"Hunger\"), TIMING, do: Hold)],\n\
    expect: [EXPECT])";

fn meal(timing: &str, expect: &str) -> creature_core::scenario::Outcome {
    let text = MEAL.replace("TIMING", timing).replace("EXPECT", expect);
    run(prepare(parse("t.scenario.ron", &text, Path::new(".")).unwrap()).unwrap(), None)
}

#[test]
fn an_expectation_on_an_event_is_measured_after_it_and_fails_when_it_never_comes() {
    let out = meal(
        "after: 0.0",
        "Gone(on: PlanEnded(desire: \"Hunger\"), object: \"sheep_1\"), \
         Gone(on: PlanStarted(desire: \"Hunger\"), after: 1.0, object: \"sheep_1\", gone: false), \
         Liking(on: PlanStarted(desire: \"Anger\"), min: 0.0), \
         Liking(on: PlanEnded(desire: \"Hunger\"), after: 100.0, min: 0.0)",
    );
    let passed: Vec<bool> = out.expectations.iter().map(|m| m.passed).collect();
    assert_eq!(passed, [true, true, false, false], "{:?}", out.expectations);
    assert_eq!(out.expectations[2].observed, Observed::Nothing);
    let why = out.expectations[2].why.as_deref().unwrap();
    assert!(why.contains("Anger's plan started never came"), "{why}");
    let why = out.expectations[3].why.as_deref().unwrap();
    assert!(why.contains("the run ended before"), "{why}");
}

#[test]
fn an_input_waits_after_its_event_as_it_waited_with_wait() {
    let held = "Lesson(index: 0, taught: false)";
    let (after, wait) = (meal("after: 0.5", held), meal("wait: 0.5", held));
    assert_eq!(after.events, wait.events, "`after` and `wait` time the input alike");
    let (late, now) = (meal("after: 3.0", held), meal("after: 0.0", held));
    assert_ne!(late.events, now.events, "the seconds after the event count");
}

#[test]
fn a_timing_given_twice_or_not_at_all_is_a_problem_placed_at_its_field() {
    let cases: &[(&str, &str, &str)] = &[
        ("inputs: [(at: 1.0, on: Lesson, do: Hold)]", "at:", "`at` does not go with `on`"),
        ("inputs: [(on: Lesson, after: 1.0, wait: 1.0, do: Hold)]", "wait:", "`after` and `wait` both"),
        ("expect: [Liking(at: 1.0, on: Lesson, min: 0.0)]", "at:", "`at` does not go with `on`"),
        ("expect: [Liking(min: 0.0)]", "Liking(", "expected `at`, or `on` with `after`"),
        ("expect: [Liking(at: 1.0, after: 1.0, min: 0.0)]", "after:", "`after` goes with `on`"),
        ("expect: [Liking(on: Lesson, after: -1.0, min: 0.0)]", "-1.0", "expected seconds from 0"),
    ];
    let data = Data::builtin().unwrap();
    let world = WorldFile::builtin(&data).unwrap();
    for (field, key, message) in cases {
        let line = format!("  {field},");
        let text = format!("(\n  species: \"Cow\",\n  seconds: 60.0,\n{line}\n)\n");
        let loaded = parse("t.scenario.ron", &text, Path::new(".")).unwrap_or_else(|e| panic!("{field}: {e}"));
        let errors = check(&loaded, &data, &world).expect_err(field);
        let col = line[..line.find(key).unwrap()].chars().count() + 1;
        assert!(errors[0].message.contains(message), "{field}: {}", errors[0]);
        assert_eq!((errors[0].line, errors[0].col), (4, col), "{field}: {}", errors[0]);
    }
}
