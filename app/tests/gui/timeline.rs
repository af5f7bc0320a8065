//! Time travel in the real editor: a slap undone by looking back before it and playing
//! on (the slapped future kept as a branch), and the timeline scrubbed with the mouse.

use crate::support::{example, palette, studio};
use creature_studio::gui::command::{Command, LiveCommand};
use egui_kittest::kittest::Queryable;

#[test]
fn a_slap_is_undone_by_stepping_back_before_it_and_playing_on() {
    let mut h = studio(&example());
    h.state_mut().run(Command::Live(LiveCommand::Speed(0.0)));
    palette(&mut h, "show panel: preview");
    h.state_mut().run(Command::Live(LiveCommand::Phase(6)));
    h.state_mut().ws.preview.as_mut().unwrap().run(300);
    h.step();
    let liking = h.state().ws.preview.as_ref().unwrap().sim().creature().liking;
    for key in [egui::Key::H, egui::Key::B, egui::Key::R] {
        h.key_press(key);
        h.step();
    }
    h.state_mut().ws.preview.as_mut().unwrap().run(20);
    h.step();
    let p = h.state().ws.preview.as_ref().unwrap();
    assert_ne!(p.sim().creature().liking, liking, "the hard slap changed the liking");
    let slapped = p.sim().turns();

    // Left steps back a turn at a time: 21 turns back is the turn before the slap.
    for _ in 0..21 {
        h.key_press(egui::Key::ArrowLeft);
        h.step();
    }
    let p = h.state().ws.preview.as_ref().unwrap();
    assert_eq!(p.scrubbed(), Some(slapped - 21));
    assert_eq!(p.shown().creature().liking, liking, "before the slap, as it was");
    h.get_by_label_contains("looking back");

    // Playing on forks there: no slap in the new run, the slapped run kept as a branch.
    h.state_mut().run(Command::Live(LiveCommand::Speed(1.0)));
    for _ in 0..5 {
        h.step();
    }
    let p = h.state().ws.preview.as_ref().unwrap();
    assert_eq!(p.scrubbed(), None);
    assert_eq!(p.branches.len(), 1);
    assert_eq!(p.branches[0].rec.sim().turns(), slapped);
    assert_eq!(p.sim().creature().liking, liking);
}

#[test]
fn clicking_the_timeline_shows_that_turn_and_end_goes_back_to_the_newest() {
    let mut h = studio(&example());
    h.state_mut().run(Command::Live(LiveCommand::Speed(0.0)));
    palette(&mut h, "show panel: preview");
    h.state_mut().ws.preview.as_mut().unwrap().run(600);
    h.step();
    // The strip is the widget right under the timeline's heading; click its middle.
    let heading = h.get_by_label("Timeline").rect();
    let strip = egui::pos2(600.0, heading.bottom() + 22.0);
    h.event(egui::Event::PointerMoved(strip));
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: strip,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    h.step();
    h.step();
    let p = h.state().ws.preview.as_ref().unwrap();
    let shown = p.scrubbed().expect("a click on the strip looks back");
    assert!(shown > 0 && shown < 600, "{shown}");
    assert_eq!(p.shown().turns(), shown);
    h.key_press(egui::Key::End);
    h.step();
    assert_eq!(h.state().ws.preview.as_ref().unwrap().scrubbed(), None);
}
