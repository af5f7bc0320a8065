//! `scenario run` (SPEC §16) on the real binary: the JSON of a run, the state at a
//! second, a folder of scenarios, and files with problems reported before anything runs.

use serde_json::Value;

use crate::common::{repo, studio};

fn json_of(out: &[u8]) -> Value {
    let text = String::from_utf8_lossy(out);
    let last = text.lines().last().unwrap_or_default();
    serde_json::from_str(last).unwrap_or_else(|e| panic!("not JSON: {text}: {e}"))
}

fn write(dir: &std::path::Path, name: &str, text: &str) -> std::path::PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn a_scenario_reports_its_expectations_and_the_state_at_a_second() {
    let file = repo().join("projects/example/scenarios/pit_then_wolf.scenario.ron");
    let out = studio().args(["scenario", "run", "--json", "--state-at", "100"]).arg(&file).output().unwrap();
    let v = json_of(&out.stdout);
    assert_eq!(v["passed"], true, "{v}");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(v["sim_time"], 300.0);
    assert_eq!(v["lessons"], 2);
    let e = v["expectations"].as_array().unwrap();
    assert_eq!(e.len(), 2);
    assert!(e[0]["observed"].as_f64().unwrap() < 0.1, "{v}");
    let state = &v["state"];
    assert_eq!((state["turn"].as_u64(), state["sim_time"].as_f64()), (Some(1000), Some(100.0)));
    assert_eq!(state["desires"].as_object().unwrap().len(), 40);
    assert_eq!(state["trees_digest"].as_str().unwrap().len(), 16);

    // The same run twice: the same state, to the digest.
    let again = studio().args(["scenario", "run", "--json", "--state-at", "100"]).arg(&file).output().unwrap();
    assert_eq!(json_of(&again.stdout)["state"], *state);
}

#[test]
fn a_failed_expectation_exits_1_and_the_trace_comes_first() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "never.scenario.ron",
        "(species: \"Cow\", seed: 1, phase: 6, seconds: 20.0, inputs: [], \
         expect: [Liking(at: 20.0, min: 0.5), Desire(at: 10.0, name: \"Hunger\", max: 1.0)])",
    );
    let out = studio().args(["scenario", "run", "--json", "--trace"]).arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().next().unwrap().contains("\"event\":\"plan\""), "{text}");
    let v = json_of(&out.stdout);
    assert_eq!(v["passed"], false);
    assert_eq!(v["expectations"][0]["passed"], false);
    assert_eq!(v["expectations"][0]["observed"], 0.0);
    assert_eq!(v["expectations"][1]["passed"], true);
}

#[test]
fn problems_of_the_file_are_found_before_the_run_with_their_place() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "bad.scenario.ron",
        "(\n    species: \"Cow\",\n    seconds: 60.0,\n    inputs: [\n        (at: 1.0, do: Plan(desire: \"Hunger\", action: \"Eat\", object: \"aledd\")),\n        (at: 2.0, do: Plan(desire: \"Hunger\", action: \"Drink\", object: \"sheep_1\")),\n    ],\n    expect: [Knows(at: 10.0, what: \"juggling\"), Liking(at: 90.0, min: 0.0)],\n)\n",
    );
    let out = studio().args(["scenario", "run"]).arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    let name = f.display().to_string();
    assert!(err.contains(&format!("{name}:5:")) && err.contains("did you mean `aled`"), "{err}");
    assert!(err.contains(&format!("{name}:6:")) && err.contains("`Drink` cannot be done to"), "{err}");
    assert!(err.contains("unknown skill or miracle `juggling`"), "{err}");
    assert!(err.contains("after") || err.contains("run's end"), "{err}");
    assert!(out.stdout.is_empty(), "nothing ran");

    let broken = write(dir.path(), "broken.scenario.ron", "(species: \"Cow\", seconds: oops)");
    let out = studio().args(["scenario", "run"]).arg(&broken).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with(&format!("{}:1:", broken.display())), "{err}");
}

