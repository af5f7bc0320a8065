//! A deed's motive (SPEC §16 `Deed(action, object, desire?)`): the player's throw for
//! play is copied as a throw for play; the same deed written without its desire carries
//! the first desire whose plans throw, Anger.

use std::path::Path;

use creature_core::scenario::file::load;
use creature_core::scenario::{Act, prepare, run};
use creature_core::world::sim::Event;

fn copied_desires(strip: bool) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example/scenarios");
    let mut loaded = load(&dir.join("copying_a_throw_for_play.scenario.ron")).unwrap();
    for input in &mut loaded.scenario.inputs {
        if let (Act::Deed { desire, .. }, true) = (&mut input.act, strip) {
            *desire = None;
        }
    }
    let out = run(prepare(loaded).unwrap(), None);
    out.events
        .iter()
        .filter_map(|e| match e {
            Event::Copied { desire, .. } => Some(desire.to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_copied_deed_carries_the_motive_the_player_gave_it() {
    let with = copied_desires(false);
    assert!(!with.is_empty() && with.iter().all(|d| d == "ToPlay"), "{with:?}");
    let without = copied_desires(true);
    assert!(!without.is_empty() && without.iter().all(|d| d == "Anger"), "{without:?}");
}
