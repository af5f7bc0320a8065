//! Whatever the player does, and in whatever order, the simulation never panics and
//! its numbers stay in range (SPEC §2: values in [0, max]; inputs in [0, 1]).

use std::path::Path;
use std::sync::Arc;

use creature_core::mind::hand::Slap;
use creature_core::mind::leash::Leash;
use creature_core::names::Desire;
use creature_core::reads::Reads;
use creature_core::species::data::{Data, Species};
use creature_core::world::file::WorldFile;
use creature_core::world::sim::{Act, Sim};
use proptest::prelude::*;

const OBJECTS: [&str; 6] = ["lamb", "ann", "rock", "pen", "wolf", "nobody"];

fn event() -> impl Strategy<Value = Act> {
    let object = (0..OBJECTS.len()).prop_map(|i| OBJECTS[i].to_owned());
    prop_oneof![
        Just(Act::Hold),
        Just(Act::Stroke),
        Just(Act::Slap(Slap::Gentle)),
        Just(Act::Slap(Slap::Hard)),
        Just(Act::Release),
        (-50.0..250.0f64, -50.0..250.0f64).prop_map(|(x, y)| Act::Hand { x, y }),
        any::<bool>().prop_map(Act::Present),
        object.clone().prop_map(|object| Act::Give { object }),
        object.clone().prop_map(|object| Act::Order { object }),
        object.clone().prop_map(|on| Act::Miracle { name: "Heal".into(), on: Some(on) }),
        (0..Desire::COUNT, object).prop_map(|(d, o)| Act::Deed {
            action: "Throw".into(),
            object: o,
            desire: Some(Desire::ALL[d])
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn any_hand_never_breaks_the_creature(
        seed in 0u64..1000,
        phase in 0u8..14,
        leash in 0usize..4,
        script in proptest::collection::vec((0u64..300, event()), 1..30),
    ) {
        let data = Arc::new(Data::builtin().unwrap());
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/worlds/meadow.ron");
        let world = WorldFile::load(&path, &data).unwrap();
        let mut sim = Sim::newborn(Arc::clone(&data), Species::ALL[(seed % 17) as usize], world, seed);
        sim.set_phase(phase);
        sim.apply(&Act::Leash([Leash::None, Leash::Compassion, Leash::Learning, Leash::Aggression][leash])).unwrap();
        sim.record(true);
        for (turns, e) in script {
            sim.run(turns);
            let unknown = match &e {
                Act::Give { object: o } | Act::Order { object: o } | Act::Miracle { on: Some(o), .. } | Act::Deed { object: o, .. } => o == "nobody",
                _ => false,
            };
            // Only an event naming something that is not in the village is refused.
            prop_assert_eq!(sim.apply(&e).is_err(), unknown);
            for d in sim.desires() {
                prop_assert!(d.value >= 0.0 && d.value <= d.max, "{:?}", d);
            }
            for r in Reads::ALL {
                let x = sim.input(*r);
                prop_assert!((0.0..=1.0).contains(&x), "{} = {x}", r.name());
            }
            prop_assert!((-1.0..=1.0).contains(&sim.creature().liking));
        }
    }
}
