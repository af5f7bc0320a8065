//! A match in the arena between two controllers — a person at the keyboard, a scripted
//! bot or a shadow playing from a bank — with recording of either side (SPEC §13).
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
use super::bank::{Bank, Matchup, PendingEvent, PendingMatch};
use super::bots::Bot;
use super::schema::Schema;
use super::select::{Index, Selection};
use crate::rng::Rng;

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
                    crate::error::unknown_name("feature", &f.name, FEATURES.iter().map(|i| i.name))
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
                    crate::error::unknown_name("action", e.action, Action::ALL.iter().map(|a| a.name()))
                )
            })?;
            actions.push(a);
        }
        Ok(Self {
            index: Arc::new(index),
            actions,
            places: bank.events().iter().map(|e| (e.segment, e.index)).collect(),
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
            map: self.map.clone(),
            rng: Rng::seeded(seed),
            playing: None,
            state: vec![0.0; self.state.len()],
            last: None,
        }
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

/// Who plays a side.
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

/// Records one side's decisions into a pending match (SPEC §13). Segments break where a
/// fighter is knocked down; a response to an opponent's attack carries its reaction time.
#[derive(Debug, Clone)]
pub struct Recorder {
    pub side: usize,
    pending: PendingMatch,
    segment: u64,
    index: u32,
    started: bool,
    break_next: bool,
    /// The opponent attack awaiting a response: its start frame and what this side was
    /// doing then.
    attack: Option<(u32, Action)>,
}

impl Recorder {
    pub fn new(side: usize, matchup: Matchup) -> Self {
        Self {
            side,
            pending: PendingMatch { matchup, features: feature_names(), events: Vec::new() },
            segment: 0,
            index: 0,
            started: false,
            break_next: false,
            attack: None,
        }
    }

    fn decision(&mut self, frame: u32, state: &[f64; FEATURE_COUNT], action: Action) {
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
    recorders: [Option<Recorder>; 2],
}

impl Bout {
    pub fn new(controllers: [Controller; 2], characters: [&str; 2]) -> Self {
        Self {
            arena: Arena::new(),
            controllers,
            characters: characters.map(str::to_owned),
            keys: [KeyInput::default(); 2],
            decisions: Vec::new(),
            held: [Action::Idle; 2],
            recorders: [None, None],
        }
    }

    /// The matchup as seen from `side`.
    pub fn matchup(&self, side: usize) -> Matchup {
        Matchup::new(self.characters[side].clone(), self.characters[1 - side].clone())
    }

    /// Starts recording `side` (SPEC §13: recording is additive; see
    /// [`Bout::take_recording`]).
    pub fn record(&mut self, side: usize) {
        self.recorders[side] = Some(Recorder::new(side, self.matchup(side)));
    }

    /// The recording of `side` so far, if it is being recorded.
    pub fn recording(&self, side: usize) -> Option<&PendingMatch> {
        self.recorders[side].as_ref().map(Recorder::pending)
    }

    /// Ends the recording of `side` and hands it over to be kept or discarded.
    pub fn take_recording(&mut self, side: usize) -> Option<PendingMatch> {
        self.recorders[side].take().map(|r| r.pending)
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
            let due = self.arena.decision_due(side);
            let keyed = matches!(self.controllers[side], Controller::Keyboard)
                .then(|| self.keys[side].action(self.arena.fighters[side].facing));
            let changed = keyed.is_some_and(|a| a != self.held[side] && self.arena.fighters[side].actionable());
            if !(due || changed) {
                if let Some(a) = keyed {
                    self.held[side] = a;
                }
                continue;
            }
            let state = self.arena.features(side);
            let (action, pick) = match &mut self.controllers[side] {
                Controller::Keyboard => (keyed.unwrap_or_default(), None),
                Controller::Bot(bot) => (bot.decide(&self.arena, side), None),
                Controller::Shadow(shadow) => {
                    let (a, p) = shadow.decide(&state);
                    (a, Some(p))
                }
            };
            self.arena.note_decision(side);
            self.held[side] = action;
            if let Some(r) = &mut self.recorders[side] {
                r.decision(self.arena.frame, &state, action);
            }
            self.decisions.push(Decision { frame: self.arena.frame, side, action, state, pick });
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
