//! Paths as a person reads them: `.` and `..` taken out by their text, without the disk.

use std::path::{Path, PathBuf};

/// Removes `.` and `..` from a path without touching the disk (a `..` after a link
/// is taken literally, as a person reading the manifest would). A `..` takes out only
/// a folder name before it: a leading `..` of a relative path stays, and so does every
/// `..` after it (`../../x` is two folders up, not one), while `/..` is `/`.
pub fn normalize(p: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => match out.components().next_back() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => out.push(".."),
            },
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_lose_dots() {
        assert_eq!(normalize(Path::new("/a/projects/example/../../species")), PathBuf::from("/a/species"));
        assert_eq!(normalize(Path::new("x/./y/../z")), PathBuf::from("x/z"));
        assert_eq!(normalize(Path::new("../up")), PathBuf::from("../up"));
        assert_eq!(normalize(Path::new("../../species")), PathBuf::from("../../species"));
        assert_eq!(normalize(Path::new("./../../species")), PathBuf::from("../../species"));
        assert_eq!(normalize(Path::new("a/../../b")), PathBuf::from("../b"));
        assert_eq!(normalize(Path::new("/../x")), PathBuf::from("/x"));
    }
}
