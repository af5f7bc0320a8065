//! Hostile lesson scripts are refused with `FILE:LINE:COL: message` (SPEC §14, §15).

use creature_core::mind::script::{Do, LessonScript};
use creature_core::species::data::Data;

fn parse(text: &str) -> Result<LessonScript, Vec<String>> {
    let data = Data::builtin().expect("built-in data");
    LessonScript::parse("s.ron", text, &data).map_err(|e| e.iter().map(ToString::to_string).collect())
}

fn script(head: &str, events: &str) -> String {
    format!("(\n{head}\n objects: {{\"sheep\": {{\"kind\": \"sheep\"}}}},\n events: [\n{events}\n ],\n)")
}

const HEAD: &str = " species: \"Cow\", seed: 1, phase: 2,";

fn refused(text: &str, position: &str, words: &[&str]) {
    let errors = parse(text).expect_err("the script must be refused");
    let hit = errors.iter().find(|e| e.starts_with(&format!("s.ron:{position}: ")));
    let e = hit.unwrap_or_else(|| panic!("no error at {position}: {errors:?}"));
    for w in words {
        assert!(e.contains(w), "`{w}` not in {e}");
    }
}

#[test]
fn the_spec_example_parses() {
    let text = r#"(species: "Cow", seed: 1, phase: 2, objects: {"id": {"kind": "sheep"}}, events: [(at: 0.0, do: PlanStart(desire: "Hunger", action: "Eat", object: "id")), (at: 4.0, do: PlanEnd(desire: "Hunger")), (at: 5.0, do: Hold), (at: 5.1, do: Stroke), (at: 5.2, do: Slap(Hard)), (at: 5.5, do: Release), (at: 6.0, do: PlanStart(desire: "Anger", action: "Throw", object: "id", target: "id")), (at: 6.0, do: Hold), (at: 6.1, do: Slap(Gentle)), (at: 6.2, do: Release)])"#;
    let s = parse(text).unwrap();
    assert_eq!(s.events.len(), 10);
    assert!(matches!(&s.events[6].what, Do::PlanStart { target: Some(t), .. } if t == "id"));
}

#[test]
fn unknown_desire_suggests_the_nearest() {
    let t = script(HEAD, "  (at: 0.0, do: PlanStart(desire: \"Hungr\", action: \"Eat\", object: \"sheep\")),");
    let e = parse(&t).unwrap_err();
    assert!(e[0].starts_with("s.ron:5:") && e[0].contains("did you mean `Hunger`?"), "{e:?}");
}

#[test]
fn unknown_action_object_and_attribute_suggest_the_nearest() {
    let t = script(HEAD, "  (at: 0.0, do: PlanStart(desire: \"Hunger\", action: \"Eats\", object: \"shep\")),");
    refused(&t, "5:45", &["event 1", "did you mean `Eat`?"]);
    refused(&t, "5:61", &["event 1", "unknown object `shep`; did you mean `sheep`?"]);
    let t = "(species: \"Cow\", seed: 1, phase: 2,\n objects: {\"sheep\": {\"knd\": \"sheep\"}}, events: [])";
    refused(t, "2:22", &["object `sheep`", "did you mean `kind`?"]);
    let t = "(species: \"Cw\", seed: 1, phase: 2, events: [])";
    let e = parse(t).unwrap_err();
    assert!(e[0].starts_with("s.ron:1:") && e[0].contains("did you mean `Cow`?"), "{e:?}");
}

#[test]
fn nan_negative_and_huge_times_are_refused() {
    for bad in ["NaN", "-1.0", "inf", "1e300"] {
        let t = script(HEAD, &format!("  (at: 0.0, do: Hold),\n  (at: {bad}, do: Release),"));
        refused(&t, "6:4", &["event 2", "time is"]);
    }
}

#[test]
fn time_going_backwards_is_refused() {
    let t = script(HEAD, "  (at: 5.0, do: Hold),\n  (at: 4.0, do: Stroke),\n  (at: 6.0, do: Release),");
    refused(&t, "6:4", &["event 2", "time goes backwards, from 5 to 4"]);
}

