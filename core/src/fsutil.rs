//! Atomic saves: nothing the user made is ever left half-written (SPEC §14).

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename,
/// so that a crash or a full disk leaves either the old file or the new one, never a
/// partial file.
pub fn save_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "the path names no file"))?;
    let tmp = dir.join(format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn save_replaces_the_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("cs-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.ron");
        save_atomic(&path, b"one").unwrap();
        save_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 1, "{names:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn save_into_a_missing_folder_fails_and_says_so() {
        let path = std::env::temp_dir().join("cs-no-such-dir-xyz").join("a.ron");
        assert!(save_atomic(&path, b"x").is_err());
    }
}
