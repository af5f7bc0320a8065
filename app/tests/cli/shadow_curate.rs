//! `shadow curate` and `shadow score` on the real binary and the example banks
//! (SPEC §13): the JSON docs/commands.md documents, deleting flagged events only into a new
//! file (never over one without --force), and the scorecard of a shadow.

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::common::{fails, json, keys, s, shadow_example};
use creature_shadow::bank::Bank;
use serde_json::Value;

fn example(name: &str) -> PathBuf {
    shadow_example(name)
}

#[test]
fn curate_flags_a_bank_merged_with_itself_and_deletes_the_copies_into_a_new_file_only() {
    let dir = tempfile::tempdir().unwrap();
    let zoner = example("zoner.bank.ron");
    let twice = dir.path().join("twice.bank.ron");
    json(&["shadow", "merge", s(&zoner), s(&zoner), "-o", s(&twice), "--json"]);
    let schema = example("arena.schema.ron");
    let out = json(&["shadow", "curate", "--schema", s(&schema), "--bank", s(&twice), "--json"]);
    assert_eq!(
        keys(&out),
        BTreeSet::from([
            "events",
            "options",
            "counts",
            "duplicates",
            "near_duplicates",
            "outliers",
            "fences",
            "coverage",
            "deleted"
        ])
    );
    let bank = Bank::load(&twice).unwrap();
    let original = Bank::load(&zoner).unwrap();
    assert_eq!(out["events"].as_u64(), Some(bank.len() as u64));
    // Every event of the second copy repeats one of the first, state and action alike.
    let dups = out["duplicates"].as_array().unwrap();
    assert_eq!(dups.len(), original.len());
    assert_eq!(out["counts"]["duplicates"].as_u64(), Some(original.len() as u64));
    for d in dups {
        let (a, b) = (d["event"].as_u64().unwrap(), d["of"].as_u64().unwrap());
        let (i, j) = (bank.position_of(a).unwrap(), bank.position_of(b).unwrap());
        assert!(j < i && bank.state(i) == bank.state(j) && bank.event(i).action == bank.event(j).action);
    }
    assert_eq!(out["deleted"], Value::Null, "nothing is deleted unless asked");
    let classes = out["coverage"]["classes"].as_array().unwrap();
    let counted: u64 = classes.iter().map(|c| c["events"].as_u64().unwrap()).sum();
    assert_eq!(counted, bank.len() as u64);
    let thin = out["coverage"]["thin_below"].as_u64().unwrap();
    assert!(classes.iter().all(|c| c["thin"].as_bool() == Some(c["events"].as_u64().unwrap() < thin)));
    assert!(classes.iter().all(|c| c["own_state_name"].is_string() && c["distance"].is_string()));

    // Deleting writes a new file and leaves the input as it was.
    let before = std::fs::read(&twice).unwrap();
    let cleaned = dir.path().join("clean.bank.ron");
    let out = json(&["shadow", "curate", "--bank", s(&twice), "--delete", "duplicates", "-o", s(&cleaned), "--json"]);
    assert_eq!(out["deleted"]["removed"].as_u64(), Some(original.len() as u64));
    assert_eq!(out["deleted"]["kinds"], serde_json::json!(["duplicates"]));
    assert_eq!(std::fs::read(&twice).unwrap(), before);
    let clean = Bank::load(&cleaned).unwrap();
    assert_eq!(clean.len(), original.len());
    let again = json(&["shadow", "curate", "--bank", s(&cleaned), "--json"]);
    assert_eq!(again["counts"]["duplicates"].as_u64(), Some(0));

    // An existing OUT is never replaced without --force, and stays byte for byte.
    let kept = std::fs::read(&cleaned).unwrap();
    let err = fails(&["shadow", "curate", "--bank", s(&twice), "--delete", "outliers", "-o", s(&cleaned)]);
    assert!(err.contains("already exists") && err.contains("--force"), "{err}");
    assert_eq!(std::fs::read(&cleaned).unwrap(), kept);
    let out = json(&[
        "shadow",
        "curate",
        "--bank",
        s(&twice),
        "--delete",
        "duplicates,near-duplicates",
        "-o",
        s(&cleaned),
        "--force",
        "--json",
    ]);
    let removed = out["deleted"]["removed"].as_u64().unwrap();
    assert!(removed > original.len() as u64, "near duplicates go too");
    assert_eq!(Bank::load(&cleaned).unwrap().len() as u64, bank.len() as u64 - removed);
    let left: Vec<_> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    assert!(left.iter().all(|n| !n.ends_with(".tmp")), "no temporary files left: {left:?}");
}

#[test]
fn curate_refuses_unknown_kinds_and_bad_numbers_with_a_message() {
    let zoner = example("zoner.bank.ron");
    let out = std::env::temp_dir().join("never-written.bank.ron");
    let err = fails(&["shadow", "curate", "--bank", s(&zoner), "--delete", "dupes", "-o", s(&out)]);
    assert!(err.contains("dupes") && err.contains("duplicates"), "{err}");
    assert!(!out.exists());
    let schema = example("far.state.ron");
    let err = fails(&["shadow", "curate", "--bank", s(&zoner), "--schema", s(&schema)]);
    assert!(err.contains("far.state.ron:"), "{err}");
}

#[test]
fn score_prints_the_scorecard_the_same_for_the_same_seed() {
    let zoner = example("zoner.bank.ron");
    let args = ["shadow", "score", "--bank", s(&zoner), "--against", "turtle", "--matches", "2", "--json"];
    let out = json(&args);
    assert_eq!(keys(&out), BTreeSet::from(["agreement", "classes", "tvd_mean", "reaction", "play"]));
    let a = &out["agreement"];
    for k in ["top1", "expected", "top3"] {
        let v = a[k].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&v), "{k} = {v}");
    }
    assert!(a["top3"].as_f64() >= a["top1"].as_f64());
    let held: BTreeSet<u64> = a["held_out_matches"].as_array().unwrap().iter().map(|m| m.as_u64().unwrap()).collect();
    let bank = Bank::load(&zoner).unwrap();
    let events = bank.events().iter().filter(|e| held.contains(&e.match_id)).count();
    assert_eq!(a["events"].as_u64(), Some(events as u64));
    let classes = out["classes"].as_array().unwrap();
    assert_eq!(classes.len(), 6, "three distance bands, opponent airborne or not");
    let shadow: u64 = classes.iter().map(|c| c["shadow"].as_u64().unwrap()).sum();
    assert_eq!(Some(shadow), out["play"]["decisions"].as_u64());
    let recorded: u64 = classes.iter().map(|c| c["recorded"].as_u64().unwrap()).sum();
    assert_eq!(recorded, bank.len() as u64);
    assert_eq!(out["play"]["matches"].as_u64(), Some(2));
    assert_eq!(out["reaction"]["recorded"]["count"].as_u64(), Some(bank.stats().reaction.count() as u64));
    assert_eq!(json(&args), out, "the same seed gives the same scorecard");
    let err = fails(&["shadow", "score", "--bank", s(&zoner), "--against", "ninja"]);
    assert!(err.contains("ninja") && err.contains("zoner"), "{err}");
}
