//! A game attached over the link (SPEC §23): its creatures as it last said them, their
//! events, and the answers to what the studio asked, kept for the editor to show, and the
//! whole run as it came ([`RemoteRun`]) to look back over. The link is polled from the
//! editor's frame without waiting; a lost link is said, marked on the run, and tried
//! again every few seconds while what was seen stays; a game let go keeps its run. A
//! run saved (`*.run.ron`) is opened as a game that is gone, to look back over.
//! Beyond §23, the mind of the creature the studio follows is asked for ([`RemoteMind`]):
//! again when an event says it learned or was reloaded, and its reasons again when it
//! plans; and while the Tree shows its heat, the heat of the tree shown, about once a
//! second and again when the tree changes. A game that does not tell leaves it "not
//! told", and the link goes on.

use std::collections::{BTreeMap, VecDeque};
use std::path::Path;
use std::time::{Duration, Instant};

use creature_core::error::LoadError;
use creature_core::file_writer::Policy;
use creature_core::link::client::Client;
use creature_core::link::message::{self, Ask, Control, HeatOf, Role, Wanted};
use creature_core::link::run_file::SavedRun;
use creature_core::species::data::Data;
use serde_json::Value;

pub use crate::remote_mind::RemoteMind;
use crate::remote_run::{MarkKind, RemoteRun};
pub use crate::remote_state::{RemotePlan, RemoteState};

/// How long a lost link waits before it is tried again.
pub const RETRY_AFTER: Duration = Duration::from_secs(3);

/// How many events and answers are kept, newest last.
const KEPT: usize = 1_000;

/// How often the heat of the tree shown is asked for again while it is wanted: the
/// link's bound is 100 messages a second, and this stays far below it.
pub const HEAT_EVERY: Duration = Duration::from_secs(1);

/// The least time between two heat asks, even for another tree or window (a window
/// dragged changes at every frame).
pub const HEAT_SOONEST: Duration = Duration::from_millis(200);

/// How many messages one poll reads.
const READ_PER_POLL: usize = 512;

/// A creature of the game, as the `welcome` named it; its states are in the run
/// ([`RemoteRun::newest`] is the last the game said).
#[derive(Clone, Debug)]
pub struct RemoteCreature {
    pub id: u32,
    pub name: String,
    pub species: String,
}

/// Whether the link is up.
enum Link {
    Attached(Box<Client>),
    Lost {
        why: String,
        since: Instant,
    },
    /// The studio let the game go: nothing is tried again.
    LetGo,
    /// No game: a run saved in this file, opened.
    Opened(String),
}

/// A game attached.
pub struct RemoteGame {
    pub address: String,
    token: String,
    pub role: Role,
    link: Link,
    pub creatures: Vec<RemoteCreature>,
    /// The games's events, newest last.
    pub events: VecDeque<Value>,
    /// What was asked and how the game answered, newest last.
    pub answers: VecDeque<(String, Result<(), String>)>,
    asked: Vec<(u64, String)>,
    next_id: u64,
    /// States a second asked of the game.
    pub hz: f64,
    /// Everything received, to look back over.
    pub run: RemoteRun,
    /// The creature whose mind is asked for and kept up to date, if any.
    followed: Option<u32>,
    /// Each creature's mind as the game last told it (kept when the link is lost).
    pub minds: BTreeMap<u32, RemoteMind>,
    /// The asks waiting for their answer: id, creature and what.
    asking: Vec<(u64, Ask)>,
    /// The tree and window whose heat the studio shows for the followed creature.
    heat_wanted: Option<HeatOf>,
    /// When the heat was last asked for, of which creature and tree.
    heat_asked: Option<(Instant, u32, HeatOf)>,
}

impl RemoteGame {
    /// Attaches to the game at `address` with `token` as `role`, and follows every
    /// creature at `hz` states a second.
    pub fn attach(address: &str, token: &str, role: Role, hz: f64) -> Result<RemoteGame, String> {
        let mut game = RemoteGame {
            address: address.trim().to_owned(),
            token: token.trim().to_owned(),
            role,
            link: Link::Lost { why: String::new(), since: Instant::now() },
            creatures: Vec::new(),
            events: VecDeque::new(),
            answers: VecDeque::new(),
            asked: Vec::new(),
            next_id: 1,
            hz,
            run: RemoteRun::default(),
            followed: None,
            minds: BTreeMap::new(),
            asking: Vec::new(),
            heat_wanted: None,
            heat_asked: None,
        };
        game.link = Link::Attached(Box::new(game.connect()?));
        Ok(game)
    }

