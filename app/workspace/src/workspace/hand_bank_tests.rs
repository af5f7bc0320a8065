//! A bank written by hand in the workspace: each change one undo step, and saves that
//! keep the file's comments.

use std::sync::Arc;

use creature_shadow::bank::{Bank, HandEdit};

use crate::edit::Edit;
use crate::test_support::example_copy;
use crate::workspace::Workspace;

const COMMENT: &str = "// Segment 1: close and the opponent airborne";

#[test]
fn each_change_by_hand_is_one_undo_step_and_a_refused_one_changes_nothing() {
    let tmp = example_copy();
    let root = tmp.path().join("projects/example");
    let mut ws = Workspace::open(&root).unwrap();
    let bank = ws.open_bank(&root.join("shadow/sentry.bank.ron")).unwrap();
    let original = Arc::clone(ws.bank(&bank).unwrap());
    let id = original.event(0).id;

    ws.apply(Edit::BankHand { bank: bank.clone(), edit: HandEdit::SetAction { id, action: "Heavy".into() } }).unwrap();
    ws.snapshot();
    ws.apply(Edit::BankHand { bank: bank.clone(), edit: HandEdit::Split { id: original.event(3).id } }).unwrap();
    ws.snapshot();
    assert_eq!(ws.bank(&bank).unwrap().event(0).action, "Heavy");
    let err = ws.apply(Edit::BankHand { bank: bank.clone(), edit: HandEdit::Move { id, to: 77 } }).unwrap_err();
    assert!(err.contains("no segment 77"), "{err}");

    assert_eq!(ws.undo(), Some(bank.clone()));
    assert_eq!(ws.bank(&bank).unwrap().event(0).action, "Heavy", "one undo takes back the split only");
    assert_eq!(ws.undo(), Some(bank.clone()));
    assert!(Arc::ptr_eq(ws.bank(&bank).unwrap(), &original));
    assert!(!ws.is_dirty(&bank));
}

#[test]
fn a_ron_bank_saved_after_changes_by_hand_keeps_its_comments() {
    let tmp = example_copy();
    let root = tmp.path().join("projects/example");
    let path = root.join("shadow/sentry.bank.ron");
    let before = std::fs::read_to_string(&path).unwrap();
    assert!(before.contains(COMMENT));
    let mut ws = Workspace::open(&root).unwrap();
    let bank = ws.open_bank(&path).unwrap();
    let b = Arc::clone(ws.bank(&bank).unwrap());
    let value = HandEdit::SetValue { id: b.event(2).id, feature: "distance".into(), value: 1.75 };
    let state: Vec<(String, f64)> = b.features().iter().cloned().zip(b.state(3)).collect();
    let insert = HandEdit::Insert { after: Some(b.event(3).id), state, action: "Light".into() };
    for edit in [value, insert, HandEdit::Split { id: b.event(5).id }] {
        ws.apply(Edit::BankHand { bank: bank.clone(), edit }).unwrap();
        ws.snapshot();
    }
    ws.save(&bank).unwrap();
    let after = std::fs::read_to_string(&path).unwrap();
    let comments =
        |t: &str| t.lines().filter(|l| l.trim_start().starts_with("//")).map(str::to_owned).collect::<Vec<_>>();
    assert_eq!(comments(&after), comments(&before), "every comment is still there");
    assert_eq!(Bank::load(&path).unwrap(), **ws.bank(&bank).unwrap());
    assert!(after.contains("\"distance\":1.75"), "the value is written in the file's own spelling");
    assert!(after.lines().count() == before.lines().count() + 1, "one line more: the inserted event");

    // A second save after a deletion still keeps them: the text saved is the new base.
    let last = ws.bank(&bank).unwrap().iter().next_back().unwrap().id;
    ws.apply(Edit::BankDeleteEvents { bank: bank.clone(), ids: vec![last] }).unwrap();
    ws.save(&bank).unwrap();
    let again = std::fs::read_to_string(&path).unwrap();
    assert_eq!(comments(&again), comments(&before));
    assert_eq!(Bank::load(&path).unwrap(), **ws.bank(&bank).unwrap());
}
