//! The arena panel's match (SPEC §13): the keyboard side against a scripted bot or a
//! shadow, recorded while playing and kept or discarded at the match end. Either side
//! can be taken from its shadow or bot and given back ([`ArenaUi::hand_over`]); with a
//! shadow at hand, the keyboard side has it standing by, and it takes the side over when
//! the keyboard is idle for [`ArenaUi::idle_seconds`]. A training gauntlet open in the
//! arena ([`ArenaUi::gauntlet`]) is fought bank by bank.

use creature_shadow::arena::{FPS, KeyInput, MatchOutcome};
use creature_shadow::bank::{Bank, PendingMatch};
use creature_shadow::bots::{Bot, Style};
use creature_shadow::fight::{Bout, Controller, Pick, ShadowPlayer};
use creature_shadow::schema::Schema;

use super::gauntlet::GauntletRun;

/// The character both sides play (the example banks are Jago against Jago).
pub const CHARACTER: &str = "Jago";

/// Who plays each side of the match in the arena, in words, and what it is: the
/// running match's own, so that the panel's settings (changed for the next match, or
/// never used by a league's replay) do not rename it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Billing {
    /// The left and the right side: "you", "your side (autoplay)", "the zoner",
    /// "the shadow of zoner.bank.ron", "rushdown.bank.ron (shadow)".
    pub sides: [String; 2],
    /// The scripted bot fought, if the right side is one.
    pub against: Option<Style>,
    /// A league's match played again: nothing is recorded and no key plays.
    pub replay: bool,
}

impl Billing {
    /// Whether the left side is the keyboard's (not autoplay, not a replay).
    pub fn keyboard_side(&self) -> bool {
        !self.replay && self.sides[0] == YOU
    }

    /// Who plays the match, left and right.
    pub fn headline(&self) -> String {
        let what = if self.replay { "Replay of the league's match" } else { "Match" };
        format!("{what}: {} (left) against {} (right)", self.sides[0], self.sides[1])
    }

    /// What the finished match came to, naming who played.
    pub fn outcome(&self, o: MatchOutcome) -> String {
        let [left, right] = &self.sides;
        match o {
            MatchOutcome::Winner(0) => format!("Match over: {left} won against {right}."),
            MatchOutcome::Winner(_) => format!("Match over: {right} won against {left}."),
            MatchOutcome::Draw => format!("Match over: a draw between {left} and {right}."),
        }
    }
}

/// The arena's match: the bout, who plays it, its recording and a gauntlet fought.
/// The settings a new match is started with are the arena panel's own.
pub struct ArenaUi {
    pub bout: Option<Bout>,
    /// Who plays the bout, set when it starts.
    pub billing: Option<Billing>,
    /// A finished match's recording, waiting to be kept or discarded.
    pub pending: Option<PendingMatch>,
    pub paused: bool,
    /// Seconds of no key held after which a side's shadow takes it from the keyboard.
    pub idle_seconds: f64,
    /// The training gauntlet open in the arena.
    pub gauntlet: Option<GauntletRun>,
    /// What the last gauntlet match came to.
    pub gauntlet_note: Option<String>,
    owed: f64,
    seed: u64,
    /// Sides the person handed to their shadow or bot with F1/F2: those come back with
    /// F1/F2 too, while a side the shadow took from an idle keyboard comes back with any
    /// key.
    handed: [bool; 2],
}

/// The keyboard's side, in a match's billing.
const YOU: &str = "you";

/// The default of [`ArenaUi::idle_seconds`].
pub const IDLE_SECONDS: f64 = 3.0;

impl Default for ArenaUi {
    fn default() -> Self {
        Self {
            bout: None,
            billing: None,
            pending: None,
            paused: false,
            idle_seconds: IDLE_SECONDS,
            gauntlet: None,
            gauntlet_note: None,
            owed: 0.0,
            seed: 1,
            handed: [false; 2],
        }
    }
}

