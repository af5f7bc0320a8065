//! SPEC §17 snapshots: the recorder writes each snapshot copying what has not changed
//! since the one before (the world file, the creature's trees, the objects' answers).
//! Every snapshot is still the state's own bytes, written afresh: through lessons,
//! moves of the hand, a plan commanded, a world reloaded with an object fewer, the
//! creature reloaded and a fork.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::mind::hand::Slap;
use creature_core::recording::snapshot::{to_bytes, unpack};
use creature_core::recording::{Future, Recorder, SNAPSHOT_TURNS, Sources, run_scenario_recorded};
use creature_core::scenario;
use creature_core::species::data::Data;
use creature_core::world::file::WorldFile;
use creature_core::world::sim::{Act, Sim};

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example")
}

fn text(p: &str) -> String {
    std::fs::read_to_string(example().join(p)).unwrap()
}

fn daisy() -> Recorder {
    let data = Arc::new(Data::from_files(&Data::texts(None).unwrap(), "species").unwrap());
    let world = WorldFile::load(&example().join("world.ron"), &data).unwrap();
    let creature = Creature::load(&example().join("creatures/daisy.ron"), &data).unwrap();
    let sources = Sources {
        species: Data::texts(None).unwrap(),
        creature: text("creatures/daisy.ron"),
        world: text("world.ron"),
    };
    Recorder::new(Sim::new(data, creature, world, 11), 11, sources)
}

/// The player's touches by turn: lessons, the hand moved every few turns while it is
/// out, a plan commanded.
fn touch_at(t: u64) -> Option<Act> {
    match t % 500 {
        0 if t > 0 => Some(Act::Hold),
        3 => Some(if t % 1000 == 3 { Act::Stroke } else { Act::Slap(Slap::Hard) }),
        6 => Some(Act::Release),
        100..=160 if t.is_multiple_of(7) => Some(Act::Hand { x: 5.0 + (t % 40) as f64, y: 12.0 }),
        250 => Some(Act::Plan {
            desire: creature_core::names::Desire::Hunger,
            action: "Eat".into(),
            object: "sheep_1".into(),
            target: None,
        }),
        _ => None,
    }
}

/// Runs `r` to turn `end` with the touches; before each turn that takes a snapshot,
/// writes the state afresh, and after it checks the snapshot is those bytes.
fn run_checking(r: &mut Recorder, end: u64) -> usize {
    let mut checked = 0;
    while r.sim().turns() < end {
        if let Some(a) = touch_at(r.sim().turns()) {
            let _ = r.act(a);
        }
        let due = r.sim().turns().is_multiple_of(SNAPSHOT_TURNS);
        let plain = due.then(|| to_bytes(r.sim()));
        let before = r.recording().snapshots.len();
        r.step();
        if let Some(plain) = plain
            && r.recording().snapshots.len() > before
        {
            let at = r.recording().snapshots.len() - 1;
            assert_eq!(
                unpack(&r.recording().snapshots, at).unwrap(),
                plain,
                "snapshot at turn {}",
                r.sim().turns() - 1
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_snapshot_is_the_states_own_bytes() {
    let mut r = daisy();
    let mut checked = run_checking(&mut r, 1500);
    // The world again without its first sheep: the objects move up a place.
    let world = text("world.ron");
    let sheep = world.lines().find(|l| l.contains("\"sheep_1\"")).unwrap();
    r.reload_world(world.replace(sheep, "")).unwrap();
    checked += run_checking(&mut r, 3000);
    // The creature again as saved, its lessons of the run forgotten.
    r.reload_creature(text("creatures/daisy.ron")).unwrap();
    checked += run_checking(&mut r, 3200);
    let mut fork = r.fork(2222, Future::Drop).unwrap();
    checked += run_checking(&mut fork, 3500);
    assert!(checked >= 30, "{checked} snapshots checked");
}

/// An hour of teaching, whose lessons change the trees: the whole run played again
/// from its first snapshot, with nothing copied, writes every later snapshot's bytes.
#[test]
fn an_hour_of_teachings_snapshots_are_its_states_own_bytes() {
    let file = example().join("scenarios/an_hour_of_teaching.scenario.ron");
    let (out, rec) =
        run_scenario_recorded(scenario::prepare(scenario::file::load(&file).unwrap()).unwrap(), None).unwrap();
    assert!(out.passed);
    let mut r = Recorder::open(rec.clone()).unwrap();
    let (first, last) = (r.seek(0).unwrap(), r.seek(rec.turns).unwrap());
    assert_ne!(first.creature().trees, last.creature().trees, "the lessons changed trees");
    let mut at = 0;
    r.play_over(0, rec.turns, |sim, _| {
        if let Some(s) = rec.snapshots.get(at).filter(|s| s.turn == sim.turns()) {
            assert_eq!(unpack(&rec.snapshots, at).unwrap(), to_bytes(sim), "snapshot {at} at turn {}", s.turn);
            at += 1;
        }
    })
    .unwrap();
    assert_eq!(at, rec.snapshots.len(), "every snapshot checked");
}
