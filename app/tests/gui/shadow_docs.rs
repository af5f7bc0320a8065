//! The shadow schema and replay banks are workspace documents: their edits are in the
//! app-wide undo and redo, Save writes them, and a file saved by another program while
//! the studio holds unsaved edits of it raises the "Changed on disk" question instead of
//! being ignored; without edits the file is reloaded into the view.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::support::{example, label_containing, palette, project_copy, studio, until};
use creature_shadow::bank::{BINARY_MAGIC, Bank};
use creature_shadow::schema::Schema;
use creature_studio::gui::Studio;
use creature_studio::gui::command::Command;
use creature_studio::gui::command::{BankCommand, PreviewCommand, UiCommand};
use creature_workspace::DocId;
use creature_workspace::edit::Edit;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

type H = Harness<'static, Studio>;

fn ranking(h: &H) -> Vec<String> {
    (1..=5).map(|r| label_containing(h, &format!("#{r} event"))).collect()
}

fn rows(h: &H) -> usize {
    label_containing(h, " rows").trim_end_matches(" rows").parse().unwrap()
}

fn schema_doc(h: &H) -> DocId {
    h.state().view.shadow.schema_doc().expect("the schema is a document")
}

fn bank_doc(h: &H) -> DocId {
    h.state().view.shadow.bank_doc().expect("the shown bank is a document")
}

fn weight(h: &H, feature: usize) -> f64 {
    h.state().ws.schema(&schema_doc(h)).unwrap().features[feature].weight
}

fn bank_len(h: &H) -> usize {
    h.state().ws.bank(&bank_doc(h)).unwrap().len()
}

fn ctrl(h: &mut H, key: egui::Key, shift: bool) {
    let m = if shift { egui::Modifiers::COMMAND | egui::Modifiers::SHIFT } else { egui::Modifiers::COMMAND };
    h.key_press_modifiers(m, key);
    h.run();
}

