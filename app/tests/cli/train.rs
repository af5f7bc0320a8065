//! `train` (SPEC §22) on the example project's target: the script it writes, played by
//! `teach` and run by `scenario run`, meets the target on every seed it claims; a Tiger
//! needs more lessons than a Cow to be kind; a target that cannot be reached says so with
//! the expectation nearest to holding, within its budget; the target file is checked by
//! `check` at its line and column; the report goes to Parquet, and searched in shards it
//! is the report searched whole; beside its wall time it gives the runs made a second and
//! the turns a run lived.

use std::path::{Path, PathBuf};

use crate::common::{fails, json, repo, s, studio};
use creature_core::parquet_table::read_parquet_table;

/// The keys of a report that measure the machine, not the search.
const TIMES: [&str; 2] = ["train_ms", "runs_per_second"];

fn without_times(mut v: serde_json::Value) -> serde_json::Value {
    for key in TIMES {
        v.as_object_mut().unwrap().remove(key);
    }
    v
}

fn kind_target() -> PathBuf {
    repo().join("projects/example/targets/kind.target.ron")
}

/// The target's `expect: [...]` as written, to put in a scenario.
fn expectations(target: &Path) -> String {
    let text = std::fs::read_to_string(target).unwrap();
    let from = text.find("expect:").unwrap();
    let to = text.rfind(')').unwrap();
    text[from..to].to_owned()
}

#[test]
fn the_trained_script_taught_and_run_as_a_scenario_meets_the_target_on_every_seed_it_claims() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("kind.lesson.ron");
    let out = json(&["train", s(&kind_target()), "--seeds", "2", "--seed", "3", "--json", "-o", s(&script)]);
    let row = &out["species"][0];
    assert_eq!((row["species"].as_str(), row["held"].as_u64(), row["seeds"].as_u64()), (Some("Cow"), Some(2), Some(2)));
    assert!(row["lessons"].as_u64().is_some_and(|n| n >= 1), "{out}");
    let text = std::fs::read_to_string(&script).unwrap();
    studio().args(["check", s(&script)]).assert().success();
    let species = repo().join("species");
    let world = repo().join("projects/example/world.ron");
    for seed in [3, 4] {
        // The script as written teaches the newborn of its seed; the same lessons for
        // the newborn of each seed claimed.
        let taught_script = dir.path().join(format!("seed{seed}.lesson.ron"));
        std::fs::write(&taught_script, text.replacen("seed: 3,", &format!("seed: {seed},"), 1)).unwrap();
        let save = dir.path().join(format!("cow{seed}.ron"));
        let teach = ["teach", s(&taught_script), "--species-dir", s(&species), "-o", s(&save), "--json"];
        studio().args(teach).assert().success();
        let scenario = dir.path().join(format!("seed{seed}.scenario.ron"));
        let body = format!(
            "(world: Some({:?}), species: \"Cow\", creature: Some(\"cow{seed}.ron\"), species_dir: Some({:?}), \
             seed: {seed}, phase: Some(11), seconds: 300.0, {})",
            s(&world),
            s(&species),
            expectations(&kind_target())
        );
        std::fs::write(&scenario, body).unwrap();
        let run = json(&["scenario", "run", s(&scenario), "--json"]);
        assert_eq!(run["passed"], true, "seed {seed}: {run}");
    }
}

#[test]
fn a_tiger_needs_more_lessons_than_a_cow_to_be_kind() {
    let out = json(&["train", s(&kind_target()), "--species", "Cow,Tiger", "--seeds", "2", "--json"]);
    let lessons = |i: usize| out["species"][i]["lessons"].as_u64();
    assert_eq!(out["species"][1]["species"], "Tiger");
    let (cow, tiger) = (lessons(0).expect("the cow is taught"), lessons(1).expect("the tiger is taught"));
    assert!(tiger > cow, "tiger {tiger} lessons, cow {cow}: {out}");
}

#[test]
fn an_unreachable_target_reports_the_expectation_nearest_to_holding_within_its_budget() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("saint.target.ron");
    std::fs::write(
        &target,
        "(species: \"Cow\", phase: Some(11), seconds: 20.0, expect: [\n\
         Plans(from: 0.0, to: 20.0, desire: \"Compassion\", min: 40),\n\
         Desire(at: 20.0, name: \"Compassion\", min: 1.9),\n])",
    )
    .unwrap();
    let script = dir.path().join("saint.lesson.ron");
    let out = json(&["train", s(&target), "--seeds", "2", "--budget", "9", "--json", "-o", s(&script)]);
    let row = &out["species"][0];
    assert_eq!((row["lessons"].is_null(), row["tried"].as_u64()), (true, Some(9)), "{out}");
    assert_eq!(row["closest"]["index"], 1, "Compassion is nearer 1.9 than its plans are to 40: {out}");
    assert!(row["closest"]["observed"].as_f64().is_some_and(|v| v < 1.9), "{out}");
    assert!(!script.exists(), "no script is written for a target not reached");
    let text = studio().args(["train", s(&target), "--seeds", "1", "--budget", "3"]).output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("not reached; closest: expect 1"), "{text}");
}

