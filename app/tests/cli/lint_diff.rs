//! `check --lint` and `diff` on the real binary (SPEC §21): real pairs made by the
//! studio's own commands, hostile pairs, and `git diff` through the diff driver.

use std::path::Path;

use crate::common::{copy_dir, fails, json, repo, s, studio};

#[test]
fn the_example_project_lints_clean_and_a_broken_rule_fails_with_its_place() {
    let ok = studio().args(["check", "--lint", s(&repo().join("projects/example"))]).output().unwrap();
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stdout));
    assert!(String::from_utf8_lossy(&ok.stderr).contains("allowed by studio.ron"));

    let dir = tempfile::tempdir().unwrap();
    copy_dir(&repo().join("species"), dir.path());
    let template = dir.path().join("template.ron");
    let text = std::fs::read_to_string(&template).unwrap();
    let rock = r#"(answers: {"kind": "rock", "alive": "no", "size": "small"}, feedback: -1.0),"#;
    std::fs::write(&template, text.replace(rock, &format!("{rock}\n{}", rock.replace("-1.0", "0.5")))).unwrap();
    // Without --lint the folder loads, and check says nothing.
    studio().args(["check", s(dir.path())]).assert().success();
    let out = studio().args(["check", "--lint", s(dir.path())]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().find(|l| l.contains("contradicting-examples")).expect(&stdout);
    let prefix = format!("{}:", template.display());
    assert!(line.starts_with(&prefix) && line.contains(": warning: contradicting-examples: "), "{line}");
}

/// A newborn cow, and the same cow after the example's stroke-after-eating-a-sheep script.
fn cow_before_and_after(dir: &Path) -> (String, String) {
    let before = dir.join("before.ron");
    let after = dir.join("after.ron");
    studio().args(["new", "--species", "Cow", "--seed", "1", "-o", s(&before)]).assert().success();
    let script = repo().join("projects/example/lessons/stroke_after_eating_sheep.ron");
    studio().args(["teach", s(&script), "-o", s(&after)]).assert().success();
    (s(&before).to_owned(), s(&after).to_owned())
}

#[test]
fn a_creature_before_and_after_a_lesson_differs_in_its_mind() {
    let dir = tempfile::tempdir().unwrap();
    let (before, after) = cow_before_and_after(dir.path());
    let d = json(&["diff", &before, &after, "--json"]);
    assert_eq!(d["kind"], "creature");
    assert_eq!(d["phase"], serde_json::json!([0, 2]), "{d}");
    let hunger = &d["desires"]["Hunger"];
    let (was, now) = (hunger["increase_seconds"][0].as_f64().unwrap(), hunger["increase_seconds"][1].as_f64().unwrap());
    assert!(now < was, "a stroke makes Hunger grow faster: {d}");
    assert!(d["opinions"]["Eat"][1].as_f64().unwrap() > d["opinions"]["Eat"][0].as_f64().unwrap(), "{d}");
    let trees = d["trees"].as_array().unwrap();
    let acton = trees.iter().find(|t| t["desire"] == "Hunger" && t["tree"] == "ActOn").expect("the Hunger ActOn tree");
    assert_eq!(acton["added"], 1);
    assert_eq!(acton["removed"], 0);
    assert!(d.get("traits").is_none(), "a lesson leaves the traits: {d}");
    // The same file twice differs in nothing.
    assert_eq!(json(&["diff", &after, &after, "--json"]), serde_json::json!({"kind": "creature"}));
    // The readable form fits a terminal.
    let out = studio().args(["diff", &before, &after]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("phase: 0 → 2") && text.contains("tree Hunger ActOn: +1 −0 examples"), "{text}");
    assert!(text.lines().all(|l| l.chars().count() < 200), "{text}");
}

