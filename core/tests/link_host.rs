//! The link's host (SPEC §23) on a real socket on this machine: a game's loop polls it
//! on one thread while clients attach with a stock WebSocket client on others.

use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use creature_core::link::host::{Host, Request};
use creature_core::link::message::{Control, Told, read_told};
use creature_core::link::token::Token;
use serde_json::{Value, json};
use tungstenite::{Message, WebSocket, stream::MaybeTlsStream};

const TOKEN: &str = "0123456789abcdef0123456789abcdef";

/// A game's loop around a host: every request is answered (`error` for a `phase` past
/// 13, `ok` otherwise), every due creature gets a state, and every 50th turn an event.
struct Game {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<(Vec<Request>, u64)>>,
}

impl Game {
    fn start() -> Game {
        Game::start_with(false)
    }

    /// A game that answers `ask`s too when `tells`: creature 0's mind is a short text, and
    /// creature 1's too large for the link.
    fn start_with(tells: bool) -> Game {
        let creatures = vec![
            json!({"id": 0, "name": "Ruth", "species": "Tiger", "phase": 3}),
            json!({"id": 1, "name": "Daisy", "species": "Cow", "phase": 0}),
        ];
        let mut host = Host::bind("127.0.0.1:0", Token::given(TOKEN).unwrap(), creatures, 50.0).unwrap();
        if tells {
            host.tell_asks();
        }
        let addr = host.local_addr().unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut asked = Vec::new();
            let mut turn = 0u64;
            while !flag.load(Ordering::Relaxed) {
                for r in host.poll(Duration::from_millis(2)) {
                    let result = match r.control {
                        Control::Phase { phase, .. } if phase > 13 => Err(format!("a phase is 0 to 13, not {phase}")),
                        _ => Ok(()),
                    };
                    host.answer(&r, result);
                    asked.push(r);
                }
                for a in host.take_asks() {
                    let mind = match a.ask.creature {
                        0 => Ok("(name: \"Ruth\")".to_owned()),
                        1 => Ok("x".repeat(2 << 20)),
                        n => Err(format!("there is no creature {n}")),
                    };
                    let told = mind
                        .map(|m| Told { mind: Some(m), ..Told::of(a.ask.creature, a.ask.what, turn as f64 / 10.0) });
                    host.tell(&a, told);
                }
                let now = Instant::now();
                let states: Vec<(u32, Value)> = host
                    .due(now)
                    .into_iter()
                    .map(|id| (id, json!({"t": "state", "creature": id, "sim_time": turn as f64 / 10.0})))
                    .collect();
                host.publish_states(now, &states);
                if turn.is_multiple_of(50) {
                    host.publish_event(0, &json!({"t": "event", "creature": 0, "event": "plan_started"}));
                }
                turn += 1;
                std::thread::sleep(Duration::from_millis(1));
            }
            (asked, turn)
        });
        Game { addr, stop, thread: Some(thread) }
    }

    /// Stops the loop and gives what controllers asked and how many turns it ran.
    fn finish(mut self) -> (Vec<Request>, u64) {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.take().unwrap().join().expect("the game's loop never panics")
    }
}

type Client = WebSocket<MaybeTlsStream<TcpStream>>;

fn connect(addr: SocketAddr) -> Client {
    let (ws, _) = tungstenite::connect(format!("ws://{addr}")).unwrap();
    if let MaybeTlsStream::Plain(s) = ws.get_ref() {
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    }
    ws
}

fn send(ws: &mut Client, v: &Value) {
    ws.send(Message::text(v.to_string())).unwrap();
}

/// The next JSON message, skipping states and events unless `t` asks for them.
fn next(ws: &mut Client, t: &str) -> Value {
    loop {
        match ws.read() {
            Ok(Message::Text(text)) => {
                let v: Value = serde_json::from_str(text.as_str()).unwrap();
                if v["t"] == t {
                    return v;
                }
            }
            Ok(_) => {}
            Err(e) => panic!("waiting for {t}: {e}"),
        }
    }
}

fn hello(ws: &mut Client, role: &str) -> Value {
    send(ws, &json!({"t": "hello", "version": 1, "token": TOKEN, "role": role, "name": "test"}));
    next_any(ws)
}

fn next_any(ws: &mut Client) -> Value {
    loop {
        if let Message::Text(text) = ws.read().unwrap() {
            return serde_json::from_str(text.as_str()).unwrap();
        }
    }
}

/// Whether the host closed the connection (a close frame, or the socket ended).
fn closed(ws: &mut Client) -> bool {
    loop {
        match ws.read() {
            Ok(Message::Close(_)) | Err(_) => return true,
            Ok(_) => {}
        }
    }
}

