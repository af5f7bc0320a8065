//! Walking a project's folders and reading its files (SPEC §14, §15 `check`): links
//! back up the tree end the walk, pipes and devices are never read, and a file too
//! large to be a studio file is refused by name.

use std::path::{Path, PathBuf};

use creature_core::file_reader::{MAX_TEXT_BYTES, read_text};
use creature_core::project::{Checkers, check_paths, ron_files};

/// A fresh, empty folder of its own for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cs-walk-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A copy of the example project's lessons and shadow files (not its species folder).
fn example_copy(dir: &Path) {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example");
    for sub in ["lessons", "shadow"] {
        for f in ron_files(&from.join(sub)) {
            let to = dir.join(f.strip_prefix(&from).unwrap());
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::copy(&f, to).unwrap();
        }
    }
}

#[test]
fn links_back_up_the_tree_are_walked_once() {
    let root = scratch("loop");
    let dir = root.join("project");
    example_copy(&dir);
    let before = ron_files(&dir);
    assert!(before.len() >= 4, "{before:?}");
    // Two links to the lessons folder itself and one to the folder above the project,
    // from deep inside it.
    std::os::unix::fs::symlink(".", dir.join("lessons/s1")).unwrap();
    std::os::unix::fs::symlink(".", dir.join("lessons/s2")).unwrap();
    std::os::unix::fs::symlink("../..", dir.join("shadow/up")).unwrap();
    let after = ron_files(&dir);
    // Every file once, under its own path.
    assert_eq!(after, before);
    // `check` on the folder ends too.
    let _ = check_paths(std::slice::from_ref(&dir), &Checkers::default());
    // A link to a file is still a file; a folder outside reached by a link is walked.
    let outside = root.join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("far.state.ron"), "{\"distance\": 1.0}").unwrap();
    std::os::unix::fs::symlink(&outside, dir.join("shadow/more")).unwrap();
    std::os::unix::fs::symlink(outside.join("far.state.ron"), dir.join("shadow/near.state.ron")).unwrap();
    let linked = ron_files(&dir);
    assert_eq!(linked.len(), before.len() + 2, "{linked:?}");
    assert!(linked.contains(&dir.join("shadow/near.state.ron")), "{linked:?}");
    // The outside folder is reached through `shadow/more` or through `shadow/up`, once.
    let real = std::fs::canonicalize(outside.join("far.state.ron")).unwrap();
    let far = linked
        .iter()
        .filter(|p| p.file_name().is_some_and(|n| n == "far.state.ron"))
        .filter(|p| std::fs::canonicalize(p).is_ok_and(|c| c == real))
        .count();
    assert_eq!(far, 1, "{linked:?}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_pipe_named_like_a_studio_file_is_listed_and_check_says_what_it_is() {
    let dir = scratch("fifo");
    std::fs::write(dir.join("a.state.ron"), "{\"distance\": 1.0}").unwrap();
    let fifo = dir.join("b.state.ron");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("mkfifo is not available; skipping the pipe");
    } else {
        // Listed, so that checking the folder says what it is instead of passing it by.
        assert_eq!(ron_files(&dir), vec![dir.join("a.state.ron"), fifo.clone()]);
        let errors = check_paths(std::slice::from_ref(&dir), &Checkers::default());
        let named: Vec<_> = errors.iter().filter(|e| e.file.ends_with("b.state.ron")).collect();
        assert!(named.len() == 1 && named[0].message.contains("not a regular file"), "{errors:?}");
        let err = read_text(&fifo).unwrap_err();
        assert!(err.message.contains("not a regular file"), "{err}");
        // `check` given the pipe itself says so instead of waiting for a writer.
        let errors = check_paths(std::slice::from_ref(&fifo), &Checkers::default());
        assert!(errors.iter().any(|e| e.message.contains("not a regular file")), "{errors:?}");
    }
    let zero = Path::new("/dev/zero");
    if zero.exists() {
        let err = read_text(zero).unwrap_err();
        assert!(err.to_string().starts_with("/dev/zero:1:1: "), "{err}");
        assert!(err.message.contains("not a regular file"), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_larger_than_the_limit_is_refused_by_name() {
    assert_eq!(MAX_TEXT_BYTES, 64 * 1024 * 1024);
    let dir = scratch("big");
    let path = dir.join("big.ron");
    let f = std::fs::File::create(&path).unwrap();
    // Sparse: no disk is used for the zeros.
    f.set_len(MAX_TEXT_BYTES + 1).unwrap();
    drop(f);
    let err = read_text(&path).unwrap_err();
    assert!(err.message.contains("larger than the 64 MiB a studio text file may be"), "{err}");
    assert_eq!((err.line, err.col), (1, 1));
    // At the limit it is read (and is valid UTF-8: zero bytes).
    std::fs::OpenOptions::new().write(true).open(&path).unwrap().set_len(MAX_TEXT_BYTES).unwrap();
    assert_eq!(read_text(&path).unwrap().len() as u64, MAX_TEXT_BYTES);
    std::fs::remove_dir_all(&dir).unwrap();
    // A missing file still says it cannot be read.
    let err = read_text(&dir.join("missing.ron")).unwrap_err();
    assert!(err.message.starts_with("cannot read the file"), "{err}");
}
