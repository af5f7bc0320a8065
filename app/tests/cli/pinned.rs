//! Plain runs whose whole JSON is pinned in `tests/pinned/`: five species' two hours, the
//! Cow's day, a batch of 200 newborns and every example scenario with its state at the
//! end. Any change to what they print, wall times aside, fails here, so that a change of
//! behaviour is a decision: set `CREATURE_STUDIO_REPIN=1` to write the new outputs, and
//! say why in the commit.

use std::path::PathBuf;

use crate::common::{repo, s, studio};

/// Keys that measure the machine, not the run.
const MACHINE_KEYS: [&str; 2] = ["wall_ms", "threads"];

fn pinned_dir() -> PathBuf {
    repo().join("tests/pinned")
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

/// Runs `args` from the repository root and compares its JSON with `tests/pinned/NAME.json`.
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
