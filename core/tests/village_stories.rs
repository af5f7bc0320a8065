//! The seed's lesson stories in the living village (SPEC §8, §9): a Cow in the bundled
//! example world, with the shipped species data, is made to act, then slapped or
//! stroked; afterwards the trees must have learnt the question the seed tells of, as
//! the simulation's own usefulness shows.

use std::path::Path;
use std::sync::Arc;

use creature_core::creature::lesson::{Lesson, Reaction};
use creature_core::mind::hand::Slap;
use creature_core::names::Desire;
use creature_core::species::data::{Data, Species, TreeKind};
use creature_core::species::rules::Kind;
use creature_core::world::file::WorldFile;
use creature_core::world::sim::{Act, Event, Sim};

/// At most this many turns (ten minutes) for a commanded plan to reach its act.
const PATIENCE: u64 = 6_000;

/// A newborn Cow of seed 1 in the example village, at phase 6 (it learns from the hand
/// and may leave its pen), recording events.
fn cow() -> Sim {
    let data = Arc::new(Data::builtin().expect("built-in data"));
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example/world.ron");
    let world = WorldFile::load(&path, &data).expect("the example world loads");
    let mut sim = Sim::newborn(data, Species::Cow, world, 1);
    sim.set_phase(6);
    sim.record(true);
    sim
}

/// Fills `desire` to its maximum and calms every other desire, as a designer's nudge
/// would: a newborn feels little, a slap leaves the taught desire at 0 (SPEC §7), and a
/// freshly slapped action is no longer urgent enough to keep the creature at it.
fn focus(sim: &mut Sim, desire: Desire) {
    let mut creature = sim.creature().clone();
    for state in &mut creature.desires {
        state.value = if state.name == desire { state.max } else { 0.0 };
    }
    sim.reload_creature(creature);
}

/// Commands the plan and runs turns, the creature focused on `desire`, until its act is
/// done (the plan is still under way, waiting after the act).
fn act(sim: &mut Sim, desire: Desire, action: &str, object: &str, target: Option<&str>) {
    focus(sim, desire);
    sim.apply(&Act::Plan { desire, action: action.into(), object: object.into(), target: target.map(Into::into) })
        .unwrap();
    sim.take_events();
    for _ in 0..PATIENCE {
        focus(sim, desire);
        sim.step();
        let events = sim.take_events();
        let replaced = events.iter().any(|e| matches!(e, Event::Plan { .. }));
        assert!(!replaced, "the commanded plan {desire} {action} {object} was replaced: {events:?}");
        let done = events.iter().any(|e| {
            matches!(e, Event::Done { desire: d, action: a, object: o, .. }
                if *d == desire && a == action && o == object)
        });
        if done {
            return;
        }
    }
    panic!("{desire} {action} {object} was not done within {PATIENCE} turns");
}

/// Holds the creature, touches it once and lets go; the lesson must go to `object`.
fn teach(sim: &mut Sim, touch: &Act, object: &str) -> Lesson {
    sim.apply(&Act::Hold).unwrap();
    sim.apply(touch).unwrap();
    let lesson = sim.apply(&Act::Release).unwrap().expect("a release reports its lesson");
    let taught = lesson.taught.as_ref().expect("the lesson taught a plan");
    assert_eq!(taught.object, object, "the lesson went to the plan just done");
    lesson
}

fn score(sim: &Sim, desire: Desire, tree: TreeKind, object: &str) -> f64 {
    sim.usefulness(desire, tree, object).unwrap()
}

/// The ids of the objects of `kind` that are there now.
fn present(sim: &Sim, kind: Kind) -> Vec<String> {
    sim.village().objects.iter().filter(|o| o.kind == kind && o.present).map(|o| o.id.clone()).collect()
}

/// Every Hunger ActOn score, for the failure messages.
fn hunger_scores(sim: &Sim) -> String {
    let mut out = String::new();
    for o in &sim.village().objects {
        if matches!(o.kind, Kind::Villager | Kind::Sheep | Kind::Wolf | Kind::StoragePit) {
            out += &format!("{}={:.4} ", o.id, score(sim, Desire::Hunger, TreeKind::ActOn, &o.id));
        }
    }
    out
}

