//! The arena and the bank view on a laptop's screen and a desktop's, and a recorded match
//! never lost without a word: quitting with it asks, as unsaved edits do.

use creature_shadow::arena::{Action, Phase};
use creature_shadow::bank::Bank;
use creature_studio::gui::Studio;
use creature_studio::gui::chrome::modal::Modal;
use creature_studio::gui::command::{Command, DockCommand, UiCommand};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::support::{autoplay_a_match, example, palette, project_copy, studio, studio_sized};

const LAPTOP: egui::Vec2 = egui::vec2(1280.0, 720.0);
const DESKTOP: egui::Vec2 = egui::vec2(1920.0, 1080.0);

fn close_window(h: &mut Harness<'static, Studio>) {
    h.input_mut().viewports.entry(egui::ViewportId::ROOT).or_default().events.push(egui::ViewportEvent::Close);
    h.run();
}

fn bank_len(path: &std::path::Path) -> usize {
    Bank::load(path).expect("the bank reads").len()
}

#[test]
fn quitting_with_an_arena_match_not_kept_asks_and_keep_saves_it_in_its_bank() {
    let (_tmp, root) = project_copy();
    let bank = root.join("shadow/rushdown.bank.ron");
    let before = bank_len(&bank);
    let mut h = studio(&root);
    autoplay_a_match(&mut h);
    assert!(h.state().view.shadow.arena.pending.is_some(), "the match waits to be kept");

    // File › Quit asks, and Cancel keeps the match waiting.
    h.state_mut().run(UiCommand::Quit);
    h.run();
    assert!(matches!(h.state().modal, Some(Modal::UnsavedChanges { .. })), "quitting asks first");
    h.get_by_label("The match recorded in the arena is not kept in a bank.");
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().modal.is_none());
    assert!(h.state().view.shadow.arena.pending.is_some(), "Cancel keeps the match waiting");

    // Closing the window asks the same question; Keep puts the match in its bank and
    // saves the bank.
    close_window(&mut h);
    assert!(matches!(h.state().modal, Some(Modal::UnsavedChanges { .. })), "closing the window asks first");
    h.get_by_label("Keep").click();
    h.run();
    assert!(h.state().view.shadow.arena.pending.is_none());
    assert!(bank_len(&bank) > before, "the kept match is in the bank on disk");
    assert!(h.state().ws.dirty_docs().is_empty(), "nothing is left unsaved");
}

#[test]
fn discarding_an_arena_match_at_the_quit_question_leaves_the_bank_as_it_was() {
    let (_tmp, root) = project_copy();
    let bank = root.join("shadow/rushdown.bank.ron");
    let before = std::fs::read(&bank).unwrap();
    let mut h = studio(&root);
    autoplay_a_match(&mut h);
    close_window(&mut h);
    assert!(matches!(h.state().modal, Some(Modal::UnsavedChanges { .. })), "closing the window asks first");
    // The arena's own Discard button is behind the question, drawn first.
    h.query_all_by_label("Discard").last().expect("the question's Discard").click();
    h.run();
    assert!(h.state().modal.is_none());
    assert_eq!(std::fs::read(&bank).unwrap(), before, "the bank on disk is untouched");
}

/// Starts an autoplayed match against a bot at `size`, the arena in its place or
/// given the window, pauses it and lifts the left fighter to the top of a jump.
fn fight_at_the_top_of_a_jump(size: egui::Vec2, maximised: bool) -> Harness<'static, Studio> {
    let mut h = studio_sized(&example(), size);
    autoplay_a_match(&mut h);
    if maximised {
        h.state_mut().run(Command::Dock(DockCommand::Maximise(creature_studio::gui::shadow::panels::arena::TAB)));
        h.run();
    }
    let arena = &mut h.state_mut().view.shadow.arena;
    arena.paused = true;
    let bout = arena.bout.as_mut().expect("a match");
    for f in &mut bout.arena.fighters {
        f.phase = Phase::Neutral(Action::Idle);
    }
    // The top of a jump: the simulation lifts a fighter 120 units.
    bout.arena.fighters[0].y = 120;
    h.run();
    h
}

