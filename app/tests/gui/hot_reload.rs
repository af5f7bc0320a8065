//! Hot reload in the editor: a creature saved by another program while the studio holds
//! unsaved edits of it asks which to keep; a broken world file keeps the preview running
//! and lists `FILE:LINE:COL` in Problems; fixing it reloads.

use std::time::Duration;

use crate::support::studio;
use crate::support::{project_copy, until};
use creature_studio::gui::command::Command;
use creature_studio::gui::edit::Edit;
use creature_studio::gui::live::LiveCommand;
use egui_kittest::kittest::Queryable;

#[test]
fn outside_saves_reach_the_editor_and_never_drop_unsaved_edits() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Live(LiveCommand::Speed(0.0)));
    h.run();
    std::thread::sleep(Duration::from_millis(200));

    // Unsaved edits of daisy.ron in the studio, then another program saves it.
    let daisy = h.state().view.creature.clone().expect("daisy is open");
    h.state_mut().run(Command::Edit(Edit::Liking { creature: daisy.clone(), value: 0.5 }));
    h.run();
    let path = root.join("creatures/daisy.ron");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("{text}\n// saved by another editor\n")).unwrap();
    assert!(until(&mut h, |s| !s.view.live.conflicts.is_empty()), "the outside save is noticed");
    h.run(); // the question's first frame only measures it
    h.get_by_label_contains("Changed on disk");
    assert!(h.state().ws.is_dirty(&daisy), "nothing is dropped while the question is open");
    h.get_by_label("Keep the studio's edits").click();
    h.run();
    assert!(h.state().view.live.conflicts.is_empty(), "{:?} {}", h.state().view.live.conflicts, h.state().status);
    assert!(h.state().ws.is_dirty(&daisy));
    assert_eq!(h.state().ws.creature(&daisy).unwrap().liking, 0.5, "the studio's edits are kept");

    // A broken world file: the preview keeps its last good world and Problems says where.
    let world = root.join("world.ron");
    let good = std::fs::read_to_string(&world).unwrap();
    let t0 = h.state().view.live.preview.as_ref().unwrap().sim_time();
    std::fs::write(&world, format!("{good}\n]]] not ron\n")).unwrap();
    assert!(
        until(&mut h, |s| s.ws.problems.iter().any(|p| p.file.ends_with("world.ron") && p.line > 0)),
        "the broken file is listed"
    );
    let problem = h.state().ws.problems.iter().find(|p| p.file.ends_with("world.ron")).unwrap().to_string();
    assert!(problem.contains("world.ron:"), "{problem}");
    assert!(h.state().view.live.preview.is_some());
    h.state_mut().run(Command::Live(LiveCommand::StepTurn));
    h.step();
    assert!(h.state().view.live.preview.as_ref().unwrap().sim_time() > t0, "the simulation goes on");
    std::fs::write(&world, &good).unwrap();
    assert!(
        until(&mut h, |s| !s.ws.problems.iter().any(|p| p.file.ends_with("world.ron"))),
        "fixing it reloads and clears the problem"
    );
    assert!(h.state().view.live.log.iter().any(|l| l.text == "reloaded world.ron"));
}