#[test]
fn slapped_for_eating_a_villager_and_stroked_for_a_sheep_it_learns_villagers_are_not_food() {
    let mut sim = cow();
    act(&mut sim, Desire::Hunger, "Eat", "aled", None);
    let slap = teach(&mut sim, &Act::Slap(Slap::Hard), "aled");
    assert_eq!(slap.reaction, Reaction::DropPlan { desire: Desire::Hunger });
    // The lesson records Aled as he was when eaten, not as the meal left him.
    assert!(!sim.village().objects[sim.village().find("aled").unwrap()].alive);
    let taught = sim.creature().tree(Desire::Hunger, TreeKind::ActOn).examples.last().unwrap().clone();
    assert_eq!((taught.answer("kind"), taught.answer("alive"), taught.feedback), ("villager", "yes", -0.5));
    act(&mut sim, Desire::Hunger, "Eat", "sheep_1", None);
    teach(&mut sim, &Act::Stroke, "sheep_1");
    let all = hunger_scores(&sim);

    let villagers = present(&sim, Kind::Villager);
    assert!(villagers.iter().any(|v| v == "astrid") && villagers.iter().any(|v| v == "bryn"));
    for v in &villagers {
        let s = score(&sim, Desire::Hunger, TreeKind::ActOn, v);
        assert!(s < 0.1, "villager {v} of either town is no food: {s:.4}\n{all}");
    }
    let sheep = present(&sim, Kind::Sheep);
    assert!(!sheep.is_empty());
    for s in &sheep {
        let x = score(&sim, Desire::Hunger, TreeKind::ActOn, s);
        assert!(x >= 0.105, "sheep {s} is good food: {x:.4}\n{all}");
    }
    for pit in ["home_pit", "rival_pit", "trough"] {
        let x = score(&sim, Desire::Hunger, TreeKind::ActOn, pit);
        assert!(x >= 0.1, "the stocked pit {pit} is not harmed: {x:.4}\n{all}");
    }
    // The question that judges a villager of the other town is "what kind is it?".
    let astrid = &sim.village().objects[sim.village().find("astrid").unwrap()].answers;
    let why = sim.creature().tree(Desire::Hunger, TreeKind::ActOn).tree(&sim.data().attributes).explain(astrid);
    let first = &why.steps[0];
    assert_eq!((first.question.as_str(), first.answer.as_str(), first.followed), ("kind", "villager", true));
}

#[test]
fn a_newborn_in_the_village_finds_food_mildly_good_and_rocks_and_trees_bad() {
    let sim = cow();
    for food in ["aled", "astrid", "sheep_1", "wolf_1", "home_pit", "rival_pit", "trough"] {
        let x = score(&sim, Desire::Hunger, TreeKind::ActOn, food);
        assert!((x - 0.105).abs() < 1e-9, "{food}: {x:.4}");
    }
    for thing in ["rock_1", "boulder", "oak_1", "willow"] {
        let x = score(&sim, Desire::Hunger, TreeKind::ActOn, thing);
        assert!(x < 0.05, "{thing}: {x:.4}");
    }
}

#[test]
fn slapped_for_stoning_its_own_town_and_stroked_for_the_rival_it_learns_whose_town_to_hate() {
    let mut sim = cow();
    act(&mut sim, Desire::Anger, "Throw", "rock_1", Some("home_town"));
    teach(&mut sim, &Act::Slap(Slap::Gentle), "rock_1");
    act(&mut sim, Desire::Anger, "Throw", "rock_2", Some("rival_town"));
    let lesson = teach(&mut sim, &Act::Stroke, "rock_2");
    assert_eq!(lesson.taught.as_ref().map(|t| t.target.as_str()), Some("rival_town"));

    let own = score(&sim, Desire::Anger, TreeKind::Activity, "home_town");
    let rival = score(&sim, Desire::Anger, TreeKind::Activity, "rival_town");
    assert!(own < 0.1, "its own town is no target of its anger: {own:.4}");
    assert!(rival >= 0.105, "the rival town is: {rival:.4}");
    // The Activity tree asks whose town it is.
    let tree = sim.creature().tree(Desire::Anger, TreeKind::Activity).tree(&sim.data().attributes);
    let question = tree.root().and_then(|r| r.question.clone());
    assert!(matches!(question.as_deref(), Some("allegiance" | "town_owner")), "{question:?}");
}

