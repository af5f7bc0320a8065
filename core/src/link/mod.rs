//! The link (SPEC §23): a game that runs creatures hosts studios over a WebSocket, one
//! JSON object a text message. This module is the host's side, on the ground floor: it
//! knows messages, clients and bounds, and nothing of the simulation, so a game in any
//! language can stand where the reference host (`creature-studio serve`) stands.
//!
//! - [`message`]: what crosses the link, both ways, and its bounds.
//! - [`token`]: the secret a client shows before anything else is read.
//! - [`conn`]: one client's connection, from its handshake to its close.
//! - [`host`]: the listener and its clients, polled from the game's own loop for a
//!   bounded time, never blocking it.
//! - [`client`]: a studio's end, attached within a bounded time, then polled likewise.
//! - [`run_file`]: a game's run as a studio received it, saved (`*.run.ron`) and read back.

pub mod client;
pub mod conn;
pub mod host;
pub mod message;
pub mod run_file;
pub mod token;
