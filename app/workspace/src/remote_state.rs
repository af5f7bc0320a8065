//! A game's creature as a `state` of the link says it (SPEC §23): its desires, plan and
//! agenda, liking, phase and place at the game's time. The game's last word of each
//! creature and every state of its run are of this shape, which is core's, as a saved
//! run holds it (`creature_core::link::run_file`).

pub use creature_core::link::run_file::{Plan as RemotePlan, State as RemoteState};
