//! The creature inspector driven through the real app: pick Hunger ActOn, add an
//! example, and the tree graph gains a node at once.

use crate::support::{click_at, example, label_containing, palette, studio};
use creature_core::names::Desire;
use creature_core::species::data::TreeKind;
use egui_kittest::kittest::Queryable;

#[test]
fn adding_an_example_to_hunger_acton_grows_the_graph() {
    let mut h = studio(&example());
    assert!(h.state().view.focus.creature().is_some(), "the example project's creature opens with it");
    palette(&mut h, "tree: hunger acton");
    assert_eq!(h.state().view.tree, (Desire::Hunger, TreeKind::ActOn));
    let nodes = h.state().graph().node_count();
    let header = label_containing(&h, " nodes · ");
    assert!(nodes > 0 && header.starts_with(&format!("{nodes} nodes")), "{header}");

    h.get_by_label_contains("Add example").click();
    h.run();
    let grown = h.state().graph().node_count();
    assert!(grown > nodes, "{nodes} nodes, then {grown}");
    assert!(label_containing(&h, " nodes · ").starts_with(&format!("{grown} nodes")));

    // Undo removes the example and the node again.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().graph().node_count(), nodes);
}

#[test]
fn fit_keeps_the_largest_example_tree_readable_in_the_default_layout() {
    let mut h = studio(&example());
    let ruth = example().join("creatures/ruth.ron");
    h.state_mut().run(creature_studio::gui::command::FileCommand::Open(ruth));
    h.run();
    palette(&mut h, "tree: hunger acton");
    assert!(h.state().graph().tree.nodes.len() >= 15, "Ruth's Hunger ActOn is a large tree");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num0);
    h.run();
    let scale = h.state().graph().scale().expect("the graph is drawn");
    let points = scale * 12.5;
    assert!(points >= creature_studio::gui::panels::graph::MIN_TEXT_POINTS, "node text at {points} points");
    // The whole tree is in view at that size, its deepest questions folded where it
    // would not be, which the header says.
    let g = &h.state().graph();
    let shown: Vec<egui::Rect> = (0..g.node_count()).filter_map(|i| g.screen_rect(i)).collect();
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1600.0, 1000.0));
    assert!(shown.iter().all(|r| window.contains_rect(*r)), "every node shown is in the window: {shown:?}");
    if g.fit_folded > 0 {
        label_containing(&h, &format!("Fit folded {} question", g.fit_folded));
    }
}

#[test]
fn hovering_a_question_shows_its_gain_and_the_runner_up() {
    let mut h = studio(&example());
    let ruth = example().join("creatures/ruth.ron");
    h.state_mut().run(creature_studio::gui::command::FileCommand::Open(ruth));
    h.run();
    palette(&mut h, "tree: hunger acton");
    let tree = h.state().graph().tree.clone();
    let root = tree.nodes[0].question.clone().expect("Ruth's Hunger ActOn root asks a question");
    // The pointer rests on the root's header, where the graph drew it on screen.
    let r = h.state().graph().screen_rect(0).expect("the graph is drawn");
    let at = egui::pos2(r.center().x, r.min.y + 0.25 * r.height());
    h.event(egui::Event::PointerMoved(at));
    h.run();
    // Said twice: in the line above the graph and in the question's tooltip.
    let said = crate::support::labels_containing(&h, "gain ratio");
    assert_eq!(said.len(), 2, "{said:?}");
    let tip = said.iter().find(|t| t.contains("Click: list")).expect("the tooltip").clone();
    assert!(said.iter().any(|t| !t.contains("Click") && tip.starts_with(t.as_str())), "{said:?}");
    // The figures are the builder's own, from the examples the tree was built from.
    let creature = h.state().view.focus.creature().cloned().unwrap();
    let examples = h
        .state()
        .ws
        .creature(&creature)
        .unwrap()
        .tree(creature_core::names::Desire::Hunger, creature_core::species::data::TreeKind::ActOn)
        .examples
        .clone();
    let gains = creature_core::mind::tree::question_gains(&tree, &h.state().ws.data.attributes, &examples, 0);
    assert_eq!(gains[0].0, root);
    assert!(tip.starts_with(&format!("{root}? gain ratio {:.3}", gains[0].1)), "{tip}");
    match gains.get(1) {
        Some((a, g)) => assert!(tip.contains(&format!("runner-up {a}? {g:.3}")), "{tip}"),
        None => assert!(tip.contains("no other question")),
    }
}

#[test]
fn a_question_folds_its_subtree_and_the_minimap_moves_the_view() {
    let mut h = crate::support::studio_sized(&example(), egui::vec2(1280.0, 720.0));
    let ruth = example().join("creatures/ruth.ron");
    h.state_mut().run(creature_studio::gui::command::FileCommand::Open(ruth));
    h.run();
    palette(&mut h, "tree: hunger acton");
    let all = h.state().graph().node_count();
    let fitted = h.state().graph().folded.clone();
    // The first question under the root with a subtree of its own, open after the fit.
    let tree = h.state().graph().tree.clone();
    let q = (1..tree.nodes.len())
        .find(|&i| !tree.nodes[i].is_leaf() && !fitted.contains(&i) && h.state().graph().screen_rect(i).is_some())
        .expect("an open question below the root");
    let under = h.state().graph().below(q);
    assert!(under > 0);
    h.state_mut().graph_mut().toggle_fold(q);
    h.run();
    assert_eq!(h.state().graph().node_count(), all - under, "the folded nodes are not drawn");
    // The folded question offers to unfold, naming how many nodes it hides; its button
    // is the first thing in the node's header (clicked where the graph drew it).
    h.get_by_label(&format!("+{under}"));
    let g = &h.state().graph();
    let centre = g.transform().unwrap().inverse() * g.screen_rect(q).unwrap().center();
    h.state_mut().graph_mut().centre_on = Some(centre);
    h.run();
    let g = &h.state().graph();
    let (r, s) = (g.screen_rect(q).expect("the folded question is drawn"), g.scale().unwrap());
    let at = r.min + egui::vec2(16.0 * s, 14.0 * s);
    click_at(&mut h, at);
    h.run();
    assert_eq!(h.state().graph().node_count(), all);
    assert_eq!(h.state().graph().folded, fitted);
    // Every question open: the whole tree does not fit the panel at a readable size.
    for f in fitted {
        h.state_mut().graph_mut().toggle_fold(f);
    }
    h.run();
    assert_eq!(h.state().graph().node_count(), tree.nodes.len());

    // The whole tree does not fit the panel at a readable size, so the minimap shows;
    // a click in its corner moves the view there.
    let map = h.state().graph().minimap.expect("the minimap is shown");
    let before = h.state().graph().transform().unwrap();
    let at = map.left_top() + egui::vec2(6.0, 6.0);
    click_at(&mut h, at);
    h.run();
    let after = h.state().graph().transform().unwrap();
    assert_ne!(before.translation, after.translation, "the view moved");
    assert_eq!(before.scaling, after.scaling, "at the same zoom");
}
