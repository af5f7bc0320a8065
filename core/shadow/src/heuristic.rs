//! Heuristics: running summaries of a match (SPEC §13), computed every frame by the
//! arena for both fighters with this one definition, so a value recorded into a bank
//! means the same as the value a shadow compares it with at play time.

use std::collections::VecDeque;

use super::clock::FPS;

/// The window of "own projectiles in the last N seconds".
pub const PROJECTILE_WINDOW_SECONDS: u32 = 5;

/// Before this much of the match has passed, jump-ins per minute are averaged over this
/// long, so one early jump does not read as sixty a minute.
pub const JUMPIN_MIN_SECONDS: u32 = 10;

/// What one fighter did this frame that the heuristics count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Deeds {
    /// Blocked an attack, low (`Some(true)`) or high (`Some(false)`).
    pub blocked: Option<bool>,
    pub projectile_thrown: bool,
    /// Became able to act after lying on the floor.
    pub woke_up: bool,
    /// Attacked on the first frame it could after waking up.
    pub reversal: bool,
    /// Started an attack from a jump.
    pub jump_in: bool,
}

/// The heuristics seen from one fighter ("own") about itself and its opponent.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Heuristics {
    opp_blocks: u32,
    opp_low_blocks: u32,
    own_projectiles: VecDeque<u32>,
    opp_wakeups: u32,
    opp_reversals: u32,
    opp_jump_ins: u32,
    frames: u32,
}

impl Heuristics {
    /// Counts one frame: what this fighter (`own`) and its opponent (`opp`) did.
    pub fn observe(&mut self, frame: u32, own: &Deeds, opp: &Deeds) {
        self.frames = frame + 1;
        if let Some(low) = opp.blocked {
            self.opp_blocks += 1;
            self.opp_low_blocks += u32::from(low);
        }
        if own.projectile_thrown {
            self.own_projectiles.push_back(frame);
        }
        let window = PROJECTILE_WINDOW_SECONDS * FPS;
        while self.own_projectiles.front().is_some_and(|&f| frame >= f + window) {
            self.own_projectiles.pop_front();
        }
        self.opp_wakeups += u32::from(opp.woke_up);
        self.opp_reversals += u32::from(opp.reversal);
        self.opp_jump_ins += u32::from(opp.jump_in);
    }

    /// The opponent's low blocks over all its blocks, with a prior of one of each
    /// (0.5 before any block).
    pub fn opp_low_block_ratio(&self) -> f64 {
        f64::from(self.opp_low_blocks + 1) / f64::from(self.opp_blocks + 2)
    }

    /// Own projectiles thrown in the last [`PROJECTILE_WINDOW_SECONDS`] seconds.
    pub fn own_projectiles_recent(&self) -> f64 {
        self.own_projectiles.len() as f64
    }

    /// The opponent's reversals over its wake-ups, with a prior of one of each.
    pub fn opp_wakeup_reversal_rate(&self) -> f64 {
        f64::from(self.opp_reversals + 1) / f64::from(self.opp_wakeups + 2)
    }

    /// The opponent's jump-in attacks per minute of the match so far.
    pub fn opp_jump_ins_per_minute(&self) -> f64 {
        let frames = self.frames.max(JUMPIN_MIN_SECONDS * FPS);
        f64::from(self.opp_jump_ins) * f64::from(60 * FPS) / f64::from(frames)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn low_block_ratio_counts_the_opponents_blocks_only() {
        let mut h = Heuristics::default();
        assert_eq!(h.opp_low_block_ratio(), 0.5);
        let low = Deeds { blocked: Some(true), ..Deeds::default() };
        let high = Deeds { blocked: Some(false), ..Deeds::default() };
        for f in 0..3 {
            h.observe(f, &high, &low);
        }
        h.observe(3, &Deeds::default(), &high);
        assert_eq!(h.opp_low_block_ratio(), 4.0 / 6.0);
    }

    #[test]
    fn projectiles_leave_the_window_after_five_seconds() {
        let mut h = Heuristics::default();
        let threw = Deeds { projectile_thrown: true, ..Deeds::default() };
        h.observe(0, &threw, &Deeds::default());
        h.observe(10, &threw, &Deeds::default());
        assert_eq!(h.own_projectiles_recent(), 2.0);
        h.observe(299, &Deeds::default(), &Deeds::default());
        assert_eq!(h.own_projectiles_recent(), 2.0);
        h.observe(300, &Deeds::default(), &Deeds::default());
        assert_eq!(h.own_projectiles_recent(), 1.0);
        h.observe(310, &Deeds::default(), &Deeds::default());
        assert_eq!(h.own_projectiles_recent(), 0.0);
    }

    #[test]
    fn reversal_rate_and_jump_ins_per_minute() {
        let mut h = Heuristics::default();
        let woke = Deeds { woke_up: true, reversal: true, ..Deeds::default() };
        h.observe(100, &Deeds::default(), &woke);
        assert_eq!(h.opp_wakeup_reversal_rate(), 2.0 / 3.0);
        let jump = Deeds { jump_in: true, ..Deeds::default() };
        h.observe(200, &Deeds::default(), &jump);
        assert_eq!(h.opp_jump_ins_per_minute(), 6.0, "one jump-in in the first 10 s reads as 6 a minute");
        h.observe(3599, &Deeds::default(), &Deeds::default());
        assert_eq!(h.opp_jump_ins_per_minute(), 1.0);
    }
}
