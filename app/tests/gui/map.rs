//! The preview map in the real app: a click on an object inspects it (its beliefs and
//! its scores by the creature's trees), the wheel zooms about the pointer, and a button
//! shows the whole village again.

use crate::support::{click_at, example, palette, studio};
use creature_studio::gui::command::{Command, PreviewCommand};
use egui_kittest::kittest::Queryable;

#[test]
fn clicking_a_sheep_inspects_it_and_the_wheel_zooms_about_the_pointer() {
    let mut h = studio(&example());
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    palette(&mut h, "show panel: preview");
    h.step();
    let (id, pos) = {
        let v = h.state().ws.preview.as_ref().unwrap().sim().village();
        let o = v.objects.iter().find(|o| o.kind == creature_core::species::rules::Kind::Sheep).expect("a sheep");
        (o.id.clone(), o.pos)
    };
    let at = h.state().view.village.map.to_screen(pos).expect("the map is drawn");
    click_at(&mut h, at);
    assert_eq!(h.state().view.village.map.inspect.as_deref(), Some(id.as_str()));
    h.get_by_label(&format!("{id} · sheep"));
    // Its score by a tree with examples is the simulation's own.
    h.get_by_label("Activity");

    // Zoom in about the sheep: it stays under the pointer.
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, 240.0),
        modifiers: egui::Modifiers::NONE,
        phase: egui::TouchPhase::Move,
    });
    for _ in 0..20 {
        h.step();
    }
    let map = &h.state().view.village.map;
    assert!(map.zoom > 1.5, "zoomed to {}", map.zoom);
    let moved = map.to_screen(pos).unwrap().distance(at);
    assert!(moved < 3.0, "the point under the pointer moved {moved} px");
    h.get_by_label_contains("whole village").click();
    h.step();
    h.step();
    assert_eq!(h.state().view.village.map.zoom, 1.0, "the button shows the whole village");
}

/// The inspected object's buttons are the player's acts: giving it puts it in the
/// creature's hands, and the gift and a deed are kept among the preview's inputs, the
/// ones a saved scenario replays.
#[test]
fn an_inspected_sheep_can_be_given_to_the_creature_and_a_deed_done_on_it() {
    use creature_core::world::sim::Act;
    let mut h = studio(&example());
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Phase(6))));
    palette(&mut h, "show panel: preview");
    h.step();
    let id = crate::support::inspect_a_sheep(&mut h);
    h.get_by_label("Give to the creature").click();
    h.step();
    h.step();
    h.get_by_label("Do it").click();
    h.step();
    h.step();
    let p = h.state().ws.preview.as_ref().unwrap();
    let sim = p.sim();
    let sheep = &sim.village().objects[sim.village().find(&id).unwrap()];
    assert_eq!(sheep.pos, sim.position(), "the creature holds the sheep it was given");
    let acts: Vec<&Act> = p.inputs.iter().map(|(_, a)| a).collect();
    assert!(acts.contains(&&Act::Give { object: id.clone() }), "{acts:?}");
    assert!(acts.iter().any(|a| matches!(a, Act::Deed { object, .. } if *object == id)), "{acts:?}");
}
