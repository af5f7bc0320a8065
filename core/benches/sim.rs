//! The creature simulation's speed (SPEC §1). The goals: one creature for an in-game
//! day, 864,000 turns, in ≤ 0.1 s on one core; 1000 newborns × 10 simulated minutes in
//! ≤ 1 s on 2 cores. Criterion measures a simulated hour of one creature and a small
//! batch; `creature-studio sim` in release measures the full figures (`.ci/bench.d/sim`),
//! and the `cow_day` example runs the same day on core alone, for a profiler's count of
//! instructions.

use std::hint::black_box;
use std::sync::Arc;

use creature_core::species::data::{Data, Species};
use creature_core::world::batch;
use creature_core::world::file::WorldFile;
use creature_core::world::sim::Sim;
use criterion::{Criterion, criterion_group, criterion_main};

fn sim(c: &mut Criterion) {
    let data = Arc::new(Data::builtin().expect("built-in data"));
    let world = WorldFile::builtin(&data).expect("the example world");
    let mut group = c.benchmark_group("sim");
    group.sample_size(10);
    group.bench_function("cow_one_simulated_hour_36000_turns", |b| {
        b.iter(|| {
            let mut sim = Sim::newborn(Arc::clone(&data), Species::Cow, world.clone(), 7);
            sim.set_phase(5);
            sim.run(36_000);
            black_box(sim.summary().plans)
        });
    });
    group.bench_function("batch_50_newborns_ten_minutes", |b| {
        b.iter(|| black_box(batch::run(&data, Species::Cow, &world, 50, 6_000, 1, 0).plans.mean));
    });
    group.finish();
}

criterion_group!(benches, sim);
criterion_main!(benches);
