//! A game's run in the Game panel (SPEC §23): saved to a file from the panel, opened
//! again as a game that is gone and looked back over with its marks; a breakpoint asked
//! of the game is pending until the game's `ok`, and dropped, said why, on its `error`.

use std::time::Duration;

use creature_studio::gui::command::{Command, GameCommand};
use creature_studio::gui::panels::game::GamePanel;
use creature_workspace::remote_game::RemoteGame;
use creature_workspace::remote_run::MarkKind;
use egui_kittest::kittest::Queryable;

use crate::game::{attach, first_state_comes, serve};
use crate::support::{labels_containing, project_copy, studio, studio_with_dialogs, until_within};

#[test]
fn a_games_run_is_saved_from_the_panel_opened_again_and_looked_back_over() {
    let (mut game, address, token) = serve();
    let (tmp, root) = project_copy();
    let file = tmp.path().join("ruth.run.ron");
    let mut h = studio_with_dialogs(&root, Some(file.clone()));
    attach(&mut h, &address, &token);
    let recorded = until_within(&mut h, Duration::from_secs(10), |s| {
        s.ws.game.as_ref().is_some_and(|g| g.run.span(0).is_some_and(|(a, b)| b >= a + 3))
    });
    assert!(recorded, "the game's states are recorded");
    let (first, _) = h.state().ws.game.as_ref().unwrap().run.span(0).unwrap();
    let then = h.state().ws.game.as_ref().unwrap().run.state(0, first).unwrap().sim_time;
    h.state_mut().run(Command::Game(GameCommand::Bookmark { creature: 0, at: first, sim_time: then }));
    game.kill().unwrap();
    game.wait().unwrap();
    let lost = until_within(&mut h, Duration::from_secs(10), |s| s.ws.game.as_ref().is_some_and(|g| !g.attached()));
    assert!(lost, "a game gone is a link lost");
    h.run_steps(2);

    h.get_by_label("Save run…").click();
    h.run_steps(2);
    assert!(file.is_file(), "{}", h.state().status);
    let received = h.state().ws.game.as_ref().unwrap().saved_run();

    h.state_mut().run(Command::Game(GameCommand::Detach));
    h.run_steps(2);
    h.get_by_label("Open a saved run…").click();
    h.run_steps(2);
    let opened = h.state().ws.game.as_ref().expect("the run opened is the Game panel's");
    assert!(opened.status().starts_with("the run saved in"), "{}", opened.status());
    assert!(!opened.attached() && opened.let_go_of(), "no link to an opened run");
    assert_eq!(opened.saved_run(), received, "the run opened is the run saved");
    assert!(opened.run.marks(0).any(|m| m.kind == MarkKind::Link && m.text.starts_with("link lost")));
    assert!(!labels_containing(&h, "the run saved in").is_empty(), "the status bar says what is shown");
    assert!(h.query_by_label("Stroke").is_none(), "no hand for a run without a game");

    h.state_mut().panels.state_mut::<GamePanel>().unwrap().looking = Some(first);
    h.run_steps(2);
    assert_eq!(labels_containing(&h, "looking back at"), [format!("looking back at {then:.1} s")]);
    assert!(!labels_containing(&h, &format!("bookmark at {then:.1} s")).is_empty(), "the bookmark is kept");
    assert!(!labels_containing(&h, "link lost").is_empty(), "and the loss of the link");
}