#[test]
fn the_arena_draws_the_fighters_clear_of_the_health_bars_and_who_plays() {
    let fighters = [egui::Color32::from_rgb(90, 160, 240), egui::Color32::from_rgb(230, 110, 80)];
    for (size, maximised) in [(LAPTOP, false), (LAPTOP, true), (DESKTOP, false), (DESKTOP, true)] {
        let h = fight_at_the_top_of_a_jump(size, maximised);
        let shapes = &h.output().shapes;
        let mut bodies = Vec::new();
        let mut hud = Vec::new();
        for s in shapes {
            match &s.shape {
                egui::Shape::Rect(r) if fighters.contains(&r.fill) && r.rect.height() > 12.0 => bodies.push(r.rect),
                // The health bars (their grey track) and the meters.
                egui::Shape::Rect(r)
                    if r.fill == egui::Color32::from_gray(60) || r.fill == egui::Color32::from_rgb(240, 200, 60) =>
                {
                    hud.push(r.rect);
                }
                egui::Shape::Text(t)
                    if ["bot: ", "shadow: ", "⌨ you: "].iter().any(|w| t.galley.text().starts_with(w)) =>
                {
                    hud.push(s.shape.visual_bounding_rect());
                }
                _ => {}
            }
        }
        assert_eq!(bodies.len(), 2, "both fighters drawn at {size:?} (maximised: {maximised})");
        assert!(hud.len() >= 6, "two bars, two meters and two labels at {size:?} (maximised: {maximised}): {hud:?}");
        for b in &bodies {
            for r in &hud {
                assert!(
                    !b.intersects(*r),
                    "at {size:?} (maximised: {maximised}) a fighter {b:?} is drawn over the bars or labels {r:?}"
                );
            }
        }
    }
}

#[test]
fn the_bank_table_shows_at_least_twelve_rows_on_a_laptop() {
    for size in [LAPTOP, DESKTOP] {
        let mut h = studio_sized(&example(), size);
        palette(&mut h, "show panel: replay bank");
        h.run();
        // Whole rows, above the plots under the table and inside the window.
        let plots = h.get_by_label_contains("Actions (the whole bank").rect().top().min(size.y);
        let shown = h
            .query_all_by_label("Jago vs Jago")
            .filter(|n| n.accesskit_node().bounding_box().is_some_and(|b| b.y0 >= 0.0 && b.y1 <= f64::from(plots)))
            .count();
        assert!(shown >= 12, "{shown} rows of the bank shown at {size:?}");
    }
}

#[test]
fn starting_another_match_with_one_not_kept_asks_and_keep_keeps_it_first() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    autoplay_a_match(&mut h);
    let recorded = h.state().view.shadow.arena.pending.as_ref().map(|p| p.events.len()).expect("waits to be kept");
    let bank_events = |h: &Harness<'static, Studio>| {
        let id = h.state().view.shadow.bank_doc().expect("a bank shown");
        h.state().ws.bank(&id).map(|b| b.len()).expect("the bank is open")
    };
    let before = bank_events(&h);

    // Start match asks; Cancel leaves the recording waiting and starts nothing.
    h.get_by_label("▶ Start match").click();
    h.run();
    assert!(matches!(h.state().modal, Some(Modal::UnkeptMatch { .. })), "a new match asks first");
    h.query_all_by_label("Cancel").last().expect("the question's Cancel").click();
    h.run();
    assert!(h.state().modal.is_none());
    assert_eq!(h.state().view.shadow.arena.pending.as_ref().map(|p| p.events.len()), Some(recorded));

    // Asked again, Keep puts the recording in the bank shown, then the match starts.
    h.get_by_label("▶ Start match").click();
    h.run();
    // The arena's own Keep button is behind the question, drawn first.
    h.query_all_by_label_contains("Keep in").last().expect("a Keep button naming the bank").click();
    // The new match runs, and keeps the editor repainting.
    h.step();
    h.step();
    assert!(h.state().view.shadow.arena.pending.is_none(), "the recording was kept");
    assert!(bank_events(&h) > before, "the kept match is in the bank");
    assert!(h.state().view.shadow.arena.bout.is_some(), "the new match started");
}
