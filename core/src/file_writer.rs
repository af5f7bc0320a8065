//! The one way out: every file the studio writes, from a command or the editor, is
//! written here, under one policy.
//!
//! - A file already at the path is replaced only when the caller says so (`--force`,
//!   or the editor saving a document over its own file), and is named when it is not.
//! - A command never writes over one of its own inputs, even when told to replace.
//! - Only a regular file, or a link to one, is ever replaced: a pipe, a device or a
//!   folder at the path is refused with a sentence.
//! - The new bytes are on disk before the old ones go ([`crate::fsutil::save_atomic`]):
//!   a full disk or a size limit leaves the old file as it was.

use std::path::{Path, PathBuf};

/// How a write may treat what is already at its path.
#[derive(Clone, Debug, Default)]
pub struct Policy {
    /// Replace a regular file already at the path.
    pub replace: bool,
    /// The files the writing command reads: never written over.
    pub inputs: Vec<PathBuf>,
    /// How the refusal of a file already there says to get past it; `None`: pass
    /// `--force`.
    pub how: Option<&'static str>,
}

impl Policy {
    /// A new file only: anything at the path is refused.
    #[must_use]
    pub fn new_file() -> Policy {
        Policy::default()
    }

    /// A file that may replace a regular file at the path (the editor's save of a
    /// document, a command given `--force`).
    #[must_use]
    pub fn replacing() -> Policy {
        Policy { replace: true, ..Policy::default() }
    }

    /// Replaces a file at the path when `force`.
    #[must_use]
    pub fn forced(force: bool) -> Policy {
        Policy { replace: force, ..Policy::default() }
    }

    /// The same policy, its refusal of a file already there saying `how` to get past it
    /// (`"pass --append to add to it or --force to replace it"`).
    #[must_use]
    pub fn telling(mut self, how: &'static str) -> Policy {
        self.how = Some(how);
        self
    }

    /// The same policy, also refusing to write over any of `inputs`.
    #[must_use]
    pub fn reading<P: AsRef<Path>>(mut self, inputs: impl IntoIterator<Item = P>) -> Policy {
        self.inputs.extend(inputs.into_iter().map(|p| p.as_ref().to_path_buf()));
        self
    }
}

/// Checks that a write to `path` under `policy` may go ahead, before any work: the
/// refusal names the file and says why, and nothing on disk has been touched.
pub fn check(path: &Path, policy: &Policy) -> Result<(), String> {
    let shown = path.display();
    let exists = || Err(format!("{shown} already exists; {}", policy.how.unwrap_or("pass --force to replace it")));
    if let Some(input) = policy.inputs.iter().find(|i| same_file(i, path)) {
        return Err(if input == path {
            format!("{shown} is also read by this command; write to another file")
        } else {
            format!("{shown} is {}, which this command reads; write to another file", input.display())
        });
    }
    // What is at the path, links followed: a link to a pipe is a pipe.
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // Nothing there, or a link to nothing: a link is replaced only when told to.
            return match std::fs::symlink_metadata(path) {
                Ok(_) if !policy.replace => exists(),
                _ => Ok(()),
            };
        }
        Err(e) => return Err(format!("{shown}: cannot look at what is there: {e}")),
    };
    if meta.is_dir() {
        return Err(format!("{shown} is a folder; expected the name of a file to write"));
    }
    if !meta.is_file() {
        return Err(format!(
            "{shown} is not a regular file (a pipe, socket or device); the studio writes only regular files"
        ));
    }
    if !policy.replace {
        return exists();
    }
    Ok(())
}

/// Writes `bytes` to `path` under `policy` ([`check`]), atomically.
pub fn write(path: &Path, bytes: &[u8], policy: &Policy) -> Result<(), String> {
    check(path, policy)?;
    crate::fsutil::save_atomic(path, bytes).map_err(|e| format!("{}: cannot save the file: {e}", path.display()))
}

/// True when `a` and `b` name one file: the same path, or (for files that are there)
/// the same file on disk by device and inode, through links and other names. How the
/// studio tells two names of one file apart from two files, wherever it compares them.
pub fn same_file(a: &Path, b: &Path) -> bool {
    if a == b {
        return true;
    }
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(ma), Ok(mb)) => same_inode(&ma, &mb),
        _ => match (a.canonicalize(), b.parent().and_then(|p| p.canonicalize().ok())) {
            // A new file: the same name in the same folder as an input is that input.
            (Ok(ca), Some(dir)) => b.file_name().is_some_and(|n| ca == dir.join(n)),
            _ => false,
        },
    }
}

#[cfg(unix)]
fn same_inode(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_inode(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_file_is_written_and_an_existing_one_only_when_told() {
        let dir = crate::fsutil::scratch_dir("writer-exists");
        let path = dir.join("out.ron");
        write(&path, b"first", &Policy::new_file()).unwrap();
        let refused = write(&path, b"second", &Policy::new_file()).unwrap_err();
        assert_eq!(refused, format!("{} already exists; pass --force to replace it", path.display()));
        assert_eq!(std::fs::read(&path).unwrap(), b"first");
        write(&path, b"second", &Policy::forced(true)).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_input_is_never_written_over_even_when_told_to_replace() {
        let dir = crate::fsutil::scratch_dir("writer-input");
        let input = dir.join("in.recording");
        std::fs::write(&input, b"the run").unwrap();
        let policy = Policy::replacing().reading([&input]);
        let refused = write(&input, b"cut", &policy).unwrap_err();
        assert!(refused.contains("is also read by this command"), "{refused}");
        // The same file by another way of naming it.
        let other = dir.join("..").join(dir.file_name().unwrap()).join("in.recording");
        let refused = write(&other, b"cut", &policy).unwrap_err();
        assert!(refused.contains("which this command reads"), "{refused}");
        #[cfg(unix)]
        {
            let hard = dir.join("hard.recording");
            std::fs::hard_link(&input, &hard).unwrap();
            assert!(write(&hard, b"cut", &policy).is_err());
        }
        assert_eq!(std::fs::read(&input).unwrap(), b"the run");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_pipe_a_device_or_a_folder_is_never_replaced() {
        let dir = crate::fsutil::scratch_dir("writer-odd");
        let fifo = dir.join("pipe.parquet");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        for path in [fifo.as_path(), Path::new("/dev/null"), dir.as_path()] {
            let refused = write(path, b"x", &Policy::replacing()).unwrap_err();
            assert!(refused.starts_with(&path.display().to_string()), "{refused}");
            assert!(refused.contains("not a regular file") || refused.contains("is a folder"), "{refused}");
        }
        assert!(std::os::unix::fs::FileTypeExt::is_fifo(&std::fs::symlink_metadata(&fifo).unwrap().file_type()));
        // A link to a pipe is a pipe.
        let link = dir.join("link.parquet");
        std::os::unix::fs::symlink(&fifo, &link).unwrap();
        assert!(write(&link, b"x", &Policy::replacing()).unwrap_err().contains("not a regular file"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
