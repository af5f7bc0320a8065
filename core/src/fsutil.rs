//! Atomic saves: nothing the user made is ever left half-written (SPEC §14).
//! `save_atomic` writes a temporary file (`temp_file`) and renames it over the file; a
//! file with other hard links is copied over in place instead, under the record of
//! `save_intent`. The one writer ([`crate::file_writer`]) calls it.

use std::io::Write;
use std::path::Path;

use crate::temp_file::{Temp, create_temp, dir_and_name, sync_dir, write_target};

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename,
/// so that a crash or a full disk leaves either the old file or the new one, never a
/// partial file.
///
/// - A link is written through: its target gets the new contents and the link stays.
/// - The file keeps its permissions (a private `0600` save stays private).
/// - The temporary file has a name no one can guess and is created only if nothing is
///   there, so a link planted in the folder is never followed.
/// - The folder is synced after the rename, so the new name survives a crash.
/// - A file with other hard links keeps its inode, so every name sees the new contents:
///   the new contents are written and synced to the temporary file first, then copied
///   over the file in place under a record that lets the next reader or writer finish
///   a copy cut off by a crash ([`crate::save_intent`]).
/// - A save of this file cut off before is finished first, then those of the folder's
///   other files, and the temporary files of killed saves in the folder are removed.
pub(crate) fn save_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let path = write_target(path)?;
    let (dir, name) = dir_and_name(&path)?;
    crate::save_intent::finish(&path)?;
    let existing = match std::fs::metadata(&path) {
        Ok(m) if m.is_file() => Some(m),
        // A rename would put the file in place of a pipe or a device, and a folder
        // cannot be renamed over.
        Ok(_) => {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "not a regular file (a pipe, socket, device or folder); only a regular file is replaced",
            ));
        }
        Err(_) => None,
    };
    crate::save_intent::reclaim(&dir);
    let Temp { path: tmp, mut file, tag } = create_temp(&dir, &name, existing.as_ref())?;
    let mut keep_tmp = false;
    let result = (|| {
        file.write_all(bytes)?;
        if let Some(meta) = &existing {
            file.set_permissions(meta.permissions())?;
        }
        file.sync_all()?;
        if existing.as_ref().is_some_and(|m| links(m) > 1) {
            keep_tmp = true;
            return crate::save_intent::copy_in_place(&dir, &name, &tmp, tag, bytes);
        }
        std::fs::rename(&tmp, &path)?;
        sync_dir(&dir)
    })();
    if result.is_err() && !keep_tmp {
        let _ = std::fs::remove_file(&tmp);
    }
    // The temporary file stays locked until here, so that no other save takes it for
    // one abandoned.
    drop(file);
    result
}

/// How many names the file has.
fn links(meta: &std::fs::Metadata) -> u64 {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        meta.nlink()
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        1
    }
}

/// An empty folder of its own under the system's temporary folder, for a test named
/// `name` of this process.
#[cfg(test)]
pub(crate) fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::temp_file::{Lock, lock_now};
    use std::fs::File;

    #[test]
    fn save_replaces_the_file_and_leaves_no_temporary() {
        let dir = scratch_dir("atomic-plain");
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

    #[cfg(unix)]
    #[test]
    fn a_private_file_stays_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch_dir("atomic-mode");
        let path = dir.join("secret.ron");
        std::fs::write(&path, b"old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        save_atomic(&path, b"new").unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        save_atomic(&path, b"newer").unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o640);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_written_through_and_stays_a_link() {
        let dir = scratch_dir("atomic-link");
        std::fs::create_dir_all(dir.join("real")).unwrap();
        let target = dir.join("real/a.ron");
        std::fs::write(&target, b"old").unwrap();
        let link = dir.join("a.ron");
        std::os::unix::fs::symlink("real/a.ron", &link).unwrap();
        save_atomic(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
        // A link to a file not yet there creates it.
        let dangling = dir.join("b.ron");
        std::os::unix::fs::symlink("real/b.ron", &dangling).unwrap();
        save_atomic(&dangling, b"made").unwrap();
        assert_eq!(std::fs::read(dir.join("real/b.ron")).unwrap(), b"made");
        assert!(std::fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_hard_linked_file_keeps_its_inode_and_every_name_sees_the_save() {
        use std::os::unix::fs::MetadataExt;
        let dir = scratch_dir("atomic-hard");
        let path = dir.join("a.ron");
        std::fs::write(&path, b"old").unwrap();
        std::fs::hard_link(&path, dir.join("b.ron")).unwrap();
        let inode = std::fs::metadata(&path).unwrap().ino();
        save_atomic(&path, b"new contents").unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().ino(), inode);
        assert_eq!(std::fs::read(dir.join("b.ron")).unwrap(), b"new contents");
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 2, "no temporary left: {names:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn the_temporary_files_of_killed_saves_go_with_the_next_save_and_a_living_saves_stay() {
        let dir = scratch_dir("atomic-abandoned");
        let path = dir.join("a.ron");
        std::fs::write(&path, b"old").unwrap();
        // Those of any file of the folder: a killed save of b.ron's too.
        let abandoned =
            [".a.ron.0123456789abcdef.tmp", ".a.ron.save-intent.fedcba9876543210.tmp", ".b.ron.0123456789abcdef.tmp"];
        let kept = [".a.ron.notes.tmp", ".a.ron.0123.tmp", "..0123456789abcdef.tmp", "b.ron.0123456789abcdef.tmp"];
        for name in abandoned.iter().chain(&kept) {
            std::fs::write(dir.join(name), b"half a save").unwrap();
        }
        // A save still under way holds its temporary file locked.
        let living = dir.join(".a.ron.00000000000000aa.tmp");
        let held = File::create(&living).unwrap();
        assert_eq!(lock_now(&held), Lock::Taken);
        save_atomic(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        for name in abandoned {
            assert!(!dir.join(name).exists(), "{name} is left");
        }
        for name in kept {
            assert!(dir.join(name).exists(), "{name} was removed");
        }
        assert!(living.exists(), "a living save's temporary file was removed");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_planted_link_at_a_temporary_name_is_never_followed() {
        let dir = scratch_dir("atomic-planted");
        let victim = dir.join("victim.txt");
        std::fs::write(&victim, b"keep me").unwrap();
        // The names a save could be guessed to use: by process id, as they once were.
        let pid = std::process::id();
        for name in [format!(".a.ron.{pid}.tmp"), ".a.ron.tmp".to_owned(), "a.ron.tmp".to_owned()] {
            std::os::unix::fs::symlink(&victim, dir.join(name)).unwrap();
        }
        let path = dir.join("a.ron");
        save_atomic(&path, b"saved").unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep me");
        assert_eq!(std::fs::read(&path).unwrap(), b"saved");
        assert!(!std::fs::symlink_metadata(&path).unwrap().file_type().is_symlink());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
