//! The editor's shell driven through the real app on a copy of the example project:
//! problems listed as `FILE:LINE:COL: message` with a click to the file, closing with
//! unsaved edits asks first, and a save that fails says so and keeps the edits.

use std::path::Path;

use crate::support::project_copy;
use crate::support::{example, studio, studio_with_dialogs};
use creature_core::names::{Species, Trait};
use creature_studio::gui::chrome::modal::Modal;
use creature_studio::gui::command::{Command, DockCommand, SelectCommand};
use creature_workspace::DocId;
use creature_workspace::edit::Edit;
use egui_kittest::kittest::Queryable;

fn close_window(h: &mut egui_kittest::Harness<'static, creature_studio::gui::Studio>) {
    h.input_mut().viewports.entry(egui::ViewportId::ROOT).or_default().events.push(egui::ViewportEvent::Close);
    h.run();
}

#[test]
fn a_problem_is_listed_with_its_place_and_a_click_shows_the_line() {
    let (_tmp, root) = project_copy();
    let broken = root.join("creatures/broken.ron");
    std::fs::write(&broken, "(\n  name: \"x\",\n  species: Cow,\n)\n").unwrap();
    let mut h = studio(&root);
    let problem = h.state().ws.problems.iter().find(|p| p.file.ends_with("broken.ron")).cloned().expect("a problem");
    let text = problem.to_string();
    assert!(text.starts_with(&format!("{}:{}:{}: ", broken.display(), problem.line, problem.col)), "{text}");
    h.state_mut().run(Command::Dock(DockCommand::Show(creature_studio::gui::panels::problems::TAB)));
    h.run();
    h.get_by_label(&format!("✖ {text}")).click();
    h.run();
    let source = h.state().view.source.as_ref().expect("the file is shown");
    assert_eq!((source.path.as_path(), source.line), (broken.as_path(), problem.line));
}

#[test]
fn closing_with_unsaved_edits_asks_and_save_all_writes_them_with_their_comments() {
    let (tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Edit(Edit::Trait { species: Species::Cow, t: Trait::Kindness, value: 0.7 }));
    h.run();
    close_window(&mut h);
    assert!(matches!(h.state().modal, Some(Modal::UnsavedChanges { .. })), "the editor asks before closing");
    h.get_by_label("Save all").click();
    h.run();
    let cow = std::fs::read_to_string(tmp.path().join("species/cow.ron")).unwrap();
    assert!(cow.contains("kindness: 0.7,") && cow.contains("// Cow: Kind and friendly"), "{cow}");
    assert!(h.state().ws.dirty_docs().is_empty());
}

#[test]
fn cancelling_the_question_keeps_the_window_and_the_edits() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Edit(Edit::Trait { species: Species::Cow, t: Trait::Kindness, value: 0.7 }));
    h.run();
    close_window(&mut h);
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().modal.is_none());
    assert!(h.state().ws.is_dirty(&DocId::Species(Species::Cow)));
}

#[test]
fn a_save_that_fails_says_so_and_keeps_the_edits() {
    let (tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Select(SelectCommand::Species(Species::Cow)));
    h.state_mut().run(Command::Edit(Edit::Trait { species: Species::Cow, t: Trait::Kindness, value: 0.7 }));
    h.run();
    // The species folder goes away (as a read-only one refuses a user who is not root).
    let species = tmp.path().join("species");
    let away = tmp.path().join("species-away");
    std::fs::rename(&species, &away).unwrap();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    match &h.state().modal {
        Some(Modal::Error(msg)) => assert!(msg.contains("cannot save") && msg.contains("kept"), "{msg}"),
        other => panic!("expected an error message, got {other:?}"),
    }
    assert!(h.query_all_by_label_contains("cannot save").count() >= 1, "the message is on screen");
    assert!(h.state().ws.is_dirty(&DocId::Species(Species::Cow)));
    assert_eq!(h.state().ws.data.species(Species::Cow).traits.kindness, 0.7);
    h.get_by_label("OK").click();
    h.run();
    std::fs::rename(&away, &species).unwrap();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    h.run();
    assert!(!h.state().ws.is_dirty(&DocId::Species(Species::Cow)));
}

