//! Every file dialog on a desktop without a dialog service: the studio's own dialog
//! opens in its place, and the path chosen there is the command's answer.

use creature_shadow::bank::Bank;
use creature_studio::gui::command::TimeCommand;
use creature_studio::gui::command::{BankCommand, Command, PreviewCommand, UiCommand};
use egui_kittest::kittest::Queryable;

use crate::support::{choose_in_own_dialog, example, palette, project_copy, settle, studio_without_dialog_service};

#[test]
fn export_and_import_of_a_bank_fall_back_to_the_own_dialog() {
    let (_tmp, project) = project_copy();
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("exported.parquet");
    let mut h = studio_without_dialog_service(&project);
    palette(&mut h, "show panel: replay bank");
    let shown = h.state().view.shadow.bank().expect("a bank is shown").clone();
    h.get_by_label("Export…").click();
    settle(&mut h);
    assert!(!h.state().status.contains("Nothing chosen"), "{}", h.state().status);
    choose_in_own_dialog(&mut h, &file);
    assert_eq!(Bank::load_parquet(&file).unwrap(), shown, "the export is the bank as shown");

    h.get_by_label("Import…").click();
    settle(&mut h);
    choose_in_own_dialog(&mut h, &file);
    assert_eq!(h.state().view.shadow.bank_path.clone().unwrap(), project.join("shadow/exported.bank.ron"));
}

#[test]
fn saving_and_opening_a_recording_fall_back_to_the_own_dialog() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("run.recording");
    let mut h = studio_without_dialog_service(&example());
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.step();
    h.state_mut().ws.preview.as_mut().unwrap().run(300);
    h.state_mut().run(Command::Time(TimeCommand::Save));
    settle(&mut h);
    choose_in_own_dialog(&mut h, &file);
    assert!(file.is_file(), "the recording is written where the own dialog said");

    let mut other = studio_without_dialog_service(&example());
    other.state_mut().run(Command::Time(TimeCommand::Open));
    settle(&mut other);
    choose_in_own_dialog(&mut other, &file);
    assert!(other.state().status.starts_with("Opened the recording"), "{}", other.state().status);
}

#[test]
fn save_as_falls_back_to_the_own_dialog() {
    let (_tmp, project) = project_copy();
    let mut h = studio_without_dialog_service(&project);
    let id = h.state().view.focus.creature().cloned().expect("a creature is selected");
    h.state_mut().view.active = Some(id);
    h.state_mut().run(UiCommand::SaveAs);
    settle(&mut h);
    let to = project.join("creatures/copy.ron");
    choose_in_own_dialog(&mut h, &to);
    assert!(to.is_file(), "saved where the own dialog said: {}", h.state().status);
}

#[test]
fn merge_picks_from_the_banks_listed_and_needs_no_dialog() {
    let (_tmp, project) = project_copy();
    let mut h = studio_without_dialog_service(&project);
    palette(&mut h, "show panel: replay bank");
    let other = h.state().view.shadow.bank_files.first().cloned().expect("a bank file");
    h.state_mut().run(Command::Bank(BankCommand::Merge(other)));
    settle(&mut h);
    assert!(h.state().path_prompt.is_none());
    assert!(h.state().status.starts_with("Merged"), "{}", h.state().status);
}

#[test]
fn a_save_in_the_own_dialog_starts_with_the_name_suggested() {
    let (_tmp, project) = project_copy();
    let mut h = studio_without_dialog_service(&project);
    palette(&mut h, "show panel: replay bank");
    h.get_by_label("Export…").click();
    settle(&mut h);
    let typed = h.state().path_prompt.as_ref().map(|d| d.path.clone()).expect("the own dialog");
    assert!(typed.ends_with("shadow/rushdown.parquet"), "{typed}");
    // Enter takes the name suggested as it is.
    h.key_press(egui::Key::Enter);
    settle(&mut h);
    assert!(project.join("shadow/rushdown.parquet").is_file(), "{}", h.state().status);
}
