//! One client's connection to the host (SPEC §23): its WebSocket handshake, its messages
//! read without waiting, its outgoing queue bounded (the oldest state dropped and counted
//! when a slow client falls behind), its rate, and its close. Nothing here blocks: the
//! stream is non-blocking, and every step stops at the first "would block".

use std::collections::VecDeque;
use std::io::ErrorKind;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::Value;
use tungstenite::handshake::HandshakeError;
use tungstenite::handshake::server::{NoCallback, ServerHandshake};
use tungstenite::protocol::WebSocketConfig;
use tungstenite::{Error, Message, WebSocket};

use super::message::{MAX_MESSAGE_BYTES, MAX_MESSAGES_PER_SECOND, Role, Subscribe};

/// How long a connection may take from its first byte to its `hello`.
pub const HELLO_WITHIN: Duration = Duration::from_secs(5);

/// How many messages wait for a slow client before the oldest state is dropped.
pub const QUEUE: usize = 256;

/// How long a closing connection is given to say goodbye.
const CLOSE_WITHIN: Duration = Duration::from_secs(1);

type Handshaking = tungstenite::handshake::MidHandshake<ServerHandshake<TcpStream, NoCallback>>;

enum Stage {
    Handshaking(Handshaking),
    Open(WebSocket<TcpStream>),
    Closing(WebSocket<TcpStream>, Instant),
    Gone,
}

/// A message waiting to be sent, and whether it is a state (which may be dropped).
struct Out {
    text: String,
    state: bool,
}

/// What reading a connection brought.
pub enum Incoming {
    Text(String),
    /// A binary message, which the link does not use.
    Binary,
    /// The client broke a bound: it is told why and closed.
    Past(String),
}

/// One client.
pub struct Conn {
    pub id: u64,
    stage: Stage,
    opened: Instant,
    /// Set by a welcomed `hello`.
    pub role: Option<Role>,
    pub name: String,
    pub subscription: Option<Subscribe>,
    /// When this client is next due a state, by its subscription's rate.
    pub next_state: Instant,
    outbox: VecDeque<Out>,
    /// States dropped because this client fell behind.
    pub dropped: u64,
    window: Instant,
    in_window: u32,
}

fn config() -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_MESSAGE_BYTES))
        .write_buffer_size(0)
        .max_write_buffer_size(4 * MAX_MESSAGE_BYTES)
}

fn would_block(e: &Error) -> bool {
    matches!(e, Error::Io(io) if io.kind() == ErrorKind::WouldBlock)
}

impl Conn {
    /// A connection just accepted: its handshake starts at once, and goes on at each poll.
    pub fn accept(id: u64, stream: TcpStream, now: Instant) -> Conn {
        let _ = stream.set_nodelay(true);
        let stage = match stream.set_nonblocking(true) {
            Ok(()) => Conn::after_handshake(tungstenite::accept_with_config(stream, Some(config()))),
            Err(_) => Stage::Gone,
        };
        Conn {
            id,
            stage,
            opened: now,
            role: None,
            name: String::new(),
            subscription: None,
            next_state: now,
            outbox: VecDeque::new(),
            dropped: 0,
            window: now,
            in_window: 0,
        }
    }

    fn after_handshake(
        r: Result<WebSocket<TcpStream>, HandshakeError<ServerHandshake<TcpStream, NoCallback>>>,
    ) -> Stage {
        match r {
            Ok(ws) => Stage::Open(ws),
            Err(HandshakeError::Interrupted(mid)) => Stage::Handshaking(mid),
            Err(HandshakeError::Failure(_)) => Stage::Gone,
        }
    }

    /// Whether the connection is over and may be forgotten.
    pub fn gone(&self) -> bool {
        matches!(self.stage, Stage::Gone)
    }

    /// Whether the client has been welcomed and may be sent states and events.
    pub fn welcomed(&self) -> bool {
        self.role.is_some() && matches!(self.stage, Stage::Open(_))
    }

