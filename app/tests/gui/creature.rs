//! The creature inspector driven through the real app: pick Hunger ActOn, add an
//! example, and the tree graph gains a node at once.

use crate::support::{example, label_containing, palette, studio};
use creature_core::data::TreeKind;
use creature_core::names::Desire;
use egui_kittest::kittest::Queryable;

#[test]
fn adding_an_example_to_hunger_acton_grows_the_graph() {
    let mut h = studio(&example());
    assert!(h.state().view.creature.is_some(), "the example project's creature opens with it");
    palette(&mut h, "tree: hunger acton");
    assert_eq!(h.state().view.tree, (Desire::Hunger, TreeKind::ActOn));
    let nodes = h.state().view.graph.node_count();
    let header = label_containing(&h, " nodes · ");
    assert!(nodes > 0 && header.starts_with(&format!("{nodes} nodes")), "{header}");

    h.get_by_label_contains("Add example").click();
    h.run();
    let grown = h.state().view.graph.node_count();
    assert!(grown > nodes, "{nodes} nodes, then {grown}");
    assert!(label_containing(&h, " nodes · ").starts_with(&format!("{grown} nodes")));

    // Undo removes the example and the node again.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().view.graph.node_count(), nodes);
}

#[test]
fn fit_keeps_the_largest_example_tree_readable_in_the_default_layout() {
    let mut h = studio(&example());
    let ruth = example().join("creatures/ruth.ron");
    h.state_mut().run(creature_studio::gui::command::Command::OpenFileAt(ruth));
    h.run();
    palette(&mut h, "tree: hunger acton");
    assert!(h.state().view.graph.node_count() >= 15, "Ruth's Hunger ActOn is a large tree");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num0);
    h.run();
    let scale = h.state().view.graph.scale().expect("the graph is drawn");
    let points = scale * 12.5;
    assert!(points >= creature_studio::gui::panels::graph::MIN_TEXT_POINTS, "node text at {points} points");
}
