//! A training gauntlet in the arena (SPEC §20): opened from the palette, its banks fought
//! weakest first; a win moves the player up and is kept in the project, so a studio
//! opened again resumes there. And take-over: F1 and F2 hand a side between its shadow
//! and the keyboard, and the arena says who plays.

use creature_core::project::FileKind;
use creature_shadow::arena::MatchOutcome;
use creature_shadow::fight::Player;
use creature_shadow::gauntlet_progress::GauntletProgress;
use creature_studio::gui::Studio;
use creature_studio::gui::shadow::panels::arena::ArenaPanel;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::support::{example, labels_containing, palette, project_copy, studio};

const BANKS: [&str; 3] = ["zoner.bank.ron", "turtle.bank.ron", "rushdown.bank.ron"];

fn headline(h: &Harness<'static, Studio>) -> String {
    labels_containing(h, "Gauntlet: ").into_iter().next().expect("the arena shows the gauntlet")
}

fn over(h: &Harness<'static, Studio>) -> Option<MatchOutcome> {
    h.state().view.shadow.arena.bout.as_ref().and_then(|b| b.arena.outcome)
}

#[test]
fn a_won_match_moves_the_player_up_and_a_reopened_studio_resumes_there() {
    let (_tmp, root) = project_copy();
    let list = BANKS.iter().map(|b| format!("\"{b}\"")).collect::<Vec<_>>().join(", ");
    std::fs::write(root.join("shadow/up.gauntlet.ron"), format!("(banks: [{list}])")).unwrap();
    let mut h = studio(&root);
    palette(&mut h, "open up.gauntlet");
    h.run();
    assert_eq!(headline(&h), "Gauntlet: 1 of 3 — zoner.bank.ron");

    // The player fights until they win, with a scripted keyboard: F1 hands the left
    // fighter to its shadow, F2 takes the gauntlet's shadow's side, whose keys are then
    // left alone (idle for longer than a match, so no shadow takes it back). A loss
    // leaves the player where they stand and lets them fight again.
    h.state_mut().view.shadow.arena.set_idle_seconds(60.0);
    let mut won = false;
    for _ in 0..8 {
        h.get_by_label("▶ Fight the next shadow").click();
        h.step();
        assert!(h.state().view.shadow.arena.gauntlet.as_ref().is_some_and(|g| g.fighting == Some(0)));
        h.key_press(egui::Key::F1);
        h.key_press(egui::Key::F2);
        h.step();
        assert!(!h.state().view.shadow.arena.bout.as_ref().unwrap().is_human(0), "F1 gave the side to its shadow");
        h.get_by_label("⏩ Play to the end").click();
        h.step();
        h.step();
        match over(&h) {
            Some(MatchOutcome::Winner(0)) => {
                won = true;
                break;
            }
            Some(_) => {
                assert_eq!(headline(&h), "Gauntlet: 1 of 3 — zoner.bank.ron", "a loss does not move the player");
                assert!(!labels_containing(&h, "Lost to zoner.bank.ron").is_empty());
            }
            None => panic!("the match ended"),
        }
    }
    assert!(won, "the player beats the weakest shadow within eight tries");
    assert_eq!(headline(&h), "Gauntlet: 2 of 3 — turtle.bank.ron");
    assert!(!labels_containing(&h, "✔ zoner.bank.ron").is_empty(), "the beaten bank is marked");
    let saved = GauntletProgress::load(&root).expect("the progress file reads");
    assert_eq!(saved.gauntlets.get("shadow/up.gauntlet.ron"), Some(&vec!["zoner.bank.ron".to_owned()]));
    let file = root.join("gauntlet-progress.ron");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        FileKind::detect(&file, &text),
        FileKind::Guest(creature_shadow::kinds::PROGRESS.name),
        "check knows the progress file"
    );
    let problems = creature_shadow::gauntlet_progress::check_text(&file, &text);
    assert!(problems.is_empty(), "{problems:?}");
    // The studio's own write of the progress is no news: once an outside save is told,
    // the progress file has come back from the watcher too, without a "reloaded" line.
    std::thread::sleep(std::time::Duration::from_millis(100));
    let world = root.join("world.ron");
    let world_text = std::fs::read_to_string(&world).unwrap();
    std::fs::write(&world, format!("{world_text}\n// saved by another editor\n")).unwrap();
    let told = |s: &creature_studio::gui::Studio| s.view.village.log.iter().any(|l| l.text == "reloaded world.ron");
    assert!(crate::support::until(&mut h, told), "an outside save is told");
    let news: Vec<String> =
        h.state().view.village.log.iter().filter(|l| l.text.starts_with("reloaded")).map(|l| l.text.clone()).collect();
    assert_eq!(news, ["reloaded world.ron"], "the progress file is the studio's own write");
    drop(h);

    let mut again = studio(&root);
    palette(&mut again, "open up.gauntlet");
    again.run();
    assert_eq!(headline(&again), "Gauntlet: 2 of 3 — turtle.bank.ron", "the studio resumes where the player stood");
}