#[test]
fn a_welcomed_observer_gets_the_creatures_their_states_and_events() {
    let game = Game::start();
    let mut ws = connect(game.addr);
    let welcome = hello(&mut ws, "observer");
    assert_eq!(welcome["t"], "welcome");
    assert_eq!(welcome["version"], 1);
    assert_eq!(welcome["creatures"][1]["name"], "Daisy");
    send(&mut ws, &json!({"t": "subscribe", "creatures": [1], "hz": 20}));
    let state = next(&mut ws, "state");
    assert_eq!(state["creature"], 1, "only the creature subscribed to: {state}");
    send(&mut ws, &json!({"t": "subscribe", "creatures": "all", "hz": 20}));
    let event = next(&mut ws, "event");
    assert_eq!(event["event"], "plan_started");
    game.finish();
}

#[test]
fn a_controllers_requests_reach_the_game_and_are_answered() {
    let game = Game::start();
    let mut ws = connect(game.addr);
    assert_eq!(hello(&mut ws, "controller")["t"], "welcome");
    send(&mut ws, &json!({"t": "hand", "id": 1, "creature": 0, "act": "stroke"}));
    assert_eq!(next(&mut ws, "ok")["id"], 1);
    send(&mut ws, &json!({"t": "phase", "id": "p", "creature": 0, "phase": 20}));
    let refused = next(&mut ws, "error");
    assert_eq!(refused["id"], "p");
    assert!(refused["error"].as_str().unwrap().contains("not 20"), "{refused}");
    let (asked, _) = game.finish();
    assert_eq!(asked.len(), 2);
    assert_eq!(asked[0].control, Control::Hand { creature: 0, act: creature_core::link::message::HandAct::Stroke });
}

#[test]
fn an_observer_changes_nothing_and_a_second_controller_is_refused() {
    let game = Game::start();
    let mut watcher = connect(game.addr);
    assert_eq!(hello(&mut watcher, "observer")["t"], "welcome");
    send(&mut watcher, &json!({"t": "pause", "id": 9}));
    let e = next(&mut watcher, "error");
    assert!(e["error"].as_str().unwrap().contains("observer"), "{e}");
    let mut first = connect(game.addr);
    assert_eq!(hello(&mut first, "controller")["t"], "welcome");
    let mut second = connect(game.addr);
    let refused = hello(&mut second, "controller");
    assert_eq!(refused["t"], "refused");
    assert!(refused["reason"].as_str().unwrap().contains("already"), "{refused}");
    assert!(closed(&mut second));
    let (asked, _) = game.finish();
    assert!(asked.is_empty(), "nothing an observer or a refused client sent reached the game: {asked:?}");
}

#[test]
fn a_wrong_or_missing_token_is_refused_before_anything_else_is_read() {
    let game = Game::start();
    let mut wrong = connect(game.addr);
    send(
        &mut wrong,
        &json!({"t": "hello", "version": 1, "token": "ffffffffffffffffffffffffffffffff", "role": "controller"}),
    );
    assert_eq!(next_any(&mut wrong), json!({"t": "refused", "reason": "wrong token"}));
    assert!(closed(&mut wrong));
    let mut bare = connect(game.addr);
    send(&mut bare, &json!({"t": "pause", "id": 1}));
    assert_eq!(next_any(&mut bare)["t"], "refused");
    assert!(closed(&mut bare));
    let (asked, _) = game.finish();
    assert!(asked.is_empty());
}

#[test]
fn malformed_and_unknown_messages_are_answered_and_the_link_stays() {
    let game = Game::start();
    let mut ws = connect(game.addr);
    hello(&mut ws, "controller");
    ws.send(Message::text("{not json")).unwrap();
    assert!(next(&mut ws, "error")["error"].as_str().unwrap().contains("not a JSON object"));
    send(&mut ws, &json!({"t": "dance", "id": 3}));
    let unknown = next(&mut ws, "error");
    assert!(unknown["error"].as_str().unwrap().contains("dance"), "{unknown}");
    assert_eq!(unknown["id"], 3, "an error answers the message it is about");
    ws.send(Message::binary(vec![1, 2, 3])).unwrap();
    assert!(next(&mut ws, "error")["error"].as_str().unwrap().contains("binary"));
    send(&mut ws, &json!({"t": "continue", "id": 4}));
    assert_eq!(next(&mut ws, "ok")["id"], 4, "the link is still up");
    game.finish();
}

