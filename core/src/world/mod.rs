//! The preview village the creature lives in (SPEC §2, §4, §10–§12): the world file,
//! the village's objects and their beliefs, the body, the senses that feed the desire
//! sources, and the simulation that plans, acts and learns, headless and deterministic.

pub mod affordances;
pub mod batch;
pub mod batch_parquet;
pub mod file;
pub mod link_state;
mod object_def;
pub mod plan_filter;
pub mod sim;
pub mod village;
