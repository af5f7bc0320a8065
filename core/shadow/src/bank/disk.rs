//! Banks on disk: read in the form the file's first bytes show, written in the form its
//! name asks for, always atomically.

use std::path::Path;

use super::binary_form::BINARY_MAGIC;
use super::model::Bank;
use creature_core::error::LoadError;

impl Bank {
    /// Reads a bank from disk: the binary form when the file starts with
    /// [`BINARY_MAGIC`], RON otherwise.
    pub fn load(path: &Path) -> Result<Bank, LoadError> {
        let bytes = creature_core::file_reader::read_bytes(path, crate::kinds::BANK_LIMIT)?;
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
            Err(_) => Err(creature_core::file_reader::read_text(path)
                .err()
                .unwrap_or_else(|| LoadError::whole_file(&file, "expected UTF-8 text or a binary bank"))),
        }
    }

    /// Writes the bank atomically (SPEC §14) in the form its name asks for
    /// ([`Bank::bytes_for`]: RON for `.bank.ron`, the binary form for `.bank`), whatever
    /// the form of a file it replaces.
    pub fn save(&self, path: &Path, policy: &creature_core::file_writer::Policy) -> Result<(), String> {
        creature_core::file_writer::write(path, &self.bytes_for(path), policy)
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
