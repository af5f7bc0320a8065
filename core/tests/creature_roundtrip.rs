//! A creature save loads back exactly as it was saved (SPEC §14), whatever it holds.

use std::collections::BTreeMap;

use creature_core::creature::Creature;
use creature_core::file_writer::Policy;
use creature_core::mind::tree::Example;
use creature_core::species::data::{Data, Species, TreeKind};
use proptest::prelude::*;

fn data() -> &'static Data {
    static DATA: std::sync::OnceLock<Data> = std::sync::OnceLock::new();
    DATA.get_or_init(|| Data::builtin().expect("built-in data"))
}

fn example() -> impl Strategy<Value = Example> {
    let answer =
        prop::sample::select(vec!["yes", "no", "villager", "sheep", "mine", "other", "unknown", "a \"quoted\" thing"]);
    let attribute = prop::sample::select(data().attributes.clone());
    (prop::collection::btree_map(attribute, answer.prop_map(str::to_owned), 0..5), -1.0f64..=1.0)
        .prop_map(|(answers, feedback)| Example { answers, feedback })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn save_and_load_round_trip_exactly(
        species in 0usize..17,
        seed in any::<u64>(),
        phase in 0u8..14,
        liking in -1.0f64..=1.0,
        values in prop::collection::vec(0.0f64..=1.0, 40),
        opinions in prop::collection::vec(-1.0f64..=1.0, 5),
        lessons in prop::collection::vec((0usize..40, any::<bool>(), example()), 0..40),
        age in 0.0f64..1e7,
    ) {
        let data = data();
        let mut c = Creature::newborn(data, Species::ALL[species], seed);
        c.phase = phase;
        c.liking = liking;
        c.age_seconds = age;
        for (d, v) in c.desires.iter_mut().zip(&values) {
            d.value = v * d.max;
        }
        let names: Vec<String> = c.opinions.keys().take(5).cloned().collect();
        let changed: BTreeMap<_, _> = names.into_iter().zip(opinions).collect();
        c.opinions.extend(changed);
        for (d, acton, e) in lessons {
            let kind = if acton { TreeKind::ActOn } else { TreeKind::Activity };
            c.tree_mut(creature_core::species::data::Desire::ALL[d], kind).teach(e);
        }
        let text = c.to_ron();
        let back = Creature::parse("roundtrip.ron", &text, data).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        prop_assert_eq!(&back, &c);
        prop_assert_eq!(back.to_ron(), text);
    }
}

#[test]
fn a_save_written_to_disk_loads_back_and_leaves_no_temporary() {
    let dir = std::env::temp_dir().join(format!("cs-creature-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("daisy.ron");
    let c = Creature::newborn(data(), Species::Cow, 7);
    c.save(&path, &Policy::replacing()).unwrap();
    assert_eq!(Creature::load(&path, data()).unwrap(), c);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}
