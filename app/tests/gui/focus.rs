//! One creature in focus: after an undo or redo, a pick on the start page and a
//! preview run again, Why?, the Preview and Compare show the creature in focus, which
//! is the one the preview runs.

use creature_studio::gui::Studio;
use creature_studio::gui::command::{Command, DockCommand, PreviewCommand, SelectCommand, UiCommand};
use creature_studio::gui::panels::compare::ComparePanel;
use creature_studio::gui::view::compare::Other;
use creature_workspace::DocId;
use creature_workspace::edit::Edit;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::support::{label_containing, palette, project_copy, studio};

fn steps(h: &mut Harness<'static, Studio>, n: usize) {
    for _ in 0..n {
        h.step();
    }
}

/// The studio on a copy of the example, its preview paused, with Daisy picked: the
/// copy (kept while the test runs), the studio and Daisy's document.
fn paused_on_daisy() -> (tempfile::TempDir, Harness<'static, Studio>, DocId) {
    let (tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    steps(&mut h, 2);
    let daisy = h.state_mut().ws.open_creature(&root.join("creatures/daisy.ron")).unwrap();
    h.state_mut().run(Command::Select(SelectCommand::Creature(daisy.clone())));
    steps(&mut h, 2);
    (tmp, h, daisy)
}

/// The creature in focus: its save's file name and its name.
fn focus(h: &Harness<'static, Studio>) -> (DocId, String) {
    let s = h.state();
    let id = s.view.focus.creature().cloned().expect("a creature in focus");
    let name = s.ws.creature(&id).expect("its save is open").name.clone();
    (id, name)
}

/// Why?, the Preview and Compare each name the creature in focus, and the preview runs
/// it. Compare needs a branch to compare with: one is made here.
fn all_show_the_focus(h: &mut Harness<'static, Studio>) {
    let (id, name) = focus(h);
    assert_eq!(h.state().ws.preview_creature_doc(), Some(id.clone()), "the preview runs the creature in focus");
    palette(h, "show panel: why");
    steps(h, 2);
    assert!(label_containing(h, "Why? ").starts_with(&format!("Why? {name} at")), "Why? names {name}");
    palette(h, "show panel: preview");
    steps(h, 2);
    h.get_by_label(&format!("Lessons go into {} at once", id.label()));
    // A branch of the run: back to turn 50 and on.
    let p = h.state_mut().ws.preview.as_mut().unwrap();
    p.run(100);
    p.scrub_to(50).unwrap();
    p.run(20);
    h.state_mut().run(Command::Dock(DockCommand::Show(creature_studio::gui::panels::compare::TAB)));
    h.step();
    h.state_mut().panels.state_mut::<ComparePanel>().unwrap().run.other = Some(Other::Branch(0));
    steps(h, 3);
    h.get_by_label(&format!("This run is {name}'s, the creature in focus."));
}

#[test]
fn an_undone_edit_of_another_creature_puts_it_in_focus_for_every_panel_and_the_preview() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    steps(&mut h, 2);
    let (ruth, _) = focus(&h);
    assert_eq!(ruth.label(), "ruth.ron", "the project opens on its richest creature");
    let ws = &h.state().ws;
    let opening = creature_workspace::opening_creature::opening_creature(ws.project.as_ref().unwrap(), &ws.data);
    assert_eq!(Some(ruth.clone()), opening.map(|(path, _)| DocId::Creature(path)), "by the rule `serve` follows");
    // Daisy edited while Ruth is in focus (a panel's edit of an open save that is not
    // shown), then the edit undone: the undo shows Daisy, and so does everything.
    let daisy = h.state_mut().ws.open_creature(&root.join("creatures/daisy.ron")).unwrap();
    h.state_mut().ws.apply(Edit::Liking { creature: daisy.clone(), value: 0.25 }).unwrap();
    h.state_mut().ws.snapshot();
    assert_eq!(focus(&h).0, ruth, "an edit alone does not move the focus");
    h.state_mut().run(Command::Ui(UiCommand::Undo));
    steps(&mut h, 2);
    assert_eq!(focus(&h).0, daisy);
    all_show_the_focus(&mut h);
    h.state_mut().run(Command::Ui(UiCommand::Redo));
    steps(&mut h, 2);
    assert_eq!(focus(&h).0, daisy);
    all_show_the_focus(&mut h);
}

#[test]
fn the_start_pages_pick_is_the_focus_and_the_preview_runs_it() {
    let (_tmp, mut h, daisy) = paused_on_daisy();
    assert_eq!(focus(&h).0, daisy);
    all_show_the_focus(&mut h);
    h.state_mut().run(Command::Dock(DockCommand::Show(creature_studio::gui::panels::start::TAB)));
    steps(&mut h, 2);
    h.get_by_label("🐄 Open the example creature").click();
    steps(&mut h, 2);
    assert_eq!(focus(&h).0.label(), "ruth.ron", "the start page picks the richest creature");
    all_show_the_focus(&mut h);
}

#[test]
fn a_preview_run_again_runs_the_focus_and_every_panel_names_it() {
    let (_tmp, mut h, daisy) = paused_on_daisy();
    // Run again from the project's files: the preview asks the focus what to run.
    h.state_mut().run(Command::Preview(PreviewCommand::Restart));
    steps(&mut h, 3);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    steps(&mut h, 2);
    assert_eq!(focus(&h).0, daisy);
    all_show_the_focus(&mut h);
}
