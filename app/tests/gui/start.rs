//! The start page a new user's layout opens on: its three ways in, each doing what it
//! says in the real app.

use crate::support::{example, studio};
use creature_studio::gui::command::Tab;
use egui_kittest::kittest::Queryable;

fn active(h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>, tab: Tab) -> bool {
    let dock = &h.state().dock;
    dock.find_tab(&tab).is_some_and(|p| dock[p.surface][p.node].get_leaf().is_some_and(|leaf| leaf.active == p.tab))
}

#[test]
fn the_start_page_opens_the_example_creature_a_lesson_and_the_arena() {
    let mut h = studio(&example());
    assert!(active(&h, creature_studio::gui::panels::start::TAB), "a new user's layout opens on the start page");
    h.get_by_label("🐄 Open the example creature").click();
    h.run();
    let creature = h.state().view.focus.creature().cloned().expect("a creature is open");
    // The example creature with the largest tree, at that tree: Ruth's Hunger ActOn.
    assert_eq!(creature.label(), "ruth.ron");
    assert_eq!(
        h.state().view.tree,
        (creature_core::names::Desire::Hunger, creature_core::species::data::TreeKind::ActOn)
    );
    assert!(h.state().graph().tree.nodes.len() >= 19);
    assert!(active(&h, creature_studio::gui::panels::graph::TAB));

    h.state_mut().run(creature_studio::gui::command::DockCommand::Show(creature_studio::gui::panels::start::TAB));
    h.run();
    h.get_by_label("▶ Play a lesson").click();
    // A playing lesson repaints every frame.
    for _ in 0..3 {
        h.step();
    }
    assert!(h.state().view.lesson.is_some(), "a lesson script is open");
    assert!(h.state().view.lesson_ui.playhead.is_some(), "and playing");
    assert!(active(&h, creature_studio::gui::panels::lesson::TAB));

    h.state_mut().run(creature_studio::gui::command::DockCommand::Show(creature_studio::gui::panels::start::TAB));
    h.step();
    h.step();
    h.get_by_label("⚔ Fight your shadow").click();
    h.step();
    h.step();
    assert!(active(&h, creature_studio::gui::shadow::panels::arena::TAB));
    // A fight starts at once against the shadow of the project's first bank, and the
    // arena says which bank it plays from.
    let arena = &h.state().view.shadow.arena;
    assert!(arena.bout.as_ref().is_some_and(|b| !b.arena.is_over()), "a match runs");
    assert!(arena.shadow().is_some(), "the opponent is a shadow");
    assert!(arena.bout.as_ref().unwrap().is_human(0), "the keyboard plays the left fighter");
    h.get_by_label_contains("(left) against the shadow of rushdown.bank.ron");
    // The recent projects are listed by the name in their manifest.
    h.state_mut().run(creature_studio::gui::command::DockCommand::Show(creature_studio::gui::panels::start::TAB));
    h.step();
    h.step();
    h.get_by_label_contains("Example village — ");
}

/// A panel takes the whole window (from a double click on its tab, its tab's menu, or
/// F11) and gives the layout back the same way.
#[test]
fn a_panel_is_maximised_and_restored_from_its_tab_or_f11() {
    use creature_studio::gui::panels::graph;
    let mut h = studio(&example());
    let tabs =
        |h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>| h.state().dock.iter_all_tabs().count();
    let before = tabs(&h);
    assert!(before > 5);
    h.state_mut().run(creature_studio::gui::command::DockCommand::Show(graph::TAB));
    h.run();
    // What a double click on the tab asks (egui_dock's tabs are not in the AccessKit
    // tree, so the test sends the command the tab sends).
    h.state_mut().run(creature_studio::gui::command::DockCommand::Maximise(graph::TAB));
    h.run();
    assert_eq!(tabs(&h), 1, "the tree graph has the window");
    assert!(active(&h, graph::TAB));
    h.key_press(egui::Key::F11);
    h.run();
    assert_eq!(tabs(&h), before, "the layout is back");
    assert!(active(&h, graph::TAB));
    h.key_press(egui::Key::F11);
    h.run();
    assert_eq!(tabs(&h), 1, "F11 maximises the focused panel too");
}
