//! `scenario run --record` and `recording info | seek | fork | diff` (SPEC §17) on the
//! real binary: a recorded hour of the example project seeks to the straight run's
//! state at seconds picked at random, a fork on faster species data differs only from
//! its second on, and damaged or foreign files are refused with a reason.

use std::path::{Path, PathBuf};

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::Value;

use crate::common::{copy_dir, repo, studio};

fn hour() -> PathBuf {
    repo().join("projects/example/scenarios/an_hour_of_teaching.scenario.ron")
}

fn json_line(out: &std::process::Output) -> Value {
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text.lines().last().unwrap_or_default();
    serde_json::from_str(last)
        .unwrap_or_else(|e| panic!("not JSON: {text}: {e}; stderr: {}", String::from_utf8_lossy(&out.stderr)))
}

/// Records the hour into `dir`, checking it passes as a scenario too.
fn record_hour(dir: &Path) -> PathBuf {
    let rec = dir.join("hour.recording");
    let out = studio().args(["scenario", "run", "--json", "--record"]).arg(&rec).arg(hour()).output().unwrap();
    assert_eq!(json_line(&out)["passed"], true);
    assert_eq!(out.status.code(), Some(0));
    rec
}

fn seek(rec: &Path, at: f64) -> Value {
    let out = studio().args(["recording", "seek", "--json", "--at", &at.to_string()]).arg(rec).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    json_line(&out)
}

/// The state of seeking, without the seek's own time.
fn state_of_seek(rec: &Path, at: f64) -> Value {
    let mut v = seek(rec, at);
    let ms = v.as_object_mut().unwrap().remove("seek_ms").expect("seek_ms");
    assert!(ms.as_f64().unwrap() >= 0.0);
    v
}

fn diff(a: &Path, b: &Path) -> Value {
    let out = studio().args(["recording", "diff", "--json"]).arg(a).arg(b).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    json_line(&out)
}

#[test]
fn a_recorded_hour_seeks_to_the_straight_runs_state_at_random_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record_hour(dir.path());
    let info = studio().args(["recording", "info", "--json"]).arg(&rec).output().unwrap();
    let info = json_line(&info);
    assert_eq!(info["version"], creature_core::recording::VERSION);
    assert_eq!(info["seed"], 7);
    assert_eq!(info["turns"], 36000);
    assert_eq!(info["sim_seconds"], 3600.0);
    assert_eq!(info["inputs"], 26, "every input of the scenario: {info}");
    assert_eq!(info["reloads"], 0);
    assert!(info["snapshots"].as_u64().unwrap() >= 360, "one every 10 s at least: {info}");
    assert!(info["events"].as_u64().unwrap() > 10);

    // Seconds picked at random (seeded, so a failure can be run again), in tenths.
    let mut runner = TestRunner::new_with_rng(Config::default(), TestRng::deterministic_rng(RngAlgorithm::ChaCha));
    let mut seconds: Vec<f64> =
        (0..5).map(|_| (0..=36_000u32).new_tree(&mut runner).unwrap().current()).map(|t| f64::from(t) / 10.0).collect();
    seconds.push(3600.0);
    for at in seconds {
        let straight =
            studio().args(["scenario", "run", "--json", "--state-at", &at.to_string()]).arg(hour()).output().unwrap();
        assert_eq!(state_of_seek(&rec, at), json_line(&straight)["state"], "at {at} s");
    }
}

#[test]
fn a_fork_on_a_faster_body_differs_only_from_its_second_and_diff_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record_hour(dir.path());
    let fast = dir.path().join("species");
    copy_dir(&repo().join("species"), &fast);
    let cow = std::fs::read_to_string(fast.join("cow.ron")).unwrap();
    assert!(cow.contains("speed: 3.0"));
    std::fs::write(fast.join("cow.ron"), cow.replace("speed: 3.0", "speed: 6.0")).unwrap();
    let forked = dir.path().join("fast.recording");
    let out = studio()
        .args(["recording", "fork", "--at", "1000", "--species-dir"])
        .arg(&fast)
        .arg(&rec)
        .arg("-o")
        .arg(&forked)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let info = json_line(&studio().args(["recording", "info", "--json"]).arg(&forked).output().unwrap());
    assert_eq!((info["turns"].as_u64(), info["reloads"].as_u64()), (Some(36000), Some(1)), "{info}");

    // The original up to the fork, the new run after it.
    for at in [0.0, 512.3, 999.9] {
        assert_eq!(state_of_seek(&forked, at), state_of_seek(&rec, at), "at {at} s");
    }
    assert_ne!(state_of_seek(&forked, 1500.0)["position"], state_of_seek(&rec, 1500.0)["position"]);

    let d = diff(&rec, &forked);
    let first = d["first_difference"].as_f64().expect("they differ");
    assert!(first > 1000.0 && first < 1010.0, "from the fork on: {d}");
    assert!(!d["desires"].as_object().unwrap().is_empty(), "{d}");
    for (name, x) in d["desires"].as_object().unwrap() {
        assert!(x["max_abs"].as_f64().unwrap() > 0.0, "{name}");
        assert!(x["at"].as_f64().unwrap() > 1000.0, "{name} differs only after the fork: {d}");
    }
    let plans = &d["plans"];
    assert!(plans["only_a"].as_u64().unwrap() > 0 && plans["only_b"].as_u64().unwrap() > 0, "{d}");
    assert_eq!(d["lessons"]["a"], 3);

    // A recording against itself differs nowhere.
    let same = diff(&rec, &rec);
    assert_eq!(same["first_difference"], Value::Null);
    assert_eq!(same["desires"], serde_json::json!({}));
    assert_eq!(same["trees"], serde_json::json!([]));
    assert_eq!(same["plans"], serde_json::json!({"only_a": 0, "only_b": 0}));
}