    fn connect(&mut self) -> Result<Client, String> {
        let mut client = Client::attach(&self.address, &self.token, self.role, "Creature Studio")?;
        client.send(&message::subscribe_all(self.hz))?;
        self.creatures = client.welcome["creatures"]
            .as_array()
            .map(|list| {
                list.iter()
                    .filter_map(|c| {
                        Some(RemoteCreature {
                            id: u32::try_from(c["id"].as_u64()?).ok()?,
                            name: c["name"].as_str().unwrap_or("?").to_owned(),
                            species: c["species"].as_str().unwrap_or("?").to_owned(),
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        Ok(client)
    }

    /// Whether the link is up now.
    pub fn attached(&self) -> bool {
        matches!(self.link, Link::Attached(_))
    }

    /// Whether the studio let the game go (its run kept), or the run is one opened from
    /// a file: no game is there, nor tried again.
    pub fn let_go_of(&self) -> bool {
        matches!(self.link, Link::LetGo | Link::Opened(_))
    }

    /// The run saved at `path`, opened as a game that is gone: its creatures and states
    /// to look back over, its marks, and no link.
    ///
    /// # Errors
    /// A file that does not read or load, at its line and column.
    pub fn opened(path: &Path) -> Result<RemoteGame, LoadError> {
        let saved = SavedRun::load(path)?;
        let creatures = saved
            .creatures
            .iter()
            .map(|c| RemoteCreature { id: c.id, name: c.name.clone(), species: c.species.clone() })
            .collect();
        Ok(RemoteGame {
            address: saved.game.clone(),
            token: String::new(),
            role: Role::Observer,
            link: Link::Opened(path.display().to_string()),
            creatures,
            events: VecDeque::new(),
            answers: VecDeque::new(),
            asked: Vec::new(),
            next_id: 1,
            hz: 0.0,
            run: RemoteRun::of_saved(&saved),
            followed: None,
            minds: BTreeMap::new(),
            asking: Vec::new(),
            heat_wanted: None,
            heat_asked: None,
        })
    }

    /// The run received, as a file holds it: the game's creatures, their states and
    /// the marks.
    #[must_use]
    pub fn saved_run(&self) -> SavedRun {
        let names: Vec<(u32, String, String)> =
            self.creatures.iter().map(|c| (c.id, c.name.clone(), c.species.clone())).collect();
        self.run.saved(&self.address, &names)
    }

    /// Saves the run received at `path` (`*.run.ron`), through the one writer.
    ///
    /// # Errors
    /// A write refused or failed, in a sentence naming the file.
    pub fn save_run(&self, path: &Path, policy: &Policy) -> Result<(), String> {
        self.saved_run().save(path, policy)
    }

    /// Whether the request said as `what` was sent and waits for the game's answer.
    pub fn awaits(&self, what: &str) -> bool {
        self.asked.iter().any(|(_, w)| w == what)
    }

    /// How many answers to requests said as `what` are kept, and the newest of them.
    pub fn answers_to(&self, what: &str) -> (usize, Option<&Result<(), String>>) {
        let mut to = self.answers.iter().filter(|(w, _)| w == what).map(|(_, r)| r);
        let n = to.clone().count();
        (n, to.next_back())
    }

    /// Where the creatures live, for the status bar: the address, and whether the link
    /// is up or why it was lost.
    pub fn status(&self) -> String {
        match &self.link {
            Link::Attached(_) => format!("attached to the game at {}", self.address),
            Link::Lost { why, .. } => format!("the link to {} was lost ({why}); trying again", self.address),
            Link::LetGo => format!("let go of the game at {}; its run is kept", self.address),
            Link::Opened(file) => {
                format!("the run saved in {file}, from the game at {}; no game attached", self.address)
            }
        }
    }

    /// Lets the game go: the link is closed and not tried again, and the run is kept.
    pub fn let_go(&mut self) {
        if matches!(self.link, Link::Attached(_) | Link::Lost { .. }) {
            self.run.mark_all(MarkKind::Link, "let go");
            self.link = Link::LetGo;
        }
    }

    /// Reads what the game sent, without waiting; a lost link is tried again after
    /// [`RETRY_AFTER`]. Returns whether anything changed.
    pub fn poll(&mut self, now: Instant) -> bool {
        let received = match &mut self.link {
            Link::Attached(client) => client.receive(READ_PER_POLL),
            Link::LetGo | Link::Opened(_) => return false,
            Link::Lost { since, .. } => {
                if now.duration_since(*since) < RETRY_AFTER {
                    return false;
                }
                match self.connect() {
                    Ok(client) => {
                        self.link = Link::Attached(Box::new(client));
                        self.run.mark_all(MarkKind::Link, "attached again");
                        self.asking.clear();
                        self.heat_asked = None;
                        self.ask_followed(&[Wanted::Mind, Wanted::Why]);
                    }
                    Err(why) => self.link = Link::Lost { why, since: now },
                }
                return true;
            }
        };
        match received {
            Ok(messages) => {
                let changed = !messages.is_empty();
                messages.into_iter().for_each(|m| self.take(m));
                self.ask_heat(now);
                changed
            }
            Err(why) => {
                self.run.mark_all(MarkKind::Link, &format!("link lost: {why}"));
                self.link = Link::Lost { why, since: now };
                true
            }
        }
    }

    fn take(&mut self, m: Value) {
        match m["t"].as_str() {
            Some("state") => {
                let id = m["creature"].as_u64();
                if let (Some(c), Ok(state)) = (
                    self.creatures.iter().find(|c| Some(u64::from(c.id)) == id),
                    serde_json::from_value::<RemoteState>(m),
                ) {
                    self.run.take_state(c.id, state);
                }
            }
            Some("event") => {
                if let Some(id) = m["creature"].as_u64().and_then(|id| u32::try_from(id).ok()) {
                    self.run.mark(id, MarkKind::Event, event_words(&m));
                    if self.followed == Some(id) {
                        match m["event"].as_str() {
                            Some("lesson" | "reloaded") => self.ask_followed(&[Wanted::Mind, Wanted::Why]),
                            Some("plan" | "phase") => self.ask_followed(&[Wanted::Why]),
                            _ => {}
                        }
                    }
                }
                keep(&mut self.events, m);
            }
            Some("told") => {
                let id = m["id"].as_u64();
                self.asking.retain(|(i, _)| Some(*i) != id);
                match message::read_told(&m) {
                    Ok(told) => self.minds.entry(told.creature).or_default().take(told),
                    Err(e) => {
                        if let Some(c) = self.followed {
                            self.minds.entry(c).or_default().not_told = Some(e);
                        }
                    }
                }
            }
            Some("error") if self.asking.iter().any(|(i, _)| Some(*i) == m["id"].as_u64()) => {
                let at = self.asking.iter().position(|(i, _)| Some(*i) == m["id"].as_u64());
                if let Some((_, ask)) = at.map(|at| self.asking.remove(at)) {
                    let why = m["error"].as_str().unwrap_or("no reason given");
                    let mind = self.minds.entry(ask.creature).or_default();
                    let not_told = if ask.what == Wanted::Heat { &mut mind.heat_not_told } else { &mut mind.not_told };
                    *not_told = Some(format!("the game does not tell: {why}"));
                }
            }
            Some("ok" | "error") => {
                let id = m["id"].as_u64();
                let what = self.asked.iter().position(|(i, _)| Some(*i) == id).map(|at| self.asked.remove(at).1);
                // A reload carried out may have changed the followed creature's mind.
                if m["t"] == "ok" && what.as_deref().is_some_and(|w| w.starts_with("reload")) {
                    self.ask_followed(&[Wanted::Mind, Wanted::Why]);
                }
                let result = if m["t"] == "ok" { Ok(()) } else { Err(m["error"].as_str().unwrap_or("").to_owned()) };
                keep(&mut self.answers, (what.unwrap_or_else(|| "a message".to_owned()), result));
            }
            _ => {}
        }
    }

    /// Asks the game for `control`, said as `what` beside its answer.
    pub fn ask(&mut self, what: &str, control: &Control) -> Result<(), String> {
        let Link::Attached(client) = &mut self.link else { return Err(self.status()) };
        let id = self.next_id;
        self.next_id += 1;
        client.send(&message::request(id, control))?;
        self.asked.push((id, what.to_owned()));
        Ok(())
    }
}

impl RemoteGame {
    /// Follows `creature`'s mind (or none): it is asked for now, and again as the game
    /// says it changed.
    pub fn follow(&mut self, creature: Option<u32>) {
        self.followed = creature;
        self.ask_followed(&[Wanted::Mind, Wanted::Why]);
    }

    /// The creature whose mind is followed.
    pub fn followed(&self) -> Option<u32> {
        self.followed
    }

    /// Asks the game for `what` of the followed creature; a link down asks nothing (the
    /// link back asks again).
    fn ask_followed(&mut self, what: &[Wanted]) {
        let (Some(creature), Link::Attached(client)) = (self.followed, &mut self.link) else { return };
        for &what in what {
            send_ask(client, &mut self.asking, &mut self.next_id, Ask::of(creature, what));
        }
    }

    /// Wants the heat of `of` (a tree and window) for the followed creature, or none:
    /// the next polls ask for it at once, then every [`HEAT_EVERY`] while it is wanted.
    pub fn want_heat(&mut self, of: Option<HeatOf>) {
        self.heat_wanted = of;
    }

    /// The tree and window whose heat is wanted.
    pub fn heat_wanted(&self) -> Option<HeatOf> {
        self.heat_wanted
    }

    /// Asks the game for the heat wanted of the followed creature: for another creature,
    /// tree or window once [`HEAT_SOONEST`] has gone by since the last heat ask, else once
    /// its last answer came and [`HEAT_EVERY`] has gone by. A game that answered with an
    /// error is not asked again for the same tree.
    fn ask_heat(&mut self, now: Instant) {
        let (Some(creature), Some(of), Link::Attached(client)) = (self.followed, self.heat_wanted, &mut self.link)
        else {
            return;
        };
        if let Some((at, c, asked)) = self.heat_asked {
            let since = now.duration_since(at);
            if (c, asked) != (creature, of) {
                if since < HEAT_SOONEST {
                    return;
                }
            } else {
                let waiting = self.asking.iter().any(|(_, a)| a.what == Wanted::Heat);
                let refused = self.minds.get(&creature).is_some_and(|m| m.heat_not_told.is_some());
                if waiting || refused || since < HEAT_EVERY {
                    return;
                }
            }
        }
        let ask = Ask { creature, what: Wanted::Heat, heat: Some(of) };
        if send_ask(client, &mut self.asking, &mut self.next_id, ask) {
            self.heat_asked = Some((now, creature, of));
        }
    }

    /// Reads the minds told since the last call with `data`, the studio's species folder.
    pub fn read_minds(&mut self, data: &Data) {
        for (id, mind) in &mut self.minds {
            mind.read(*id, data);
        }
    }
}

/// An event in a few words: its name and what it names (desire, action, object, phase,
/// file, condition).
pub fn event_words(e: &Value) -> String {
    let mut words = vec![e["event"].as_str().unwrap_or("event").to_owned()];
    for key in ["desire", "action", "object", "phase", "file", "what"] {
        match &e[key] {
            Value::String(s) => words.push(s.clone()),
            Value::Number(n) => words.push(format!("{key} {n}")),
            _ => {}
        }
    }
    words.join(" ")
}

fn keep<T>(list: &mut VecDeque<T>, item: T) {
    if list.len() >= KEPT {
        list.pop_front();
    }
    list.push_back(item);
}

/// Sends `ask` under the next request id and keeps it among those awaiting an answer
/// (the oldest let go past [`KEPT`]); whether it was sent.
fn send_ask(client: &mut Client, asking: &mut Vec<(u64, Ask)>, next_id: &mut u64, ask: Ask) -> bool {
    let id = *next_id;
    *next_id += 1;
    let sent = client.send(&message::ask(id, &ask)).is_ok();
    if sent {
        if asking.len() >= KEPT {
            asking.remove(0);
        }
        asking.push((id, ask));
    }
    sent
}
