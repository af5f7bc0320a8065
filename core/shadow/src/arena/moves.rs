//! What a fighter can be told to do ([`Action`]) and the moves that can hit, with
//! their frame data ([`ArenaMove`]).

/// What a fighter can be told to do (SPEC §13). Directions are relative to the
/// opponent: forward is towards it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Action {
    #[default]
    Idle,
    WalkForward,
    WalkBack,
    DashForward,
    DashBack,
    Jump,
    JumpForward,
    JumpBack,
    /// Jump forward and attack on the way down.
    JumpIn,
    Crouch,
    BlockHigh,
    BlockLow,
    Light,
    Heavy,
    Low,
    Projectile,
    AntiAir,
    Throw,
}

impl Action {
    pub const ALL: [Action; 18] = [
        Action::Idle,
        Action::WalkForward,
        Action::WalkBack,
        Action::DashForward,
        Action::DashBack,
        Action::Jump,
        Action::JumpForward,
        Action::JumpBack,
        Action::JumpIn,
        Action::Crouch,
        Action::BlockHigh,
        Action::BlockLow,
        Action::Light,
        Action::Heavy,
        Action::Low,
        Action::Projectile,
        Action::AntiAir,
        Action::Throw,
    ];

    /// The name used in banks and messages.
    pub fn name(self) -> &'static str {
        match self {
            Action::Idle => "Idle",
            Action::WalkForward => "WalkForward",
            Action::WalkBack => "WalkBack",
            Action::DashForward => "DashForward",
            Action::DashBack => "DashBack",
            Action::Jump => "Jump",
            Action::JumpForward => "JumpForward",
            Action::JumpBack => "JumpBack",
            Action::JumpIn => "JumpIn",
            Action::Crouch => "Crouch",
            Action::BlockHigh => "BlockHigh",
            Action::BlockLow => "BlockLow",
            Action::Light => "Light",
            Action::Heavy => "Heavy",
            Action::Low => "Low",
            Action::Projectile => "Projectile",
            Action::AntiAir => "AntiAir",
            Action::Throw => "Throw",
        }
    }

    pub fn from_name(name: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The action's integer code (its place in [`Action::ALL`]), for category features.
    pub fn code(self) -> u8 {
        Action::ALL.iter().position(|&a| a == self).unwrap_or(0) as u8
    }

    /// Whether the action starts an attack (counts as a reversal on wake-up).
    pub fn is_attack(self) -> bool {
        matches!(
            self,
            Action::Light | Action::Heavy | Action::Low | Action::Projectile | Action::AntiAir | Action::Throw
        )
    }
}

/// The moves that can hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArenaMove {
    Light,
    Heavy,
    Low,
    Throw,
    AntiAir,
    Projectile,
    JumpAttack,
}

/// How an attack must be blocked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Height {
    /// Blocked high or low.
    Mid,
    /// Blocked high only (overheads and jump-ins).
    High,
    /// Blocked low only.
    Low,
    /// Not blockable.
    Throw,
}

/// Frame data of a move.
#[derive(Debug, Clone, Copy)]
pub(super) struct MoveData {
    pub(super) startup: u32,
    pub(super) active: u32,
    pub(super) recovery: u32,
    pub(super) reach: i32,
    pub(super) damage: i32,
    pub(super) height: Height,
    pub(super) hitstun: u32,
    pub(super) blockstun: u32,
    pub(super) knockdown: bool,
}

impl ArenaMove {
    /// The move's frame data.
    pub(super) fn data(self) -> MoveData {
        let d = |startup, active, recovery, reach, damage, height, hitstun, blockstun, knockdown| MoveData {
            startup,
            active,
            recovery,
            reach,
            damage,
            height,
            hitstun,
            blockstun,
            knockdown,
        };
        match self {
            ArenaMove::Light => d(4, 3, 8, 100, 4, Height::Mid, 14, 8, false),
            ArenaMove::Heavy => d(10, 4, 18, 130, 10, Height::High, 20, 14, false),
            ArenaMove::Low => d(7, 3, 14, 115, 7, Height::Low, 16, 12, false),
            ArenaMove::Throw => d(3, 2, 22, 80, 12, Height::Throw, 0, 0, true),
            ArenaMove::AntiAir => d(4, 8, 24, 110, 12, Height::Mid, 0, 0, true),
            ArenaMove::Projectile => d(12, 0, 22, 0, 6, Height::Mid, 16, 10, false),
            ArenaMove::JumpAttack => d(5, 30, 0, 100, 8, Height::High, 18, 10, false),
        }
    }

    /// The move's integer code for the `opp_attack` feature (0 means no attack).
    pub fn code(self) -> u8 {
        match self {
            ArenaMove::Light => 1,
            ArenaMove::Heavy => 2,
            ArenaMove::Low => 3,
            ArenaMove::Throw => 4,
            ArenaMove::AntiAir => 5,
            ArenaMove::Projectile => 6,
            ArenaMove::JumpAttack => 7,
        }
    }
}
