//! `tree learn` and `teach` run as the real binary on the example project's files (SPEC §15).

use std::path::{Path, PathBuf};

use crate::common::studio;
use serde_json::Value;

fn example(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example/lessons").join(path)
}

fn json_of(args: &[&str]) -> Value {
    let out = studio().args(args).assert().success().get_output().stdout.clone();
    serde_json::from_slice(&out).expect("one JSON document on stdout")
}

fn stderr_of_failure(args: &[&str]) -> String {
    let out = studio().args(args).assert().failure().get_output().stderr.clone();
    String::from_utf8(out).unwrap()
}

fn close(v: &Value, x: f64) -> bool {
    v.as_f64().is_some_and(|f| (f - x).abs() < 1e-9)
}

#[test]
fn tree_learn_json_asks_a_question_after_pit_then_wolf() {
    let file = example("trees/storage_pit_then_wolf.ron");
    let v = json_of(&["tree", "learn", file.to_str().unwrap(), "--json"]);
    let tree = &v["tree"];
    assert_eq!(tree["examples"], 2);
    assert!(tree["question"].is_string(), "{tree}");
    let branches = tree["branches"].as_object().unwrap();
    assert_eq!(branches.len(), 2);
    for leaf in branches.values() {
        assert_eq!(leaf["examples"], 1);
        assert!(leaf.get("question").is_none() && leaf.get("branches").is_none());
    }
    let queries = v["queries"].as_array().unwrap();
    assert_eq!(queries.len(), 4);
    // The pit was slapped once (0.040); the wolf was stroked (0.100 + 0.025 · 0.5).
    assert!(close(&queries[0]["verdict"], -0.5) && close(&queries[0]["score"], 0.040), "{}", queries[0]);
    assert!(close(&queries[1]["verdict"], 0.5) && close(&queries[1]["score"], 0.1125), "{}", queries[1]);
    // An object with no answers stops at the root: the mean of both, 0.
    assert!(close(&queries[3]["verdict"], 0.0) && close(&queries[3]["score"], 0.1));
}

#[test]
fn tree_learn_readable_draws_the_tree_and_explains_queries() {
    let file = example("trees/villager_or_sheep.ron");
    let out = studio().args(["tree", "learn", file.to_str().unwrap()]).assert().success().get_output().stdout.clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("ask kind?"), "{text}");
    assert!(text.contains("kind = sheep"), "{text}");
    assert!(text.contains("no example had this answer"), "{text}");
}

#[test]
fn tree_learn_without_examples_prints_null() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("empty.ron");
    std::fs::write(&f, "(attributes: [\"kind\"], examples: [], queries: [{\"kind\": \"rock\"}])").unwrap();
    let v = json_of(&["tree", "learn", f.to_str().unwrap(), "--json"]);
    assert!(v["tree"].is_null());
    assert!(v["queries"][0]["verdict"].is_null() && close(&v["queries"][0]["score"], 0.1));
}

#[test]
fn tree_learn_refuses_bad_feedback_with_its_position() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("bad.ron");
    std::fs::write(
        &f,
        "(attributes: [\"kind\"],\n examples: [(answers: {\"kind\": \"rock\"}, feedback: NaN)], queries: [])",
    )
    .unwrap();
    let err = stderr_of_failure(&["tree", "learn", f.to_str().unwrap(), "--json"]);
    assert!(err.starts_with(&format!("{}:2:", f.display())) && err.contains("feedback is NaN"), "{err}");
}

#[test]
fn teach_json_one_gentle_slap_after_eating_a_villager() {
    let file = example("slap_after_eating_villager.ron");
    let v = json_of(&["teach", file.to_str().unwrap(), "--json"]);
    let lessons = v["lessons"].as_array().unwrap();
    assert_eq!(lessons.len(), 1);
    let l = &lessons[0];
    assert!(close(&l["lesson"], -0.5) && close(&l["total"], -0.1) && close(&l["at"], 5.5), "{l}");
    assert_eq!(l["taught"], serde_json::json!({"desire": "Hunger", "action": "Eat", "object": "villager"}));
    assert_eq!(l["credit"].as_array().unwrap().len(), 1);
    assert!(close(&l["credit"][0]["score"], 0.925));
    assert_eq!(l["desire"]["name"], "Hunger");
    assert!(close(&l["desire"]["increase_seconds"], 25.0));
    assert!(close(&l["desire"]["thresholds"][0], 0.46));
    assert!(close(&l["opinion"], -0.4) && close(&v["opinions"]["Eat"], -0.4));
    assert!(close(&v["liking"], -0.03));
    let hunger = &v["trees"]["Hunger"]["acton"];
    let last = hunger["examples"].as_array().unwrap().last().unwrap();
    assert_eq!(last["answers"]["kind"], "villager");
    assert!(close(&last["feedback"], -0.5));
    assert!(hunger["tree"]["verdict"].is_number());
    // Only desires whose trees have examples are listed.
    for (desire, t) in v["trees"].as_object().unwrap() {
        let n = |k: &str| t[k]["examples"].as_array().unwrap().len();
        assert!(n("activity") + n("acton") > 0, "{desire}");
        assert_eq!(t["activity"]["tree"].is_null(), n("activity") == 0);
    }
}

