//! A match in the arena between two controllers — a person at the keyboard, a scripted
//! bot or a shadow playing from a bank — with recording of either side (SPEC §13).
//!
//! Take-over: a person can take a bot's or a shadow's side at any frame
//! ([`Bout::hand_over`]) and give it back; the shadow keeps the event it last played
//! (its [`ShadowPlayer::playing`], which the selection's continuation bias reads), so it
//! goes on from the present state as if it had never let go. A person idle for
//! [`Bout::idle_limit`] frames loses the side to its shadow, as a dropped connection
//! would. Every frame marks who played each side ([`Bout::played`]), and so does every
//! recorded decision; a segment of a recording breaks wherever the player changes, so
//! [`Bout::take_recording_without_shadow`] leaves out what a shadow played in whole
//! segments. A person's play on a side a shadow played before is a correction, with the
//! shadow's bank, match and segment as provenance.
//!
//! The editor drives a [`Bout`] frame by frame: it fills [`Bout::keys`] from the
//! keyboard, calls [`Bout::step`], draws [`Bout::arena`], and at the end of the match
//! asks the user whether to keep the recording ([`Bout::take_recording`], then
//! [`Bank::keep`](super::bank::Bank::keep) or drop it).

use std::collections::BTreeMap;
use std::sync::Arc;

use super::arena::{
    Action, Arena, FEATURE_COUNT, FEATURES, FrameReport, KeyInput, REACTION_WINDOW, feature_names, feature_position,
};
use super::bank::{Bank, Matchup, PendingEvent, PendingMatch, Provenance};
use super::bots::Bot;
use super::schema::Schema;
use super::select::{Index, Selection};
use creature_core::rng::Rng;

/// Which event a shadow chose at a decision, for the editor and for tests.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pick {
    /// Bank position of the chosen event.
    pub event: usize,
    pub id: u64,
    pub segment: u64,
    pub index: u32,
    /// Whether the chosen event directly follows the one that was playing.
    pub continued: bool,
    pub best: f64,
    pub candidates: usize,
}

/// A shadow: plays the arena from a bank with a schema (SPEC §13).
#[derive(Debug, Clone)]
pub struct ShadowPlayer {
    /// Shared by the copies [`ShadowPlayer::fresh`] makes, so a league's many matches
    /// prepare each bank once.
    index: Arc<Index>,
    actions: Vec<Action>,
    places: Vec<(u64, u32)>,
    /// Each event's match id, for the provenance of corrections.
    matches: Vec<u64>,
    /// The bank's name, for the provenance of corrections.
    name: String,
    /// For each schema feature, its position in the arena's features.
    map: Vec<usize>,
    rng: Rng,
    playing: Option<usize>,
    state: Vec<f64>,
    /// The last decision, for the editor's query inspector.
    last: Option<LastQuery>,
}

/// What a shadow saw and weighed at its last decision (SPEC §13), for the editor's query
/// inspector: the state in schema order, the event that was playing, the selection.
#[derive(Debug, Clone, PartialEq)]
pub struct LastQuery {
    pub state: Vec<f64>,
    pub playing: Option<usize>,
    pub selection: Selection,
}