impl ArenaUi {
    /// Starts a match: side 0 is the keyboard (or a rushdown bot on autoplay), side 1
    /// the opponent (a bot style name or "shadow"); a shadow plays from `shadow`'s bank
    /// (named by its file) with its schema, and stands by on the keyboard side to take it
    /// when the keyboard is idle.
    pub fn start(
        &mut self,
        opponent: &str,
        autoplay: bool,
        record: bool,
        shadow: Option<(&Schema, &Bank, &str)>,
    ) -> Result<(), String> {
        self.seed = self.seed.wrapping_add(1);
        let player = |seed: u64| -> Result<Option<ShadowPlayer>, String> {
            shadow.map(|(schema, bank, name)| Ok(ShadowPlayer::new(schema, bank, seed)?.named(name))).transpose()
        };
        let theirs = match (Style::from_name(opponent), player(self.seed)?) {
            (Some(style), _) => Controller::Bot(Bot::new(style, self.seed)),
            (None, Some(s)) => Controller::Shadow(Box::new(s)),
            (None, None) => return Err(format!("no opponent called `{opponent}`")),
        };
        let standby = if autoplay { None } else { player(self.seed + 1000)? };
        let mine = match standby {
            _ if autoplay => Controller::Bot(Bot::new(Style::Rushdown, self.seed + 1000)),
            Some(s) => Controller::Shadow(Box::new(s)),
            None => Controller::Keyboard,
        };
        let mut bout = Bout::new([mine, theirs], [CHARACTER, CHARACTER]);
        // The keyboard plays its side from the start, the shadow standing by.
        bout.set_human(0, !autoplay);
        bout.idle_limit = Some(self.idle_frames());
        if record {
            bout.record(0);
            // A shadow's side keeps what the keyboard plays there, as corrections.
            if matches!(bout.controllers[1], Controller::Shadow(_)) {
                bout.record(1);
            }
        }
        let against = Style::from_name(opponent);
        let right = match (against, shadow) {
            (Some(style), _) => format!("the {}", style.name()),
            (None, Some((_, _, name))) => format!("the shadow of {name}"),
            (None, None) => format!("the {opponent}"),
        };
        let left = if autoplay { "your side (autoplay)" } else { YOU };
        self.billing = Some(Billing { sides: [left.to_owned(), right], against, replay: false });
        self.pending = None;
        self.paused = false;
        self.owed = 0.0;
        self.handed = [false; 2];
        self.bout = Some(bout);
        Ok(())
    }

