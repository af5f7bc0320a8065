//! Large banks and queries that look like real use, for the speed target of SPEC §13
//! (a 40,000-event, 16-feature query in ≤ 25 µs) and the binary-load target.
//!
//! The bank is recorded from scripted bots fighting each other in the arena, both sides
//! recorded, match after match; the queries are the states seen in other matches with
//! other seeds, half of them with an event playing. The schema is the first features of
//! the built-in arena schema, with a recency weight of 0.05.

use super::arena::FEATURE_COUNT;
use super::bank::Bank;
use super::bots::{Bot, Style};
use super::fight::{Bout, Controller};
use super::schema::Schema;
use creature_core::rng::Rng;

/// A bank, a schema and queries against them.
#[derive(Debug, Clone)]
pub struct Workload {
    pub schema: Schema,
    pub bank: Bank,
    /// States in schema order, each with the bank position of the event playing.
    pub queries: Vec<(Vec<f64>, Option<usize>)>,
}

/// Plays bot matches (rotating through every pairing of styles, seeded from `seed`) and
/// calls `each` with every decision state of both sides, until it returns false.
fn play(seed: u64, mut each: impl FnMut(&Bout, usize) -> bool, mut kept: impl FnMut(&mut Bout, u64) -> bool) {
    let mut m = 0u64;
    loop {
        let a = Style::ALL[(m % 3) as usize];
        let b = Style::ALL[((m / 3) % 3) as usize];
        let s = seed.wrapping_mul(1_000_003).wrapping_add(m * 2);
        let mut bout =
            Bout::new([Controller::Bot(Bot::new(a, s)), Controller::Bot(Bot::new(b, s + 1))], ["Jago", "Jago"]);
        bout.record(0);
        bout.record(1);
        let mut seen = 0;
        while !bout.arena.is_over() {
            bout.step();
            while seen < bout.decisions.len() {
                if !each(&bout, seen) {
                    return;
                }
                seen += 1;
            }
        }
        if !kept(&mut bout, m) {
            return;
        }
        m += 1;
    }
}

/// A bank of exactly `events` events and `queries` queries, with the first `features`
/// features of the arena schema.
pub fn arena_workload(events: usize, features: usize, queries: usize, seed: u64) -> Result<Workload, String> {
    let mut schema = Schema::arena();
    if features == 0 || features > schema.features.len() {
        return Err(format!(
            "--features must be between 1 and {} (the arena schema's features)",
            schema.features.len()
        ));
    }
    if events == 0 || events > super::bank::MAX_EVENTS {
        return Err(format!("--events must be between 1 and {}", super::bank::MAX_EVENTS));
    }
    schema.features.truncate(features);
    // The example schema turns recency off (see its comments); the benchmark keeps it
    // on so that every term of the score of SPEC §13 is paid for.
    schema.recency_weight = 0.05;
    let mut bank = Bank::default();
    play(
        seed,
        |_, _| true,
        |bout, m| {
            for side in 0..2 {
                if let Some(mut p) = bout.take_recording(side) {
                    p.events.truncate(events - bank.len());
                    // Cannot fail: every recording has the arena's features.
                    let _ = bank.keep(&p, Some(m));
                }
            }
            bank.len() < events
        },
    );
    let positions: Vec<usize> =
        schema.features.iter().map(|f| super::arena::feature_position(&f.name).unwrap_or(0)).collect();
    let mut rng = Rng::seeded(seed ^ 0x5eed);
    let mut out = Vec::with_capacity(queries);
    let stride = 7;
    let mut k = 0usize;
    play(
        seed.wrapping_add(0x9e37_79b9),
        |bout, i| {
            k += 1;
            if k.is_multiple_of(stride) {
                let s: &[f64; FEATURE_COUNT] = &bout.decisions[i].state;
                let playing = (rng.unit() < 0.5).then(|| rng.below(bank.len()));
                out.push((positions.iter().map(|&p| s[p]).collect(), playing));
            }
            out.len() < queries
        },
        |_, _| true,
    );
    Ok(Workload { schema, bank, queries: out })
}
