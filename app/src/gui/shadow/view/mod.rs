//! What the shadow's panels share: the bank shown and its filters ([`state`]), the
//! arena's match and gauntlet, the curation's and the drafts' state.

pub mod arena;
pub mod compose_draft;
pub mod curate;
pub mod gauntlet;
pub mod hand_draft;
pub mod state;
