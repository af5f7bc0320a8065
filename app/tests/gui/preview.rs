//! The live preview driven through the real app: run the example creature until it has a
//! plan, hold it, slap it hard and release; the lesson appears in the event log and, as
//! the simulation returned it, in the side panel, and the creature's document learns it
//! when the person asks (at once, or with "Keep").

use crate::support::{example, label_containing, palette, studio};
use creature_core::species::data::TreeKind;
use creature_core::world::sim::Act;
use creature_studio::gui::command::PreviewCommand;
use creature_studio::gui::command::{Command, UiCommand};
use egui_kittest::kittest::Queryable;

#[test]
fn a_hard_slap_in_the_preview_is_logged_and_changes_the_tree() {
    let mut h = studio(&example());
    assert!(h.state().ws.preview.is_some(), "the example project's preview starts with it");
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.run();
    palette(&mut h, "show panel: preview");
    h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Phase(2))));
    h.step();
    h.get_by_label("×100").click();
    let mut frames = 0;
    while h.state().ws.preview.as_ref().unwrap().sim().plan().is_none() && frames < 400 {
        h.step();
        frames += 1;
    }
    h.get_by_label("⏸ Pause").click();
    h.step();
    h.step();
    let plan = h.state().ws.preview.as_ref().unwrap().sim().plan().expect("the creature makes a plan");
    let creature = h.state().view.focus.creature().cloned().expect("ruth is open");
    let before = h.state().ws.creature(&creature).unwrap().tree(plan.desire, TreeKind::ActOn).examples.clone();
    // The person asks for the lessons to go into the save at once.
    h.get_by_label("Lessons go into ruth.ron at once").click();
    h.step();
    assert!(h.state().ws.preview_learns);

    h.key_press(egui::Key::H);
    h.step();
    assert!(h.state().ws.preview.as_ref().unwrap().sim().teaching().hand.holding);
    h.key_press(egui::Key::B);
    h.step();
    h.key_press(egui::Key::R);
    h.step();
    h.step();

    let line = label_containing(&h, "lesson -0.50 (total");
    assert!(line.contains(&format!("taught to {} {}", plan.desire, plan.action)), "{line}");
    // The side panel shows the lesson the simulation returned: the value, the plan it
    // went to, the opinion it changed and what the creature does now.
    let shown = h
        .state()
        .view
        .village
        .last_lesson(h.state().ws.preview.as_ref().unwrap())
        .cloned()
        .expect("the release's lesson is kept for the panel");
    let taught = shown.taught.as_ref().expect("the slap taught the plan under way");
    assert_eq!((taught.desire, taught.action.as_str()), (plan.desire, plan.action.as_str()));
    assert_eq!(shown.lesson, Some(-0.5));
    label_containing(&h, "L = -0.50");
    label_containing(&h, &format!("taught: {} {} {}", plan.desire, plan.action, plan.object));
    let opinion = label_containing(&h, &format!("opinion of {}:", plan.action));
    let (now, was) = (shown.opinion.unwrap(), shown.opinion_before.unwrap());
    assert!(opinion.ends_with(&format!("{now:+.2}, was {was:+.2}")), "{opinion}");
    label_containing(&h, &format!("then: {} falls to 0", plan.desire));
    let after = h.state().ws.creature(&creature).unwrap().tree(plan.desire, TreeKind::ActOn).examples.clone();
    assert_ne!(before, after, "the slapped plan's ActOn tree learnt the lesson");
    assert!(after.iter().any(|e| e.feedback < 0.0));
    assert_eq!(h.state().view.tree, (plan.desire, TreeKind::ActOn), "the inspector shows the tree that changed");
    assert!(h.state().ws.is_dirty(&creature), "what the creature learnt can be saved");
}

