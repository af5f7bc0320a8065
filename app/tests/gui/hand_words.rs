//! The preview says what is true of the hand and its own buttons: the phase rule while
//! the creature is held (before any release), each touch in the event log with its time
//! and what it changed, a Pause button that says what a click does, and counts in the
//! right number.

use crate::support::{label_containing, labels_containing};
use creature_core::world::sim::Act;
use creature_studio::gui::command::{Command, PreviewCommand};
use egui_kittest::kittest::{NodeT, Queryable};

#[test]
fn holding_a_young_creature_says_the_phase_rule_before_the_release_and_the_log_shows_each_touch() {
    let (_tmp, mut h) = crate::support::paused_preview();
    h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Phase(0))));
    h.state_mut().ws.preview.as_mut().unwrap().run(300);
    h.run();
    h.key_press(egui::Key::H);
    h.run();
    h.key_press(egui::Key::T);
    h.run();
    h.key_press(egui::Key::B);
    h.run();
    assert!(h.state().ws.preview.as_ref().unwrap().sim().teaching().hand.holding, "still held: no release yet");
    // Said while holding, in the hand's row and in what letting go would teach.
    let rule = label_containing(&h, "Holding: in phase 0, before phase 2 the hand teaches only the liking");
    assert!(rule.ends_with("no plan is taught."), "{rule}");
    label_containing(&h, "Only the liking changes: in phase 0, before phase 2");
    assert!(labels_containing(&h, "no plan scores above 0").is_empty(), "the reason, not a riddle");

    // Each touch is a line of the log, at its time, with what it changed.
    let t = h.state().ws.preview.as_ref().unwrap().sim_time();
    let log: Vec<_> = h.state().view.village.log.iter().map(|l| (l.t, l.text.clone())).collect();
    let line = |start: &str| log.iter().find(|(_, text)| text.starts_with(start)).cloned();
    let held = line("held: a new running total").unwrap_or_else(|| panic!("{log:?}"));
    assert!(held.1.contains("before phase 2 the hand teaches only the liking"), "{held:?}");
    let stroked = line("stroked: total +0.").unwrap_or_else(|| panic!("{log:?}"));
    assert!(stroked.1.contains("(was +0.00)"), "{stroked:?}");
    assert!(stroked.1.contains("liking"), "{stroked:?}");
    let slapped = line("slapped hard: total").unwrap_or_else(|| panic!("{log:?}"));
    assert_eq!((held.0, stroked.0, slapped.0), (t, t, t), "at the turn they were done");
    // The log panel shows them with their time.
    label_containing(&h, &format!("{t:>8.1} s  slapped hard: total"));
}

#[test]
fn the_pause_button_says_what_a_click_does_and_counts_are_in_the_right_number() {
    let (_tmp, mut h) = crate::support::paused_preview();
    h.get_by_label("▶ Resume").click();
    h.step();
    h.step();
    assert!(h.state().ws.preview.as_ref().unwrap().speed > 0.0, "the click resumed the run");
    h.get_by_label("⏸ Pause").click();
    h.step();
    h.step();
    assert_eq!(h.state().ws.preview.as_ref().unwrap().speed, 0.0);
    h.get_by_label("▶ Resume");

    h.state_mut().run(Command::Preview(PreviewCommand::AddBookmark("the start".into())));
    h.run();
    let marks = h.state().ws.preview.as_ref().unwrap().recorder().recording().bookmarks.len();
    assert_eq!(marks, 1, "{}", h.state().status);
    // The bookmarks' list shows its count as its value.
    let shown: Vec<String> = h
        .query_all_by_role(egui::accesskit::Role::ComboBox)
        .filter_map(|n| n.accesskit_node().value())
        .filter(|v| v.contains("bookmark"))
        .collect();
    assert_eq!(shown, ["1 bookmark"], "one bookmark, said so");
}
