//! The live path: while the preview runs, the tree graph of the preview's creature
//! draws in gold where the plan under way takes its object through the tree, as the
//! simulation itself explains it; looking back moves the path to the shown turn.

use creature_core::names::Desire;
use creature_core::species::data::TreeKind;
use creature_studio::gui::command::{Command, DockCommand, FileCommand, PreviewCommand, SelectCommand, UiCommand};
use egui_kittest::kittest::Queryable;

use crate::support::{click_button_at, label_containing, palette, project_copy, studio};

#[test]
fn the_tree_graph_draws_the_running_plans_path_and_follows_the_shown_turn() {
    let (_tmp, mut h) = crate::support::eating_preview();
    h.state_mut().ws.preview.as_mut().unwrap().run(5);
    h.step();
    let doc = h.state().ws.preview_creature_doc().expect("the preview's creature is open");
    let plan = h.state().ws.preview.as_ref().unwrap().sim().plan().expect("a plan under way");
    assert_eq!(plan.desire, Desire::Hunger, "{}", h.state().status);
    h.state_mut().run(Command::Select(SelectCommand::Creature(doc)));
    h.state_mut().run(Command::Select(SelectCommand::Tree(plan.desire, TreeKind::ActOn)));
    palette(&mut h, "show panel: tree");
    h.step();
    h.step();
    let sim = h.state().ws.preview.as_ref().unwrap().sim();
    let e = sim.score_path(plan.desire, TreeKind::ActOn, &plan.object).unwrap();
    let mut expected: Vec<usize> = e.steps.iter().map(|s| s.node).chain(e.node).collect();
    expected.dedup();
    assert!(!expected.is_empty());
    assert_eq!(h.state().graph().path, expected, "the gold path is the simulation's own");
    let line = label_containing(&h, "live: the");
    assert!(line.contains(&format!("{} plan's object {}", plan.desire, plan.object)), "{line}");

    // Looking back to the first turn, before any plan: no live path.
    h.state_mut().run(Command::Time(creature_studio::gui::command::TimeCommand::ScrubTo(0)));
    h.step();
    h.step();
    assert!(h.state().graph().path.is_empty(), "{:?}", h.state().graph().path);
}

/// The graph's search box on Ruth's Hunger ActOn tree: typing a value finds the nodes
/// its answer leads to, and folds every question with no match under it.
#[test]
fn the_graph_search_finds_a_value_and_folds_the_rest() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::File(FileCommand::Open(root.join("creatures/ruth.ron"))));
    h.state_mut().run(Command::Select(SelectCommand::Tree(Desire::Hunger, TreeKind::ActOn)));
    palette(&mut h, "show panel: tree");
    h.step();
    h.step();
    assert!(h.state().graph().tree.nodes.len() >= 19, "Ruth's Hunger ActOn tree is the large one");
    h.get_by_label("🔍").focus();
    h.step();
    h.get_by_label("🔍").type_text("horse");
    h.step();
    h.step();
    let g = &h.state().graph();
    let nodes = &g.tree.nodes;
    // Found: exactly the nodes an answer "horse" leads to.
    let mut expected: Vec<usize> =
        nodes.iter().flat_map(|n| n.branches.iter().filter(|(a, _)| a == "horse").map(|(_, c)| *c)).collect();
    expected.sort_unstable();
    assert!(!expected.is_empty());
    assert_eq!(g.found, expected);
    // Folded: every question but those on the way to a match.
    let mut on_the_way = std::collections::BTreeSet::new();
    for &f in &expected {
        let mut at = f;
        while let Some(parent) = nodes.iter().position(|n| n.branches.iter().any(|(_, c)| *c == at)) {
            on_the_way.insert(parent);
            at = parent;
        }
    }
    for (i, n) in nodes.iter().enumerate().filter(|(_, n)| !n.is_leaf()) {
        assert_eq!(g.folded.contains(&i), !on_the_way.contains(&i), "node {i} ({:?})", n.question);
    }
    label_containing(&h, &format!("{} found", expected.len()));
}

