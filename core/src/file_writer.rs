//! The one way out: every file the studio writes, from a command or the editor, is
//! written here, under one policy.
//!
//! - A file already at the path is replaced only when the caller says so (`--force`,
//!   or the editor saving a document over its own file), and is named when it is not.
//! - A command never writes over a file it read, even when told to replace: the one
//!   reader notes every file a command opens ([`crate::opened_files`]) and the output
//!   is refused when it is one of them, by any name. The one write in place is the
//!   editor's save of a document over its own file, and the policy says so
//!   ([`Policy::replacing_its_own_input`]).
//! - Only a regular file, or a link to one, is ever replaced: a pipe, a device or a
//!   folder at the path is refused with a sentence.
//! - The new bytes are on disk before the old ones go ([`crate::fsutil::save_atomic`]):
//!   a full disk or a size limit leaves the old file as it was.

use std::path::Path;

/// How a write may treat what is already at its path.
#[derive(Clone, Debug, Default)]
pub struct Policy {
    /// Replace a regular file already at the path.
    pub replace: bool,
    /// The write replaces the file it was read from: the editor's save of an open
    /// document, or a command told to change a file in place. Otherwise a file the
    /// command read is never written over.
    pub own_input: bool,
    /// The command line flag that names the path (`-o`, `--parquet`), for the refusal.
    pub flag: Option<&'static str>,
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

    /// The one write over a file that was read: a document saved over its own file (the
    /// editor's save), or a file a command is told to change in place (a `delete`
    /// without `-o`, a `record --append`).
    #[must_use]
    pub fn replacing_its_own_input() -> Policy {
        Policy { replace: true, own_input: true, ..Policy::default() }
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

    /// The same policy, its refusals naming `flag`, the flag that gave the path.
    #[must_use]
    pub fn flag(mut self, flag: &'static str) -> Policy {
        self.flag = Some(flag);
        self
    }
}

/// Checks that a write to `path` under `policy` may go ahead, before any work: the
/// refusal names the file and says why, and nothing on disk has been touched.
pub fn check(path: &Path, policy: &Policy) -> Result<(), String> {
    let shown = path.display();
    let exists = || Err(format!("{shown} already exists; {}", policy.how.unwrap_or("pass --force to replace it")));
    if !policy.own_input
        && let Some(input) = crate::opened_files::read_by_this_command(path)
    {
        return Err(over_input(path, &input, policy));
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

/// The refusal of a write to `path`, which is the file the command read as `input`:
/// names the flag, the output and the input, and says how to write elsewhere.
fn over_input(path: &Path, input: &Path, policy: &Policy) -> String {
    let (flag, elsewhere) = match policy.flag {
        Some(f) => (format!("{f} "), format!("give {f} another file")),
        None => (String::new(), "write to another file".to_owned()),
    };
    let shown = path.display();
    if input == path {
        format!("{flag}{shown} is also read by this command, which never writes over what it reads; {elsewhere}")
    } else {
        format!("{flag}{shown} is {}, which this command reads and never writes over; {elsewhere}", input.display())
    }
}

/// Refuses outputs of one command that name one file (by any name, [`same_file`]):
/// each `(flag, path)` must be a file of its own, or one write would be lost under the
/// other.
pub fn distinct_outputs(outputs: &[(&str, &Path)]) -> Result<(), String> {
    for (i, (flag, path)) in outputs.iter().enumerate() {
        let one = |p: &Path| same_file(p, path) || written_at(p).is_some_and(|w| Some(w) == written_at(path));
        if let Some((other, first)) = outputs[..i].iter().find(|(_, p)| one(p)) {
            return Err(format!(
                "{other} {} and {flag} {} name one file; give each output a file of its own",
                first.display(),
                path.display()
            ));
        }
    }
    Ok(())
}

/// The file a write to `path` makes or replaces, links followed, in its folder's
/// canonical name; `None` when the folder is not there.
fn written_at(path: &Path) -> Option<std::path::PathBuf> {
    let path = crate::temp_file::write_target(path).ok()?;
    let (dir, name) = crate::temp_file::dir_and_name(&path).ok()?;
    Some(dir.canonicalize().ok()?.join(name))
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
    fn a_file_read_is_found_by_any_of_its_names_and_the_refusal_names_flag_and_input() {
        let dir = crate::fsutil::scratch_dir("writer-input");
        let input = dir.join("in.recording");
        std::fs::write(&input, b"the run").unwrap();
        let mut opened = crate::opened_files::OpenedFiles::default();
        opened.note(&std::fs::metadata(&input).unwrap(), &input);
        let read_as = |p: &Path| std::fs::metadata(p).ok().and_then(|m| opened.read_as(&m).map(Path::to_path_buf));
        assert_eq!(read_as(&input), Some(input.clone()));
        // The same file by another way of naming it, a link and a hard link.
        let other = dir.join("..").join(dir.file_name().unwrap()).join("in.recording");
        assert_eq!(read_as(&other), Some(input.clone()));
        #[cfg(unix)]
        {
            let hard = dir.join("hard.recording");
            std::fs::hard_link(&input, &hard).unwrap();
            assert_eq!(read_as(&hard), Some(input.clone()));
            let soft = dir.join("soft.recording");
            std::os::unix::fs::symlink(&input, &soft).unwrap();
            assert_eq!(read_as(&soft), Some(input.clone()));
        }
        std::fs::write(dir.join("new.recording"), b"another").unwrap();
        assert_eq!(read_as(&dir.join("new.recording")), None);
        assert_eq!(read_as(&dir.join("absent.recording")), None);
        let policy = Policy::replacing().flag("-o");
        let m = over_input(&other, &input, &policy);
        assert!(
            m.starts_with(&format!("-o {} is {}, which this command reads", other.display(), input.display())),
            "{m}"
        );
        assert!(m.ends_with("give -o another file"), "{m}");
        let m = over_input(&input, &input, &Policy::replacing());
        assert!(m.contains("is also read by this command") && m.ends_with("write to another file"), "{m}");
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
