//! `check` and the saves on inputs a person did not mean: relative paths, binary banks,
//! files outside the project folder, shadow files that do not fit their schema, and
//! saves over files that already exist.

use std::path::Path;

use crate::common::{copy_dir, repo, studio};

/// A copy of the example project beside a copy of the species folder, laid out as in
/// the repository (`projects/example` with `species: "../../species"`).
fn example_copy(dir: &Path) -> std::path::PathBuf {
    copy_dir(&repo().join("species"), &dir.join("species"));
    let project = dir.join("projects/example");
    copy_dir(&repo().join("projects/example"), &project);
    project
}

#[test]
fn check_dot_inside_the_project_finds_the_species_two_folders_up() {
    let dir = tempfile::tempdir().unwrap();
    let project = example_copy(dir.path());
    let out = studio().current_dir(&project).args(["check", "."]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    let out = studio().current_dir(project.join("creatures")).args(["check", ".."]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
}