#[test]
fn f1_and_f2_hand_each_side_between_its_shadow_and_the_keyboard() {
    let mut h = studio(&example());
    palette(&mut h, "show panel: arena");
    h.run();
    h.state_mut().panels.state_mut::<ArenaPanel>().unwrap().opponent = "shadow".to_owned();
    h.run();
    // The opponent names the bank its shadow plays.
    let by = egui_kittest::kittest::By::new().role(egui::accesskit::Role::ComboBox);
    let chosen: Vec<String> = {
        use egui_kittest::kittest::NodeT;
        h.query_all(by).map(|n| n.accesskit_node().value().unwrap_or_default()).collect()
    };
    assert!(chosen.iter().any(|v| v == "shadow of rushdown.bank.ron (the bank shown)"), "{chosen:?}");
    h.get_by_label("▶ Start match").click();
    h.step();
    let who = |h: &Harness<'static, Studio>| {
        let b = h.state().view.shadow.arena.bout.as_ref().expect("a match runs");
        [b.player(0), b.player(1)]
    };
    assert_eq!(who(&h), [Player::Human, Player::Shadow]);
    h.key_press(egui::Key::F2);
    h.step();
    assert_eq!(who(&h), [Player::Human, Player::Human], "F2 takes the right fighter from the shadow");
    h.key_press(egui::Key::F1);
    h.step();
    assert_eq!(who(&h), [Player::Shadow, Player::Human], "F1 gives the left fighter to its shadow");
    h.key_press(egui::Key::F2);
    h.step();
    assert_eq!(who(&h), [Player::Shadow, Player::Shadow], "F2 gives the right fighter back");
    let b = h.state().view.shadow.arena.bout.as_ref().unwrap();
    assert!(b.played().iter().any(|p| p[1] == Player::Human), "the frames mark the keyboard's turn on the right");
    assert_eq!(b.played().last(), Some(&[Player::Shadow, Player::Shadow]));
}

#[test]
fn the_league_panel_writes_a_gauntlet_of_its_banks_weakest_first_and_opens_it_in_the_arena() {
    use creature_studio::gui::command::{Command, DockCommand};
    use creature_studio::gui::shadow::panels::league::{LeaguePanel, TAB};
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Dock(DockCommand::Show(TAB)));
    h.run();
    h.state_mut().panels.state_mut::<LeaguePanel>().unwrap().matches = 1;
    h.run();
    h.get_by_label("▶ Play the league").click();
    let done = crate::support::until_within(&mut h, std::time::Duration::from_secs(120), |s| {
        s.panels.state::<LeaguePanel>().is_some_and(|p| p.played.is_some())
    });
    assert!(done, "the league finishes");
    h.run();
    let weakest = {
        let panel = h.state().panels.state::<LeaguePanel>().unwrap();
        let played = panel.played.as_ref().unwrap().as_ref().expect("the example banks play");
        let last = played.league.standings.last().expect("standings");
        played.paths[last.bank].file_name().unwrap().to_string_lossy().into_owned()
    };
    h.get_by_label("Train in a gauntlet of these banks").click();
    h.run();
    let written = root.join("shadow/league.gauntlet.ron");
    assert!(written.is_file(), "the gauntlet is written beside the banks");
    assert!(h.state().dock.find_tab(&creature_studio::gui::shadow::panels::arena::TAB).is_some());
    assert!(headline(&h).starts_with("Gauntlet: 1 of "), "{}", headline(&h));
    assert!(headline(&h).ends_with(&weakest), "the weakest bank comes first: {} vs {weakest}", headline(&h));
    // A second gauntlet never replaces the first.
    let before = std::fs::read_to_string(&written).unwrap();
    h.state_mut().run(Command::Dock(DockCommand::Show(TAB)));
    h.run();
    h.get_by_label("Train in a gauntlet of these banks").click();
    h.run();
    assert!(root.join("shadow/league-2.gauntlet.ron").is_file());
    assert_eq!(std::fs::read_to_string(&written).unwrap(), before);
}
