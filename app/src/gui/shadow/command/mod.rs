//! The shadow's command families: the bank's and the arena's.

pub mod arena;
pub mod bank;
