//! How large a file of each kind the one reader ([`crate::file_reader`]) takes: its
//! limits, apart from the reader, so that what checks a file before it is read (a save
//! record's claimed length, [`crate::save_intent`]) bounds it by the same numbers.

use std::path::Path;

/// How a game's run saved is named (`NAME.run.ron`, `crate::link::run_file`): its name
/// gives its limit, [`Limit::Run`].
pub const RUN_SUFFIX: &str = ".run.ron";

/// How large a file of each kind may be, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Text a person writes or the studio saves as RON: 64 MiB, far more than any such
    /// file.
    Text,
    /// A file of a guest kind that may be large ([`crate::guest::GuestKind::large`]):
    /// 1 GiB, called so in a message.
    Large(&'static str),
    /// A recorded run: 1 GiB, more than a simulated week takes.
    Recording,
    /// A Parquet file to import: 1 GiB.
    Parquet,
    /// A game's run saved as text (`*.run.ron`): 512 MiB, more than an hour of many
    /// creatures.
    Run,
}

impl Limit {
    /// The most bytes a file of this kind may have.
    #[must_use]
    pub const fn bytes(self) -> u64 {
        match self {
            Limit::Text => 64 * 1024 * 1024,
            Limit::Large(_) | Limit::Recording | Limit::Parquet => 1024 * 1024 * 1024,
            Limit::Run => 512 * 1024 * 1024,
        }
    }

    /// The limit of the file at `path`, by its name: a recording, a Parquet file, a
    /// game's run, a large guest kind (by its name's ending, [`crate::guest::by_suffix`]), or text.
    #[must_use]
    pub fn of_path(path: &Path) -> Limit {
        let name = path.file_name().map(|n| n.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
        if name.ends_with(".recording") {
            Limit::Recording
        } else if name.ends_with(".parquet") {
            Limit::Parquet
        } else if name.ends_with(RUN_SUFFIX) {
            Limit::Run
        } else if let Some(what) = crate::guest::by_suffix(&name).and_then(|k| k.large) {
            Limit::Large(what)
        } else {
            Limit::Text
        }
    }

    /// What the kind is called in a message.
    pub(crate) const fn what(self) -> &'static str {
        match self {
            Limit::Text => "a studio text file",
            Limit::Large(what) => what,
            Limit::Recording => "a recording",
            Limit::Parquet => "a Parquet file",
            Limit::Run => "a game's run",
        }
    }
}
