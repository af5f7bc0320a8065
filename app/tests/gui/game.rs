//! The Game panel attached to `creature-studio serve`, the reference game of the link
//! (SPEC §23), running in its own process: the creature's state shows, the hand reaches
//! it, a species save in the editor is pushed to it, and the status bar says where the
//! creatures live.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command as Process, Stdio};
use std::time::Duration;

use creature_core::names::Species;
use creature_core::species::data::TreeKind;
use creature_core::world::sim::Act;
use creature_studio::gui::Studio;
use creature_studio::gui::command::{Command, DockCommand, PreviewCommand, SelectCommand};
use creature_studio::gui::panels::game::{GamePanel, TAB};
use creature_studio::gui::panels::graph::GraphPanel;
use creature_workspace::DocId;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::support::{example, labels_containing, project_copy, studio, until_within};

/// `serve` on the example project, and its address and token.
pub(crate) fn serve() -> (Child, String, String) {
    let token_file = tempfile::tempdir().unwrap().keep().join("token");
    let mut child = Process::new(env!("CARGO_BIN_EXE_creature-studio"))
        .args(["serve", "--project"])
        .arg(example())
        .args(["--listen", "127.0.0.1:0", "--seconds", "120", "--token-file"])
        .arg(&token_file)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
    let v: serde_json::Value = serde_json::from_str(&line).unwrap();
    let token = std::fs::read_to_string(&token_file).unwrap().trim().to_owned();
    (child, v["address"].as_str().unwrap().to_owned(), token)
}

/// Fills the Game panel's form and clicks Attach.
pub(crate) fn attach(h: &mut Harness<'static, Studio>, address: &str, token: &str) {
    h.state_mut().run(Command::Dock(DockCommand::Show(TAB)));
    let p = h.state_mut().panels.state_mut::<GamePanel>().unwrap();
    (p.address, p.token) = (address.to_owned(), token.to_owned());
    h.run();
    h.get_by_label("Attach").click();
    // An attached game keeps the frames coming: step a few rather than wait for calm.
    h.run_steps(3);
}

/// Whether the attached game's first creature's state comes within ten seconds.
pub(crate) fn first_state_comes(h: &mut Harness<'static, Studio>) -> bool {
    until_within(h, Duration::from_secs(10), |s| {
        s.ws.game.as_ref().is_some_and(|g| g.creatures.first().is_some_and(|c| g.run.newest(c.id).is_some()))
    })
}

#[test]
fn the_game_panel_follows_a_served_creature_and_the_hand_reaches_it() {
    let (mut game, address, token) = serve();
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    attach(&mut h, &address, &token);
    assert!(
        h.state().ws.game.as_ref().is_some_and(creature_workspace::remote_game::RemoteGame::attached),
        "{}",
        h.state().status
    );
    assert!(first_state_comes(&mut h), "the creature's state comes");
    h.run_steps(2);
    assert!(!labels_containing(&h, "liking").is_empty(), "the state is drawn");
    assert!(
        !labels_containing(&h, &format!("attached to the game at {address}")).is_empty(),
        "the status bar says where"
    );

    for name in ["Hold", "Stroke", "Release"] {
        h.get_by_label(name).click();
        h.run_steps(2);
    }
    let answered =
        until_within(&mut h, Duration::from_secs(10), |s| s.ws.game.as_ref().is_some_and(|g| g.answers.len() == 3));
    assert!(answered);
    assert!(h.state().ws.game.as_ref().unwrap().answers.iter().all(|(_, a)| a.is_ok()));
    let lesson = until_within(&mut h, Duration::from_secs(10), |s| {
        s.ws.game.as_ref().is_some_and(|g| g.events.iter().any(|e| e["event"] == "lesson"))
    });
    assert!(lesson, "the release taught the game's creature a lesson");

    h.state_mut().ws.save(&DocId::Species(Species::Cow)).unwrap();
    let pushed = until_within(&mut h, Duration::from_secs(10), |s| {
        s.ws.game.as_ref().is_some_and(|g| g.answers.iter().any(|(w, a)| w == "reload cow.ron" && a.is_ok()))
    });
    assert!(pushed, "the saved species file reached the game");
    game.kill().unwrap();
    game.wait().unwrap();
}