impl ShadowPlayer {
    /// A shadow of `bank` compared with `schema`, picking with generator `seed`. Every
    /// schema feature must be an arena feature of the same kind and every recorded
    /// action an arena action.
    pub fn new(schema: &Schema, bank: &Bank, seed: u64) -> Result<Self, String> {
        if bank.is_empty() {
            return Err("the bank has no events; a shadow needs something to play".into());
        }
        let mut map = Vec::with_capacity(schema.features.len());
        for f in &schema.features {
            let Some(p) = feature_position(&f.name) else {
                return Err(format!(
                    "schema: {} (the arena reports no such feature)",
                    creature_core::error::unknown_name("feature", &f.name, FEATURES.iter().map(|i| i.name))
                ));
            };
            if FEATURES[p].kind != f.kind {
                return Err(format!(
                    "schema: `{}` is a {:?} in the arena, not a {:?}",
                    f.name, FEATURES[p].kind, f.kind
                ));
            }
            map.push(p);
        }
        let index = Index::build(schema, bank).map_err(|e| e.message)?;
        let mut actions = Vec::with_capacity(bank.len());
        for e in bank.events() {
            let a = Action::from_name(e.action).ok_or_else(|| {
                format!(
                    "bank: event {}: {}",
                    e.id,
                    creature_core::error::unknown_name("action", e.action, Action::ALL.iter().map(|a| a.name()))
                )
            })?;
            actions.push(a);
        }
        Ok(Self {
            index: Arc::new(index),
            actions,
            places: bank.events().iter().map(|e| (e.segment, e.index)).collect(),
            matches: bank.events().iter().map(|e| e.match_id).collect(),
            name: "shadow".to_owned(),
            map,
            rng: Rng::seeded(seed),
            playing: None,
            state: vec![0.0; schema.features.len()],
            last: None,
        })
    }

    /// The same shadow at the start of a new match: nothing playing, no last decision,
    /// picking with generator `seed`; the prepared bank is shared, not copied.
    #[must_use]
    pub fn fresh(&self, seed: u64) -> Self {
        Self {
            index: Arc::clone(&self.index),
            actions: self.actions.clone(),
            places: self.places.clone(),
            matches: self.matches.clone(),
            name: self.name.clone(),
            map: self.map.clone(),
            rng: Rng::seeded(seed),
            playing: None,
            state: vec![0.0; self.state.len()],
            last: None,
        }
    }

    /// The shadow named after its bank (a file name), for the provenance of the
    /// corrections people make to it.
    #[must_use]
    pub fn named(mut self, name: &str) -> Self {
        if !name.trim().is_empty() {
            name.clone_into(&mut self.name);
        }
        self
    }

    /// Where the shadow is in its bank, as the provenance of a person's correction: its
    /// bank's name and the match and segment of the event now playing.
    pub fn correction(&self) -> Option<Provenance> {
        let e = self.playing?;
        Some(Provenance {
            bank: self.name.clone(),
            match_id: self.matches[e],
            segment: self.places[e].0,
            correction: true,
        })
    }

    /// The prepared bank the shadow queries (SPEC §13).
    pub fn index(&self) -> &Index {
        &self.index
    }

    /// The bank position of the event now playing.
    pub fn playing(&self) -> Option<usize> {
        self.playing
    }

    /// The schema-order state the shadow compares for an arena state.
    pub fn state_of(&self, features: &[f64; FEATURE_COUNT]) -> Vec<f64> {
        self.map.iter().map(|&p| features[p]).collect()
    }

    /// Chooses the next event for the arena state `features` and plays its action.
    pub fn decide(&mut self, features: &[f64; FEATURE_COUNT]) -> (Action, Pick) {
        for (s, &p) in self.state.iter_mut().zip(&self.map) {
            *s = features[p];
        }
        let sel =
            self.index.select(&self.state, self.playing).unwrap_or(Selection { best: 0.0, candidates: Vec::new() });
        let Some(first) = sel.candidates.first().copied() else {
            return (
                Action::Idle,
                Pick { event: 0, id: 0, segment: 0, index: 0, continued: false, best: 0.0, candidates: 0 },
            );
        };
        let chosen = if sel.candidates.len() > 1 { sel.choose(&mut self.rng) } else { first };
        let previous = self.playing;
        let continued = previous.and_then(|p| self.index.continuation(p)) == Some(chosen.event);
        self.playing = Some(chosen.event);
        let (segment, index) = self.places[chosen.event];
        let pick = Pick {
            event: chosen.event,
            id: chosen.id,
            segment,
            index,
            continued,
            best: sel.best,
            candidates: sel.candidates.len(),
        };
        let action = self.actions[chosen.event];
        self.last = Some(LastQuery { state: self.state.clone(), playing: previous, selection: sel });
        (action, pick)
    }

