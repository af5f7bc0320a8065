//! The shadow's command families: the bank's, the arena's and the league's.

pub mod arena;
pub mod bank;
pub mod league;
