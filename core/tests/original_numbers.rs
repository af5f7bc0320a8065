//! The original game's numbers that public notes on its data files give (SPEC §2, §3,
//! §10), each held by the shipped data: the desires' caps, the body's thirst, the
//! miracles' sightings, the gap between sightings, the six skills and Fear's sources.

use std::path::Path;
use std::sync::Arc;

use creature_core::mind::leash::Leash;
use creature_core::mind::observation::{WatchRules, Watching};
use creature_core::names::Desire;
use creature_core::reads::Reads;
use creature_core::species::data::{Ability, DESIRE_MAX_CAP, Data, Species};
use creature_core::world::file::{Job, WorldFile};
use creature_core::world::sim::{Act, Sim};

fn data() -> Arc<Data> {
    Arc::new(Data::builtin().expect("the shipped species data loads"))
}

fn example(data: &Data) -> WorldFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example/world.ron");
    WorldFile::load(&path, data).expect("the example world loads")
}

/// The watch rules the example world runs with.
fn watch() -> WatchRules {
    example(&data()).watch
}

#[test]
fn the_desires_caps_are_the_originals() {
    let data = data();
    for (d, cap) in
        [(Desire::Hunger, 2.0), (Desire::Tiredness, 2.0), (Desire::ToRestoreHealth, 3.0), (Desire::Fear, 0.92)]
    {
        assert_eq!(data.desire(d).max, cap, "{d}");
    }
    let capped = [Desire::Hunger, Desire::Tiredness, Desire::ToRestoreHealth, Desire::Fear];
    for d in Desire::ALL.iter().filter(|d| !capped.contains(d)) {
        assert_eq!(data.desire(*d).max, 1.0, "{d}");
    }
}

/// The species folder's texts with desires.ron's Hunger cap written as `cap`.
fn with_hunger_cap(cap: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../species");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
        .collect();
    let desires = files.iter_mut().find(|(n, _)| n == "desires.ron").unwrap();
    desires.1 = desires.1.replacen(
        "name: \"Hunger\",\n            max: 2.0,",
        &format!("name: \"Hunger\",\n            max: {cap},"),
        1,
    );
    assert!(desires.1.contains(&format!("max: {cap},")), "the edit took");
    files
}

#[test]
fn a_cap_up_to_three_is_taken_and_none_or_more_refused() {
    assert_eq!(DESIRE_MAX_CAP, 3.0);
    let taken = Data::from_files(&with_hunger_cap("3.0"), "species").expect("a cap of 3 is the SPEC's bound");
    assert_eq!(taken.desire(Desire::Hunger).max, 3.0);
    for cap in ["0.0", "-1.0", "3.5"] {
        let errors = Data::from_files(&with_hunger_cap(cap), "species").expect_err(cap);
        let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert!(text.iter().any(|m| m.contains("Hunger: max")), "{cap}: {text:?}");
    }
}

#[test]
fn a_desire_set_past_its_cap_holds_the_cap() {
    let data = data();
    let mut sim = Sim::newborn(Arc::clone(&data), Species::Cow, example(&data), 1);
    sim.set_phase(2);
    for d in [Desire::Hunger, Desire::ToRestoreHealth, Desire::Fear] {
        sim.apply(&Act::Desire { name: d, value: 10.0 }).unwrap();
    }
    sim.step();
    let value = |d: Desire| sim.creature().desires[d.index()].value;
    assert!(value(Desire::Hunger) > 1.99 && value(Desire::Hunger) <= 2.0, "{}", value(Desire::Hunger));
    assert!(value(Desire::ToRestoreHealth) > 2.99, "{}", value(Desire::ToRestoreHealth));
    assert!(value(Desire::Fear) <= 0.92, "{}", value(Desire::Fear));
}

