//! The link's cost (SPEC §23). The goals: the host's work with one observer attached at
//! most 2 % of the simulation's turn; 1,000 creatures at 10 Hz to 10 observers on two
//! cores, with the bytes a second it takes. Criterion measures a thousand turns with and
//! without the host polled each turn, and one tick of 1,000 states sent to 10 observers;
//! the bytes a tick and so a second are printed beside them.

use std::hint::black_box;
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use creature_core::link::host::Host;
use creature_core::link::message::{self, Role};
use creature_core::link::token::Token;
use creature_core::species::data::{Data, Species};
use creature_core::world::file::WorldFile;
use creature_core::world::link_state;
use creature_core::world::sim::Sim;
use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::Value;
use tungstenite::{Message, WebSocket, stream::MaybeTlsStream};

const TOKEN: &str = "0123456789abcdef0123456789abcdef";

/// An observer on its own thread, reading everything and counting the bytes.
fn observer(
    addr: std::net::SocketAddr,
    hz: f64,
    bytes: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let (mut ws, _): (WebSocket<MaybeTlsStream<TcpStream>>, _) =
            tungstenite::connect(format!("ws://{addr}")).unwrap();
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(Duration::from_millis(200))).unwrap();
        }
        ws.send(Message::text(message::hello(TOKEN, Role::Observer, "bench").to_string())).unwrap();
        ws.send(Message::text(message::subscribe_all(hz).to_string())).unwrap();
        while !stop.load(Ordering::Relaxed) {
            if let Ok(Message::Text(t)) = ws.read() {
                bytes.fetch_add(t.len() as u64, Ordering::Relaxed);
            }
        }
    })
}

/// Polls `host` until `n` clients are welcomed and subscribed (a state has gone out).
fn wait_for_clients(host: &mut Host, n: usize, states: &[(u32, Value)]) {
    let start = Instant::now();
    while host.clients() < n || host.due(Instant::now()).is_empty() {
        host.poll(Duration::from_millis(1));
        assert!(start.elapsed() < Duration::from_secs(10), "the observers attach");
    }
    host.publish_states(Instant::now(), states);
}

fn turns(c: &mut Criterion) {
    let data = Arc::new(Data::builtin().expect("built-in data"));
    let world = WorldFile::builtin(&data).expect("the example world");
    let mut sim = Sim::newborn(Arc::clone(&data), Species::Cow, world, 7);
    sim.set_phase(5);
    let mut group = c.benchmark_group("link");
    group.sample_size(20);
    group.bench_function("a_thousand_turns", |b| {
        b.iter(|| {
            sim.run(1_000);
            black_box(sim.time())
        });
    });
    let mut host =
        Host::bind("127.0.0.1:0", Token::given(TOKEN).unwrap(), vec![link_state::creature(&sim, 0)], 10.0).unwrap();
    let (bytes, stop) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicBool::new(false)));
    let watcher = observer(host.local_addr().unwrap(), 10.0, bytes.clone(), stop.clone());
    wait_for_clients(&mut host, 1, &[(0, link_state::state(&sim, 0))]);
    group.bench_function("a_thousand_turns_with_one_observer_at_10_hz", |b| {
        b.iter(|| {
            for _ in 0..1_000 {
                sim.step();
                host.poll(Duration::from_micros(200));
                let now = Instant::now();
                if !host.due(now).is_empty() {
                    host.publish_states(now, &[(0, link_state::state(&sim, 0))]);
                }
            }
            black_box(sim.time())
        });
    });
    stop.store(true, Ordering::Relaxed);
    watcher.join().unwrap();
    group.finish();
}

fn fan_out(c: &mut Criterion) {
    let data = Arc::new(Data::builtin().expect("built-in data"));
    let world = WorldFile::builtin(&data).expect("the example world");
    let mut sim = Sim::newborn(Arc::clone(&data), Species::Cow, world, 7);
    sim.run(600);
    let states: Vec<(u32, Value)> = (0..1_000).map(|id| (id, link_state::state(&sim, id))).collect();
    let creatures = (0..1_000).map(|id| link_state::creature(&sim, id)).collect();
    let mut host = Host::bind("127.0.0.1:0", Token::given(TOKEN).unwrap(), creatures, 10.0).unwrap();
    let (bytes, stop) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicBool::new(false)));
    let watchers: Vec<_> =
        (0..10).map(|_| observer(host.local_addr().unwrap(), 10.0, bytes.clone(), stop.clone())).collect();
    wait_for_clients(&mut host, 10, &states);
    let tick_bytes: usize = states.iter().map(|(_, s)| s.to_string().len()).sum::<usize>() * 10;
    eprintln!(
        "link: 1,000 creatures to 10 observers: {:.1} MB a tick, {:.1} MB/s at 10 Hz",
        tick_bytes as f64 / 1e6,
        tick_bytes as f64 * 10.0 / 1e6
    );
    let mut group = c.benchmark_group("link");
    group.sample_size(10);
    group.bench_function("one_tick_1000_creatures_to_10_observers", |b| {
        b.iter(|| {
            // Every observer due: a tick as the game's loop makes it at 10 Hz.
            let now = Instant::now() + Duration::from_secs(1);
            host.publish_states(now, &states);
            host.poll(Duration::from_millis(5));
            black_box(host.dropped())
        });
    });
    group.finish();
    eprintln!("link: states dropped for slow observers over the run: {}", host.dropped());
    stop.store(true, Ordering::Relaxed);
    watchers.into_iter().for_each(|w| w.join().unwrap());
}

criterion_group!(benches, turns, fan_out);
criterion_main!(benches);
