//! The creature mind (SPEC §2, §4–§12).

pub mod tree;
pub mod desire;
pub mod score;
pub mod hand;
pub mod credit;
pub mod leash;
pub mod watch;
pub mod tree_file;
mod ronspan;
pub mod lesson;
pub mod script;
