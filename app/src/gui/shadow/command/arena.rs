//! What the arena panel asks of its match (SPEC §13), and the keys a person holds to
//! play the near fighter.

use std::path::PathBuf;
use std::sync::Arc;

use creature_shadow::arena::KeyInput;
use creature_shadow::fight::Bout;

/// A key of the arena, held to play: each is a command with its key in the arena's
/// bindings, so the palette and the Arena menu list them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaKey {
    Left,
    Right,
    Up,
    Down,
    Light,
    Heavy,
    Low,
    Block,
    DashLeft,
    DashRight,
    Projectile,
    AntiAir,
    Throw,
}

impl ArenaKey {
    /// What the key does, for menus and the palette.
    fn text(self) -> &'static str {
        match self {
            ArenaKey::Left => "walk left",
            ArenaKey::Right => "walk right",
            ArenaKey::Up => "jump",
            ArenaKey::Down => "crouch",
            ArenaKey::Light => "light attack",
            ArenaKey::Heavy => "heavy attack",
            ArenaKey::Low => "low attack",
            ArenaKey::Block => "block",
            ArenaKey::DashLeft => "dash left",
            ArenaKey::DashRight => "dash right",
            ArenaKey::Projectile => "projectile",
            ArenaKey::AntiAir => "anti-air",
            ArenaKey::Throw => "throw",
        }
    }

    /// Sets this key as held in `k`; a dash is its direction with the dash held.
    fn hold(self, k: &mut KeyInput) {
        match self {
            ArenaKey::Left => k.left = true,
            ArenaKey::Right => k.right = true,
            ArenaKey::Up => k.up = true,
            ArenaKey::Down => k.down = true,
            ArenaKey::Light => k.light = true,
            ArenaKey::Heavy => k.heavy = true,
            ArenaKey::Low => k.low = true,
            ArenaKey::Block => k.block = true,
            ArenaKey::DashLeft => (k.left, k.dash) = (true, true),
            ArenaKey::DashRight => (k.right, k.dash) = (true, true),
            ArenaKey::Projectile => k.projectile = true,
            ArenaKey::AntiAir => k.anti_air = true,
            ArenaKey::Throw => k.throw = true,
        }
    }

    /// The keys a person holds, as the fight reads them.
    pub fn input(held: impl IntoIterator<Item = ArenaKey>) -> KeyInput {
        let mut k = KeyInput::default();
        for key in held {
            key.hold(&mut k);
        }
        k
    }
}

/// A match handed to the arena to be played again (a league's), with the names of the
/// banks playing it, left then right. The arena's own settings are not part of it.
#[derive(Clone, Debug)]
pub struct Replay {
    pub bout: Arc<Bout>,
    pub names: [String; 2],
}

/// Two replays are the same when they hand over the same bout.
impl PartialEq for Replay {
    fn eq(&self, other: &Replay) -> bool {
        Arc::ptr_eq(&self.bout, &other.bout) && self.names == other.names
    }
}

/// A command to the arena's match.
#[derive(Clone, Debug, PartialEq)]
pub enum ArenaCommand {
    /// Starts a match against `opponent` (a bot style name or "shadow": the shadow of
    /// the bank shown, the project's first when none is shown yet).
    Start { opponent: String, autoplay: bool, record: bool },
    /// Plays a match again, shadow against shadow: nothing recorded, the arena's
    /// settings left as they are.
    Replay(Replay),
    /// Plays the running match to its end at once.
    Finish,
    /// At the match end: keep the recording in the bank, or drop it.
    Keep(bool),
    /// One key held for one frame of the match (from the palette or the menu).
    Press(ArenaKey),
    /// The keys held now (from the keyboard, when they change).
    Keys(KeyInput),
    /// Hands a side (0 the left fighter, 1 the right) from its shadow or bot to the
    /// keyboard, or back.
    HandOver(usize),
    /// Opens a training gauntlet (`*.gauntlet.ron`) in the arena.
    Gauntlet(PathBuf),
    /// Writes a gauntlet of these banks (each with its rating), weakest first, beside
    /// the first bank under a name no file has yet, and opens it in the arena.
    TrainIn(Vec<(PathBuf, f64)>),
    /// Fights the open gauntlet's next bank (again, after a loss), the keyboard's side
    /// recorded when `record`.
    GauntletFight { record: bool },
    /// Pauses the running match (`true`) or lets it run on.
    Pause(bool),
    /// How long the keyboard may leave a side idle before a shadow takes it, in seconds.
    IdleSeconds(f64),
}

impl ArenaCommand {
    /// The name in menus and the palette.
    pub fn label(&self) -> String {
        match self {
            ArenaCommand::Start { opponent, .. } => format!("Arena: fight {opponent}"),
            ArenaCommand::Replay(r) => format!("Arena: play {} against {} again", r.names[0], r.names[1]),
            ArenaCommand::Finish => "Arena: play to the end".into(),
            ArenaCommand::Keep(true) => "Arena: keep the recording".into(),
            ArenaCommand::Keep(false) => "Arena: discard the recording".into(),
            ArenaCommand::Press(k) => format!("Arena: {}", k.text()),
            ArenaCommand::Keys(_) => "Arena: keys held".into(),
            ArenaCommand::HandOver(0) => "Arena: take or give back the left fighter".into(),
            ArenaCommand::HandOver(_) => "Arena: take or give back the right fighter".into(),
            ArenaCommand::Gauntlet(p) => format!("Arena: train in the gauntlet {}", p.display()),
            ArenaCommand::TrainIn(banks) => {
                format!(
                    "Arena: train in a gauntlet of {}, weakest first",
                    crate::gui::words::count(banks.len(), "bank")
                )
            }
            ArenaCommand::GauntletFight { .. } => "Arena: fight the gauntlet's next shadow".into(),
            ArenaCommand::Pause(true) => "Arena: pause".into(),
            ArenaCommand::Pause(false) => "Arena: go on".into(),
            ArenaCommand::IdleSeconds(s) => format!("Arena: a shadow takes a side left idle for {s:.1} s"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dash_is_its_direction_with_the_dash_held() {
        let k = ArenaKey::input([ArenaKey::DashLeft, ArenaKey::Light]);
        assert!(k.left && k.dash && k.light && !k.right);
        assert_eq!(ArenaKey::input([]), KeyInput::default());
    }
}