#[test]
fn a_wrong_token_attaches_nothing_and_says_why() {
    let (mut game, address, _) = serve();
    let mut h = studio(&example());
    attach(&mut h, &address, "ffffffffffffffffffffffffffffffff");
    assert!(h.state().ws.game.is_none());
    assert!(h.state().status.contains("wrong token"), "{}", h.state().status);
    game.kill().unwrap();
    game.wait().unwrap();
}

#[test]
fn the_games_run_is_looked_back_over_bookmarked_and_kept_when_the_game_is_gone() {
    let (mut game, address, token) = serve();
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    attach(&mut h, &address, &token);
    let recorded = until_within(&mut h, Duration::from_secs(10), |s| {
        s.ws.game.as_ref().is_some_and(|g| g.run.span(0).is_some_and(|(a, b)| b >= a + 3))
    });
    assert!(recorded, "the game's states are recorded");
    let (first, _) = h.state().ws.game.as_ref().unwrap().run.span(0).unwrap();
    let then = h.state().ws.game.as_ref().unwrap().run.state(0, first).unwrap().sim_time;

    h.state_mut().panels.state_mut::<GamePanel>().unwrap().looking = Some(first);
    h.run_steps(2);
    let said = labels_containing(&h, "looking back at");
    assert_eq!(said, [format!("looking back at {then:.1} s")], "the first state received is shown");
    h.get_by_label("Bookmark").click();
    h.run_steps(2);
    let marks: Vec<_> = h.state().ws.game.as_ref().unwrap().run.marks(0).map(|m| (m.at, m.text.clone())).collect();
    assert!(marks.contains(&(first, format!("bookmark at {then:.1} s"))), "{marks:?}");
    h.get_by_label("Live").click();
    h.run_steps(2);
    assert!(labels_containing(&h, "looking back at").is_empty(), "Live follows the newest state again");

    game.kill().unwrap();
    game.wait().unwrap();
    let lost = until_within(&mut h, Duration::from_secs(10), |s| s.ws.game.as_ref().is_some_and(|g| !g.attached()));
    assert!(lost, "a game gone is a link lost");
    h.run_steps(2);
    assert!(!labels_containing(&h, "was lost").is_empty(), "the loss is said");
    assert!(!labels_containing(&h, "link lost").is_empty(), "and marked on the run");
    assert!(h.query_by_label("Stroke").is_none(), "no hand for a game that is not there");

    h.state_mut().run(Command::Game(creature_studio::gui::command::GameCommand::Detach));
    h.run_steps(2);
    let run = &h.state().ws.game.as_ref().unwrap().run;
    assert_eq!(run.state(0, first).map(|s| s.sim_time), Some(then), "the run is kept once let go");
    assert!(h.query_by_label("Attach").is_some(), "the form is back to attach again");
    assert!(!labels_containing(&h, "bookmark at").is_empty(), "beside the run kept");
}