#[test]
fn a_breakpoint_is_pending_until_the_game_says_ok_and_dropped_with_the_games_reason_on_an_error() {
    let (mut game, address, token) = serve();
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    attach(&mut h, &address, &token);
    assert!(first_state_comes(&mut h), "the creature's state comes");
    h.state_mut().panels.state_mut::<GamePanel>().unwrap().break_when = "PlanStarted()".into();
    h.run_steps(2);
    h.get_by_label("Break").click();
    h.run_steps(1);
    let pending = labels_containing(&h, "breaks when PlanStarted()");
    assert_eq!(pending, ["breaks when PlanStarted() (pending: waiting for the game's ok)"], "listed before the answer");
    let taken = |s: &creature_studio::gui::Studio| {
        s.ws.game.as_ref().is_some_and(|g| g.answers.iter().any(|(w, a)| w == "break when PlanStarted()" && a.is_ok()))
    };
    assert!(until_within(&mut h, Duration::from_secs(10), taken), "the game took it");
    h.run_steps(2);
    assert_eq!(labels_containing(&h, "breaks when PlanStarted()"), ["breaks when PlanStarted()"], "set once ok");

    h.state_mut().panels.state_mut::<GamePanel>().unwrap().break_when = "Sometimes(".into();
    h.run_steps(2);
    h.get_by_label("Break").click();
    let refused = |s: &creature_studio::gui::Studio| {
        s.ws.game.as_ref().is_some_and(|g| g.answers.iter().any(|(w, a)| w == "break when Sometimes(" && a.is_err()))
    };
    assert!(until_within(&mut h, Duration::from_secs(10), refused), "the game refused it");
    h.run_steps(2);
    assert!(labels_containing(&h, "breaks when Sometimes(").is_empty(), "a breakpoint refused is not listed");
    let why = labels_containing(&h, "The game refused to break when Sometimes(:");
    assert_eq!(why.len(), 1, "and the game's reason is said");
    assert!(h.state().ws.game.as_ref().is_some_and(RemoteGame::attached));
    game.kill().unwrap();
    game.wait().unwrap();
}

#[test]
fn compare_sets_a_games_run_beside_its_saved_copy_and_beside_the_preview() {
    use creature_studio::gui::command::{DockCommand, FileCommand, PreviewCommand};
    use creature_studio::gui::panels::compare::{ComparePanel, TAB};
    use creature_studio::gui::view::compare::{Other, This};

    let (mut game, address, token) = serve();
    let (tmp, root) = project_copy();
    let file = tmp.path().join("copy.run.ron");
    let mut h = studio_with_dialogs(&root, Some(file.clone()));
    attach(&mut h, &address, &token);
    let recorded = until_within(&mut h, Duration::from_secs(10), |s| {
        s.ws.game.as_ref().is_some_and(|g| g.run.span(0).is_some_and(|(a, b)| b >= a + 20))
    });
    assert!(recorded, "the game's states are recorded");
    h.get_by_label("Save run…").click();
    h.run_steps(2);
    assert!(file.is_file(), "{}", h.state().status);

    h.state_mut().run(Command::Dock(DockCommand::Show(TAB)));
    h.state_mut().panels.state_mut::<ComparePanel>().unwrap().run.this = This::Game(0);
    h.state_mut().run(Command::File(FileCommand::CompareRecording(file.clone())));
    h.run_steps(3);
    let run = &h.state_mut().panels.state_mut::<ComparePanel>().unwrap().run;
    assert!(matches!(run.other, Some(Other::SavedRun(..))), "the saved run is the other side");
    let c = run.states.as_ref().expect("compared").as_ref().expect("compared without a problem");
    assert_eq!(c.diff.first_difference, None, "the game's run and its saved copy agree while both go");
    assert!(c.diff.both.is_some_and(|(from, to)| to > from), "{:?}", c.diff.both);
    assert!(!c.a.is_empty() && !c.b.is_empty() && !c.desires.is_empty());
    assert!(!labels_containing(&h, "never differs").is_empty(), "said");
    assert!(!labels_containing(&h, "solid: this run · dashed: the other").is_empty(), "both drawn");

    // The preview, paused, has run as long as the game has.
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.state_mut().ws.preview.as_mut().unwrap().run(600);
    let st = h.state_mut().panels.state_mut::<ComparePanel>().unwrap();
    (st.run.this, st.run.other) = (This::Preview, Some(Other::Game(0)));
    h.run_steps(3);
    let run = &h.state_mut().panels.state_mut::<ComparePanel>().unwrap().run;
    let c = run.states.as_ref().expect("compared").as_ref().expect("compared without a problem");
    assert!(!c.a.is_empty() && !c.b.is_empty(), "the preview's run beside the game's");
    assert!(c.diff.both.is_some(), "both runs cover the game's first seconds: {:?}", c.diff);
    assert!(!labels_containing(&h, "where both runs go").is_empty());
    game.kill().unwrap();
    game.wait().unwrap();
}
