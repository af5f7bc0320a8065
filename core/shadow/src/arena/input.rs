//! The keyboard: the keys a person holds this frame and the action they mean.

use super::Action;

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
