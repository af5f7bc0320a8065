//! `creature-studio sim` on the real binary and the example project (SPEC §15).

use crate::common::{repo, studio};
use serde_json::Value;

fn example(file: &str) -> String {
    repo().join("projects/example").join(file).display().to_string()
}

/// Runs the command, which must succeed, and returns its stdout lines.
fn lines(args: &[&str]) -> Vec<String> {
    let out = studio().args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().map(str::to_owned).collect()
}

fn json(line: &str) -> Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

/// The summary without its wall-clock time.
fn without_wall(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("wall_ms");
    v
}

#[test]
fn sim_json_is_the_spec_summary() {
    let out = lines(&["sim", "--species", "Cow", "--seconds", "60", "--seed", "3", "--json"]);
    assert_eq!(out.len(), 1);
    let v = json(&out[0]);
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["desires", "lessons", "plans", "turns", "wall_ms"]);
    assert_eq!(v["turns"], 600);
    assert_eq!(v["lessons"], 0);
    assert!(v["plans"].as_u64().unwrap() > 0);
    assert!(v["wall_ms"].as_f64().unwrap() >= 0.0);
    let desires = v["desires"].as_object().unwrap();
    assert_eq!(desires.len(), 40);
    assert!(desires.values().all(|x| (0.0..=2.0).contains(&x.as_f64().unwrap())));
    assert!(desires.contains_key("Hunger") && desires.contains_key("ToSteal"));
}

#[test]
fn the_same_seed_prints_the_same_run() {
    let args = ["sim", "--species", "Ape", "--seconds", "300", "--seed", "9", "--phase", "8", "--json", "--trace"];
    let (a, b) = (lines(&args), lines(&args));
    assert_eq!(a.len(), b.len());
    assert_eq!(a[..a.len() - 1], b[..b.len() - 1], "trace lines are identical");
    assert_eq!(without_wall(json(a.last().unwrap())), without_wall(json(b.last().unwrap())));
    let other = lines(&["sim", "--species", "Ape", "--seconds", "300", "--seed", "10", "--phase", "8", "--json"]);
    assert_ne!(without_wall(json(&other[0])), without_wall(json(a.last().unwrap())));
}

#[test]
fn trace_prints_one_json_line_per_plan_lesson_skill_and_miracle() {
    let out =
        lines(&["sim", "--species", "Cow", "--seconds", "600", "--seed", "4", "--phase", "5", "--trace", "--json"]);
    let summary = json(out.last().unwrap());
    let events: Vec<Value> = out[..out.len() - 1].iter().map(|l| json(l)).collect();
    let plans = events.iter().filter(|e| e["event"] == "plan").count() as u64;
    assert_eq!(plans, summary["plans"].as_u64().unwrap(), "one line per plan change");
    assert!(events.iter().all(|e| ["plan", "lesson", "skill", "miracle"].contains(&e["event"].as_str().unwrap())));
    for e in events.iter().filter(|e| e["event"] == "plan") {
        for k in ["t", "desire", "action", "object", "target", "priority", "why"] {
            assert!(!e[k].is_null(), "{k} in {e}");
        }
    }
    assert!(events.iter().any(|e| e["event"] == "skill"), "a phase-5 cow watches the villagers work");
}

#[test]
fn sim_runs_a_saved_creature_in_a_world_file() {
    let out = lines(&[
        "sim",
        "--species",
        "Cow",
        "--creature",
        &example("creatures/daisy.ron"),
        "--world",
        &example("world.ron"),
        "--seconds",
        "30",
        "--seed",
        "1",
        "--json",
    ]);
    assert_eq!(json(&out[0])["turns"], 300);
    let readable = lines(&["sim", "--species", "Cow", "--seconds", "30"]);
    assert!(readable[0].contains("lived 30.0 simulated seconds"), "{readable:?}");
}

#[test]
fn bad_runs_are_refused_with_a_reason() {
    let refuse = |args: &[&str], says: &str| {
        let out = studio().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    };
    refuse(&["sim", "--species", "Cw", "--seconds", "1"], "did you mean `Cow`");
    refuse(&["sim", "--species", "Ape", "--creature", &example("creatures/daisy.ron"), "--seconds", "1"], "not Ape");
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    let text = std::fs::read_to_string(example("world.ron")).unwrap().replacen("kind: Hill)", "kind: Castle)", 1);
    std::fs::write(&bad, &text).unwrap();
    let line = text.lines().position(|l| l.contains("Castle")).unwrap() + 1;
    refuse(
        &["sim", "--species", "Cow", "--seconds", "1", "--world", bad.to_str().unwrap()],
        &format!("bad.ron:{line}:"),
    );
    let out = studio().args(["check", bad.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains(&format!("bad.ron:{line}:")));
}

#[test]
fn check_validates_the_example_world() {
    let out = studio().args(["check", &example("world.ron"), &example("")]).output().unwrap();
    assert!(out.status.success(), "{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
}

#[test]
fn a_batch_reports_how_newborns_spread() {
    let out = lines(&["sim", "--species", "Cow", "--newborns", "16", "--seconds", "60", "--seed", "1", "--json"]);
    let v = json(&out[0]);
    assert_eq!((v["newborns"].as_u64(), v["turns"].as_u64()), (Some(16), Some(600)));
    let hunger = &v["desires"]["Hunger"];
    for part in ["final", "seconds"] {
        let s = &hunger[part];
        let get = |k: &str| s[k].as_f64().unwrap();
        assert!(
            get("min") <= get("p10")
                && get("p10") <= get("median")
                && get("median") <= get("p90")
                && get("p90") <= get("max")
        );
    }
    let kindness = &v["traits"]["kindness"];
    assert!(kindness["max"].as_f64().unwrap() > kindness["min"].as_f64().unwrap(), "birth varies the traits");
    let again = lines(&["sim", "--species", "Cow", "--newborns", "16", "--seconds", "60", "--seed", "1", "--json"]);
    let strip = |mut v: Value| {
        let o = v.as_object_mut().unwrap();
        o.remove("wall_ms");
        o.remove("threads");
        v
    };
    assert_eq!(strip(v), strip(json(&again[0])));
}
