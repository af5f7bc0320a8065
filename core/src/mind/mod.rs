//! The creature mind (SPEC §2, §4–§12).

pub mod agenda;
pub mod character;
pub mod credit;
pub mod desire;
pub mod hand;
pub mod leash;
pub mod observation;
pub mod plan;
pub mod script;
pub mod tree;
pub mod tree_file;
pub mod usefulness;