    /// The last decision's state, playing event and selection.
    pub fn last(&self) -> Option<&LastQuery> {
        self.last.as_ref()
    }

    /// The per-feature score breakdown of any event (bank position) at the last
    /// decision: what the query inspector shows for a candidate or any other event.
    pub fn inspect(&self, event: usize) -> Option<super::select::Breakdown> {
        let last = self.last.as_ref()?;
        self.index.breakdown(&last.state, event, last.playing)
    }

    /// The action recorded with event `event` (bank position).
    pub fn action_of(&self, event: usize) -> Option<Action> {
        self.actions.get(event).copied()
    }
}

/// Who played a side at a frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    Human,
    Bot,
    Shadow,
}

/// Who plays a side: a person, or a bot or a shadow that a person can take over.
#[derive(Debug, Clone)]
pub enum Controller {
    /// A person: the action comes from [`Bout::keys`] every frame.
    Keyboard,
    Bot(Bot),
    Shadow(Box<ShadowPlayer>),
}

/// One decision taken in a bout.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    pub frame: u32,
    pub side: usize,
    pub action: Action,
    /// The world state the side saw, in the order of the arena's features.
    pub state: [f64; FEATURE_COUNT],
    /// For a shadow: the event it chose.
    pub pick: Option<Pick>,
}

/// Records one side's decisions into a pending match of a bank (SPEC §13). Segments break
/// where a fighter is knocked down; a response to an opponent's attack carries its
/// reaction time.
#[derive(Debug, Clone)]
pub struct BankRecorder {
    pub side: usize,
    pending: PendingMatch,
    /// Who took each decision recorded.
    players: Vec<Player>,
    segment: u64,
    index: u32,
    started: bool,
    break_next: bool,
    /// The opponent attack awaiting a response: its start frame and what this side was
    /// doing then.
    attack: Option<(u32, Action)>,
}

impl BankRecorder {
    pub fn new(side: usize, matchup: Matchup) -> Self {
        Self {
            side,
            pending: PendingMatch { matchup, features: feature_names(), events: Vec::new() },
            players: Vec::new(),
            segment: 0,
            index: 0,
            started: false,
            break_next: false,
            attack: None,
        }
    }

    /// Someone else plays the side from now: the next decision recorded starts a
    /// segment, so that each segment is one player's.
    fn hand_over(&mut self) {
        self.break_next = true;
    }

    fn decision(&mut self, frame: u32, state: &[f64; FEATURE_COUNT], action: Action, by: (Player, Option<Provenance>)) {
        let (player, provenance) = by;
        self.players.push(player);
        if self.break_next && self.started {
            self.segment += 1;
            self.index = 0;
        }
        self.started = true;
        self.break_next = false;
        let reaction = match self.attack {
            Some((start, _)) if frame > start + REACTION_WINDOW => {
                self.attack = None;
                None
            }
            Some((start, before)) if action != before => {
                self.attack = None;
                Some(frame - start)
            }
            _ => None,
        };
        self.pending.events.push(PendingEvent {
            segment: self.segment,
            index: self.index,
            frame,
            state: state.to_vec(),
            action: action.name().to_owned(),
            reaction,
            provenance,
        });
        self.index += 1;
    }

    fn frame(&mut self, frame: u32, report: &FrameReport, doing: Action) {
        if report.knocked_down.iter().any(|&k| k) {
            self.break_next = true;
        }
        if report.attack_started[1 - self.side] {
            self.attack = Some((frame, doing));
        }
    }

    /// The match recorded so far.
    pub fn pending(&self) -> &PendingMatch {
        &self.pending
    }
}

