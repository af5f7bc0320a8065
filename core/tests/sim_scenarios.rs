//! The creature living in real world files (SPEC §2, §4–§12): it eats when hungry,
//! learns from the hand (from phase 2 only), prefers what it was stroked for, learns
//! miracles it sees from phase 8, copies the player from phase 3 on the learning leash,
//! and learns skills by watching working villagers.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::creature::lesson::Reaction;
use creature_core::mind::hand::Slap;
use creature_core::mind::leash::Leash;
use creature_core::mind::observation::Attempt;
use creature_core::names::Desire;
use creature_core::species::data::{Data, Species, TreeKind};
use creature_core::world::file::WorldFile;
use creature_core::world::sim::{Act, Event, Sim, Why};

const HOUR: u64 = 36_000;

fn data() -> Arc<Data> {
    Arc::new(Data::builtin().expect("built-in data"))
}

fn meadow(data: &Data) -> WorldFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/worlds/meadow.ron");
    WorldFile::load(&path, data).expect("the meadow loads")
}

fn example_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example/world.ron")
}

/// A hungry creature of `species` at `phase` in `world`, recording events.
fn hungry(data: &Arc<Data>, species: Species, world: WorldFile, phase: u8, seed: u64) -> Sim {
    let mut c = Creature::newborn(data, species, seed);
    c.phase = phase;
    c.body.energy = 0.1;
    let mut sim = Sim::new(Arc::clone(data), c, world, seed);
    sim.record(true);
    sim
}

/// The kind of object eaten, if `e` is the end of a meal.
fn meal(e: &Event) -> Option<&str> {
    match e {
        Event::Done { action, kind, .. } if action == "Eat" => Some(kind.as_str()),
        _ => None,
    }
}

fn touch(sim: &mut Sim, how: &Act) -> creature_core::creature::lesson::Lesson {
    sim.apply(&Act::Hold).unwrap();
    sim.apply(&how.clone()).unwrap();
    sim.apply(&Act::Release).unwrap().expect("a release reports its lesson")
}

#[test]
fn a_hungry_creature_next_to_sheep_eats_one() {
    let data = data();
    let mut sim = hungry(&data, Species::Cow, meadow(&data), 5, 1);
    let lamb = sim.village().find("lamb").unwrap();
    let mut eaten = None;
    for _ in 0..600 {
        sim.step();
        if let Some(e) = sim.take_events().into_iter().find(|e| meal(e).is_some()) {
            eaten = Some(e);
            break;
        }
    }
    let Some(Event::Done { desire, object, kind, .. }) = eaten else { panic!("no meal within a minute") };
    assert_eq!((desire, object.as_str(), kind.as_str()), (Desire::Hunger, "lamb", "sheep"));
    assert!(!sim.village().objects[lamb].present, "eating removes the food");
    let per_meal = data.species(Species::Cow).body.energy_per_meal;
    assert!(sim.creature().body.energy > 0.1 + 0.9 * per_meal, "eating raises energy: {}", sim.creature().body.energy);
    // A young creature in its pen eats too, when the food is in the pen: from phase 1,
    // which turns Hunger on (SPEC §12).
    let mut young = hungry(&data, Species::Cow, meadow(&data), 1, 1);
    young.run(600);
    assert!(young.take_events().iter().any(|e| meal(e) == Some("sheep")));
}

/// Villagers eaten in the first simulated hour; with `slap`, every such meal is
/// followed at once by a gentle slap.
fn villagers_eaten(phase: u8, slap: bool) -> (usize, usize, Sim) {
    let data = data();
    let mut sim = hungry(&data, Species::Cow, meadow(&data), phase, 3);
    let (mut villagers, mut meals) = (0, 0);
    for _ in 0..HOUR {
        sim.step();
        for e in sim.take_events() {
            match meal(&e) {
                Some("villager") => {
                    villagers += 1;
                    meals += 1;
                    if slap {
                        let lesson = touch(&mut sim, &Act::Slap(Slap::Gentle));
                        let taught = lesson.taught.as_ref().map(|t| (t.desire, t.action.as_str()));
                        if phase >= 2 {
                            assert_eq!(taught, Some((Desire::Hunger, "Eat")), "the meal takes the slap");
                            assert_eq!(lesson.reaction, Reaction::DropPlan { desire: Desire::Hunger });
                        } else {
                            assert_eq!(taught, None, "before phase 2 the hand teaches nothing");
                        }
                    }
                }
                Some(_) => meals += 1,
                None => {}
            }
        }
    }
    (villagers, meals, sim)
}

