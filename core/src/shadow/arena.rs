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

pub use super::clock::FPS;
use super::heuristic::{Deeds, Heuristics};
use super::schema::FeatureKind;

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

const HALF_WIDTH: i32 = 30;
const WALK_FORWARD: i32 = 3;
const WALK_BACK: i32 = 2;
const DASH_FRAMES: u32 = 14;
const DASH_SPEED: i32 = 10;
const BACKDASH_FRAMES: u32 = 12;
const BACKDASH_SPEED: i32 = 9;
const JUMP_FRAMES: u32 = 36;
const JUMP_HEIGHT: i32 = 120;
const JUMP_SPEED: i32 = 4;
/// A jump-in attack starts this many frames into the jump.
const JUMP_IN_AT: u32 = 14;
const LANDING_FRAMES: u32 = 3;
const KNOCKDOWN_FRAMES: u32 = 45;
const WAKEUP_FRAMES: u32 = 12;
const PROJECTILE_SPEED: i32 = 6;
const PROJECTILE_HALF_WIDTH: i32 = 20;
/// Grounded attacks pass under a fighter higher than this; projectiles too.
const LOW_AIR: i32 = 40;
const HIT_PUSHBACK: i32 = 20;
const BLOCK_PUSHBACK: i32 = 15;
/// How long after its start an attack still counts as "the opponent's attack" for
/// reaction times.
pub const REACTION_WINDOW: u32 = FPS;

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

/// The keys a person holds this frame; the editor fills it from the keyboard
/// (SPEC §13: a human plays with the keyboard). `left`/`right` are screen directions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KeyInput {
    pub left: bool,
    pub right: bool,
    pub up: bool,
    pub down: bool,
    pub light: bool,
    pub heavy: bool,
    pub low: bool,
    pub block: bool,
    pub dash: bool,
    pub projectile: bool,
    pub anti_air: bool,
    pub throw: bool,
}

impl KeyInput {
    /// The action these keys mean for a fighter facing `facing` (+1 right, −1 left).
    /// Attacks win over movement; a jump with light held is a jump-in.
    pub fn action(&self, facing: i32) -> Action {
        let (fwd, back) = if facing >= 0 { (self.right, self.left) } else { (self.left, self.right) };
        let (fwd, back) = (fwd && !back, back && !fwd);
        if self.throw {
            Action::Throw
        } else if self.anti_air {
            Action::AntiAir
        } else if self.projectile {
            Action::Projectile
        } else if self.up {
            match (fwd, back) {
                (true, _) if self.light || self.heavy => Action::JumpIn,
                (true, _) => Action::JumpForward,
                (_, true) => Action::JumpBack,
                _ => Action::Jump,
            }
        } else if self.low {
            Action::Low
        } else if self.heavy {
            Action::Heavy
        } else if self.light {
            Action::Light
        } else if self.block {
            if self.down { Action::BlockLow } else { Action::BlockHigh }
        } else if self.dash && (fwd || back) {
            if fwd { Action::DashForward } else { Action::DashBack }
        } else if self.down {
            Action::Crouch
        } else if fwd {
            Action::WalkForward
        } else if back {
            Action::WalkBack
        } else {
            Action::Idle
        }
    }
}

/// The moves that can hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
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
enum Height {
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
struct MoveData {
    startup: u32,
    active: u32,
    recovery: u32,
    reach: i32,
    damage: i32,
    height: Height,
    hitstun: u32,
    blockstun: u32,
    knockdown: bool,
}

impl Move {
    fn data(self) -> MoveData {
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
            Move::Light => d(4, 3, 8, 100, 4, Height::Mid, 14, 8, false),
            Move::Heavy => d(10, 4, 18, 130, 10, Height::High, 20, 14, false),
            Move::Low => d(7, 3, 14, 115, 7, Height::Low, 16, 12, false),
            Move::Throw => d(3, 2, 22, 80, 12, Height::Throw, 0, 0, true),
            Move::AntiAir => d(4, 8, 24, 110, 12, Height::Mid, 0, 0, true),
            Move::Projectile => d(12, 0, 22, 0, 6, Height::Mid, 16, 10, false),
            Move::JumpAttack => d(5, 30, 0, 100, 8, Height::High, 18, 10, false),
        }
    }