/// The editor on a copy of the example project with the preview paused (so frames are
/// quiet) and the watcher given time to start.
fn copy_studio() -> (tempfile::TempDir, PathBuf, H) {
    let (tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.run();
    std::thread::sleep(Duration::from_millis(200));
    (tmp, root, h)
}

/// Writes `schema` with feature 0 weighing `w`, as another program would.
fn write_schema(path: &Path, w: f64) {
    let mut s = Schema::load(path).unwrap();
    s.features[0].weight = w;
    std::fs::write(path, s.to_ron()).unwrap();
}

/// Answers the "Changed on disk" question for the first conflict.
fn answer(h: &mut H, keep_studio: bool) {
    h.run(); // the question's first frame only measures it
    h.get_by_label_contains("Changed on disk");
    h.get_by_label(if keep_studio { "Keep the studio's edits" } else { "Take the file on disk" }).click();
    h.run();
    assert!(h.state().ws.conflicts.is_empty(), "{:?}", h.state().ws.conflicts);
}

#[test]
fn a_schema_weight_is_undone_and_redone_with_the_ranking_and_saved_into_the_file() {
    let (_tmp, root, mut h) = copy_studio();
    palette(&mut h, "show panel: shadow schema");
    palette(&mut h, "show panel: query inspector");
    h.run();
    let id = schema_doc(&h);
    assert!(!h.state().ws.is_dirty(&id));
    let before = ranking(&h);
    // The feature on which the best event is furthest from the present state: weighed
    // heavily, that event falls behind.
    let s = h.state_mut();
    let (_, parts) = s
        .panels
        .state_mut::<creature_studio::gui::shadow::panels::query::QueryPanel>()
        .unwrap()
        .query(&s.view.shadow, 5)
        .unwrap()
        .unwrap();
    let gap = |k: usize| parts[0].terms[k].similarity - parts[3].terms[k].similarity;
    let n = h.state().ws.schema(&id).unwrap().features.len();
    let feature = (0..n).max_by(|&a, &b| gap(a).total_cmp(&gap(b))).unwrap();
    let old = weight(&h, feature);
    h.state_mut().run(Command::Edit(Edit::SchemaWeight { schema: id.clone(), feature, weight: 10.0 }));
    h.run();
    let after = ranking(&h);
    assert_ne!(before, after, "the ranking follows the weight");
    assert!(h.state().ws.is_dirty(&id));
    assert!(label_containing(&h, "unsaved:").contains("arena.schema.ron"), "the status bar lists the schema");

    ctrl(&mut h, egui::Key::Z, false);
    assert_eq!(weight(&h, feature), old, "{}", h.state().status);
    assert_eq!(ranking(&h), before, "undo brings the ranking back");
    assert!(!h.state().ws.is_dirty(&id));

    ctrl(&mut h, egui::Key::Z, true);
    assert_eq!(weight(&h, feature), 10.0);
    assert_eq!(ranking(&h), after);
    assert!(h.state().ws.is_dirty(&id));

    ctrl(&mut h, egui::Key::S, false);
    assert!(!h.state().ws.is_dirty(&id), "{}", h.state().status);
    let on_disk = Schema::load(&root.join("shadow/arena.schema.ron")).unwrap();
    assert_eq!(on_disk.features[feature].weight, 10.0);
    // The studio's own save coming back through the watcher is not a conflict.
    std::thread::sleep(Duration::from_millis(400));
    h.run();
    assert!(h.state().ws.conflicts.is_empty());
    assert_eq!(weight(&h, feature), 10.0);
}

#[test]
fn deleting_a_match_and_merging_a_bank_are_undone() {
    let mut h = studio(&example());
    palette(&mut h, "show panel: replay bank");
    h.run();
    let id = bank_doc(&h);
    let before = rows(&h);
    assert_eq!(before, bank_len(&h));
    let original = h.state().ws.bank(&id).unwrap().clone();
    let m = original.event(0).match_id;

    h.state_mut().run(Command::Bank(BankCommand::DeleteMatch(m)));
    h.run();
    let deleted = rows(&h);
    assert!(deleted < before, "{}", h.state().status);
    assert!(h.state().ws.is_dirty(&id));

    h.state_mut().run(UiCommand::Undo);
    h.run();
    assert_eq!(rows(&h), before, "{}", h.state().status);
    assert!(!h.state().ws.is_dirty(&id));
    assert!(
        std::sync::Arc::ptr_eq(h.state().ws.bank(&id).unwrap(), &original),
        "the undo history shares the bank instead of copying it"
    );
    h.state_mut().run(UiCommand::Redo);
    h.run();
    assert_eq!(rows(&h), deleted);
    h.state_mut().run(UiCommand::Undo);
    h.run();

    let other = h.state().view.shadow.bank_files.iter().find(|f| Some(*f) != id_path(&id)).cloned().unwrap();
    let other_len = Bank::load(&other).unwrap().len();
    h.state_mut().run(Command::Bank(BankCommand::Merge(other)));
    h.run();
    assert_eq!(rows(&h), before + other_len, "{}", h.state().status);
    assert!(h.state().ws.is_dirty(&id));
    h.state_mut().run(UiCommand::Undo);
    h.run();
    assert_eq!(rows(&h), before);
    assert!(!h.state().ws.is_dirty(&id));
}

fn id_path(id: &DocId) -> Option<&PathBuf> {
    match id {
        DocId::Bank(p) => Some(p),
        _ => None,
    }
}

#[test]
fn an_outside_save_of_an_edited_schema_asks_which_to_keep() {
    let (_tmp, root, mut h) = copy_studio();
    palette(&mut h, "show panel: shadow schema");
    h.run();
    let id = schema_doc(&h);
    let path = root.join("shadow/arena.schema.ron");

    // Take the file on disk: the studio's edit goes, the file's weight comes in.
    h.state_mut().run(Command::Edit(Edit::SchemaWeight { schema: id.clone(), feature: 0, weight: 7.5 }));
    h.run();
    write_schema(&path, 3.25);
    assert!(until(&mut h, |s| !s.ws.conflicts.is_empty()), "the outside save is noticed");
    assert_eq!(weight(&h, 0), 7.5, "nothing is dropped while the question is open");
    answer(&mut h, false);
    assert_eq!(weight(&h, 0), 3.25, "{}", h.state().status);
    assert!(!h.state().ws.is_dirty(&id));

    // Keep the studio's edits: the edit stays, unsaved, and the same file is not asked
    // about again.
    h.state_mut().run(Command::Edit(Edit::SchemaWeight { schema: id.clone(), feature: 0, weight: 7.5 }));
    h.run();
    write_schema(&path, 4.5);
    assert!(until(&mut h, |s| !s.ws.conflicts.is_empty()), "the second outside save is noticed");
    answer(&mut h, true);
    assert_eq!(weight(&h, 0), 7.5);
    assert!(h.state().ws.is_dirty(&id));
    std::thread::sleep(Duration::from_millis(400));
    h.run();
    assert!(h.state().ws.conflicts.is_empty());
}

#[test]
fn an_outside_save_of_an_edited_bank_asks_which_to_keep() {
    let (_tmp, _root, mut h) = copy_studio();
    palette(&mut h, "show panel: replay bank");
    h.run();
    let id = bank_doc(&h);
    let path = id_path(&id).unwrap().clone();
    let on_disk = Bank::load(&path).unwrap();
    let mut matches: Vec<u64> = on_disk.events().iter().map(|e| e.match_id).collect();
    matches.sort_unstable();
    matches.dedup();
    assert!(matches.len() >= 2, "the example bank has two matches: {matches:?}");

    // An unsaved delete, then another program drops the last segment of the file.
    h.state_mut().run(Command::Bank(BankCommand::DeleteMatch(matches[0])));
    h.run();
    let edited = rows(&h);
    let mut outside = on_disk.clone();
    let last_segment = outside.events().last().unwrap().segment;
    outside.delete_segment(last_segment);
    outside.save(&path, &creature_core::file_writer::Policy::replacing()).unwrap();
    assert!(until(&mut h, |s| !s.ws.conflicts.is_empty()), "the outside save is noticed");
    assert_eq!(rows(&h), edited, "nothing is dropped while the question is open");
    answer(&mut h, true);
    assert_eq!(rows(&h), edited, "the studio's delete is kept");
    assert!(h.state().ws.is_dirty(&id));

    // Another outside save; this time the file on disk is taken.
    outside.delete_match(matches[1]);
    outside.save(&path, &creature_core::file_writer::Policy::replacing()).unwrap();
    assert!(until(&mut h, |s| !s.ws.conflicts.is_empty()), "the second outside save is noticed");
    answer(&mut h, false);
    assert_eq!(rows(&h), outside.len(), "{}", h.state().status);
    assert!(!h.state().ws.is_dirty(&id));
}

#[test]
fn an_outside_save_without_edits_reloads_the_schema_and_the_banks() {
    let (_tmp, root, mut h) = copy_studio();
    // A binary bank beside the RON ones.
    let rushdown = Bank::load(&root.join("shadow/rushdown.bank.ron")).unwrap();
    let binary = root.join("shadow/big.bank");
    rushdown.save(&binary, &creature_core::file_writer::Policy::replacing()).unwrap();
    assert!(std::fs::read(&binary).unwrap().starts_with(&BINARY_MAGIC[..]));
    palette(&mut h, "show panel: shadow schema");
    palette(&mut h, "show panel: replay bank");
    h.run();

    write_schema(&root.join("shadow/arena.schema.ron"), 2.75);
    assert!(until(&mut h, |s| s.view.shadow.schema().is_some_and(|x| x.features[0].weight == 2.75)));
    assert!(h.state().ws.dirty_docs().is_empty());

    let path = id_path(&bank_doc(&h)).unwrap().clone();
    let mut smaller = Bank::load(&path).unwrap();
    let first = smaller.event(0).match_id;
    smaller.delete_match(first);
    smaller.save(&path, &creature_core::file_writer::Policy::replacing()).unwrap();
    assert!(until(&mut h, |s| s.view.shadow.bank().is_some_and(|b| b.len() == smaller.len())));
    h.run();
    assert_eq!(rows(&h), smaller.len());

    h.state_mut().run(Command::Bank(BankCommand::Open(binary.clone())));
    h.run();
    assert_eq!(rows(&h), rushdown.len(), "{}", h.state().status);
    smaller.save(&binary, &creature_core::file_writer::Policy::replacing()).unwrap();
    assert!(until(&mut h, |s| s.view.shadow.bank().is_some_and(|b| b.len() == smaller.len())));
    h.run();
    assert_eq!(rows(&h), smaller.len());
    assert!(h.state().ws.dirty_docs().is_empty());
}
