//! The match and its frame step: actions applied, fighters advanced and pushed apart,
//! strikes and projectiles resolved, the heuristics fed and the outcome decided.

use super::fighter::{Fighter, Phase};
use super::moves::{Action, ArenaMove, Height};
use super::{DECISION_FRAMES, FPS, MATCH_FRAMES, MAX_METER, STAGE_WIDTH, STRONG_PROJECTILE_METER, metres};
use crate::heuristic::{Deeds, Heuristics};

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
pub enum MatchOutcome {
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
    pub outcome: Option<MatchOutcome>,
    /// Frames a match lasts; [`MATCH_FRAMES`] by default.
    pub length: u32,
}

impl Default for Arena {
    fn default() -> Self {
        Self::new()
    }
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
            [true, true] => Some(MatchOutcome::Draw),
            [true, false] => Some(MatchOutcome::Winner(1)),
            [false, true] => Some(MatchOutcome::Winner(0)),
            [false, false] if self.frame >= self.length => {
                let (h0, h1) = (self.fighters[0].health, self.fighters[1].health);
                Some(match h0.cmp(&h1) {
                    std::cmp::Ordering::Greater => MatchOutcome::Winner(0),
                    std::cmp::Ordering::Less => MatchOutcome::Winner(1),
                    std::cmp::Ordering::Equal => MatchOutcome::Draw,
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
        let start_attack = |f: &mut Fighter, mv: ArenaMove, report: &mut FrameReport| {
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
            Action::Light => start_attack(f, ArenaMove::Light, report),
            Action::Heavy => start_attack(f, ArenaMove::Heavy, report),
            Action::Low => start_attack(f, ArenaMove::Low, report),
            Action::Throw => start_attack(f, ArenaMove::Throw, report),
            Action::AntiAir => start_attack(f, ArenaMove::AntiAir, report),
            Action::Projectile => {
                if has_projectile {
                    f.phase = Phase::Neutral(Action::Idle);
                } else {
                    start_attack(f, ArenaMove::Projectile, report);
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
                if mv == ArenaMove::Projectile && t == d.startup {
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
            let damage = if strong { 10 } else { ArenaMove::Projectile.data().damage };
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
            Phase::Attack { mv, t, hit_done: false } if mv != ArenaMove::Projectile => {
                let d = mv.data();
                (t >= d.startup && t < d.startup + d.active).then_some(mv)?
            }
            Phase::Air { t, attack: Some(start), hit_done: false, .. }
                if t >= start + ArenaMove::JumpAttack.data().startup =>
            {
                ArenaMove::JumpAttack
            }
            _ => return None,
        };
        let d = mv.data();
        if !op.vulnerable() || (me.x - op.x).abs() > d.reach {
            return None;
        }
        match mv {
            ArenaMove::Light | ArenaMove::Heavy | ArenaMove::Low if op.y > LOW_AIR => return None,
            ArenaMove::AntiAir if op.y == 0 => return None,
            ArenaMove::Throw => {
                let throwable = op.y == 0
                    && !matches!(op.phase, Phase::Hitstun { .. } | Phase::Blockstun { .. } | Phase::Air { .. });
                if !throwable {
                    return None;
                }
                if matches!(op.phase, Phase::Attack { mv: ArenaMove::Throw, t, .. } if t >= d.startup && t < d.startup + d.active)
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
                let d = ArenaMove::Projectile.data();
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
