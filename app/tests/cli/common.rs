//! Helpers shared by the command-line tests.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The real `creature-studio` binary.
pub fn studio() -> Command {
    Command::cargo_bin("creature-studio").expect("the binary builds")
}

/// The workspace root, where `species/` and `projects/` live.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root").to_path_buf()
}

/// Copies a folder tree.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.path().is_dir() {
            copy_dir(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}
