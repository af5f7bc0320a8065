//! Hot reload in the editor: a creature saved by another program while the studio holds
//! unsaved edits of it asks which to keep; a broken world file keeps the preview running
//! and lists `FILE:LINE:COL` in Problems; fixing it reloads.

use std::time::Duration;

use crate::support::studio;
use crate::support::{project_copy, until};
use creature_studio::gui::command::PreviewCommand;
use creature_studio::gui::command::{Command, SelectCommand};
use creature_workspace::edit::Edit;
use egui_kittest::kittest::Queryable;

#[test]
fn outside_saves_reach_the_editor_and_never_drop_unsaved_edits() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.run();
    std::thread::sleep(Duration::from_millis(200));

    // Unsaved edits of ruth.ron in the studio, then another program saves it.
    let ruth = h.state().view.focus.creature().cloned().expect("ruth is open");
    h.state_mut().run(Command::Edit(Edit::Liking { creature: ruth.clone(), value: 0.5 }));
    h.run();
    let path = root.join("creatures/ruth.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("{text}\n// saved by another editor\n")).unwrap();
    assert!(until(&mut h, |s| !s.ws.conflicts.is_empty()), "the outside save is noticed");
    h.run(); // the question's first frame only measures it
    h.get_by_label_contains("Changed on disk");
    assert!(h.state().ws.is_dirty(&ruth), "nothing is dropped while the question is open");
    h.get_by_label("Keep the studio's edits").click();
    h.run();
    assert!(h.state().ws.conflicts.is_empty(), "{:?} {}", h.state().ws.conflicts, h.state().status);
    assert!(h.state().ws.is_dirty(&ruth));
    assert_eq!(h.state().ws.creature(&ruth).unwrap().liking, 0.5, "the studio's edits are kept");

    // A broken world file: the preview keeps its last good world and Problems says where.
    let world = root.join("world.ron");
    let good = std::fs::read_to_string(&world).unwrap();
    let t0 = h.state().ws.preview.as_ref().unwrap().sim_time();
    std::fs::write(&world, format!("{good}\n]]] not ron\n")).unwrap();
    assert!(
        until(&mut h, |s| s.ws.problems.iter().any(|p| p.file.ends_with("world.ron") && p.line > 0)),
        "the broken file is listed"
    );
    let problem = h.state().ws.problems.iter().find(|p| p.file.ends_with("world.ron")).unwrap().to_string();
    assert!(problem.contains("world.ron:"), "{problem}");
    assert!(h.state().ws.preview.is_some());
    h.state_mut().run(Command::Preview(PreviewCommand::StepTurn));
    h.step();
    assert!(h.state().ws.preview.as_ref().unwrap().sim_time() > t0, "the simulation goes on");
    std::fs::write(&world, &good).unwrap();
    assert!(
        until(&mut h, |s| !s.ws.problems.iter().any(|p| p.file.ends_with("world.ron"))),
        "fixing it reloads and clears the problem"
    );
    assert!(h.state().view.village.log.iter().any(|l| l.text == "reloaded world.ron"));
}

#[test]
fn documents_follow_outside_saves_when_the_preview_cannot_start() {
    let (_tmp, root) = project_copy();
    std::fs::write(root.join("world.ron"), "(objects: [ not a world").unwrap();
    let mut h = studio(&root);
    h.run();
    assert!(h.state().ws.preview.is_none(), "a broken world stops the preview");
    assert!(!h.state().ws.preview_errors.is_empty());
    assert!(h.state().ws.is_watching(), "the watcher runs without the preview");
    std::thread::sleep(Duration::from_millis(200));

    let cow = root.join("../../species/cow.ron");
    let text = std::fs::read_to_string(&cow).unwrap();
    assert!(text.contains("speed: 3.0"));
    std::fs::write(&cow, text.replace("speed: 3.0", "speed: 12.0")).unwrap();
    let speed = |s: &creature_studio::gui::Studio| s.ws.data.species(creature_core::names::Species::Cow).body.speed;
    assert!(until(&mut h, |s| speed(s) == 12.0), "the species document follows its file");

    let ruth = root.join("creatures/ruth.ron");
    let id = h.state().view.focus.creature().cloned().expect("ruth is open");
    let mut c = h.state().ws.creature(&id).unwrap().clone();
    c.liking = -0.5;
    std::fs::write(&ruth, c.to_ron()).unwrap();
    assert!(until(&mut h, |s| s.ws.creature(&id).is_some_and(|c| c.liking == -0.5)), "so does the creature's");
    assert!(!h.state().ws.is_dirty(&id), "a reload is not an edit");
    assert!(!h.state().ws.can_undo(), "nor a step to undo");
}

#[test]
fn an_outside_save_and_its_reverse_leave_nothing_to_undo() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Select(SelectCommand::Species(creature_core::names::Species::Cow)));
    h.run();
    std::thread::sleep(Duration::from_millis(200));
    let cow = root.join("../../species/cow.ron");
    let good = std::fs::read_to_string(&cow).unwrap();
    let speed = |s: &creature_studio::gui::Studio| s.ws.data.species(creature_core::names::Species::Cow).body.speed;
    std::fs::write(&cow, good.replace("speed: 3.0", "speed: 12.0")).unwrap();
    assert!(until(&mut h, |s| speed(s) == 12.0), "the outside save reloads");
    std::fs::write(&cow, &good).unwrap();
    assert!(until(&mut h, |s| speed(s) == 3.0), "and so does its reverse");

    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().status, "Nothing to undo", "a reload is a new baseline, not the person's edit");
    let id = creature_workspace::DocId::Species(creature_core::names::Species::Cow);
    assert!(!h.state().ws.is_dirty(&id));
    assert_eq!(speed(h.state()), 3.0, "the panels agree with the file");
}
