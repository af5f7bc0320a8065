//! `check --lint` (SPEC §21): the example project gives no warning it does not allow,
//! and each rule finds what it is for in a copy of the example project with one file
//! changed to break it, placed in that file.

use std::path::Path;

#[allow(dead_code)]
mod support;
use support::{edit, example_copy, repo};

use creature_core::lint::{Lint, Rule, lint_project};
use creature_core::project::Project;

fn lint(dir: &Path) -> Lint {
    lint_project(&Project::open(dir).unwrap(), &[]).unwrap_or_else(|e| panic!("{e:?}"))
}

/// The warnings of `rule` in the file named `file`, as printed, allowed or not (the
/// copy keeps the example's allow list, which names some of the files changed here).
fn found(lint: &Lint, rule: Rule, file: &str) -> Vec<String> {
    let all = lint.warnings.iter().chain(lint.allowed.iter().map(|(w, _)| w));
    all.filter(|w| w.rule == rule && w.at.file.ends_with(file)).map(ToString::to_string).collect()
}

/// The copy's warnings of `rule` before the change, which each test expects to grow.
fn before(rule: Rule, file: &str) -> usize {
    found(&lint(&example_copy(&format!("before-{}", rule.name()))), rule, file).len()
}

#[test]
fn the_example_project_has_no_warning_it_does_not_allow() {
    let lint = lint(&repo().join("projects/example"));
    assert_eq!(lint.warnings, Vec::new(), "{:#?}", lint.warnings);
    assert!(!lint.allowed.is_empty(), "the example allows what it holds on purpose");
    assert!(lint.allowed.iter().all(|(_, reason)| !reason.trim().is_empty()));
}

#[test]
fn a_desire_no_source_can_drive_is_never_active() {
    let dir = example_copy("never-active");
    // The five desires that, as in the original game, nothing turns on.
    let was = before(Rule::NeverActive, "desires.ron");
    assert_eq!(was, 5);
    edit(
        &dir.join("species/desires.ron"),
        r#"(threshold: 0.4, reads: "body.hunger")"#,
        r#"(threshold: 1.0, reads: "body.hunger")"#,
    );
    let w = found(&lint(&dir), Rule::NeverActive, "desires.ron");
    assert_eq!(w.len(), was + 1, "{w:?}");
    let hunger = w.iter().find(|w| w.contains("Hunger can never be active")).expect("Hunger is warned of");
    assert!(hunger.contains(":57:") && hunger.contains("warning: never-active: "), "{hunger}");
}

#[test]
fn a_phase_waiting_for_lessons_before_hand_lessons_teach_blocks_every_later_phase() {
    let dir = example_copy("unreachable");
    assert_eq!(before(Rule::UnreachablePhase, "phases.ron"), 0);
    edit(
        &dir.join("species/phases.ron"),
        "advance: Some((after_seconds: 120.0))), // 0",
        "advance: Some((lessons: 1))), // 0",
    );
    let l = lint(&dir);
    let w = found(&l, Rule::UnreachablePhase, "phases.ron");
    assert_eq!(w.len(), 13, "phases 1 to 13: {w:#?}");
    assert!(w[0].contains("phase 1 (LearnToTakeFromPlayerAndEat)") && w[0].contains("HandTeaches"), "{w:?}");
    // The desires that only a later phase turns on are never active either.
    let never = found(&l, Rule::NeverActive, "desires.ron");
    let unreached = |w: &String| w.contains("which no phase's `advance` reaches") || w.contains("no phase turns it on");
    assert!(!never.is_empty() && never.iter().all(unreached), "{never:?}");
}

#[test]
fn an_action_no_desire_lists_is_unused() {
    let dir = example_copy("unused");
    let was = before(Rule::UnusedAction, "actions.ron");
    edit(
        &dir.join("species/actions.ron"),
        r#"(name: "Eat", category: Eat, seconds: 4.0),"#,
        r#"(name: "Eat", category: Eat, seconds: 4.0), (name: "Juggle", category: Other, seconds: 2.0),"#,
    );
    let w = found(&lint(&dir), Rule::UnusedAction, "actions.ron");
    assert_eq!(w.len(), was + 1, "{w:?}");
    assert!(w.iter().any(|w| w.contains("no desire lists Juggle")), "{w:?}");
}

