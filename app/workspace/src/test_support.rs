//! What the crate's own tests share: copies of the repository's example project.

use std::path::Path;

/// A copy of the example project with the species folder it names beside it, laid out
/// as in the repository; the project is `projects/example` below the folder returned.
pub fn example_copy() -> tempfile::TempDir {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join("projects")).unwrap();
    for (from, to) in [("species", "species"), ("projects/example", "projects/example")] {
        let status = std::process::Command::new("cp").arg("-r").arg(repo.join(from)).arg(tmp.path().join(to)).status();
        assert!(status.unwrap().success());
    }
    tmp
}
