//! The preview map in the real app: a click on an object inspects it (its beliefs and
//! its scores by the creature's trees), the wheel zooms about the pointer, and a button
//! shows the whole village again.

use crate::support::{click_at, example, palette, sheep_on_map, studio};
use creature_studio::gui::command::{Command, DockCommand, PreviewCommand};
use egui_kittest::kittest::Queryable;

#[test]
fn clicking_a_sheep_inspects_it_and_the_wheel_zooms_about_the_pointer() {
    let mut h = studio(&example());
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    palette(&mut h, "show panel: preview");
    h.step();
    let (id, pos, at) = sheep_on_map(&h);
    click_at(&mut h, at);
    assert_eq!(
        h.state().panels.state::<creature_studio::gui::panels::village::PreviewPanel>().unwrap().map.inspect.as_deref(),
        Some(id.as_str())
    );
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
    let map = &h.state().panels.state::<creature_studio::gui::panels::village::PreviewPanel>().unwrap().map;
    assert!(map.zoom > 1.5, "zoomed to {}", map.zoom);
    let moved = map.to_screen(pos).unwrap().distance(at);
    assert!(moved < 3.0, "the point under the pointer moved {moved} px");
    h.get_by_label_contains("whole village").click();
    h.step();
    h.step();
    assert_eq!(
        h.state().panels.state::<creature_studio::gui::panels::village::PreviewPanel>().unwrap().map.zoom,
        1.0,
        "the button shows the whole village"
    );
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

/// On a laptop the map's legend has a strip of its own under the village, and no name
/// on the map covers an object's icon.
#[test]
fn the_legend_and_the_names_leave_the_village_and_its_icons_in_view() {
    let mut h = crate::support::studio_sized(&example(), egui::vec2(1280.0, 720.0));
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.state_mut().run(Command::Dock(DockCommand::Maximise(creature_studio::gui::panels::village::TAB)));
    crate::support::settle(&mut h);
    let shapes = &h.output().shapes;
    let grass = egui::Color32::from_rgb(92, 140, 70);
    let ground = shapes
        .iter()
        .find_map(|s| match &s.shape {
            egui::Shape::Rect(r) if r.fill == grass => Some(r.rect),
            _ => None,
        })
        .expect("the village is drawn");
    let legend = shapes
        .iter()
        .find_map(|s| match &s.shape {
            egui::Shape::Rect(r) if r.fill == egui::Color32::from_rgba_unmultiplied(20, 20, 20, 200) => Some(r.rect),
            _ => None,
        })
        .expect("the legend is drawn");
    assert!(!legend.intersects(ground), "the legend {legend:?} covers the village {ground:?}");
    let icons: Vec<egui::Rect> = shapes
        .iter()
        .filter_map(|s| match &s.shape {
            egui::Shape::Circle(c) if c.stroke.color == egui::Color32::BLACK && c.radius >= 6.0 => {
                Some(egui::Rect::from_center_size(c.center, egui::Vec2::splat(2.0 * c.radius)))
            }
            _ => None,
        })
        .filter(|r| ground.intersects(*r))
        .collect();
    assert!(icons.len() > 5, "the village's things: {}", icons.len());
    let names: Vec<(String, egui::Rect)> = shapes
        .iter()
        .filter_map(|s| match &s.shape {
            egui::Shape::Text(t) if t.galley.text().chars().count() > 1 => {
                Some((t.galley.text().to_owned(), s.shape.visual_bounding_rect()))
            }
            _ => None,
        })
        .filter(|(_, r)| ground.contains(r.center()))
        .collect();
    assert!(!names.is_empty(), "names are drawn on the map");
    for (name, r) in &names {
        for i in &icons {
            assert!(!r.shrink(1.0).intersects(*i), "{name} at {r:?} covers an icon at {i:?}");
        }
    }
}
