//! The temporary files of a save and the folder they are in: the file a save writes
//! (links followed), names no one can guess, made only where nothing is, locked while
//! a save holds them, so that the next save of a file can tell those a killed save left
//! from those of a save still under way, and remove the first.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

/// How many temporary names a save tries before it gives up.
const TEMP_TRIES: u32 = 64;

/// The longest file name whose save's names carry it whole: with the longest ending a
/// save adds (`.` and `.save-intent.<tag>.tmp`, 34 bytes) it stays within the 255 bytes
/// a file system allows in a name.
const MAX_STEM_BYTES: usize = 255 - 34;

/// What the names of a save of the file `name` start from: the name itself, or for a
/// name too long to carry (past [`MAX_STEM_BYTES`]) a 16-digit hash of it, the same in
/// every process, so that any name the file system allows can be saved.
pub(crate) fn stem(name: &str) -> std::borrow::Cow<'_, str> {
    if name.len() <= MAX_STEM_BYTES {
        return std::borrow::Cow::Borrowed(name);
    }
    std::borrow::Cow::Owned(format!("{:016x}", crate::stable_hash::fnv1a64([name.as_bytes()])))
}

/// The folder of `path` (`.` for a bare name) and its file name.
pub(crate) fn dir_and_name(path: &Path) -> std::io::Result<(PathBuf, String)> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "the path names no file"))?
        .to_string_lossy()
        .into_owned();
    Ok((dir, name))
}

/// The file a save to `path` writes: `path` itself, or for a link the file it points
/// to (followed through every link, relative links from the link's own folder).
pub(crate) fn write_target(path: &Path) -> std::io::Result<PathBuf> {
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

/// The name of the temporary file tagged `tag` of a save of the file `name`: never
/// past 255 bytes ([`stem`]).
pub(crate) fn temp_name(name: &str, tag: u64) -> String {
    format!(".{}.{tag:016x}.tmp", stem(name))
}

/// A temporary file being written, locked for as long as it is held.
pub(crate) struct Temp {
    pub(crate) path: PathBuf,
    pub(crate) file: File,
    pub(crate) tag: u64,
}

/// A new temporary file beside the save, with an unpredictable name, created only if
/// nothing (not even a link) has that name, with the save's permissions from the start,
/// and locked, so that another save never takes it for one a killed save left.
pub(crate) fn create_temp(dir: &Path, name: &str, existing: Option<&std::fs::Metadata>) -> std::io::Result<Temp> {
    let mut last = None;
    for attempt in 0..TEMP_TRIES {
        let tag = unpredictable(attempt);
        let tmp = dir.join(temp_name(name, tag));
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
            // Another save may have taken the new file for an abandoned one between its
            // making and its lock: then it is gone, or about to be, and another name is
            // tried.
            Ok(f) if lock_now(&f) != Lock::Held && still_at(&f, &tmp) => return Ok(Temp { path: tmp, file: f, tag }),
            Ok(_) => last = Some(std::io::Error::other("a temporary file was taken away as it was made")),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
}

/// What came of taking a file's lock without waiting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lock {
    /// Taken: no one else holds it.
    Taken,
    /// Another open file holds it (a save under way).
    Held,
    /// The file system keeps no locks (or this system has none).
    Unsupported,
}

/// Takes the lock on `f` if no one holds it, without waiting.
pub(crate) fn lock_now(f: &File) -> Lock {
    #[cfg(unix)]
    {
        match rustix::fs::flock(f, rustix::fs::FlockOperation::NonBlockingLockExclusive) {
            Ok(()) => Lock::Taken,
            Err(rustix::io::Errno::WOULDBLOCK) => Lock::Held,
            Err(_) => Lock::Unsupported,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = f;
        Lock::Unsupported
    }
}

/// Whether the open file `f` is still the one named `path` (not removed or replaced).
pub(crate) fn still_at(f: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (f.metadata(), std::fs::symlink_metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = f;
        path.exists()
    }
}

/// Removes the temporary files that saves in `dir` left when they were killed
/// (`.NAME.<tag>.tmp`, and a record's `.NAME.save-intent.<tag>.tmp`, of any file of the
/// folder): those no living save holds locked. The temporary file a record names is
/// never among them, as the folder's records are finished first
/// ([`crate::save_intent::reclaim`]).
pub(crate) fn remove_abandoned_temps(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(tag) = file_name.to_str().and_then(abandoned_tag) else { continue };
        if tag.len() != 16 || !tag.bytes().all(|b| b.is_ascii_hexdigit()) {
            continue;
        }
        let path = entry.path();
        // Never through a link, never a pipe; locked, so no living save holds it.
        if let Ok(f) = open_no_follow(&path)
            && lock_now(&f) == Lock::Taken
            && still_at(&f, &path)
        {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// The tag of a save's temporary file name, `.NAME.<tag>.tmp`.
fn abandoned_tag(name: &str) -> Option<&str> {
    let middle = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (file, tag) = middle.rsplit_once('.')?;
    (!file.is_empty()).then_some(tag)
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

/// Syncs a folder, so that a rename in it is on disk.
pub(crate) fn sync_dir(dir: &Path) -> std::io::Result<()> {
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

/// Opens the regular file at `path` for reading, never through a link at that name
/// and never waiting on a pipe.
pub(crate) fn open_no_follow(path: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags((rustix::fs::OFlags::NOFOLLOW | rustix::fs::OFlags::NONBLOCK).bits() as i32);
    }
    let f = options.open(path)?;
    if !f.metadata()?.is_file() {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file"));
    }
    Ok(f)
}
