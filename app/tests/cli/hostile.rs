//! The hostile corpus of `app/tests/data/hostile/`: one file per case, each with its expected
//! outcome in a sibling `NAME.expected` file. A case is given to `check`, or to the
//! command its sibling `NAME.args` names (a Parquet file to `shadow import`, a bank to
//! `recording fork --world`). The command must end within 20 seconds, never panic, exit
//! 0 for a file whose `.expected` says `ok`, and otherwise exit 1 with every line of the
//! `.expected` file in its output (a `:LINE:COL: message` part); it writes nothing and
//! leaves every file of the corpus byte for byte as it was. Cases too large to keep in
//! the repository are made in a scratch folder and run the same way.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::common::{parquet_footer, repo, s, shadow_example, studio};

const TIMEOUT: Duration = Duration::from_secs(20);

fn corpus() -> PathBuf {
    repo().join("app/tests/data/hostile")
}

/// Every case file below `dir` (all files but the `.expected` and `.args` ones), sorted.
fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(cases(&p));
        } else if p.extension().is_none_or(|x| x != "expected" && x != "args") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// A sibling file of a case: `NAME.expected` or `NAME.args`.
fn sibling(case: &Path, what: &str) -> PathBuf {
    PathBuf::from(format!("{}.{what}", case.display()))
}

/// The arguments a case runs with: `check CASE`, or those of its `.args` file with
/// `{case}` the case, `{dir}` an empty scratch folder and `{recording}` a recording of
/// an example scenario.
fn arguments(case: &Path, dir: &Path) -> Vec<String> {
    let Ok(line) = std::fs::read_to_string(sibling(case, "args")) else {
        return vec!["check".to_owned(), s(case).to_owned()];
    };
    line.split_whitespace()
        .map(|a| match a {
            "{case}" => s(case).to_owned(),
            "{recording}" => s(&recording(dir)).to_owned(),
            _ => a.replace("{dir}", s(dir)),
        })
        .collect()
}

