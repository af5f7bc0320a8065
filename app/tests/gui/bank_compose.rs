//! The bank view's Compose section makes the shown bank of parts as one undoable edit,
//! shows the classes two parts share side by side, and the arena's "why it was picked"
//! names the bank the played event came from.

use crate::support::{labels_containing, palette, project_copy, settle, studio};
use creature_shadow::bank::Bank;
use creature_studio::gui::Studio;
use creature_studio::gui::command::{ArenaCommand, BankCommand, Command};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn shown_bank(h: &Harness<'static, Studio>) -> Bank {
    h.state().view.shadow.bank().expect("a bank is shown").clone()
}

#[test]
fn composing_is_one_undoable_edit_and_the_arena_names_the_source_of_the_event_played() {
    let (_tmp, project) = project_copy();
    let mut h = studio(&project);
    palette(&mut h, "show panel: replay bank");
    let before = shown_bank(&h);
    let (zoner, rushdown) = (project.join("shadow/zoner.bank.ron"), project.join("shadow/rushdown.bank.ron"));
    // All of the zoner and the rushdown's close play: they share the close classes.
    let parts = vec![(zoner, String::new()), (rushdown, "close".to_owned())];
    h.state_mut().run(Command::Bank(BankCommand::Compose(parts)));
    settle(&mut h);
    let composed = shown_bank(&h);
    assert_ne!(composed, before);
    assert!(composed.iter().all(|e| e.provenance.is_some()), "every event keeps its source");
    assert!(h.state().status.contains("Ctrl+Z"), "{}", h.state().status);
    let conflicts =
        &h.state().panels.state::<creature_studio::gui::shadow::panels::bank::BankPanel>().unwrap().compose.conflicts;
    assert!(!conflicts.is_empty());
    assert!(conflicts.iter().all(|(_, sides)| sides.len() == 2 && sides.iter().all(|s| s.events > 0)));
    h.get_by_label("Compose from parts").click();
    settle(&mut h);
    assert!(h.query_by_label_contains("conflicts: classes two parts both give").is_some());
    // Each conflicting class: both sources, side by side.
    let zoner_sides = h.query_all_by_label_contains("zoner.bank.ron: ").count();
    assert!(zoner_sides > 0 && zoner_sides == h.query_all_by_label_contains("rushdown.bank.ron: ").count());

    palette(&mut h, "show panel: arena");
    h.state_mut().run(Command::Arena(ArenaCommand::Start { opponent: "shadow".into(), autoplay: true, record: false }));
    for _ in 0..30 {
        h.step();
    }
    let from = labels_containing(&h, "from ");
    assert!(
        from.iter().any(|l| l.starts_with("from zoner.bank.ron") || l.starts_with("from rushdown.bank.ron")),
        "{from:?}"
    );

    h.state_mut().run(Command::Arena(ArenaCommand::Finish));
    settle(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    settle(&mut h);
    assert_eq!(shown_bank(&h), before, "one undo gives the bank back");
}
