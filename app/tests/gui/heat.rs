//! The heat of the tree graph: each node counts the turns, over the last simulated
//! seconds before the shown turn, at which the plan under way asked the tree about its
//! object and the answer passed the node. The counts are played again from the
//! recording; here they are checked against the live path read turn by turn as the run
//! went.

use creature_core::names::Desire;
use creature_core::species::data::TreeKind;
use creature_studio::gui::command::TimeCommand;
use creature_studio::gui::command::{Command, SelectCommand};
use creature_workspace::heat::Heat;

use crate::support::palette;

#[test]
fn each_node_counts_the_turns_the_plan_under_way_passed_it_over_the_window() {
    let (_tmp, mut h) = crate::support::eating_preview();
    let doc = h.state().ws.preview_creature_doc().expect("the preview's creature is open");
    h.state_mut().run(Command::Select(SelectCommand::Creature(doc.clone())));
    h.state_mut().run(Command::Select(SelectCommand::Tree(Desire::Hunger, TreeKind::ActOn)));
    palette(&mut h, "show panel: tree");
    h.step();

    // Turn by turn, the live path of each turn whose plan is Hunger's, as the run goes.
    let window = 300;
    let nodes = h.state().graph().tree.nodes.len();
    let mut expected = vec![0u32; nodes];
    let mut hunger_turns = 0;
    for _ in 0..window {
        h.state_mut().ws.preview.as_mut().unwrap().run(1);
        let ws = &h.state().ws;
        if let Some(live) =
            ws.live_path(&doc, Desire::Hunger, TreeKind::ActOn).filter(|l| l.plan_desire == Desire::Hunger)
        {
            hunger_turns += 1;
            for n in live.nodes {
                expected[n] += 1;
            }
        }
    }
    assert!(hunger_turns > 20, "the creature ate for a while: {hunger_turns} turns");
    h.state_mut().graph_mut().heat.seconds = f64::from(window) / 10.0;
    h.step();
    let counts = h.state().graph().heat.counts().map(<[u32]>::to_vec).expect("the graph shows the heat");
    assert_eq!(counts, expected, "the heat is the live path, turn by turn, over the window");
    assert_eq!(counts[0], hunger_turns, "every ask passes the root");

    // The run goes on: the counts kept up to date equal counts made afresh.
    h.state_mut().ws.preview.as_mut().unwrap().run(137);
    h.step();
    let kept = h.state().graph().heat.counts().map(<[u32]>::to_vec).unwrap();
    let ws = &h.state().ws;
    let tree = ws.built_tree(&doc, Desire::Hunger, TreeKind::ActOn).unwrap().clone();
    let fresh = Heat::default()
        .update(ws.preview.as_ref().unwrap(), Desire::Hunger, TreeKind::ActOn, &tree, f64::from(window) / 10.0)
        .unwrap()
        .to_vec();
    assert_eq!(kept, fresh);

    // Looking back, into the meal: the window ends at the shown turn, counted afresh
    // there (before the meal, at phase 0, Hunger is not on and its tree not asked).
    h.state_mut().run(Command::Time(TimeCommand::ScrubTo(550)));
    h.step();
    h.step();
    let back = h.state().graph().heat.counts().map(<[u32]>::to_vec).expect("heat while looking back");
    assert_ne!(back, kept);
    let ws = &h.state().ws;
    assert_eq!(ws.preview.as_ref().unwrap().shown().turns(), 550);
    let fresh = Heat::default()
        .update(ws.preview.as_ref().unwrap(), Desire::Hunger, TreeKind::ActOn, &tree, f64::from(window) / 10.0)
        .unwrap()
        .to_vec();
    assert_eq!(back, fresh);
}
