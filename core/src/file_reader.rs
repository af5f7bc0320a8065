//! The one way in: every file the studio reads, from the command line, the editor, the
//! watcher or an import, is opened here.
//!
//! Only a regular file is read (a pipe would block the read and a device such as
//! `/dev/zero` would never end it), and never more than its kind's limit (a wrong path,
//! a disk image or a log, is refused before it fills memory). The file is opened
//! without waiting, then asked what it is through the open handle, so a pipe put at the
//! path between a look and the open cannot block the read either. A save of the file
//! cut off in its copy in place is finished first ([`crate::save_intent`]). Every file
//! opened is noted for the command running ([`crate::opened_files`]), so that it never
//! writes over one.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use crate::error::{BOM, LoadError, line_col};

pub use crate::read_limit::Limit;

/// The largest text file the studio reads ([`Limit::Text`]).
pub const MAX_TEXT_BYTES: u64 = Limit::Text.bytes();

/// Opens the regular file at `path` for reading, with its length, refusing anything
/// else and a file larger than `limit`, each with a sentence naming the file.
pub fn open(path: &Path, limit: Limit) -> Result<(File, u64), LoadError> {
    #[cfg(feature = "io-counts")]
    crate::io_counts::opened();
    let file = path.display().to_string();
    let cannot = |e: std::io::Error| LoadError::whole_file(&file, format!("cannot read the file: {e}"));
    // A save in place cut off by a crash is finished before the file is read, so that
    // no half-copied file is ever read.
    crate::save_intent::finish(path).map_err(cannot)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Opening a pipe for reading waits for a writer unless told not to.
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    let f = options.open(path).map_err(cannot)?;
    let meta = f.metadata().map_err(cannot)?;
    if meta.is_dir() {
        return Err(LoadError::whole_file(&file, "cannot read the file: it is a folder; expected a file"));
    }
    if !meta.is_file() {
        return Err(LoadError::whole_file(
            &file,
            "cannot read the file: it is not a regular file (a pipe, socket or device); expected a file",
        ));
    }
    if meta.len() > limit.bytes() {
        return Err(too_large(&file, limit));
    }
    // A command never writes over a file it read ([`crate::opened_files`]).
    crate::opened_files::note(&meta, path);
    Ok((f, meta.len()))
}

/// Reads the whole regular file at `path`, at most `limit` bytes ([`open`]).
pub fn read_bytes(path: &Path, limit: Limit) -> Result<Vec<u8>, LoadError> {
    let file = path.display().to_string();
    let (f, len) = open(path, limit)?;
    let mut bytes = Vec::with_capacity(len as usize);
    // Read one byte past the limit, so a file that grew since it was opened is still
    // caught.
    f.take(limit.bytes() + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| LoadError::whole_file(&file, format!("cannot read the file: {e}")))?;
    if bytes.len() as u64 > limit.bytes() {
        return Err(too_large(&file, limit));
    }
    Ok(bytes)
}

/// Reads a UTF-8 text file ([`Limit::Text`]), a byte-order mark left out, with the
/// line and column of the first byte that is not UTF-8.
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    read_text_within(path, Limit::Text)
}

/// [`read_text`] for a text file of a kind allowed more than [`Limit::Text`] (a game's
/// run), at most `limit` bytes.
pub fn read_text_within(path: &Path, limit: Limit) -> Result<String, LoadError> {
    let file = path.display().to_string();
    let mut bytes = read_bytes(path, limit)?;
    // A byte-order mark is not part of the text: editors hide it, and the studio's
    // files are UTF-8 without one.
    if bytes.starts_with(BOM.to_string().as_bytes()) {
        bytes.drain(..BOM.len_utf8());
    }
    String::from_utf8(bytes).map_err(|e| {
        let (line, col) = {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let text = String::from_utf8_lossy(valid);
            line_col(&text, text.len())
        };
        LoadError::new(&file, line, col, "expected UTF-8 text, found bytes that are not")
    })
}

fn too_large(file: &str, limit: Limit) -> LoadError {
    LoadError::whole_file(
        file,
        format!("the file is larger than the {} MiB {} may be", limit.bytes() / (1024 * 1024), limit.what()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(r: Result<Vec<u8>, LoadError>) -> String {
        r.expect_err("refused").to_string()
    }

    #[test]
    fn a_regular_file_is_read_whole() {
        let dir = crate::fsutil::scratch_dir("reader-plain");
        let path = dir.join("a.ron");
        std::fs::write(&path, b"(a: 1)").unwrap();
        assert_eq!(read_bytes(&path, Limit::Text).unwrap(), b"(a: 1)");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_pipe_a_device_and_a_folder_are_refused_at_once() {
        let dir = crate::fsutil::scratch_dir("reader-odd");
        let fifo = dir.join("pipe.ron");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let m = message(read_bytes(&fifo, Limit::Text));
        assert!(m.starts_with(&format!("{}:", fifo.display())) && m.contains("not a regular file"), "{m}");
        let m = message(read_bytes(Path::new("/dev/zero"), Limit::Recording));
        assert!(m.starts_with("/dev/zero:") && m.contains("not a regular file"), "{m}");
        let m = message(read_bytes(&dir, Limit::Large("a large file")));
        assert!(m.contains("it is a folder"), "{m}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_past_its_kinds_limit_is_refused_naming_the_limit() {
        let dir = crate::fsutil::scratch_dir("reader-large");
        let path = dir.join("big.ron");
        let f = File::create(&path).unwrap();
        // Sparse: no disk is used for the length.
        f.set_len(Limit::Text.bytes() + 1).unwrap();
        let m = message(read_bytes(&path, Limit::Text));
        assert!(m.contains("larger than the 64 MiB a studio text file may be"), "{m}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
