//! A save in place that a crash cannot leave half done.
//!
//! A file with other hard links is saved by copying the new bytes over it in place (a
//! rename would give the saved name a new inode and leave the other names with the old
//! contents). That copy is not atomic, so it is guarded by a record beside the file,
//! `.NAME.save-intent`, written and made durable before the first byte of the file
//! changes:
//!
//! 1. the new bytes are written to a temporary file `.NAME.<tag>.tmp` and synced;
//! 2. the record names the temporary file by its tag, with the new bytes' length and
//!    CRC-32, and is put in place by a rename and synced;
//! 3. the bytes are copied over the file, which is cut to their length and synced;
//! 4. the record is removed, then the temporary file.
//!
//! A process killed at any step leaves either no record (the file holds the old bytes,
//! or the new ones whole) or a record whose temporary file holds the new bytes whole.
//! [`finish`], run by the one reader before a file is opened and by the one writer
//! before a file is saved, finds the record and copies the new bytes in from the
//! temporary file; when the temporary file is missing or does not match the record
//! (damaged after it was made durable) nothing can be copied, and the record and the
//! temporary file are removed. The saving process holds a lock on the record while it
//! copies, so a reader meanwhile waits for the save to end rather than finishing it too.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use crate::temp_file::{
    create_temp, dir_and_name, open_no_follow, remove_abandoned_temps, stem, still_at, sync_dir, temp_name,
    write_target,
};

/// The most bytes a record may have; a larger file at its name is not a record.
const MAX_RECORD_BYTES: u64 = 4096;

/// The first line of every record.
const RECORD_HEADER: &str = "creature-studio save intent 1";

/// How a record's name ends.
const RECORD_SUFFIX: &str = ".save-intent";

/// The record beside the file `name` in `dir` (a long name by its hash, [`stem`]).
pub(crate) fn record_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!(".{}{RECORD_SUFFIX}", stem(name)))
}

/// What a record says: the temporary file's tag, and the new bytes' length and CRC-32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Intent {
    tag: u64,
    len: u64,
    crc: u32,
}

impl Intent {
    fn of(tag: u64, bytes: &[u8]) -> Intent {
        Intent { tag, len: bytes.len() as u64, crc: crc32fast::hash(bytes) }
    }

    fn text(self) -> String {
        format!("{RECORD_HEADER}\ntemp {:016x}\nlength {}\ncrc32 {:08x}\n", self.tag, self.len, self.crc)
    }

    /// The record's text read back; `None` for anything else.
    fn parse(text: &str) -> Option<Intent> {
        let mut lines = text.lines();
        if lines.next()? != RECORD_HEADER {
            return None;
        }
        let mut field = |key: &str| lines.next()?.strip_prefix(key)?.strip_prefix(' ');
        let tag = field("temp").filter(|t| t.len() == 16).and_then(|t| u64::from_str_radix(t, 16).ok())?;
        let len = field("length")?.parse().ok()?;
        let crc = field("crc32").filter(|c| c.len() == 8).and_then(|c| u32::from_str_radix(c, 16).ok())?;
        lines.next().is_none().then_some(Intent { tag, len, crc })
    }
}

