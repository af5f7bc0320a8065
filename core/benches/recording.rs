//! Recordings' speed and size (SPEC §17). The goals: seeking anywhere in a one-hour
//! recording ≤ 20 ms; recording slows the simulation by ≤ 20 %; ≤ 5 MB per simulated
//! hour. Criterion measures the example project's hour of teaching played plainly and
//! recorded, and seeks to turns spread over the hour; the recording's size is printed.
//! `.ci/bench.d/recording` measures the same on the release binary.

use std::hint::black_box;
use std::path::PathBuf;

use creature_core::recording::snapshot::{from_bytes, to_bytes};
use creature_core::recording::{Recorder, run_scenario_recorded};
use creature_core::rng::Rng;
use creature_core::scenario;
use criterion::{Criterion, criterion_group, criterion_main};

fn hour() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../projects/example/scenarios/an_hour_of_teaching.scenario.ron")
}

fn prepared() -> scenario::run::Prepared {
    scenario::prepare(scenario::file::load(&hour()).expect("the example scenario")).expect("it loads")
}

fn recording(c: &mut Criterion) {
    let (_, rec) = run_scenario_recorded(prepared(), None).expect("it records");
    let bytes = rec.to_bytes().len();
    eprintln!(
        "an hour recorded: {} turns, {} snapshots, {} changes, {} events, {bytes} bytes ({:.2} MB)",
        rec.turns,
        rec.snapshots.len(),
        rec.changes.len(),
        rec.events.len(),
        bytes as f64 / 1e6
    );
    let mut group = c.benchmark_group("recording");
    group.sample_size(10);
    group.bench_function("hour_of_teaching_plain", |b| {
        b.iter_batched(prepared, |p| black_box(scenario::run(p, None).plans), criterion::BatchSize::LargeInput);
    });
    group.bench_function("hour_of_teaching_recorded", |b| {
        b.iter_batched(
            prepared,
            |p| black_box(run_scenario_recorded(p, None).map(|(o, _)| o.plans)),
            criterion::BatchSize::LargeInput,
        );
    });
    let mut recorder = Recorder::open(rec).expect("it opens");
    let sim = recorder.sim().clone();
    group.bench_function("snapshot_to_bytes", |b| b.iter(|| black_box(to_bytes(&sim).len())));
    group.bench_function("sim_clone", |b| b.iter(|| black_box(sim.clone().turns())));
    let bytes = to_bytes(&sim);
    let data = std::sync::Arc::clone(sim.data());
    group.bench_function("snapshot_restore", |b| {
        b.iter(|| black_box(from_bytes(&bytes, std::sync::Arc::clone(&data)).map(|s| s.turns())));
    });
    eprintln!("a snapshot at the hour's end: {} bytes", bytes.len());
    let end = recorder.recording().turns;
    let mut rng = Rng::seeded(1);
    group.sample_size(100);
    group.bench_function("seek_anywhere_in_an_hour", |b| {
        b.iter(|| {
            // Turns spread over the hour, so that each seek starts from a snapshot.
            let turn = rng.next_u64() % (end + 1);
            black_box(recorder.seek(turn).map(|s| s.turns()))
        });
    });
    group.finish();
}

criterion_group!(benches, recording);
criterion_main!(benches);