#[test]
fn a_species_with_one_changed_trait_differs_in_that_trait_alone() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&repo().join("species"), dir.path());
    let cow = dir.path().join("cow.ron");
    let text = std::fs::read_to_string(&cow).unwrap();
    let at = text.find("kindness: ").expect("a kindness");
    let end = at + text[at..].find([',', ')']).unwrap();
    std::fs::write(&cow, format!("{}kindness: 0.123{}", &text[..at], &text[end..])).unwrap();
    let shipped = repo().join("species");
    for (a, b) in [(shipped.join("cow.ron"), cow.clone()), (shipped.clone(), dir.path().to_path_buf())] {
        let d = json(&["diff", s(&a), s(&b), "--json"]);
        assert_eq!(d["kind"], "species", "{d}");
        let keys: Vec<&String> = d.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["kind", "species"], "{d}");
        assert_eq!(d["species"]["Cow"]["traits"]["kindness"][1], 0.123, "{d}");
        assert_eq!(d["species"].as_object().unwrap().len(), 1, "{d}");
    }
}

#[test]
fn a_bank_before_and_after_a_kept_match_differs_by_that_match() {
    let dir = tempfile::tempdir().unwrap();
    let before = dir.path().join("before.bank.ron");
    let after = dir.path().join("after.bank.ron");
    studio().args(["shadow", "record", "--bot", "zoner", "--matches", "2", "-o", s(&before)]).assert().success();
    std::fs::copy(&before, &after).unwrap();
    studio()
        .args(["shadow", "record", "--bot", "zoner", "--matches", "1", "--seed", "9", "--append", "-o", s(&after)])
        .assert()
        .success();
    let d = json(&["diff", s(&before), s(&after), "--json"]);
    assert_eq!(d["kind"], "bank");
    assert_eq!(d["events"]["only_a"], 0, "{d}");
    assert!(d["events"]["only_b"].as_u64().unwrap() > 0, "{d}");
    assert_eq!(d["matches"]["only_a"], serde_json::json!([]), "{d}");
    assert_eq!(d["matches"]["only_b"].as_array().unwrap().len(), 1, "{d}");
}

#[test]
fn a_broken_side_is_placed_two_kinds_are_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let (before, after) = cow_before_and_after(dir.path());
    let broken = dir.path().join("broken.ron");
    let text = std::fs::read_to_string(&after).unwrap();
    std::fs::write(&broken, text.replacen("phase: 2", "phase: two", 1)).unwrap();
    let line = text.lines().position(|l| l.contains("phase: 2")).unwrap() + 1;
    let err = fails(&["diff", &before, s(&broken), "--json"]);
    assert!(err.contains(&format!("{}:{line}:", broken.display())), "{err}");

    let world = repo().join("projects/example/world.ron");
    let err = fails(&["diff", &before, s(&world)]);
    assert!(err.contains("is a creature save") && err.contains("is a world") && err.contains("of one kind"), "{err}");

    let stamp = |p: &str| (std::fs::read(p).unwrap(), std::fs::metadata(p).unwrap().modified().unwrap());
    let (a, b) = (stamp(&before), stamp(&after));
    studio().args(["diff", &before, &after, "--json"]).assert().success();
    assert!(stamp(&before) == a && stamp(&after) == b, "diff wrote to a file it compared");
}

#[test]
fn git_diff_shows_the_creatures_mind_through_the_driver() {
    let dir = tempfile::tempdir().unwrap();
    let (before, after) = cow_before_and_after(dir.path());
    let repo_dir = dir.path().join("mod");
    std::fs::create_dir(&repo_dir).unwrap();
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .args(["-c", "user.name=Modder", "-c", "user.email=modder@example.invalid"])
            .args(args)
            .current_dir(&repo_dir)
            .output()
            .expect("git runs");
        assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let studio_bin = assert_cmd::cargo::cargo_bin("creature-studio");
    git(&["init", "-q"]);
    std::fs::write(repo_dir.join(".gitattributes"), "*.ron diff=creature\n").unwrap();
    git(&["config", "diff.creature.command", &format!("{} diff --git", s(&studio_bin))]);
    std::fs::copy(&before, repo_dir.join("daisy.ron")).unwrap();
    git(&["add", "."]);
    git(&["commit", "-q", "-m", "a newborn"]);
    std::fs::copy(&after, repo_dir.join("daisy.ron")).unwrap();
    let shown = git(&["diff"]);
    assert!(shown.contains("creature-studio diff daisy.ron"), "{shown}");
    assert!(shown.contains("phase: 0 → 2") && shown.contains("tree Hunger ActOn: +1 −0 examples"), "{shown}");
}