    /// The move's integer code for the `opp_attack` feature (0 means no attack).
    pub fn code(self) -> u8 {
        match self {
            Move::Light => 1,
            Move::Heavy => 2,
            Move::Low => 3,
            Move::Throw => 4,
            Move::AntiAir => 5,
            Move::Projectile => 6,
            Move::JumpAttack => 7,
        }
    }
}

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
        mv: Move,
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
    last_decision: Option<u32>,
    fresh: bool,
    just_woke: bool,
}

impl Fighter {
    fn new(x: i32, facing: i32) -> Self {
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

    fn vulnerable(&self) -> bool {
        !matches!(self.phase, Phase::KnockedDown { .. } | Phase::WakingUp { .. })
    }

    /// The block this fighter holds, if any: `Some(true)` low, `Some(false)` high.
    fn blocking(&self) -> Option<bool> {
        match self.phase {
            Phase::Neutral(Action::BlockHigh) => Some(false),
            Phase::Neutral(Action::BlockLow) => Some(true),
            Phase::Blockstun { low, .. } => Some(low),
            _ => None,
        }
    }

    /// The move in progress, if any.
    pub fn current_move(&self) -> Option<Move> {
        match self.phase {
            Phase::Attack { mv, .. } => Some(mv),
            Phase::Air { attack: Some(_), .. } => Some(Move::JumpAttack),
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

/// A projectile in flight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Projectile {
    pub owner: usize,
    pub x: i32,
    pub dir: i32,
    pub damage: i32,
}

/// How a match ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Side 0 or 1 won.
    Winner(usize),
    Draw,
}

/// What happened in one frame, for the heuristics, the recorder and the editor.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FrameReport {
    pub deeds: [Deeds; 2],
    /// The side started an attack this frame.
    pub attack_started: [bool; 2],
    /// The side was hit this frame.
    pub hit: [bool; 2],
    /// The side was knocked down this frame.
    pub knocked_down: [bool; 2],
}

/// The arena: two fighters, their projectiles, the clock and the heuristics.
#[derive(Debug, Clone, PartialEq)]
pub struct Arena {
    pub frame: u32,
    pub fighters: [Fighter; 2],
    pub projectiles: Vec<Projectile>,
    pub heuristics: [Heuristics; 2],
    pub outcome: Option<Outcome>,
    /// Frames a match lasts; [`MATCH_FRAMES`] by default.
    pub length: u32,
}

impl Default for Arena {
    fn default() -> Self {
        Self::new()
    }
}

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

fn metres(units: i32) -> f64 {
    f64::from(units) / f64::from(UNITS)
}

/// Heuristic values are kept to three decimals, at record and at play time alike, so
/// banks stay readable.
fn thousandths(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn jump_height(t: u32) -> i32 {
    let (t, n) = (t.min(JUMP_FRAMES) as i64, i64::from(JUMP_FRAMES));
    (4 * i64::from(JUMP_HEIGHT) * t * (n - t) / (n * n)) as i32
}

enum Strike {
    Hit { damage: i32, hitstun: u32, knockdown: bool },
    Blocked { blockstun: u32 },
    ThrowTech,
}

impl Arena {
    /// A new match: fighters 3 m apart in the middle of the stage, facing each other.
    pub fn new() -> Self {
        Self {
            frame: 0,
            fighters: [Fighter::new(STAGE_WIDTH / 2 - 150, 1), Fighter::new(STAGE_WIDTH / 2 + 150, -1)],
            projectiles: Vec::new(),
            heuristics: [Heuristics::default(), Heuristics::default()],
            outcome: None,
            length: MATCH_FRAMES,
        }
    }

    /// Whether the match has ended (knock-out or time).
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Seconds left on the clock.
    pub fn seconds_left(&self) -> f64 {
        f64::from(self.length.saturating_sub(self.frame)) / f64::from(FPS)
    }

    /// Metres between the fighters.
    pub fn distance(&self) -> f64 {
        metres((self.fighters[0].x - self.fighters[1].x).abs())
    }

    /// Whether `side` is able to act and should be asked what to do: it just became
    /// able to act, or held its last action for [`DECISION_FRAMES`].
    pub fn decision_due(&self, side: usize) -> bool {
        let f = &self.fighters[side];
        f.actionable() && (f.fresh || f.last_decision.is_none_or(|d| self.frame >= d + DECISION_FRAMES))
    }

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
            f64::from(opp_move.map_or(0, Move::code)),
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

    /// Advances one frame with each side's action. A side that cannot act ignores its
    /// action; one that can holds walking, crouching and blocking until told otherwise
    /// and commits to dashes, jumps and attacks.
    pub fn step(&mut self, actions: [Action; 2]) -> FrameReport {
        let mut report = FrameReport::default();
        if self.is_over() {
            return report;
        }
        for (side, action) in actions.into_iter().enumerate() {
            self.apply(side, action, &mut report);
        }
        for side in 0..2 {
            self.advance(side, &mut report);
        }
        self.push_apart();
        self.resolve_strikes(&mut report);
        self.move_projectiles(&mut report);
        let xs = [self.fighters[0].x, self.fighters[1].x];
        for (side, f) in self.fighters.iter_mut().enumerate() {
            let toward = (xs[1 - side] - f.x).signum();
            if f.actionable() && f.y == 0 && toward != 0 {
                f.facing = toward;
            }
        }
        let [d0, d1] = report.deeds;
        self.heuristics[0].observe(self.frame, &d0, &d1);
        self.heuristics[1].observe(self.frame, &d1, &d0);
        self.frame += 1;
        let dead = [self.fighters[0].health <= 0, self.fighters[1].health <= 0];
        self.outcome = match dead {
            [true, true] => Some(Outcome::Draw),
            [true, false] => Some(Outcome::Winner(1)),
            [false, true] => Some(Outcome::Winner(0)),
            [false, false] if self.frame >= self.length => {
                let (h0, h1) = (self.fighters[0].health, self.fighters[1].health);
                Some(match h0.cmp(&h1) {
                    std::cmp::Ordering::Greater => Outcome::Winner(0),
                    std::cmp::Ordering::Less => Outcome::Winner(1),
                    std::cmp::Ordering::Equal => Outcome::Draw,
                })
            }
            _ => None,
        };
        report
    }

    /// Notes that `side` was asked for a decision this frame.
    pub fn note_decision(&mut self, side: usize) {
        let f = &mut self.fighters[side];
        f.last_decision = Some(self.frame);
        f.fresh = false;
    }

    fn apply(&mut self, side: usize, action: Action, report: &mut FrameReport) {
        let has_projectile = self.projectiles.iter().any(|p| p.owner == side);
        let frame = self.frame;
        let f = &mut self.fighters[side];
        if !f.actionable() {
            return;
        }
        if f.just_woke {
            f.just_woke = false;
            report.deeds[side].woke_up = true;
            report.deeds[side].reversal = action.is_attack();
        }
        f.last_action = action;
        let start_attack = |f: &mut Fighter, mv: Move, report: &mut FrameReport| {
            f.phase = Phase::Attack { mv, t: 0, hit_done: false };
            f.attack_started = Some(frame);
            report.attack_started[side] = true;
        };
        match action {
            Action::Idle
            | Action::WalkForward
            | Action::WalkBack
            | Action::Crouch
            | Action::BlockHigh
            | Action::BlockLow => {
                f.phase = Phase::Neutral(action);
            }
            Action::DashForward => f.phase = Phase::Dash { forward: true, left: DASH_FRAMES },
            Action::DashBack => f.phase = Phase::Dash { forward: false, left: BACKDASH_FRAMES },
            Action::Jump | Action::JumpForward | Action::JumpBack | Action::JumpIn => {
                let vx = match action {
                    Action::Jump => 0,
                    Action::JumpBack => -JUMP_SPEED * f.facing,
                    _ => JUMP_SPEED * f.facing,
                };
                f.phase = Phase::Air { t: 0, vx, jump_in: action == Action::JumpIn, attack: None, hit_done: false };
            }
            Action::Light => start_attack(f, Move::Light, report),
            Action::Heavy => start_attack(f, Move::Heavy, report),
            Action::Low => start_attack(f, Move::Low, report),
            Action::Throw => start_attack(f, Move::Throw, report),
            Action::AntiAir => start_attack(f, Move::AntiAir, report),
            Action::Projectile => {
                if has_projectile {
                    f.phase = Phase::Neutral(Action::Idle);
                } else {
                    start_attack(f, Move::Projectile, report);
                }
            }
        }
    }

    fn advance(&mut self, side: usize, report: &mut FrameReport) {
        let frame = self.frame;
        let f = &mut self.fighters[side];
        let was_neutral = f.actionable();
        let mut spawn = None;
        f.phase = match f.phase {
            Phase::Neutral(a) => {
                match a {
                    Action::WalkForward => f.x += WALK_FORWARD * f.facing,
                    Action::WalkBack => f.x -= WALK_BACK * f.facing,
                    _ => {}
                }
                Phase::Neutral(a)
            }
            Phase::Dash { forward, left } => {
                f.x += if forward { DASH_SPEED } else { -BACKDASH_SPEED } * f.facing;
                if left <= 1 { Phase::Neutral(Action::Idle) } else { Phase::Dash { forward, left: left - 1 } }
            }
            Phase::Air { t, vx, jump_in, mut attack, hit_done } => {
                let t = t + 1;
                f.x += vx;
                f.y = jump_height(t);
                if jump_in && attack.is_none() && t == JUMP_IN_AT {
                    attack = Some(t);
                    f.attack_started = Some(frame);
                    report.attack_started[side] = true;
                    report.deeds[side].jump_in = true;
                }
                if t >= JUMP_FRAMES {
                    f.y = 0;
                    Phase::Landing { left: LANDING_FRAMES }
                } else {
                    Phase::Air { t, vx, jump_in, attack, hit_done }
                }
            }
            Phase::Attack { mv, t, hit_done } => {
                let t = t + 1;
                let d = mv.data();
                if mv == Move::Projectile && t == d.startup {
                    spawn = Some(side);
                }
                if t >= d.startup + d.active + d.recovery {
                    Phase::Neutral(Action::Idle)
                } else {
                    Phase::Attack { mv, t, hit_done }
                }
            }
            Phase::Landing { left } => countdown(left, Phase::Neutral(Action::Idle), |left| Phase::Landing { left }),
            Phase::Hitstun { left } => countdown(left, Phase::Neutral(Action::Idle), |left| Phase::Hitstun { left }),
            Phase::Blockstun { left, low } => {
                countdown(left, Phase::Neutral(if low { Action::BlockLow } else { Action::BlockHigh }), |left| {
                    Phase::Blockstun { left, low }
                })
            }
            Phase::KnockedDown { left } => {
                countdown(left, Phase::WakingUp { left: WAKEUP_FRAMES }, |left| Phase::KnockedDown { left })
            }
            Phase::WakingUp { left } => {
                if left <= 1 {
                    f.just_woke = true;
                    Phase::Neutral(Action::Idle)
                } else {
                    Phase::WakingUp { left: left - 1 }
                }
            }
        };
        if !was_neutral && f.actionable() {
            f.fresh = true;
        }
        f.x = f.x.clamp(HALF_WIDTH, STAGE_WIDTH - HALF_WIDTH);
        if let Some(owner) = spawn {
            let (x, facing) = (self.fighters[owner].x, self.fighters[owner].facing);
            let strong = self.fighters[owner].meter >= STRONG_PROJECTILE_METER;
            if strong {
                self.fighters[owner].meter -= STRONG_PROJECTILE_METER;
            }
            let damage = if strong { 10 } else { Move::Projectile.data().damage };
            self.projectiles.push(Projectile { owner, x: x + facing * 40, dir: facing, damage });
            report.deeds[owner].projectile_thrown = true;
        }
    }

    fn push_apart(&mut self) {
        let [a, b] = &mut self.fighters;
        if a.y >= 2 * HALF_WIDTH || b.y >= 2 * HALF_WIDTH {
            return;
        }
        let gap = (a.x - b.x).abs();
        let min = 2 * HALF_WIDTH;
        if gap >= min {
            return;
        }
        let (left, right) = if a.x < b.x || (a.x == b.x && a.facing > 0) { (a, b) } else { (b, a) };
        let need = min - gap;
        left.x -= need / 2;
        right.x += need - need / 2;
        if left.x < HALF_WIDTH {
            right.x += HALF_WIDTH - left.x;
            left.x = HALF_WIDTH;
        }
        if right.x > STAGE_WIDTH - HALF_WIDTH {
            left.x -= right.x - (STAGE_WIDTH - HALF_WIDTH);
            right.x = STAGE_WIDTH - HALF_WIDTH;
        }
    }

    /// The strike (if any) `side` lands on its opponent this frame.
    fn strike(&self, side: usize) -> Option<Strike> {
        let (me, op) = (&self.fighters[side], &self.fighters[1 - side]);
        let mv = match me.phase {
            Phase::Attack { mv, t, hit_done: false } if mv != Move::Projectile => {
                let d = mv.data();
                (t >= d.startup && t < d.startup + d.active).then_some(mv)?
            }
            Phase::Air { t, attack: Some(start), hit_done: false, .. }
                if t >= start + Move::JumpAttack.data().startup =>
            {
                Move::JumpAttack
            }
            _ => return None,
        };
        let d = mv.data();
        if !op.vulnerable() || (me.x - op.x).abs() > d.reach {
            return None;
        }
        match mv {
            Move::Light | Move::Heavy | Move::Low if op.y > LOW_AIR => return None,
            Move::AntiAir if op.y == 0 => return None,
            Move::Throw => {
                let throwable = op.y == 0
                    && !matches!(op.phase, Phase::Hitstun { .. } | Phase::Blockstun { .. } | Phase::Air { .. });
                if !throwable {
                    return None;
                }
                if matches!(op.phase, Phase::Attack { mv: Move::Throw, t, .. } if t >= d.startup && t < d.startup + d.active)
                {
                    return Some(Strike::ThrowTech);
                }
                return Some(Strike::Hit { damage: d.damage, hitstun: 0, knockdown: true });
            }
            _ => {}
        }
        let blocked = match (op.blocking(), d.height) {
            (Some(_), Height::Mid) => true,
            (Some(low), Height::High) => !low,
            (Some(low), Height::Low) => low,
            _ => false,
        } && !op.airborne();
        Some(if blocked {
            Strike::Blocked { blockstun: d.blockstun }
        } else {
            Strike::Hit { damage: d.damage, hitstun: d.hitstun, knockdown: d.knockdown || op.airborne() }
        })
    }

    fn resolve_strikes(&mut self, report: &mut FrameReport) {
        let strikes = [self.strike(0), self.strike(1)];
        for (side, strike) in strikes.into_iter().enumerate() {
            let Some(strike) = strike else { continue };
            match &mut self.fighters[side].phase {
                Phase::Attack { hit_done, .. } | Phase::Air { hit_done, .. } => *hit_done = true,
                _ => {}
            }
            let dir = (self.fighters[1 - side].x - self.fighters[side].x).signum();
            match strike {
                Strike::Hit { damage, hitstun, knockdown } => {
                    self.land_hit(1 - side, damage, hitstun, knockdown, dir, report);
                }
                Strike::Blocked { blockstun } => self.land_block(1 - side, blockstun, dir, report),
                Strike::ThrowTech => {
                    let (a, b) = (side, 1 - side);
                    self.fighters[b].x += dir * HIT_PUSHBACK;
                    self.fighters[a].phase = Phase::Neutral(Action::Idle);
                    self.fighters[a].fresh = true;
                }
            }
            let gain = match strike {
                Strike::Hit { .. } => 4,
                Strike::Blocked { .. } => 2,
                Strike::ThrowTech => 0,
            };
            self.fighters[side].meter = (self.fighters[side].meter + gain).min(MAX_METER);
        }
    }

    fn land_hit(
        &mut self,
        side: usize,
        damage: i32,
        hitstun: u32,
        knockdown: bool,
        dir: i32,
        report: &mut FrameReport,
    ) {
        let f = &mut self.fighters[side];
        // A fighter hit in the air falls.
        let knockdown = knockdown || f.airborne();
        f.health = (f.health - damage).max(0);
        f.meter = (f.meter + 2).min(MAX_METER);
        f.x = (f.x + dir * HIT_PUSHBACK).clamp(HALF_WIDTH, STAGE_WIDTH - HALF_WIDTH);
        f.attack_started = None;
        report.hit[side] = true;
        if knockdown {
            f.y = 0;
            f.phase = Phase::KnockedDown { left: KNOCKDOWN_FRAMES };
            report.knocked_down[side] = true;
        } else {
            f.phase = Phase::Hitstun { left: hitstun };
        }
    }

    fn land_block(&mut self, side: usize, blockstun: u32, dir: i32, report: &mut FrameReport) {
        let f = &mut self.fighters[side];
        let low = f.blocking() == Some(true);
        f.meter = (f.meter + 1).min(MAX_METER);
        f.x = (f.x + dir * BLOCK_PUSHBACK).clamp(HALF_WIDTH, STAGE_WIDTH - HALF_WIDTH);
        f.phase = Phase::Blockstun { left: blockstun.max(1), low };
        report.deeds[side].blocked = Some(low);
    }

    fn move_projectiles(&mut self, report: &mut FrameReport) {
        for p in &mut self.projectiles {
            p.x += p.dir * PROJECTILE_SPEED;
        }
        // Projectiles of the two fighters that meet cancel out.
        let mut gone = vec![false; self.projectiles.len()];
        for i in 0..self.projectiles.len() {
            for j in i + 1..self.projectiles.len() {
                let (a, b) = (self.projectiles[i], self.projectiles[j]);
                if a.owner != b.owner && (a.x - b.x).abs() <= 2 * PROJECTILE_SPEED {
                    gone[i] = true;
                    gone[j] = true;
                }
            }
        }
        for (i, p) in self.projectiles.clone().into_iter().enumerate() {
            if gone[i] {
                continue;
            }
            if p.x < 0 || p.x > STAGE_WIDTH {
                gone[i] = true;
                continue;
            }
            let target = 1 - p.owner;
            let t = &self.fighters[target];
            if t.vulnerable() && t.y <= LOW_AIR && (t.x - p.x).abs() <= PROJECTILE_HALF_WIDTH + HALF_WIDTH {
                gone[i] = true;
                let d = Move::Projectile.data();
                if t.blocking().is_some() && !t.airborne() {
                    self.land_block(target, d.blockstun, p.dir, report);
                    self.fighters[p.owner].meter = (self.fighters[p.owner].meter + 2).min(MAX_METER);
                } else {
                    self.land_hit(target, p.damage, d.hitstun, false, p.dir, report);
                    self.fighters[p.owner].meter = (self.fighters[p.owner].meter + 4).min(MAX_METER);
                }
            }
        }
        let mut k = 0;
        self.projectiles.retain(|_| {
            k += 1;
            !gone[k - 1]
        });
    }
}

fn countdown(left: u32, done: Phase, more: impl Fn(u32) -> Phase) -> Phase {
    if left <= 1 { done } else { more(left - 1) }
}
