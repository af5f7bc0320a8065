//! The live preview driven through the real app: run the example creature until it has a
//! plan, hold it, slap it hard and release; the lesson appears in the event log, the
//! creature's document learns it and the tree shown is the one the lesson changed.

use crate::support::{example, label_containing, palette, studio};
use creature_core::data::TreeKind;
use creature_studio::gui::command::Command;
use creature_studio::gui::live::LiveCommand;
use egui_kittest::kittest::Queryable;

#[test]
fn a_hard_slap_in_the_preview_is_logged_and_changes_the_tree() {
    let mut h = studio(&example());
    assert!(h.state().view.live.preview.is_some(), "the example project's preview starts with it");
    h.state_mut().run(Command::Live(LiveCommand::Speed(0.0)));
    h.run();
    palette(&mut h, "show panel: preview");
    h.state_mut().run(Command::Live(LiveCommand::Phase(2)));
    h.step();
    h.get_by_label("×100").click();
    let mut frames = 0;
    while h.state().view.live.preview.as_ref().unwrap().sim.plan().is_none() && frames < 400 {
        h.step();
        frames += 1;
    }
    h.get_by_label("⏸ Pause").click();
    h.step();
    h.step();
    let plan = h.state().view.live.preview.as_ref().unwrap().sim.plan().expect("the creature makes a plan");
    let creature = h.state().view.creature.clone().expect("daisy is open");
    let before = h.state().ws.creature(&creature).unwrap().tree(plan.desire, TreeKind::ActOn).examples.clone();

    h.key_press(egui::Key::H);
    h.step();
    assert!(h.state().view.live.preview.as_ref().unwrap().sim.teaching().hand.holding);
    h.key_press(egui::Key::B);
    h.step();
    h.key_press(egui::Key::R);
    h.step();
    h.step();

    let line = label_containing(&h, "lesson -0.50");
    assert!(line.contains(&format!("taught to {} {}", plan.desire, plan.action)), "{line}");
    let after = h.state().ws.creature(&creature).unwrap().tree(plan.desire, TreeKind::ActOn).examples.clone();
    assert_ne!(before, after, "the slapped plan's ActOn tree learnt the lesson");
    assert!(after.iter().any(|e| e.feedback < 0.0));
    assert_eq!(h.state().view.tree, (plan.desire, TreeKind::ActOn), "the inspector shows the tree that changed");
    assert!(h.state().ws.is_dirty(&creature), "what the creature learnt can be saved");
}
