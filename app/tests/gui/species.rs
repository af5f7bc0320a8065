//! The species editor driven through the real app: select Cow, drag the kindness
//! slider, and watch the time to full and the plots follow while the slider moves; the
//! whole drag is one undo step.

use crate::support::{example, palette, studio};
use creature_core::names::{Species, Trait};
use creature_workspace::DocId;
use egui_kittest::kittest::Queryable;

#[test]
fn dragging_cow_kindness_changes_compassion_time_to_full_live_and_undoes_in_one_step() {
    let mut h = studio(&example());
    palette(&mut h, "species: cow");
    assert_eq!(h.state().view.species, Species::Cow);
    let before = compassion_full_in(&h);
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
    let during = compassion_full_in(&h);
    assert_ne!(during, before, "the time to full follows the slider");
    h.hover_at(at(kindness as f32 + 0.2));
    h.step();
    h.drop_at(at(kindness as f32 + 0.2));
    h.run();
    let after = compassion_full_in(&h);
    assert_ne!(after, before);
    assert!(h.state().ws.is_dirty(&DocId::Species(Species::Cow)), "the species file has unsaved edits");

    // Undo takes the whole drag back at once.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().ws.data.species(Species::Cow).traits.get(Trait::Kindness), kindness);
    assert_eq!(compassion_full_in(&h), before);
    assert!(!h.state().ws.is_dirty(&DocId::Species(Species::Cow)));
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::Z);
    h.run();
    assert_eq!(compassion_full_in(&h), after);
}

/// A filter typed over the desires' table starts the table from its first row, as the
/// other lists' filters do.
#[test]
fn a_changed_filter_starts_the_desire_table_from_its_first_row() {
    let mut h = studio(&example());
    palette(&mut h, "species: cow");
    h.run();
    let first = creature_core::names::Desire::ALL[0].name();
    // Scroll the table far down: its first row is no longer laid out.
    let at = h.get_by_label(first).rect().center();
    crate::support::scroll_far_down(&mut h, at);
    assert!(h.query_by_label(first).is_none(), "the first row scrolled away");
    // A filter most desires pass (every "To…"): still more rows than the table shows,
    // and they show from the first, which passes it too.
    assert!(first.to_lowercase().contains('o'));
    let filter = |n: &egui_kittest::kittest::AccessKitNode<'_>| n.placeholder() == Some("filter by name or source");
    h.get_by(filter).focus();
    h.step();
    h.get_by(filter).type_text("o");
    h.run();
    assert!(h.query_by_label(first).is_some(), "{first}, the first row of the filtered table, is in view");
}

/// Compassion's time to full beside the kindness slider, on one line or two (a narrow
/// panel puts the desire and its time on a line each).
fn compassion_full_in(h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>) -> String {
    use egui_kittest::kittest::NodeT;
    let texts = h.query_all_by_label_contains("full in").map(|n| {
        let node = n.accesskit_node();
        node.value().or_else(|| node.label()).unwrap_or_default()
    });
    texts.into_iter().find(|t| t.starts_with("Compassion")).expect("Compassion's time to full")
}
