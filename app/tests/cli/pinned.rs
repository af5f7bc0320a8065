//! Plain runs whose whole JSON is pinned in `app/tests/data/pinned/`: five species' two hours, the
//! Cow's day, a batch of 200 newborns and every example scenario with its state at the
//! end; and one scenario's recording, byte for byte. Any change to what they print, wall
//! times aside, fails here, so that a change of behaviour is a decision: set
//! `CREATURE_STUDIO_REPIN=1` to write the new outputs, and say why in the commit.

use std::path::PathBuf;

use crate::common::{repo, s, studio};

/// Keys that measure the machine, not the run.
const MACHINE_KEYS: [&str; 2] = ["wall_ms", "threads"];

fn pinned_dir() -> PathBuf {
    repo().join("app/tests/data/pinned")
}

/// The run's JSON without the keys that measure the machine.
fn plain(mut v: serde_json::Value) -> serde_json::Value {
    if let Some(map) = v.as_object_mut() {
        for key in MACHINE_KEYS {
            map.remove(key);
        }
        for value in map.values_mut() {
            *value = plain(value.take());
        }
    }
    v
}

/// Runs `args` from the repository root and compares its JSON with `app/tests/data/pinned/NAME.json`.
fn check(name: &str, args: &[&str]) -> Option<String> {
    let out = studio().current_dir(repo()).args(args).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let got = match serde_json::from_str(&stdout) {
        Ok(v) => plain(v),
        Err(e) => {
            return Some(format!("{name}: {args:?} printed no JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)));
        }
    };
    let text = format!("{}\n", serde_json::to_string_pretty(&got).unwrap());
    let path = pinned_dir().join(format!("{name}.json"));
    if std::env::var_os("CREATURE_STUDIO_REPIN").is_some() {
        std::fs::write(&path, &text).unwrap();
        return None;
    }
    match std::fs::read_to_string(&path) {
        Ok(pinned) if pinned == text => None,
        Ok(_) => Some(format!("{name}: {args:?} no longer prints what {} holds", path.display())),
        Err(e) => Some(format!("{name}: {} cannot be read: {e}", path.display())),
    }
}

fn assert_all(results: Vec<Option<String>>) {
    let failed: Vec<String> = results.into_iter().flatten().collect();
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn five_species_two_hours_each_print_what_is_pinned() {
    assert_all(
        ["Cow", "Ape", "Tiger", "Tortoise", "Wolf"]
            .iter()
            .map(|sp| {
                check(&format!("sim-{sp}-2h"), &["sim", "--species", sp, "--seconds", "7200", "--seed", "1", "--json"])
            })
            .collect(),
    );
}

#[test]
fn the_cows_day_prints_what_is_pinned() {
    assert_all(vec![check(
        "sim-Cow-day",
        &["sim", "--species", "Cow", "--seconds", "86400", "--seed", "1", "--phase", "5", "--json"],
    )]);
}

#[test]
fn a_batch_of_200_newborns_prints_what_is_pinned() {
    assert_all(vec![check(
        "sim-Cow-200",
        &["sim", "--species", "Cow", "--newborns", "200", "--seconds", "600", "--seed", "1", "--json"],
    )]);
}

/// Every example scenario, with the state at its last second.
#[test]
fn every_example_scenario_prints_what_is_pinned() {
    let dir = repo().join("projects/example/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".scenario.ron"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "the example has its scenarios: {files:?}");
    let results = files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            let seconds = text
                .lines()
                .find_map(|l| l.trim().strip_prefix("seconds:"))
                .map(|v| v.trim().trim_end_matches(',').trim().to_owned())
                .expect("a scenario says how long it runs");
            let name = f.file_name().unwrap().to_string_lossy().trim_end_matches(".scenario.ron").to_owned();
            check(&format!("scenario-{name}"), &["scenario", "run", s(f), "--json", "--state-at", &seconds])
        })
        .collect();
    assert_all(results);
}

/// A scenario's recording, snapshots and all, byte for byte as pinned: the frozen
/// simulation's format and the run it records are the same as when it was pinned, so
/// recordings written before are read as they were written. The pinned file itself
/// must seek to its last second (every snapshot in it thaws).
#[test]
fn a_scenarios_recording_is_written_byte_for_byte_as_pinned() {
    let pinned = pinned_dir().join("a_slap_while_eating.recording");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run.recording");
    let scenario = repo().join("projects/example/scenarios/a_slap_while_eating.scenario.ron");
    let run = studio().args(["scenario", "run", s(&scenario), "--record", s(&out)]).output().unwrap();
    assert!(out.exists(), "no recording written: {}", String::from_utf8_lossy(&run.stderr));
    let got = std::fs::read(&out).unwrap();
    if std::env::var_os("CREATURE_STUDIO_REPIN").is_some() {
        std::fs::write(&pinned, &got).unwrap();
        return;
    }
    let want = std::fs::read(&pinned).unwrap();
    let first_difference = got.iter().zip(&want).position(|(a, b)| a != b);
    assert!(
        got == want,
        "the recording differs from {} (lengths {} and {}; first different byte {first_difference:?})",
        pinned.display(),
        got.len(),
        want.len()
    );
    let info = crate::common::json(&["recording", "info", s(&pinned), "--json"]);
    let end = info["sim_seconds"].as_f64().expect("info says how long the run is");
    let seek = crate::common::json(&["recording", "seek", s(&pinned), "--at", &end.to_string(), "--json"]);
    assert!(seek.is_object(), "the pinned recording seeks to its end: {seek}");
}
