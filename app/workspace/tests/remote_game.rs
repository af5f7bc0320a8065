//! The workspace attaches to a game that shares none of the studio's code: the tiny
//! Python game of `app/tools/link_host.py`, written from SPEC §23 alone. CI installs
//! Python's `websockets` before the tests; a machine without it says so and skips.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use creature_core::creature::DesireTrees;
use creature_core::link::host::Host;
use creature_core::link::message::{Control, HandAct, HeatOf, Role, Told, ToldHeat, Wanted};
use creature_core::link::token::Token;
use creature_core::names::{Desire, Species};
use creature_core::species::data::{Data, TreeKind};
use creature_core::world::file::WorldFile;
use creature_core::world::link_state;
use creature_core::world::sim::{Act, Sim};
use creature_workspace::remote_game::RemoteGame;
use creature_workspace::remote_run::MarkKind;

const TOKEN: &str = "a-token-of-twenty-characters";

/// The Python game, running for `seconds`, and the address it listens on; `None`, said
/// on stderr, where Python has no `websockets`.
fn python_game(seconds: &str) -> Option<(Child, String)> {
    python_game_on(seconds, "0")
}

/// The Python game on `port` (a free one for "0").
fn python_game_on(seconds: &str, port: &str) -> Option<(Child, String)> {
    let has = Command::new("python3").args(["-c", "import websockets.sync.server"]).status();
    if !has.is_ok_and(|s| s.success()) {
        eprintln!("skipped: python3 with websockets is not installed here (CI installs it)");
        return None;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tools/link_host.py");
    let mut child = Command::new("python3")
        .arg(script)
        .args([TOKEN, seconds, port])
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
    let v: serde_json::Value = serde_json::from_str(&line).expect("the game prints where it listens");
    Some((child, v["address"].as_str().unwrap().to_owned()))
}

/// Polls until `done` holds, for at most ten seconds.
fn poll_until(game: &mut RemoteGame, mut done: impl FnMut(&RemoteGame) -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        game.poll(Instant::now());
        if done(game) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    false
}

#[test]
fn the_workspace_follows_a_python_game_and_touches_its_creature() {
    let Some((mut child, address)) = python_game("30") else { return };
    let mut game = RemoteGame::attach(&address, TOKEN, Role::Controller, 20.0).expect("attaches");
    assert_eq!(game.creatures.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["Pip", "Moss"]);
    assert!(
        poll_until(&mut game, |g| g.creatures.iter().all(|c| g.run.newest(c.id).is_some())),
        "every creature's state comes"
    );
    let pip = game.run.newest(0).cloned().unwrap();
    assert_eq!(pip.desires.len(), 40);
    assert_eq!(pip.plan.as_ref().unwrap().action, "Eat");

    for act in [HandAct::Hold, HandAct::Stroke, HandAct::Release] {
        game.ask(&format!("{act:?}"), &Control::Hand { creature: 0, act }).unwrap();
    }
    assert!(poll_until(&mut game, |g| g.answers.len() == 3 && !g.events.is_empty()), "answers and the lesson come");
    assert!(game.answers.iter().all(|(_, r)| r.is_ok()), "{:?}", game.answers);
    assert_eq!(game.answers[2].0, "Release");
    assert_eq!(game.events[0]["event"], "lesson");

    game.ask("reload cow.ron", &Control::Reload { file: "cow.ron".into(), text: String::new() }).unwrap();
    assert!(poll_until(&mut game, |g| g.answers.len() == 4));
    let refused = game.answers[3].1.clone().unwrap_err();
    assert!(refused.starts_with("cow.ron:1:1:"), "{refused}");

    child.kill().unwrap();
    child.wait().unwrap();
    assert!(poll_until(&mut game, |g| !g.attached()), "a game gone is a link lost");
    assert!(game.status().contains("lost"), "{}", game.status());
    assert!(game.run.newest(0).is_some(), "what was seen stays");
}

#[test]
fn a_wrong_token_is_said_and_nothing_is_attached() {
    let Some((mut child, address)) = python_game("10") else { return };
    let Err(why) = RemoteGame::attach(&address, "not-the-token-at-all", Role::Observer, 5.0) else {
        panic!("a wrong token attaches nothing")
    };
    assert!(why.contains("refused") && why.contains("wrong token"), "{why}");
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn a_run_lost_mid_recording_is_kept_marked_and_goes_on_when_the_game_is_back() {
    let Some((mut first, address)) = python_game("30") else { return };
    let port = address.rsplit(':').next().unwrap().to_owned();
    let mut game = RemoteGame::attach(&address, TOKEN, Role::Controller, 20.0).expect("attaches");
    assert!(poll_until(&mut game, |g| g.run.span(0).is_some_and(|(a, b)| b >= a + 5)), "states are recorded");
    game.ask("release", &Control::Hand { creature: 0, act: HandAct::Release }).unwrap();
    assert!(poll_until(&mut game, |g| g.run.marks(0).any(|m| m.kind == MarkKind::Event)), "the lesson is marked");

    first.kill().unwrap();
    first.wait().unwrap();
    assert!(poll_until(&mut game, |g| !g.attached()), "a game gone is a link lost");
    let (oldest, before) = game.run.span(0).unwrap();
    let seen = game.run.state(0, before).unwrap().clone();
    let lost = game.run.marks(0).find(|m| m.kind == MarkKind::Link).expect("the loss is marked on the run");
    assert!(lost.text.starts_with("link lost"), "{}", lost.text);
    assert_eq!(lost.at, before, "the loss follows the last state received");
    assert!(game.run.marks(1).any(|m| m.kind == MarkKind::Link), "on every creature's timeline");

    let Some((mut second, again)) = python_game_on("30", &port) else { return };
    assert_eq!(again, address);
    assert!(poll_until(&mut game, RemoteGame::attached), "the lost link is tried again");
    assert!(poll_until(&mut game, |g| g.run.span(0).is_some_and(|(_, b)| b > before + 2)), "the run goes on");
    assert_eq!(game.run.span(0).unwrap().0, oldest, "nothing recorded before the loss gave way");
    assert_eq!(game.run.state(0, before), Some(&seen), "what was recorded before the loss is unchanged");
    let texts: Vec<_> = game.run.marks(0).filter(|m| m.kind == MarkKind::Link).map(|m| m.text.clone()).collect();
    assert_eq!(texts.len(), 2, "{texts:?}");
    assert_eq!(texts[1], "attached again");

    game.let_go();
    assert!(!game.attached());
    assert!(game.status().contains("let go"), "{}", game.status());
    let kept = game.run.span(0).unwrap();
    second.kill().unwrap();
    second.wait().unwrap();
    std::thread::sleep(Duration::from_millis(50));
    assert!(!game.poll(Instant::now()), "a game let go is not tried again");
    assert_eq!(game.run.span(0), Some(kept), "and its run is kept");
}

#[test]
fn a_game_of_the_link_alone_leaves_the_mind_not_told_and_the_link_goes_on() {
    let Some((mut child, address)) = python_game("30") else { return };
    let mut game = RemoteGame::attach(&address, TOKEN, Role::Controller, 20.0).expect("attaches");
    game.follow(Some(0));
    game.want_heat(Some(HeatOf { desire: Desire::Hunger, kind: TreeKind::ActOn, seconds: 60.0 }));
    let answered = |g: &RemoteGame| g.minds.get(&0).is_some_and(|m| m.not_told.is_some() && m.heat_not_told.is_some());
    assert!(poll_until(&mut game, answered), "the game answers");
    let mind = &game.minds[&0];
    assert!(mind.creature.is_none() && mind.why.is_none() && mind.heat.is_none());
    assert!(mind.not_told.as_ref().unwrap().starts_with("the game does not tell"), "{:?}", mind.not_told);
    assert!(mind.heat_not_told.as_ref().unwrap().starts_with("the game does not tell"), "{:?}", mind.heat_not_told);
    assert!(game.answers.is_empty(), "an ask is not a request of the Game panel's: {:?}", game.answers);
    assert!(game.attached(), "the link goes on");
    game.ask("hold", &Control::Hand { creature: 0, act: HandAct::Hold }).unwrap();
    assert!(poll_until(&mut game, |g| g.answers.len() == 1));
    assert_eq!(game.answers[0].1, Ok(()));
    child.kill().unwrap();
    child.wait().unwrap();
}

/// A game of this crate's link host around one running cow, answering asks as serve does
/// and carrying out the hand; each lesson's trees are sent back to the test.
fn cow_game() -> (String, std::sync::mpsc::Receiver<Vec<DesireTrees>>, Arc<AtomicBool>) {
    let data = Arc::new(Data::builtin().unwrap());
    let world = WorldFile::builtin(&data).unwrap();
    let mut sim = Sim::newborn(data, Species::Cow, world, 1);
    // A lesson teaches a creature past its second phase the plan under way.
    sim.apply(&Act::Phase(3)).unwrap();
    sim.record(true);
    while sim.plan().is_none() {
        sim.run(10);
    }
    let creatures = vec![link_state::creature(&sim, 0)];
    let mut host = Host::bind("127.0.0.1:0", Token::given(TOKEN).unwrap(), creatures, 20.0).unwrap();
    host.tell_asks();
    let address = host.local_addr().unwrap().to_string();
    let (trees, told) = std::sync::mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = stop.clone();
    trees.send(sim.creature().trees.clone()).unwrap();
    std::thread::spawn(move || {
        while !stopped.load(Ordering::Relaxed) {
            for r in host.poll(Duration::from_millis(2)) {
                let act = match r.control {
                    Control::Hand { act: HandAct::Hold, .. } => Act::Hold,
                    Control::Hand { act: HandAct::Stroke, .. } => Act::Stroke,
                    _ => Act::Release,
                };
                let result = sim.apply(&act).map(|_| ());
                host.answer(&r, result);
                for e in sim.take_events() {
                    if let Some(v) = link_state::event(&sim, 0, &e) {
                        host.publish_event(0, &v);
                    }
                }
                let _ = trees.send(sim.creature().trees.clone());
            }
            for a in host.take_asks() {
                host.tell(&a, link_state::told(&sim, &a.ask));
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    });
    (address, told, stop)
}

#[test]
fn the_followed_creatures_mind_is_kept_and_asked_again_when_a_lesson_changes_it() {
    let (address, trees, stop) = cow_game();
    let data = Data::builtin().unwrap();
    let mut game = RemoteGame::attach(&address, TOKEN, Role::Controller, 20.0).expect("attaches");
    let read = |game: &mut RemoteGame| {
        game.poll(Instant::now());
        game.read_minds(&data);
    };
    game.follow(Some(0));
    let start = Instant::now();
    while game.minds.get(&0).is_none_or(|m| m.creature.is_none() || m.why.is_none()) {
        assert!(start.elapsed() < Duration::from_secs(10), "the mind is told: {:?}", game.minds.get(&0));
        read(&mut game);
        std::thread::sleep(Duration::from_millis(5));
    }
    let born = trees.recv().unwrap();
    assert_eq!(game.minds[&0].creature.as_ref().unwrap().1.trees, born, "the mind kept is the game's");
    assert!(game.minds[&0].not_told.is_none());

    for (what, act) in [("hold", HandAct::Hold), ("stroke", HandAct::Stroke), ("release", HandAct::Release)] {
        game.ask(what, &Control::Hand { creature: 0, act }).unwrap();
    }
    // The game sends its trees after each of the three touches: the last are the lesson's.
    let mut taught = born.clone();
    for _ in 0..3 {
        taught = trees.recv_timeout(Duration::from_secs(10)).unwrap();
    }
    assert_ne!(taught, born, "the stroke taught the cow");
    let start = Instant::now();
    while game.minds[&0].creature.as_ref().is_none_or(|(_, c)| c.trees != taught) {
        assert!(start.elapsed() < Duration::from_secs(10), "the lesson's event has the mind asked again");
        read(&mut game);
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(game.answers.iter().all(|(_, a)| a.is_ok()), "{:?}", game.answers);

    stop.store(true, Ordering::Relaxed);
    assert!(poll_until(&mut game, |g| !g.attached()), "a game gone is a link lost");
    let kept = game.minds[&0].creature.as_ref().map(|(_, c)| &c.trees);
    assert_eq!(kept, Some(&taught), "the last mind told stays when the link is lost");
}

/// A game of this crate's link host around one cow that tells its mind and reasons as
/// serve does, and answers each heat ask with a count per node of three, each count the
/// number of heat asks so far; every heat ask is sent back to the test.
fn heat_game() -> (String, std::sync::mpsc::Receiver<HeatOf>, Arc<AtomicBool>) {
    let data = Arc::new(Data::builtin().unwrap());
    let world = WorldFile::builtin(&data).unwrap();
    let sim = Sim::newborn(data, Species::Cow, world, 1);
    let mut host =
        Host::bind("127.0.0.1:0", Token::given(TOKEN).unwrap(), vec![link_state::creature(&sim, 0)], 20.0).unwrap();
    host.tell_asks();
    let address = host.local_addr().unwrap().to_string();
    let (asks, asked) = std::sync::mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = stop.clone();
    std::thread::spawn(move || {
        let mut n = 0;
        while !stopped.load(Ordering::Relaxed) {
            host.poll(Duration::from_millis(2));
            for a in host.take_asks() {
                let told = match a.ask.heat {
                    Some(of) => {
                        n += 1;
                        let _ = asks.send(of);
                        let heat =
                            ToldHeat { desire: of.desire, kind: of.kind, seconds: of.seconds, counts: vec![n; 3] };
                        Ok(Told { heat: Some(heat), ..Told::of(0, Wanted::Heat, sim.time()) })
                    }
                    None => link_state::told(&sim, &a.ask),
                };
                host.tell(&a, told);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    });
    (address, asked, stop)
}

#[test]
fn the_followed_creatures_heat_is_asked_about_once_a_second_and_soon_for_another_tree() {
    let (address, asked, stop) = heat_game();
    let mut game = RemoteGame::attach(&address, TOKEN, Role::Observer, 20.0).expect("attaches");
    let hunger = HeatOf { desire: Desire::Hunger, kind: TreeKind::ActOn, seconds: 60.0 };
    game.want_heat(Some(hunger));
    let t0 = Instant::now();
    game.poll(t0);
    assert!(asked.recv_timeout(Duration::from_millis(300)).is_err(), "no heat is asked of a creature not followed");

    game.follow(Some(0));
    let told =
        |g: &RemoteGame, n: u32| g.minds.get(&0).and_then(|m| m.heat.as_ref()).is_some_and(|h| h.1.counts[0] == n);
    // The clock is the one the polls are given: at one instant, the heat is asked once.
    let start = Instant::now();
    while !told(&game, 1) {
        assert!(start.elapsed() < Duration::from_secs(10), "the heat is told: {:?}", game.minds.get(&0));
        game.poll(t0);
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(asked.recv_timeout(Duration::from_secs(1)).unwrap(), hunger);
    let heat = &game.minds[&0].heat.as_ref().unwrap().1;
    assert_eq!((heat.desire, heat.kind, heat.seconds, heat.counts.len()), (Desire::Hunger, TreeKind::ActOn, 60.0, 3));
    for _ in 0..20 {
        game.poll(t0 + Duration::from_millis(900));
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(asked.try_recv().is_err(), "not asked again within the second");

    let later = t0 + Duration::from_millis(1100);
    let start = Instant::now();
    while !told(&game, 2) {
        assert!(start.elapsed() < Duration::from_secs(10), "the heat is asked again after a second");
        game.poll(later);
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(asked.recv_timeout(Duration::from_secs(1)).unwrap(), hunger);

    // Another tree is asked for as soon as a fifth of a second has gone by since the last.
    let fear = HeatOf { desire: Desire::Fear, kind: TreeKind::Activity, seconds: 30.0 };
    game.want_heat(Some(fear));
    game.poll(later + Duration::from_millis(100));
    assert!(asked.recv_timeout(Duration::from_millis(300)).is_err(), "not within a fifth of a second");
    game.poll(later + Duration::from_millis(200));
    assert_eq!(asked.recv_timeout(Duration::from_secs(5)).unwrap(), fear, "another tree is asked for soon");
    assert!(poll_until(&mut game, |g| g.minds[&0].heat.as_ref().is_some_and(|h| h.1.desire == Desire::Fear)));
    game.want_heat(None);
    for _ in 0..20 {
        game.poll(later + Duration::from_secs(5));
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(asked.try_recv().is_err(), "no heat is asked once none is wanted");
    stop.store(true, Ordering::Relaxed);
}
