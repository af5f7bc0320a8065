//! The arena (SPEC §13): a small deterministic 1-D fighting game at 60 frames per second
//! with walk, dash, jump, crouch, block high/low, light/heavy/low attack, projectile,
//! anti-air, throw, knock-down and wake-up; two fighters, health, meter and a timer.
//!
//! Positions are integers (100 units to the metre), so a match replays bit for bit on
//! every machine. The arena has no randomness of its own: everything random belongs to
//! the controllers (bots and shadows), each with its seeded generator.
//!
//! The arena also defines the world-state features a shadow can compare
//! ([`FEATURES`], [`Arena::features`]), computed by one function at record and play time.
//!
//! - `input`: the keys a person holds and the action they mean ([`KeyInput`]).
//! - `moves`: what a fighter can be told to do ([`Action`]) and the frame data of each
//!   move that can hit ([`ArenaMove`]).
//! - `fighter`: one fighter's place, health, meter and phase ([`Fighter`], [`Phase`]).
//! - `features`: the world-state features the arena exports ([`FEATURES`], [`feature`]).
//! - `step`: the match and its frame step ([`Arena`], [`FrameReport`], [`MatchOutcome`]).

mod features;
mod fighter;
mod input;
mod moves;
mod step;

pub use super::clock::FPS;
pub use features::{FEATURE_COUNT, FEATURES, FeatureInfo, feature, feature_names, feature_position};
pub use fighter::{Fighter, Phase, STATE_NAMES, state_name};
pub use input::KeyInput;
pub use moves::{Action, ArenaMove};
pub use step::{Arena, FrameReport, MatchOutcome, Projectile};

/// Units per metre.
pub const UNITS: i32 = 100;
/// The stage is 10 m wide.
pub const STAGE_WIDTH: i32 = 10 * UNITS;
/// A match lasts 60 seconds unless someone is knocked out.
pub const MATCH_FRAMES: u32 = 60 * FPS;
/// A fighter that can act is asked what to do at least this often (a tenth of a second);
/// between decisions it holds its last action.
pub const DECISION_FRAMES: u32 = 6;
/// Health at the start of a match.
pub const MAX_HEALTH: i32 = 100;
/// The most meter a fighter can hold.
pub const MAX_METER: i32 = 100;
/// A projectile thrown with at least this much meter is strong and spends it.
pub const STRONG_PROJECTILE_METER: i32 = 50;
/// How long after its start an attack still counts as "the opponent's attack" for
/// reaction times.
pub const REACTION_WINDOW: u32 = FPS;

/// Units as metres.
fn metres(units: i32) -> f64 {
    f64::from(units) / f64::from(UNITS)
}