/// Copies `bytes`, already written and synced to the temporary file `temp` (tagged
/// `tag`, beside `path`, which is `name` in `dir`), over the file at `path` in place,
/// guarded by a record (see the module's steps). The file's space is reserved before
/// anything in it changes, so a full disk fails with the old contents whole, the new
/// ones left in the temporary file the error names.
pub(crate) fn copy_in_place(dir: &Path, name: &str, temp: &Path, tag: u64, bytes: &[u8]) -> std::io::Result<()> {
    let path = dir.join(name);
    let record = write_record(dir, name, Intent::of(tag, bytes))?;
    let kept = |e: std::io::Error, then: &str| {
        std::io::Error::new(e.kind(), format!("{e}; the new contents are kept in {}{then}", temp.display()))
    };
    // Until a byte is copied, a failure leaves the file as it was, and the record goes.
    let give_up = |e: std::io::Error| {
        let _ = std::fs::remove_file(record_path(dir, name)).and_then(|()| sync_dir(dir));
        kept(e, "")
    };
    let mut f = OpenOptions::new().write(true).open(&path).map_err(give_up)?;
    let old_len = f.metadata().map_err(give_up)?.len();
    if let Err(e) = reserve(&f, bytes.len() as u64) {
        if f.metadata().is_ok_and(|m| m.len() != old_len) {
            let _ = f.set_len(old_len);
        }
        return Err(give_up(e));
    }
    let copied = (|| {
        f.write_all(bytes)?;
        f.set_len(bytes.len() as u64)?;
        f.sync_all()
    })();
    copied.map_err(|e| kept(e, ", and are copied in by the next command that opens the file"))?;
    std::fs::remove_file(record_path(dir, name))?;
    sync_dir(dir)?;
    drop(record);
    std::fs::remove_file(temp)
}

/// Writes the record, synced, into place by a rename; the returned file holds its lock
/// until the save is over.
fn write_record(dir: &Path, name: &str, intent: Intent) -> std::io::Result<File> {
    let mut temp = create_temp(dir, &format!("{name}.save-intent"), None)?;
    let made = (|| {
        temp.file.write_all(intent.text().as_bytes())?;
        temp.file.sync_all()?;
        std::fs::rename(&temp.path, record_path(dir, name))?;
        sync_dir(dir)
    })();
    if let Err(e) = made {
        let _ = std::fs::remove_file(&temp.path);
        return Err(e);
    }
    Ok(temp.file)
}

/// Finishes a save of the file at `path` that was cut off in its copy (see the
/// module's steps): when a record is beside the file, the new bytes are copied in
/// from the temporary file it names, or, when that file is not whole, the record and
/// it are removed. Waits for a save that is still under way. A path with no record
/// costs one look at the folder.
///
/// A record is checked before it is believed: only a regular record beside a regular
/// file is acted on, each looked at without following a link and before it is opened;
/// the length it claims must be the temporary file's own and within what the readers
/// take of the file's kind ([`crate::read_limit::Limit`]). A record beside a pipe, a
/// device or a folder is removed and the file refused, naming both; a record that
/// claims too much is removed with its temporary file, the file left as it is.
pub(crate) fn finish(path: &Path) -> std::io::Result<()> {
    // A path that does not resolve is left for the caller to report as it opens it.
    let Ok(path) = write_target(path) else { return Ok(()) };
    let Ok((dir, name)) = dir_and_name(&path) else { return Ok(()) };
    let record = record_path(&dir, &name);
    match std::fs::symlink_metadata(&record) {
        Ok(m) if m.is_file() => {}
        // No record, or something else at its name (which a save never makes).
        _ => return Ok(()),
    }
    let cut_off = |e: std::io::Error| {
        std::io::Error::new(
            e.kind(),
            format!("a save of this file was cut off and could not be finished from {}: {e}", record.display()),
        )
    };
    // A save copies only into a regular file: a record beside anything else is not
    // one of its own, and the file is never opened for writing.
    let file = std::fs::symlink_metadata(&path);
    if file.as_ref().is_ok_and(|m| !m.is_file()) {
        std::fs::remove_file(&record).and_then(|()| sync_dir(&dir)).map_err(cut_off)?;
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "it is not a regular file (a pipe, socket, device or folder), so the save record {} beside it was \
                 not believed and is removed",
                record.display()
            ),
        ));
    }
    let Some(mut held) = lock_record(&record).map_err(cut_off)? else { return Ok(()) };
    let mut text = String::new();
    let _ = (&mut held).take(MAX_RECORD_BYTES).read_to_string(&mut text);
    if let Some(intent) = Intent::parse(&text) {
        let temp = dir.join(temp_name(&name, intent.tag));
        // A file removed since is not made again: its record and temporary file go.
        // A length past the readers' limit for the file is never hashed.
        let believed = file.is_ok() && intent.len <= crate::read_limit::Limit::of_path(&path).bytes();
        if believed && temp_holds(&temp, intent).map_err(cut_off)? {
            copy_over(&temp, &path, intent.len).map_err(cut_off)?;
        }
        std::fs::remove_file(&record).map_err(cut_off)?;
        sync_dir(&dir).map_err(cut_off)?;
        drop(held);
        return match remove_temp(&temp) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(cut_off(e)),
            _ => Ok(()),
        };
    }
    // Not a record the studio wrote whole: the copy it would guard never began.
    std::fs::remove_file(&record).map_err(cut_off)?;
    sync_dir(&dir).map_err(cut_off)
}

