//! The bank view's Curate section deletes the flagged events as one undoable edit, its
//! Export… and Import… buttons go through the file dialog to Parquet and back, and the
//! shadow's scorecard appears after a match in the arena.

use std::time::Duration;

use crate::support::{
    autoplay_a_match, example, label_containing, palette, project_copy, studio, studio_with_dialogs, until_within,
};
use creature_shadow::bank::Bank;
use creature_studio::gui::Studio;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn rows(h: &Harness<'static, Studio>) -> usize {
    label_containing(h, " rows").trim_end_matches(" rows").parse::<usize>().unwrap()
}

fn shown_bank(h: &Harness<'static, Studio>) -> Bank {
    h.state().view.shadow.bank().expect("a bank is shown").clone()
}

/// Opens the bank view's "Curate and score" section where a short panel keeps it
/// folded, as a person would.
fn open_curation(h: &mut Harness<'static, Studio>) {
    if h.query_by_label_contains("near duplicates").is_none() {
        h.get_by_label("Curate and score").click();
        h.run();
    }
}

/// Waits for the curation of the shown bank (computed off the editor's thread).
fn curated(h: &mut Harness<'static, Studio>) {
    open_curation(h);
    let done = until_within(h, Duration::from_secs(60), |s| {
        let sh = &s.view.shadow;
        let own = s.panels.state::<creature_studio::gui::shadow::panels::bank::BankPanel>().unwrap();
        sh.bank().is_some() && own.curate.curated(sh.generation)
    });
    assert!(done, "the curation finished");
    h.run();
    assert!(h.query_by_label_contains("flagged events").is_some(), "the delete button is shown");
}

#[test]
fn deleting_the_flagged_events_is_one_edit_that_ctrl_z_undoes() {
    let mut h = studio(&example());
    palette(&mut h, "show panel: replay bank");
    curated(&mut h);
    let before = shown_bank(&h);
    let rows_before = rows(&h);
    // Tick near duplicates (the example banks have some) besides the defaults.
    h.get_by_label_contains("near duplicates").click();
    h.run();
    let button = label_containing(&h, "flagged events");
    let n: usize = button.trim_start_matches("🗑 Delete ").trim_end_matches(" flagged events").parse().unwrap();
    assert!(n > 0, "{button}");
    h.get_by_label_contains("flagged events").click();
    h.run();
    let after = shown_bank(&h);
    assert_eq!(after.len(), before.len() - n);
    assert_eq!(rows(&h), rows_before - n);
    let doc = h.state().view.shadow.bank_doc().unwrap();
    assert!(h.state().ws.is_dirty(&doc));
    assert!(h.state().status.contains("Ctrl+Z"), "{}", h.state().status);
    // One undo brings every deleted event back.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(shown_bank(&h), before);
    assert_eq!(rows(&h), rows_before);
    assert!(!h.state().ws.is_dirty(&doc));
}

#[test]
fn export_and_import_go_through_the_file_dialog_to_parquet_and_back() {
    let (_tmp, project) = project_copy();
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("rushdown-copy.parquet");
    let mut h = studio_with_dialogs(&project, Some(file.clone()));
    palette(&mut h, "show panel: replay bank");
    h.run();
    let shown = shown_bank(&h);
    h.get_by_label("Export…").click();
    h.run();
    assert_eq!(Bank::load_parquet(&file).unwrap(), shown, "the export is the bank as shown");
    h.get_by_label("Import…").click();
    h.run();
    let sh = &h.state().view.shadow;
    let path = sh.bank_path.clone().unwrap();
    assert_eq!(path, project.join("shadow/rushdown-copy.bank.ron"));
    assert!(sh.bank_files.contains(&path), "the imported bank joins the list");
    assert_eq!(shown_bank(&h), shown);
    assert!(!path.exists(), "nothing is written until the bank is saved");
    // Importing again never takes the name of a bank already there.
    h.get_by_label("Import…").click();
    h.run();
    assert_eq!(h.state().view.shadow.bank_path.clone().unwrap(), project.join("shadow/rushdown-copy-1.bank.ron"));
}

#[test]
fn the_scorecard_shows_in_the_bank_view_after_a_match() {
    let mut h = studio(&example());
    autoplay_a_match(&mut h);
    h.get_by_label("Discard").click();
    h.step();
    palette(&mut h, "show panel: replay bank");
    open_curation(&mut h);
    let done = until_within(&mut h, Duration::from_secs(120), |s| {
        s.panels.state::<creature_studio::gui::shadow::panels::bank::BankPanel>().unwrap().curate.scorecard().is_some()
    });
    assert!(done, "the scorecard was computed");
    h.run();
    let (card, against, _) = h
        .state()
        .panels
        .state::<creature_studio::gui::shadow::panels::bank::BankPanel>()
        .unwrap()
        .curate
        .scorecard()
        .unwrap();
    let card = card.as_ref().expect("the example bank scores").clone();
    assert_eq!(against.name(), "zoner", "scored against the bot just fought");
    label_containing(&h, "Agreement on");
    label_containing(&h, &format!("Against zoner: {} won", card.play.wins));
}
