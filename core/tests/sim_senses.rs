//! Every input a desire source can read (SPEC §2: body, world, trait, leash, event) is
//! wired to something real in the body or the village, and hot reload goes on with the
//! new data without restarting the clock.

use std::path::Path;
use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::mind::hand::Slap;
use creature_core::mind::leash::Leash;
use creature_core::names::Desire;
use creature_core::reads::Reads;
use creature_core::species::data::{Data, Species};
use creature_core::world::file::{ObjectKind, WorldFile};
use creature_core::world::sim::{Act, Sim};

fn example(data: &Data) -> WorldFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example/world.ron");
    WorldFile::load(&path, data).expect("the example world loads")
}

fn object_at(sim: &Sim, id: &str) -> (f64, f64) {
    sim.village().objects[sim.village().find(id).unwrap()].pos
}

#[test]
fn every_source_input_is_wired_to_the_body_or_the_world() {
    let mut data = Data::builtin().unwrap();
    data.species[Species::PolarBear.index()].aggression_connected = true;
    let data = Arc::new(data);
    let mut world = example(&data);
    // Night from the start, and a rival creature that gives orders often.
    world.clock.start_hour = 22.0;
    for o in &mut world.objects {
        if let ObjectKind::Creature { orders_every, .. } = &mut o.kind {
            *orders_every = Some(5.0);
        }
    }
    let mut bear = Creature::newborn(&data, Species::PolarBear, 1);
    bear.phase = 13;
    bear.body.energy = 0.5;
    bear.body.health = 0.5;
    for v in [&mut bear.body.fatigue, &mut bear.body.bowels, &mut bear.body.sickness, &mut bear.body.nausea] {
        *v = 0.5;
    }
    bear.body.itch = 0.5;
    bear.body.thirst = 0.5;
    let mut sim = Sim::new(Arc::clone(&data), bear, world, 1);
    let mut max = vec![0.0_f64; Reads::ALL.len()];
    let mut look = |sim: &Sim| {
        for (i, r) in Reads::ALL.iter().enumerate() {
            max[i] = max[i].max(sim.input(*r));
        }
    };
    let visit = |sim: &mut Sim, id: &str, turns: u64, look: &mut dyn FnMut(&Sim)| {
        let (x, y) = object_at(sim, id);
        sim.apply(&Act::Place { x: x + 1.0, y }).unwrap();
        for _ in 0..turns {
            sim.step();
            look(sim);
        }
    };
    sim.step();
    look(&sim);
    for id in ["wolf_1", "dai", "rival_pit", "hill", "home_town", "sunny_slope", "snowfield", "rock_3"] {
        visit(&mut sim, id, 2, &mut look);
    }
    visit(&mut sim, "rival_creature", 100, &mut look);
    sim.apply(&Act::Place { x: 0.0, y: 300.0 }).unwrap();
    sim.run(50);
    look(&sim);
    for leash in [Leash::Compassion, Leash::Aggression, Leash::Learning] {
        sim.apply(&Act::Leash(leash)).unwrap();
        sim.step();
        look(&sim);
    }
    let p = sim.position();
    sim.apply(&Act::Hand { x: p.0, y: p.1 }).unwrap();
    sim.apply(&Act::Hold).unwrap();
    sim.apply(&Act::Slap(Slap::Hard)).unwrap();
    sim.apply(&Act::Release).unwrap();
    sim.step();
    look(&sim);
    sim.apply(&Act::Hold).unwrap();
    for _ in 0..10 {
        sim.apply(&Act::Stroke).unwrap();
    }
    sim.apply(&Act::Release).unwrap();
    sim.apply(&Act::Order { object: "pen".into() }).unwrap();
    sim.apply(&Act::Deed { action: "Play".into(), object: "pen".into(), desire: Some(Desire::ToPlay) }).unwrap();
    sim.apply(&Act::Miracle { name: "Fireball".into(), on: None }).unwrap();
    sim.step();
    look(&sim);
    sim.apply(&Act::Present(false)).unwrap();
    sim.run(100);
    look(&sim);
    let silent: Vec<&str> = Reads::ALL.iter().zip(&max).filter(|(_, m)| **m <= 0.0).map(|(r, _)| r.name()).collect();
    assert!(silent.is_empty(), "inputs never fed: {silent:?}");
    assert!(max.iter().all(|m| (0.0..=1.0).contains(m)), "{max:?}");
}

#[test]
fn aggression_drives_nothing_unless_the_species_connects_it() {
    let data = Arc::new(Data::builtin().unwrap());
    let mut sim = Sim::newborn(Arc::clone(&data), Species::Tiger, example(&data), 3);
    sim.step();
    assert!(sim.creature().traits.aggression > 0.0);
    assert_eq!(sim.input(Reads::TraitAggression), 0.0);
    assert_eq!(sim.input(Reads::TraitKindness), sim.creature().traits.kindness);
    let mut connected = (*data).clone();
    connected.species[Species::Tiger.index()].aggression_connected = true;
    sim.reload_data(Arc::new(connected));
    sim.step();
    assert_eq!(sim.input(Reads::TraitAggression), sim.creature().traits.aggression);
}

