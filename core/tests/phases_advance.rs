//! Development phases advancing by themselves (SPEC §12), on the shipped
//! `species/phases.ron` and the bundled village: a newborn leaves phase 0 after the
//! configured time, to the turn, and a phase that waits for lessons waits for them.

use std::sync::Arc;

use creature_core::species::data::{Data, Species};
use creature_core::world::file::WorldFile;
use creature_core::world::sim::{Act, Event, Sim};

fn data() -> Arc<Data> {
    Arc::new(Data::builtin().expect("the shipped species data loads"))
}

fn cow(data: &Arc<Data>, seed: u64) -> Sim {
    let world = WorldFile::builtin(data).expect("the bundled village loads");
    let mut sim = Sim::newborn(Arc::clone(data), Species::Cow, world, seed);
    sim.record(true);
    sim
}

/// The phase events of the turns since the last call.
fn phases(sim: &mut Sim) -> Vec<(f64, u8, String)> {
    sim.take_events()
        .into_iter()
        .filter_map(|e| match e {
            Event::Phase { t, phase, name } => Some((t, phase, name)),
            _ => None,
        })
        .collect()
}

#[test]
fn the_shipped_phases_say_when_to_advance() {
    let data = data();
    let advance = |p: usize| data.phases[p].advance.clone().expect("the phase advances");
    // Phase 0 waits 120 s and nothing else; phase 2 waits for two lessons only.
    let zero = advance(0);
    assert_eq!((zero.after_seconds, zero.lessons, zero.sightings), (120.0, 0, 0));
    assert!(zero.events.is_empty());
    let two = advance(2);
    assert_eq!((two.after_seconds, two.lessons, two.sightings), (0.0, 2, 0));
    assert!(two.events.is_empty());
    assert_eq!(advance(1).events, vec!["took_food".to_owned(), "ate".to_owned()]);
    assert!(data.phases[13].advance.is_none(), "the last phase has nowhere to go");
    assert!((0..13).all(|p| data.phases[p].advance.is_some()));
}

#[test]
fn a_newborn_reaches_phase_1_after_120_seconds() {
    let data = data();
    let mut sim = cow(&data, 1);
    assert_eq!(sim.creature().phase, 0);
    // 120 s are 1200 turns: the 1199th turn is still phase 0, the 1200th moves on.
    sim.run(1199);
    assert_eq!(sim.creature().phase, 0);
    assert!(phases(&mut sim).is_empty());
    sim.step();
    assert_eq!(sim.turns(), 1200);
    assert_eq!(sim.creature().phase, 1);
    assert_eq!(phases(&mut sim), vec![(120.0, 1, "LearnToTakeFromPlayerAndEat".to_owned())]);
    // The phase's desires are on: ToObeyPlayer is a phase-1 desire.
    let obey = sim.desires().into_iter().find(|d| d.desire == creature_core::names::Desire::ToObeyPlayer);
    assert!(obey.expect("every desire is listed").active);
}

#[test]
fn a_phase_set_by_hand_starts_its_count_afresh() {
    let data = data();
    let mut sim = cow(&data, 1);
    sim.run(1000);
    // Set again to 0 at 100 s: another full 120 s are needed.
    sim.set_phase(0);
    sim.run(1199);
    assert_eq!(sim.creature().phase, 0);
    sim.step();
    assert_eq!(sim.creature().phase, 1);
    assert_eq!(sim.time(), 220.0);
}

/// Holds and releases the creature while it carries out a plan; true when the lesson
/// taught that plan.
fn lesson(sim: &mut Sim) -> bool {
    for _ in 0..600 {
        if sim.plan().is_some() {
            break;
        }
        sim.step();
    }
    assert!(sim.plan().is_some(), "the creature takes up a plan within a minute");
    sim.apply(&Act::Hold).unwrap();
    sim.apply(&Act::Stroke).unwrap();
    let taught = sim.apply(&Act::Release).unwrap().expect("a release gives a lesson").taught.is_some();
    sim.run(30);
    taught
}

#[test]
fn phase_2_waits_for_two_lessons() {
    let data = data();
    let mut sim = cow(&data, 1);
    sim.set_phase(2);
    // Ten minutes without a lesson: it stays.
    sim.run(6000);
    assert_eq!(sim.creature().phase, 2);
    assert!(phases(&mut sim).is_empty());
    // Each stroked release while a plan is under way teaches that plan.
    assert!(lesson(&mut sim), "the first lesson teaches the plan under way");
    assert_eq!(sim.creature().phase, 2, "one lesson is not enough");
    assert!(lesson(&mut sim), "the second lesson teaches the plan under way");
    let reached = phases(&mut sim);
    assert_eq!(sim.creature().phase, 3, "two lessons move it on");
    assert_eq!(reached.len(), 1);
    assert_eq!((reached[0].1, reached[0].2.as_str()), (3, "LeashPullAndPickup"));
}

/// The shipped species folder copied to a fresh directory, with `phases.ron` edited.
fn species_with_phases(name: &str, edit: impl Fn(&str) -> String) -> std::path::PathBuf {
    let species = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../species");
    let dir = std::env::temp_dir().join(format!("phases_advance_{name}_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(&species).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ron") {
            std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
        }
    }
    let phases = std::fs::read_to_string(species.join("phases.ron")).unwrap();
    std::fs::write(dir.join("phases.ron"), edit(&phases)).unwrap();
    dir
}

#[test]
fn bad_advance_conditions_are_refused_where_they_are() {
    let dir = species_with_phases("bad", |text| {
        text.replacen("after_seconds: 120.0", "after_seconds: -1.0", 1).replacen("[\"took_food\"", "[\"tookfood\"", 1)
    });
    let errors = Data::load_dir(&dir).expect_err("a negative time and an unknown event are refused");
    let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert!(messages.iter().any(|m| m.contains("Initial: after_seconds is -1")), "{messages:?}");
    assert!(
        messages.iter().any(|m| m.contains("unknown phase event `tookfood`; did you mean `took_food`?")),
        "{messages:?}"
    );
    let unknown_field = species_with_phases("field", |text| text.replacen("after_seconds: 120.0", "after: 120.0", 1));
    assert!(Data::load_dir(&unknown_field).is_err(), "an unknown field in `advance` is refused");
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&unknown_field).ok();
}