/// A match between two controllers.
#[derive(Debug, Clone)]
pub struct Bout {
    pub arena: Arena,
    pub controllers: [Controller; 2],
    /// The characters' names, for matchups.
    pub characters: [String; 2],
    /// The keys held this frame, for keyboard sides.
    pub keys: [KeyInput; 2],
    /// Every decision taken, in order.
    pub decisions: Vec<Decision>,
    held: [Action; 2],
    recorders: [Option<BankRecorder>; 2],
    /// Whether the keyboard plays each side now.
    human: [bool; 2],
    /// Frames after which a person holding no key loses the side to its bot or shadow;
    /// `None` never.
    pub idle_limit: Option<u32>,
    /// Frames each side's person has held no key.
    idle: [u32; 2],
    /// Frames the person has played each side since taking it.
    stretch: [u32; 2],
    /// The side goes back to its shadow or bot, which decides at once.
    resume: [bool; 2],
    /// Whether the side's shadow has played in this match (a person then corrects it).
    shadow_played: [bool; 2],
    /// Who played each side, frame by frame.
    played: Vec<[Player; 2]>,
}

impl Bout {
    pub fn new(controllers: [Controller; 2], characters: [&str; 2]) -> Self {
        let human = [0, 1].map(|s| matches!(controllers[s], Controller::Keyboard));
        Self {
            arena: Arena::new(),
            controllers,
            characters: characters.map(str::to_owned),
            keys: [KeyInput::default(); 2],
            decisions: Vec::new(),
            held: [Action::Idle; 2],
            recorders: [None, None],
            human,
            idle_limit: None,
            idle: [0; 2],
            stretch: [0; 2],
            resume: [false; 2],
            shadow_played: [false; 2],
            played: Vec::new(),
        }
    }

    /// Who plays `side` now.
    pub fn player(&self, side: usize) -> Player {
        match &self.controllers[side] {
            _ if self.human[side] => Player::Human,
            Controller::Keyboard => Player::Human,
            Controller::Bot(_) => Player::Bot,
            Controller::Shadow(_) => Player::Shadow,
        }
    }

    /// Whether the keyboard plays `side` now.
    pub fn is_human(&self, side: usize) -> bool {
        self.human[side]
    }

    /// Who played each side, frame by frame from the first.
    pub fn played(&self) -> &[[Player; 2]] {
        &self.played
    }

    /// Whether `side` has a bot or a shadow to hand it to: a keyboard-only side has not.
    pub fn can_hand_over(&self, side: usize) -> bool {
        !matches!(self.controllers[side], Controller::Keyboard)
    }

    /// Gives `side` to the keyboard (`human`) or back to its bot or shadow, from the
    /// next frame. Taken back after the person played, the shadow decides at once from
    /// the present state, its segment still the one it last played; taken and given
    /// back within one frame, nothing changes. Returns whether anything changed.
    pub fn set_human(&mut self, side: usize, human: bool) -> bool {
        if self.human[side] == human || !self.can_hand_over(side) {
            return false;
        }
        self.human[side] = human;
        self.idle[side] = 0;
        if human {
            self.stretch[side] = 0;
        } else {
            self.resume[side] = self.stretch[side] > 0;
        }
        if let Some(r) = &mut self.recorders[side] {
            r.hand_over();
        }
        true
    }

    /// Hands `side` from its bot or shadow to the keyboard, or back. Returns whether the
    /// keyboard plays it now.
    pub fn hand_over(&mut self, side: usize) -> bool {
        self.set_human(side, !self.human[side]);
        self.human[side]
    }

    /// A person idle for [`Bout::idle_limit`] frames loses the side to its shadow.
    fn watch_idle(&mut self, side: usize) {
        if !self.human[side] || !self.can_hand_over(side) {
            return;
        }
        self.idle[side] = if self.keys[side] == KeyInput::default() { self.idle[side] + 1 } else { 0 };
        if self.idle_limit.is_some_and(|limit| self.idle[side] > limit) {
            self.set_human(side, false);
        }
    }

    /// The matchup as seen from `side`.
    pub fn matchup(&self, side: usize) -> Matchup {
        Matchup::new(self.characters[side].clone(), self.characters[1 - side].clone())
    }