#[test]
fn check_places_a_bad_target_at_its_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("bad.target.ron");
    std::fs::write(
        &target,
        "(species: \"Cow\", seconds: 60.0,\n expect: [\n  Desire(at: 1.0, name: \"Kindness\", min: 0.5)])",
    )
    .unwrap();
    let out = studio().args(["check", s(&target)]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let problems = String::from_utf8_lossy(&out.stdout);
    assert!(problems.starts_with(&format!("{}:3:26:", target.display())), "{problems}");
    assert!(problems.contains("Kindness"), "{problems}");
    let err = fails(&["train", s(&target)]);
    assert!(err.contains(":3:"), "{err}");
    studio().args(["check", s(&kind_target())]).assert().success();
}

#[test]
fn the_report_per_species_goes_to_parquet() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("kind.parquet");
    let target = kind_target();
    let args = ["train", s(&target), "--species", "Cow,Sheep", "--seeds", "1", "--budget", "40"];
    let out = json(&[&args[..], &["--json", "--parquet", s(&table)]].concat());
    let t = read_parquet_table(&table).unwrap();
    assert_eq!(t.num_rows(), 2);
    let schema = t.schema();
    let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
    assert_eq!(names, creature_core::train::report_parquet::REPORT_COLUMNS);
    let species = t.column_by_name("species").unwrap();
    let species = species.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
    assert_eq!((species.value(0), species.value(1)), ("Cow", "Sheep"));
    assert_eq!(out["species"][1]["species"], "Sheep");
    let column = |name: &str| {
        let c = t.column_by_name(name).unwrap();
        let c = c.as_any().downcast_ref::<arrow_array::UInt64Array>().unwrap();
        c.values().iter().sum::<u64>()
    };
    let (runs, turns) = (column("runs"), column("turns"));
    assert!(runs > 0 && turns > 0, "{runs} runs, {turns} turns");
    assert_eq!(out["turns_per_trial"].as_f64(), Some(turns as f64 / runs as f64), "{out}");
    let err = fails(&["train", s(&kind_target()), "--species", "Tigre"]);
    assert!(err.contains("Tiger"), "a misspelt species is refused with the nearest name: {err}");
}

#[test]
fn beside_its_wall_time_the_report_gives_the_runs_a_second_and_the_turns_a_run_lived() {
    let target = kind_target();
    let args = ["train", s(&target), "--species", "Cow,Tiger", "--seeds", "2", "--budget", "30"];
    let out = json(&[&args[..], &["--json"]].concat());
    let runs: u64 = out["species"].as_array().unwrap().iter().map(|r| r["runs"].as_u64().unwrap()).sum();
    let (ms, rate) = (out["train_ms"].as_f64().unwrap(), out["runs_per_second"].as_f64().unwrap());
    assert!((rate - runs as f64 / ms * 1000.0).abs() < 1e-6 * rate.max(1.0), "{out}");
    let per_trial = out["turns_per_trial"].as_f64().unwrap();
    assert!(per_trial > 0.0, "{out}");
    let text = studio().args(args).output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    let last = text.lines().last().unwrap_or_default();
    assert!(last.starts_with("trained in ") && last.contains(" runs a second, "), "{text}");
    assert!(last.ends_with(&format!(", {per_trial:.0} turns a run")), "{text}");
}

