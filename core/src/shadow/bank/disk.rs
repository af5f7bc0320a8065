//! Banks on disk: read in the form the file's first bytes show, written in the form its
//! name asks for, always atomically.

use std::path::Path;

use super::binary_form::BINARY_MAGIC;
use super::model::Bank;
use crate::error::LoadError;

impl Bank {
    /// Reads a bank from disk: the binary form when the file starts with
    /// [`BINARY_MAGIC`], RON otherwise.
    pub fn load(path: &Path) -> Result<Bank, LoadError> {
        let bytes = crate::file_reader::read_bytes(path, crate::file_reader::Limit::Bank)?;
        Self::from_bytes(path, &bytes)
    }

    /// Reads a bank from the bytes of the file at `path`: the binary form when they start
    /// with [`BINARY_MAGIC`], RON otherwise.
    pub fn from_bytes(path: &Path, bytes: &[u8]) -> Result<Bank, LoadError> {
        let file = path.display().to_string();
        if bytes.starts_with(&BINARY_MAGIC[..6]) {
            return Self::from_binary(&file, bytes);
        }
        match std::str::from_utf8(bytes) {
            Ok(text) => Self::parse_ron(&file, text),
            // read_text says where the first byte that is not UTF-8 is.
            Err(_) => Err(crate::file_reader::read_text(path)
                .err()
                .unwrap_or_else(|| LoadError::whole_file(&file, "expected UTF-8 text or a binary bank"))),
        }
    }

    /// Writes the bank atomically (SPEC §14) in the form of the bank already at `path`
    /// (a RON bank named `*.bank` stays RON, a binary one named `*.ron` stays binary),
    /// and for a new file, RON for a `.ron` path and the binary form for any other.
    pub fn save(&self, path: &Path, policy: &crate::file_writer::Policy) -> Result<(), String> {
        let bytes = match existing_form(path) {
            Some(true) => self.to_binary(),
            Some(false) => self.to_ron().into_bytes(),
            None => self.bytes_for(path),
        };
        crate::file_writer::write(path, &bytes, policy)
    }

    /// The bytes a save to `path` writes: RON for a `.ron` path, the binary form for any
    /// other.
    pub fn bytes_for(&self, path: &Path) -> Vec<u8> {
        if Bank::is_ron_path(path) { self.to_ron().into_bytes() } else { self.to_binary() }
    }

    /// Whether a save to `path` writes RON (a `.ron` path) rather than the binary form.
    pub fn is_ron_path(path: &Path) -> bool {
        path.extension().is_some_and(|e| e.eq_ignore_ascii_case("ron"))
    }
}

/// The form of the file at `path`: `Some(true)` for a binary bank, `Some(false)` for any
/// other file with something in it, `None` when there is none (or it is empty).
fn existing_form(path: &Path) -> Option<bool> {
    use std::io::Read;
    let mut head = Vec::with_capacity(6);
    let (f, _) = crate::file_reader::open(path, crate::file_reader::Limit::Bank).ok()?;
    f.take(6).read_to_end(&mut head).ok()?;
    if head.is_empty() {
        return None;
    }
    Some(head == BINARY_MAGIC[..6])
}