#[test]
fn a_breakpoint_set_in_the_game_panel_pauses_the_games_run_and_is_taken_away() {
    let (mut game, address, token) = serve();
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    attach(&mut h, &address, &token);
    assert!(first_state_comes(&mut h), "the creature's state comes");
    h.state_mut().panels.state_mut::<GamePanel>().unwrap().break_when = "PlanStarted()".into();
    h.run_steps(2);
    h.get_by_label("Break").click();
    h.run_steps(2);
    let set = until_within(&mut h, Duration::from_secs(10), |s| {
        s.ws.game.as_ref().is_some_and(|g| g.answers.iter().any(|(w, a)| w.starts_with("break when") && a.is_ok()))
    });
    assert!(set, "the game took the breakpoint: {:?}", h.state().ws.game.as_ref().unwrap().answers);
    assert!(!labels_containing(&h, "breaks when PlanStarted()").is_empty(), "it is listed");

    let hit = until_within(&mut h, Duration::from_secs(20), |s| {
        s.ws.game.as_ref().is_some_and(|g| g.events.iter().any(|e| e["event"] == "breakpoint"))
    });
    assert!(hit, "the next plan started hit the breakpoint in the game");
    h.run_steps(2);
    assert!(!labels_containing(&h, "breakpoint").is_empty(), "the hit is marked on the run");

    h.get_by_label("✖").click();
    h.run_steps(2);
    let gone = until_within(&mut h, Duration::from_secs(10), |s| {
        s.ws.game.as_ref().is_some_and(|g| g.answers.iter().any(|(w, a)| w.starts_with("take away") && a.is_ok()))
    });
    assert!(gone, "{:?}", h.state().ws.game.as_ref().unwrap().answers);
    assert!(labels_containing(&h, "breaks when").is_empty());
    game.kill().unwrap();
    game.wait().unwrap();
}

/// Whether a text painted this frame starts with `start` (the status bar's picker is a
/// combo box, whose text is no label).
fn painted(h: &Harness<'static, Studio>, start: &str) -> bool {
    h.output().shapes.iter().any(|s| matches!(&s.shape, egui::Shape::Text(g) if g.galley.text().starts_with(start)))
}

#[test]
fn a_games_creature_in_focus_shows_its_trees_where_it_lives_and_takes_the_hand_then_focus_comes_back() {
    let (mut game, address, token) = serve();
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    let local = h.state().view.focus.creature().cloned().expect("the project opens on a creature");
    let local_name = h.state().ws.creature(&local).unwrap().name.clone();
    attach(&mut h, &address, &token);
    let name = h.state().ws.game.as_ref().unwrap().creatures[0].name.clone();
    h.get_by_label(&format!("Focus {name}")).click();
    h.run_steps(2);
    assert_eq!(h.state().view.focus.game(), Some(0));
    assert!(h.state().view.focus.creature().is_none(), "no document is in focus");
    let told = until_within(&mut h, Duration::from_secs(10), |s| {
        s.ws.game.as_ref().and_then(|g| g.minds.get(&0)).is_some_and(|m| m.creature.is_some() && m.why.is_some())
    });
    assert!(told, "the game tells its creature's mind");
    h.run_steps(2);

    assert!(painted(&h, &format!("🐾 {name} — in the game at {address}")), "the status bar says where");
    h.state_mut().run(Command::Dock(DockCommand::Show(creature_studio::gui::panels::why::TAB)));
    h.run_steps(2);
    assert!(!labels_containing(&h, &format!("Why? {name} at")).is_empty(), "Why? shows the game's reasons");

    // The hand goes to the game for the creature in focus, and its lesson reaches the Tree.
    let planned = until_within(&mut h, Duration::from_secs(10), |s| {
        s.ws.game.as_ref().is_some_and(|g| g.events.iter().any(|e| e["event"] == "plan"))
    });
    assert!(planned, "the game's creature plans");
    for act in [Act::Hold, Act::Stroke, Act::Release] {
        h.state_mut().run(Command::Preview(PreviewCommand::Act(act)));
    }
    let held = until_within(&mut h, Duration::from_secs(10), |s| {
        s.ws.game.as_ref().is_some_and(|g| g.answers.iter().any(|(w, a)| w == &format!("release {name}") && a.is_ok()))
    });
    assert!(held, "the hand went to the game: {:?}", h.state().ws.game.as_ref().unwrap().answers);
    let attributes = h.state().ws.data.attributes.clone();
    let own = h.state().ws.creature(&local).unwrap().clone();
    let taught = until_within(&mut h, Duration::from_secs(10), |s| {
        s.ws.game.as_ref().and_then(|g| g.minds[&0].creature.as_ref()).is_some_and(|(_, c)| c.trees != own.trees)
    });
    assert!(taught, "the lesson's mind is told again");
    let mind = h.state().ws.game.as_ref().unwrap().minds[&0].creature.clone().unwrap().1;
    let taught = mind.trees.iter().zip(&own.trees).find(|(m, o)| m != o).unwrap().0;
    let k =
        if &taught.acton == own.tree(taught.desire, TreeKind::ActOn) { TreeKind::Activity } else { TreeKind::ActOn };
    let d = taught.desire;
    h.state_mut().run(Command::Select(SelectCommand::Tree(d, k)));
    h.run_steps(3);
    let shown = h.state_mut().panels.state_mut::<GraphPanel>().unwrap().graph.tree.clone();
    assert_eq!(shown, mind.tree(d, k).tree(&attributes), "the Tree draws the game's creature's tree as told");
    assert_ne!(shown, own.tree(d, k).tree(&attributes), "not the studio's creature's");
    assert!(!labels_containing(&h, &format!("of {name}, in the game at {address}")).is_empty(), "the Tree says whose");

    h.state_mut().run(Command::Select(SelectCommand::Creature(local.clone())));
    h.run_steps(2);
    assert_eq!(h.state().view.focus.creature(), Some(&local));
    assert_eq!(h.state().view.focus.game(), None);
    assert_eq!(h.state().ws.game.as_ref().unwrap().followed(), None, "the game's creature is no longer followed");
    let own = h.state().ws.creature(&local).unwrap().tree(d, k).tree(&attributes);
    let shown = h.state_mut().panels.state_mut::<GraphPanel>().unwrap().graph.tree.clone();
    assert_eq!(shown, own, "the Tree draws the studio's creature again");
    assert!(!painted(&h, &format!("{name} — in the game at")));
    assert!(painted(&h, &format!("🐾 {local_name} (")), "the status bar names it again");
    game.kill().unwrap();
    game.wait().unwrap();
}