#[test]
fn a_message_past_a_mebibyte_or_a_flood_closes_that_client_only() {
    let game = Game::start();
    let mut calm = connect(game.addr);
    hello(&mut calm, "observer");
    let mut big = connect(game.addr);
    hello(&mut big, "observer");
    let huge = format!("{{\"t\":\"reload\",\"id\":1,\"file\":\"cow.ron\",\"text\":\"{}\"}}", "x".repeat(2 << 20));
    let _ = big.send(Message::text(huge));
    assert!(closed(&mut big));
    let mut flood = connect(game.addr);
    hello(&mut flood, "observer");
    for i in 0..300 {
        if flood.send(Message::text(json!({"t": "subscribe", "creatures": [0], "hz": 1 + i}).to_string())).is_err() {
            break;
        }
    }
    assert!(closed(&mut flood));
    send(&mut calm, &json!({"t": "subscribe", "creatures": "all", "hz": 10}));
    assert_eq!(next(&mut calm, "state")["t"], "state", "the calm client is still served");
    game.finish();
}

#[test]
fn half_open_connections_and_two_hundred_clients_never_stop_the_game() {
    let game = Game::start();
    let silent: Vec<TcpStream> = (0..150).map(|_| TcpStream::connect(game.addr).unwrap()).collect();
    let mut talkers: Vec<Client> = (0..50).map(|_| connect(game.addr)).collect();
    for ws in &mut talkers {
        assert_eq!(hello(ws, "observer")["t"], "welcome");
        send(ws, &json!({"t": "subscribe", "creatures": "all", "hz": 5}));
    }
    for ws in &mut talkers {
        assert_eq!(next(ws, "state")["t"], "state");
    }
    drop(silent);
    let (_, turns) = game.finish();
    assert!(turns > 0);
}

#[test]
fn a_client_that_never_reads_has_its_oldest_states_dropped_and_counted() {
    let creatures = vec![json!({"id": 0, "name": "Ruth", "species": "Tiger", "phase": 3})];
    let mut host = Host::bind("127.0.0.1:0", Token::given(TOKEN).unwrap(), creatures, 1000.0).unwrap();
    let addr = host.local_addr().unwrap();
    let client = std::thread::spawn(move || {
        let mut ws = connect(addr);
        hello(&mut ws, "observer");
        send(&mut ws, &json!({"t": "subscribe", "creatures": "all", "hz": 1000}));
        std::thread::sleep(Duration::from_secs(3));
        ws
    });
    let big = json!({"t": "state", "creature": 0, "pad": "y".repeat(60_000)});
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(2) {
        host.poll(Duration::from_millis(1));
        let now = Instant::now();
        if !host.due(now).is_empty() {
            host.publish_states(now, &[(0, big.clone())]);
        }
    }
    assert!(host.dropped() > 0, "a client that never reads loses its oldest states rather than growing a queue");
    drop(client.join().unwrap());
}

#[test]
fn an_observer_asks_a_game_that_tells_and_one_that_does_not() {
    let game = Game::start_with(true);
    let mut ws = connect(game.addr);
    assert_eq!(hello(&mut ws, "observer")["t"], "welcome");
    send(&mut ws, &json!({"t": "ask", "id": 1, "creature": 0, "what": "mind"}));
    let told = next_any(&mut ws);
    assert_eq!((told["t"].as_str(), told["id"].as_u64()), (Some("told"), Some(1)), "{told}");
    assert_eq!(read_told(&told).unwrap().mind.as_deref(), Some("(name: \"Ruth\")"));
    send(&mut ws, &json!({"t": "ask", "id": 2, "creature": 1, "what": "mind"}));
    let past = next_any(&mut ws);
    assert_eq!((past["t"].as_str(), past["id"].as_u64()), (Some("error"), Some(2)), "{past}");
    assert!(past["error"].as_str().unwrap().contains("past the link's bound"), "{past}");
    send(&mut ws, &json!({"t": "ask", "id": 3, "creature": 5, "what": "why"}));
    assert_eq!(next_any(&mut ws)["error"], "there is no creature 5");
    // The link stays: a request after the asks is still read.
    send(&mut ws, &json!({"t": "ask", "id": 4, "creature": 0, "what": "soul"}));
    assert_eq!(next_any(&mut ws)["id"], 4);
    game.finish();

    let quiet = Game::start();
    let mut ws = connect(quiet.addr);
    assert_eq!(hello(&mut ws, "controller")["t"], "welcome");
    send(&mut ws, &json!({"t": "ask", "id": 7, "creature": 0, "what": "mind"}));
    let refused = next_any(&mut ws);
    assert_eq!((refused["t"].as_str(), refused["id"].as_u64()), (Some("error"), Some(7)), "{refused}");
    send(&mut ws, &json!({"t": "pause", "id": 8}));
    assert_eq!(next(&mut ws, "ok")["id"], 8);
    quiet.finish();
}