/// On a laptop's screen the Tree panel is small: Fit folds Ruth's deepest questions
/// until the text can be read, and says how many.
#[test]
fn fit_folds_the_deepest_questions_where_the_whole_tree_cannot_be_read() {
    let (_tmp, root) = project_copy();
    let mut h = crate::support::studio_sized(&root, egui::vec2(1280.0, 720.0));
    h.state_mut().run(Command::File(FileCommand::Open(root.join("creatures/ruth.ron"))));
    h.state_mut().run(Command::Select(SelectCommand::Tree(Desire::Hunger, TreeKind::ActOn)));
    palette(&mut h, "show panel: tree");
    h.step();
    h.state_mut().run(UiCommand::FitGraph);
    for _ in 0..6 {
        h.step();
    }
    let g = &h.state().graph();
    assert!(g.fit_folded > 0, "the 19 nodes do not fit the small panel");
    assert_eq!(g.folded.len(), g.fit_folded);
    let scale = g.scale().expect("drawn");
    assert!(
        scale * 12.5 >= creature_studio::gui::panels::graph::MIN_TEXT_POINTS - 0.01,
        "text at {} points",
        scale * 12.5
    );
    label_containing(&h, &format!("Fit folded {} question", g.fit_folded));

    // Maximised on a larger screen, the tree has room: Fit opens what it folded, and the
    // whole tree shows.
    h.set_size(egui::vec2(1920.0, 1080.0));
    h.state_mut().run(Command::Dock(DockCommand::Maximise(creature_studio::gui::panels::graph::TAB)));
    h.step();
    h.state_mut().run(UiCommand::FitGraph);
    for _ in 0..6 {
        h.step();
    }
    let g = &h.state().graph();
    assert_eq!((g.fit_folded, g.folded.len()), (0, 0), "the whole tree fits the window");
}

/// The minimap sits in the corner of the graph where it hides no node of the tree.
#[test]
fn the_minimap_hides_no_node() {
    let (_tmp, root) = project_copy();
    let mut h = crate::support::studio_sized(&root, egui::vec2(1280.0, 720.0));
    h.state_mut().run(Command::File(FileCommand::Open(root.join("creatures/ruth.ron"))));
    h.state_mut().run(Command::Select(SelectCommand::Tree(Desire::Hunger, TreeKind::ActOn)));
    palette(&mut h, "show panel: tree");
    for _ in 0..6 {
        h.step();
    }
    // Every question open: Ruth's tree overflows the panel.
    for f in h.state().graph().folded.clone() {
        h.state_mut().graph_mut().toggle_fold(f);
    }
    for _ in 0..6 {
        h.step();
    }
    let g = &h.state().graph();
    let map = g.minimap.expect("Ruth's tree overflows the panel, so the minimap shows");
    let graph = g.drawn_in.expect("the graph was drawn");
    assert!(!graph.intersects(map), "the minimap at {map:?} is beside the graph at {graph:?}");
    for i in 0..g.tree.nodes.len() {
        if let Some(r) = g.screen_rect(i) {
            let seen = r.intersect(graph);
            assert!(!seen.is_positive() || !seen.intersects(map), "node {i} at {r:?} under the minimap at {map:?}");
        }
    }
}

