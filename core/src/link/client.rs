//! A client's end of the link (SPEC §23), as a studio attaches to a game: the connection
//! made and greeted within a bounded time, then read and written without waiting, from
//! the caller's loop, as the host is.

use std::io::ErrorKind;
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use serde_json::Value;
use tungstenite::protocol::WebSocketConfig;
use tungstenite::{Error, Message, WebSocket};

use super::message::{self, MAX_MESSAGE_BYTES, Role};

/// How long attaching may take: connecting, the handshake and the `welcome`.
pub const ATTACH_WITHIN: Duration = Duration::from_secs(5);

/// A client attached and welcomed.
pub struct Client {
    ws: WebSocket<TcpStream>,
    /// The host's `welcome`: its creatures and highest rate.
    pub welcome: Value,
}

/// Why a client's connection ended or could not be made.
pub type Lost = String;

impl Client {
    /// Connects to the host at `address` (`host:port`), says `hello` with `token` as
    /// `role`, and waits for the `welcome`, all within [`ATTACH_WITHIN`].
    pub fn attach(address: &str, token: &str, role: Role, name: &str) -> Result<Client, Lost> {
        let addr = address
            .to_socket_addrs()
            .map_err(|e| format!("{address}: not an address: {e}"))?
            .next()
            .ok_or_else(|| format!("{address}: names no address"))?;
        let stream = TcpStream::connect_timeout(&addr, ATTACH_WITHIN).map_err(|e| format!("{address}: {e}"))?;
        stream.set_read_timeout(Some(ATTACH_WITHIN)).map_err(|e| e.to_string())?;
        stream.set_write_timeout(Some(ATTACH_WITHIN)).map_err(|e| e.to_string())?;
        let _ = stream.set_nodelay(true);
        let config = WebSocketConfig::default()
            .max_message_size(Some(MAX_MESSAGE_BYTES))
            .max_frame_size(Some(MAX_MESSAGE_BYTES));
        let (mut ws, _) = tungstenite::client::client_with_config(format!("ws://{address}/"), stream, Some(config))
            .map_err(|e| format!("{address}: not a link host: {e}"))?;
        ws.send(Message::text(message::hello(token, role, name).to_string())).map_err(|e| format!("{address}: {e}"))?;
        let welcome = loop {
            match ws.read() {
                Ok(Message::Text(t)) => {
                    break serde_json::from_str::<Value>(t.as_str()).map_err(|e| format!("{address}: {e}"))?;
                }
                Ok(_) => {}
                Err(e) => return Err(format!("{address}: no welcome: {e}")),
            }
        };
        match welcome["t"].as_str() {
            Some("welcome") => {}
            Some("refused") => {
                return Err(format!("{address} refused: {}", welcome["reason"].as_str().unwrap_or("no reason")));
            }
            _ => return Err(format!("{address}: expected a welcome, got {welcome}")),
        }
        ws.get_mut().set_nonblocking(true).map_err(|e| e.to_string())?;
        Ok(Client { ws, welcome })
    }

    /// Sends `message` now, or queues it while the socket is full.
    pub fn send(&mut self, message: &Value) -> Result<(), Lost> {
        match self.ws.send(Message::text(message.to_string())) {
            Ok(()) => Ok(()),
            Err(Error::Io(e)) if e.kind() == ErrorKind::WouldBlock => Ok(()),
            Err(e) => Err(e.to_string()),
        }
    }

    /// Every message that has come, at most `max`, without waiting; `Err` when the
    /// link is lost, with why.
    pub fn receive(&mut self, max: usize) -> Result<Vec<Value>, Lost> {
        let mut got = Vec::new();
        while got.len() < max {
            match self.ws.read() {
                Ok(Message::Text(t)) => {
                    if let Ok(v) = serde_json::from_str::<Value>(t.as_str()) {
                        got.push(v);
                    }
                }
                Ok(Message::Close(frame)) => {
                    return Err(frame.map_or_else(
                        || "the game closed the link".to_owned(),
                        |f| format!("the game closed the link: {}", f.reason),
                    ));
                }
                Ok(_) => {}
                Err(Error::Io(e)) if e.kind() == ErrorKind::WouldBlock => break,
                Err(e) => return Err(e.to_string()),
            }
        }
        if let Err(e) = self.ws.flush()
            && !matches!(&e, Error::Io(io) if io.kind() == ErrorKind::WouldBlock)
        {
            return Err(e.to_string());
        }
        Ok(got)
    }
}