/// Edits made in the studio reach the running preview before any save: a species trait
/// changes the preview's data, an opinion edited in the inspector changes the running
/// creature, undo takes both back, and the files on disk are untouched.
#[test]
fn unsaved_edits_reach_the_running_preview_and_undo_takes_them_back() {
    use creature_core::names::{Species, Trait};
    use creature_workspace::edit::Edit;

    let (_tmp, root) = crate::support::project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.run();
    let ruth = h.state().view.focus.creature().cloned().expect("ruth is open");
    let on_disk = std::fs::read_to_string(root.join("creatures/ruth.ron")).unwrap();
    let preview = |h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>| {
        h.state().ws.preview.as_ref().expect("the preview runs").sim().creature().clone()
    };
    let kindness = |h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>| {
        let data = h.state().ws.preview.as_ref().unwrap().sim().data().clone();
        data.species[Species::Cow.index()].traits.get(Trait::Kindness)
    };
    let k0 = kindness(&h);
    let eat0 = preview(&h).opinions.get("Eat").copied();

    h.state_mut().run(Command::Edit(Edit::Trait { species: Species::Cow, t: Trait::Kindness, value: 0.95 }));
    h.run();
    assert!((kindness(&h) - 0.95).abs() < 1e-12, "the preview runs the edited Cow: {}", kindness(&h));
    assert!(k0 != 0.95);

    h.state_mut().run(Command::Edit(Edit::Opinion { creature: ruth.clone(), action: "Eat".into(), value: -0.75 }));
    h.run();
    assert_eq!(preview(&h).opinions.get("Eat"), Some(&-0.75), "the running creature took the opinion");
    assert_eq!(std::fs::read_to_string(root.join("creatures/ruth.ron")).unwrap(), on_disk, "nothing was saved");

    h.state_mut().run(UiCommand::Undo);
    h.run();
    assert_eq!(preview(&h).opinions.get("Eat").copied(), eat0, "undo reaches the preview too");
    h.state_mut().run(UiCommand::Undo);
    h.run();
    assert_eq!(kindness(&h), k0);
}

#[test]
fn a_lesson_in_the_preview_stays_there_until_the_person_keeps_it() {
    let (_tmp, root) = crate::support::project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.run();
    palette(&mut h, "show panel: preview");
    h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Phase(2))));
    h.step();
    for _ in 0..30 {
        h.state_mut().run(Command::Preview(PreviewCommand::StepTurn));
        h.step();
    }
    let creature = h.state().view.focus.creature().cloned().expect("ruth is open");
    let before = h.state().ws.creature(&creature).unwrap().clone();
    for k in [egui::Key::H, egui::Key::B, egui::Key::R] {
        h.key_press(k);
        h.step();
    }
    h.step();
    label_containing(&h, "lesson -0.50 (total");
    assert_eq!(h.state().ws.creature(&creature).unwrap(), &before, "the save is the person's: untouched");
    assert!(!h.state().ws.is_dirty(&creature));

    h.get_by_label("Keep what it learnt in ruth.ron").click();
    h.run();
    assert!(h.state().ws.is_dirty(&creature), "kept: one edit of the save");
    assert_ne!(h.state().ws.creature(&creature).unwrap().trees, before.trees);
    h.state_mut().run(UiCommand::Undo);
    h.run();
    assert_eq!(h.state().ws.creature(&creature).unwrap(), &before, "and Ctrl+Z takes it back");
}

/// Holding the creature shows what letting go would teach, and hovering a slap shows
/// what the slap and a release would: the numbers of a release worked out on a copy,
/// the same as the real slap then gives.
#[test]
fn the_hand_shows_a_lessons_foresight_before_it_is_given() {
    let mut h = studio(&example());
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Phase(6))));
    palette(&mut h, "show panel: preview");
    h.step();
    while h.state().ws.preview.as_ref().unwrap().sim().plan().is_none() {
        h.state_mut().run(Command::Preview(PreviewCommand::StepTurn));
        h.step();
    }
    h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Hold)));
    h.step();
    h.step();
    label_containing(&h, "If you let go now");
    h.get_by_label_contains("Slap hard").hover();
    // A tooltip waits for the pointer to rest.
    for _ in 0..60 {
        h.step();
    }
    label_containing(&h, "This, then letting go, would teach");
    let foreseen = label_containing(&h, "L = -0.50");
    let plan = h.state().ws.preview.as_ref().unwrap().sim().plan().unwrap();
    label_containing(&h, &format!("taught: {} {} {}", plan.desire, plan.action, plan.object));
    assert!(foreseen.contains("total -0.20"), "{foreseen}");
    assert!(
        h.state().view.village.last_lesson(h.state().ws.preview.as_ref().unwrap()).is_none(),
        "nothing was taught yet"
    );
}
