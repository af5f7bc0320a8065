//! The world-state features the arena exports (SPEC §13): their names, kinds and
//! meanings, and the one function that computes them at record and at play time.

use super::fighter::Fighter;
use super::moves::ArenaMove;
use super::step::Arena;
use super::{FPS, MAX_HEALTH, MAX_METER, STAGE_WIDTH, metres};
use crate::schema::FeatureKind;

/// One world-state feature the arena can report (SPEC §13).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeatureInfo {
    pub name: &'static str,
    pub kind: FeatureKind,
    pub about: &'static str,
}

const fn info(name: &'static str, kind: FeatureKind, about: &'static str) -> FeatureInfo {
    FeatureInfo { name, kind, about }
}

/// Every feature the arena reports, in the order of [`Arena::features`].
pub const FEATURES: [FeatureInfo; 21] = [
    info("distance", FeatureKind::Number, "metres between the fighters"),
    info(
        "own_state",
        FeatureKind::Category,
        "own state code (0 stand, 1 crouch, 2/3 walk forward/back, 4/5 block high/low, 6 dash, 7 air, 8/9/10 attack startup/active/recovery, 11 hitstun, 12 blockstun, 13 down, 14 waking up, 15 landing)",
    ),
    info("opp_state", FeatureKind::Category, "the opponent's state code"),
    info("opp_height", FeatureKind::Number, "the opponent's height above the floor in metres"),
    info("own_height", FeatureKind::Number, "own height above the floor in metres"),
    info(
        "incoming_projectile",
        FeatureKind::Number,
        "metres to the nearest opponent projectile coming this way (10 when none)",
    ),
    info("own_projectile", FeatureKind::Category, "1 while an own projectile is in flight"),
    info(
        "opp_attack",
        FeatureKind::Category,
        "the opponent's move in progress (0 none, 1 light, 2 heavy, 3 low, 4 throw, 5 anti-air, 6 projectile, 7 jump attack)",
    ),
    info("opp_attack_frames", FeatureKind::Number, "frames since the opponent's move started (0 when none)"),
    info("own_last_action", FeatureKind::Category, "the code of the last action this fighter chose"),
    info("own_health", FeatureKind::Number, "own health, 0 to 1"),
    info("opp_health", FeatureKind::Number, "the opponent's health, 0 to 1"),
    info("own_meter", FeatureKind::Number, "own meter, 0 to 1"),
    info("own_corner", FeatureKind::Number, "metres to the wall behind"),
    info("timer", FeatureKind::Number, "seconds left, in tenths"),
    info("opp_low_block_ratio", FeatureKind::Heuristic, "the opponent's low blocks over all its blocks"),
    info("own_projectiles_5s", FeatureKind::Heuristic, "own projectiles thrown in the last 5 seconds"),
    info("opp_wakeup_reversal_rate", FeatureKind::Heuristic, "the opponent's reversals over its wake-ups"),
    info("opp_jumpins_per_min", FeatureKind::Heuristic, "the opponent's jump-in attacks per minute"),
    info("opp_meter", FeatureKind::Number, "the opponent's meter, 0 to 1"),
    info("opp_corner", FeatureKind::Number, "metres from the opponent to the wall behind it"),
];

/// Positions of the features in [`Arena::features`], for code that reads them.
pub mod feature {
    pub const DISTANCE: usize = 0;
    pub const OWN_STATE: usize = 1;
    pub const OPP_STATE: usize = 2;
    pub const OPP_HEIGHT: usize = 3;
    pub const OWN_HEIGHT: usize = 4;
    pub const INCOMING_PROJECTILE: usize = 5;
    pub const OWN_PROJECTILE: usize = 6;
    pub const OPP_ATTACK: usize = 7;
    pub const OPP_ATTACK_FRAMES: usize = 8;
    pub const OWN_LAST_ACTION: usize = 9;
    pub const OWN_HEALTH: usize = 10;
    pub const OPP_HEALTH: usize = 11;
    pub const OWN_METER: usize = 12;
    pub const OWN_CORNER: usize = 13;
    pub const TIMER: usize = 14;
    pub const OPP_LOW_BLOCK_RATIO: usize = 15;
    pub const OWN_PROJECTILES_5S: usize = 16;
    pub const OPP_WAKEUP_REVERSAL_RATE: usize = 17;
    pub const OPP_JUMPINS_PER_MIN: usize = 18;
    pub const OPP_METER: usize = 19;
    pub const OPP_CORNER: usize = 20;
}

/// The number of features the arena reports.
pub const FEATURE_COUNT: usize = FEATURES.len();

/// The names of [`FEATURES`].
pub fn feature_names() -> Vec<String> {
    FEATURES.iter().map(|f| f.name.to_owned()).collect()
}

/// Where feature `name` sits in [`FEATURES`].
pub fn feature_position(name: &str) -> Option<usize> {
    FEATURES.iter().position(|f| f.name == name)
}

/// Heuristic values are kept to three decimals, at record and at play time alike, so
/// banks stay readable.
fn thousandths(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

impl Arena {
    /// The world state seen by `side`, in the order of [`FEATURES`] (SPEC §13).
    pub fn features(&self, side: usize) -> [f64; FEATURE_COUNT] {
        let (me, op) = (&self.fighters[side], &self.fighters[1 - side]);
        let h = &self.heuristics[side];
        let incoming = self
            .projectiles
            .iter()
            .filter(|p| p.owner != side && (me.x - p.x).signum() == p.dir)
            .map(|p| metres((me.x - p.x).abs()))
            .fold(10.0, f64::min);
        let opp_move = op.current_move();
        let attack_frames =
            op.attack_started.filter(|_| opp_move.is_some()).map_or(0, |s| self.frame.saturating_sub(s));
        let behind = |f: &Fighter| if f.facing > 0 { f.x } else { STAGE_WIDTH - f.x };
        [
            metres((me.x - op.x).abs()),
            f64::from(me.state_code()),
            f64::from(op.state_code()),
            metres(op.y),
            metres(me.y),
            incoming,
            f64::from(u8::from(self.projectiles.iter().any(|p| p.owner == side))),
            f64::from(opp_move.map_or(0, ArenaMove::code)),
            f64::from(attack_frames),
            f64::from(me.last_action.code()),
            f64::from(me.health) / f64::from(MAX_HEALTH),
            f64::from(op.health) / f64::from(MAX_HEALTH),
            f64::from(me.meter) / f64::from(MAX_METER),
            metres(behind(me)),
            f64::from(self.length.saturating_sub(self.frame) / (FPS / 10)) / 10.0,
            thousandths(h.opp_low_block_ratio()),
            h.own_projectiles_recent(),
            thousandths(h.opp_wakeup_reversal_rate()),
            thousandths(h.opp_jump_ins_per_minute()),
            f64::from(op.meter) / f64::from(MAX_METER),
            metres(behind(op)),
        ]
    }
}
