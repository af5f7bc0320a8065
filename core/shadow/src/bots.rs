//! Scripted fighters with clearly different styles, to record banks from and to fight
//! shadows against (SPEC §13): a zoner who throws projectiles at range, a rushdown who
//! closes in and mixes high and low, and a turtle who blocks and anti-airs.
//!
//! Bots see exactly the world state a shadow sees ([`Arena::features`]) and take every
//! random choice from their seeded generator (SPEC §1). Like people, they notice an
//! attack only after a reaction time of 10–18 frames (about 170–300 ms).

use super::arena::{Action, Arena, FEATURE_COUNT, feature};
use creature_core::rng::Rng;

/// Closer than this is "close" (metres).
pub const CLOSE: f64 = 1.5;
/// Farther than this is "far" (metres).
pub const FAR: f64 = 3.5;

/// How far apart the fighters are, in three classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Range {
    Close,
    Mid,
    Far,
}

impl Range {
    pub const ALL: [Range; 3] = [Range::Close, Range::Mid, Range::Far];

    pub fn of(distance: f64) -> Range {
        if distance < CLOSE {
            Range::Close
        } else if distance > FAR {
            Range::Far
        } else {
            Range::Mid
        }
    }

    /// The class name: close, mid or far.
    pub fn name(self) -> &'static str {
        match self {
            Range::Close => "close",
            Range::Mid => "mid",
            Range::Far => "far",
        }
    }
}

/// A situation class for comparing play: the range and whether the opponent is in the
/// air.
pub fn situation(state: &[f64]) -> (Range, bool) {
    (Range::of(state[feature::DISTANCE]), state[feature::OPP_HEIGHT] > 0.0)
}

/// The three scripted styles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Style {
    /// Keeps away and throws projectiles at range.
    Zoner,
    /// Closes in and mixes high, low and throws.
    Rushdown,
    /// Blocks, punishes and anti-airs.
    Turtle,
}

impl Style {
    pub const ALL: [Style; 3] = [Style::Zoner, Style::Rushdown, Style::Turtle];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Style::Zoner => "zoner",
            Style::Rushdown => "rushdown",
            Style::Turtle => "turtle",
        }
    }

    pub fn from_name(name: &str) -> Option<Style> {
        Style::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(name))
    }
}

/// A scripted fighter.
#[derive(Debug, Clone)]
pub struct Bot {
    pub style: Style,
    rng: Rng,
    /// The opponent attack being watched: its start frame and this bot's reaction time.
    watching: Option<(u32, u32)>,
}

fn pick(rng: &mut Rng, table: &[(Action, f64)]) -> Action {
    let total: f64 = table.iter().map(|e| e.1).sum();
    let mut x = rng.unit() * total;
    for &(a, w) in table {
        if x < w {
            return a;
        }
        x -= w;
    }
    table.last().map_or(Action::Idle, |e| e.0)
}

impl Bot {
    pub fn new(style: Style, seed: u64) -> Self {
        Self { style, rng: Rng::seeded(seed), watching: None }
    }

    /// What to do now, as `side` of `arena`.
    pub fn decide(&mut self, arena: &Arena, side: usize) -> Action {
        let s = arena.features(side);
        let noticed = self.notice(arena, side, &s);
        let table = match self.style {
            Style::Zoner => zoner(&s, noticed),
            Style::Rushdown => rushdown(&s, noticed),
            Style::Turtle => turtle(&s, noticed),
        };
        pick(&mut self.rng, &table)
    }

    /// The opponent's attack code if this bot has had time to react to it.
    fn notice(&mut self, arena: &Arena, side: usize, s: &[f64; FEATURE_COUNT]) -> Option<u8> {
        let code = s[feature::OPP_ATTACK] as u8;
        let start = arena.fighters[1 - side].attack_started;
        let (Some(start), true) = (start, code != 0) else {
            self.watching = None;
            return None;
        };
        let delay = match self.watching {
            Some((seen, delay)) if seen == start => delay,
            _ => {
                let delay = 10 + self.rng.below(9) as u32;
                self.watching = Some((start, delay));
                delay
            }
        };
        (s[feature::OPP_ATTACK_FRAMES] >= f64::from(delay)).then_some(code)
    }
}

use Action::*;

