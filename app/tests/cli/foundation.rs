//! The foundation commands on the real binary and the real example project:
//! `species report`, `new`, `check` (SPEC §3, §15).

use std::path::{Path, PathBuf};

use crate::common::{copy_dir, repo, studio};
use serde_json::Value;

fn report() -> Value {
    let out = studio().args(["species", "report", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

fn row<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["species"].as_array().unwrap().iter().find(|r| r["name"] == name).unwrap_or_else(|| panic!("{name} missing"))
}

fn seconds(report: &Value, species: &str, desire: &str) -> f64 {
    row(report, species)["time_to_full"][desire].as_f64().unwrap_or(f64::INFINITY)
}

#[test]
fn species_report_json_has_the_spec_shape_for_all_seventeen() {
    let r = report();
    let rows = r["species"].as_array().unwrap();
    assert_eq!(rows.len(), 17);
    for row in rows {
        let traits = row["traits"].as_object().unwrap();
        for t in ["kindness", "friendliness", "communicativeness", "lethargy", "aggression"] {
            assert!(traits[t].is_f64(), "{t}");
        }
        let times = row["time_to_full"].as_object().unwrap();
        for d in ["Compassion", "ToBeFriends", "ToManifestState", "Tiredness", "Anger"] {
            assert!(times[d].is_f64() || times[d].is_null(), "{d}");
        }
        assert!(row["miracle_multiplier"].is_f64());
        // Aggression is disconnected: its desire has no drive from the trait.
        assert!(times["Anger"].is_null());
    }
}

#[test]
fn species_report_reproduces_the_seed_figures() {
    let r = report();
    let (min, day) = (60.0, 86_400.0);
    let cow = seconds(&r, "Cow", "Compassion");
    assert!((25.0 * min..=35.0 * min).contains(&cow), "{cow}");
    assert!(seconds(&r, "Tiger", "Compassion") > day);
    let friends = seconds(&r, "Cow", "ToBeFriends");
    assert!((11.0 * min..=15.0 * min).contains(&friends), "{friends}");
    let ape = seconds(&r, "Ape", "ToManifestState");
    assert!((3.0 * min..=5.0 * min).contains(&ape), "{ape}");
    for row in r["species"].as_array().unwrap() {
        let name = row["name"].as_str().unwrap();
        assert!(seconds(&r, name, "Tiredness") > day, "{name}");
        if name != "Ape" {
            assert!(seconds(&r, name, "ToManifestState") > day, "{name}");
        }
    }
    let kind = |s: &str| row(&r, s)["traits"]["kindness"].as_f64().unwrap();
    assert!(kind("Tiger") + 0.1 >= kind("Cow") - 0.1);
    let m = |s: &str| row(&r, s)["miracle_multiplier"].as_f64().unwrap();
    assert!((3.5..=4.5).contains(&(m("Tiger") / m("Ape"))));
}

#[test]
fn species_report_reads_a_species_folder_and_refuses_a_broken_one() {
    let dir = tempfile::tempdir().unwrap();
    for e in std::fs::read_dir(repo().join("species")).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), dir.path().join(e.file_name())).unwrap();
    }
    let cow = dir.path().join("cow.ron");
    let text = std::fs::read_to_string(&cow).unwrap().replace("kindness: 0.64", "kindness: 0.74");
    std::fs::write(&cow, text).unwrap();
    let out = studio().args(["species", "report", "--json", "--species-dir"]).arg(dir.path()).output().unwrap();
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(seconds(&r, "Cow", "Compassion") < 25.0 * 60.0, "a kinder cow feels compassion sooner");

    let text = std::fs::read_to_string(&cow).unwrap().replace("kindness: 0.74", "kindness: 1.74");
    std::fs::write(&cow, text).unwrap();
    let out = studio().args(["species", "report", "--species-dir"]).arg(dir.path()).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cow.ron:") && err.contains("kindness is 1.74"), "{err}");
}

#[test]
fn the_example_project_checks_clean() {
    studio().arg("check").arg(repo().join("projects/example")).assert().success();
    studio().arg("check").arg(repo().join("species")).assert().success();
}

#[test]
fn new_writes_a_newborn_that_checks_and_never_overwrites_silently() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tiger.ron");
    studio().args(["new", "--species", "Tiger", "--seed", "3", "-o"]).arg(&path).assert().success();
    studio().arg("check").arg(&path).assert().success();
    let first = std::fs::read_to_string(&path).unwrap();
    studio().args(["new", "--species", "Tiger", "--seed", "4", "-o"]).arg(&path).assert().failure();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), first, "the existing save is kept");
    studio().args(["new", "--species", "Tiger", "--seed", "3", "--force", "-o"]).arg(&path).assert().success();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), first, "the same seed gives the same newborn");
    let out = studio().args(["new", "--species", "Tigre", "-o"]).arg(dir.path().join("x.ron")).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean `Tiger`"));
}

#[test]
fn check_reports_file_line_and_column_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string(repo().join("projects/example/creatures/daisy.ron")).unwrap();
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, good.replacen("phase: 0", "phase: 14", 1)).unwrap();
    let out = studio().arg("check").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().next().unwrap();
    let prefix = format!("{}:5:5: ", bad.display());
    assert!(line.starts_with(&prefix) && line.contains("phase is 14"), "{line}");
}

#[test]
fn hostile_files_never_panic() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, Vec<u8>); 6] = [
        ("deep.ron", "(".repeat(100_000).into_bytes()),
        ("brackets.ron", "[".repeat(100_000).into_bytes()),
        ("binary.ron", vec![0, 159, 146, 150, 255]),
        ("empty.ron", Vec::new()),
        ("nan.ron", b"(name: \"x\", species: \"Cow\", seed: 1, phase: 0, traits: (kindness: NaN))".to_vec()),
        ("huge.ron", b"(seed: 99999999999999999999999999999, traits: ())".to_vec()),
    ];
    for (name, bytes) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let out = studio().arg("check").arg(&path).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.starts_with(&format!("{}:", path.display())), "{name}: {stdout}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"), "{name}");
    }
}

#[test]
fn check_looks_inside_every_file_of_a_project() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&repo().join("species"), &dir.path().join("species"));
    let project = dir.path().join("projects/example");
    copy_dir(&repo().join("projects/example"), &project);
    studio().arg("check").arg(&project).assert().success();
    let files: Vec<PathBuf> = walk(&project).into_iter().filter(|p| !p.ends_with("studio.ron")).collect();
    assert!(files.len() >= 3, "{files:?}");
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        std::fs::write(f, format!("{text}\n)")).unwrap();
    }
    let out = studio().arg("check").arg(&project).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    for f in &files {
        assert!(stdout.contains(&format!("{}:", f.display())), "{} is not checked:\n{stdout}", f.display());
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else if p.extension().is_some_and(|x| x == "ron") {
            out.push(p);
        }
    }
    out
}