    /// Plays `bout` again in the arena, shadow against shadow, as a league played it,
    /// the banks named by `names` (left, right): nothing is recorded and no key plays.
    /// The arena's settings are not touched: the next match started is theirs. A match
    /// recorded before and not yet kept still waits to be kept or discarded.
    pub fn replay(&mut self, mut bout: Bout, names: [String; 2]) {
        bout.idle_limit = Some(self.idle_frames());
        let sides = names.map(|n| format!("{n} (shadow)"));
        self.billing = Some(Billing { sides, against: None, replay: true });
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

    /// [`ArenaUi::idle_seconds`] in frames.
    fn idle_frames(&self) -> u32 {
        (self.idle_seconds.max(0.0) * f64::from(FPS)).round() as u32
    }

    /// Sets how long the keyboard may be idle before a shadow takes its side, for the
    /// running match too.
    pub fn set_idle_seconds(&mut self, seconds: f64) {
        self.idle_seconds = seconds;
        let frames = self.idle_frames();
        if let Some(b) = self.bout.as_mut() {
            b.idle_limit = Some(frames);
        }
    }

    /// Hands `side` from its shadow or bot to the keyboard, or back. Returns what to
    /// tell the player.
    pub fn hand_over(&mut self, side: usize) -> String {
        let Some(b) = self.bout.as_mut().filter(|b| !b.arena.is_over()) else {
            return "Start a match first: take-over works while one runs".into();
        };
        let who = if side == 0 { "the left fighter" } else { "the right fighter" };
        if !b.can_hand_over(side) {
            return format!("No shadow or bot to hand {who} to: open a bank to have its shadow stand by");
        }
        let mine = b.hand_over(side);
        self.handed[side] = !mine;
        if mine { format!("You play {who}") } else { format!("The shadow plays {who} again") }
    }

    /// Whether a match runs now: then the arena's keys are live (to play a side the
    /// keyboard has, or to take one over).
    pub fn keyboard_playing(&self) -> bool {
        self.bout.as_ref().is_some_and(|b| !b.arena.is_over()) && !self.paused
    }

    /// What the finished match came to, if it is over.
    pub fn outcome_text(&self) -> Option<String> {
        let o = self.bout.as_ref()?.arena.outcome?;
        Some(self.billing.as_ref()?.outcome(o))
    }

    /// The keys the keyboard holds, if a match is on.
    pub fn keys(&self) -> Option<KeyInput> {
        self.bout.as_ref().map(|b| b.keys[0])
    }

    /// Sets the keys the keyboard holds, for every side it plays (nothing without a
    /// match). A key held takes the keyboard's own side (the left) back from the shadow
    /// that took it while the keyboard was idle.
    pub fn set_keys(&mut self, keys: KeyInput) {
        let Some(b) = self.bout.as_mut() else { return };
        b.keys = [keys; 2];
        let keyboards = self.billing.as_ref().is_some_and(Billing::keyboard_side);
        if keyboards && keys != KeyInput::default() && !b.is_human(0) && !self.handed[0] && !b.arena.is_over() {
            b.set_human(0, true);
        }
    }

    /// Whose the keyboard's side is now and how to change it, while a match with a
    /// keyboard side runs.
    pub fn whose(&self) -> Option<String> {
        let b = self.bout.as_ref().filter(|b| !b.arena.is_over())?;
        if !self.billing.as_ref()?.keyboard_side() || !b.can_hand_over(0) {
            return None;
        }
        let idle = self.idle_seconds;
        Some(if b.is_human(0) {
            format!(
                "You play the left fighter. Leave the keys for {idle:.1} s and its shadow takes over; F1 gives it to the shadow now."
            )
        } else if self.handed[0] {
            "The shadow plays your fighter, as you asked: F1 takes it back.".to_owned()
        } else {
            "The shadow plays your fighter while you are idle: press any key (an arrow, Z, X…) to take it back."
                .to_owned()
        })
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
        let Some(b) = self.bout.as_mut() else { return };
        let outcome = b.arena.outcome;
        // The far side's recording holds only what the keyboard played there.
        let far = b.take_recording_without_shadow(1).filter(|p| !p.events.is_empty());
        if let Some(mut p) = b.take_recording_without_shadow(0) {
            if let Some(far) = far {
                p.join(far);
            }
            self.pending = Some(p);
        }
        if let (Some(g), Some(o)) = (self.gauntlet.as_mut(), outcome)
            && let Some(note) = g.settle(o == MatchOutcome::Winner(0))
        {
            self.gauntlet_note = Some(note);
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

    #[test]
    fn the_keyboards_play_on_the_shadows_side_is_kept_with_the_match_as_corrections() {
        let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example/shadow");
        let bank = Bank::load(&shipped.join("zoner.bank.ron")).unwrap();
        let schema = Schema::load(&shipped.join("arena.schema.ron")).unwrap();
        let mut a = ArenaUi::default();
        a.start("shadow", false, true, Some((&schema, &bank, "zoner.bank.ron"))).unwrap();
        a.set_keys(KeyInput { right: true, ..KeyInput::default() });
        a.tick(2.0);
        a.set_keys(KeyInput::default());
        a.tick(1.0);
        assert!(a.hand_over(1).starts_with("You play"), "the keyboard takes the shadow's side");
        for k in 0..20 {
            a.set_keys(KeyInput { left: k % 2 == 0, block: k % 2 == 1, ..KeyInput::default() });
            a.tick(0.1);
        }
        assert!(a.hand_over(1).starts_with("The shadow plays"));
        a.finish();
        let pending = a.pending.as_ref().expect("the match waits to be kept");
        let corrections = pending.events.iter().filter(|e| e.provenance.as_ref().is_some_and(|p| p.correction));
        let far = a.bout.as_ref().unwrap().decisions.iter().filter(|d| d.side == 1 && d.pick.is_none()).count();
        assert!(far > 0);
        assert_eq!(corrections.count(), far, "every decision the keyboard took on the far side, as a correction");
    }
}