    /// Starts recording `side` (SPEC §13: recording is additive; see
    /// [`Bout::take_recording`]).
    pub fn record(&mut self, side: usize) {
        self.recorders[side] = Some(BankRecorder::new(side, self.matchup(side)));
    }

    /// The recording of `side` so far, if it is being recorded.
    pub fn recording(&self, side: usize) -> Option<&PendingMatch> {
        self.recorders[side].as_ref().map(BankRecorder::pending)
    }

    /// Ends the recording of `side` and hands it over to be kept or discarded.
    pub fn take_recording(&mut self, side: usize) -> Option<PendingMatch> {
        self.recorders[side].take().map(|r| r.pending)
    }

    /// Ends the recording of `side` and hands over what people and bots played in it,
    /// without what the side's shadow played (a shadow's play is in its bank already):
    /// what keeping a match with take-overs adds. Segments break where the player
    /// changes, so whole segments are left out.
    pub fn take_recording_without_shadow(&mut self, side: usize) -> Option<PendingMatch> {
        let r = self.recorders[side].take()?;
        let mut pending = r.pending;
        let events = std::mem::take(&mut pending.events).into_iter().zip(r.players);
        pending.events = events.filter(|(_, p)| *p != Player::Shadow).map(|(e, _)| e).collect();
        Some(pending)
    }

    /// The action `side` holds.
    pub fn held(&self, side: usize) -> Action {
        self.held[side]
    }

    /// Advances one frame: asks each side that is due for a decision, then steps the
    /// arena. Returns what happened; does nothing once the match is over.
    pub fn step(&mut self) -> FrameReport {
        if self.arena.is_over() {
            return FrameReport::default();
        }
        for side in 0..2 {
            self.watch_idle(side);
            let actionable = self.arena.fighters[side].actionable();
            let due = self.arena.decision_due(side) || (self.resume[side] && actionable);
            let keyed = self.human[side].then(|| self.keys[side].action(self.arena.fighters[side].facing));
            let changed = keyed.is_some_and(|a| a != self.held[side] && actionable);
            if !(due || changed) {
                if let Some(a) = keyed {
                    self.held[side] = a;
                }
                continue;
            }
            self.resume[side] = false;
            let state = self.arena.features(side);
            let (action, pick) = match (keyed, &mut self.controllers[side]) {
                (Some(a), _) => (a, None),
                (None, Controller::Bot(bot)) => (bot.decide(&self.arena, side), None),
                (None, Controller::Shadow(shadow)) => {
                    let (a, p) = shadow.decide(&state);
                    (a, Some(p))
                }
                (None, Controller::Keyboard) => (Action::Idle, None),
            };
            self.arena.note_decision(side);
            self.held[side] = action;
            let correction = match &self.controllers[side] {
                Controller::Shadow(shadow) if self.shadow_played[side] => shadow.correction(),
                _ => None,
            };
            let player = self.player(side);
            self.shadow_played[side] |= player == Player::Shadow;
            if let Some(r) = &mut self.recorders[side] {
                r.decision(self.arena.frame, &state, action, (player, correction));
            }
            self.decisions.push(Decision { frame: self.arena.frame, side, action, state, pick });
        }
        self.played.push([self.player(0), self.player(1)]);
        for side in 0..2 {
            if self.human[side] {
                self.stretch[side] += 1;
            }
        }
        let frame = self.arena.frame;
        let report = self.arena.step(self.held);
        for side in 0..2 {
            let doing = self.held[side];
            if let Some(r) = &mut self.recorders[side] {
                r.frame(frame, &report, doing);
            }
        }
        report
    }

    /// Plays to the end of the match.
    pub fn run(&mut self) {
        while !self.arena.is_over() {
            self.step();
        }
    }

    /// How many times `side` chose each action.
    pub fn action_histogram(&self, side: usize) -> BTreeMap<Action, usize> {
        let mut h = BTreeMap::new();
        for d in self.decisions.iter().filter(|d| d.side == side) {
            *h.entry(d.action).or_insert(0) += 1;
        }
        h
    }
}
