//! The arena panel's match (SPEC §13): the keyboard side against a scripted bot or a
//! shadow, recorded while playing and kept or discarded at the match end.

use creature_core::shadow::arena::{FPS, KeyInput};
use creature_core::shadow::bank::{Bank, PendingMatch};
use creature_core::shadow::bots::{Bot, Style};
use creature_core::shadow::fight::{Bout, Controller, Pick, ShadowPlayer};
use creature_core::shadow::schema::Schema;

/// The character both sides play (the example banks are Jago against Jago).
pub const CHARACTER: &str = "Jago";

/// The arena panel's state.
pub struct ArenaUi {
    pub bout: Option<Bout>,
    /// Who the keyboard side fights: a bot style name, or "shadow".
    pub opponent: String,
    /// The near side is played by a scripted bot (a recorded demonstration) instead of
    /// the keyboard.
    pub autoplay: bool,
    pub record: bool,
    /// A finished match's recording, waiting to be kept or discarded.
    pub pending: Option<PendingMatch>,
    pub paused: bool,
    owed: f64,
    seed: u64,
}

impl Default for ArenaUi {
    fn default() -> Self {
        Self {
            bout: None,
            opponent: "zoner".into(),
            autoplay: false,
            record: true,
            pending: None,
            paused: false,
            owed: 0.0,
            seed: 1,
        }
    }
}

impl ArenaUi {
    /// Starts a match: side 0 is the keyboard (or a rushdown bot on autoplay), side 1
    /// the opponent; a shadow plays from `shadow`'s bank with its schema.
    pub fn start(
        &mut self,
        opponent: &str,
        autoplay: bool,
        record: bool,
        shadow: Option<(&Schema, &Bank)>,
    ) -> Result<(), String> {
        self.seed = self.seed.wrapping_add(1);
        let theirs = match (Style::from_name(opponent), shadow) {
            (Some(style), _) => Controller::Bot(Bot::new(style, self.seed)),
            (None, Some((schema, bank))) => Controller::Shadow(Box::new(ShadowPlayer::new(schema, bank, self.seed)?)),
            (None, None) => return Err(format!("no opponent called `{opponent}`")),
        };
        let mine =
            if autoplay { Controller::Bot(Bot::new(Style::Rushdown, self.seed + 1000)) } else { Controller::Keyboard };
        let mut bout = Bout::new([mine, theirs], [CHARACTER, CHARACTER]);
        if record {
            bout.record(0);
        }
        self.opponent = opponent.to_owned();
        self.autoplay = autoplay;
        self.record = record;
        self.pending = None;
        self.paused = false;
        self.owed = 0.0;
        self.bout = Some(bout);
        Ok(())
    }

    /// Plays `bout` again in the arena, shadow against shadow, as a league played it:
    /// nothing is recorded and no key plays.
    pub fn replay(&mut self, bout: Bout, opponent: &str) {
        self.opponent = opponent.to_owned();
        self.autoplay = true;
        self.record = false;
        self.pending = None;
        self.paused = false;
        self.owed = 0.0;
        self.bout = Some(bout);
    }

    /// Runs the arena's frames for `dt` wall seconds (60 frames per second). Returns true
    /// while a match is running.
    pub fn tick(&mut self, dt: f64) -> bool {
        let Some(bout) = self.bout.as_mut() else { return false };
        if bout.arena.is_over() {
            return false;
        }
        if self.paused {
            return false;
        }
        self.owed = (self.owed + dt * f64::from(FPS)).min(10.0);
        while self.owed >= 1.0 && !bout.arena.is_over() {
            bout.step();
            self.owed -= 1.0;
        }
        if bout.arena.is_over() {
            self.take_recording();
        }
        true
    }

    /// Whether the keyboard plays a running match now: then the arena's keys are live.
    pub fn keyboard_playing(&self) -> bool {
        self.bout.as_ref().is_some_and(|b| !b.arena.is_over()) && !self.autoplay && !self.paused
    }

    /// The keys the keyboard side holds, if a match is on.
    pub fn keys(&self) -> Option<KeyInput> {
        self.bout.as_ref().map(|b| b.keys[0])
    }

    /// Sets the keys the keyboard side holds (nothing without a match).
    pub fn set_keys(&mut self, keys: KeyInput) {
        if let Some(b) = self.bout.as_mut() {
            b.keys[0] = keys;
        }
    }

    /// Plays the match to its end now.
    pub fn finish(&mut self) {
        let Some(bout) = self.bout.as_mut() else { return };
        bout.keys[0] = KeyInput::default();
        bout.run();
        self.take_recording();
    }

    /// Moves the finished match's recording to [`ArenaUi::pending`]. A recording taken
    /// already (the match ended by itself, then "Play to the end" was pressed) stays
    /// where it is rather than being replaced by nothing.
    fn take_recording(&mut self) {
        if let Some(p) = self.bout.as_mut().and_then(|b| b.take_recording(0)) {
            self.pending = Some(p);
        }
    }

    /// The shadow's last decision as (state in schema order, event playing).
    pub fn last_query(&self) -> Option<(Vec<f64>, Option<usize>)> {
        let q = self.shadow()?.last()?;
        Some((q.state.clone(), q.playing))
    }

    /// The shadow side's player, if the opponent is a shadow.
    pub fn shadow(&self) -> Option<&ShadowPlayer> {
        match &self.bout.as_ref()?.controllers[1] {
            Controller::Shadow(s) => Some(s),
            _ => None,
        }
    }

    /// The shadow's last pick.
    pub fn last_pick(&self) -> Option<Pick> {
        self.bout.as_ref()?.decisions.iter().rev().find(|d| d.side == 1).and_then(|d| d.pick)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_to_the_end_after_the_match_ended_keeps_its_recording() {
        let mut a = ArenaUi::default();
        a.start("zoner", true, true, None).unwrap();
        for _ in 0..200 {
            a.tick(1.0);
        }
        assert!(a.bout.as_ref().unwrap().arena.is_over(), "the match ends by itself");
        let recorded = a.pending.as_ref().map(|p| p.events.len()).expect("the recording waits to be kept");
        assert!(recorded > 0);
        a.finish();
        assert_eq!(a.pending.as_ref().map(|p| p.events.len()), Some(recorded), "the recording is still there");
    }
}
