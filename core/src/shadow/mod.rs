//! The Killer Instinct shadow: replay banks and the arena (SPEC §13).