#[test]
fn hot_reload_keeps_the_clock_and_goes_on_with_the_new_data() {
    let data = Arc::new(Data::builtin().unwrap());
    let mut sim = Sim::newborn(Arc::clone(&data), Species::Cow, example(&data), 4);
    sim.set_phase(5);
    sim.run(1000);
    let (time, turns) = (sim.time(), sim.turns());
    assert_eq!(time, 100.0);

    // A world edit: a sheep moved, a rock added, the object of the plan under way gone.
    let mut world = example(&data);
    let plan_object = sim.plan().map(|p| p.object);
    world.objects.retain(|o| Some(&o.id) != plan_object.as_ref() || o.id == "pen");
    if let Some(o) = world.objects.iter_mut().find(|o| o.id == "sheep_1") {
        o.at = (205.0, 152.0);
    }
    let mut rock = world.objects.iter().find(|o| o.id == "rock_1").unwrap().clone();
    rock.id = "new_rock".into();
    world.objects.push(rock);
    let here = sim.position();
    sim.reload_world(world);
    assert_eq!((sim.time(), sim.turns()), (time, turns));
    assert_eq!(sim.position(), here);
    assert!(sim.village().find("new_rock").is_some());
    assert_eq!(object_at(&sim, "sheep_1"), (205.0, 152.0));
    if let (Some(gone), Some(plan)) = (plan_object.filter(|o| o != "pen" && o != "hand"), sim.plan()) {
        assert_ne!(plan.object, gone);
    }
    sim.run(100);
    assert_eq!(sim.turns(), turns + 100);

    // A data edit: a desire turned on at phase 0 becomes active at once.
    let mut edited = (*data).clone();
    edited.desires[Desire::ToSteal.index()].phase = Some(0);
    assert!(!sim.desires()[Desire::ToSteal.index()].active);
    sim.reload_data(Arc::new(edited));
    assert!(sim.desires()[Desire::ToSteal.index()].active);
    assert_eq!(sim.turns(), turns + 100);

    // A creature edit: its mind is replaced, its place and the clock are kept.
    let mut other = Creature::newborn(&data, Species::Cow, 99);
    other.phase = 5;
    other.desire_mut(Desire::Hunger).value = 0.7;
    let here = sim.position();
    sim.reload_creature(other.clone());
    assert_eq!(sim.creature().traits, other.traits);
    assert_eq!(sim.creature().desire(Desire::Hunger).value, 0.7);
    assert_eq!((sim.position(), sim.turns()), (here, turns + 100));
    sim.run(100);
}

#[test]
fn a_creature_built_in_code_with_parts_missing_still_runs() {
    let data = Arc::new(Data::builtin().unwrap());
    let mut c = Creature::newborn(&data, Species::Horse, 5);
    c.desire_mut(Desire::Anger).increase_seconds = 77.0;
    c.desires.truncate(3);
    c.desires.reverse();
    c.trees.clear();
    c.desires[0].thresholds.clear();
    c.phase = 200;
    let mut sim = Sim::new(Arc::clone(&data), c, example(&data), 5);
    sim.run(600);
    let c = sim.creature();
    assert_eq!(c.desires.len(), 40);
    assert_eq!(c.trees.len(), 40);
    assert_eq!(c.phase, 13);
    assert_eq!(c.desire(Desire::Anger).increase_seconds, 77.0, "what it had is kept");
    assert!(c.desires.iter().zip(&data.desires).all(|(s, d)| s.thresholds.len() == d.sources.len()));
}

#[test]
fn a_world_built_in_code_without_checks_never_panics() {
    let data = Arc::new(Data::builtin().unwrap());
    let mut world = example(&data);
    world.size = (f64::NAN, -5.0);
    world.creature.at = (f64::INFINITY, f64::NAN);
    world.objects.retain(|o| o.id != "pen");
    world.objects[0].at = (f64::NAN, 3.0);
    world.senses.view = 0.0;
    world.body.hunger_seconds = 0.0;
    let mut sim = Sim::newborn(Arc::clone(&data), Species::Cow, world, 1);
    sim.set_phase(13);
    sim.run(2000);
    let mut empty = example(&data);
    empty.objects.clear();
    let mut sim = Sim::newborn(Arc::clone(&data), Species::Cow, empty, 1);
    sim.run(2000);
    assert_eq!(sim.turns(), 2000);
}

/// A thing the creature picks up jumps to where the creature stands, on a turn the
/// creature itself stands still. The senses measure it there: a debug build (as `cargo
/// test` runs) checks every kept measurement of the layout against a fresh one each turn.
#[test]
fn a_carried_thing_that_moves_while_the_creature_stands_still_is_sensed_where_it_is() {
    let data = Arc::new(Data::builtin().unwrap());
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/worlds/meadow.ron");
    let world = WorldFile::load(&path, &data).unwrap();
    let mut sim = Sim::newborn(Arc::clone(&data), Species::Cow, world, 545);
    sim.set_phase(2);
    sim.apply(&Act::Plan { desire: Desire::Hunger, action: "Eat".into(), object: "lamb".into(), target: None })
        .unwrap();
    let mut picked_up = None;
    for _ in 0..600 {
        let (before, lamb) = (sim.position(), object_at(&sim, "lamb"));
        sim.step();
        if object_at(&sim, "lamb") == sim.position() && lamb != before {
            picked_up = Some((before, sim.position()));
            break;
        }
    }
    let (before, after) = picked_up.expect("the creature picks the lamb up");
    assert_eq!(before, after, "it stood still on the turn it picked the lamb up");
    sim.run(5);
    assert_eq!(object_at(&sim, "lamb"), sim.position(), "it carries the lamb where it stands");
}
