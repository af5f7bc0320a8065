//! Arena play by keyboard in the real editor: held arrow keys walk the left fighter,
//! Z throws a light attack, the keyboard's decisions are recorded while playing, and
//! the recording kept at the match end grows the bank.

use creature_shadow::arena::Action;
use creature_studio::gui::Studio;
use creature_studio::gui::shadow::panels::arena::ArenaPanel;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::support::{example, label_containing, palette, studio};

fn rows(h: &Harness<'static, Studio>) -> usize {
    label_containing(h, " rows").trim_end_matches(" rows").parse().unwrap()
}

fn near_x(h: &Harness<'static, Studio>) -> i32 {
    h.state().view.shadow.arena.bout.as_ref().expect("a match runs").arena.fighters[0].x
}

fn recorded_actions(h: &Harness<'static, Studio>) -> Vec<String> {
    let bout = h.state().view.shadow.arena.bout.as_ref().unwrap();
    bout.recording(0).map(|p| p.events.iter().map(|e| e.action.clone()).collect()).unwrap_or_default()
}

#[test]
fn keyboard_play_moves_attacks_records_and_is_kept_in_the_bank() {
    let mut h = studio(&example());
    palette(&mut h, "show panel: replay bank");
    h.run();
    let before = rows(&h);
    palette(&mut h, "show panel: arena");
    h.run();
    h.state_mut().panels.state_mut::<ArenaPanel>().unwrap().opponent = "turtle".to_owned();
    h.get_by_label("▶ Start match").click();
    h.step();
    assert!(h.state().view.shadow.arena.bout.as_ref().unwrap().is_human(0), "the near side is the keyboard's");

    // Right arrow held for a second of frames (the harness steps a quarter second).
    let x0 = near_x(&h);
    h.key_down(egui::Key::ArrowRight);
    for _ in 0..4 {
        h.step();
    }
    let x1 = near_x(&h);
    assert!(x1 > x0, "holding Right walks forward: {x0} → {x1}");
    assert_eq!(h.state().view.shadow.arena.bout.as_ref().unwrap().held(0), Action::WalkForward);
    h.key_up(egui::Key::ArrowRight);
    h.step();
    h.step();
    assert!(near_x(&h) - x1 < x1 - x0, "letting go stops the walk");

    h.key_down(egui::Key::Z);
    h.step();
    h.key_up(egui::Key::Z);
    h.step();
    let actions = recorded_actions(&h);
    assert!(actions.iter().any(|a| a == "WalkForward"), "{actions:?}");
    assert!(actions.iter().any(|a| a == "Light"), "Z is a light attack: {actions:?}");

    h.get_by_label("⏩ Play to the end").click();
    h.step();
    h.step();
    let recorded = h.state().view.shadow.arena.pending.as_ref().map_or(0, |p| p.events.len());
    assert!(recorded >= actions.len(), "the whole match is recorded ({recorded} < {})", actions.len());
    let result = label_containing(&h, "Match over: ");
    assert!(result.contains("won") || result.contains("draw"), "the result says who won: {result}");
    // "Keep" says which bank it adds to: the one shown.
    h.get_by_label("Keep in rushdown.bank.ron").click();
    h.step();
    h.step();
    palette(&mut h, "show panel: replay bank");
    h.step();
    assert_eq!(rows(&h), before + recorded, "the kept match is in the bank");
}

/// Fighting your shadow, the keys left alone: the shadow takes your fighter and the
/// arena says so and how to take it back; an arrow key does.
#[test]
fn any_key_takes_your_fighter_back_from_the_shadow_that_took_it() {
    let mut h = studio(&example());
    h.get_by_label("⚔ Fight your shadow").click();
    h.step();
    h.state_mut().view.shadow.arena.set_idle_seconds(0.5);
    h.step();
    h.step();
    let human = |h: &Harness<'static, Studio>| h.state().view.shadow.arena.bout.as_ref().unwrap().is_human(0);
    assert!(human(&h), "you play your fighter at first");
    label_containing(&h, "You play the left fighter. Leave the keys for 0.5 s");
    let mut frames = 0;
    while human(&h) && frames < 40 {
        h.step();
        frames += 1;
    }
    assert!(!human(&h), "the shadow took the idle fighter");
    h.step();
    label_containing(&h, "The shadow plays your fighter while you are idle: press any key");
    h.key_down(egui::Key::ArrowLeft);
    h.step();
    h.step();
    assert!(human(&h), "Left took the fighter back");
    h.key_up(egui::Key::ArrowLeft);
    h.step();
    label_containing(&h, "You play the left fighter.");
}