/// eframe storage kept in memory, as the real one keeps it in a file.
#[derive(Default)]
struct MemoryStorage(std::collections::HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_owned(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

#[test]
fn a_stored_layout_comes_back_without_a_panel_that_is_gone() {
    use creature_studio::gui::chrome::dock;
    use creature_studio::gui::panels::{compare, registry::Panels};
    use eframe::Storage;
    let panels = Panels::default();
    let mut storage = MemoryStorage::default();
    dock::persist(&mut storage, &dock::default_dock(&panels), &[]);
    let stored = storage.get_string("creature-studio.dock").expect("the layout is stored");
    assert!(stored.contains("Compare"), "tabs are stored by name: {stored}");
    // A layout kept by a version that had a panel this one does not.
    storage.set_string("creature-studio.dock", stored.replace("Compare", "Gone"));
    let (back, _) = dock::restore(Some(&storage), &panels);
    assert!(back.find_tab(&compare::TAB).is_none());
    assert_eq!(back.iter_all_tabs().count(), panels.tabs().len() - 1, "every other panel is where it was");
}

#[test]
fn the_panel_layout_and_recent_projects_survive_a_restart() {
    use eframe::App;
    let dialogs = || Box::new(crate::support::FakeDialogs(None));
    let mut first = creature_studio::gui::Studio::new(Some(&example()), dialogs(), None);
    // The person closes the Project panel.
    first.dock.retain_tabs(|t| *t != creature_studio::gui::panels::project::TAB);
    let mut storage = MemoryStorage::default();
    first.save(&mut storage);
    let again = creature_studio::gui::Studio::new(None, dialogs(), Some(&storage));
    assert!(
        again.dock.find_tab(&creature_studio::gui::panels::project::TAB).is_none(),
        "the closed panel stays closed"
    );
    assert!(again.dock.find_tab(&creature_studio::gui::panels::graph::TAB).is_some());
    assert_eq!(again.recent.len(), 1, "the example project is a recent project");
    assert!(again.recent[0].ends_with("projects/example"));
}

#[test]
fn a_project_opens_from_the_dialog_and_from_a_typed_path() {
    let (_tmp, root) = project_copy();
    let same = |a: &Path, b: &Path| a.canonicalize().unwrap() == b.canonicalize().unwrap();
    let mut h = studio_with_dialogs(&example(), Some(root.clone()));
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::O);
    h.run();
    assert!(same(&h.state().ws.project.as_ref().unwrap().root, &root), "the folder chosen in the dialog opens");

    // Without a dialog service the path can be typed.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::L);
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.event(egui::Event::Text(example().display().to_string()));
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(same(&h.state().ws.project.as_ref().unwrap().root, &example()));
    assert!(h.state().path_prompt.is_none());
    assert!(h.state().recent.len() >= 2, "both projects are recent");
}

#[test]
fn without_a_dialog_service_the_studios_own_dialog_opens_and_tab_completes() {
    let (_tmp, root) = project_copy();
    let mut h = egui_kittest::Harness::builder().with_size(egui::vec2(1600.0, 1000.0)).with_max_steps(64).build_eframe(
        move |_cc| creature_studio::gui::Studio::new(Some(&example()), Box::new(crate::support::NoService), None),
    );
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::O);
    h.run();
    assert!(h.state().path_prompt.is_some(), "the studio's own dialog opens");
    // Type the start of the copy's folder and complete it with Tab.
    let typed = root.display().to_string();
    let cut = &typed[..typed.len() - 3];
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.event(egui::Event::Text(cut.to_owned()));
    h.run();
    h.key_press(egui::Key::Tab);
    h.run();
    assert_eq!(
        h.state().path_prompt.as_ref().map(|d| d.path.as_str()),
        Some(format!("{typed}/").as_str()),
        "Tab completed the folder"
    );
    // The folder's entries are listed to click through.
    h.get_by_label("📁 creatures/");
    h.key_press(egui::Key::Enter);
    h.run();
    let same = |a: &Path, b: &Path| a.canonicalize().unwrap() == b.canonicalize().unwrap();
    assert!(same(&h.state().ws.project.as_ref().unwrap().root, &root), "the completed folder opens as the project");
    assert!(h.state().path_prompt.is_none());
}

/// On a laptop the Project list cuts long names in the middle: the scenarios that
/// differ only in their ends (a seed) read apart.
#[test]
fn the_project_list_tells_long_names_apart_on_a_laptop() {
    let h = crate::support::studio_sized(&crate::support::example(), egui::vec2(1280.0, 720.0));
    let list = {
        let dock = &h.state().dock;
        let at = dock.find_tab(&creature_studio::gui::panels::project::TAB).expect("the Project panel");
        dock[at.surface][at.node].get_leaf().expect("a leaf").viewport
    };
    // The letters drawn in the Project panel (a name cut at the panel's edge draws fewer
    // than it has).
    let rows: Vec<String> = h
        .output()
        .shapes
        .iter()
        .filter(|s| list.contains(s.shape.visual_bounding_rect().center()))
        .filter_map(|s| match &s.shape {
            egui::Shape::Text(t) if t.galley.text().starts_with("📄 a_m") => {
                Some(t.galley.rows.iter().flat_map(|r| r.glyphs.iter().map(|g| g.chr)).collect())
            }
            _ => None,
        })
        .collect();
    assert!(rows.len() >= 5, "{rows:?}");
    let mut unique = rows.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), rows.len(), "rows that read the same: {rows:?}");
    // Cut in the middle, and whole at the end: no row runs past the panel's edge.
    for r in &rows {
        assert!(r.contains('…') && !r.ends_with('…'), "{r}");
    }
}
