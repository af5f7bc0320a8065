//! One fighter: where it stands, its health and meter, and what it is doing.

use super::MAX_HEALTH;
use super::moves::{Action, ArenaMove};

/// What a fighter is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Able to act; holding a standing, walking, crouching or blocking stance.
    Neutral(Action),
    Dash {
        forward: bool,
        left: u32,
    },
    /// In the air for `t` frames; `attack` is the frame the jump attack started.
    Air {
        t: u32,
        vx: i32,
        jump_in: bool,
        attack: Option<u32>,
        hit_done: bool,
    },
    Landing {
        left: u32,
    },
    Attack {
        mv: ArenaMove,
        t: u32,
        hit_done: bool,
    },
    Hitstun {
        left: u32,
    },
    Blockstun {
        left: u32,
        low: bool,
    },
    KnockedDown {
        left: u32,
    },
    WakingUp {
        left: u32,
    },
}

/// One fighter.
#[derive(Debug, Clone, PartialEq)]
pub struct Fighter {
    /// Centre position in units.
    pub x: i32,
    /// Height above the floor in units.
    pub y: i32,
    /// +1 facing right, −1 facing left.
    pub facing: i32,
    pub health: i32,
    pub meter: i32,
    pub phase: Phase,
    /// The frame the present attack started, for the opponent's reaction.
    pub attack_started: Option<u32>,
    /// The last action this fighter was told to do.
    pub last_action: Action,
    /// The frame this fighter was last asked what to do.
    pub(super) last_decision: Option<u32>,
    /// It just became able to act, so a decision is due at once.
    pub(super) fresh: bool,
    /// It woke up this frame: its next action tells whether it tried a reversal.
    pub(super) just_woke: bool,
}

impl Fighter {
    pub(super) fn new(x: i32, facing: i32) -> Self {
        Self {
            x,
            y: 0,
            facing,
            health: MAX_HEALTH,
            meter: 0,
            phase: Phase::Neutral(Action::Idle),
            attack_started: None,
            last_action: Action::Idle,
            last_decision: None,
            fresh: true,
            just_woke: false,
        }
    }

    /// Whether the fighter can act now.
    pub fn actionable(&self) -> bool {
        matches!(self.phase, Phase::Neutral(_))
    }

    /// Whether the fighter is in a jump.
    pub fn airborne(&self) -> bool {
        matches!(self.phase, Phase::Air { .. })
    }

    pub(super) fn vulnerable(&self) -> bool {
        !matches!(self.phase, Phase::KnockedDown { .. } | Phase::WakingUp { .. })
    }

    /// The block this fighter holds, if any: `Some(true)` low, `Some(false)` high.
    pub(super) fn blocking(&self) -> Option<bool> {
        match self.phase {
            Phase::Neutral(Action::BlockHigh) => Some(false),
            Phase::Neutral(Action::BlockLow) => Some(true),
            Phase::Blockstun { low, .. } => Some(low),
            _ => None,
        }
    }

    /// The move in progress, if any.
    pub fn current_move(&self) -> Option<ArenaMove> {
        match self.phase {
            Phase::Attack { mv, .. } => Some(mv),
            Phase::Air { attack: Some(_), .. } => Some(ArenaMove::JumpAttack),
            _ => None,
        }
    }

    /// The state code of the `own_state`/`opp_state` features.
    pub fn state_code(&self) -> u8 {
        match self.phase {
            Phase::Neutral(a) => match a {
                Action::Crouch => 1,
                Action::WalkForward => 2,
                Action::WalkBack => 3,
                Action::BlockHigh => 4,
                Action::BlockLow => 5,
                _ => 0,
            },
            Phase::Dash { .. } => 6,
            Phase::Air { .. } => 7,
            Phase::Attack { mv, t, .. } => {
                let d = mv.data();
                if t < d.startup {
                    8
                } else if t < d.startup + d.active {
                    9
                } else {
                    10
                }
            }
            Phase::Hitstun { .. } => 11,
            Phase::Blockstun { .. } => 12,
            Phase::KnockedDown { .. } => 13,
            Phase::WakingUp { .. } => 14,
            Phase::Landing { .. } => 15,
        }
    }
}

/// The names of the state codes of the `own_state`/`opp_state` features
/// ([`Fighter::state_code`]), by code.
pub const STATE_NAMES: [&str; 16] = [
    "stand",
    "crouch",
    "walk forward",
    "walk back",
    "block high",
    "block low",
    "dash",
    "air",
    "startup",
    "active",
    "recovery",
    "hitstun",
    "blockstun",
    "down",
    "waking up",
    "landing",
];

/// The name of a state code, if it is one.
pub fn state_name(code: f64) -> Option<&'static str> {
    (code.fract() == 0.0 && code >= 0.0).then(|| STATE_NAMES.get(code as usize).copied()).flatten()
}
