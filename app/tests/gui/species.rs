//! The species editor driven through the real app: select Cow, drag the kindness
//! slider, and watch the time to full and the plots follow while the slider moves; the
//! whole drag is one undo step.

use crate::support::{example, label_containing, palette, studio};
use creature_core::names::{Species, Trait};
use creature_workspace::DocId;
use egui_kittest::kittest::Queryable;

#[test]
fn dragging_cow_kindness_changes_compassion_time_to_full_live_and_undoes_in_one_step() {
    let mut h = studio(&example());
    palette(&mut h, "species: cow");
    assert_eq!(h.state().view.species, Species::Cow);
    let before = label_containing(&h, "Compassion full in");
    let kindness = h.state().ws.data.species(Species::Cow).traits.get(Trait::Kindness);

    let rail = h.get_by_role_and_label(egui::accesskit::Role::Slider, "kindness").rect();
    let at = |v: f32| egui::pos2(rail.left() + rail.width() * v, rail.center().y);
    let start = at(kindness as f32);
    h.hover_at(start);
    h.drag_at(start);
    h.step();
    h.hover_at(at(kindness as f32 + 0.1));
    h.step();
    h.step();
    // Mid-drag the data, the label and the plots' source already show the new value.
    let mid = h.state().ws.data.species(Species::Cow).traits.get(Trait::Kindness);
    assert!(mid > kindness + 0.05, "{mid} after dragging from {kindness}");
    let during = label_containing(&h, "Compassion full in");
    assert_ne!(during, before, "the time to full follows the slider");
    h.hover_at(at(kindness as f32 + 0.2));
    h.step();
    h.drop_at(at(kindness as f32 + 0.2));
    h.run();
    let after = label_containing(&h, "Compassion full in");
    assert_ne!(after, before);
    assert!(h.state().ws.is_dirty(&DocId::Species(Species::Cow)), "the species file has unsaved edits");

    // Undo takes the whole drag back at once.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().ws.data.species(Species::Cow).traits.get(Trait::Kindness), kindness);
    assert_eq!(label_containing(&h, "Compassion full in"), before);
    assert!(!h.state().ws.is_dirty(&DocId::Species(Species::Cow)));
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::Z);
    h.run();
    assert_eq!(label_containing(&h, "Compassion full in"), after);
}
