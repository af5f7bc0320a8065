//! Watches in the real app: the inspected sheep's score is watched from its button,
//! the Watches panel plots it over the run, and a click in the plot looks back to the
//! turn under the pointer.

use creature_studio::gui::command::{Command, PreviewCommand};
use egui_kittest::kittest::Queryable;

use crate::support::{inspect_a_sheep, palette, project_copy, studio};

#[test]
fn a_watch_set_from_the_inspector_is_plotted_and_a_click_in_the_plot_looks_back() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    palette(&mut h, "show panel: preview");
    h.step();
    h.state_mut().ws.preview.as_mut().unwrap().run(1500);
    h.step();
    let id = inspect_a_sheep(&mut h);
    // The button sits below the inspector's fold in the test window; assistive tools
    // click it where it is.
    h.get_by_label("Watch its Hunger score").click_accesskit();
    h.step();
    h.step();
    let list = h.state().ws.watches.list();
    assert_eq!(list.len(), 1, "{}", h.state().status);
    assert_eq!(list[0].text, format!("Score(desire: \"Hunger\", tree: ActOn, object: \"{id}\")"));
    h.get_by_label_contains(&format!("■ score of {id} by Hunger ActOn"));
    let values = h.state().ws.watches.values();
    assert_eq!(values.len(), 151, "every second of the run: turns 0, 10, ... 1500");
    assert!(values.iter().all(|s| s.2[0].is_some()), "the sheep has a score all along");

    // A click in the plot near its left edge (right of the axis' figures) shows a turn
    // from the start of the run.
    let legend = h.get_by_label_contains("■ score of").rect();
    let at = egui::pos2(legend.left() + 90.0, legend.bottom() + 60.0);
    crate::support::click_at(&mut h, at);
    h.step();
    let shown = h.state().ws.preview.as_ref().unwrap().scrubbed().expect("looking back");
    assert!((1..=750).contains(&shown), "turn {shown}");
}