#[test]
fn phases_outside_zero_to_thirteen_are_refused() {
    for bad in ["14", "-1", "255", "1000", "2.5"] {
        let t = script(&format!(" species: \"Cow\", seed: 1, phase: {bad},"), "");
        let e = parse(&t).unwrap_err();
        assert!(e[0].starts_with("s.ron:2:") && e[0].contains("phase is"), "{bad}: {e:?}");
    }
    assert!(parse(&script(" species: \"Cow\", seed: 1, phase: 13,", "")).is_ok());
}

#[test]
fn negative_or_fractional_seeds_are_refused() {
    for bad in ["-1", "0.5", "NaN"] {
        let t = script(&format!(" species: \"Cow\", seed: {bad}, phase: 2,"), "");
        let e = parse(&t).unwrap_err();
        assert!(e[0].starts_with("s.ron:2:") && e[0].contains("seed is"), "{bad}: {e:?}");
    }
}

#[test]
fn hand_events_out_of_order_are_refused() {
    refused(&script(HEAD, "  (at: 0.0, do: Stroke),"), "5:3", &["event 1", "add a Hold"]);
    refused(&script(HEAD, "  (at: 0.0, do: Release),"), "5:3", &["Release without a Hold"]);
    refused(&script(HEAD, "  (at: 0.0, do: Hold),\n  (at: 0.0, do: Hold),"), "6:3", &["already holding"]);
    refused(&script(HEAD, "  (at: 0.0, do: PlanEnd(desire: \"Hunger\")),"), "5:25", &["no active plan of Hunger"]);
}

#[test]
fn unknown_fields_and_events_are_refused_with_positions() {
    let e = parse(&script(HEAD, "  (at: 0.0, do: Pat),")).unwrap_err();
    assert!(e[0].starts_with("s.ron:5:"), "{e:?}");
    let e = parse(&script(HEAD, "  (at: 0.0, when: 1.0, do: Hold),")).unwrap_err();
    assert!(e[0].starts_with("s.ron:5:"), "{e:?}");
}

#[test]
fn broken_text_is_refused_without_panicking() {
    for text in [
        "",
        "(",
        "(species: \"Cow\"",
        "((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((",
        "\u{feff}",
        "(events: [(at: 0.0, do: Slap(Medium))])",
    ] {
        let e = parse(text).unwrap_err();
        assert!(e[0].starts_with("s.ron:"), "{e:?}");
    }
}

#[test]
fn many_bad_objects_and_events_are_each_placed_where_written() {
    let n = 20_000;
    let objects: String = (0..n).map(|i| format!("  \"o{i}\": {{\"colour\": \"red\"}},\n")).collect();
    let events: String = (0..n).map(|_| "  (at: -1.0, do: Release),\n").collect();
    let t = format!("(species: \"Cow\", seed: 1, phase: 2,\n objects: {{\n{objects} }},\n events: [\n{events} ],\n)");
    let errors = parse(&t).expect_err("every object and event is bad");
    assert_eq!(errors.len(), 3 * n, "an attribute per object; a time and a release per event");
    // Object i is on line i + 3, its attribute at column 9 + the digits of its id; event i on
    // line n + i + 5.
    let at = |position: String, words: &[&str]| {
        let hit = errors.iter().find(|e| e.starts_with(&format!("s.ron:{position}: ")));
        let e = hit.unwrap_or_else(|| panic!("no error at {position}"));
        assert!(words.iter().all(|w| e.contains(w)), "{words:?} not in {e}");
    };
    for i in [0, 1, n / 2, n - 1] {
        let col = 9 + i.to_string().len();
        at(format!("{}:{col}", i + 3), &[&format!("object `o{i}`"), "unknown attribute `colour`"]);
        at(format!("{}:4", n + i + 5), &[&format!("event {}", i + 1), "time is -1"]);
        at(format!("{}:3", n + i + 5), &[&format!("event {}", i + 1), "Release without a Hold"]);
    }
}
