//! The Source panel: Ctrl+Z while typing undoes the text, not an edit of the project;
//! its numbers are the file's lines; it follows the file on disk; it opens beside the
//! other panels.

use creature_studio::gui::command::{Command, DockCommand, FileCommand};
use egui_kittest::kittest::{NodeT, Queryable};

use crate::support::{project_copy, studio};

#[test]
fn ctrl_z_in_the_source_text_undoes_the_typing() {
    let (_tmp, root) = project_copy();
    let path = root.join("world.ron");
    let mut h = studio(&root);
    h.state_mut().run(Command::File(FileCommand::ShowSource { path: path.clone(), line: 1 }));
    h.state_mut().run(Command::Dock(DockCommand::Show(creature_studio::gui::panels::source::TAB)));
    h.run();
    let saved = h.state().view.source.as_ref().unwrap().saved.clone();
    h.get_by_role(egui::accesskit::Role::MultilineTextInput).focus();
    h.run();
    h.event(egui::Event::Text("typed ".to_owned()));
    h.run();
    let typed = h.state().view.source.as_ref().unwrap().text.len();
    assert_eq!(typed, saved.len() + 6, "the typing reached the text");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(h.state().view.source.as_ref().unwrap().text == saved, "Ctrl+Z took the typing back");
    assert_ne!(h.state().status, "Nothing to undo", "the key went to the text, not to the project's undo");
}

type H = egui_kittest::Harness<'static, creature_studio::gui::Studio>;

/// The tab shown by the leaf that holds `tab`, and how many tabs that leaf holds.
fn leaf_of(h: &H, tab: creature_studio::gui::command::Tab) -> (creature_studio::gui::command::Tab, usize) {
    let dock = &h.state().dock;
    let at = dock.find_tab(&tab).expect("the tab is in the dock");
    let leaf = dock[at.surface][at.node].get_leaf().expect("a leaf");
    (leaf.tabs[leaf.active.0], leaf.tabs.len())
}

/// A long line is not wrapped: the numbers beside the text are the file's lines, one
/// per row, so the column of numbers is as tall as the text.
#[test]
fn the_source_view_numbers_the_files_lines_not_wrapped_rows() {
    let (_tmp, root) = project_copy();
    let path = root.join("notes.ron");
    let long = format!("// {}", "a long comment that goes on ".repeat(20));
    std::fs::write(&path, format!("(\n{long}\n    a: 1,\n    b: 2,\n)\n")).unwrap();
    let mut h = crate::support::studio_sized(&root, egui::vec2(1280.0, 720.0));
    h.state_mut().run(Command::File(FileCommand::ShowSource { path, line: 4 }));
    h.run();
    let text = h.get_by_role(egui::accesskit::Role::MultilineTextInput).rect();
    let numbers = h
        .query_all_by_role(egui::accesskit::Role::Label)
        .find(|n| n.accesskit_node().value().is_some_and(|v| v.starts_with("   1\n   2\n")))
        .expect("the line numbers")
        .rect();
    let row = numbers.height() / 5.0;
    assert!(text.height() < numbers.height() + row, "one row per line: text {text:?}, numbers {numbers:?}");
    // Going to line 4 scrolls down to it, not sideways along the long line.
    let panel = {
        let dock = &h.state().dock;
        let at = dock.find_tab(&creature_studio::gui::panels::source::TAB).expect("the Source tab");
        dock[at.surface][at.node].get_leaf().expect("a leaf").viewport
    };
    assert!(numbers.left() >= panel.left(), "the numbers {numbers:?} are in the panel {panel:?}");
}

/// Fixed on disk by another program, the file's new text replaces the broken one in
/// the view (which holds no edits of its own), even when it is back to what the studio
/// knew.
#[test]
fn the_source_view_shows_the_file_fixed_on_disk() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    std::thread::sleep(std::time::Duration::from_millis(200));
    // The creature's save, which its document holds: fixed, it is back to what the
    // studio knew.
    let world = root.join("creatures/daisy.ron");
    let good = std::fs::read_to_string(&world).unwrap();
    std::fs::write(&world, format!("{good}\n]]] not ron\n")).unwrap();
    assert!(
        crate::support::until(&mut h, |s| s.ws.problems.iter().any(|p| p.file.ends_with("daisy.ron"))),
        "the broken file is listed"
    );
    h.state_mut().run(Command::File(FileCommand::ShowSource { path: world.clone(), line: 1 }));
    h.run();
    assert!(h.state().view.source.as_ref().unwrap().text.contains("not ron"));
    std::fs::write(&world, &good).unwrap();
    assert!(
        crate::support::until(&mut h, |s| s.view.source.as_ref().is_some_and(|s| s.text == good)),
        "the view shows the fixed file"
    );
    assert_eq!(h.state().view.source.as_ref().unwrap().saved, good);
}

/// Source opens as a tab of its own: the Preview it shared a group with stays shown.
#[test]
fn the_source_view_opens_beside_the_preview_not_over_it() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    let preview = creature_studio::gui::panels::village::TAB;
    let source = creature_studio::gui::panels::source::TAB;
    h.state_mut().run(Command::Preview(creature_studio::gui::command::PreviewCommand::Speed(0.0)));
    h.state_mut().run(Command::Dock(DockCommand::Show(preview)));
    h.run();
    assert_eq!(leaf_of(&h, preview).0, preview);
    h.state_mut().run(Command::File(FileCommand::ShowSource { path: root.join("world.ron"), line: 1 }));
    h.run();
    assert_eq!(leaf_of(&h, preview).0, preview, "the preview is still shown");
    assert_eq!(leaf_of(&h, source), (source, 1), "Source has a group of its own");
    // Shown again, it stays where it is.
    h.state_mut().run(Command::File(FileCommand::ShowSource { path: root.join("world.ron"), line: 2 }));
    h.run();
    assert_eq!(leaf_of(&h, preview).0, preview);
    assert_eq!(leaf_of(&h, source), (source, 1));
}
