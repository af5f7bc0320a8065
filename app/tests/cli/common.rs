//! Helpers shared by the command-line tests.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The real `creature-studio` binary.
pub fn studio() -> Command {
    Command::cargo_bin("creature-studio").expect("the binary builds")
}

/// The workspace root (where `species/` and `projects/` live) and a folder tree's copy, as
/// the lint tests of core and the shadow crate have them; those tests use the rest.
#[allow(dead_code)]
#[path = "../../../core/tests/support/mod.rs"]
mod core_support;
pub use core_support::{copy_dir, repo};

/// A Parquet file's footer rewritten, as the shadow's tests rewrite one.
#[path = "../../../core/tests/support/parquet_footer.rs"]
pub mod parquet_footer;

/// A file of the example project's shadow folder.
pub fn shadow_example(name: &str) -> PathBuf {
    repo().join("projects/example/shadow").join(name)
}

/// A path as the command line takes it.
pub fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// Runs the command, expects success, parses stdout as one JSON value.
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = studio().args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

/// Runs the command, expects exit code 1 (not a panic), returns stderr.
pub fn fails(args: &[&str]) -> String {
    let out = studio().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The keys of a JSON object.
pub fn keys(v: &serde_json::Value) -> std::collections::BTreeSet<&str> {
    v.as_object().expect("an object").keys().map(String::as_str).collect()
}

/// Every `.rs` file under `dir`, in path order.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(rust_files(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out.sort();
    out
}