/// Removes a record's temporary file, only a regular file or a link (never what a link
/// points to).
fn remove_temp(temp: &Path) -> std::io::Result<()> {
    match std::fs::symlink_metadata(temp) {
        Ok(m) if m.is_file() || m.file_type().is_symlink() => std::fs::remove_file(temp),
        Ok(_) => Ok(()),
        Err(e) => Err(e),
    }
}

/// Reclaims what killed saves left in the folder `dir`, as a command writes into it:
/// every record is finished ([`finish`], for the file it names, or removed with its
/// temporary file when that file is gone), then the temporary files no living save
/// holds are removed. What cannot be reclaimed is left to the file's next reader.
pub(crate) fn reclaim(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let names: Vec<String> = entries.flatten().filter_map(|e| e.file_name().into_string().ok()).collect();
    for record in &names {
        let Some(file_stem) = record.strip_prefix('.').and_then(|n| n.strip_suffix(RECORD_SUFFIX)) else { continue };
        if file_stem.is_empty() {
            continue;
        }
        // The file the record is beside: its own name, or a long name by its hash.
        let file = names.iter().find(|n| stem(n) == file_stem).map_or(file_stem, String::as_str);
        let _ = finish(&dir.join(file));
    }
    remove_abandoned_temps(dir);
}

