//! Training to a target (SPEC §22): runs tried per second, a run being one seed's trial
//! of a lesson script (its lessons played, then the target's five minutes lived, ended
//! once its verdict is known). The goal: the example's kind target over every species
//! and 8 seeds within 2 s on two cores (`train --species all` in release,
//! `.ci/bench.d/train`, which also runs the commit before a change beside it). Criterion
//! measures one trial lived out and ended when settled, from birth and from a kept
//! beginning, a short search, and the whole report, counted in runs; the turns a run
//! lived are printed beside them.

use std::hint::black_box;
use std::path::Path;

use creature_core::names::Species;
use creature_core::scenario::Stop;
use creature_core::train::{self, LoadedTarget, Settings, Trainer, train_each};
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
        b.iter(|| black_box(trainer.trial_to(&one_lesson, 1, Stop::AtEnd).passed));
    });
    group.bench_function("one_run_a_lesson_until_settled", |b| {
        b.iter(|| black_box(trainer.trial(&one_lesson, 1).passed));
    });
    let two_lessons = trainer.script(&[0, 1], 1);
    let from = trainer.begin(&[0], 1);
    group.bench_function("one_run_of_two_lessons_from_a_kept_beginning", |b| {
        b.iter(|| black_box(trainer.trial_from(&from, &two_lessons, 1, Stop::Settled).passed));
    });
    // A search of 40 scripts over 2 seeds: its runs, counted once, are the throughput.
    let settings = Settings::new(1, 2, 40);
    let found = trainer.train(&settings);
    println!("search_40_scripts_2_seeds: {} runs, {:.0} turns a run", found.runs, per_run(found.turns, found.runs));
    group.throughput(Throughput::Elements(found.runs as u64));
    group.bench_function("search_40_scripts_2_seeds", |b| {
        b.iter(|| black_box(trainer.train(&settings).tried));
    });
    // The teachability report: every species, 8 seeds, the species in one pool.
    let targets: Vec<LoadedTarget> = Species::ALL.iter().map(|s| target.for_species(*s).expect("a species")).collect();
    let settings = Settings::new(train::FIRST_SEED, train::DEFAULT_SEEDS, train::DEFAULT_BUDGET);
    let report = train_each(&targets, &settings, &|_, _| {});
    let (runs, turns) = report.iter().fold((0, 0), |(r, t), s| (r + s.runs, t + s.turns));
    println!("report_every_species_8_seeds: {runs} runs, {:.0} turns a run", per_run(turns, runs));
    group.throughput(Throughput::Elements(runs as u64));
    group.bench_function("report_every_species_8_seeds", |b| {
        b.iter(|| black_box(train_each(&targets, &settings, &|_, _| {}).len()));
    });
    group.finish();
}

/// Turns lived per run.
fn per_run(turns: u64, runs: usize) -> f64 {
    turns as f64 / runs.max(1) as f64
}

criterion_group!(benches, train);
criterion_main!(benches);
