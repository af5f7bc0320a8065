//! The Scenarios panel: the project's behaviour tests listed, run off the editor's
//! thread with a progress bar, each expectation's observed value beside its bounds, a
//! broken file's problems with their place, and the preview's inputs saved as a new
//! scenario.

use creature_core::world::sim::Act;
use std::time::Duration;

use creature_studio::gui::command::{Command, DockCommand, PreviewCommand, ScenarioCommand};
use egui_kittest::kittest::{NodeT, Queryable};

use crate::support::{label_containing, project_copy, studio, until_within};

#[test]
fn run_all_shows_every_scenario_and_its_expectations() {
    let (_tmp, root) = project_copy();
    let broken = root.join("scenarios/broken.scenario.ron");
    std::fs::write(&broken, "(species: \"Cow\",\n seconds: 10.0,\n inputs: [(at: 1.0, do: Plan(desire: \"Hunger\", action: \"Eat\", object: \"nobody\"))])").unwrap();
    let mut h = studio(&root);
    h.state_mut().run(Command::Dock(DockCommand::Show(creature_studio::gui::panels::scenarios::TAB)));
    h.run();
    let files = h.state().ws.scenario_files();
    let on_disk = std::fs::read_dir(root.join("scenarios")).unwrap().count();
    let n = files.len();
    assert!(n == on_disk && n > 3, "every scenario of the folder is listed: {files:?}");
    assert!(label_containing(&h, "scenarios · 0 run").starts_with(&format!("{n} scenarios")));

    h.get_by_label("▶ Run all").click();
    // While the worker runs, the editor keeps looking for results: step, not run.
    h.step();
    let all_ran =
        |s: &creature_studio::gui::Studio| s.ws.scenarios.progress().is_none() && s.ws.scenarios.reports.len() == n;
    assert!(until_within(&mut h, Duration::from_secs(120), all_ran), "every scenario reports");
    h.run();
    assert!(label_containing(&h, &format!("{n} run")).contains("passed"));
    // The list marks each scenario: passed, failed, or a file with problems.
    h.get_by_label("✔ pit_then_wolf.scenario.ron").scroll_to_me();
    h.run();
    h.get_by_label("✔ pit_then_wolf.scenario.ron").click();
    h.run();
    assert!(label_containing(&h, "simulated s").starts_with("passed"));
    assert!(h.query_all_by_label("pass").count() >= 2, "a row per expectation");
    assert!(label_containing(&h, "score of home_pit by Hunger ActOn").contains("≤ 0.0999"));

    h.get_by_label("⚠ broken.scenario.ron").scroll_to_me();
    h.run();
    h.get_by_label("⚠ broken.scenario.ron").click();
    h.run();
    // The Scenarios panel lists the file's problem, as the Problems panel does.
    let listed: Vec<_> = h.query_all_by_label_contains("broken.scenario.ron:3:").collect();
    assert!(!listed.is_empty());
    for n in &listed {
        let node = n.accesskit_node();
        let text = if node.role() == egui::accesskit::Role::Label { node.value() } else { node.label() };
        assert!(text.unwrap_or_default().contains("unknown object `nobody`"));
    }
    // The Scenarios panel's link (the list's first), brought into view and clicked.
    listed[0].scroll_to_me();
    h.run();
    h.query_all_by_label_contains("broken.scenario.ron:3:").next().expect("listed").click();
    h.run();
    assert_eq!(h.state().view.source.as_ref().map(|s| s.line), Some(3), "the problem shows its line");
}

#[test]
fn the_preview_inputs_become_a_scenario_that_is_listed() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.run();
    for c in [PreviewCommand::Act(Act::Phase(6)), PreviewCommand::StepTurn, PreviewCommand::StepTurn] {
        h.state_mut().run(Command::Preview(c));
        h.run();
    }
    h.state_mut().run(Command::Scenario(ScenarioCommand::SaveFromPreview));
    h.run();
    let saved = root.join("scenarios/preview_1.scenario.ron");
    assert!(saved.is_file(), "{}", h.state().status);
    let chosen =
        h.state().panels.state::<creature_studio::gui::panels::scenarios::ScenariosPanel>().unwrap().chosen.clone();
    assert_eq!(chosen.as_deref(), Some(saved.as_path()));
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("Phase(6)"), "{text}");
    h.state_mut().run(Command::Scenario(ScenarioCommand::Run(vec![saved.clone()])));
    h.step();
    assert!(until_within(&mut h, Duration::from_secs(60), |s| s.ws.scenarios.reports.contains_key(&saved)));
    std::thread::sleep(Duration::from_millis(10));
    h.run();
    assert!(matches!(&h.state().ws.scenarios.reports[&saved], Ok((out, _)) if out.passed));
}