/// The record at `path`, opened and locked (waiting for a save under way to release
/// it); `None` when the save under way finished and removed it meanwhile.
fn lock_record(path: &Path) -> std::io::Result<Option<File>> {
    let f = match open_no_follow(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    #[cfg(unix)]
    {
        // A file system that keeps no locks is read without waiting.
        let _ = rustix::fs::flock(&f, rustix::fs::FlockOperation::LockExclusive);
    }
    Ok(still_at(&f, path).then_some(f))
}

/// Whether the temporary file at `path` holds the bytes `intent` describes.
fn temp_holds(path: &Path, intent: Intent) -> std::io::Result<bool> {
    let f = match open_no_follow(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(e),
    };
    let meta = f.metadata()?;
    if !meta.is_file() || meta.len() != intent.len {
        return Ok(false);
    }
    let mut hasher = crc32fast::Hasher::new();
    let mut reader = std::io::BufReader::with_capacity(1 << 16, f);
    loop {
        let chunk = std::io::BufRead::fill_buf(&mut reader)?;
        if chunk.is_empty() {
            break;
        }
        hasher.update(chunk);
        let n = chunk.len();
        std::io::BufRead::consume(&mut reader, n);
    }
    Ok(hasher.finalize() == intent.crc)
}

/// Copies the temporary file over `path` in place, cuts it to `len` and syncs it.
fn copy_over(temp: &Path, path: &Path, len: u64) -> std::io::Result<()> {
    let mut from = open_no_follow(temp)?;
    let mut options = OpenOptions::new();
    options.write(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Never waiting on a pipe put at the path since it was looked at.
        options.custom_flags((rustix::fs::OFlags::NOFOLLOW | rustix::fs::OFlags::NONBLOCK).bits() as i32);
    }
    let mut to = options.open(path)?;
    if !to.metadata()?.is_file() {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a regular file"));
    }
    std::io::copy(&mut (&mut from).take(len), &mut to)?;
    to.set_len(len)?;
    to.sync_all()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fsutil::scratch_dir;

    /// A save cut off after its record was made: the record, the temporary file with
    /// the new bytes, and the file itself part new, part old, part zeros.
    fn cut_off_save(dir: &Path, old: &[u8], new: &[u8], copied: usize) -> (PathBuf, PathBuf) {
        let path = dir.join("linked.bin");
        let mut now = new[..copied].to_vec();
        now.extend_from_slice(old.get(copied..).unwrap_or_default());
        now.resize(new.len().max(old.len()), 0);
        std::fs::write(&path, &now).unwrap();
        let tag = 0x0123_4567_89ab_cdef;
        let temp = dir.join(temp_name("linked.bin", tag));
        std::fs::write(&temp, new).unwrap();
        std::fs::write(record_path(dir, "linked.bin"), Intent::of(tag, new).text()).unwrap();
        (path, temp)
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        v.sort();
        v
    }

    #[test]
    fn a_record_reads_back_and_nothing_else_passes_for_one() {
        let intent = Intent { tag: 0xfeed_0000_0000_0001, len: 51_000_000, crc: 0xdead_beef };
        assert_eq!(Intent::parse(&intent.text()), Some(intent));
        assert_eq!(Intent::parse(&intent.text()[..40]), None);
        assert_eq!(Intent::parse(&intent.text().replace("0001", "../..")), None);
        assert_eq!(Intent::parse(""), None);
    }

    #[test]
    fn a_cut_off_copy_is_finished_from_the_temporary_file_before_the_file_is_read() {
        let dir = scratch_dir("intent-finish");
        let (old, new) = (vec![7u8; 5000], vec![9u8; 3000]);
        let (path, temp) = cut_off_save(&dir, &old, &new, 1000);
        std::fs::hard_link(&path, dir.join("other.bin")).unwrap();
        let read = crate::file_reader::read_bytes(&path, crate::file_reader::Limit::Large("a large file")).unwrap();
        assert_eq!(read, new);
        assert_eq!(std::fs::read(dir.join("other.bin")).unwrap(), new, "every name sees the new bytes");
        assert!(!temp.exists());
        assert_eq!(names(&dir), ["linked.bin", "other.bin"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_temporary_file_that_is_not_whole_is_rolled_back_and_both_go() {
        let dir = scratch_dir("intent-rollback");
        let (old, new) = (b"the old bytes".to_vec(), b"the new bytes, longer".to_vec());
        let (path, temp) = cut_off_save(&dir, &old, &new, 0);
        std::fs::write(&temp, &new[..5]).unwrap();
        finish(&path).unwrap();
        assert_eq!(std::fs::read(&path).unwrap()[..old.len()], old[..]);
        assert_eq!(names(&dir), ["linked.bin"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_record_of_a_file_removed_since_goes_with_its_temporary_file() {
        let dir = scratch_dir("intent-removed");
        let (path, _) = cut_off_save(&dir, b"old", b"new", 1);
        std::fs::remove_file(&path).unwrap();
        crate::fsutil::save_atomic(&path, b"made again").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"made again");
        assert_eq!(names(&dir), ["linked.bin"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Runs `f` on a thread of its own and waits for it at most a minute: a harness
    /// against a hang, not a measure of speed.
    fn ends<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || tx.send(f()).unwrap());
        rx.recv_timeout(std::time::Duration::from_secs(60)).expect("it ended")
    }

    #[cfg(unix)]
    #[test]
    fn a_record_beside_a_pipe_is_removed_and_the_pipe_never_opened() {
        let dir = scratch_dir("intent-pipe");
        let (_, temp) = cut_off_save(&dir, b"old", b"new", 0);
        let path = dir.join("linked.bin");
        std::fs::remove_file(&path).unwrap();
        assert!(std::process::Command::new("mkfifo").arg(&path).status().unwrap().success());
        let p = path.clone();
        let m = ends(move || finish(&p)).unwrap_err().to_string();
        assert!(m.contains("not a regular file") && m.contains(".linked.bin.save-intent"), "{m}");
        assert!(!record_path(&dir, "linked.bin").exists());
        // The reader refuses the pipe, with or without a record beside it.
        std::fs::write(record_path(&dir, "linked.bin"), Intent::of(0x0123_4567_89ab_cdef, b"new").text()).unwrap();
        let p = path.clone();
        let m = ends(move || crate::file_reader::read_bytes(&p, crate::file_reader::Limit::Large("a large file")))
            .unwrap_err();
        assert!(m.to_string().contains("not a regular file"), "{m}");
        assert!(temp.exists(), "the temporary file is left to the folder's next save");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_record_claiming_more_than_the_readers_take_is_never_hashed() {
        let dir = scratch_dir("intent-forged");
        let path = dir.join("daisy.ron");
        std::fs::write(&path, b"(the creature)").unwrap();
        let tag = 0x0bad_0bad_0bad_0bad;
        let temp = dir.join(temp_name("daisy.ron", tag));
        // Sparse: 200 GB long, no disk used; the length claimed is its real one.
        let len = 200 * 1024 * 1024 * 1024;
        std::fs::File::create(&temp).unwrap().set_len(len).unwrap();
        std::fs::write(record_path(&dir, "daisy.ron"), Intent { tag, len, crc: 0 }.text()).unwrap();
        let p = path.clone();
        ends(move || crate::file_reader::read_text(&p)).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"(the creature)");
        assert_eq!(names(&dir), ["daisy.ron"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_name_of_246_bytes_is_saved_and_its_cut_off_save_finished() {
        let dir = scratch_dir("intent-long");
        let name = format!("{}.ron", "n".repeat(242));
        assert_eq!(name.len(), 246);
        let path = dir.join(&name);
        crate::fsutil::save_atomic(&path, b"old").unwrap();
        std::fs::hard_link(&path, dir.join("other.ron")).unwrap();
        crate::fsutil::save_atomic(&path, b"new bytes").unwrap();
        assert_eq!(std::fs::read(dir.join("other.ron")).unwrap(), b"new bytes");
        let tag = 0x0123_4567_89ab_cdef;
        assert!(temp_name(&name, tag).len() <= name.len() && record_path(&dir, &name).file_name().unwrap().len() < 255);
        std::fs::write(dir.join(temp_name(&name, tag)), b"newest").unwrap();
        std::fs::write(record_path(&dir, &name), Intent::of(tag, b"newest").text()).unwrap();
        assert_eq!(crate::file_reader::read_bytes(&path, crate::file_reader::Limit::Text).unwrap(), b"newest");
        let mut both = [name, "other.ron".to_owned()];
        both.sort();
        assert_eq!(names(&dir), both);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_folders_records_and_temporaries_go_with_the_next_save_into_it() {
        let dir = scratch_dir("intent-reclaim");
        // A cut-off save of linked.bin, another of a file removed since, and a killed
        // save's temporary file of a third.
        let (path, _) = cut_off_save(&dir, b"old bytes", b"new", 1);
        let gone_tag = 0x1111_2222_3333_4444;
        std::fs::write(dir.join(temp_name("gone.ron", gone_tag)), b"x").unwrap();
        std::fs::write(record_path(&dir, "gone.ron"), Intent::of(gone_tag, b"x").text()).unwrap();
        std::fs::write(dir.join(temp_name("third.ron", 0x5555_6666_7777_8888)), b"half").unwrap();
        crate::fsutil::save_atomic(&dir.join("saved.ron"), b"saved").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        assert_eq!(names(&dir), ["linked.bin", "saved.ron"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_save_finishes_a_cut_off_one_first() {
        let dir = scratch_dir("intent-save");
        let (path, _) = cut_off_save(&dir, b"old old old", b"new", 1);
        crate::fsutil::save_atomic(&path, b"newer").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"newer");
        assert_eq!(names(&dir), ["linked.bin"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
