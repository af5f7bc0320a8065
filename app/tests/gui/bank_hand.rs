//! A bank written by hand in the bank view: the picked event's values typed in place in
//! the table, refused in place when the schema does not allow them, each good one an
//! undoable edit, and the bank saved with its comments.

use crate::support::{palette, project_copy, settle, studio};
use creature_shadow::bank::Bank;
use creature_studio::gui::Studio;
use creature_studio::gui::command::{BankCommand, Command};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn shown_bank(h: &Harness<'static, Studio>) -> Bank {
    h.state().view.shadow.bank().expect("a bank is shown").clone()
}

/// Types `text` into the table's field for `column` of the picked row (the lower of the
/// two fields of that name: the strip above the table has one too) and leaves it.
fn type_in_table(h: &mut Harness<'static, Studio>, column: &str, text: &str) {
    let fields: Vec<_> = h.query_all_by_role_and_label(Role::TextInput, column).collect();
    assert_eq!(fields.len(), 2, "the strip's field and the table's");
    let lowest = fields.into_iter().max_by(|a, b| a.rect().min.y.total_cmp(&b.rect().min.y)).unwrap();
    lowest.focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.event(egui::Event::Text(text.to_owned()));
    h.run();
}

#[test]
fn a_value_typed_in_the_table_is_one_undoable_edit_and_a_bad_one_is_refused_in_place() {
    let (_tmp, project) = project_copy();
    let path = project.join("shadow/sentry.bank.ron");
    let mut h = studio(&project);
    palette(&mut h, "show panel: replay bank");
    h.state_mut().run(Command::Bank(BankCommand::Open(path.clone())));
    settle(&mut h);
    let before = shown_bank(&h);
    h.state_mut().panels.state_mut::<creature_studio::gui::shadow::panels::bank::BankPanel>().unwrap().picked_row =
        Some(2);
    settle(&mut h);
    let id = before.event(2).id;
    let f = before.feature_position("own_state").unwrap();

    // A category takes whole numbers only: refused as typed, the bank untouched.
    type_in_table(&mut h, "own_state", "1.5");
    assert!(h.query_by_label_contains("category: expected a whole number").is_some(), "the refusal is shown");
    h.key_press(egui::Key::Enter);
    settle(&mut h);
    assert_eq!(shown_bank(&h), before, "a refused value changes nothing");

    type_in_table(&mut h, "own_state", "1");
    assert!(h.query_by_label_contains("category: expected").is_none(), "a good value clears the refusal");
    h.key_press(egui::Key::Enter);
    settle(&mut h);
    let after = shown_bank(&h);
    assert_eq!(after.value(after.position_of(id).unwrap(), f), 1.0);
    assert_eq!((0..after.len()).filter(|&i| after.state(i) != before.state(i)).count(), 1);
    let doc = h.state().view.shadow.bank_doc().unwrap();
    assert!(h.state().ws.is_dirty(&doc));

    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    settle(&mut h);
    assert_eq!(shown_bank(&h), before, "one undo takes the value back");
    assert!(!h.state().ws.is_dirty(&doc));
}