    /// Moves the handshake and a close along, and reads at most `max` messages. A client
    /// that has not said `hello` within [`HELLO_WITHIN`] is closed: a half-open
    /// connection holds nothing for long.
    pub fn read(&mut self, now: Instant, max: usize) -> Vec<Incoming> {
        if self.role.is_none() && now.duration_since(self.opened) > HELLO_WITHIN && !self.gone() {
            self.stage = Stage::Gone;
            return Vec::new();
        }
        self.stage = match std::mem::replace(&mut self.stage, Stage::Gone) {
            Stage::Handshaking(mid) => Conn::after_handshake(mid.handshake()),
            // A closing connection is only written to: after a message past the bound the
            // reader is mid-frame and must not be asked again. Once the last words and the
            // close frame are out, or the client has had its time, it is gone.
            Stage::Closing(mut ws, since) => {
                let sent = ws.flush().is_ok() && self.outbox.is_empty();
                if sent || now.duration_since(since) > CLOSE_WITHIN { Stage::Gone } else { Stage::Closing(ws, since) }
            }
            other => other,
        };
        let Stage::Open(ws) = &mut self.stage else { return Vec::new() };
        let mut got = Vec::new();
        let mut over = None;
        while got.len() < max {
            match ws.read() {
                Ok(Message::Text(t)) => {
                    if now.duration_since(self.window) >= Duration::from_secs(1) {
                        self.window = now;
                        self.in_window = 0;
                    }
                    self.in_window += 1;
                    if self.in_window > MAX_MESSAGES_PER_SECOND {
                        over = Some(format!("more than {MAX_MESSAGES_PER_SECOND} messages in a second"));
                        break;
                    }
                    got.push(Incoming::Text(t.as_str().to_owned()));
                }
                Ok(Message::Binary(_)) => got.push(Incoming::Binary),
                Ok(_) => {}
                Err(e) if would_block(&e) => break,
                Err(Error::Capacity(_)) => {
                    over = Some(format!("a message is at most {MAX_MESSAGE_BYTES} bytes"));
                    break;
                }
                Err(_) => {
                    self.stage = Stage::Gone;
                    return got;
                }
            }
        }
        if let Some(why) = over {
            got.push(Incoming::Past(why));
        }
        got
    }

    /// Queues `message` for the client; a state beyond [`QUEUE`] waiting drops the oldest
    /// state waiting (or, with none, the oldest message), counted in `dropped`.
    pub fn send(&mut self, message: &Value, state: bool) {
        self.send_text(message.to_string(), state);
    }

    /// As [`Conn::send`], for a message already written as text (a state sent to many
    /// clients is written once).
    pub fn send_text(&mut self, text: String, state: bool) {
        if self.outbox.len() >= QUEUE {
            let oldest = self.outbox.iter().position(|o| o.state).unwrap_or(0);
            self.outbox.remove(oldest);
            self.dropped += 1;
        }
        self.outbox.push_back(Out { text, state });
    }

    /// Sends what is queued, as far as the socket takes it now.
    pub fn flush(&mut self) {
        let ws = match &mut self.stage {
            Stage::Open(ws) | Stage::Closing(ws, _) => ws,
            _ => return,
        };
        while let Some(out) = self.outbox.pop_front() {
            match ws.write(Message::text(out.text)) {
                Ok(()) => {}
                Err(Error::WriteBufferFull(m)) => {
                    let text = m.into_text().map(|t| t.as_str().to_owned()).unwrap_or_default();
                    self.outbox.push_front(Out { text, state: out.state });
                    break;
                }
                Err(e) if would_block(&e) => break,
                Err(_) => {
                    self.stage = Stage::Gone;
                    return;
                }
            }
        }
        if let Err(e) = ws.flush()
            && !would_block(&e)
        {
            self.stage = Stage::Gone;
        }
    }

    /// Sends `last` (a refusal, or why the client is past a bound) and closes.
    pub fn close_with(&mut self, last: &Value, now: Instant) {
        self.outbox.clear();
        self.send(last, false);
        self.flush();
        self.stage = match std::mem::replace(&mut self.stage, Stage::Gone) {
            Stage::Open(mut ws) => match ws.close(None) {
                Ok(()) => Stage::Closing(ws, now),
                Err(e) if would_block(&e) => Stage::Closing(ws, now),
                Err(_) => Stage::Gone,
            },
            other => other,
        };
    }
}
