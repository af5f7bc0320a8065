//! The studio's own writes are not news: a breakpoint or a watch kept in its file, and
//! a document saved, come back from the watcher as files the studio already knows, with
//! no "reloaded" toast or log line; a save by another program still is one.

use std::time::Duration;

use crate::support::{project_copy, studio, until};
use creature_studio::gui::command::{Command, PreviewCommand, UiCommand};
use creature_workspace::edit::Edit;

#[test]
fn the_studios_own_writes_are_not_reported_as_reloads() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.run();
    std::thread::sleep(Duration::from_millis(200));
    h.state_mut().run(Command::Preview(PreviewCommand::AddBreakpoint("Lesson(sign: Slap)".into())));
    h.state_mut().run(Command::Preview(PreviewCommand::AddWatch("Liking".into())));
    let ruth = h.state().view.focus.creature().cloned().expect("ruth is open");
    h.state_mut().run(Command::Edit(Edit::Liking { creature: ruth.clone(), value: 0.25 }));
    h.state_mut().run(UiCommand::Save);
    h.run();
    assert!(root.join("breakpoints.ron").is_file() && root.join("watches.ron").is_file());
    assert!(!h.state().ws.is_dirty(&ruth), "saved");
    // Another program's save, after the studio's: once it is told, the studio's own
    // writes have come back from the watcher too.
    std::thread::sleep(Duration::from_millis(100));
    let world = root.join("world.ron");
    let text = std::fs::read_to_string(&world).unwrap();
    std::fs::write(&world, format!("{text}\n// saved by another editor\n")).unwrap();
    assert!(
        until(&mut h, |s| s.view.village.log.iter().any(|l| l.text == "reloaded world.ron")),
        "an outside save is told"
    );
    let told: Vec<String> =
        h.state().view.village.log.iter().filter(|l| l.text.starts_with("reloaded")).map(|l| l.text.clone()).collect();
    assert_eq!(told, ["reloaded world.ron"], "only the outside save is news");
}
