//! The shadow's kinds of file as core tells them ([`GuestKind`]s, SPEC §13, §20): a
//! schema, a replay bank (RON or binary), a typed state, a training gauntlet and a
//! project's gauntlet progress. The workspace registers [`KINDS`] with core, so that
//! `check`, `check --lint`, `diff` and the editor know a shadow file by its name, its
//! first bytes or its text.

use std::path::Path;

use creature_core::file_kind::has_field;
use creature_core::file_reader::Limit;
use creature_core::guest::{ByText, GuestKind};

/// How a binary bank starts, its format's version left out: what tells one from text
/// whatever its name.
pub const BINARY_BANK_PREFIX: &[u8; 6] = b"CSBANK";

/// How a training gauntlet's file name ends (SPEC §20).
pub const GAUNTLET_SUFFIX: &str = ".gauntlet.ron";

/// The file beside `studio.ron` that keeps the banks beaten in each gauntlet.
pub const PROGRESS_FILE: &str = "gauntlet-progress.ron";

/// How large a bank may be, RON or binary: 1 GiB, room for several million events.
pub const BANK_LIMIT: Limit = Limit::Large("a bank");

/// A shadow schema (`*.schema.ron`, or a text with `features`).
pub const SCHEMA: GuestKind = GuestKind {
    name: "ShadowSchema",
    suffixes: &[".schema.ron"],
    beside_manifest: None,
    magic: None,
    by_text: ByText::BeforeWorld(|text| has_field(text, "features")),
    listed_as: Some("shadow schema"),
    large: None,
};

/// A replay bank (`*.bank`, `*.bank.ron`, a binary bank whatever its name, or a text
/// with `events` that names a `matchup`).
pub const BANK: GuestKind = GuestKind {
    name: "ShadowBank",
    suffixes: &[".bank", ".bank.ron"],
    beside_manifest: None,
    magic: Some(BINARY_BANK_PREFIX),
    by_text: ByText::BeforeWorld(|text| has_field(text, "events") && text.contains("matchup")),
    listed_as: Some("bank"),
    large: Some("a bank"),
};

/// A typed state for the query (`*.state.ron`, or a text that is a map).
pub const STATE: GuestKind = GuestKind {
    name: "ShadowState",
    suffixes: &[".state.ron"],
    beside_manifest: None,
    magic: None,
    by_text: ByText::Last(|text| text.trim_start().starts_with('{')),
    listed_as: Some("state"),
    large: None,
};

/// A training gauntlet (`*.gauntlet.ron`, SPEC §20).
pub const GAUNTLET: GuestKind = GuestKind {
    name: "Gauntlet",
    suffixes: &[GAUNTLET_SUFFIX],
    beside_manifest: None,
    magic: None,
    by_text: ByText::Never,
    listed_as: None,
    large: None,
};

/// The gauntlet progress (`gauntlet-progress.ron`) beside `studio.ron`.
pub const PROGRESS: GuestKind = GuestKind {
    name: "GauntletProgress",
    suffixes: &[],
    beside_manifest: Some(PROGRESS_FILE),
    magic: None,
    by_text: ByText::Never,
    listed_as: None,
    large: None,
};

/// Every kind of shadow file, in the order core tries them: a schema's text before a
/// bank's.
pub static KINDS: [GuestKind; 5] = [SCHEMA, BANK, STATE, GAUNTLET, PROGRESS];

/// Whether the file at `path` starts as a binary bank does.
#[must_use]
pub fn is_binary_bank(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; BINARY_BANK_PREFIX.len()];
    creature_core::file_reader::open(path, BANK_LIMIT).is_ok_and(|(mut f, _)| f.read_exact(&mut head).is_ok())
        && head == *BINARY_BANK_PREFIX
}
