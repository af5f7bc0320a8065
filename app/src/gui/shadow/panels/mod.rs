//! The shadow's panels, each a [`crate::gui::panels::Panel`] in the registry.

pub mod arena;
pub mod bank;
pub mod bank_compose;
pub mod bank_hand;
pub mod curate;
pub mod league;
pub mod query;
pub mod schema;
