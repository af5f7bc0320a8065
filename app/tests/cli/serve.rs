//! `creature-studio serve`, the reference game of the link (SPEC §23), attached to by
//! core's client: it runs the creature the editor opens the project on, a controller's
//! `force` holds a tree's verdict and `unforce` lets it go, a tree named wrongly is
//! answered with why, and an observer forces nothing. Beyond §23, any client is told a
//! creature's mind, its reasons, and a tree's heat as the studio's own heat counts it.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use creature_core::creature::Creature;
use creature_core::link::client::Client;
use creature_core::link::message::{self, Control, HandAct, HeatOf, Role, Wanted};
use creature_core::mind::desire::TURNS_PER_SECOND;
use creature_core::names::Desire;
use creature_core::project::Project;
use creature_core::species::data::{Data, TreeKind};
use creature_workspace::heat::Heat;
use creature_workspace::live_preview::LivePreview;
use creature_workspace::opening_creature::opening_creature;
use serde_json::Value;

use crate::common::{repo, s};

/// `serve` on the example project for a minute, its address and token.
pub(crate) fn serve() -> (Child, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let token_file = dir.path().join("token");
    let mut child = Command::new(env!("CARGO_BIN_EXE_creature-studio"))
        .args(["serve", "--project", s(&repo().join("projects/example")), "--listen", "127.0.0.1:0"])
        .args(["--seconds", "60", "--token-file", s(&token_file)])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
    let v: Value = serde_json::from_str(&line).unwrap();
    let token = std::fs::read_to_string(&token_file).unwrap().trim().to_owned();
    (child, v["address"].as_str().unwrap().to_owned(), token)
}

