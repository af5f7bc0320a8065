//! Kinds of file whose formats another crate reads (guests), and the hooks by which
//! core's `check`, `check --lint` and `diff` reach them without naming them: a
//! [`GuestKind`] says how a file of the kind is told (by its name's ending, a name
//! beside the manifest, its first bytes or its text), a [`FileRule`] adds a guest's
//! lint warnings, and a [`Differ`] loads and compares two files of a guest kind.
//!
//! The crate that joins core to its guests [`register`]s their kinds once, before a
//! file is told; until then core tells only its own kinds.

use std::fmt::Debug;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde::Serialize;

use crate::error::LoadError;
use crate::file_kind::FileKind;
use crate::lint_rules::Warning;

/// When a guest kind is told by its text among core's kinds, for a file its name
/// does not tell.
#[derive(Clone, Copy, Debug)]
pub enum ByText {
    /// Never: only its name or its first bytes tell it.
    Never,
    /// After core's saves, lesson scripts and tree examples, before worlds: when the
    /// text passes the test.
    BeforeWorld(fn(&str) -> bool),
    /// After every kind of core's: when the text passes the test.
    Last(fn(&str) -> bool),
}

/// A kind of file another crate reads, as core tells it.
#[derive(Clone, Copy, Debug)]
pub struct GuestKind {
    /// Its name: what [`FileKind::Guest`] holds and how it is shown.
    pub name: &'static str,
    /// Endings of a file's name that tell the kind whatever its text (even broken, or
    /// not text at all).
    pub suffixes: &'static [&'static str],
    /// A file name that tells the kind in a folder beside a project's manifest.
    pub beside_manifest: Option<&'static str>,
    /// How a file of the kind's binary form starts, if it has one: a file that starts
    /// so is of the kind whatever its name.
    pub magic: Option<&'static [u8]>,
    /// When its text tells it.
    pub by_text: ByText,
    /// How `check` names it among what a studio file can be, if it does.
    pub listed_as: Option<&'static str>,
    /// What a message calls a file of the kind that is too large, when it may be as
    /// large as a recording rather than as a text file; `None` for text's limit.
    pub large: Option<&'static str>,
}

static KINDS: OnceLock<&'static [GuestKind]> = OnceLock::new();

/// Makes `kinds` the guest kinds core tells, in the order they are tried. A process
/// has one set of guests: the first call's list holds, and a later one changes nothing.
pub fn register(kinds: &'static [GuestKind]) {
    // A second call gives the same list (every entry point registers); it is kept.
    let _ = KINDS.set(kinds);
}

/// The registered guest kinds, in their order; none before [`register`].
#[must_use]
pub fn kinds() -> &'static [GuestKind] {
    KINDS.get().copied().unwrap_or(&[])
}

/// The registered kind called `name`.
#[must_use]
pub fn kind(name: &str) -> Option<&'static GuestKind> {
    kinds().iter().find(|k| k.name == name)
}

/// The guest kind a file's name `name` tells by its ending, if one does.
#[must_use]
pub fn by_suffix(name: &str) -> Option<&'static GuestKind> {
    kinds().iter().find(|k| k.suffixes.iter().any(|s| name.ends_with(s)))
}

/// The project's studio files, each with its kind (told once, for all rules), and the
/// folder the manifest gives guests' files: what a [`FileRule`] looks at.
#[derive(Clone, Debug, Default)]
pub struct ProjectFiles {
    pub files: Vec<(PathBuf, FileKind)>,
    /// The project's folder for guests' files.
    pub guest_dir: Option<PathBuf>,
}

impl ProjectFiles {
    /// The project's files of `kind`.
    pub fn of(&self, kind: FileKind) -> impl Iterator<Item = &PathBuf> {
        self.files.iter().filter(move |(_, k)| *k == kind).map(|(f, _)| f)
    }
}

/// A lint rule over files whose format core does not read, given the project's files;
/// it adds its warnings to the list.
pub type FileRule = fn(&ProjectFiles, &mut Vec<Warning>);

/// A value in A, then in B.
pub type Pair<T> = (T, T);

/// The pair of `a` and `b` when they differ.
pub fn changed<T: PartialEq + Clone>(a: &T, b: &T) -> Option<Pair<T>> {
    (a != b).then(|| (a.clone(), b.clone()))
}

/// Files of a guest kind, as `diff` loads and compares them.
pub trait Differ {
    /// The [`GuestKind::name`] of the files it compares.
    const KIND: &'static str;
    /// What a file of the kind is called when the two sides differ in kind.
    const ONE: &'static str;
    /// Files of the kind, in the list of what `diff` compares.
    const MANY: &'static str;
    type File: Clone + Debug;
    /// What differs between two files, serialised whole (with its own `kind`).
    type Diff: Serialize + Clone + Debug + PartialEq;
    /// The file in `bytes` (any of its forms), read from the file problems name `file`.
    ///
    /// # Errors
    /// A file that does not load, with its line and column.
    fn from_bytes(file: &Path, bytes: &[u8]) -> Result<Self::File, LoadError>;
    fn diff(a: &Self::File, b: &Self::File) -> Self::Diff;
    /// True when the two files hold the same.
    fn is_empty(d: &Self::Diff) -> bool;
    /// The difference for people, one change per line.
    fn lines(d: &Self::Diff) -> Vec<String>;
}
