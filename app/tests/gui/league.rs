//! The League panel: the example project's banks play each other off the editor's
//! thread; the table is the league core plays, highest rating first; a cell of the
//! head-to-head grid plays that pair's first match again in the arena, to the same end.

use creature_shadow::arena::MatchOutcome;
use creature_shadow::league::Winner;
use creature_studio::gui::command::{Command, DockCommand};
use creature_studio::gui::shadow::panels::league::{LeaguePanel, TAB};
use egui_kittest::kittest::Queryable;

use creature_shadow::fight::Player;
use egui::accesskit::Toggled;
use egui_kittest::kittest::NodeT;

use crate::support::{example, label_containing, studio, until_within};

#[test]
fn a_league_of_the_example_banks_is_rated_and_a_match_plays_again_in_the_arena() {
    let mut h = studio(&example());
    h.state_mut().run(Command::Dock(DockCommand::Show(TAB)));
    h.run();
    h.state_mut().panels.state_mut::<LeaguePanel>().unwrap().matches = 1;
    h.run();
    h.get_by_label("▶ Play the league").click();
    let done = until_within(&mut h, std::time::Duration::from_secs(120), |s| {
        s.panels.state::<LeaguePanel>().is_some_and(|p| p.played.is_some())
    });
    assert!(done, "the league finishes");
    h.run();
    let panel = h.state().panels.state::<LeaguePanel>().unwrap();
    let played = panel.played.as_ref().unwrap().as_ref().expect("the example banks play");
    let n = played.names.len();
    assert!(n >= 3, "{:?}", played.names);
    assert_eq!(played.league.matches.len(), n * (n - 1), "every pair once from each side");
    let ratings: Vec<f64> = played.league.standings.iter().map(|s| s.rating).collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "highest first: {ratings:?}");
    let top = played.names[played.league.standings[0].bank].clone();
    let names = played.names.clone();
    assert!(h.query_all_by_label(&top).count() >= 1);

    // The first cell of the grid: the first bank against the second.
    let first = played.league.matches.iter().find(|m| (m.a, m.b) == (0, 1)).unwrap().clone();
    // Cells are in row order, the first of all is row 0, column 1.
    let want = grid_label(&h, 0, 1);
    let cell = h
        .query_all_by_label_contains("/")
        .find(|n| {
            use egui_kittest::kittest::NodeT;
            let label = n.accesskit_node().label().unwrap_or_default();
            label.split('/').all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_digit()))
        })
        .expect("a head-to-head cell");
    {
        use egui_kittest::kittest::NodeT;
        assert_eq!(cell.accesskit_node().label().unwrap_or_default(), want);
    }
    cell.click();
    // The match plays in the arena frame by frame from here.
    h.step();
    h.step();
    assert!(h.state().dock.find_tab(&creature_studio::gui::shadow::panels::arena::TAB).is_some());
    let arena = &mut h.state_mut().view.shadow.arena;
    let bout = arena.bout.as_mut().expect("the match is in the arena");
    bout.run();
    let winner = match bout.arena.outcome {
        Some(MatchOutcome::Winner(0)) => Winner::A,
        Some(MatchOutcome::Winner(_)) => Winner::B,
        _ => Winner::Draw,
    };
    assert_eq!((winner, bout.arena.frame), (first.winner, first.frames), "the same match, to the same end");

    // The end names the banks that played, not the arena's settings.
    h.run();
    let end = label_containing(&h, "Match over: ");
    let (a, b) = (&names[first.a], &names[first.b]);
    let said = match first.winner {
        Winner::A => end.contains(&format!("{a} (shadow) won against {b} (shadow)")),
        Winner::B => end.contains(&format!("{b} (shadow) won against {a} (shadow)")),
        Winner::Draw => end.contains("a draw") && end.contains(a.as_str()) && end.contains(b.as_str()),
    };
    assert!(said, "the end line names who played: {end}");

    // The arena's own settings are as they were: a new match is the keyboard, recorded,
    // against the scripted zoner.
    for (label, on) in [("Autoplay my side (scripted rushdown)", false), ("Record my side", true)] {
        let toggled = h.get_by_label(label).accesskit_node().toggled();
        assert_eq!(toggled, Some(if on { Toggled::True } else { Toggled::False }), "{label}");
    }
    h.get_by_label("▶ Start match").click();
    h.step();
    let bout = h.state().view.shadow.arena.bout.as_ref().expect("a new match");
    assert_eq!([bout.player(0), bout.player(1)], [Player::Human, Player::Bot], "the keyboard against the bot");
    assert!(bout.recording(0).is_some(), "the keyboard's side is recorded");
}

/// The text of the grid's cell for banks `i` (row) and `j` (column).
fn grid_label(h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>, i: usize, j: usize) -> String {
    let p = h.state().panels.state::<LeaguePanel>().unwrap().played.as_ref().unwrap().as_ref().unwrap();
    let met: Vec<_> = p.league.matches.iter().filter(|m| (m.a, m.b) == (i, j) || (m.a, m.b) == (j, i)).collect();
    let won = met
        .iter()
        .filter(|m| match m.winner {
            Winner::A => m.a == i,
            Winner::B => m.b == i,
            Winner::Draw => false,
        })
        .count();
    format!("{won}/{}", met.len())
}
