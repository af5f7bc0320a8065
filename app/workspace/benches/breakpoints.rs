//! What breakpoints cost the preview (SPEC §19): an hour of the example project's
//! creature, 36,000 turns, run by the preview as it runs a day (recorded, the events
//! kept for the log), without breakpoints and with ten on, of every sort (a hit pauses
//! the run, and the bench runs on). Goal: the ten cost at most 2 % of the
//! preview's time. For reference, the same hour run plainly as `Sim::run` does, and turn
//! by turn with the ten on a bare simulation.

use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::project::Project;
use creature_core::world::file::WorldFile;
use creature_core::world::sim::Sim;
use creature_workspace::breakpoints::Breakpoints;
use creature_workspace::live_preview::LivePreview;
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

const HOUR: u64 = 36_000;

/// Ten conditions of every sort.
const TEN: [&str; 10] = [
    r#"PlanStarted(desire: "Anger", kind: Villager)"#,
    "PlanSwitched",
    "Lesson(sign: Slap)",
    "Phase(to: 13)",
    r#"Learnt(what: "Heal")"#,
    r#"Above(desire: "Anger", value: 1.9)"#,
    r#"Below(desire: "Hunger", value: -1.0)"#,
    "Liking(above: 0.9)",
    r#"Score(desire: "Hunger", tree: ActOn, object: "wolf_1", above: 0.99)"#,
    r#"PlanStarted(action: "Steal")"#,
];

fn example_sim() -> Sim {
    let root = example_root();
    let project = Project::open(&root).expect("the example project");
    let data = project.data().expect("its species data");
    let world_path = project.resolve(project.manifest.world.as_ref().expect("a world"));
    let world = WorldFile::load(&world_path, &data).expect("its world");
    let creature = Creature::load(&root.join("creatures/daisy.ron"), &data).expect("daisy");
    Sim::new(Arc::new(data), creature, world, 7)
}

fn breakpoints(c: &mut Criterion) {
    let start = example_sim();
    let mut set = Breakpoints::default();
    for cond in TEN {
        set.add(cond, &start).unwrap_or_else(|e| panic!("{cond}: {e}"));
    }
    let mut g = c.benchmark_group("breakpoints");
    g.sample_size(10);
    g.bench_function("hour_plain", |b| {
        b.iter(|| {
            let mut sim = start.clone();
            sim.run(HOUR);
            black_box(sim.turns())
        });
    });
    // The preview's own way with breakpoints on, none set: turn by turn, the events kept
    // and taken. The ten's own cost is the difference from this.
    g.bench_function("hour_turn_by_turn_events", |b| {
        b.iter(|| {
            let mut sim = start.clone();
            sim.record(true);
            let mut events = 0;
            for _ in 0..HOUR {
                sim.step();
                events += sim.take_events().len();
            }
            black_box((sim.turns(), events))
        });
    });
    g.bench_function("hour_ten_breakpoints", |b| {
        b.iter(|| {
            let mut sim = start.clone();
            // The plans and lessons a breakpoint looks for are events: keeping them is
            // part of the breakpoints' cost.
            sim.record(true);
            let mut bp = set.clone();
            let mut hits = 0;
            for _ in 0..HOUR {
                sim.step();
                let events = sim.take_events();
                hits += usize::from(bp.check(&sim, &events).is_some());
            }
            black_box((sim.turns(), hits))
        });
    });
    // The preview as it runs a day: recorded, its events kept for the log.
    let project = Project::open(&example_root()).expect("the example project");
    let preview = || {
        let mut p = LivePreview::open(&project, 7).expect("the example preview");
        p.speed = 0.0;
        p
    };
    let run_hour = |p: &mut LivePreview| {
        let mut ran = 0;
        while ran < HOUR {
            ran += p.run(HOUR - ran);
            black_box(p.take_events().len());
        }
        p.sim().turns()
    };
    g.bench_function("hour_preview", |b| {
        b.iter_batched(preview, |mut p| black_box(run_hour(&mut p)), BatchSize::LargeInput);
    });
    g.bench_function("hour_preview_ten_breakpoints", |b| {
        b.iter_batched(
            || {
                let mut p = preview();
                for cond in TEN {
                    let sim = p.sim().clone();
                    p.breakpoints.add(cond, &sim).unwrap_or_else(|e| panic!("{cond}: {e}"));
                }
                p
            },
            |mut p| black_box(run_hour(&mut p)),
            BatchSize::LargeInput,
        );
    });
    g.finish();
}

fn example_root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../projects/example")
}

criterion_group!(benches, breakpoints);
criterion_main!(benches);
