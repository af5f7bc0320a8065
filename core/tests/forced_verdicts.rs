//! SPEC §23 `force`: a tree's verdict for an object held from outside until `unforce`.
//! Every reader of the verdict sees it (the score, Why?, the plan choice), the frozen
//! bytes stay those of the creature, and a recording gives it again after a seek.

#[allow(dead_code)]
mod support;

use std::path::{Path, PathBuf};

use creature_core::mind::usefulness::UsefulnessCurve;
use creature_core::names::Desire;
use creature_core::recording::snapshot::to_bytes;
use creature_core::recording::{Recorder, Sources};
use creature_core::species::data::{Data, TreeKind};
use creature_core::world::sim::{Act, Event, Sim};

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example")
}

/// The example project's Daisy in its village.
fn daisy(seed: u64) -> Sim {
    support::example_sim("daisy.ron", seed)
}

fn force(desire: Desire, tree: Option<TreeKind>, object: &str, verdict: f64) -> Act {
    Act::Force { desire, tree, object: object.into(), verdict }
}

#[test]
fn a_forced_verdict_is_the_score_until_it_is_let_go() {
    let mut sim = daisy(3);
    sim.run(50);
    let curve = UsefulnessCurve::default();
    let own = sim.usefulness(Desire::Hunger, TreeKind::ActOn, "home_field").unwrap();
    let activity = sim.usefulness(Desire::Hunger, TreeKind::Activity, "home_field").unwrap();
    sim.apply(&force(Desire::Hunger, Some(TreeKind::ActOn), "home_field", -0.5)).unwrap();
    assert_eq!(sim.usefulness(Desire::Hunger, TreeKind::ActOn, "home_field").unwrap(), curve.usefulness(Some(-0.5)));
    assert_eq!(sim.usefulness(Desire::Hunger, TreeKind::Activity, "home_field").unwrap(), activity, "one tree named");
    assert_eq!(sim.forced(), [(Desire::Hunger, TreeKind::ActOn, "home_field".to_owned(), -0.5)]);

    sim.apply(&Act::Unforce { desire: Desire::Hunger, tree: None, object: "home_field".into() }).unwrap();
    assert_eq!(sim.usefulness(Desire::Hunger, TreeKind::ActOn, "home_field").unwrap(), own);
    assert!(sim.forced().is_empty());
    let again = Act::Unforce { desire: Desire::Hunger, tree: None, object: "home_field".into() };
    assert!(sim.apply(&again).unwrap_err().contains("no verdict"), "nothing left to let go");
}

#[test]
fn a_force_out_of_range_or_on_nothing_is_refused_and_changes_nothing() {
    let mut sim = daisy(3);
    let before = to_bytes(&sim);
    let wide = sim.apply(&force(Desire::Hunger, None, "home_field", 1.5)).unwrap_err();
    assert!(wide.contains("from -1 to 1"), "{wide}");
    let nan = sim.apply(&force(Desire::Hunger, None, "home_field", f64::NAN)).unwrap_err();
    assert!(nan.contains("from -1 to 1"), "{nan}");
    assert!(sim.apply(&force(Desire::Hunger, None, "nowhere", 0.5)).is_err());
    assert!(sim.forced().is_empty());
    assert_eq!(to_bytes(&sim), before);
}

/// The first plan of `desire` started within `turns`, as (action, object).
fn first_plan(sim: &mut Sim, desire: Desire, turns: u64) -> Option<(String, String)> {
    sim.record(true);
    for _ in 0..turns {
        sim.step();
        for e in sim.take_events() {
            if let Event::Plan { desire: d, action, object, .. } = e
                && d == desire
            {
                return Some((action, object));
            }
        }
    }
    None
}

#[test]
fn the_plan_choice_follows_the_forced_verdict() {
    let mut own = daisy(9);
    let (_, eaten) = first_plan(&mut own, Desire::Hunger, 20_000).expect("Daisy eats within 2000 s");
    let mut forced = daisy(9);
    forced.apply(&force(Desire::Hunger, None, &eaten, -1.0)).unwrap();
    let other = first_plan(&mut forced, Desire::Hunger, 20_000);
    assert!(other.as_ref().is_none_or(|(_, o)| *o != eaten), "{eaten} was judged useless, yet chosen: {other:?}");
}