#[test]
fn a_creature_slapped_for_eating_villagers_eats_fewer_than_its_twin() {
    let (twin, twin_meals, _) = villagers_eaten(5, false);
    let (slapped, slapped_meals, sim) = villagers_eaten(5, true);
    assert!(twin >= 3, "the unslapped twin eats villagers: {twin} of {twin_meals} meals");
    assert!(slapped < twin, "slapped {slapped} vs twin {twin}");
    assert!(slapped_meals >= 3, "the slapped creature still eats, other things: {slapped_meals}");
    assert!(sim.creature().liking < 0.0);
    let hunger = sim.creature().desire(Desire::Hunger);
    assert!(hunger.increase_seconds > 20.0, "slaps slow Hunger's growth: {}", hunger.increase_seconds);
}

#[test]
fn a_phase_one_creature_is_not_taught_by_the_hand() {
    let (twin, _, twin_sim) = villagers_eaten(1, false);
    let (slapped, _, sim) = villagers_eaten(1, true);
    assert!(twin >= 3, "{twin}");
    let (a, b) = (sim.creature(), twin_sim.creature());
    // What it does changes only through the liking: once it dislikes the player by 0.5
    // or more, ToRunAwayFromPlayer turns on (SPEC §5, §12), and it eats less.
    if a.liking > -0.5 {
        assert_eq!(slapped, twin, "the slaps changed nothing it does");
    }
    assert_eq!(a.trees, b.trees);
    assert_eq!(a.opinions, b.opinions);
    assert_eq!(a.desire(Desire::Hunger).increase_seconds, b.desire(Desire::Hunger).increase_seconds);
    assert_eq!(a.desire(Desire::Hunger).thresholds, b.desire(Desire::Hunger).thresholds);
    // Only the liking changed (SPEC §5: from phase 0 on).
    assert!(a.liking < 0.0 && b.liking == 0.0);
}

/// Meals by kind in the hour after the first sheep is eaten; with `stroke`, that meal
/// is followed at once by a stroke.
fn meals_after_first_sheep(stroke: bool) -> (usize, usize) {
    let data = data();
    let mut sim = hungry(&data, Species::Cow, meadow(&data), 5, 4);
    let mut first_sheep = false;
    for _ in 0..HOUR {
        sim.step();
        if sim.take_events().iter().any(|e| meal(e) == Some("sheep")) {
            first_sheep = true;
            break;
        }
    }
    assert!(first_sheep, "the lamb is eaten first");
    if stroke {
        let lesson = touch(&mut sim, &Act::Stroke);
        assert_eq!(lesson.lesson, Some(0.5));
        let Reaction::Repeat { desire, action, kind } = &lesson.reaction else { panic!("{:?}", lesson.reaction) };
        assert_eq!((*desire, action.as_str(), kind.as_str()), (Desire::Hunger, "Eat", "sheep"));
        let plan = sim.plan().expect("it repeats the meal at once");
        assert_eq!(
            (plan.action.as_str(), sim.village().objects[sim.village().find(&plan.object).unwrap()].kind.name()),
            ("Eat", "sheep")
        );
    }
    let (mut sheep, mut villagers) = (0, 0);
    for _ in 0..HOUR {
        sim.step();
        for e in sim.take_events() {
            match meal(&e) {
                Some("sheep") => sheep += 1,
                Some("villager") => villagers += 1,
                _ => {}
            }
        }
    }
    (sheep, villagers)
}

#[test]
fn a_creature_stroked_for_eating_a_sheep_then_prefers_sheep() {
    let (twin_sheep, twin_villagers) = meals_after_first_sheep(false);
    let (sheep, villagers) = meals_after_first_sheep(true);
    assert!(sheep > villagers, "stroked: {sheep} sheep, {villagers} villagers");
    let share = |s: usize, v: usize| s as f64 / (s + v).max(1) as f64;
    assert!(
        share(sheep, villagers) > share(twin_sheep, twin_villagers),
        "stroked {sheep}/{villagers} vs twin {twin_sheep}/{twin_villagers}"
    );
}

