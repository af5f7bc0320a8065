//! A kind of object of the designer's own is data and no code (`species/kinds.ron`):
//! the shipped species tables with one kind added, and a shipped world with one of its
//! objects, make a thing the creature judges by its answers, can eat when it affords
//! eating, and can be commanded to eat; mistakes in either file are placed.

use std::path::Path;
use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::names::Desire;
use creature_core::species::data::{Data, Species};
use creature_core::species::kinds::KINDS_FILE;
use creature_core::species::rules::Kind;
use creature_core::world::affordances;
use creature_core::world::file::WorldFile;
use creature_core::world::sim::{Act, Event, Sim};

const MUSHROOM: &str = r#"(kinds: [
    (name: "mushroom", answers: {"size": "small", "edible": "yes"}, affords: ["Eat", "Play"]),
])"#;

/// The shipped species folder's texts with `kinds` as its kinds table.
fn species_with(kinds: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../species");
    let mut files = Data::texts(Some(&dir)).expect("the shipped species folder");
    files.retain(|(name, _)| name != KINDS_FILE);
    files.push((KINDS_FILE.to_owned(), kinds.to_owned()));
    files
}

/// The tests' meadow with the lamb beside the creature turned into `kind`.
fn meadow_with(kind: &str) -> String {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/worlds/meadow.ron"))
        .expect("the meadow");
    let lamb = r#"(id: "lamb", at: (104.0, 100.0), kind: Sheep),"#;
    assert!(text.contains(lamb), "the meadow has its lamb");
    text.replace(lamb, &format!(r#"(id: "cep", at: (104.0, 100.0), kind: {kind}),"#))
}

#[test]
fn a_kind_of_ones_own_is_judged_by_its_answers_and_eaten_where_it_affords_eating() {
    let data = Arc::new(Data::from_files(&species_with(MUSHROOM), "species").expect("the tables load"));
    let world = WorldFile::parse("meadow.ron", &meadow_with(r#"Custom("mushroom")"#), &data).expect("the world loads");
    let mut c = Creature::newborn(&data, Species::Cow, 1);
    c.phase = 5;
    c.body.energy = 0.1;
    let mut sim = Sim::new(Arc::clone(&data), c, world, 1);
    sim.record(true);

    let cep = sim.village().find("cep").expect("the mushroom is in the village");
    let answers = &sim.village().objects[cep].answers;
    assert_eq!(answers.get("kind").map(String::as_str), Some("mushroom"), "its kind answer is its name");
    assert_eq!(answers.get("edible").map(String::as_str), Some("yes"), "its kind's answers are its own");
    assert_eq!(answers.get("alive").map(String::as_str), Some("no"), "a kind of one's own is lifeless");
    assert_eq!(sim.kind_name(sim.village().objects[cep].kind), "mushroom");

    let eat_kinds = affordances::affords(&sim_world(&data), &data.kinds);
    assert!(eat_kinds["Eat"].contains(Kind::Custom(0)) && eat_kinds["Play"].contains(Kind::Custom(0)));
    assert!(!eat_kinds["Drink"].contains(Kind::Custom(0)), "only what its kind affords");

    let eat = Act::Plan { desire: Desire::Hunger, action: "Eat".to_owned(), object: "cep".to_owned(), target: None };
    sim.apply(&eat).expect("the creature can be told to eat it");
    let mut meal = None;
    for _ in 0..600 {
        sim.step();
        meal = sim.take_events().into_iter().find_map(|e| match e {
            Event::Done { action, object, kind, .. } if action == "Eat" => Some((object, kind)),
            _ => None,
        });
        if meal.is_some() {
            break;
        }
    }
    assert_eq!(meal, Some(("cep".to_owned(), "mushroom".to_owned())), "it eats the mushroom within a minute");
}

fn sim_world(data: &Data) -> WorldFile {
    WorldFile::parse("meadow.ron", &meadow_with(r#"Custom("mushroom")"#), data).expect("the world loads")
}

/// Left to itself, a hungry creature eats the thing of its own kind beside it, as it
/// ate the lamb that stood there, when the kind affords eating and the template's
/// Hunger examples call it food as they call a sheep, and never when it does not
/// afford eating.
#[test]
fn a_hungry_creature_chooses_the_thing_of_its_own_kind_only_when_it_affords_eating() {
    let sheep = r#"(answers: {"kind": "sheep", "alive": "yes", "size": "small"}, feedback: 0.2),"#;
    let mushroom = r#"(answers: {"kind": "mushroom", "alive": "no", "size": "small"}, feedback: 0.2),"#;
    for (affords, eats) in [(r#"["Eat"]"#, true), (r#"["Play"]"#, false)] {
        let table = format!(r#"(kinds: [(name: "mushroom", answers: {{"size": "small"}}, affords: {affords})])"#);
        let mut files = species_with(&table);
        let template = files.iter_mut().find(|(n, _)| n == "template.ron").expect("the template");
        assert!(template.1.contains(sheep), "the template calls a sheep food");
        template.1 = template.1.replacen(sheep, &format!("{sheep}\n{mushroom}"), 1);
        let data = Arc::new(Data::from_files(&files, "species").expect("the tables load"));
        let mut c = Creature::newborn(&data, Species::Cow, 1);
        c.phase = 5;
        c.body.energy = 0.1;
        let mut sim = Sim::new(Arc::clone(&data), c, sim_world(&data), 1);
        sim.record(true);
        let mut first = None;
        for _ in 0..600 {
            sim.step();
            first = first.or(sim.take_events().into_iter().find_map(|e| match e {
                Event::Done { action, object, .. } if action == "Eat" => Some(object),
                _ => None,
            }));
        }
        let first = first.expect("a hungry creature eats within a minute");
        assert_eq!(first == "cep", eats, "affording {affords}, it first ate {first}");
    }
}

#[test]
fn the_same_world_without_the_kind_in_the_table_is_refused_at_the_name() {
    let data = Data::from_files(&species_with("(kinds: [])"), "species").expect("the tables load");
    let text = meadow_with(r#"Custom("mushroom")"#);
    let errors = WorldFile::parse("meadow.ron", &text, &data).expect_err("an unknown kind of one's own");
    let line = text.lines().position(|l| l.contains(r#"Custom("mushroom")"#)).expect("the line") + 1;
    assert!(
        errors.iter().any(|e| e.line == line && e.message.contains("mushroom") && e.message.contains("kinds.ron")),
        "{errors:?}"
    );
}

#[test]
fn a_kinds_table_is_checked_against_the_actions_and_attributes_and_the_named_kinds() {
    let cases = [
        (r#"(kinds: [(name: "mushroom", affords: ["Eatt"])])"#, "Eatt", "did you mean"),
        (r#"(kinds: [(name: "mushroom", answers: {"colour": "red"})])"#, "colour", "attribute"),
        (r#"(kinds: [(name: "sheep")])"#, "sheep", "rules know already"),
        (r#"(kinds: [(name: "cep"), (name: "cep")])"#, "cep", "twice"),
    ];
    for (table, at, says) in cases {
        let errors = Data::from_files(&species_with(table), "species").expect_err(table);
        let e = errors.iter().find(|e| e.file.ends_with(KINDS_FILE)).unwrap_or_else(|| panic!("{table}: {errors:?}"));
        let col = table.find(&format!("\"{at}\"")).expect("the needle") + 1;
        assert_eq!((e.line, e.col), (1, col), "{table}: placed at `{at}`: {e:?}");
        assert!(e.message.contains(says), "{table}: {e:?}");
    }
    let many: Vec<String> = (0..15).map(|i| format!(r#"(name: "thing_{i}")"#)).collect();
    let table = format!("(kinds: [{}])", many.join(", "));
    let errors = Data::from_files(&species_with(&table), "species").expect_err("fifteen kinds");
    assert!(errors.iter().any(|e| e.message.contains("at most 14")), "{errors:?}");
}

#[test]
fn a_species_folder_without_a_kinds_table_has_none() {
    let mut files = species_with("");
    files.retain(|(name, _)| name != KINDS_FILE);
    let data = Data::from_files(&files, "species").expect("a folder of the tables before kinds.ron loads");
    assert!(data.kinds.is_empty());
    assert_eq!(data, Data::builtin().expect("built in"), "the shipped table holds no kind");
}
