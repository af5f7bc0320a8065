//! The files a command has read, so that it never writes over one (docs/files.md).
//!
//! The one reader ([`crate::file_reader`]) notes each file it opens, by device and
//! inode; the one writer ([`crate::file_writer`]) refuses an output that is one of
//! them, whatever the command and however the output is named (the same path, another
//! path to it, a link, a hard link). Noting is for a command's run: the command line
//! starts it as a command begins ([`note_for_this_command`]). The editor never does, as
//! over its life it reads many files and saves the documents it opened; such a save
//! says that it replaces its own file
//! ([`crate::file_writer::Policy::replacing_its_own_input`]).

use std::collections::HashMap;
use std::fs::Metadata;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The files read, by (device, inode), each with the path it was first read by.
#[derive(Debug, Default)]
pub(crate) struct OpenedFiles {
    files: HashMap<(u64, u64), PathBuf>,
}

impl OpenedFiles {
    /// Notes the file `meta` describes, read by `path`.
    pub(crate) fn note(&mut self, meta: &Metadata, path: &Path) {
        if let Some(key) = key(meta) {
            self.files.entry(key).or_insert_with(|| path.to_path_buf());
        }
    }

    /// The path by which the file `meta` describes was read, if it was.
    pub(crate) fn read_as(&self, meta: &Metadata) -> Option<&Path> {
        key(meta).and_then(|k| self.files.get(&k)).map(PathBuf::as_path)
    }
}

/// The files this process's command has read; `None` until a command starts noting.
static FOR_COMMAND: Mutex<Option<OpenedFiles>> = Mutex::new(None);

fn for_command() -> MutexGuard<'static, Option<OpenedFiles>> {
    FOR_COMMAND.lock().unwrap_or_else(PoisonError::into_inner)
}

/// From now on this process runs one command: every file the one reader opens is
/// noted, and the one writer never writes over one of them. Called by the command line
/// as a command starts; never by the editor.
pub fn note_for_this_command() {
    for_command().get_or_insert_with(OpenedFiles::default);
}

/// Notes a file the one reader opened (`meta`, read by `path`), when a command is
/// noting.
pub(crate) fn note(meta: &Metadata, path: &Path) {
    if let Some(opened) = for_command().as_mut() {
        opened.note(meta, path);
    }
}

/// The path by which this process's command read the file now at `path` (links
/// followed), if it did.
pub(crate) fn read_by_this_command(path: &Path) -> Option<PathBuf> {
    let meta = std::fs::metadata(path).ok()?;
    for_command().as_ref()?.read_as(&meta).map(Path::to_path_buf)
}

#[cfg(unix)]
fn key(meta: &Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn key(_: &Metadata) -> Option<(u64, u64)> {
    None
}