#[test]
fn a_report_searched_in_shards_is_the_report_searched_whole() {
    let dir = tempfile::tempdir().unwrap();
    let target = kind_target();
    let common = ["train", s(&target), "--species", "Cow,Sheep,Tiger", "--seeds", "1", "--budget", "20", "--json"];
    let whole_table = dir.path().join("whole.parquet");
    let whole = json(&[&common[..], &["--parquet", s(&whole_table)]].concat());
    let tables: Vec<PathBuf> = (0..2).map(|i| dir.path().join(format!("shard{i}.parquet"))).collect();
    for (i, t) in tables.iter().enumerate() {
        let shard = format!("{i}/2");
        let out = json(&[&common[..], &["--shard", &shard, "--parquet", s(t)]].concat());
        assert_eq!(out["species"].as_array().unwrap().len(), if i == 0 { 2 } else { 1 }, "{out}");
    }
    let gathered_table = dir.path().join("gathered.parquet");
    let gathered =
        json(&[&common[..], &["--results", s(&tables[0]), s(&tables[1]), "--parquet", s(&gathered_table)]].concat());
    assert!(whole["runs_per_second"].as_f64().is_some_and(|r| r > 0.0), "{whole}");
    assert!(gathered["runs_per_second"].is_null(), "no run was made to gather the tables: {gathered}");
    assert_eq!(without_times(gathered), without_times(whole));
    let rows = |p: &Path| creature_core::train::report_parquet::load(p).unwrap();
    assert_eq!(rows(&gathered_table), rows(&whole_table));
    let err = fails(&[&common[..], &["--results", s(&tables[0])]].concat());
    assert!(err.contains("no row for Sheep"), "{err}");
    let err = fails(&[&common[..], &["--results", s(&tables[0]), s(&tables[0]), s(&tables[1])]].concat());
    assert!(err.contains("twice"), "{err}");
    let other = ["train", s(&target), "--species", "Cow,Sheep,Tiger", "--seeds", "2", "--results"];
    let err = fails(&[&other[..], &[s(&tables[0]), s(&tables[1])]].concat());
    assert!(err.contains("--seeds 1"), "a table from another search is refused: {err}");
}

#[test]
fn the_search_gives_the_same_answer_on_one_thread_as_on_two() {
    let target = kind_target();
    let args = ["train", s(&target), "--species", "Tiger", "--seeds", "2", "--budget", "40", "--json"];
    let on = |threads: &str| {
        let out = studio().env("RAYON_NUM_THREADS", threads).args(args).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        without_times(serde_json::from_slice(&out.stdout).unwrap())
    };
    assert_eq!(on("1"), on("2"));
}

/// A copy of the example project beside a copy of the species folder, as in the
/// repository, so that the kind target's paths reach the copies.
fn example_copy(dir: &Path) -> PathBuf {
    crate::common::copy_dir(&repo().join("projects/example"), &dir.join("projects/example"));
    crate::common::copy_dir(&repo().join("species"), &dir.join("species"));
    dir.join("projects/example/targets/kind.target.ron")
}

#[test]
fn a_table_of_another_target_or_other_species_data_is_refused_naming_both_files() {
    let dir = tempfile::tempdir().unwrap();
    let target = example_copy(dir.path());
    let other = target.with_file_name("other.target.ron");
    std::fs::copy(&target, &other).unwrap();
    let search = ["--species", "Cow,Sheep", "--seeds", "1", "--budget", "5"];
    let table = |t: &Path, i: usize, name: &str| {
        let out = dir.path().join(name);
        let shard = format!("{i}/2");
        json(&[&["train", s(t)][..], &search, &["--json", "--shard", &shard, "--parquet", s(&out)]].concat());
        out
    };
    let (s0, s1, other0) =
        (table(&target, 0, "s0.parquet"), table(&target, 1, "s1.parquet"), table(&other, 0, "o0.parquet"));
    let results = |tables: &[&Path]| -> Vec<String> {
        let mut args: Vec<&str> = [&["train", s(&target)][..], &search, &["--json", "--results"]].concat();
        args.extend(tables.iter().map(|t| s(t)));
        args.into_iter().map(str::to_owned).collect()
    };
    let run = |tables: &[&Path], ok: bool| {
        let args = results(tables);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        if ok {
            json(&args);
            String::new()
        } else {
            fails(&args)
        }
    };
    run(&[&s0, &s1], true);
    let err = run(&[&other0, &s1], false);
    assert!(err.contains(s(&other0)) && err.contains(s(&target)), "both files are named: {err}");
    assert!(err.contains("searched for other.target.ron"), "{err}");
    // The same target with other species data: a table searched before the change.
    let sheep = dir.path().join("species/sheep.ron");
    let text = std::fs::read_to_string(&sheep).unwrap();
    std::fs::write(&sheep, format!("{text}\n// changed since\n")).unwrap();
    let err = run(&[&s0, &s1], false);
    assert!(err.contains(s(&s0)) && err.contains(s(&target)) && err.contains("other target or species data"), "{err}");
}

#[test]
fn a_species_named_twice_is_refused_saying_which() {
    let out =
        studio().args(["train", s(&kind_target()), "--species", "Cow,Tiger,Cow", "--seeds", "1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("Cow is named twice"), "{err}");
}
