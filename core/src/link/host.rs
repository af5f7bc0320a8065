//! The host (SPEC §23): a game binds it once, then calls [`Host::poll`] from its own loop
//! for a bounded time, carries out what controllers ask ([`Request`]) and publishes its
//! creatures' states and events. The host answers `hello` and `subscribe` itself, keeps
//! observers from changing anything, lets one controller in at a time, and never blocks
//! the game: every socket is non-blocking, every queue bounded.

use std::net::{SocketAddr, TcpListener, ToSocketAddrs};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::conn::{Conn, Incoming};
use super::message::{self, Ask, Control, FromClient, Role, Told, VERSION};
use super::token::Token;

/// The most clients the host keeps at once; one more is closed as soon as it is accepted.
pub const MAX_CLIENTS: usize = 256;

/// The most messages read from one client in one poll, so that one busy client cannot
/// take every poll's time.
const READ_PER_POLL: usize = 32;

/// What a controller asked, for the game to carry out and answer with [`Host::answer`].
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub client: u64,
    pub id: Value,
    pub control: Control,
}

/// What a client asked to be told (beyond SPEC §23, optional), for the game to answer
/// with [`Host::tell`]. Any attached client may ask: asking changes nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Asked {
    pub client: u64,
    pub id: Value,
    pub ask: Ask,
}

/// The ids of the `welcome`'s entries.
fn ids_of(creatures: &[Value]) -> Vec<u32> {
    creatures.iter().filter_map(|c| c.get("id").and_then(Value::as_u64)).filter_map(|i| u32::try_from(i).ok()).collect()
}

/// The game's side of the link.
pub struct Host {
    listener: TcpListener,
    token: Token,
    creatures: Vec<Value>,
    /// The creatures' ids, read once from their entries.
    ids: Vec<u32>,
    hz: f64,
    conns: Vec<Conn>,
    next_id: u64,
    /// Where the last poll stopped, so the next one starts with the client after it.
    turn: usize,
    /// Connections closed at once because the host was full.
    pub turned_away: u64,
    /// What clients asked to be told since the game last took it.
    asks: Vec<Asked>,
    /// Whether the game answers `ask`s; one that does not has them refused here.
    tells: bool,
}

/// The most asks kept for the game between two of its takes; one more is refused.
const MAX_ASKS: usize = 256;

impl Host {
    /// Listens on `addr` (`127.0.0.1:0` for any free port on this machine only). `creatures`
    /// is the `welcome`'s list (`{"id", "name", "species", "phase"}` each); `hz` the highest
    /// rate of states a client may ask for.
    pub fn bind(addr: impl ToSocketAddrs, token: Token, creatures: Vec<Value>, hz: f64) -> std::io::Result<Host> {
        let listener = TcpListener::bind(addr)?;
        listener.set_nonblocking(true)?;
        let ids = ids_of(&creatures);
        Ok(Host {
            listener,
            token,
            creatures,
            ids,
            hz,
            conns: Vec::new(),
            next_id: 1,
            turn: 0,
            turned_away: 0,
            asks: Vec::new(),
            tells: false,
        })
    }

    /// The address the host listens on (with the port chosen when asked for port 0).
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Sets the list a `welcome` names, when the game's creatures change.
    pub fn set_creatures(&mut self, creatures: Vec<Value>) {
        self.ids = ids_of(&creatures);
        self.creatures = creatures;
    }

    /// The clients connected, welcomed or not.
    pub fn clients(&self) -> usize {
        self.conns.len()
    }

    /// The states dropped, over every client, because a client fell behind.
    pub fn dropped(&self) -> u64 {
        self.conns.iter().map(|c| c.dropped).sum()
    }

    /// Accepts, reads and sends for at most about `budget`, and returns what controllers
    /// asked. Whatever clients do, the call returns: a client that sends too much, too
    /// fast or too big is told why and closed.
    pub fn poll(&mut self, budget: Duration) -> Vec<Request> {
        let start = Instant::now();
        self.accept(start);
        let mut asked = Vec::new();
        let n = self.conns.len();
        for k in 0..n {
            if start.elapsed() > budget {
                self.turn = (self.turn + k) % n.max(1);
                break;
            }
            let i = (self.turn + k) % n;
            let now = Instant::now();
            for incoming in self.conns[i].read(now, READ_PER_POLL) {
                self.take(i, incoming, now, &mut asked);
            }
            self.conns[i].flush();
        }
        self.conns.retain(|c| !c.gone());
        asked
    }

    fn accept(&mut self, now: Instant) {
        while let Ok((stream, _)) = self.listener.accept() {
            if self.conns.len() >= MAX_CLIENTS {
                self.turned_away += 1;
                drop(stream);
                continue;
            }
            self.conns.push(Conn::accept(self.next_id, stream, now));
            self.next_id += 1;
        }
    }

