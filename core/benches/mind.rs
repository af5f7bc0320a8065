//! Speed of learning, with its goals: one full lesson (credit, the four lessons, both
//! trees rebuilt) within 20 µs, and all 80 trees rebuilt from 16 examples each within
//! 1 ms.

use std::collections::BTreeMap;
use std::hint::black_box;

use creature_core::creature::Creature;
use creature_core::creature::lesson::Teaching;
use creature_core::mind::credit::Plan;
use creature_core::mind::hand::Slap;
use creature_core::mind::tree::{CAPACITY, Example, build};
use creature_core::names::{Desire, Species};
use creature_core::rng::Rng;
use creature_core::species::data::{ActionCategory, Data, TreeKind};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

/// Belief answers drawn from realistic value sets for each attribute of the schema.
fn answers(rng: &mut Rng, attributes: &[String]) -> BTreeMap<String, String> {
    let values: &[&[&str]] = &[
        &["mine", "other", "none"],
        &["yes", "no"],
        &["villager", "sheep", "wolf", "storage_pit", "rock", "tree", "town", "cow"],
        &["norse", "celtic", "greek", "aztec"],
        &["male", "female"],
        &["mine", "other", "none"],
        &["farmer", "fisher", "builder", "none"],
        &["yes", "no"],
        &["small", "medium", "big"],
    ];
    let mut out = BTreeMap::new();
    for (a, vs) in attributes.iter().zip(values.iter().cycle()) {
        // One answer in five is unknown to the creature.
        if rng.unit() < 0.8 {
            out.insert(a.clone(), vs[rng.below(vs.len())].to_owned());
        }
    }
    out
}

fn example(rng: &mut Rng, attributes: &[String]) -> Example {
    Example { answers: answers(rng, attributes), feedback: (rng.range(-1.0, 1.0) * 10.0).round() / 10.0 }
}

fn full_lesson(c: &mut Criterion) {
    let data = Data::builtin().expect("built-in data");
    let mut rng = Rng::seeded(11);
    let mut creature = Creature::newborn(&data, Species::Cow, 1);
    creature.phase = 2;
    // Both Hunger trees full (16 examples): the lesson rebuilds the largest trees.
    for kind in [TreeKind::Activity, TreeKind::ActOn] {
        while creature.tree(Desire::Hunger, kind).examples.len() < CAPACITY {
            creature.tree_mut(Desire::Hunger, kind).teach(example(&mut rng, &data.attributes));
        }
    }
    let mut beliefs = BTreeMap::new();
    let mut teaching = Teaching::default();
    // Five remembered plans, the meal last and ended a second before the release.
    for (i, (desire, action, category)) in [
        (Desire::ToPlay, "Play", ActionCategory::Other),
        (Desire::Anger, "Throw", ActionCategory::Throw),
        (Desire::Anger, "Fight", ActionCategory::Fight),
        (Desire::Curiosity, "LookAround", ActionCategory::Other),
        (Desire::Hunger, "Eat", ActionCategory::Eat),
    ]
    .into_iter()
    .enumerate()
    {
        let id = format!("o{i}");
        beliefs.insert(id.clone(), answers(&mut rng, &data.attributes));
        let at = i as f64 * 5.0;
        teaching.start_plan(Plan {
            desire,
            action: action.to_owned(),
            category,
            object: id.clone(),
            target: id,
            started: at,
            ended: None,
            acted_on: None,
        });
    }
    teaching.end_plan(None, 22.0);
    c.bench_function("one full lesson (hand, credit, four lessons, both trees rebuilt)", |b| {
        b.iter_batched(
            || (creature.clone(), teaching.clone()),
            |(mut creature, mut teaching)| {
                teaching.hold();
                teaching.slap(&mut creature, Slap::Gentle);
                let lesson = teaching.release(&mut creature, &data, &beliefs, None, 23.0);
                // Returned, so that freeing the copies is not timed.
                (lesson, creature, teaching)
            },
            BatchSize::SmallInput,
        );
    });
}

fn rebuild_all_trees(c: &mut Criterion) {
    let data = Data::builtin().expect("built-in data");
    let mut rng = Rng::seeded(5);
    let memories: Vec<Vec<Example>> =
        (0..80).map(|_| (0..CAPACITY).map(|_| example(&mut rng, &data.attributes)).collect()).collect();
    c.bench_function("rebuild 80 trees of 16 examples", |b| {
        b.iter(|| {
            for examples in &memories {
                black_box(build(&data.attributes, black_box(examples)));
            }
        });
    });
}

criterion_group!(benches, full_lesson, rebuild_all_trees);
criterion_main!(benches);
