//! What a person writes by mistake is refused with FILE:LINE:COL, never kept silently:
//! a map key given twice, a field no example or tree memory has, a byte-order mark, and
//! bytes after the end of a binary bank.

use std::path::Path;

use creature_core::creature::Creature;
use creature_core::error::LoadError;
use creature_core::mind::script::LessonScript;
use creature_core::mind::tree_file::TreeFile;
use creature_core::names::Species;
use creature_core::species::data::Data;
use creature_core::species::parse_species;

fn repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(repo().join(rel)).unwrap()
}

/// The 1-based line and column of the `n`-th (0-based) occurrence of `needle`.
fn nth(text: &str, needle: &str, n: usize) -> (usize, usize) {
    let at = text.match_indices(needle).nth(n).expect("needle").0;
    creature_core::error::line_col(text, at)
}

/// The first error is a duplicate `key`, placed at its `n`-th (0-based) occurrence.
fn assert_duplicate(errors: &[LoadError], text: &str, key: &str, n: usize) {
    let e = errors.first().expect("an error");
    assert!(e.message.starts_with(&format!("duplicate key \"{key}\"")), "{e}");
    assert_eq!((e.line, e.col), nth(text, &format!("\"{key}\""), n), "{e}");
}

#[test]
fn a_creature_opinion_given_twice_is_refused_at_the_second() {
    let data = Data::builtin().unwrap();
    let text = read("projects/example/creatures/daisy.ron").replacen("\"Build\": 0.0,", "\"Eat\": 0.9,", 1);
    let errors = Creature::parse("daisy.ron", &text, &data).expect_err("a key given twice");
    assert_duplicate(&errors, &text, "Eat", 1);
}

#[test]
fn tree_answers_given_twice_are_refused() {
    let text = "(\n  attributes: [\"kind\"],\n  examples: [(answers: {\"kind\": \"rock\", \"kind\": \"sheep\"}, feedback: 0.5)],\n)";
    let errors = TreeFile::parse("t.ron", text).expect_err("a key given twice");
    assert_duplicate(&errors, text, "kind", 2);
    assert_eq!(errors[0].to_string(), format!("t.ron:3:{}: {}", nth(text, "\"kind\"", 2).1, errors[0].message));
}

#[test]
fn lesson_objects_given_twice_are_refused() {
    let data = Data::builtin().unwrap();
    let text =
        read("projects/example/lessons/anger_which_town.ron").replacen("\"home_village\": {", "\"home_town\": {", 1);
    let errors = LessonScript::parse("l.ron", &text, &data).expect_err("a key given twice");
    let e = &errors[0];
    assert!(e.message.starts_with("duplicate key \"home_town\""), "{e}");
    assert_eq!((e.line, e.col), nth(&text, "\"home_town\": {", 1));
}

#[test]
fn increase_overrides_given_twice_are_refused() {
    let text = read("species/cow.ron").replacen(
        "increase_overrides: {}",
        "increase_overrides: {\"Hunger\": 600.0,\n        \"Hunger\": 60.0}",
        1,
    );
    let errors = parse_species("cow.ron", &text, Species::Cow).expect_err("a key given twice");
    assert_duplicate(&errors, &text, "Hunger", 1);
}

#[test]
fn unknown_fields_in_examples_and_tree_memories_are_refused() {
    let text =
        "(\n  attributes: [\"kind\"],\n  examples: [(answers: {\"kind\": \"rock\"}, feedback: 0.5, weight: 2.0)],\n)";
    let errors = TreeFile::parse("t.ron", text).expect_err("an unknown field");
    assert!(errors[0].message.contains("weight"), "{}", errors[0]);
    assert_eq!(errors[0].line, 3);
    let data = Data::builtin().unwrap();
    let good = read("projects/example/creatures/daisy.ron");
    let text = good.replacen(
        "examples: [],\n                lessons: 0,",
        "examples: [],\n                lessons: 0,\n                forgotten: 3,",
        1,
    );
    assert_ne!(text, good);
    let errors = Creature::parse("daisy.ron", &text, &data).expect_err("an unknown field");
    assert!(errors[0].message.contains("forgotten"), "{}", errors[0]);
    assert_eq!(errors[0].line, nth(&text, "forgotten", 0).0);
}

#[test]
fn a_byte_order_mark_is_read_past() {
    let data = Data::builtin().unwrap();
    let text = format!("\u{feff}{}", read("projects/example/creatures/daisy.ron"));
    Creature::parse("daisy.ron", &text, &data).expect("a leading byte-order mark is not part of the save");
}
