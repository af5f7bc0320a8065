//! The hostile corpus of `tests/hostile/`: one file per case, each with its expected
//! outcome in a sibling `NAME.expected` file. `check` must end within 20 seconds, never
//! panic, exit 0 for a file whose `.expected` says `ok`, and otherwise exit 1 with
//! every line of the `.expected` file in its output (a `:LINE:COL: message` part).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::common::{repo, studio};

const TIMEOUT: Duration = Duration::from_secs(20);

fn corpus() -> PathBuf {
    repo().join("tests/hostile")
}

/// Every case file below `dir` (all files but the `.expected` ones), sorted.
fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(cases(&p));
        } else if p.extension().is_none_or(|x| x != "expected") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// Runs `check` on `path`: the exit code and standard output and error together.
fn check(path: &Path) -> (Option<i32>, String) {
    let started = Instant::now();
    let out = studio()
        .arg("check")
        .arg(path)
        .timeout(TIMEOUT)
        .output()
        .unwrap_or_else(|e| panic!("{}: check did not end within {TIMEOUT:?}: {e}", path.display()));
    assert!(started.elapsed() < TIMEOUT, "{}: took {:?}", path.display(), started.elapsed());
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_ne!(out.status.code(), Some(101), "{}: panicked:\n{text}", path.display());
    assert!(!text.contains("panicked"), "{}: panicked:\n{text}", path.display());
    (out.status.code(), text)
}

#[test]
fn every_hostile_file_is_refused_with_its_expected_message_or_accepted() {
    let files = cases(&corpus());
    assert!(files.len() >= 20, "the corpus has {} cases", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let expected_path = PathBuf::from(format!("{}.expected", path.display()));
        let Ok(expected) = std::fs::read_to_string(&expected_path) else {
            failures.push(format!("{}: no {}", path.display(), expected_path.display()));
            continue;
        };
        let (code, text) = check(path);
        let lines: Vec<&str> = expected.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        if lines == ["ok"] {
            if code != Some(0) {
                failures.push(format!("{}: expected exit 0, got {code:?}:\n{text}", path.display()));
            }
            continue;
        }
        if code != Some(1) {
            failures.push(format!("{}: expected exit 1, got {code:?}:\n{text}", path.display()));
        }
        let first_line = text.lines().next().unwrap_or("");
        if !first_line.starts_with(&format!("{}:", path.display())) {
            failures.push(format!("{}: the first line does not name the file: {first_line}", path.display()));
        }
        for want in lines {
            if !text.contains(want) {
                failures.push(format!("{}: expected `{want}` in:\n{text}", path.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_whole_corpus_at_once_is_refused_without_a_panic() {
    let corpus = corpus();
    assert!(corpus.is_dir(), "{}", corpus.display());
    let (code, text) = check(&corpus);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("trailing.bank:1:1:") && text.contains("fly.bank.ron:4:496:"), "{text}");
}
