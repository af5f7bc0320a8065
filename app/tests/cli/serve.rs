//! `creature-studio serve`, the reference game of the link (SPEC §23), attached to by
//! core's client: it runs the creature the editor opens the project on, a controller's
//! `force` holds a tree's verdict and `unforce` lets it go, a tree named wrongly is
//! answered with why, and an observer forces nothing.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use creature_core::creature::Creature;
use creature_core::link::client::Client;
use creature_core::link::message::{self, Control, HandAct, Role};
use creature_core::project::Project;
use creature_core::species::data::Data;
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

#[test]
fn the_game_runs_the_creature_the_editor_opens_the_project_on() {
    let (mut game, address, token) = serve();
    let project = Project::open(&repo().join("projects/example")).unwrap();
    let data = Data::load_dir(&project.species_dir()).unwrap();
    let (path, _) = opening_creature(&project, &data).expect("the example has creature saves");
    let name = Creature::load(&path, &data).unwrap().name;
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