#[test]
fn slapped_for_eating_from_a_pit_and_stroked_for_a_wolf_it_learns_to_spare_the_pit() {
    let mut sim = cow();
    act(&mut sim, Desire::Hunger, "Eat", "home_pit", None);
    teach(&mut sim, &Act::Slap(Slap::Gentle), "home_pit");
    let taught = sim.creature().tree(Desire::Hunger, TreeKind::ActOn).examples.last().unwrap().clone();
    assert_eq!((taught.answer("kind"), taught.answer("allegiance")), ("storage_pit", "mine"));
    act(&mut sim, Desire::Hunger, "Eat", "wolf_1", None);
    teach(&mut sim, &Act::Stroke, "wolf_1");
    let all = hunger_scores(&sim);

    let pit = score(&sim, Desire::Hunger, TreeKind::ActOn, "home_pit");
    assert!(pit < 0.1, "the pit it was slapped for: {pit:.4}\n{all}");
    for wolf in present(&sim, Kind::Wolf) {
        let x = score(&sim, Desire::Hunger, TreeKind::ActOn, &wolf);
        assert!(x >= 0.105, "a wolf is good food now: {x:.4}\n{all}");
    }
}

/// The plan under way as (action, object, target).
fn plan(sim: &Sim) -> (String, String, String) {
    let p = sim.plan().expect("a plan under way");
    (p.action, p.object, p.target)
}

#[test]
fn stroked_for_fighting_a_wolf_it_fights_the_other_wolf() {
    let mut sim = cow();
    act(&mut sim, Desire::Anger, "Fight", "wolf_1", None);
    assert!(sim.village().objects[sim.village().find("wolf_1").unwrap()].alive, "one blow does not kill");
    let lesson = teach(&mut sim, &Act::Stroke, "wolf_1");
    assert_eq!(
        lesson.reaction,
        Reaction::Repeat { desire: Desire::Anger, action: "Fight".into(), kind: "wolf".into() }
    );
    let wolf = ("Fight".to_owned(), "wolf_2".to_owned(), "wolf_2".to_owned());
    assert_eq!(plan(&sim), wolf, "the nearest wolf is the one just fought; it goes for the other");
}

#[test]
fn stroked_for_stoning_the_rival_town_it_throws_another_rock_at_it() {
    let mut sim = cow();
    act(&mut sim, Desire::Anger, "Throw", "rock_2", Some("rival_town"));
    teach(&mut sim, &Act::Stroke, "rock_2");
    let (action, object, target) = plan(&sim);
    assert_eq!((action.as_str(), target.as_str()), ("Throw", "rival_town"));
    assert_ne!(object, "rock_2", "the rock just thrown lies by the town, nearest of all; another is taken");
    assert_eq!(sim.village().objects[sim.village().find(&object).unwrap()].kind, Kind::Rock);
}

#[test]
fn stroked_for_eating_from_the_rival_pit_it_eats_from_another_pit() {
    let mut sim = cow();
    act(&mut sim, Desire::Hunger, "Eat", "rival_pit", None);
    assert!(sim.village().objects[sim.village().find("rival_pit").unwrap()].food > 0, "the pit is still stocked");
    teach(&mut sim, &Act::Stroke, "rival_pit");
    let (action, object, _) = plan(&sim);
    assert_eq!(action, "Eat");
    assert_ne!(object, "rival_pit", "the pit it stands at is nearest of all; it goes to another");
    assert_eq!(sim.village().objects[sim.village().find(&object).unwrap()].kind, Kind::StoragePit);
}