#[test]
fn teach_json_the_slap_after_a_rock_throw_blames_the_meal() {
    let file = example("slap_after_rock_throw.ron");
    let v = json_of(&["teach", file.to_str().unwrap(), "--json"]);
    let l = &v["lessons"][0];
    let credit = l["credit"].as_array().unwrap();
    assert_eq!((credit[0]["action"].as_str(), credit[1]["action"].as_str()), (Some("Eat"), Some("Throw")));
    assert!(close(&credit[0]["score"], 0.65) && close(&credit[1]["score"], 0.4), "{credit:?}");
    assert_eq!(l["taught"]["object"], "villager1");
    assert!(close(&v["opinions"]["Throw"], 0.0));
}

#[test]
fn teach_readable_shows_the_credit_table() {
    let file = example("anger_which_town.ron");
    let out = studio().args(["teach", file.to_str().unwrap()]).assert().success().get_output().stdout.clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("credit  plan (oldest first)"), "{text}");
    assert_eq!(text.matches("← taught").count(), 4, "{text}");
    assert!(text.contains("Anger Activity tree"), "{text}");
}

#[test]
fn teach_a_save_and_write_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("cow.ron");
    let out = dir.path().join("taught.ron");
    studio().args(["new", "--species", "Cow", "--seed", "4", "-o", save.to_str().unwrap()]).assert().success();
    // A newborn is in phase 0; bring it to the Punishment phase so the hand teaches.
    let text = std::fs::read_to_string(&save).unwrap().replacen("phase: 0", "phase: 2", 1);
    std::fs::write(&save, text).unwrap();
    let file = example("slap_after_eating_villager.ron");
    let args =
        ["teach", file.to_str().unwrap(), "--json", "--creature", save.to_str().unwrap(), "-o", out.to_str().unwrap()];
    let v = json_of(&args);
    assert!(close(&v["opinions"]["Eat"], -0.4));
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("\"villager\""), "the villager example is saved");
    // The written save is itself a valid creature that can be taught again.
    let again = json_of(&["teach", file.to_str().unwrap(), "--json", "--creature", out.to_str().unwrap()]);
    assert!(close(&again["opinions"]["Eat"], -0.48));
}

#[test]
fn teach_refuses_a_save_of_another_species() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("tiger.ron");
    studio().args(["new", "--species", "Tiger", "-o", save.to_str().unwrap()]).assert().success();
    let file = example("slap_after_eating_villager.ron");
    let err = stderr_of_failure(&["teach", file.to_str().unwrap(), "--creature", save.to_str().unwrap()]);
    assert!(err.contains("slap_after_eating_villager.ron:") && err.contains("Tiger"), "{err}");
}

#[test]
fn teach_refuses_hostile_scripts_with_positions() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("(species: \"Cow\", seed: 1,\n phase: 14, events: [])", ":2:", "phase is 14"),
        (
            "(species: \"Cow\", seed: 1, phase: 2, events: [\n (at: 3.0, do: Hold),\n (at: 2.0, do: Release)])",
            ":3:",
            "backwards",
        ),
        ("(species: \"Cow\", seed: 1, phase: 2, events: [\n (at: NaN, do: Hold)])", ":2:", "time is NaN"),
        (
            "(species: \"Cow\", seed: 1, phase: 2, events: [\n (at: 0.0, do: PlanStart(desire: \"Hungr\", action: \"Eat\", object: \"x\"))])",
            ":2:",
            "did you mean `Hunger`",
        ),
        ("(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((", ":1:", ""),
    ];
    for (i, (text, at, words)) in cases.iter().enumerate() {
        let f = dir.path().join(format!("s{i}.ron"));
        std::fs::write(&f, text).unwrap();
        let err = stderr_of_failure(&["teach", f.to_str().unwrap(), "--json"]);
        assert!(err.starts_with(&format!("{}{at}", f.display())) && err.contains(words), "{err}");
    }
    let err = stderr_of_failure(&["teach", "no/such/file.ron"]);
    assert!(err.contains("no/such/file.ron"), "{err}");
}