    /// One message of client `i`.
    fn take(&mut self, i: usize, incoming: Incoming, now: Instant, asked: &mut Vec<Request>) {
        let text = match incoming {
            Incoming::Text(text) => text,
            Incoming::Binary => {
                self.conns[i].send(&message::error(None, "messages are JSON text, not binary"), false);
                return;
            }
            Incoming::Past(why) => {
                self.conns[i].close_with(&message::error(None, &why), now);
                return;
            }
        };
        let read = message::read(&text);
        let Some(role) = self.conns[i].role else {
            self.hello(i, read, now);
            return;
        };
        match read {
            Err(e) => self.conns[i].send(&message::error(message::id_of(&text).as_ref(), &e), false),
            Ok(FromClient::Hello { .. }) => self.conns[i].send(&message::error(None, "already welcomed"), false),
            Ok(FromClient::Subscribe(mut s)) => {
                s.hz = s.hz.min(self.hz);
                self.conns[i].next_state = now;
                self.conns[i].subscription = Some(s);
            }
            Ok(FromClient::Control { id, .. }) if role == Role::Observer => {
                self.conns[i]
                    .send(&message::error(Some(&id), "an observer changes nothing; attach as the controller"), false);
            }
            Ok(FromClient::Control { id, control }) => asked.push(Request { client: self.conns[i].id, id, control }),
            Ok(FromClient::Ask { id, .. }) if !self.tells => {
                self.conns[i].send(&message::error(Some(&id), "this game tells nothing it is asked"), false);
            }
            Ok(FromClient::Ask { id, .. }) if self.asks.len() >= MAX_ASKS => {
                self.conns[i].send(&message::error(Some(&id), "too many asks wait for the game; ask again"), false);
            }
            Ok(FromClient::Ask { id, ask }) => self.asks.push(Asked { client: self.conns[i].id, id, ask }),
        }
    }

    /// A client's first message: a `hello` with this host's version and token, or the
    /// client is refused and closed.
    fn hello(&mut self, i: usize, read: Result<FromClient, String>, now: Instant) {
        let refusal = match read {
            Ok(FromClient::Hello { version, token, role, name }) => {
                if !self.token.matches(&token) {
                    Some("wrong token".to_owned())
                } else if version != VERSION {
                    Some(format!("this host speaks version {VERSION}, not {version}"))
                } else if role == Role::Controller && self.conns.iter().any(|c| c.role == Some(Role::Controller)) {
                    Some("a controller is already attached; attach as an observer".to_owned())
                } else {
                    let c = &mut self.conns[i];
                    c.role = Some(role);
                    c.name = name;
                    c.send(&message::welcome(&self.creatures, self.hz), false);
                    None
                }
            }
            Ok(_) | Err(_) => Some("the first message is a hello with the token".to_owned()),
        };
        if let Some(reason) = refusal {
            self.conns[i].close_with(&message::refused(&reason), now);
        }
    }

    /// Answers a controller's request: `ok`, or `error` with why.
    pub fn answer(&mut self, request: &Request, result: Result<(), String>) {
        if let Some(c) = self.conns.iter_mut().find(|c| c.id == request.client) {
            let answer = match result {
                Ok(()) => message::ok(&request.id),
                Err(e) => message::error(Some(&request.id), &e),
            };
            c.send(&answer, false);
            c.flush();
        }
    }

    /// Says that the game answers `ask`s (taken with [`Host::take_asks`], answered with
    /// [`Host::tell`]); until then the host refuses them itself, as a host of SPEC §23
    /// alone would.
    pub fn tell_asks(&mut self) {
        self.tells = true;
    }

    /// What clients asked to be told during the polls since the last call.
    pub fn take_asks(&mut self) -> Vec<Asked> {
        std::mem::take(&mut self.asks)
    }

    /// Answers what a client asked: `told`, or `error` with why (also when the answer is
    /// past the link's bound on a message).
    pub fn tell(&mut self, asked: &Asked, told: Result<Told, String>) {
        let Some(c) = self.conns.iter_mut().find(|c| c.id == asked.client) else { return };
        match told.and_then(|t| message::told(&asked.id, &t)) {
            Ok(text) => c.send_text(text, false),
            Err(e) => c.send(&message::error(Some(&asked.id), &e), false),
        }
        c.flush();
    }

    /// The creatures some client is due a state of at `now`: the game builds only these.
    pub fn due(&self, now: Instant) -> Vec<u32> {
        self.ids
            .iter()
            .copied()
            .filter(|&id| {
                self.conns.iter().any(|c| {
                    c.welcomed() && now >= c.next_state && c.subscription.as_ref().is_some_and(|s| s.creatures.has(id))
                })
            })
            .collect()
    }

    /// Sends each due client the states it follows among `states` (`(creature, state)`,
    /// each written once), and sets when it is next due.
    pub fn publish_states(&mut self, now: Instant, states: &[(u32, Value)]) {
        let texts: Vec<(u32, String)> = states.iter().map(|(id, s)| (*id, s.to_string())).collect();
        for c in &mut self.conns {
            let Some(sub) = c.subscription.clone() else { continue };
            if !c.welcomed() || now < c.next_state {
                continue;
            }
            for (id, text) in &texts {
                if sub.creatures.has(*id) {
                    c.send_text(text.clone(), true);
                }
            }
            c.next_state = now + Duration::from_secs_f64(1.0 / sub.hz);
            c.flush();
        }
    }

    /// Sends an event of `creature` to every client that follows it.
    pub fn publish_event(&mut self, creature: u32, event: &Value) {
        let text = event.to_string();
        for c in &mut self.conns {
            if c.welcomed() && c.subscription.as_ref().is_some_and(|s| s.creatures.has(creature)) {
                c.send_text(text.clone(), false);
                c.flush();
            }
        }
    }
}