#[test]
fn a_folder_runs_every_scenario_and_says_which_failed() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.scenario.ron", "(species: \"Cow\", seconds: 5.0, expect: [Liking(at: 5.0, max: 0.5)])");
    write(dir.path(), "b.scenario.ron", "(species: \"Cow\", seconds: 5.0, expect: [Liking(at: 5.0, min: 0.5)])");
    write(dir.path(), "notes.ron", "(not: \"a scenario\")");
    let out = studio().args(["scenario", "run"]).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("pass ") && lines[0].ends_with("a.scenario.ron"), "{text}");
    assert!(lines[1].starts_with("FAIL ") && lines[1].contains("liking at 5 s ≥ 0.5"), "{text}");
}

/// The claims table (`docs/claims.md`) names, for every claim that holds, example scenarios
/// that exist and pass; a claim not yet stated names none; every example scenario is in the
/// table; and a failed expectation says why in the designer's words, a score with its path
/// through the tree.
#[test]
fn every_claim_of_the_seed_has_a_scenario_and_a_failure_says_why() {
    let claims = std::fs::read_to_string(repo().join("docs/claims.md")).unwrap();
    let rows: Vec<&str> =
        claims.lines().filter(|l| l.starts_with("| ") && l[2..].starts_with(|c: char| c.is_ascii_digit())).collect();
    assert!(rows.len() >= 40, "{} rows", rows.len());
    let dir = repo().join("projects/example/scenarios");
    let out = studio().args(["scenario", "run"]).arg(&dir).arg("--json").output().unwrap();
    let passed: std::collections::BTreeSet<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|r| r["passed"] == true)
        .map(|r| r["file"].as_str().unwrap().rsplit('/').next().unwrap().trim_end_matches(".scenario.ron").to_owned())
        .collect();
    let mut named = std::collections::BTreeSet::new();
    for row in &rows {
        let cells: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
        let (shown_by, verdict) = (cells[cells.len() - 2], cells[cells.len() - 1]);
        let names: Vec<&str> = shown_by.split('`').skip(1).step_by(2).collect();
        if verdict.starts_with("holds") {
            assert!(!names.is_empty(), "a claim that holds without a scenario: {row}");
        } else {
            assert!(verdict.starts_with("not yet stated") && names.is_empty(), "{row}");
        }
        for n in names {
            assert!(dir.join(format!("{n}.scenario.ron")).is_file(), "{n} of `{row}` is not an example scenario");
            assert!(passed.contains(n), "{n} of `{row}` does not pass");
            named.insert(n.to_owned());
        }
    }
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if let Some(stem) = name.strip_suffix(".scenario.ron") {
            assert!(named.contains(stem), "{stem} checks no claim of the table");
        }
    }

    // The pit's score turned round: the line says what was measured, and the path.
    let tmp = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(dir.join("pit_then_wolf.scenario.ron")).unwrap();
    let text = text.replace("object: \"home_pit\", max: 0.0999", "object: \"home_pit\", min: 0.5");
    assert!(text.contains("min: 0.5"), "the pit's expectation was found");
    let file = write(tmp.path(), "pit.scenario.ron", &text);
    let out = studio().args(["scenario", "run"]).arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().find(|l| l.starts_with("  FAIL")).unwrap_or_else(|| panic!("{stdout}"));
    assert!(line.contains("score of home_pit by Hunger ActOn"), "{line}");
    assert!(line.contains(", below 0.5: the tree asks "), "{line}");
    assert!(line.contains("verdict "), "{line}");
}

/// A `Tree` expectation reports what the tree's root asks beside its example count, so
/// a failed `root` shows what it asked instead; no other expectation carries a root.
#[test]
fn a_trees_root_is_in_the_json() {
    let file = repo().join("projects/example/scenarios/a_tree_asks_what_kind_of_thing.scenario.ron");
    let out = studio().args(["scenario", "run", "--json"]).arg(&file).output().unwrap();
    let v = json_of(&out.stdout);
    assert_eq!(v["passed"], true, "{v}");
    let roots: Vec<&Value> = v["expectations"].as_array().unwrap().iter().map(|e| &e["root"]).collect();
    assert_eq!(roots[..4], [&Value::from("alive"), &Value::from("alive"), &Value::from("none"), &Value::from("kind")]);
    assert!(roots[4..].iter().all(|r| r.is_null()), "{v}");
}
