//! A game's creature as a `state` of the link says it (SPEC §23): its desires, plan and
//! agenda, liking, phase and place at the game's time. The game's last word of each
//! creature and every state of its run are of this shape.

use serde::Deserialize;

/// A creature's `state`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct RemoteState {
    pub sim_time: f64,
    pub desires: Vec<f64>,
    pub plan: Option<RemotePlan>,
    #[serde(default)]
    pub agenda: Vec<String>,
    pub liking: f64,
    pub phase: u8,
    pub position: Option<[f64; 2]>,
}

/// The plan under way, as a state says it.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct RemotePlan {
    pub desire: String,
    pub action: String,
    pub object: String,
}
