//! Every view says what it shows now, never what it was derived from before: the
//! Opponent box and the status bar name the match playing, and the Preview's lesson card
//! is the run's of the creature in focus.

use creature_core::world::sim::Act;
use creature_studio::gui::Studio;
use creature_studio::gui::command::{ArenaCommand, Command, FileCommand, PreviewCommand};
use creature_studio::gui::shadow::panels::arena::ArenaPanel;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::support::{example, label_containing, labels_containing, palette, project_copy, studio};

fn steps(h: &mut Harness<'static, Studio>, n: usize) {
    for _ in 0..n {
        h.step();
    }
}

/// Whether a text is drawn as it is (a combo box's choice has no label of its own).
fn drawn(h: &Harness<'static, Studio>, text: &str) -> bool {
    h.output().shapes.iter().any(|s| matches!(&s.shape, egui::Shape::Text(t) if t.galley.text() == text))
}

#[test]
fn fighting_your_shadow_names_the_shadow_in_the_opponent_box_and_the_status_follows_the_match() {
    let mut h = studio(&example());
    h.get_by_label("⚔ Fight your shadow").click();
    steps(&mut h, 3);
    let header = label_containing(&h, "Match: you (left) against");
    assert!(header.contains("the shadow of rushdown.bank.ron"), "{header}");
    assert_eq!(h.state().panels.state::<ArenaPanel>().unwrap().opponent, "shadow");
    // The box shows the shadow of the bank, as the header does.
    assert!(drawn(&h, "shadow of rushdown.bank.ron (the bank shown)"), "the Opponent box");
    assert!(!drawn(&h, "zoner"), "the Opponent box does not name the zoner");
    assert!(h.state().status.contains("the shadow of rushdown.bank.ron"), "{}", h.state().status);

    // Another match, started with no words of its own: the status bar names it, not
    // the fight before.
    h.state_mut().run(Command::Arena(ArenaCommand::Start {
        opponent: "turtle".into(),
        autoplay: false,
        record: false,
    }));
    steps(&mut h, 3);
    assert_eq!(h.state().status, "Match: you (left) against the turtle (right)");
    assert_eq!(h.state().panels.state::<ArenaPanel>().unwrap().opponent, "turtle");
}

#[test]
fn another_creature_in_focus_never_shows_the_last_creatures_lesson_card() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.run();
    palette(&mut h, "show panel: preview");
    let first = h.state().ws.preview.as_ref().unwrap().creature_path().map(std::path::Path::to_path_buf);
    h.state_mut().ws.preview.as_mut().unwrap().run(400);
    h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Phase(6))));
    steps(&mut h, 2);
    for act in [Act::Hold, Act::Stroke, Act::Release] {
        h.state_mut().run(Command::Preview(PreviewCommand::Act(act)));
        steps(&mut h, 2);
    }
    label_containing(&h, "Last lesson, at");
    // The other creature of the project in focus: its run has no lesson yet.
    let other = ["creatures/daisy.ron", "creatures/ruth.ron"]
        .map(|f| root.join(f))
        .into_iter()
        .find(|f| Some(f) != first.as_ref())
        .expect("the example has two creatures");
    h.state_mut().run(Command::File(FileCommand::Open(other.clone())));
    steps(&mut h, 3);
    assert_eq!(h.state().ws.preview.as_ref().unwrap().creature_path(), Some(other.as_path()), "the preview runs it");
    assert!(labels_containing(&h, "Last lesson").is_empty(), "no card of the other creature's run");
}