#[test]
fn a_world_without_water_leaves_thirst_with_no_plan() {
    let dir = example_copy("no-affordance");
    assert_eq!(before(Rule::NoAffordance, "desires.ron"), 0);
    let world = dir.join("world.ron");
    edit(&world, r#"(id: "pool", at: (190.0, 160.0), kind: Water(radius: 3.0)),"#, "");
    edit(&world, r#"(id: "lake", at: (90.0, 235.0), kind: Water(radius: 25.0)),"#, "");
    edit(&world, r#"(id: "river", at: (300.0, 20.0), kind: Water(radius: 15.0)),"#, "");
    let l = lint(&dir);
    let w = found(&l, Rule::NoAffordance, "desires.ron");
    assert!(w.iter().any(|w| w.contains("ForWater's actions (Drink)") && w.contains(":146:")), "{w:#?}");
    // Drink, which only water affords, is unused in this world too.
    assert!(found(&l, Rule::UnusedAction, "actions.ron").iter().any(|w| w.contains("Drink can be done to")));
}

#[test]
fn default_examples_with_one_answer_and_two_signs_contradict() {
    let dir = example_copy("contradicting");
    assert_eq!(before(Rule::ContradictingExamples, "template.ron"), 0);
    edit(
        &dir.join("species/template.ron"),
        r#"(answers: {"kind": "rock", "alive": "no", "size": "small"}, feedback: -1.0),"#,
        r#"(answers: {"kind": "rock", "alive": "no", "size": "small"}, feedback: -1.0),
                (answers: {"kind": "rock", "alive": "no", "size": "small"}, feedback: 0.5),"#,
    );
    let w = found(&lint(&dir), Rule::ContradictingExamples, "template.ron");
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].contains("Hunger ActOn: example 2") && w[0].contains("+0.5 against -1"), "{w:?}");
}

#[test]
fn an_example_answer_no_object_gives_is_unknown() {
    let dir = example_copy("unknown-attribute");
    assert_eq!(before(Rule::UnknownAttribute, "template.ron"), 0);
    edit(
        &dir.join("species/template.ron"),
        r#"{"kind": "rock", "alive": "no", "size": "small"}"#,
        r#"{"kind": "dragon", "alive": "no", "size": "small"}"#,
    );
    let w = found(&lint(&dir), Rule::UnknownAttribute, "template.ron");
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].contains(r#"kind: "dragon""#) && w[0].contains("villager"), "{w:?}");
}

#[test]
fn an_object_that_answers_nothing_is_unjudged() {
    let dir = example_copy("unjudged");
    assert_eq!(before(Rule::UnjudgedKind, "world.ron"), 0);
    let unknown = r#"beliefs: {"allegiance": "unknown", "alive": "unknown", "kind": "unknown", "size": "unknown", "edible": "unknown"}"#;
    edit(
        &dir.join("world.ron"),
        r#"(id: "rock_2", at: (250.0, 120.0), kind: Rock)"#,
        &format!(r#"(id: "rock_2", at: (250.0, 120.0), kind: Rock, {unknown})"#),
    );
    let w = found(&lint(&dir), Rule::UnjudgedKind, "world.ron");
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].contains("rock_2 answers no attribute"), "{w:?}");
}

#[test]
fn an_expectation_that_holds_before_any_input_is_flagged() {
    let dir = example_copy("true-before");
    let file = "credit_decay.scenario.ron";
    let was = before(Rule::TrueBeforeInputs, file);
    let path = dir.join("scenarios").join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    // The liking is 0 before the first input: bounds around 0 test nothing.
    let at = text.rfind("],").expect("the expectations' end");
    std::fs::write(&path, format!("{}    Liking(at: 200.0, min: -0.01, max: 0.01),\n    {}", &text[..at], &text[at..]))
        .unwrap();
    let w = found(&lint(&dir), Rule::TrueBeforeInputs, file);
    assert_eq!(w.len(), was + 1, "{w:#?}");
    assert!(w.iter().any(|w| w.contains("liking at 200 s")), "{w:#?}");
}

#[test]
fn an_allowed_rule_needs_a_known_name_and_a_reason() {
    let dir = example_copy("allow");
    edit(&dir.join("studio.ron"), r#"(rule: "unused-action","#, r#"(rule: "unused-actoin","#);
    let errors = creature_core::project::check_paths(&[dir.join("studio.ron")], &Default::default());
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].message.contains("unused-actoin") && errors[0].message.contains("unused-action"), "{errors:?}");
}