/// A recording of an example scenario, made in `dir`'s parent so that `dir` stays empty.
fn recording(dir: &Path) -> PathBuf {
    let path = dir.parent().unwrap().join("example.recording");
    let scenario = repo().join("projects/example/scenarios/compassion_leash.scenario.ron");
    let out = studio().args(["scenario", "run", s(&scenario), "--record", s(&path)]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    path
}

/// Runs a case: the exit code and standard output and error together.
fn run(case: &Path, args: &[String]) -> (Option<i32>, String) {
    let started = Instant::now();
    let out = studio()
        .args(args)
        .timeout(TIMEOUT)
        .output()
        .unwrap_or_else(|e| panic!("{}: {args:?} did not end within {TIMEOUT:?}: {e}", case.display()));
    assert!(started.elapsed() < TIMEOUT, "{}: took {:?}", case.display(), started.elapsed());
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_ne!(out.status.code(), Some(101), "{}: panicked:\n{text}", case.display());
    assert!(!text.contains("panicked"), "{}: panicked:\n{text}", case.display());
    (out.status.code(), text)
}

/// Runs one case against its expected outcome, adding what went wrong to `failures`.
fn try_case(case: &Path, expected: &str, failures: &mut Vec<String>) {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("out");
    std::fs::create_dir(&dir).unwrap();
    let args = arguments(case, &dir);
    let (code, text) = run(case, &args);
    let written: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    if !written.is_empty() {
        failures.push(format!("{}: {args:?} wrote {written:?}", case.display()));
    }
    let lines: Vec<&str> = expected.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    if lines == ["ok"] {
        if code != Some(0) {
            failures.push(format!("{}: expected exit 0, got {code:?}:\n{text}", case.display()));
        }
        return;
    }
    if code != Some(1) {
        failures.push(format!("{}: expected exit 1, got {code:?}:\n{text}", case.display()));
    }
    let first_line = text.lines().next().unwrap_or("");
    if !first_line.starts_with(&format!("{}:", case.display())) {
        failures.push(format!("{}: the first line does not name the file: {first_line}", case.display()));
    }
    for want in lines {
        if !text.contains(want) {
            failures.push(format!("{}: expected `{want}` in:\n{text}", case.display()));
        }
    }
}

/// Every file below `dir` with its bytes.
fn contents(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = cases(dir);
    files.extend(files.clone().iter().flat_map(|c| ["expected", "args"].map(|w| sibling(c, w))).filter(|p| p.exists()));
    files.sort();
    files.into_iter().map(|p| (p.clone(), std::fs::read(&p).unwrap())).collect()
}

#[test]
fn every_hostile_file_is_refused_with_its_expected_message_or_accepted() {
    let files = cases(&corpus());
    assert!(files.len() >= 20, "the corpus has {} cases", files.len());
    let before = contents(&corpus());
    let mut failures = Vec::new();
    for path in &files {
        let expected_path = sibling(path, "expected");
        let Ok(expected) = std::fs::read_to_string(&expected_path) else {
            failures.push(format!("{}: no {}", path.display(), expected_path.display()));
            continue;
        };
        try_case(path, &expected, &mut failures);
    }
    assert!(contents(&corpus()) == before, "a case changed a file of the corpus");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A scenario of `n` items in `list`, each `item(i)` on its own line from line 6.
fn scenario_of(list: &str, n: usize, item: impl Fn(usize) -> String) -> String {
    let other = if list == "inputs" { "expect" } else { "inputs" };
    let mut text = format!("(\n    species: \"Cow\",\n    seed: 1,\n    seconds: 50.0,\n    {list}: [\n");
    for i in 0..n {
        text.push_str(&format!("        {},\n", item(i)));
    }
    text.push_str(&format!("    ],\n    {other}: [],\n)\n"));
    text
}

/// A Parquet file of the example zoner bank's first event and `n` more feature columns.
fn wide_parquet(n: usize) -> Vec<u8> {
    use arrow_array::{ArrayRef, Float64Array, RecordBatch};
    use arrow_schema::{DataType, Field, Schema};
    let dir = tempfile::tempdir().unwrap();
    let export = dir.path().join("zoner.parquet");
    let bank = shadow_example("zoner.bank.ron");
    assert!(studio().args(["shadow", "export", s(&bank), "-o", s(&export)]).output().unwrap().status.success());
    let file = std::fs::File::open(&export).unwrap();
    let mut rows = parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(file)
        .unwrap()
        .with_batch_size(1)
        .build()
        .unwrap();
    let first = rows.next().unwrap().unwrap();
    let mut fields: Vec<Field> = first.schema().fields().iter().map(|f| f.as_ref().clone()).collect();
    let mut columns = first.columns().to_vec();
    let value: ArrayRef = Arc::new(Float64Array::from(vec![0.5]));
    for i in 0..n {
        fields.push(Field::new(format!("extra_{i}"), DataType::Float64, true));
        columns.push(Arc::clone(&value));
    }
    let batch = RecordBatch::try_new(Arc::new(Schema::new(fields)), columns).unwrap();
    let mut writer = parquet::arrow::ArrowWriter::try_new(Vec::new(), batch.schema(), None).unwrap();
    writer.write(&batch).unwrap();
    writer.into_inner().unwrap()
}

/// A league table of the example zoner against the rushdown, its footer claiming `rows`
/// rows (in the file's count and its one row group's), the rows themselves as they were.
fn league_table_claiming(rows: i64) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("league.parquet");
    let (zoner, rushdown) = (shadow_example("zoner.bank.ron"), shadow_example("rushdown.bank.ron"));
    let args = ["shadow", "league", s(&zoner), s(&rushdown), "--matches", "1", "--parquet", s(&table)];
    assert!(studio().args(args).output().unwrap().status.success());
    parquet_footer::with_footer(&std::fs::read(&table).unwrap(), |m| parquet_footer::claiming_rows(&m, rows))
}

#[test]
fn hostile_files_too_large_to_keep_are_made_and_refused_the_same_way() {
    let dir = tempfile::tempdir().unwrap();
    let n = 100_000;
    let (zoner, rushdown) = (shadow_example("zoner.bank.ron"), shadow_example("rushdown.bank.ron"));
    let league = format!("shadow league {} {} --results {{case}}", s(&zoner), s(&rushdown));
    let made: Vec<(&str, Vec<u8>, Option<&str>, String)> = vec![
        (
            "many_bad_inputs.scenario.ron",
            scenario_of("inputs", n, |i| format!("(at: -{}.0, do: Leash(Compassion))", i + 1)).into_bytes(),
            None,
            [6, 50_006, n + 5].map(|line| format!(":{line}:10: expected seconds from 0 to 604800\n")).concat(),
        ),
        (
            "many_unbounded_expectations.scenario.ron",
            scenario_of("expect", n, |_| "Desire(at: 1.0, name: \"Compassion\")".to_owned()).into_bytes(),
            None,
            [6, 50_006, n + 5].map(|line| format!(":{line}:9: expected at least one of `min` and `max`\n")).concat(),
        ),
        (
            "ten_thousand_features.parquet",
            wide_parquet(10_000),
            Some("shadow import {case} -o {dir}/wide.bank.ron"),
            format!("features; a bank records at most {}", creature_shadow::bank::MAX_FEATURES),
        ),
        (
            "rows_2_62.parquet",
            league_table_claiming(1 << 62),
            Some(league.as_str()),
            "its footer claims 4611686018427387904 rows; expected at most 16777216 rows".to_owned(),
        ),
        (
            "rows_1e9.parquet",
            league_table_claiming(1_000_000_000),
            Some(league.as_str()),
            "its footer claims 1000000000 rows; expected at most 16777216 rows".to_owned(),
        ),
    ];
    let mut failures = Vec::new();
    for (name, bytes, args, expected) in made {
        let case = dir.path().join(name);
        std::fs::write(&case, &bytes).unwrap();
        if let Some(args) = args {
            std::fs::write(sibling(&case, "args"), args).unwrap();
        }
        try_case(&case, &expected, &mut failures);
        assert!(std::fs::read(&case).unwrap() == bytes, "{name} changed");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn a_recording_larger_than_its_limit_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let case = dir.path().join("sparse.recording");
    // Three gigabytes of holes: nothing is written to the disk, and reading it whole
    // would take three gigabytes of memory.
    let len = 3 << 30;
    std::fs::File::create(&case).unwrap().set_len(len).unwrap();
    let mut failures = Vec::new();
    try_case(&case, ":1:1: the file is larger than the 1024 MiB a recording may be", &mut failures);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert_eq!(std::fs::metadata(&case).unwrap().len(), len);
}

#[test]
fn the_whole_corpus_at_once_is_refused_without_a_panic() {
    let corpus = corpus();
    assert!(corpus.is_dir(), "{}", corpus.display());
    let (code, text) = run(&corpus, &["check".to_owned(), s(&corpus).to_owned()]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("trailing.bank:1:1:") && text.contains("fly.bank.ron:4:496:"), "{text}");
}