#[test]
fn a_fork_for_a_few_seconds_ends_there() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = repo().join("projects/example/scenarios/pit_then_wolf.scenario.ron");
    let rec = dir.path().join("pit.recording");
    let out = studio().args(["scenario", "run", "--record"]).arg(&rec).arg(&scenario).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let short = dir.path().join("short.recording");
    let creature = repo().join("projects/example/creatures/ruth.ron");
    let out = studio()
        .args(["recording", "fork", "--at", "100", "--seconds", "20", "--creature"])
        .arg(&creature)
        .arg(&rec)
        .args(["-o".as_ref(), short.as_os_str()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let info = json_line(&studio().args(["recording", "info", "--json"]).arg(&short).output().unwrap());
    assert_eq!(info["sim_seconds"], 120.0);
    assert_eq!(info["reloads"], 1);
    assert_eq!(seek(&short, 120.0)["turn"], 1200);
}

#[test]
fn damaged_foreign_and_newer_recordings_are_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = repo().join("projects/example/scenarios/compassion_leash.scenario.ron");
    let rec = dir.path().join("leash.recording");
    assert!(studio().args(["scenario", "run", "--record"]).arg(&rec).arg(&scenario).output().unwrap().status.success());
    let bytes = std::fs::read(&rec).unwrap();
    let refused = |name: &str, content: &[u8], expect: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, content).unwrap();
        for args in [vec!["recording", "info", "--json"], vec!["recording", "seek", "--at", "1", "--json"]] {
            let out = studio().args(&args).arg(&p).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{name}: {err}");
            assert!(err.contains(&format!("{}:1:1:", p.display())) && err.contains(expect), "{name}: {err}");
            assert!(!err.contains("panicked"), "{err}");
        }
    };
    refused("cut.recording", &bytes[..bytes.len() / 2], "cut off or damaged");
    refused("tiny.recording", &bytes[..5], "not a recording");
    refused("scenario.recording", std::fs::read(&scenario).unwrap().as_slice(), "not a recording");
    let mut newer = bytes.clone();
    newer[8..12].copy_from_slice(&9u32.to_le_bytes());
    refused("newer.recording", &newer, "version 9 is a newer one; this build reads versions 1 to 3");
    let mut flipped = bytes.clone();
    let mid = bytes.len() / 2;
    flipped[mid] ^= 0xff;
    refused("flipped.recording", &flipped, "cut off or damaged");

    let out = studio().args(["recording", "seek", "--at", "51", "--json"]).arg(&rec).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("outside the recording, which runs from 0 to 50 s"));
    let out = studio().args(["recording", "info"]).arg(dir.path().join("missing.recording")).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_fork_on_broken_species_data_names_the_file_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = repo().join("projects/example/scenarios/compassion_leash.scenario.ron");
    let rec = dir.path().join("leash.recording");
    assert!(studio().args(["scenario", "run", "--record"]).arg(&rec).arg(&scenario).output().unwrap().status.success());
    let broken = dir.path().join("species");
    copy_dir(&repo().join("species"), &broken);
    std::fs::write(broken.join("cow.ron"), "(name: \"Cow\", traits: (kindness: oops))").unwrap();
    let out_file = dir.path().join("new.recording");
    let out = studio()
        .args(["recording", "fork", "--at", "10", "--species-dir"])
        .arg(&broken)
        .arg(&rec)
        .arg("-o")
        .arg(&out_file)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.contains("cow.ron:1:"), "{err}");
    assert!(!out_file.exists());
    // A folder of scenarios is not recorded into one file.
    let out = studio()
        .args(["scenario", "run", "--record"])
        .arg(dir.path().join("all.recording"))
        .arg(repo().join("projects/example/scenarios"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--record records one scenario file"));
}

#[test]
fn a_recording_claiming_more_turns_than_its_snapshots_cover_is_refused_at_once() {
    let claims = repo().join("app/tests/data/hostile/claims_too_many_turns.recording");
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("fork.recording");
    let claims_arg = claims.to_str().unwrap();
    let out_arg = out_path.to_str().unwrap();
    for args in [
        vec!["recording", "info", "--json", claims_arg],
        vec!["recording", "seek", "--at", "1", "--json", claims_arg],
        vec!["recording", "fork", "--at", "0", "--seconds", "1", "-o", out_arg, claims_arg],
        vec!["recording", "diff", "--json", claims_arg, claims_arg],
    ] {
        let out = studio().args(&args).timeout(std::time::Duration::from_secs(20)).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(&format!("{}:1:1: the recording does not hold together", claims.display())), "{err}");
        assert!(err.contains("it claims 1000000000000 turns but its last snapshot is at turn 0"), "{err}");
    }
    assert!(!out_path.exists());
}

