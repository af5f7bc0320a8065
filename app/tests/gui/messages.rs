//! Messages worked out from the present state: the status bar, the Source view and the
//! event log say what is so now, not what an earlier event left behind.

use std::path::PathBuf;
use std::time::Duration;

use creature_core::world::sim::Act;
use creature_studio::gui::command::TimeCommand;
use creature_studio::gui::command::{Command, DockCommand, FileCommand, PreviewCommand, ScenarioCommand};
use creature_studio::gui::view::village::VillageUi;

use crate::support::{example, palette, project_copy, studio, until, until_within};

type Studio = egui_kittest::Harness<'static, creature_studio::gui::Studio>;

/// Breaks `file` on disk and waits until the editor lists its problem; returns the text
/// it had and the problem's place as a click on it would show it.
fn break_file(h: &mut Studio, file: &std::path::Path) -> (String, PathBuf, usize) {
    let good = std::fs::read_to_string(file).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    std::fs::write(file, format!("{good}\n]]] not ron\n")).unwrap();
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    let listed = |s: &creature_studio::gui::Studio| s.ws.problems.iter().any(|p| p.file.ends_with(&name));
    assert!(until(h, listed), "the broken file is listed");
    let p = h.state().ws.problems.iter().find(|p| p.file.ends_with(&name)).unwrap();
    (good, PathBuf::from(&p.file), p.line)
}

#[test]
fn the_source_view_shows_a_file_fixed_on_disk_as_it_is_now() {
    let (_tmp, root) = project_copy();
    let world = root.join("world.ron");
    let mut h = studio(&root);
    let (good, path, line) = break_file(&mut h, &world);
    h.state_mut().run(Command::File(FileCommand::ShowSource { path, line }));
    h.run();
    assert!(h.state().view.source.as_ref().unwrap().text.contains("]]] not ron"));
    std::fs::write(&world, &good).unwrap();
    let fixed = |s: &creature_studio::gui::Studio| s.view.source.as_ref().is_some_and(|v| v.text == good);
    assert!(until(&mut h, fixed), "the Source view follows the file it shows");
    assert!(!h.state().view.source_edited(), "the text read again is not an edit");
}

#[test]
fn a_file_that_loads_again_is_no_longer_said_not_to_load() {
    let (tmp, root) = project_copy();
    let cow = tmp.path().join("species/cow.ron");
    let mut h = studio(&root);
    let (good, _, _) = break_file(&mut h, &cow);
    h.run();
    assert!(h.state().status.starts_with("cow.ron does not load"), "{}", h.state().status);
    std::fs::write(&cow, &good).unwrap();
    let cleared = |s: &creature_studio::gui::Studio| !s.status.contains("does not load");
    assert!(until(&mut h, cleared), "still: {}", h.state().status);
    assert_eq!(h.state().status, "cow.ron loads again");
}

#[test]
fn after_a_fork_the_status_and_the_log_are_of_the_branch_shown() {
    let mut h = studio(&example());
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    palette(&mut h, "show panel: preview");
    h.state_mut().ws.preview.as_mut().unwrap().run(600);
    h.step();
    let late = |h: &Studio| h.state().view.village.log.iter().filter(|l| l.t > 20.0).count();
    assert!(late(&h) > 0, "the run logged something after 20 s");
    h.state_mut().run(Command::Time(TimeCommand::ScrubTo(200)));
    h.step();
    assert!(h.state().status.starts_with("Showing 20.0 s of 60.0 s"), "{}", h.state().status);
    // Playing on forks at 20 s: the new branch is the one shown.
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(1.0)));
    for _ in 0..5 {
        h.step();
    }
    let p = h.state().ws.preview.as_ref().unwrap();
    assert_eq!(p.branches.len(), 1, "the old future is a branch");
    let end = p.sim_time();
    assert!(end < 30.0);
    assert!(!h.state().status.starts_with("Showing"), "still: {}", h.state().status);
    let after: Vec<_> = h.state().view.village.log.iter().filter(|l| l.t > end).map(|l| l.text.clone()).collect();
    assert!(after.is_empty(), "the log lists the abandoned future: {after:?}");
}

