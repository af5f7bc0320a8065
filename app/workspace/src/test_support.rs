//! What the crate's own tests share: copies of the repository's example project, and a
//! change of its desires that a running creature cannot take.

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

/// Writes `desires` (the copy's `desires.ron`) with one source of ToImpress taken away:
/// a creature that has two thresholds there no longer fits it, so a running preview
/// refuses the file while the studio takes it.
pub fn drop_a_source_of_to_impress(desires: &Path) {
    let text = std::fs::read_to_string(desires).unwrap();
    let one_source = text.replacen(
        r#"sources: [(threshold: 0.5, reads: "world.town_near"), (threshold: 0.7, reads: "event.liking")],"#,
        r#"sources: [(threshold: 0.5, reads: "world.town_near")],"#,
        1,
    );
    assert_ne!(one_source, text, "ToImpress reads two sources in the shipped desires");
    std::fs::write(desires, one_source).unwrap();
}