fn zoner(s: &[f64; FEATURE_COUNT], noticed: Option<u8>) -> Vec<(Action, f64)> {
    let d = s[feature::DISTANCE];
    let own_projectile = s[feature::OWN_PROJECTILE] > 0.0;
    let throw_or = |a: Action| if own_projectile { a } else { Projectile };
    if s[feature::OPP_HEIGHT] > 0.0 {
        return if d < 2.0 {
            vec![(AntiAir, 0.6), (BlockHigh, 0.25), (WalkBack, 0.15)]
        } else {
            vec![(WalkBack, 0.5), (Idle, 0.3), (BlockHigh, 0.2)]
        };
    }
    if s[feature::INCOMING_PROJECTILE] < 2.5 {
        return vec![(Jump, 0.4), (BlockHigh, 0.4), (throw_or(Idle), 0.2)];
    }
    if noticed.is_some() && d < 2.0 {
        return vec![(BlockLow, 0.5), (BlockHigh, 0.3), (DashBack, 0.2)];
    }
    match (Range::of(d), own_projectile) {
        (Range::Far, false) => vec![(Projectile, 0.65), (WalkBack, 0.15), (Idle, 0.2)],
        (Range::Far, true) => vec![(WalkBack, 0.3), (Idle, 0.4), (Crouch, 0.3)],
        (Range::Mid, false) => vec![(Projectile, 0.35), (DashBack, 0.25), (WalkBack, 0.25), (BlockLow, 0.15)],
        (Range::Mid, true) => vec![(WalkBack, 0.4), (DashBack, 0.3), (BlockLow, 0.3)],
        (Range::Close, _) => vec![(Throw, 0.2), (DashBack, 0.3), (Light, 0.2), (JumpBack, 0.15), (BlockLow, 0.15)],
    }
}

fn rushdown(s: &[f64; FEATURE_COUNT], noticed: Option<u8>) -> Vec<(Action, f64)> {
    let d = s[feature::DISTANCE];
    if s[feature::OPP_HEIGHT] > 0.0 {
        return if d < FAR {
            vec![(WalkForward, 0.4), (BlockHigh, 0.4), (AntiAir, 0.2)]
        } else {
            vec![(DashForward, 0.5), (WalkForward, 0.5)]
        };
    }
    if s[feature::INCOMING_PROJECTILE] < 2.5 {
        return vec![(JumpIn, 0.45), (JumpForward, 0.25), (BlockHigh, 0.3)];
    }
    if noticed.is_some() && d < 2.0 {
        return vec![(BlockHigh, 0.3), (Light, 0.4), (Throw, 0.3)];
    }
    match Range::of(d) {
        Range::Far => vec![(DashForward, 0.45), (WalkForward, 0.4), (JumpForward, 0.15)],
        Range::Mid => vec![(DashForward, 0.3), (WalkForward, 0.35), (JumpIn, 0.25), (Low, 0.1)],
        // An opponent who blocks low a lot gets more overheads.
        Range::Close if s[feature::OPP_LOW_BLOCK_RATIO] > 0.6 => {
            vec![(Heavy, 0.4), (Low, 0.15), (Light, 0.2), (Throw, 0.25)]
        }
        Range::Close => vec![(Low, 0.3), (Heavy, 0.25), (Light, 0.2), (Throw, 0.2), (JumpIn, 0.05)],
    }
}

fn turtle(s: &[f64; FEATURE_COUNT], noticed: Option<u8>) -> Vec<(Action, f64)> {
    let d = s[feature::DISTANCE];
    if s[feature::OPP_HEIGHT] > 0.0 {
        return if d < 2.2 { vec![(AntiAir, 0.75), (BlockHigh, 0.25)] } else { vec![(BlockHigh, 0.5), (Idle, 0.5)] };
    }
    if s[feature::INCOMING_PROJECTILE] < 3.0 {
        return vec![(BlockHigh, 0.7), (BlockLow, 0.3)];
    }
    if let Some(code) = noticed.filter(|_| d < 2.5) {
        return match code {
            3 => vec![(BlockLow, 0.85), (BlockHigh, 0.15)],
            2 | 7 => vec![(BlockHigh, 0.85), (BlockLow, 0.15)],
            4 => vec![(Throw, 0.5), (Light, 0.5)],
            _ => vec![(BlockHigh, 0.5), (BlockLow, 0.5)],
        };
    }
    // Punish an opponent stuck in the recovery of a move.
    if s[feature::OPP_STATE] == 10.0 && d < CLOSE {
        return vec![(Light, 0.5), (Throw, 0.3), (Low, 0.2)];
    }
    match Range::of(d) {
        Range::Far => vec![(Idle, 0.3), (BlockHigh, 0.25), (Crouch, 0.2), (WalkForward, 0.25)],
        Range::Mid => vec![(BlockHigh, 0.35), (BlockLow, 0.35), (WalkForward, 0.1), (Crouch, 0.1), (Low, 0.1)],
        Range::Close => vec![(BlockLow, 0.4), (BlockHigh, 0.3), (Light, 0.15), (Throw, 0.15)],
    }
}