#[test]
fn the_pace_measured_across_a_fork_is_never_negative() {
    let mut v = VillageUi::default();
    v.measure(1.0, 1.0, 1.0 / 60.0);
    // A fork from 17 s back: the run's time went down.
    v.measure(-300.0, 0.1, 1.0 / 60.0);
    v.measure(1.0, 1.0, 1.0 / 60.0);
    v.measure(1.0, 1.0, 1.0 / 60.0);
    assert!(v.rate >= 0.0, "{} sim s / wall s", v.rate);
}

#[test]
fn the_scenarios_status_says_they_ran_once_they_finish() {
    let mut h = studio(&example());
    let file = example().join("scenarios/phases_advance.scenario.ron");
    h.state_mut().run(Command::Scenario(ScenarioCommand::Run(vec![file])));
    h.step();
    assert!(h.state().status.starts_with("Running 1 scenario"), "{}", h.state().status);
    let done = |s: &creature_studio::gui::Studio| s.ws.scenarios.progress().is_none();
    assert!(until_within(&mut h, Duration::from_secs(120), done));
    h.step();
    h.step();
    assert!(h.state().status.starts_with("Ran 1 scenario: 1 passed"), "{}", h.state().status);
}

#[test]
fn a_release_before_phase_2_says_the_hand_teaches_from_phase_2() {
    let mut h = studio(&example());
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    palette(&mut h, "show panel: preview");
    h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Phase(1))));
    h.state_mut().ws.preview.as_mut().unwrap().run(100);
    h.step();
    for key in [egui::Key::H, egui::Key::B, egui::Key::R] {
        h.key_press(key);
        h.step();
    }
    let lessons: Vec<_> =
        h.state().view.village.log.iter().filter(|l| l.text.starts_with("lesson ")).map(|l| l.text.clone()).collect();
    assert!(!lessons.is_empty(), "the release is logged");
    assert!(lessons.iter().all(|l| l.contains("before phase 2") && !l.contains("no plan to credit")), "{lessons:?}");
}

#[test]
fn the_count_of_problems_in_the_status_follows_the_project() {
    let (tmp, root) = project_copy();
    let cow = tmp.path().join("species/cow.ron");
    let good = std::fs::read_to_string(&cow).unwrap();
    std::fs::write(&cow, format!("{good}\n]]] not ron\n")).unwrap();
    let mut h = studio(&root);
    assert!(h.state().status.ends_with(", 1 problem)"), "{}", h.state().status);
    std::thread::sleep(Duration::from_millis(200));
    std::fs::write(&cow, &good).unwrap();
    let counted = |s: &creature_studio::gui::Studio| s.status.ends_with(", 0 problems)");
    assert!(until(&mut h, counted), "still: {}", h.state().status);
}

#[test]
fn the_problem_shown_in_the_source_view_is_selected_in_problems() {
    use egui_kittest::kittest::{NodeT, Queryable};
    let (tmp, root) = project_copy();
    let cow = tmp.path().join("species/cow.ron");
    let good = std::fs::read_to_string(&cow).unwrap();
    std::fs::write(&cow, format!("{good}\n]]] not ron\n")).unwrap();
    let mut h = studio(&root);
    let row = |h: &Studio| h.get_by_label_contains("cow.ron:").accesskit_node().toggled();
    assert_eq!(row(&h), Some(egui::accesskit::Toggled::False));
    h.get_by_label_contains("cow.ron:").click();
    h.run();
    assert_eq!(
        row(&h),
        Some(egui::accesskit::Toggled::True),
        "the problem shown is drawn selected, in the selection's text colour"
    );
}

#[test]
fn a_script_for_another_species_names_it_with_its_article() {
    use creature_studio::gui::panels::results;
    let mut h = studio(&example());
    h.state_mut().run(Command::File(FileCommand::Open(example().join("lessons/first_meal_from_the_hand.ron"))));
    h.state_mut().run(Command::Dock(DockCommand::Show(results::TAB)));
    h.run();
    h.state_mut().view.lesson_ui.on_creature = true;
    h.run();
    let warning = crate::support::label_containing(&h, "the script is written for");
    assert!(warning.contains("written for an Ape;"), "{warning}");
    assert!(warning.ends_with("is a Tiger"), "{warning}");
}
