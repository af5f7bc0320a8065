//! SPEC §1: every random choice draws from one seeded generator per simulation; the same
//! inputs and seed give bit-identical results.

use std::sync::Arc;

use creature_core::mind::hand::Slap;
use creature_core::species::data::{Data, Species};
use creature_core::world::batch;
use creature_core::world::file::WorldFile;
use creature_core::world::sim::{Act, Event, Setting, Sim};

fn setup() -> (Arc<Data>, WorldFile) {
    let data = Arc::new(Data::builtin().expect("built-in data"));
    let world = WorldFile::builtin(&data).expect("example world");
    (data, world)
}

/// A run with the player touching the creature now and then, so that lessons, copying
/// and the generator all take part.
fn life(seed: u64) -> (String, Vec<Event>) {
    let (data, world) = setup();
    let mut sim = Sim::newborn(data, Species::Ape, world, seed);
    sim.set_phase(8);
    sim.apply(&Act::Leash(creature_core::mind::leash::Leash::Learning)).unwrap();
    sim.record(true);
    for minute in 0..30u32 {
        sim.run(600);
        sim.apply(&Act::Hold).unwrap();
        if minute % 2 == 0 {
            sim.apply(&Act::Stroke).unwrap();
        } else {
            sim.apply(&Act::Slap(Slap::Hard)).unwrap();
        }
        sim.apply(&Act::Release).unwrap();
        sim.apply(&Act::Deed {
            action: "Throw".into(),
            object: "rock_2".into(),
            desire: Some(creature_core::names::Desire::ToPlay),
        })
        .unwrap();
    }
    let summary = sim.summary();
    let bits: Vec<u64> = summary.desires.values().map(|v| v.to_bits()).collect();
    let body = sim.creature().body;
    (format!("{summary:?} {bits:?} {body:?} {:?}", sim.position()), sim.take_events())
}

#[test]
fn the_same_seed_gives_the_same_life_bit_for_bit() {
    let (a, ea) = life(11);
    let (b, eb) = life(11);
    assert_eq!(a, b);
    assert_eq!(ea, eb);
    assert!(ea.iter().any(|e| matches!(e, Event::Lesson { taught: Some(_), .. })), "the run includes lessons");
    assert!(ea.iter().filter(|e| matches!(e, Event::Plan { .. })).count() > 50);
}

#[test]
fn another_seed_gives_another_life() {
    let (a, _) = life(11);
    let (b, _) = life(12);
    assert_ne!(a, b);
}

#[test]
fn a_batch_is_the_same_on_every_run() {
    let (data, world) = setup();
    let one = batch::run(&data, Species::Cow, &world, 12, 3_000, 5, 0);
    let two = batch::run(&data, Species::Cow, &world, 12, 3_000, 5, 0);
    assert_eq!(format!("{one:?}"), format!("{two:?}"));
    let other = batch::run(&data, Species::Cow, &world, 12, 3_000, 6, 0);
    assert_ne!(format!("{one:?}"), format!("{other:?}"));
}

#[test]
fn a_newborn_in_a_shared_village_lives_as_one_in_a_village_of_its_own() {
    // A batch builds the village once and lets every newborn start from a copy: each
    // must live exactly the life it would have lived alone, whoever lived there before.
    let (data, world) = setup();
    let setting = Setting::new(&data, world.clone());
    let mut before = Sim::newborn_in(Arc::clone(&data), Species::Cow, 3, &setting);
    before.set_phase(5);
    before.run(3_000);
    for seed in [7, 8] {
        let mut alone = Sim::newborn(Arc::clone(&data), Species::Cow, world.clone(), seed);
        let mut shared = Sim::newborn_in(Arc::clone(&data), Species::Cow, seed, &setting);
        assert_eq!(alone.freeze(), shared.freeze(), "born alike");
        for sim in [&mut alone, &mut shared] {
            sim.set_phase(5);
            sim.run(6_000);
        }
        assert_eq!(alone.freeze(), shared.freeze(), "the same ten minutes, bit for bit");
        assert!(alone.summary().plans > 5, "the creature did things");
    }
}
