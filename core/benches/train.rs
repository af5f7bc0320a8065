//! Training to a target (SPEC §22): runs tried per second, a run being one seed's trial
//! of a lesson script (its lessons played, then the target's five minutes lived). The
//! goal: the example's kind target over 8 seeds within 60 s on two cores (`train` in
//! release, `.ci/bench.d/train`). Criterion measures one trial, and a short search of
//! the example target on all cores, counted in runs.

use std::hint::black_box;
use std::path::Path;

use creature_core::train::{self, Settings, Trainer};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn train(c: &mut Criterion) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example/targets/kind.target.ron");
    let target = train::load(&path).expect("the example target loads");
    let trainer = Trainer::new(&target);
    let mut group = c.benchmark_group("train");
    group.sample_size(10);
    let one_lesson = trainer.script(&[0], 1);
    group.throughput(Throughput::Elements(1));
    group.bench_function("one_run_a_lesson_and_five_minutes", |b| {
        b.iter(|| black_box(trainer.trial(&one_lesson, 1).passed));
    });
    // A search of 40 scripts over 2 seeds: its runs, counted once, are the throughput.
    let settings = Settings::new(1, 2, 40);
    let runs = trainer.train(&settings).runs;
    group.throughput(Throughput::Elements(runs as u64));
    group.bench_function("search_40_scripts_2_seeds", |b| {
        b.iter(|| black_box(trainer.train(&settings).tried));
    });
    group.finish();
}

criterion_group!(benches, train);
criterion_main!(benches);
