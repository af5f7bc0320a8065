//! A scenario's stilled sources (SPEC §16 `sources`): the example that watches a Cow's
//! Compassion with only its kindness to push it passes as shipped and fails with the
//! other sources left on (the compassion leash it wears pushes too), and such a run is
//! not recorded, since its data is no longer the files'.

use std::path::Path;

use creature_core::scenario::{self, file::load};

fn only_its_trait() -> scenario::Loaded {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example/scenarios");
    load(&dir.join("only_its_trait_pushing_it.scenario.ron")).unwrap()
}

#[test]
fn only_the_trait_pushes_a_desire_whose_other_sources_are_stilled() {
    let loaded = only_its_trait();
    assert!(!loaded.scenario.sources.is_empty());
    let stilled = scenario::run(scenario::prepare(loaded.clone()).unwrap(), None);
    assert!(stilled.passed, "{:?}", stilled.expectations);

    let mut all_on = loaded;
    all_on.scenario.sources.clear();
    let out = scenario::run(scenario::prepare(all_on).unwrap(), None);
    let growth: Vec<bool> = out.expectations.iter().skip(1).map(|m| m.passed).collect();
    assert_eq!(growth, [false, false], "the leash pushes Compassion too: {:?}", out.expectations);
}

#[test]
fn a_scenario_that_stills_sources_is_not_recorded() {
    let loaded = only_its_trait();
    let errors = scenario::run_file_recorded(loaded.clone(), None).map(|_| ()).unwrap_err();
    let line = loaded.text.lines().position(|l| l.trim_start().starts_with("sources:")).unwrap() + 1;
    assert_eq!(errors[0].line, line, "{}", errors[0]);
    assert!(errors[0].message.contains("cannot be recorded"), "{}", errors[0]);
}
