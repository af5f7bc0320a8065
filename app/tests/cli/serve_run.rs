//! A game's run recorded from `creature-studio serve` as the studio receives it (SPEC
//! §23): the states, the game's events, a bookmark and the link lost marked on it, saved
//! to a `*.run.ron` file and opened again equal, as a game that is gone.

use std::time::{Duration, Instant};

use creature_core::file_writer::Policy;
use creature_core::link::message::{Control, HandAct, Role};
use creature_workspace::remote_game::RemoteGame;
use creature_workspace::remote_run::MarkKind;

use crate::serve::serve;

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
fn a_run_recorded_from_serve_is_saved_and_opened_again_equal_with_its_marks() {
    let (mut served, address, token) = serve();
    let mut game = RemoteGame::attach(&address, &token, Role::Controller, 20.0).expect("attaches");
    assert!(poll_until(&mut game, |g| g.run.span(0).is_some_and(|(a, b)| b >= a + 5)), "states are recorded");
    for act in [HandAct::Hold, HandAct::Stroke, HandAct::Release] {
        game.ask(&format!("{act:?}"), &Control::Hand { creature: 0, act }).unwrap();
    }
    let lesson = |g: &RemoteGame| g.run.marks(0).any(|m| m.kind == MarkKind::Event && m.text.starts_with("lesson"));
    assert!(poll_until(&mut game, lesson), "the release's lesson is marked");
    let (first, _) = game.run.span(0).unwrap();
    let then = game.run.state(0, first).unwrap().sim_time;
    game.run.mark_at(0, first, then, MarkKind::Bookmark, "the start".into());
    served.kill().unwrap();
    served.wait().unwrap();
    assert!(poll_until(&mut game, |g| !g.attached()), "a game gone is a link lost");

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ruth.run.ron");
    game.save_run(&path, &Policy::new_file()).unwrap();
    let opened = RemoteGame::opened(&path).unwrap();
    assert!(!opened.attached() && opened.let_go_of(), "an opened run has no game");
    assert!(opened.status().contains("ruth.run.ron"), "{}", opened.status());
    assert_eq!(opened.address, game.address);
    let names =
        |g: &RemoteGame| g.creatures.iter().map(|c| (c.id, c.name.clone(), c.species.clone())).collect::<Vec<_>>();
    assert_eq!(names(&opened), names(&game));
    assert_eq!(opened.run.span(0), game.run.span(0));
    assert!(opened.run.states(0).eq(game.run.states(0)), "every state read back equal");
    let marks: Vec<_> = opened.run.marks(0).cloned().collect();
    assert_eq!(marks, game.run.marks(0).cloned().collect::<Vec<_>>());
    for (kind, text) in [(MarkKind::Event, "lesson"), (MarkKind::Link, "link lost"), (MarkKind::Bookmark, "the start")]
    {
        assert!(marks.iter().any(|m| m.kind == kind && m.text.starts_with(text)), "{kind:?} {text}: {marks:?}");
    }
    assert_eq!(opened.saved_run(), game.saved_run(), "saved again, the same file");
}
