//! Lesson authoring driven through the real app: open the seed's credit-assignment
//! script, play it, and the credit chart names the winner when the playhead reaches
//! the release; then apply it to the creature and see what it changed.

use crate::support::{example, label_containing, palette, studio};
use creature_core::names::Desire;
use creature_core::species::data::TreeKind;
use creature_studio::gui::command::{Command, UiCommand};
use creature_workspace::edit::Edit;
use egui_kittest::kittest::Queryable;

#[test]
fn playing_slap_after_rock_throw_shows_the_meal_winning_the_credit() {
    let mut h = studio(&example());
    palette(&mut h, "open slap_after_rock_throw");
    assert!(h.state().view.lesson.as_ref().is_some_and(|l| l.label() == "slap_after_rock_throw.ron"));

    h.key_press(egui::Key::F6);
    h.step();
    h.step();
    assert!(h.state().view.lesson_ui.playing);
    assert!(h.query_by_label_contains("winner:").is_none(), "no release before the playhead reaches 11 s");
    h.get_by_label_contains("No release yet");
    let mut steps = 0;
    while h.query_by_label_contains("winner:").is_none() && steps < 2000 {
        h.step();
        steps += 1;
    }
    // The meal (0–4 s, eat: 20 s) scores 0.65 at 11 s; the throw (7–8 s, throw: 5 s) 0.40.
    assert_eq!(label_containing(&h, "winner:"), "winner: Hunger Eat villager1 (0.65)");
    assert!(label_containing(&h, "Release 1 at 11.0 s").contains("lesson -0.50"));
    while h.state().view.lesson_ui.playing && steps < 4000 {
        h.step();
        steps += 1;
    }

    // Applied to the open creature, the slap reaches its Hunger ActOn tree, once the
    // creature is old enough to learn from the hand (phase 2).
    let creature = h.state().view.focus.creature().cloned().expect("ruth is open");
    h.state_mut().run(Command::Edit(Edit::Phase { creature: creature.clone(), phase: 2 }));
    h.run();
    let before = h.state().ws.creature(&creature).unwrap().tree(Desire::Hunger, TreeKind::ActOn).examples.len();
    let liked = h.state().ws.creature(&creature).unwrap().opinions["Eat"];
    assert!(!h.state().view.lesson_ui.on_creature, "the results shown are a newborn's");
    h.get_by_label("Apply to ruth.ron").click();
    h.run();
    assert!(h.state().view.lesson_ui.on_creature, "applied, the results shown are the creature's run");
    let c = h.state().ws.creature(&creature).unwrap();
    assert_eq!(c.tree(Desire::Hunger, TreeKind::ActOn).examples.len(), before + 1);
    let moved = liked + 0.8 * (-0.5 - liked);
    assert!(
        (c.opinions["Eat"] - moved).abs() < 1e-9,
        "the opinion of eating moves 80 % of the way to −0.5 from {liked}"
    );
    assert!(label_containing(&h, "Applied to").contains("ruth.ron"));
    assert!(h.state().ws.is_dirty(&creature));

    // Undone, the results no longer say it was applied.
    h.state_mut().run(UiCommand::Undo);
    h.run();
    assert!(h.query_by_label_contains("Applied to").is_none(), "an undone application is not shown as applied");
    h.get_by_label("What the run changes");
    h.state_mut().run(UiCommand::Redo);
    h.run();
    assert!(label_containing(&h, "Applied to").contains("ruth.ron"));
}

#[test]
fn the_timeline_zooms_about_the_pointer_and_scrolls_in_time() {
    let mut h = studio(&example());
    h.state_mut()
        .run(creature_studio::gui::command::FileCommand::Open(example().join("lessons/stroke_after_eating_sheep.ron")));
    h.run();
    let ui = timeline(&h);
    let (rect, before) = (ui.rect.expect("the timeline is drawn"), ui.px_per_second);
    // Markers a tenth of a second apart are closer than a marker is wide at first.
    assert!(before * 0.1 < 16.0, "{before} points per second");
    let at = rect.center() + egui::vec2(rect.width() * 0.2, 0.0);
    h.event(egui::Event::PointerMoved(at));
    let wheel = |h: &mut egui_kittest::Harness<'static, creature_studio::gui::Studio>, dy: f32, modifiers| {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, dy),
            modifiers,
            phase: egui::TouchPhase::Move,
        });
        for _ in 0..20 {
            h.step();
        }
    };
    wheel(&mut h, 600.0, egui::Modifiers::NONE);
    let ui = timeline(&h);
    assert!(ui.px_per_second * 0.1 >= 20.0, "zoomed in, a tenth of a second is {} points", ui.px_per_second * 0.1);
    assert!(ui.from > 0.0, "zooming about the pointer moved the left edge");
    let from = ui.from;
    wheel(&mut h, -120.0, egui::Modifiers::SHIFT);
    assert!(timeline(&h).from > from, "Shift+wheel scrolls later in time");
    h.get_by_label_contains("whole script").click();
    h.run();
    assert_eq!(timeline(&h).zoom, 1.0);
}

/// The Lesson panel's timeline zoom, which the panel owns.
fn timeline<'h>(
    h: &'h egui_kittest::Harness<'static, creature_studio::gui::Studio>,
) -> &'h creature_studio::gui::panels::lesson_timeline::Zoom {
    &h.state().panels.state::<creature_studio::gui::panels::lesson::LessonPanel>().expect("registered").timeline
}