/// The example's allow list with its species entries pointing at the copy's species
/// folder, so that they apply to the copy as they do to the example.
fn allows_for_the_copy(dir: &Path) {
    let manifest = dir.join("studio.ron");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(&manifest, text.replace(r#"Some("../../species/"#, r#"Some("species/"#)).unwrap();
}

#[test]
fn an_action_added_that_no_desire_uses_is_shown_though_the_others_are_allowed() {
    let dir = example_copy("new-action");
    allows_for_the_copy(&dir);
    let l = lint(&dir);
    assert_eq!(l.warnings, Vec::new(), "{:#?}", l.warnings);
    edit(
        &dir.join("species/actions.ron"),
        r#"(name: "Eat", category: Eat, seconds: 4.0),"#,
        r#"(name: "Eat", category: Eat, seconds: 4.0), (name: "Juggle", category: Other, seconds: 2.0),"#,
    );
    let l = lint(&dir);
    let shown: Vec<String> = l.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(shown.len(), 1, "{shown:#?}");
    assert!(shown[0].contains("unused-action: no desire lists Juggle"), "{shown:?}");
    assert_eq!(l.warnings[0].item, "Juggle");
    let allowed: Vec<&str> =
        l.allowed.iter().filter(|(w, _)| w.rule == Rule::UnusedAction).map(|(w, _)| w.item.as_str()).collect();
    assert_eq!(allowed, ["Fish", "Farm"]);
    assert!(l.refused.is_empty(), "{:?}", l.refused);
}

#[test]
fn an_allow_entry_without_an_item_allows_nothing_and_lists_the_items_to_name() {
    let dir = example_copy("no-item");
    allows_for_the_copy(&dir);
    // An entry as manifests were written before items: still read, by `check` too.
    edit(
        &dir.join("studio.ron"),
        r#"(rule: "unused-action", file: Some("species/actions.ron"), item: Some("Fish"),"#,
        r#"(rule: "unused-action", file: Some("species/actions.ron"),"#,
    );
    let errors = creature_core::project::check_paths(&[dir.join("studio.ron")], &Default::default());
    assert_eq!(errors, Vec::new());
    let l = lint(&dir);
    assert_eq!(l.refused.len(), 1, "{:?}", l.refused);
    let refused = l.refused[0].to_string();
    assert!(refused.contains("studio.ron:16:9:") && refused.contains("names no item"), "{refused}");
    assert!(refused.contains(r#"item: Some("Fish"), item: Some("Farm")"#), "{refused}");
    // It allows nothing: Fish is shown; Farm is still allowed by its own entry.
    let shown: Vec<&str> = l.warnings.iter().map(|w| w.item.as_str()).collect();
    assert_eq!(shown, ["Fish"]);
}

#[test]
fn an_allow_that_matches_no_warning_is_itself_a_warning_at_its_item() {
    let dir = example_copy("unused-allow");
    allows_for_the_copy(&dir);
    // Fish now used by a desire: its entry allows nothing any more. An entry for an item
    // that was never there, and one for Farm in another file, allow nothing either.
    let manifest = dir.join("studio.ron");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let extra = r#"allow: [
        (rule: "unused-action", item: Some("Juggle"), reason: "never there"),
        (rule: "unused-action", file: Some("species/desires.ron"), item: Some("Farm"), reason: "another file"),"#;
    std::fs::write(&manifest, text.replacen("allow: [", extra, 1)).unwrap();
    let l = lint(&dir);
    let unused: Vec<&str> =
        l.warnings.iter().filter(|w| w.rule == Rule::UnusedAllow).map(|w| w.item.as_str()).collect();
    assert_eq!(unused, ["Juggle", "Farm"], "{:#?}", l.warnings);
    let first = l.warnings.iter().find(|w| w.rule == Rule::UnusedAllow).unwrap().to_string();
    let at = text.lines().position(|l| l.contains("allow: [")).unwrap() + 2;
    assert!(first.contains(&format!("studio.ron:{at}:")), "placed at the entry's item: {first}");
    assert!(first.contains("warning: unused-allow:") && first.contains("matches no warning"), "{first}");
    // Farm is still allowed by its own entry, so the project's warnings are only these.
    assert_eq!(l.warnings.len(), 2, "{:#?}", l.warnings);
    assert_eq!(Rule::named("unused-allow"), Some(Rule::UnusedAllow));
}

/// A long allow list, every entry placed at its own line in one pass over the manifest:
/// 20,000 entries without an item, each refused at its line, and 20,000 with items that
/// match nothing, each an `unused-allow` at its line.
#[test]
fn a_long_allow_list_is_placed_entry_by_entry() {
    let dir = example_copy("long-allow");
    allows_for_the_copy(&dir);
    let manifest = dir.join("studio.ron");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let n = 20_000;
    let mut entries = String::from("allow: [\n");
    for i in 0..n {
        entries += &format!("        (rule: \"unused-action\", reason: \"r{i}\"),\n");
        entries += &format!("        (rule: \"never-active\", item: Some(\"Nothing{i}\"), reason: \"r{i}\"),\n");
    }
    // The line after `allow: [`, where the first entry now starts.
    let at = text[..text.find("allow: [").unwrap()].lines().count() + 1;
    std::fs::write(&manifest, text.replacen("allow: [", &entries, 1)).unwrap();
    let l = lint(&dir);
    assert_eq!(l.refused.len(), n);
    for (i, e) in l.refused.iter().enumerate().step_by(997) {
        assert_eq!(e.line, at + 2 * i, "{e}");
    }
    let unused: Vec<&creature_core::lint::Warning> =
        l.warnings.iter().filter(|w| w.rule == Rule::UnusedAllow).collect();
    assert_eq!(unused.len(), n);
    for (i, w) in unused.iter().enumerate().step_by(997) {
        assert_eq!((w.at.line, w.item.as_str()), (at + 1 + 2 * i, format!("Nothing{i}").as_str()));
    }
}