/// A tree node's right click sets breakpoints and watches: on the tree's desire, and on
/// the objects of the preview's village whose answers reach the node now.
#[test]
fn a_tree_node_sets_a_breakpoint_on_an_object_that_reaches_it() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.state_mut().ws.preview.as_mut().unwrap().run(300);
    let doc = h.state().ws.preview_creature_doc().expect("the preview's creature is open");
    h.state_mut().run(Command::Select(SelectCommand::Creature(doc)));
    h.state_mut().run(Command::Select(SelectCommand::Tree(Desire::Hunger, TreeKind::ActOn)));
    palette(&mut h, "show panel: tree");
    h.step();
    h.step();
    let tree = h.state().graph().tree.clone();
    assert!(tree.nodes[0].question.is_some(), "the root asks a question");
    // The graph is zoomed, where AccessKit cannot place its widgets: a right click on
    // the root's frame, above its title.
    open_node_menu(&mut h, 0);
    // Every object passes the root.
    let objects = h.state().ws.preview.as_ref().unwrap().sim().village().objects.len();
    label_containing(&h, &format!("{objects} objects reach this node now"));
    h.get_by_label("Break when a lesson teaches a Hunger plan").click();
    h.step();
    open_node_menu(&mut h, 0);
    // The nearest object first.
    let near = {
        let v = h.state().ws.preview.as_ref().unwrap().sim().village();
        let me = v.objects[v.me].pos;
        v.objects.iter().min_by(|a, b| a.distance_from(me).total_cmp(&b.distance_from(me))).unwrap().id.clone()
    };
    // A submenu's button carries its arrow.
    h.get_by_label(&format!("{near} ⏵")).click();
    h.step();
    h.get_by_label(&format!("Break when a Hunger plan on {near} starts")).click();
    h.step();
    h.step();
    let texts: Vec<String> =
        h.state().ws.preview.as_ref().unwrap().breakpoints.list().iter().map(|b| b.text.clone()).collect();
    assert_eq!(
        texts,
        vec![r#"Lesson(desire: "Hunger")"#.to_owned(), format!(r#"PlanStarted(desire: "Hunger", object: "{near}")"#)],
        "{}",
        h.state().status
    );

    // A breakpoint on the object's score, a step of the scores' range above it now.
    open_node_menu(&mut h, 0);
    h.get_by_label(&format!("{near} ⏵")).click();
    h.step();
    h.get_by_label_contains("comes above").click();
    h.step();
    h.step();
    let p = h.state().ws.preview.as_ref().unwrap();
    let now = p.sim().usefulness(Desire::Hunger, TreeKind::ActOn, &near).unwrap();
    let last = &p.breakpoints.list()[2];
    match &last.cond {
        creature_core::cond::Cond::Score { object, above: Some(a), below: None, .. } => {
            assert_eq!(object, &near);
            assert!(*a > now && *a < 0.125, "{a} above {now}, within the scores' range");
        }
        other => panic!("{other:?}"),
    }
}

/// Opens node `n`'s menu by a right click on its frame, above its title (the graph is
/// zoomed, where AccessKit cannot place its widgets). A menu just closed takes its
/// frames to go, as on a screen: the click is tried again until the menu is open.
fn open_node_menu(h: &mut egui_kittest::Harness<'static, creature_studio::gui::Studio>, n: usize) {
    for _ in 0..4 {
        let r = h.state().graph().screen_rect(n).expect("the node is drawn");
        click_button_at(h, egui::pos2(r.center().x, r.min.y + 3.0), egui::PointerButton::Secondary);
        if h.query_by_label_contains("reach this node now").is_some() {
            return;
        }
        h.step();
    }
    panic!("node {n}'s menu did not open");
}

/// The live plan's path is drawn only through the tree of the plan's desire: another
/// desire's tree draws none and says whose the plan is, with a link to that tree.
#[test]
fn another_desires_tree_draws_no_live_path_and_links_to_the_plans_tree() {
    let (_tmp, mut h) = crate::support::eating_preview();
    h.state_mut().ws.preview.as_mut().unwrap().run(5);
    h.step();
    let doc = h.state().ws.preview_creature_doc().expect("the preview's creature is open");
    let plan = h.state().ws.preview.as_ref().unwrap().sim().plan().expect("a plan under way");
    assert_eq!(plan.desire, Desire::Hunger);
    h.state_mut().run(Command::Select(SelectCommand::Creature(doc)));
    h.state_mut().run(Command::Select(SelectCommand::Tree(Desire::Curiosity, TreeKind::ActOn)));
    palette(&mut h, "show panel: tree");
    h.step();
    h.step();
    assert!(h.state().graph().path.is_empty(), "no path through Curiosity's tree: {:?}", h.state().graph().path);
    assert!(crate::support::labels_containing(&h, "live: the").is_empty(), "no live path claimed");
    h.get_by_label("the live plan is Hunger's: show Hunger ActOn").click();
    h.step();
    h.step();
    h.step();
    assert_eq!(h.state().view.tree, (Desire::Hunger, TreeKind::ActOn));
    assert!(!h.state().graph().path.is_empty(), "the plan's path is drawn in its own tree");
    label_containing(&h, "live: the Hunger plan's object");
}
