//! One Cow in the bundled village, as `creature-studio sim --species Cow --seed 1
//! --phase 5` runs it, for a number of simulated seconds (an in-game day when none is
//! given): the turn's cost measured on core alone, for a profiler such as callgrind.
//! It prints the run's summary and a hash of its frozen state, so that two builds can
//! be shown to end the same run in the same bytes.
//!
//! `cargo run --release -p creature-core --example cow_day -- [SECONDS]`

use std::sync::Arc;
use std::time::Instant;

use creature_core::creature::Creature;
use creature_core::mind::desire::TURNS_PER_SECOND;
use creature_core::names::Species;
use creature_core::species::data::Data;
use creature_core::stable_hash::fnv1a64;
use creature_core::world::file::WorldFile;
use creature_core::world::sim::Sim;

fn main() -> Result<(), String> {
    let seconds: f64 = match std::env::args().nth(1) {
        Some(s) => s.parse().map_err(|e| format!("{s}: not a number of seconds ({e})"))?,
        None => 86_400.0,
    };
    let turns = (seconds * TURNS_PER_SECOND).round() as u64;
    let data = Arc::new(Data::builtin().map_err(|e| format!("the shipped species: {e:?}"))?);
    let world = WorldFile::builtin(&data).map_err(|e| format!("the bundled village: {e:?}"))?;
    let creature = Creature::newborn(&data, Species::Cow, 1);
    let mut sim = Sim::new(Arc::clone(&data), creature, world, 1);
    sim.set_phase(5);
    let started = Instant::now();
    sim.run(turns);
    let wall_ms = started.elapsed().as_secs_f64() * 1000.0;
    let s = sim.summary();
    let state = fnv1a64([sim.freeze().as_slice()]);
    println!("{turns} turns in {wall_ms:.1} ms; plans {}, lessons {}, state {state:016x}", s.plans, s.lessons);
    Ok(())
}
