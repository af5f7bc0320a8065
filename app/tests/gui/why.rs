//! "Why?" on the running preview, through the real app: the plan under way with the
//! priority the simulation chose it by, the decision, and the links to the tree graph.

use crate::support::{example, label_containing, palette, studio};
use creature_core::species::data::TreeKind;
use creature_core::world::sim::Act;
use creature_studio::gui::command::{Command, PreviewCommand};
use egui_kittest::kittest::Queryable;

#[test]
fn why_shows_the_plan_under_way_and_opens_its_tree_at_the_asked_node() {
    let mut h = studio(&example());
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Phase(2))));
    h.run();
    palette(&mut h, "show panel: why");
    // Step the preview a few turns at a time until the creature has a plan whose object
    // its ActOn tree has something to say about.
    let mut tries = 0;
    loop {
        h.state_mut().ws.preview.as_mut().unwrap().run(10);
        h.step();
        let sim = &h.state().ws.preview.as_ref().unwrap().sim();
        let why = sim.why();
        if sim.plan().is_some() && why.path.as_ref().is_some_and(|p| !p.steps.is_empty()) {
            break;
        }
        tries += 1;
        assert!(tries < 600, "no plan with a tree path in 600 s");
    }
    h.step();
    let sim = &h.state().ws.preview.as_ref().unwrap().sim();
    let plan = sim.plan().unwrap();
    let why = sim.why();
    let row = label_containing(&h, &format!("▶ {} {} {}", plan.desire, plan.action, plan.object));
    assert!(!row.is_empty());
    // The priority shown is the one the simulation chose the plan by.
    let shown = why.plans.iter().find(|p| p.current).expect("the plan under way is listed");
    assert_eq!(shown.priority, plan.priority);
    // The decision names the plan under way.
    assert!(why.decision.contains(&format!("{} {} {}", plan.desire, plan.action, plan.object)), "{}", why.decision);
    h.get_by_label(&why.decision);

    let path = why.path.unwrap();
    let step = &path.steps[0];
    let link = format!("{}? ➡ {}", step.question, step.answer);
    // The path is below the plans: scroll the panel to it first.
    h.get_by_label(&link).scroll_to_me();
    // egui scrolls smoothly, over a few frames.
    for _ in 0..30 {
        h.step();
    }
    h.get_by_label(&link).click();
    h.step();
    h.step();
    assert_eq!(h.state().view.tree, (path.desire, TreeKind::ActOn));
    assert_eq!(h.state().view.node, Some(step.node));
}

/// A plan in Why? is a right click from a breakpoint on it and a watch of its object's
/// score, each added to the preview's lists.
#[test]
fn a_plan_in_why_sets_a_breakpoint_and_a_watch_from_its_right_click() {
    let (_tmp, root) = crate::support::project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.state_mut().ws.preview.as_mut().unwrap().run(200);
    palette(&mut h, "show panel: why");
    h.step();
    let plan = h.state().ws.preview.as_ref().unwrap().sim().plan().expect("a plan under way");
    let name = format!("▶ {} {} {}", plan.desire, plan.action, plan.object);
    h.get_by_label_contains(&name).scroll_to_me();
    h.step();
    h.get_by_label_contains(&name).click_secondary();
    h.run();
    h.get_by_label(&format!("Break when {} {} {} starts", plan.desire, plan.action, plan.object)).click();
    h.step();
    h.step();
    let texts: Vec<String> =
        h.state().ws.preview.as_ref().unwrap().breakpoints.list().iter().map(|b| b.text.clone()).collect();
    let want =
        format!("PlanStarted(desire: \"{}\", action: \"{}\", object: \"{}\")", plan.desire, plan.action, plan.object);
    assert_eq!(texts, vec![want], "{}", h.state().status);

    h.get_by_label_contains(&name).click_secondary();
    h.run();
    h.get_by_label(&format!("Watch {}'s score by {} ActOn", plan.object, plan.desire)).click();
    h.step();
    h.step();
    let watched: Vec<String> = h.state().ws.watches.list().iter().map(|w| w.text.clone()).collect();
    assert_eq!(watched, vec![format!("Score(desire: \"{}\", tree: ActOn, object: \"{}\")", plan.desire, plan.object)]);
}

/// True when `s` holds a number written with an exponent, as `2.12e-3`.
fn has_exponent(s: &str) -> bool {
    let b = s.as_bytes();
    b.windows(4).any(|w| w[0].is_ascii_digit() && w[1] == b'e' && w[2] == b'-' && w[3].is_ascii_digit())
}

/// Priorities below a hundredth are printed as decimals a designer reads (0.0021), in
/// the table and in the decision, never as 2.12e-3.
#[test]
fn why_prints_small_priorities_as_decimals() {
    use egui_kittest::kittest::NodeT;
    let mut h = studio(&example());
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Phase(2))));
    h.run();
    palette(&mut h, "show panel: why");
    let small = |h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>| {
        let why = h.state().ws.preview.as_ref().unwrap().sim().why();
        why.plans.iter().map(|p| p.priority).find(|&v| v > 0.0 && v < 0.01)
    };
    let mut tries = 0;
    while small(&h).is_none() {
        h.state_mut().ws.preview.as_mut().unwrap().run(10);
        tries += 1;
        assert!(tries < 600, "no plan below a hundredth in 600 s");
    }
    h.step();
    h.step();
    let v = small(&h).unwrap();
    let text = creature_core::decimals::decimal(v);
    assert!(text.starts_with("0.00") && !text.contains('e'), "{text}");
    h.get_by_label(&text);
    let shown: Vec<String> = h
        .query_all_by_role(egui::accesskit::Role::Label)
        .filter_map(|n| n.accesskit_node().value())
        .filter(|t| has_exponent(t))
        .collect();
    assert!(shown.is_empty(), "{shown:?}");
}