/// Sightings and tries of Heal cast every 30 s beside the creature for `seconds`.
fn watch_heal(phase: u8, seconds: u64) -> (Vec<Event>, Sim) {
    let data = data();
    let mut sim = hungry(&data, Species::Tiger, meadow(&data), phase, 5);
    let mut events = Vec::new();
    for s in 0..seconds {
        if s % 30 == 0 {
            sim.apply(&Act::Miracle { name: "Heal".into(), on: Some("ann".into()) }).unwrap();
        }
        sim.run(10);
        events.extend(
            sim.take_events().into_iter().filter(|e| matches!(e, Event::Miracle { .. } | Event::Sighting { .. })),
        );
    }
    (events, sim)
}

#[test]
fn a_creature_tries_a_miracle_at_half_the_sightings_and_succeeds_after_enough() {
    let data = data();
    let needed = WorldFile::builtin(&data)
        .unwrap()
        .watch
        .sightings_needed("Heal", data.species(Species::Tiger).miracle_multiplier)
        .unwrap();
    assert!(needed >= 4, "{needed}");
    let (events, sim) = watch_heal(8, 1800);
    let tries: Vec<(Attempt, u32)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Miracle { result, sightings, .. } => Some((*result, *sightings)),
            _ => None,
        })
        .collect();
    let (first, seen) = tries[0];
    assert_eq!(first, Attempt::Failed);
    // The failure counted one more sighting: it tried with exactly half the sightings.
    assert_eq!(seen - 1, needed.div_ceil(2), "{tries:?}");
    let success = tries.iter().position(|t| t.0 == Attempt::Succeeded).expect("it succeeds in the end");
    assert!(tries[..success].iter().all(|t| t.0 == Attempt::Failed));
    assert!(tries[success].1 >= needed);
    assert!(sim.creature().watching.knows_miracle("Heal"));
    // Before phase 8 the same sightings teach nothing.
    let (events, sim) = watch_heal(7, 600);
    assert!(events.is_empty(), "{events:?}");
    assert!(!sim.creature().watching.knows_miracle("Heal"));
}

#[test]
fn the_learning_leash_counts_three_sightings() {
    let data = data();
    let mut sim = hungry(&data, Species::Ape, meadow(&data), 8, 6);
    sim.apply(&Act::Leash(Leash::Learning)).unwrap();
    sim.apply(&Act::Miracle { name: "Heal".into(), on: Some("ann".into()) }).unwrap();
    assert!(sim.take_events().contains(&Event::Sighting { t: 0.0, miracle: "Heal".into(), counted: 3 }));
    // A miracle cast out of sight is not seen.
    sim.apply(&Act::Miracle { name: "Heal".into(), on: Some("wolf".into()) }).unwrap();
    assert!(sim.take_events().is_empty());
}

/// Throws copied in 20 simulated minutes of the player throwing the rock beside the
/// creature every minute.
fn copies(phase: u8, leash: Leash) -> usize {
    let data = data();
    let mut sim = hungry(&data, Species::Chimp, meadow(&data), phase, 8);
    sim.apply(&Act::Leash(leash)).unwrap();
    let mut copied = 0;
    for _ in 0..20 {
        let p = sim.position();
        sim.apply(&Act::Hand { x: p.0 + 5.0, y: p.1 }).unwrap();
        let before = sim.creature().desire(Desire::ToPlay).value;
        sim.apply(&Act::Deed { action: "Throw".into(), object: "rock".into(), desire: Some(Desire::ToPlay) }).unwrap();
        for e in sim.take_events() {
            if let Event::Copied { desire, action, object, .. } = e {
                assert_eq!((desire, action.as_str(), object.as_str()), (Desire::ToPlay, "Throw", "rock"));
                assert!(sim.creature().desire(Desire::ToPlay).value > before, "the motive behind the deed grows");
                assert_eq!(sim.plan().map(|p| p.action), Some("Throw".to_owned()));
                copied += 1;
            }
        }
        sim.run(600);
    }
    copied
}

#[test]
fn a_creature_copies_the_player_only_from_phase_three_on_the_learning_leash() {
    assert!(copies(3, Leash::Learning) >= 3);
    assert_eq!(copies(2, Leash::Learning), 0);
    assert_eq!(copies(3, Leash::Compassion), 0);
}