/// The answer to request `id`, waiting at most ten seconds.
fn answer(client: &mut Client, id: u64) -> Value {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        let found = client.receive(256).unwrap().into_iter().find(|m| m["id"] == id && m["t"] != "state");
        if let Some(m) = found {
            return m;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("no answer to request {id}");
}

fn ask(client: &mut Client, id: u64, control: &Control) -> Value {
    client.send(&message::request(id, control)).unwrap();
    answer(client, id)
}

fn force(tree: &str, verdict: f64) -> Control {
    Control::Force { creature: 0, tree: tree.into(), object: "home_field".into(), verdict }
}

#[test]
fn a_controller_forces_a_verdict_and_lets_it_go_and_a_wrong_tree_is_said() {
    let (mut game, address, token) = serve();
    let mut c = Client::attach(&address, &token, Role::Controller, "test").unwrap();
    assert_eq!(ask(&mut c, 1, &force("Hunger ActOn", -0.5))["t"], "ok");
    assert_eq!(ask(&mut c, 2, &force("Hunger", 1.0))["t"], "ok");
    let unforce = Control::Unforce { creature: 0, tree: "Hunger".into(), object: "home_field".into() };
    assert_eq!(ask(&mut c, 3, &unforce)["t"], "ok");
    let again = ask(&mut c, 4, &unforce);
    assert!(again["error"].as_str().unwrap().contains("no verdict"), "{again}");
    let wrong = ask(&mut c, 5, &force("Hungr", 0.0));
    assert!(wrong["error"].as_str().unwrap().contains("Hunger"), "the nearest name is offered: {wrong}");
    let kind = ask(&mut c, 6, &force("Hunger Roots", 0.0));
    assert!(kind["error"].as_str().unwrap().contains("Activity and an ActOn"), "{kind}");
    let wide = ask(&mut c, 7, &force("Hunger", 3.0));
    assert!(wide["error"].as_str().unwrap().contains("from -1 to 1"), "{wide}");

    let mut o = Client::attach(&address, &token, Role::Observer, "watcher").unwrap();
    let refused = ask(&mut o, 8, &force("Hunger", 0.0));
    assert_eq!(refused["t"], "error", "an observer forces nothing: {refused}");
    game.kill().unwrap();
    game.wait().unwrap();
}

/// The example's species data and the creature serve runs (the one the editor opens
/// the project on), as its save reads.
fn served_creature() -> (Data, Creature) {
    let project = Project::open(&repo().join("projects/example")).unwrap();
    let data = Data::load_dir(&project.species_dir()).unwrap();
    let (path, _) = opening_creature(&project, &data).expect("the example has creature saves");
    let saved = Creature::load(&path, &data).unwrap();
    (data, saved)
}

#[test]
fn the_game_runs_the_creature_the_editor_opens_the_project_on() {
    let (mut game, address, token) = serve();
    let name = served_creature().1.name;
    let c = Client::attach(&address, &token, Role::Observer, "watcher").unwrap();
    assert_eq!(c.welcome["creatures"][0]["name"], name.as_str(), "{}", c.welcome);
    game.kill().unwrap();
    game.wait().unwrap();
}

#[test]
fn a_breakpoint_hit_by_the_hand_is_told_as_an_event() {
    let (mut game, address, token) = serve();
    let mut c = Client::attach(&address, &token, Role::Controller, "test").unwrap();
    c.send(&message::subscribe_all(1.0)).unwrap();
    let condition = "Lesson(sign: Slap)".to_owned();
    assert_eq!(ask(&mut c, 1, &Control::Break { creature: 0, condition })["t"], "ok");
    // A lesson teaches the plan under way: wait for the creature's first.
    let start = Instant::now();
    while !c.receive(256).unwrap().iter().any(|m| m["event"] == "plan") {
        assert!(start.elapsed() < Duration::from_secs(10), "the creature plans within ten seconds");
        std::thread::sleep(Duration::from_millis(5));
    }
    for (id, act) in [(2, HandAct::Hold), (3, HandAct::SlapHard), (4, HandAct::Release)] {
        c.send(&message::request(id, &Control::Hand { creature: 0, act })).unwrap();
    }
    let start = Instant::now();
    let mut seen = Vec::new();
    while !seen.iter().any(|m: &Value| m["event"] == "breakpoint") && start.elapsed() < Duration::from_secs(10) {
        seen.extend(c.receive(256).unwrap().into_iter().filter(|m| m["t"] != "state"));
        std::thread::sleep(Duration::from_millis(5));
    }
    let told = seen.iter().find(|m| m["event"] == "breakpoint").cloned();
    let told = told.unwrap_or_else(|| panic!("the slap's lesson hit the breakpoint, and the game said so: {seen:?}"));
    assert_eq!(told["creature"], 0);
    game.kill().unwrap();
    game.wait().unwrap();
}

/// Creature 0's mind as serve tells it to `client`, read by the creature format's reader.
fn mind(client: &mut Client, id: u64, data: &Data) -> Creature {
    let ask = message::Ask::of(0, Wanted::Mind);
    client.send(&message::ask(id, &ask)).unwrap();
    let told = answer(client, id);
    assert_eq!(told["t"], "told", "{told}");
    let told = message::read_told(&told).unwrap();
    Creature::parse("told.creature.ron", told.mind.as_deref().expect("a mind is told as text"), data)
        .unwrap_or_else(|e| panic!("the told mind reads as a creature save: {e:?}"))
}

#[test]
fn any_client_asks_for_a_creatures_mind_and_a_lesson_changes_what_it_is_told() {
    let (mut game, address, token) = serve();
    let (data, saved) = served_creature();
    let mut o = Client::attach(&address, &token, Role::Observer, "watcher").unwrap();
    let before = mind(&mut o, 1, &data);
    assert_eq!((before.name.as_str(), &before.trees), (saved.name.as_str(), &saved.trees), "the creature serve runs");
    let why = message::Ask::of(0, Wanted::Why);
    o.send(&message::ask(2, &why)).unwrap();
    let told = message::read_told(&answer(&mut o, 2)).unwrap();
    let why: creature_core::world::sim::TurnWhy = serde_json::from_value(told.why.unwrap()).unwrap();
    assert!((why.time - told.sim_time).abs() < 1e-9, "the reasons are of the time told");
    let nobody = message::Ask::of(9, Wanted::Mind);
    o.send(&message::ask(3, &nobody)).unwrap();
    assert!(answer(&mut o, 3)["error"].as_str().unwrap().contains("no creature 9"));

    let mut c = Client::attach(&address, &token, Role::Controller, "test").unwrap();
    c.send(&message::subscribe_all(1.0)).unwrap();
    let start = Instant::now();
    while !c.receive(256).unwrap().iter().any(|m| m["event"] == "plan") {
        assert!(start.elapsed() < Duration::from_secs(10), "the creature plans within ten seconds");
        std::thread::sleep(Duration::from_millis(5));
    }
    for (id, act) in [(1, HandAct::Hold), (2, HandAct::Stroke), (3, HandAct::Release)] {
        assert_eq!(ask(&mut c, id, &Control::Hand { creature: 0, act })["t"], "ok");
    }
    let after = mind(&mut o, 4, &data);
    assert_ne!(after.trees, before.trees, "the stroke's lesson is in the mind told");
    game.kill().unwrap();
    game.wait().unwrap();
}

/// The heat serve tells `client` of creature 0's tree `(desire, kind)` over 60 s, and
/// the game's time it was counted at.
fn heat(client: &mut Client, id: u64, desire: Desire, kind: TreeKind) -> (f64, Vec<u32>) {
    let of = HeatOf { desire, kind, seconds: 60.0 };
    client.send(&message::ask(id, &message::Ask { creature: 0, what: Wanted::Heat, heat: Some(of) })).unwrap();
    let told = message::read_told(&answer(client, id)).unwrap();
    let heat = told.heat.expect("the heat is told");
    assert_eq!((heat.desire, heat.kind, heat.seconds), (desire, kind, 60.0));
    (told.sim_time, heat.counts)
}

#[test]
fn the_heat_of_the_live_plans_acton_tree_is_told_as_the_studios_heat_counts_it() {
    let (mut game, address, token) = serve();
    let project = Project::open(&repo().join("projects/example")).unwrap();
    let data = Data::load_dir(&project.species_dir()).unwrap();
    let (path, _) = opening_creature(&project, &data).unwrap();
    let saved = Creature::load(&path, &data).unwrap();
    let mut o = Client::attach(&address, &token, Role::Observer, "watcher").unwrap();
    o.send(&message::subscribe_all(1.0)).unwrap();
    let plan = event_named(&mut o, "plan");
    // The plan's tree, or another the creature was born with, when the plan's has no node.
    let grown = |d: Desire| !saved.tree(d, TreeKind::ActOn).tree(&data.attributes).nodes.is_empty();
    let planned = Desire::parse(plan["desire"].as_str().unwrap()).unwrap();
    let d = Some(planned).filter(|&d| grown(d)).or_else(|| Desire::ALL.iter().copied().find(|&d| grown(d))).unwrap();
    std::thread::sleep(Duration::from_secs(2));
    let (sim_time, counts) = heat(&mut o, 1, d, TreeKind::ActOn);
    // The same run in the studio's preview, to the turn told, counts the same heat.
    let mut p = LivePreview::open_on(&project, 1, Some(&path)).unwrap();
    p.run((sim_time * TURNS_PER_SECOND).round() as u64);
    assert_eq!(p.sim_time(), sim_time);
    let sim = p.shown();
    let tree = sim.built_tree(d, TreeKind::ActOn).cloned();
    let tree = tree.unwrap_or_else(|| sim.creature().tree(d, TreeKind::ActOn).tree(&sim.data().attributes));
    assert!(!tree.nodes.is_empty());
    let counted = Heat::default().update(&p, d, TreeKind::ActOn, &tree, 60.0).unwrap().to_vec();
    assert_eq!(counts, counted, "serve counts with the studio's heat");

    // A lesson grows the plan's tree: the plan under way asked it, so its root is warm.
    let mut c = Client::attach(&address, &token, Role::Controller, "test").unwrap();
    for (id, act) in [(1, HandAct::Hold), (2, HandAct::Stroke), (3, HandAct::Release)] {
        assert_eq!(ask(&mut c, id, &Control::Hand { creature: 0, act })["t"], "ok");
    }
    let taught = mind(&mut o, 2, &data);
    let (d, kind) = Desire::ALL
        .iter()
        .flat_map(|&d| [(d, TreeKind::ActOn), (d, TreeKind::Activity)])
        .find(|&(d, k)| taught.tree(d, k) != saved.tree(d, k))
        .expect("the stroke taught a tree");
    let (_, counts) = heat(&mut o, 3, d, kind);
    let tree = taught.tree(d, kind).tree(&data.attributes);
    assert_eq!(counts.len(), tree.nodes.len(), "a count per node of the tree the mind told");
    assert!(counts[0] > 0, "the plan under way asked its tree: {counts:?}");

    let wrong = r#"{"t":"ask","id":4,"creature":0,"what":"heat","desire":"Hunger","kind":"ActOn","seconds":0}"#;
    o.send(&serde_json::from_str(wrong).unwrap()).unwrap();
    assert!(answer(&mut o, 4)["error"].as_str().unwrap().contains("1 to 3600"));
    game.kill().unwrap();
    game.wait().unwrap();
}

/// The events of `client` until one says `event`, waiting at most ten seconds.
fn event_named(client: &mut Client, event: &str) -> Value {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        if let Some(m) = client.receive(256).unwrap().into_iter().find(|m| m["event"] == event) {
            return m;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("no `{event}` event within ten seconds");
}

#[test]
fn a_reload_is_told_to_every_client_as_reloaded_or_failed_at_its_position() {
    let (mut game, address, token) = serve();
    let mut c = Client::attach(&address, &token, Role::Controller, "test").unwrap();
    let mut o = Client::attach(&address, &token, Role::Observer, "watcher").unwrap();
    o.send(&message::subscribe_all(1.0)).unwrap();
    let project = Project::open(&repo().join("projects/example")).unwrap();
    let cow = std::fs::read_to_string(project.species_dir().join("cow.ron")).unwrap();
    let good = Control::Reload { file: "cow.ron".into(), text: cow.clone() };
    assert_eq!(ask(&mut c, 1, &good)["t"], "ok");
    let reloaded = event_named(&mut o, "reloaded");
    assert_eq!((reloaded["creature"].as_u64(), reloaded["file"].as_str()), (Some(0), Some("cow.ron")), "{reloaded}");
    // The same text cut short in its second line: refused where the reader stopped.
    let cut: String = cow.lines().take(2).collect::<Vec<_>>().join("\n") + "\n  broken: ,\n";
    let bad = ask(&mut c, 2, &Control::Reload { file: "cow.ron".into(), text: cut });
    assert_eq!(bad["t"], "error", "{bad}");
    let failed = event_named(&mut o, "reload_failed");
    assert!(failed["file"].as_str().unwrap().ends_with("cow.ron"), "{failed}");
    assert!(failed["line"].as_u64().unwrap() >= 2 && failed["column"].as_u64().unwrap() >= 1, "{failed}");
    assert!(bad["error"].as_str().unwrap().contains(failed["message"].as_str().unwrap()), "{bad} / {failed}");
    game.kill().unwrap();
    game.wait().unwrap();
}
