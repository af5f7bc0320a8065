//! The shadow's rule of `check --lint` (SPEC §21), run beside core's own: a schema's
//! feature that can never change a choice in the banks it plays is warned of, placed at
//! the feature in the schema.

use std::path::Path;

#[allow(dead_code)]
#[path = "../../../core/tests/support/mod.rs"]
mod support;
use support::{edit, example_copy};

use creature_core::lint::{Lint, Rule, lint_project};
use creature_core::project::Project;
use creature_workspace::checkers::{LINT_RULES, register_guests};

/// The project's lint with the shadow's rules, its kinds of file known.
fn lint(dir: &Path) -> Lint {
    register_guests();
    lint_project(&Project::open(dir).unwrap(), LINT_RULES).unwrap_or_else(|e| panic!("{e:?}"))
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
fn a_feature_weighed_next_to_nothing_is_dead() {
    let dir = example_copy("dead-feature");
    let schema = dir.join("shadow/arena.schema.ron");
    let was = before(Rule::DeadFeature, "arena.schema.ron");
    let text = std::fs::read_to_string(&schema).unwrap();
    let line = text.lines().find(|l| l.contains(r#"name: "distance""#)).expect("the schema weighs distance").to_owned();
    let weight = line.split("weight: ").nth(1).and_then(|w| w.split([',', ')']).next()).unwrap().to_owned();
    edit(&schema, &line, &line.replace(&format!("weight: {weight}"), "weight: 0.0000001"));
    let w = found(&lint(&dir), Rule::DeadFeature, "arena.schema.ron");
    assert!(w.len() > was, "{w:#?}");
    assert!(
        w.iter().any(|w| w.starts_with(&format!("{}:", schema.display()))
            && w.contains("distance can never change a choice")
            && w.contains("continuation bias")),
        "{w:#?}"
    );
}
