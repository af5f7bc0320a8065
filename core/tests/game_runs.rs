//! SPEC §17's compare on runs told as states (SPEC §23): a game's run, as the link's
//! `state`s say it turn by turn, beside the recording of the same run differs nowhere,
//! read at every turn or at a few; beside another run it parts where that run does.

#[allow(dead_code)]
mod support;

use std::path::{Path, PathBuf};

use creature_core::link::run_file::State;
use creature_core::recording::state_diff::{SeenRun, diff_states};
use creature_core::recording::{Recorder, Sources};
use creature_core::species::data::Data;
use creature_core::world::link_state;
use creature_core::world::sim::Act;

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example")
}

fn sources() -> Sources {
    let text = |p: &str| std::fs::read_to_string(example().join(p)).unwrap();
    Sources { species: Data::texts(None).unwrap(), creature: text("creatures/daisy.ron"), world: text("world.ron") }
}

/// Daisy recorded for `turns`, touched with `touch` at turn 300, and her states as a game
/// sends them, one a turn, each after the turn's touches.
fn recorded(touch: &Act, turns: u64) -> (Recorder, Vec<State>) {
    let mut r = Recorder::new(support::example_sim("daisy.ron", 4), 4, sources());
    let mut states = Vec::new();
    loop {
        if r.sim().turns() == 300 {
            for act in [Act::Hold, touch.clone(), Act::Release] {
                let _ = r.act(act);
            }
        }
        states.push(serde_json::from_value(link_state::state(r.sim(), 0)).unwrap());
        if r.sim().turns() == turns {
            return (r, states);
        }
        r.step();
    }
}

#[test]
fn a_games_states_beside_the_recording_of_the_same_run_differ_nowhere() {
    let (r, states) = recorded(&Act::Stroke, 900);
    let game = SeenRun::of_states(states);
    assert!(!game.plans.is_empty(), "Daisy plans within 90 s");
    for count in [900, 45] {
        let d = diff_states(&r.seen_run(count).unwrap(), &game);
        assert_eq!(d.first_difference, None, "read at {count} turns: {d:?}");
        assert!(d.desires.is_empty() && d.liking.is_none() && d.position.is_none(), "{d:?}");
        assert_eq!((d.plans.only_a, d.plans.only_b), (0, 0), "read at {count} turns");
    }
}

#[test]
fn a_games_states_beside_another_run_part_where_it_does() {
    let (r, _) = recorded(&Act::Stroke, 900);
    let (_, other) = recorded(&Act::Slap(creature_core::mind::hand::Slap::Hard), 900);
    let d = diff_states(&r.seen_run(900).unwrap(), &SeenRun::of_states(other));
    assert_eq!(d.first_difference, Some(30.0), "a slap where the other run strokes: {d:?}");
    assert!(d.liking.is_some_and(|l| l.at == 30.0), "{d:?}");
    assert!(!d.desires.is_empty(), "{d:?}");
}