#[test]
fn a_games_creature_in_focus_glows_by_the_heat_the_game_tells_of_the_tree_shown() {
    let (mut game, address, token) = serve();
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    let local = h.state().view.focus.creature().cloned().expect("the project opens on a creature");
    attach(&mut h, &address, &token);
    let name = h.state().ws.game.as_ref().unwrap().creatures[0].name.clone();
    h.get_by_label(&format!("Focus {name}")).click();
    let planned = until_within(&mut h, Duration::from_secs(10), |s| {
        s.ws.game.as_ref().is_some_and(|g| g.events.iter().any(|e| e["event"] == "plan"))
    });
    assert!(planned, "the game's creature plans");
    // A lesson grows the tree of the plan under way, which the plan asked: its root glows.
    for act in [Act::Hold, Act::Stroke, Act::Release] {
        h.state_mut().run(Command::Preview(PreviewCommand::Act(act)));
    }
    let own = h.state().ws.creature(&local).unwrap().clone();
    let taught = until_within(&mut h, Duration::from_secs(10), |s| {
        s.ws.game.as_ref().and_then(|g| g.minds.get(&0)?.creature.as_ref()).is_some_and(|(_, c)| c.trees != own.trees)
    });
    assert!(taught, "the lesson's mind is told");
    let mind = h.state().ws.game.as_ref().unwrap().minds[&0].creature.clone().unwrap().1;
    let (d, k) = mind
        .trees
        .iter()
        .flat_map(|t| [(t.desire, TreeKind::ActOn), (t.desire, TreeKind::Activity)])
        .find(|&(d, k)| mind.tree(d, k) != own.tree(d, k))
        .unwrap();
    h.state_mut().run(Command::Select(SelectCommand::Tree(d, k)));
    h.state_mut().run(Command::Dock(DockCommand::Show(creature_studio::gui::panels::graph::TAB)));
    let attributes = h.state().ws.data.attributes.clone();
    let drawn = mind.tree(d, k).tree(&attributes);
    let glows = until_within(&mut h, Duration::from_secs(10), |s| {
        let g = s.graph();
        g.tree == drawn && g.heat.counts().is_some_and(|c| c.len() == g.tree.nodes.len() && c[0] > 0)
    });
    assert!(glows, "the Tree shows the heat the game told: {:?}", h.state().ws.game.as_ref().unwrap().minds[&0].heat);
    let counts = h.state().graph().heat.counts().unwrap().to_vec();
    let told = h.state().ws.game.as_ref().unwrap().minds[&0].heat.clone().unwrap().1;
    assert_eq!((told.desire, told.kind), (d, k), "the heat of the tree shown is asked");
    assert_eq!(counts, told.counts, "the graph glows by the counts told");
    assert_eq!(counts.len(), drawn.nodes.len(), "the counts are a node each of the tree the mind told");

    // Heat off: none is shown, and none is asked for.
    h.state_mut().graph_mut().heat.on = false;
    h.run_steps(3);
    assert!(h.state().graph().heat.counts().is_none());
    assert_eq!(h.state().ws.game.as_ref().unwrap().heat_wanted(), None);
    game.kill().unwrap();
    game.wait().unwrap();
}

