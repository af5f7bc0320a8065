//! World files (SPEC §14): the example village has everything the creature needs, and
//! hostile files are refused with `FILE:LINE:COL: message`, never a panic.

use creature_core::error::LoadError;
use creature_core::species::data::Data;
use creature_core::world::file::{BUILTIN_WORLD, Job, ObjectKind, Owner, Sex, WorldFile, check_world};
use proptest::prelude::*;

fn data() -> Data {
    Data::builtin().expect("built-in data")
}

fn refuse(text: &str) -> Vec<LoadError> {
    match WorldFile::parse("w.ron", text, &data()) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e,
    }
}

/// The 1-based line of the first occurrence of `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    creature_core::error::locate(text, needle).expect("needle in text").0
}

fn example_with(from: &str, to: &str) -> String {
    assert!(BUILTIN_WORLD.contains(from), "{from}");
    BUILTIN_WORLD.replacen(from, to, 1)
}

#[test]
fn the_example_village_has_everything_the_creature_needs() {
    let w = WorldFile::builtin(&data()).expect("the example world loads");
    let villagers: Vec<_> = w
        .objects
        .iter()
        .filter_map(|o| match &o.kind {
            ObjectKind::Villager { tribe, sex, job, .. } => Some((tribe.as_str(), *sex, *job)),
            _ => None,
        })
        .collect();
    let tribes: std::collections::BTreeSet<_> = villagers.iter().map(|v| v.0).collect();
    assert_eq!(tribes.len(), 2, "two tribes");
    for sex in [Sex::Male, Sex::Female] {
        assert!(villagers.iter().any(|v| v.1 == sex));
    }
    for job in [Job::Builder, Job::Fisher, Job::Farmer, Job::Dancer] {
        assert!(villagers.iter().any(|v| v.2 == job), "{job:?}");
    }
    let has = |f: &dyn Fn(&ObjectKind) -> bool| w.objects.iter().any(|o| f(&o.kind));
    assert!(has(&|k| matches!(k, ObjectKind::Sheep)));
    assert!(has(&|k| matches!(k, ObjectKind::Wolf)));
    assert!(has(&|k| matches!(k, ObjectKind::StoragePit { food, wood, .. } if *food > 0 && *wood > 0)));
    assert!(has(&|k| matches!(k, ObjectKind::Rock)));
    assert!(has(&|k| matches!(k, ObjectKind::Tree)));
    assert!(has(&|k| matches!(k, ObjectKind::Water { .. })));
    assert!(has(&|k| matches!(k, ObjectKind::Altar { .. })));
    assert!(has(&|k| matches!(k, ObjectKind::Pen { .. })));
    assert!(has(&|k| matches!(k, ObjectKind::Town { owner: Owner::Player })));
    assert!(has(&|k| matches!(k, ObjectKind::Town { owner: Owner::Rival })));
    assert!(has(&|k| matches!(k, ObjectKind::Warm { .. })));
    assert!(has(&|k| matches!(k, ObjectKind::Cold { .. })));
    assert!(w.hand.present && !w.hand.casts.is_empty() && !w.hand.deeds.is_empty());
    assert!(w.clock.dawn_hour < w.clock.dusk_hour);
}

#[test]
fn an_unknown_kind_of_object_is_refused_where_it_stands() {
    let text = example_with("kind: Hill)", "kind: Dragon)");
    let errs = refuse(&text);
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].line, line_of(&text, "Dragon"), "{}", errs[0]);
    assert!(errs[0].to_string().starts_with("w.ron:"), "{}", errs[0]);
    assert!(errs[0].message.contains("Dragon"), "{}", errs[0]);
}

#[test]
fn impossible_positions_are_refused() {
    for (from, to) in [
        ("(id: \"hill\", at: (270.0, 95.0)", "(id: \"hill\", at: (270.0, 950.0)"),
        ("(id: \"hill\", at: (270.0, 95.0)", "(id: \"hill\", at: (-1.0, 95.0)"),
        ("(id: \"hill\", at: (270.0, 95.0)", "(id: \"hill\", at: (NaN, 95.0)"),
        ("(id: \"hill\", at: (270.0, 95.0)", "(id: \"hill\", at: (inf, 95.0)"),
    ] {
        let text = example_with(from, to);
        let errs = refuse(&text);
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert_eq!(errs[0].line, line_of(&text, "\"hill\""), "{}", errs[0]);
        assert!(errs[0].message.contains("outside the map"), "{}", errs[0]);
    }
    let text = example_with("creature: (at: (200.0, 150.0))", "creature: (at: (200.0, 1500.0))");
    assert!(refuse(&text)[0].message.contains("creature starts"));
    let text = example_with("Water(radius: 25.0)", "Water(radius: -2.0)");
    let errs = refuse(&text);
    assert!(errs[0].message.contains("radius"), "{}", errs[0]);
    assert_eq!(errs[0].line, line_of(&text, "\"lake\""));
    let text = example_with("size: (400.0, 300.0)", "size: (0.0, 300.0)");
    assert!(refuse(&text).iter().any(|e| e.message.contains("the map is")));
}

