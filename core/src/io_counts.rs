//! How many files this thread has opened through [`crate::file_reader`] and how many
//! RON texts it has parsed through [`crate::error::parse_ron`], for tests that show a
//! path is read and parsed once. Built only with the `io-counts` feature; the counts are
//! per thread, so tests running side by side do not see each other's.

use std::cell::Cell;

thread_local! {
    static OPENED: Cell<u64> = const { Cell::new(0) };
    static PARSED: Cell<u64> = const { Cell::new(0) };
}

/// Counts one file opened for reading.
pub(crate) fn opened() {
    OPENED.with(|c| c.set(c.get() + 1));
}

/// Counts one RON text parsed.
pub(crate) fn parsed() {
    PARSED.with(|c| c.set(c.get() + 1));
}

/// Files opened and texts parsed on this thread so far, in that order.
#[must_use]
pub fn counts() -> (u64, u64) {
    (OPENED.with(Cell::get), PARSED.with(Cell::get))
}