/// `recording find` (SPEC §19) lists every turn a condition fired, as JSON with its own
/// time; `scenario run --break` stops at the first of them with the state a seek there
/// shows; a bad condition is refused on both with its column, and nothing runs.
#[test]
fn find_lists_a_conditions_turns_and_break_stops_at_the_first() {
    let tmp = tempfile::tempdir().unwrap();
    let rec = record_hour(tmp.path());
    let when = "Lesson(sign: Slap)";
    let out = studio().args(["recording", "find", "--json", "--when", when]).arg(&rec).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json_line(&out);
    assert!(v["find_ms"].as_f64().unwrap() >= 0.0);
    let hits = v["hits"].as_array().unwrap();
    assert_eq!(hits.len(), 2, "the hour slaps twice: {v}");
    let first = &hits[0];
    assert_eq!(first["sim_time"].as_f64().unwrap() * 10.0, first["turn"].as_f64().unwrap());

    let out = studio().args(["scenario", "run", "--json", "--break", when]).arg(hour()).output().unwrap();
    let v = json_line(&out);
    assert_eq!(v["break"], *first, "{v}");
    assert_eq!(v["sim_time"], first["sim_time"]);
    assert_eq!(v["state"], state_of_seek(&rec, first["sim_time"].as_f64().unwrap()));

    let out =
        studio().args(["scenario", "run", "--json", "--break", "Learnt(what: \"Hel\")"]).arg(hour()).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--break, column 8: unknown skill or miracle `Hel`"), "{err}");
    assert!(out.stdout.is_empty(), "nothing ran");
    let out = studio()
        .args(["recording", "find", "--when", "Below(desire: \"Hungr\", value: 0.1)"])
        .arg(&rec)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--when, column 16: unknown desire `Hungr`"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = studio().args(["scenario", "run", "--json", "--break", "Phase(to: 13)"]).arg(hour()).output().unwrap();
    assert_eq!(json_line(&out)["break"], Value::Null, "a condition that never fires runs to the end");
}

/// A condition bounded by a number no value ever passes (NaN, or an infinity) could
/// never fire: `recording find` and `scenario run --break` refuse it, at the number.
#[test]
fn a_bound_that_is_not_a_finite_number_is_refused_by_find_and_break() {
    let tmp = tempfile::tempdir().unwrap();
    let rec = record_hour(tmp.path());
    let score = "Score(desire: \"Hunger\", tree: ActOn, object: \"wolf_2\", above: NaN)";
    for (when, said) in [
        ("Liking(above: NaN)", "column 15: `above` is NaN; expected a finite number"),
        (score, "column 63: `above` is NaN; expected a finite number"),
    ] {
        let out = studio().args(["recording", "find", "--when", when]).arg(&rec).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{when}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("--when, {said}")), "{when}: {err}");
        let out = studio().args(["scenario", "run", "--json", "--break", when]).arg(hour()).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{when}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("--break, {said}")), "{when}: {err}");
        assert!(out.stdout.is_empty(), "nothing ran");
    }
}

/// A bookmark's name comes from the file: `recording info` prints it with its control
/// characters escaped, so an ESC or a BEL in it never reaches the terminal (where it
/// would clear the screen and retitle the window).
#[test]
fn a_bookmark_named_with_control_characters_is_printed_escaped() {
    use creature_core::recording::Recording;
    let tmp = tempfile::tempdir().unwrap();
    let rec = tmp.path().join("leash.recording");
    let scenario = repo().join("projects/example/scenarios/compassion_leash.scenario.ron");
    let out = studio().args(["scenario", "run", "--record"]).arg(&rec).arg(&scenario).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let mut r = Recording::load(&rec).unwrap();
    r.add_bookmark(10, "here\u{1b}]0;owned\u{7}\u{1b}[2J\u{9b}31m").unwrap();
    r.save(&rec, &creature_core::file_writer::Policy::replacing()).unwrap();
    let out = studio().args(["recording", "info"]).arg(&rec).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains(['\u{1b}', '\u{7}', '\u{9b}']), "{text:?}");
    assert!(text.contains(r"here\u{1b}]0;owned\u{7}\u{1b}[2J\u{9b}31m"), "{text}");
}