#[test]
fn references_to_missing_things_are_refused_with_a_suggestion() {
    let text = example_with("Field(town: \"rival_town\")", "Field(town: \"rival_twn\")");
    let errs = refuse(&text);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].line, line_of(&text, "rival_twn"));
    assert!(errs[0].message.contains("did you mean `rival_town`"), "{}", errs[0]);

    let text = example_with("on: \"dai\"", "on: \"nobody\"");
    let errs = refuse(&text);
    assert_eq!(errs[0].line, line_of(&text, "nobody"));
    let text = example_with("object: \"rock_1\"", "object: \"rock_9000\"");
    assert_eq!(refuse(&text)[0].line, line_of(&text, "rock_9000"));
    let text = example_with("holding: None", "holding: Some(\"ghost\")");
    assert_eq!(refuse(&text)[0].line, line_of(&text, "ghost"));
    // A town that is not a town.
    let text = example_with("kind: Altar(town: \"home_town\")", "kind: Altar(town: \"hill\")");
    assert!(refuse(&text)[0].message.contains("not a town"));
}

#[test]
fn names_the_data_does_not_know_are_refused() {
    let text = example_with("miracle: \"Heal\"", "miracle: \"Heel\"");
    let errs = refuse(&text);
    assert!(errs[0].message.contains("did you mean `Heal`"), "{}", errs[0]);
    assert_eq!(errs[0].line, line_of(&text, "Heel"));
    let text = example_with("action: \"Throw\"", "action: \"Thorw\"");
    assert!(refuse(&text)[0].message.contains("did you mean `Throw`"));
    let text = example_with("Rock, beliefs: {\"size\": \"large\"}", "Rock, beliefs: {\"colour\": \"grey\"}");
    let errs = refuse(&text);
    assert!(errs[0].message.contains("unknown attribute `colour`"), "{}", errs[0]);
    assert_eq!(errs[0].line, line_of(&text, "colour"));
    let text = example_with("desire: \"ToPlay\"", "desire: \"ToPlai\"");
    assert!(refuse(&text)[0].message.contains("ToPlay"));
}

#[test]
fn ids_must_be_unique_and_not_reserved_and_there_is_one_pen() {
    let text = example_with("(id: \"hill\"", "(id: \"lake\"");
    let errs = refuse(&text);
    assert!(errs[0].message.contains("two objects are called `lake`"), "{}", errs[0]);
    assert_eq!(errs[0].line, line_of(&text, "(id: \"lake\", at: (270.0"));
    let text = example_with("(id: \"hill\"", "(id: \"hand\"");
    assert!(refuse(&text)[0].message.contains("reserved"));
    let text = example_with("kind: Hill)", "kind: Pen(radius: 4.0))");
    assert!(refuse(&text)[0].message.contains("2 pens"));
}

#[test]
fn broken_syntax_and_hostile_text_are_refused_with_positions() {
    for text in
        ["", "(", "((((((((((", "[1, 2", "(size: (1.0, 1.0), objects: [], creature: (at: (0.5, 0.5)))", "\u{0}\u{1}"]
    {
        let errs = check_world("w.ron", text, &data());
        assert!(!errs.is_empty(), "{text:?}");
        assert!(errs.iter().all(|e| e.line >= 1 && e.col >= 1));
    }
    let deep = format!("(size: (1.0, 1.0), objects: {}", "[".repeat(100_000));
    assert!(!check_world("w.ron", &deep, &data()).is_empty());
    assert!(check_world("w.ron", BUILTIN_WORLD, &data()).is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any change to the example's text is either a good world or refused with a
    /// position; none makes the loader panic.
    #[test]
    fn mangled_worlds_never_panic(at in 0usize..BUILTIN_WORLD.len(), cut in 0usize..40, insert in "[ -~]{0,12}") {
        let mut text = BUILTIN_WORLD.as_bytes().to_vec();
        let end = (at + cut).min(text.len());
        text.splice(at..end, insert.bytes());
        let text = String::from_utf8_lossy(&text);
        for e in check_world("w.ron", &text, &data()) {
            prop_assert!(e.line >= 1 && e.col >= 1);
        }
    }
}