#[test]
fn a_recording_seeks_past_a_snapshot_with_its_verdict_still_forced() {
    let text = |p: &str| std::fs::read_to_string(example().join(p)).unwrap();
    let sources = Sources {
        species: Data::texts(None).unwrap(),
        creature: text("creatures/daisy.ron"),
        world: text("world.ron"),
    };
    let mut r = Recorder::new(daisy(4), 4, sources);
    r.run(30);
    r.act(force(Desire::Hunger, None, "home_field", -1.0)).unwrap();
    r.run(400);
    let straight = r.sim().clone();
    assert_eq!(straight.forced().len(), 2);
    let sought = r.seek(430).unwrap();
    assert_eq!(sought.forced(), straight.forced(), "the force is given again after the thaw");
    assert_eq!(to_bytes(&sought), to_bytes(&straight));
    let mut on = sought.clone();
    let mut plain = straight.clone();
    on.run(2000);
    plain.run(2000);
    assert_eq!(to_bytes(&on), to_bytes(&plain), "and the run goes on as it went");
}

/// The example world as shipped, and as read with its objects in the reverse order.
fn example_worlds(sim: &Sim) -> (creature_core::world::file::WorldFile, creature_core::world::file::WorldFile) {
    let world = creature_core::world::file::WorldFile::load(&example().join("world.ron"), sim.data()).unwrap();
    let mut reordered = world.clone();
    reordered.objects.reverse();
    (world, reordered)
}

#[test]
fn a_forced_verdict_stays_on_its_object_when_a_reload_reorders_the_world() {
    let mut forced = daisy(3);
    forced.run(50);
    let mut plain = forced.clone();
    let (world, reordered) = example_worlds(&forced);
    let ids: Vec<String> = world.ids().map(str::to_owned).collect();
    let middle = ids.len() / 2;
    assert_ne!(ids.iter().position(|i| i == "home_field"), Some(middle), "reversing moves home_field");
    forced.apply(&force(Desire::Hunger, Some(TreeKind::ActOn), "home_field", -0.5)).unwrap();
    forced.record(true);
    forced.reload_world(reordered.clone());
    plain.reload_world(reordered);
    assert!(forced.take_events().iter().all(|e| !matches!(e, Event::Unforced { .. })), "nothing was let go");
    let held = UsefulnessCurve::default().usefulness(Some(-0.5));
    for id in &ids {
        let of = |s: &Sim| s.usefulness(Desire::Hunger, TreeKind::ActOn, id).unwrap();
        let expected = if id == "home_field" { held } else { of(&plain) };
        assert_eq!(of(&forced), expected, "{id}'s verdict after the reorder");
    }
    assert_eq!(forced.forced(), [(Desire::Hunger, TreeKind::ActOn, "home_field".to_owned(), -0.5)]);
}

#[test]
fn a_reload_that_takes_the_object_away_lets_its_verdict_go_and_says_so() {
    let mut sim = daisy(3);
    sim.run(50);
    let (_, mut without) = example_worlds(&sim);
    without.objects.retain(|o| o.id != "home_field");
    sim.apply(&force(Desire::Hunger, None, "home_field", 1.0)).unwrap();
    sim.apply(&force(Desire::Tiredness, Some(TreeKind::Activity), "home_town", 0.25)).unwrap();
    sim.record(true);
    sim.reload_world(without);
    let let_go: Vec<(Desire, TreeKind, String)> = sim
        .take_events()
        .into_iter()
        .filter_map(|e| match e {
            Event::Unforced { desire, tree, object, .. } => Some((desire, tree, object)),
            _ => None,
        })
        .collect();
    let field = |tree| (Desire::Hunger, tree, "home_field".to_owned());
    assert_eq!(let_go, [field(TreeKind::Activity), field(TreeKind::ActOn)], "both trees' verdicts are let go, said");
    assert_eq!(
        sim.forced(),
        [(Desire::Tiredness, TreeKind::Activity, "home_town".to_owned(), 0.25)],
        "the other stays"
    );
    let unforce = Act::Unforce { desire: Desire::Hunger, tree: None, object: "home_field".into() };
    assert!(sim.apply(&unforce).is_err(), "nothing of the object is left to let go");
}