#[test]
fn watching_working_villagers_teaches_their_skills() {
    let data = data();
    let mut sim = hungry(&data, Species::Cow, meadow(&data), 0, 9);
    sim.run(HOUR / 60);
    let skills: Vec<(String, f64)> = sim
        .take_events()
        .into_iter()
        .filter_map(|e| match e {
            Event::Skill { t, skill } => Some((skill, t)),
            _ => None,
        })
        .collect();
    let rules = WorldFile::builtin(&data).unwrap().watch;
    for skill in ["build", "fish", "farm", "dance"] {
        let (_, t) =
            skills.iter().find(|(s, _)| s == skill).unwrap_or_else(|| panic!("{skill} not learnt: {skills:?}"));
        let needed = rules.skill_seconds(skill).unwrap();
        assert!(*t + 1e-9 >= needed && *t <= needed + 0.2, "{skill} at {t} s, needs {needed} s");
        assert!(sim.creature().watching.knows_skill(skill));
    }
    // At night nobody works, so nothing is learnt.
    let mut night = meadow(&data);
    night.clock.start_hour = 23.0;
    let mut sim = hungry(&data, Species::Cow, night, 0, 9);
    sim.run(600);
    assert!(!sim.take_events().iter().any(|e| matches!(e, Event::Skill { .. })));
}

/// Makes `desire` full, as if the creature wanted nothing more.
fn want(sim: &mut Sim, desire: Desire) {
    let mut c = sim.creature().clone();
    c.desire_mut(desire).value = c.desire(desire).max;
    sim.reload_creature(c);
}

/// The acts that ended in the events since the last look.
fn done(sim: &mut Sim) -> Vec<String> {
    sim.take_events()
        .into_iter()
        .filter_map(|e| match e {
            Event::Done { action, .. } => Some(action),
            _ => None,
        })
        .collect()
}

#[test]
fn acts_change_body_and_world() {
    let data = data();
    let mut lion = Creature::newborn(&data, Species::Lion, 10);
    lion.phase = 13;
    let mut sim = Sim::new(Arc::clone(&data), lion, meadow(&data), 10);
    sim.record(true);
    let rock = sim.village().find("rock").unwrap();
    let before = sim.village().objects[rock].pos;
    want(&mut sim, Desire::ToPlay);
    sim.apply(&Act::Plan { desire: Desire::ToPlay, action: "Throw".into(), object: "rock".into(), target: None })
        .unwrap();
    sim.run(200);
    assert!(done(&mut sim).contains(&"Throw".to_owned()));
    assert_ne!(sim.village().objects[rock].pos, before, "a thrown rock lands elsewhere");

    let wolf = sim.village().find("wolf").unwrap();
    let health = sim.creature().body.health;
    want(&mut sim, Desire::Anger);
    sim.apply(&Act::Plan { desire: Desire::Anger, action: "Fight".into(), object: "wolf".into(), target: None })
        .unwrap();
    sim.run(HOUR / 60);
    assert!(done(&mut sim).contains(&"Fight".to_owned()));
    assert!(sim.village().objects[wolf].health < 1.0, "hitting hurts");
    assert!(sim.creature().body.health < health, "a wolf bites back");

    let mut tired = sim.creature().clone();
    tired.body.fatigue = 0.9;
    sim.reload_creature(tired);
    want(&mut sim, Desire::Tiredness);
    sim.apply(&Act::Plan { desire: Desire::Tiredness, action: "Sleep".into(), object: "pen".into(), target: None })
        .unwrap();
    sim.run(HOUR / 60);
    assert!(done(&mut sim).contains(&"Sleep".to_owned()));
    assert!(sim.creature().body.fatigue < 0.5, "sleeping restores: {}", sim.creature().body.fatigue);
}

#[test]
fn phases_turn_desires_on() {
    let data = data();
    let mut sim = Sim::newborn(Arc::clone(&data), Species::Cow, WorldFile::load(&example_path(), &data).unwrap(), 2);
    let active = sim.desires().iter().filter(|d| d.active).count();
    assert_eq!(active, data.active_desires(0).count());
    assert_eq!(active, 10, "phase 0: ten desires (SPEC §12)");
    sim.run(HOUR / 6);
    for d in sim.desires() {
        if !d.active {
            assert_eq!(d.value, 0.0, "{} grew before its phase", d.desire);
        }
    }
    sim.set_phase(13);
    assert_eq!(sim.desires().iter().filter(|d| d.active).count(), 33, "phase 13: 33 desires (SPEC §12)");
    sim.run(HOUR / 6);
    assert!(sim.desires().iter().filter(|d| data.desire(d.desire).phase > Some(0) && d.value > 0.0).count() > 5);
}

