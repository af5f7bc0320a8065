//! The command palette's field stays where it is while typing narrows the list.

use egui_kittest::kittest::Queryable;

use crate::support::{example, studio};

#[test]
fn the_palette_field_does_not_move_while_typing() {
    let mut h = studio(&example());
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::P);
    h.run();
    // The palette's field is the text input that holds what was typed.
    let field = |h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>, typed: &str| {
        let mut inputs = h.query_all_by_role(egui::accesskit::Role::TextInput);
        inputs.find(|n| n.value().as_deref() == Some(typed)).map(|n| n.rect()).expect("the field")
    };
    h.event(egui::Event::Text("s".to_owned()));
    h.run();
    let before = field(&h, "s");
    h.event(egui::Event::Text("pecies: polar".to_owned()));
    h.run();
    assert!(h.query_by_label_contains("Species: PolarBear").is_some(), "the list narrowed to the polar bear");
    let after = field(&h, "species: polar");
    assert!((after.min.y - before.min.y).abs() < 0.5, "the field moved from {before:?} to {after:?}");
}
