//! Breakpoints in the real app, on a copy of the example project: a condition picked
//! in the Breakpoints panel reads as a sentence, is added and kept in the project; a
//! slap then fires it, the preview pauses, the log says which breakpoint fired, and
//! switching it off lets the run go on.

use creature_core::world::sim::Act;
use creature_studio::gui::command::{Command, PreviewCommand};
use egui_kittest::kittest::Queryable;

use crate::support::{label_containing, palette, project_copy, studio};

#[test]
fn a_breakpoint_set_in_its_panel_pauses_the_preview_when_it_fires() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Phase(6))));
    palette(&mut h, "show panel: breakpoints");
    h.step();
    h.get_by_label("Lesson(sign: Slap)").click();
    h.step();
    h.step();
    label_containing(&h, "A slap teaches a plan");
    h.get_by_label("Add").click();
    h.step();
    h.step();
    label_containing(&h, "1. A slap teaches a plan");
    let kept = std::fs::read_to_string(root.join("breakpoints.ron")).unwrap();
    assert!(kept.contains("Lesson(sign: Slap)"), "{kept}");

    h.state_mut().run(Command::Preview(PreviewCommand::Speed(10.0)));
    for _ in 0..20 {
        h.state_mut().run(Command::Preview(PreviewCommand::StepTurn));
        h.step();
    }
    assert!(h.state().ws.preview.as_ref().unwrap().sim().plan().is_some(), "a plan is under way");
    for a in [Act::Hold, Act::Slap(creature_core::mind::hand::Slap::Hard), Act::Release] {
        h.state_mut().run(Command::Preview(PreviewCommand::Act(a)));
        h.step();
    }
    h.step();
    let p = h.state().ws.preview.as_ref().unwrap();
    assert_eq!(p.speed, 0.0, "the slap's lesson paused the preview");
    assert!(h.state().status.contains("breakpoint 1, A slap teaches a plan"), "{}", h.state().status);
    assert!(h.state().view.village.log.iter().any(|l| l.text.starts_with("breakpoint 1 fired")));
    h.get_by_label("▶ Continue");

    h.get_by_label_contains("1. A slap teaches a plan").click();
    h.step();
    h.step();
    assert!(!h.state().ws.preview.as_ref().unwrap().breakpoints.list()[0].on, "switched off");
    assert!(std::fs::read_to_string(root.join("breakpoints.ron")).unwrap().contains("on: false"));
}

/// A breakpoint is set where the thing is shown: the inspected object's button puts a
/// plan on it in the list as its condition.
#[test]
fn a_breakpoint_is_set_from_the_inspected_object() {
    let (_tmp, mut h) = crate::support::paused_preview();
    h.step();
    let id = crate::support::inspect_a_sheep(&mut h);
    h.get_by_label("Break on a plan on it").click();
    h.step();
    h.step();
    let texts: Vec<String> =
        h.state().ws.preview.as_ref().unwrap().breakpoints.list().iter().map(|b| b.text.clone()).collect();
    assert_eq!(texts, vec![format!("PlanStarted(object: \"{id}\")")]);
}

/// The turns a breakpoint fires at in the recorded run are marked on the timeline, and
/// Page Down and Page Up go from hit to hit; a typed time is shown at once.
#[test]
fn the_timeline_marks_every_hit_and_page_keys_go_from_hit_to_hit() {
    let (_tmp, mut h) = crate::support::paused_preview();
    h.step();
    h.state_mut().ws.preview.as_mut().unwrap().run(1200);
    let cond = "PlanStarted()";
    h.state_mut().ws.add_breakpoint(cond).unwrap();
    h.step();
    h.step();
    // What the recording itself says, played through by core's own search.
    let p = h.state().ws.preview.as_ref().unwrap();
    let parsed = creature_core::cond::Cond::parse(cond, p.sim().data(), p.sim().world()).unwrap();
    let expected = p.recorder().find(&parsed).unwrap();
    assert!(expected.len() >= 2, "the creature starts plans more than once in two minutes: {expected:?}");
    let marked: Vec<u64> = p.breakpoints.hits().iter().map(|h| h.turn).collect();
    assert_eq!(marked, expected, "every hit is marked");
    label_containing(&h, &format!("{} breakpoint hits", expected.len()));

    let shown = |h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>| {
        creature_studio::gui::time_travel::shown_turn(h.state().ws.preview.as_ref().unwrap())
    };
    h.state_mut().run(Command::Time(creature_studio::gui::command::TimeCommand::ScrubTo(0)));
    h.step();
    for want in &expected[..2] {
        h.key_press(egui::Key::PageDown);
        h.step();
        assert_eq!(shown(&h), *want);
    }
    h.key_press(egui::Key::PageUp);
    h.step();
    assert_eq!(shown(&h), expected[0]);

    // A time typed in "go to" is shown on Enter.
    h.get_by_label("go to").click();
    h.step();
    h.get_by_label("go to").type_text("1:05.5");
    h.step();
    h.key_press(egui::Key::Enter);
    h.step();
    h.step();
    assert_eq!(shown(&h), 655);
}

/// The Breakpoints panel shares its place with the Preview, which is then out of sight:
/// after a hit, Continue and Step still run the preview, and the status bar says it
/// runs.
#[test]
fn continue_and_step_run_the_preview_with_the_breakpoints_shown_in_its_place() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Phase(6))));
    h.state_mut().run(Command::Preview(PreviewCommand::AddBreakpoint("Lesson(sign: Slap)".into())));
    palette(&mut h, "show panel: breakpoints");
    h.step();
    let tabs = |h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>, tab| {
        let dock = &h.state().dock;
        let at = dock.find_tab(&tab).expect("in the dock");
        at.tab == dock[at.surface][at.node].get_leaf().unwrap().active
    };
    assert!(tabs(&h, creature_studio::gui::panels::breakpoints::TAB), "Breakpoints is shown");
    assert!(!tabs(&h, creature_studio::gui::panels::village::TAB), "the Preview is out of sight");
    for _ in 0..20 {
        h.state_mut().run(Command::Preview(PreviewCommand::StepTurn));
        h.step();
    }
    for a in [Act::Hold, Act::Slap(creature_core::mind::hand::Slap::Hard), Act::Release] {
        h.state_mut().run(Command::Preview(PreviewCommand::Act(a)));
        h.step();
    }
    h.step();
    assert_eq!(h.state().ws.preview.as_ref().unwrap().speed, 0.0, "the hit paused the preview");
    let time = |h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>| {
        h.state().ws.preview.as_ref().unwrap().sim_time()
    };
    let t0 = time(&h);
    h.get_by_label("⏭ Step").click();
    h.step();
    assert!(time(&h) > t0, "Step ran a turn: {t0} → {}", time(&h));
    let t1 = time(&h);
    h.get_by_label("▶ Continue").click();
    for _ in 0..8 {
        h.step();
    }
    assert!(h.state().ws.preview.as_ref().unwrap().speed > 0.0, "Continue plays");
    assert!(time(&h) > t1, "the preview ran with the Breakpoints shown: {t1} → {}", time(&h));
    let pace = crate::support::labels_containing(&h, "preview ×");
    assert!(pace.iter().all(|l| !l.contains("paused")), "{pace:?}");
}