#[test]
fn a_young_creature_stays_in_its_pen() {
    let data = data();
    let world = WorldFile::load(&example_path(), &data).unwrap();
    let pen = world.objects.iter().find(|o| o.id == "pen").unwrap().clone();
    let radius = pen.kind.radius().unwrap();
    let mut sim = Sim::newborn(Arc::clone(&data), Species::Cow, world, 4);
    sim.set_phase(4);
    for _ in 0..HOUR / 100 {
        sim.run(100);
        let p = sim.position();
        let d = ((p.0 - pen.at.0).powi(2) + (p.1 - pen.at.1).powi(2)).sqrt();
        assert!(d <= radius + 1e-9, "at {p:?}, {d} m from the pen");
    }
    sim.set_phase(5);
    let mut left = false;
    for _ in 0..HOUR / 100 {
        sim.run(100);
        let p = sim.position();
        left |= ((p.0 - pen.at.0).powi(2) + (p.1 - pen.at.1).powi(2)).sqrt() > radius + 1.0;
    }
    assert!(left, "from phase 5 it goes out");
}

#[test]
fn the_editor_can_follow_plans_and_their_credit() {
    let data = data();
    let mut sim = hungry(&data, Species::Cow, meadow(&data), 5, 12);
    sim.run(300);
    let plans = sim.recent_plans();
    assert!(!plans.is_empty() && plans.len() <= 5);
    assert!(plans.iter().all(|c| (0.0..=1.0).contains(&c.score)));
    assert!(plans.iter().filter(|c| c.plan.ended.is_none()).count() <= 1);
    if let Some(view) = sim.plan() {
        assert!(view.step < view.steps.len());
        let active = plans.iter().find(|c| c.plan.ended.is_none()).expect("the plan under way is remembered");
        assert_eq!((active.plan.action.as_str(), active.score), (view.action.as_str(), 1.0));
    }
    // A lesson changes the trees the plans are chosen by.
    let eat = sim.creature().tree(Desire::Hunger, TreeKind::ActOn).examples.len();
    sim.apply(&Act::Plan { desire: Desire::Hunger, action: "Eat".into(), object: "sheep_1".into(), target: None })
        .unwrap();
    touch(&mut sim, &Act::Slap(Slap::Hard));
    assert_eq!(sim.creature().tree(Desire::Hunger, TreeKind::ActOn).examples.len(), eat + 1);
    assert!(sim.plan().is_none_or(|p| p.object != "sheep_1"), "a slapped active plan is dropped");
}

#[test]
fn hand_events_naming_unknown_things_are_refused() {
    let data = data();
    let mut sim = hungry(&data, Species::Cow, meadow(&data), 5, 13);
    assert!(sim.apply(&Act::Give { object: "unicorn".into() }).unwrap_err().contains("unknown object"));
    assert!(sim.apply(&Act::Miracle { name: "Heel".into(), on: Some("ann".into()) }).unwrap_err().contains("Heal"));
    assert!(
        sim.apply(&Act::Deed { action: "Thorw".into(), object: "rock".into(), desire: Some(Desire::Anger) }).is_err()
    );
    assert!(sim.apply(&Act::Hand { x: f64::NAN, y: 1.0 }).is_err());
    assert!(
        sim.apply(&Act::Plan { desire: Desire::Hunger, action: "Eat".into(), object: "nowhere".into(), target: None })
            .is_err()
    );
    assert!(sim.apply(&Act::Place { x: f64::INFINITY, y: 0.0 }).is_err());
    // A release without a hold is no lesson.
    assert_eq!(sim.apply(&Act::Release).unwrap(), None);
}

#[test]
fn the_creature_changes_plan_only_for_one_more_than_twice_as_urgent() {
    let data = data();
    let mut sim = Sim::newborn(Arc::clone(&data), Species::Cow, WorldFile::load(&example_path(), &data).unwrap(), 14);
    sim.set_phase(13);
    sim.record(true);
    sim.run(HOUR);
    let (mut urgent, mut idle) = (0, 0);
    for e in sim.take_events() {
        if let Event::Plan { priority, why, replaced, .. } = e {
            match why {
                Why::Urgent => {
                    let before = replaced.expect("an urgent plan replaces one");
                    assert!(priority > 2.0 * before, "{priority} replaced {before}");
                    urgent += 1;
                }
                Why::Idle => {
                    assert_eq!(replaced, None);
                    assert!(priority > 0.0);
                    idle += 1;
                }
                other => panic!("nothing but the creature chose: {other:?}"),
            }
        }
    }
    // With its 33 desires on at phase 13 it is seldom idle.
    assert!(urgent > 10 && idle >= 1, "{urgent} switches, {idle} starts from idle");
}
