//! Scenario files that a person got wrong, or that were damaged, never crash the
//! studio: every example scenario, mutated at random (characters replaced, inserted,
//! removed, the text cut short), is either read and checked or refused with a place
//! in the file, and reading it never panics.

use std::path::{Path, PathBuf};

use creature_core::scenario::check::check;
use creature_core::scenario::file::parse;
use creature_core::species::data::Data;
use creature_core::world::file::WorldFile;
use proptest::prelude::*;

fn examples() -> Vec<(PathBuf, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example/scenarios");
    let mut files: Vec<(PathBuf, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(".scenario.ron"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p, text)
        })
        .collect();
    files.sort();
    files
}

/// One edit of a text at a char boundary.
#[derive(Debug, Clone)]
enum Mutation {
    Replace(usize, char),
    Insert(usize, char),
    Remove(usize, usize),
    Cut(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let ch = prop_oneof![
        Just('('),
        Just(')'),
        Just('['),
        Just(']'),
        Just('"'),
        Just(','),
        Just(':'),
        Just('-'),
        Just('9'),
        Just('e'),
        Just('.'),
        Just(' '),
        Just('\n'),
        Just('\u{feff}'),
        any::<char>()
    ];
    prop_oneof![
        (any::<usize>(), ch.clone()).prop_map(|(i, c)| Mutation::Replace(i, c)),
        (any::<usize>(), ch).prop_map(|(i, c)| Mutation::Insert(i, c)),
        (any::<usize>(), 1usize..40).prop_map(|(i, n)| Mutation::Remove(i, n)),
        any::<usize>().prop_map(Mutation::Cut),
    ]
}

fn apply(text: &str, m: &Mutation) -> String {
    let chars: Vec<char> = text.chars().collect();
    let at = |i: usize| if chars.is_empty() { 0 } else { i % chars.len() };
    let mut out = chars.clone();
    match *m {
        Mutation::Replace(i, c) if !chars.is_empty() => out[at(i)] = c,
        Mutation::Insert(i, c) => out.insert(at(i), c),
        Mutation::Remove(i, n) if !chars.is_empty() => {
            let from = at(i);
            out.drain(from..(from + n).min(chars.len()));
        }
        Mutation::Cut(i) => out.truncate(at(i)),
        _ => {}
    }
    out.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn mutated_scenarios_are_read_or_refused_with_a_place(which in any::<usize>(), edits in prop::collection::vec(mutation(), 1..4)) {
        let files = examples();
        prop_assume!(!files.is_empty());
        let (path, text) = &files[which % files.len()];
        let mut mutated = text.clone();
        for m in &edits {
            mutated = apply(&mutated, m);
        }
        let data = Data::builtin().unwrap();
        let world = WorldFile::builtin(&data).unwrap();
        let file = path.display().to_string();
        match parse(&file, &mutated, path.parent().unwrap()) {
            Ok(loaded) => {
                if let Err(errors) = check(&loaded, &data, &world) {
                    for e in errors {
                        prop_assert_eq!(&e.file, &file);
                        prop_assert!(e.line >= 1 && e.line <= mutated.lines().count().max(1) + 1, "{}", e);
                    }
                }
            }
            Err(e) => {
                prop_assert_eq!(&e.file, &file);
                prop_assert!(e.line >= 1 && e.col >= 1, "{}", e);
            }
        }
    }
}

#[test]
fn every_example_scenario_reads_and_checks_clean() {
    let data = Data::builtin().unwrap();
    let world = WorldFile::builtin(&data).unwrap();
    let files = examples();
    assert!(files.len() >= 8, "{files:?}");
    for (path, text) in files {
        let loaded = parse(&path.display().to_string(), &text, path.parent().unwrap()).unwrap();
        check(&loaded, &data, &world).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
    }
}

/// A scenario of 100,000 bad lines is reported in full, each problem at its own line
/// and column: placing one problem does not scan the file again from its start.
#[test]
fn every_one_of_many_bad_lines_is_placed_on_its_line() {
    const N: usize = 50_000;
    // A character of two bytes before each problem, so that columns count characters.
    let bad_time = "    /*é*/ (at: -1.0, do: Hold),";
    let bad_object = "    /*é*/ (at: 1.0, do: Plan(desire: \"Hunger\", action: \"Eat\", object: \"nosuch\")),";
    let column = |line: &str, key: &str| line[..line.find(key).unwrap()].chars().count() + 1;
    let mut text = String::from("(\n  species: \"Cow\",\n  seconds: 60.0,\n  inputs: [\n");
    let first_input_line = 5;
    for i in 0..N {
        text.push_str(if i % 2 == 0 { bad_time } else { bad_object });
        text.push('\n');
    }
    text.push_str("  ],\n  expect: [\n");
    let first_expect_line = first_input_line + N + 2;
    for _ in 0..N {
        text.push_str("    Liking(at: 1.0),\n");
    }
    text.push_str("  ],\n)\n");
    let data = Data::builtin().unwrap();
    let world = WorldFile::builtin(&data).unwrap();
    let loaded = parse("many.scenario.ron", &text, Path::new(".")).unwrap();
    let errors = check(&loaded, &data, &world).unwrap_err();
    assert_eq!(errors.len(), 2 * N);
    for (i, e) in errors[..N].iter().enumerate() {
        let (line, key, message) = if i % 2 == 0 {
            (bad_time, "at:", "expected seconds")
        } else {
            (bad_object, "object:", "unknown object `nosuch`")
        };
        assert_eq!((e.line, e.col), (first_input_line + i, column(line, key)), "{e}");
        assert!(e.message.starts_with(message), "{e}");
    }
    for (i, e) in errors[N..].iter().enumerate() {
        assert_eq!((e.line, e.col), (first_expect_line + i, 5), "{e}");
        assert!(e.message.contains("`min` and `max`"), "{e}");
    }
}

/// Each new input and expectation that names something unknown (an object, an action no
/// desire's plans use, an attribute, a desire's source, a spot that is not a number) is
/// a problem of the file, placed at the field it is about.
#[test]
fn the_players_acts_and_the_new_expectations_are_checked_before_the_run() {
    let cases: &[(&str, &str, &str)] = &[
        ("inputs: [(at: 1.0, do: Give(object: \"nosuch\"))]", "object:", "unknown object `nosuch`"),
        ("inputs: [(at: 1.0, do: Deed(action: \"Eat\", object: \"nosuch\"))]", "object:", "unknown object `nosuch`"),
        ("inputs: [(at: 1.0, do: Deed(action: \"Thorw\", object: \"rock_1\"))]", "action:", "unknown action `Thorw`"),
        (
            "inputs: [(at: 1.0, do: Deed(action: \"Fish\", object: \"rock_1\"))]",
            "action:",
            "no desire's plans use `Fish`",
        ),
        ("inputs: [(at: 1.0, do: Miracle(name: \"Heal\", on: \"nosuch\"))]", "on:", "unknown object `nosuch`"),
        ("inputs: [(at: 1.0, do: Hand(x: 1.0, y: NaN))]", "y:", "expected a number"),
        ("inputs: [(at: 1.0, do: Place(x: inf, y: 1.0))]", "x:", "expected a number"),
        ("expect: [Distance(at: 1.0, to: \"nosuch\", max: 1.0)]", "to:", "unknown object `nosuch`"),
        ("expect: [Credit(index: 0, object: \"nosuch\", min: 0.5)]", "object:", "unknown object `nosuch`"),
        ("expect: [Lesson(index: 0, object: \"nosuch\")]", "object:", "unknown object `nosuch`"),
        ("expect: [Lesson(index: 0, action: \"Thorw\")]", "action:", "unknown action `Thorw`"),
        (
            "expect: [Tree(at: 1.0, desire: \"Hunger\", tree: ActOn, root: \"knid\")]",
            "root:",
            "unknown attribute `knid`",
        ),
        ("expect: [Tree(at: 1.0, desire: \"Hunger\", tree: ActOn)]", "Tree(", "expected at least one of `root`"),
        ("expect: [Param(at: 1.0, desire: \"Hunger\", what: Threshold(3), min: 0.1)]", "what:", "Hunger has 1 sources"),
        ("expect: [Param(at: 1.0, desire: \"Hunger\", what: Max)]", "Param(", "expected at least one of `min`"),
        ("expect: [Active(at: 99.0, desire: \"Hunger\", active: true)]", "at:", "expected seconds"),
        (
            "expect: [Tree(at: 1.0, desire: \"Hunger\", tree: ActOn, root: 3)]",
            "3",
            "expected `Any`, `None` or an attribute's name",
        ),
        ("expect: [Count(at: 1.0, of: Active)]", "Count(", "expected `exactly`, or at least one of `min`"),
        ("expect: [Count(at: 1.0, of: Active, exactly: 1.5)]", "1.5", "expected a whole number"),
        ("expect: [Count(at: 1.0, of: Active, exactly: 2, max: 3)]", "exactly:", "`exactly` goes alone"),
        ("expect: [Count(at: 1.0, of: Active, from: 0.5, min: 1)]", "from:", "`from` goes with `Plans`"),
        ("expect: [Count(at: 1.0, of: Lessons(), from: 2.0, min: 1)]", "from:", "expected `from` from 0 to `at`"),
        ("expect: [Count(at: 1.0, of: Plans(action: \"Et\"), min: 1)]", "action:", "unknown action `Et`"),
        ("expect: [Gone(at: 1.0, object: \"alde\")]", "object:", "unknown object `alde`"),
        ("expect: [Body(at: 1.0, what: Energy)]", "Body(", "expected at least one of `min`"),
        ("expect: [Credit(index: 0, object: \"aled\")]", "Credit(", "expected at least one of `remembered`"),
        ("expect: [Sightings(at: 1.0, miracle: \"Heel\", min: 1)]", "miracle:", "unknown miracle `Heel`"),
        ("expect: [Trait(at: 1.0, name: \"Kindness\", max: inf)]", "inf", "`max` is inf"),
        (
            "sources: [Sources(desire: \"Compassion\", only: [\"body.hunger\"])]",
            "[\"body",
            "Compassion has no source reading `body.hunger`",
        ),
        (
            "sources: [(desire: \"Anger\", only: []), (desire: \"Anger\", only: [])]",
            "desire: \"Anger\", only: [])]",
            "Anger is stilled twice",
        ),
        (
            "expect: [Born(species: \"Cow\", seeds: 0, name: \"Kindness\", most: Lowest, min: 0.1)]",
            "0,",
            "expected 1 to 100000 newborns",
        ),
    ];
    let data = Data::builtin().unwrap();
    let world = WorldFile::builtin(&data).unwrap();
    for (field, key, message) in cases {
        let line = format!("  {field},");
        let text = format!("(\n  species: \"Cow\",\n  seconds: 60.0,\n{line}\n)\n");
        // A form the reader refuses is a problem before any check.
        let errors = match parse("new.scenario.ron", &text, Path::new(".")) {
            Ok(loaded) => check(&loaded, &data, &world).expect_err(field),
            Err(e) => vec![e],
        };
        let e = &errors[0];
        let col = line[..line.find(key).unwrap()].chars().count() + 1;
        assert!(e.message.contains(message), "{field}: {e}");
        assert_eq!((e.line, e.col), (4, col), "{field}: {e}");
    }
}
