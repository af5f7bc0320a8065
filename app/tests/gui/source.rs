//! The Source panel: Ctrl+Z while typing undoes the text, not an edit of the project.

use creature_studio::gui::command::Command;
use egui_kittest::kittest::Queryable;

use crate::support::{project_copy, studio};

#[test]
fn ctrl_z_in_the_source_text_undoes_the_typing() {
    let (_tmp, root) = project_copy();
    let path = root.join("world.ron");
    let mut h = studio(&root);
    h.state_mut().run(Command::ShowSource { path: path.clone(), line: 1 });
    h.state_mut().run(Command::ShowTab(creature_studio::gui::panels::source::TAB));
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