#[test]
fn thirst_fills_in_5000_seconds_from_phase_three_in_every_species() {
    let data = data();
    let world = example(&data);
    assert_eq!(world.body.thirst_seconds, 5000.0);
    let first = data.phases.iter().position(|p| p.abilities.contains(&Ability::Thirsts));
    assert_eq!(first, Some(3), "thirst builds from phase 3");
    for &species in Species::ALL {
        for (phase, per_turn) in [(2, 0.0), (3, 0.1 / 5000.0)] {
            let mut sim = Sim::newborn(Arc::clone(&data), species, world.clone(), 1);
            sim.set_phase(phase);
            let before = sim.creature().body.thirst;
            sim.step();
            let grown = sim.creature().body.thirst - before;
            assert!((grown - per_turn).abs() < 1e-12, "{species} at phase {phase}: {grown}");
        }
    }
}

#[test]
fn the_miracles_bases_are_the_originals_and_tornado_is_one() {
    let w = watch();
    for (m, base) in [
        ("Water", 9),
        ("Food", 12),
        ("Heal", 15),
        ("Wood", 15),
        ("Fireball", 18),
        ("Lightning", 21),
        ("Shield", 21),
        ("Tornado", 39),
    ] {
        assert_eq!(w.sightings_needed(m, 1.0), Ok(base), "{m}");
    }
}

#[test]
fn a_sighting_counts_only_after_more_than_fifty_turns() {
    let w = watch();
    assert_eq!(w.sighting_gap_turns, 50);
    let mut seen = Watching::default();
    let mut age = 10.0;
    let mut counted = vec![];
    // Ages as the simulation makes them: sums of 0.1 s turns.
    for turn in 0..=120 {
        if [0, 1, 30, 50, 51, 101, 102].contains(&turn) {
            counted.push((turn, seen.see_miracle(&w, "Water", 1.0, Leash::None, true, age).unwrap()));
        }
        age += 0.1;
    }
    assert_eq!(counted, vec![(0, 1), (1, 0), (30, 0), (50, 0), (51, 1), (101, 0), (102, 1)]);
    assert_eq!(seen.miracles["Water"].sightings, 3);
    // Each miracle keeps its own gap.
    assert_eq!(seen.see_miracle(&w, "Heal", 1.0, Leash::None, true, age).unwrap(), 1);
}

#[test]
fn six_skills_are_learnt_by_watching_villagers() {
    let w = watch();
    let mut skills: Vec<&str> = w.skill_seconds.keys().map(String::as_str).collect();
    skills.sort_unstable();
    assert_eq!(skills, ["build", "dance", "farm", "fish", "storehouse", "totem"]);
    assert_eq!(w.skill_seconds["totem"], 7.0);
    assert_eq!(w.skill_seconds["storehouse"], 7.0);
    assert_eq!(Job::Storekeeper.skill(), Some("storehouse"));
    assert_eq!(Job::TotemKeeper.skill(), Some("totem"));
}

#[test]
fn fear_reads_darkness_hurt_and_frightening_magic() {
    let data = data();
    let reads: Vec<Reads> = data.desire(Desire::Fear).sources.iter().map(|s| s.reads).collect();
    assert_eq!(reads, [Reads::WorldNight, Reads::BodyInjury, Reads::EventFrighteningMagic]);
    let w = watch();
    assert!(w.frightens("Fireball") && w.frightens("Lightning") && !w.frightens("Heal"));
}

#[test]
fn a_fireball_beside_the_creature_raises_fear_and_a_heal_does_not() {
    let data = data();
    let run = |miracle: &str| {
        let mut sim = Sim::newborn(Arc::clone(&data), Species::Cow, example(&data), 1);
        sim.set_phase(2);
        sim.run(10);
        sim.apply(&Act::Miracle { name: miracle.into(), on: None }).unwrap();
        sim.run(100);
        (sim.input(Reads::EventFrighteningMagic), sim.creature().desires[Desire::Fear.index()].value)
    };
    let (heard, fear) = run("Fireball");
    assert!(heard > 0.5 && fear > 0.3, "{heard} {fear}");
    assert_eq!(run("Heal"), (0.0, 0.0));
}
