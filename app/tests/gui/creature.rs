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
