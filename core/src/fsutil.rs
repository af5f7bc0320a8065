//! Atomic saves: nothing the user made is ever left half-written (SPEC §14).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// How many temporary names a save tries before it gives up.
const TEMP_TRIES: u32 = 64;

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
///   the new contents are written and synced to the temporary file first, then the
///   space they need is reserved in the file (so a full disk or a size limit fails
///   before a byte of it changes), then they are copied over it in place. That copy is
///   the one step that is not atomic; if it fails the complete new contents are left in
///   the temporary file and the error names it.
pub(crate) fn save_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let path = write_target(path)?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "the path names no file"))?
        .to_string_lossy()
        .into_owned();
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
    let (tmp, mut f) = create_temp(&dir, &name, existing.as_ref())?;
    let mut keep_tmp = false;
    let result = (|| {
        f.write_all(bytes)?;
        if let Some(meta) = &existing {
            f.set_permissions(meta.permissions())?;
        }
        f.sync_all()?;
        drop(f);
        if existing.as_ref().is_some_and(|m| links(m) > 1) {
            keep_tmp = true;
            return overwrite_in_place(&tmp, &path);
        }
        std::fs::rename(&tmp, &path)?;
        sync_dir(&dir)
    })();
    if result.is_err() && !keep_tmp {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// The file a save to `path` writes: `path` itself, or for a link the file it points
/// to (followed through every link, relative links from the link's own folder).
fn write_target(path: &Path) -> std::io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&p)?;
                p = if to.is_absolute() { to } else { p.parent().unwrap_or(Path::new("")).join(to) };
            }
            _ => return Ok(p),
        }
    }
    Err(std::io::Error::other("too many levels of links"))
}

/// A new temporary file beside the save, with an unpredictable name, created only if
/// nothing (not even a link) has that name, with the save's permissions from the start.
fn create_temp(dir: &Path, name: &str, existing: Option<&std::fs::Metadata>) -> std::io::Result<(PathBuf, File)> {
    let mut last = None;
    for attempt in 0..TEMP_TRIES {
        let tmp = dir.join(format!(".{name}.{:016x}.tmp", unpredictable(attempt)));
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        if let Some(meta) = existing {
            use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
            options.mode(meta.permissions().mode() & 0o7777);
        }
        #[cfg(not(unix))]
        let _ = existing;
        match options.open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
}

/// 64 bits no other process can predict: the standard library's randomly keyed hasher
/// over the time, the process and the attempt.
fn unpredictable(attempt: u32) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    h.write_u128(now);
    h.write_u32(std::process::id());
    h.write_u32(attempt);
    h.finish()
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

/// Copies the synced temporary file over `path` in place (the inode, and so every hard
/// link, stays), syncs it, and removes the temporary file. The file's space is reserved
/// before anything in it is changed, and it is cut to the new length only after the new
/// contents are in.
fn overwrite_in_place(tmp: &Path, path: &Path) -> std::io::Result<()> {
    let copy = (|| {
        let bytes = std::fs::read(tmp)?;
        let mut f = OpenOptions::new().write(true).open(path)?;
        reserve(&f, bytes.len() as u64)?;
        f.write_all(&bytes)?;
        f.set_len(bytes.len() as u64)?;
        f.sync_all()
    })();
    match copy {
        Ok(()) => std::fs::remove_file(tmp),
        Err(e) => Err(std::io::Error::new(e.kind(), format!("{e}; the new contents are kept in {}", tmp.display()))),
    }
}

/// Makes sure the first `len` bytes of `f` have their space on disk, growing the file
/// if it is shorter; fails, leaving the contents as they were, when the disk or the
/// process's file size limit has no room.
fn reserve(f: &File, len: u64) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        if len > 0 {
            rustix::fs::fallocate(f, rustix::fs::FallocateFlags::empty(), 0, len).map_err(std::io::Error::from)?;
        }
        Ok(())
    }
    #[cfg(not(unix))]
    {
        let _ = (f, len);
        Ok(())
    }
}

/// Syncs a folder, so that a rename in it is on disk.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

/// An empty folder of its own under the system's temporary folder, for a test named
/// `name` of this process.
#[cfg(test)]
pub(crate) fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[cfg(test)]
mod tests {
    use super::*;

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