/// A game of core's link host around one newborn cow that tells its mind and reasons but
/// refuses to tell a tree's heat; it runs until `stop`.
fn game_without_heat() -> (String, std::sync::Arc<std::sync::atomic::AtomicBool>) {
    use creature_core::link::host::Host;
    use creature_core::link::message::Wanted;
    use creature_core::link::token::Token;
    use creature_core::world::file::WorldFile;
    use creature_core::world::link_state;
    use creature_core::world::sim::Sim;
    use std::sync::atomic::{AtomicBool, Ordering};

    let data = std::sync::Arc::new(creature_core::species::data::Data::builtin().unwrap());
    let world = WorldFile::builtin(&data).unwrap();
    let sim = Sim::newborn(data, Species::Cow, world, 1);
    let token = Token::given("a-token-of-twenty-characters").unwrap();
    let mut host = Host::bind("127.0.0.1:0", token, vec![link_state::creature(&sim, 0)], 20.0).unwrap();
    host.tell_asks();
    let address = host.local_addr().unwrap().to_string();
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let stopped = stop.clone();
    std::thread::spawn(move || {
        while !stopped.load(Ordering::Relaxed) {
            host.poll(Duration::from_millis(2));
            for a in host.take_asks() {
                let told = match a.ask.what {
                    Wanted::Heat => Err("this game keeps no record to count heat from".to_owned()),
                    _ => link_state::told(&sim, &a.ask),
                };
                host.tell(&a, told);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    });
    (address, stop)
}

#[test]
fn a_game_that_does_not_tell_the_heat_has_the_trees_heat_switched_off() {
    use egui_kittest::kittest::NodeT;
    let (address, stop) = game_without_heat();
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    attach(&mut h, &address, "a-token-of-twenty-characters");
    let name = h.state().ws.game.as_ref().unwrap().creatures[0].name.clone();
    h.get_by_label(&format!("Focus {name}")).click();
    let refused = until_within(&mut h, Duration::from_secs(10), |s| {
        s.ws.game
            .as_ref()
            .and_then(|g| g.minds.get(&0))
            .is_some_and(|m| m.creature.is_some() && m.heat_not_told.is_some())
    });
    assert!(refused, "the mind is told and the heat refused: {:?}", h.state().ws.game.as_ref().unwrap().minds.get(&0));
    h.state_mut().run(Command::Dock(DockCommand::Show(creature_studio::gui::panels::graph::TAB)));
    h.run_steps(3);
    assert!(h.state().graph().heat.counts().is_none(), "no heat is shown");
    assert!(h.get_by_label("heat").accesskit_node().is_disabled(), "the heat's control is switched off");
    let why = h.state().graph().heat.not_told.clone().unwrap();
    assert!(why.contains("this game keeps no record to count heat from"), "{why}");
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
}
