//! Shadow files opened from the project browser go where a designer expects them: a
//! bank to the replay bank view, a state to the query inspector's typed state, a schema
//! to the schema editor (not to the raw text, which for a binary bank is unreadable).

use creature_shadow::bank::Bank;
use creature_studio::gui::command::{Command, FileCommand};
use creature_studio::gui::shadow::panels::query::QueryPanel;
use egui_kittest::kittest::Queryable;

use crate::support::{label_containing, project_copy, studio};

/// The distance typed in the query inspector.
fn typed_distance(h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>) -> Option<f64> {
    h.state().panels.state::<QueryPanel>().unwrap().typed.get("distance").copied()
}

#[test]
fn a_bank_a_state_and_a_schema_open_in_their_views() {
    let (_tmp, root) = project_copy();
    let near = root.join("shadow/near.state.ron");
    let far = std::fs::read_to_string(root.join("shadow/far.state.ron")).unwrap();
    std::fs::write(&near, far.replace("\"distance\": 4.0", "\"distance\": 0.7")).unwrap();
    let mut h = studio(&root);

    // A click on the bank in the project browser shows it in the bank view (scrolled
    // to first, as the project's list is longer than the panel).
    h.get_by_label_contains("zoner.bank.ron").scroll_to_me();
    h.run();
    h.get_by_label_contains("zoner.bank.ron").click();
    h.run();
    let zoner = root.join("shadow/zoner.bank.ron");
    assert_eq!(h.state().view.shadow.bank_path.as_deref(), Some(zoner.as_path()), "{}", h.state().status);
    let events = Bank::load(&zoner).unwrap().len();
    assert_eq!(label_containing(&h, " rows"), format!("{events} rows"), "the bank view shows the zoner's bank");

    // A state file becomes the query inspector's typed state.
    assert_eq!(typed_distance(&h), Some(4.0));
    h.state_mut().run(Command::File(FileCommand::Open(near.clone())));
    h.run();
    assert_eq!(typed_distance(&h), Some(0.7), "{}", h.state().status);
    assert!(label_containing(&h, "within the neighbourhood").starts_with("best"));

    // The schema opens in the schema editor.
    h.state_mut().run(Command::File(FileCommand::Open(root.join("shadow/arena.schema.ron"))));
    h.run();
    assert!(h.state().status.starts_with("Showing"), "{}", h.state().status);
    assert!(h.query_all_by_label("weight").count() >= 16, "the schema editor shows a weight per feature");

    // A bank that does not parse says why and shows its text, to fix it.
    let broken = root.join("shadow/broken.bank.ron");
    std::fs::write(&broken, "(events: [(id: 0, state: {\"distance\": nope})])").unwrap();
    h.state_mut().run(Command::File(FileCommand::Open(broken.clone())));
    h.run();
    let status = h.state().status.clone();
    assert!(status.contains("does not load") && status.contains("broken.bank.ron:1:"), "{status}");
    assert_eq!(h.state().view.shadow.bank_path.as_deref(), Some(zoner.as_path()), "the shown bank stays");
}
