//! The Train panel: a target of the project searched off the editor's thread with a
//! progress bar, the script found kept as a lesson script that opens and plays in the
//! Lesson panel, a search stopped with its best so far, and a report over every species
//! plotted in the Species panel, its rows shown as they come.

use std::time::Duration;

use creature_core::names::Species;
use creature_studio::gui::Studio;
use creature_studio::gui::command::{Command, DockCommand, SelectCommand};
use creature_studio::gui::panels::train::{TAB, TrainPanel};
use creature_workspace::DocId;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::support::{label_containing, labels_containing, project_copy, studio, until_within};

/// Shows the Train panel with the search it starts next set to `seeds` and `budget`, for
/// the target's own species.
fn train_panel(h: &mut Harness<'static, Studio>, seeds: usize, budget: usize) {
    h.state_mut().run(Command::Dock(DockCommand::Show(TAB)));
    h.run();
    h.get_by_label("the target's species").click();
    let p = h.state_mut().panels.state_mut::<TrainPanel>().unwrap();
    (p.seeds, p.budget) = (seeds, budget);
    h.run();
}

/// The Species panel's line on how teachable the edited species is.
fn run_line(h: &Harness<'static, Studio>) -> String {
    let lines = labels_containing(h, "kind.target.ron");
    lines
        .into_iter()
        .find(|l| l.contains("lesson") && !l.starts_with("How teachable:") && !l.starts_with("Trained"))
        .unwrap_or_default()
}

fn ended(s: &Studio) -> bool {
    s.ws.training.run.as_ref().is_some_and(|r| !r.running())
}

#[test]
fn a_target_is_trained_and_its_script_kept_and_played_in_the_lesson_panel() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    train_panel(&mut h, 2, 40);
    h.get_by_label("▶ Train the target's species").click();
    h.step();
    assert!(h.state().ws.training.running(), "the search starts off the editor's thread");
    assert!(until_within(&mut h, Duration::from_secs(120), ended), "the search ends");
    h.run();
    let run = h.state().ws.training.run.as_ref().unwrap();
    let found = &run.trained[0];
    assert_eq!(found.lessons, Some(1), "a Cow is taught kindness in one lesson, on two seeds");
    assert_eq!(run.lessons_of(0).len(), 1);
    // The panel's verdict, and the status bar's sentence.
    let verdicts = labels_containing(&h, "Cow: reached with");
    assert!(verdicts.len() == 2 && verdicts.iter().all(|v| v.contains("held on 2 of 2 seeds")), "{verdicts:?}");
    for (n, lesson) in run.lessons_of(0).iter().enumerate() {
        assert!(!label_containing(&h, &format!("{}. {lesson}", n + 1)).is_empty(), "lesson {n} is listed");
    }
    assert!(h.state().status.starts_with("Trained to kind.target.ron"), "{}", h.state().status);

    // Lesson results last ran on the creature in focus; a kept script's results are its
    // own run, at its phase.
    h.state_mut().view.lesson_ui.on_creature = true;
    h.get_by_label("Keep as a lesson script").click();
    h.run();
    assert!(!h.state().view.lesson_ui.on_creature, "the kept script runs at its own phase");
    let kept = root.join("lessons/kind.lesson.ron");
    assert!(kept.is_file(), "{}", h.state().status);
    assert_eq!(h.state().view.lesson, Some(DocId::Lesson(kept.clone())), "the Lesson panel shows it");
    assert!(!h.state().view.lesson_ui.playing);

    // Lesson results took the Train panel's place: back to it. The script is kept once:
    // Keep and play opens the same file and plays it in the Lesson panel.
    h.state_mut().run(Command::Dock(DockCommand::Show(TAB)));
    h.run();
    h.get_by_label("Kept as kind.lesson.ron: open it");
    h.get_by_label("⏵ Keep and play").click();
    // Playing asks for frames until the playhead passes the script's end: step.
    h.step();
    h.step();
    assert_eq!(h.state().view.lesson, Some(DocId::Lesson(kept)), "the script kept before");
    assert!(!root.join("lessons/kind_2.lesson.ron").exists(), "no second copy");
    assert!(h.state().view.lesson_ui.playing, "and plays");
    let dock = &h.state().dock;
    let at = dock.find_tab(&creature_studio::gui::panels::lesson::TAB).expect("the Lesson panel");
    assert_eq!(at.tab, dock[at.surface][at.node].get_leaf().unwrap().active, "the Lesson panel shows the playback");
}

/// With a creature in focus, Train is for its species by default, and says so before it
/// starts.
#[test]
fn train_is_for_the_species_in_focus_and_says_so_before_it_starts() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Dock(DockCommand::Show(TAB)));
    h.run();
    assert_eq!(h.state().view.focus.creature().map(DocId::label).as_deref(), Some("ruth.ron"));
    h.get_by_label("Tiger (Ruth's, in focus)");
    h.get_by_label("▶ Train Tiger").click();
    h.step();
    let species = h.state().ws.training.run.as_ref().map(|r| r.species.clone());
    assert_eq!(species, Some(vec![creature_core::names::Species::Tiger]), "the Tiger is searched");
    h.state_mut().run(Command::Train(creature_studio::gui::command::TrainCommand::Stop));
    assert!(until_within(&mut h, Duration::from_secs(120), ended), "a stopped search ends");
}

#[test]
fn a_search_stopped_ends_with_its_best_so_far() {
    let (_tmp, root) = project_copy();
    // Fifty plans of Compassion in ten seconds: no script reaches it.
    let never = root.join("targets/never.target.ron");
    std::fs::write(
        &never,
        "(species: \"Cow\", world: Some(\"../world.ron\"), species_dir: Some(\"../../../species\"), phase: Some(11), \
         seconds: 10.0, expect: [Plans(from: 0.0, to: 10.0, desire: \"Compassion\", min: 50)])",
    )
    .unwrap();
    let mut h = studio(&root);
    train_panel(&mut h, 8, 100_000);
    h.state_mut().panels.state_mut::<TrainPanel>().unwrap().target = Some(never);
    h.run();
    h.get_by_label("▶ Train the target's species").click();
    assert!(until_within(&mut h, Duration::from_secs(60), |s| s
        .ws
        .training
        .run
        .as_ref()
        .is_some_and(|r| r.progress.is_some())));
    h.step();
    assert!(!label_containing(&h, "of 100000 scripts").is_empty(), "a progress bar");
    h.get_by_label("⏹ Stop").click();
    assert!(until_within(&mut h, Duration::from_secs(120), ended), "a stopped search ends");
    h.run();
    let t = &h.state().ws.training.run.as_ref().unwrap().trained[0];
    assert!(t.stopped && t.tried < 100_000);
    let verdicts = labels_containing(&h, "Cow: stopped after");
    assert_eq!(verdicts.len(), 2, "in the panel and the status bar: {verdicts:?}");
}

#[test]
fn a_report_over_every_species_is_placed_in_the_species_panel_and_plotted() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    train_panel(&mut h, 1, 2);
    h.get_by_label("every species").click();
    h.run();
    h.get_by_label("▶ Train every species").click();
    assert!(until_within(&mut h, Duration::from_secs(300), ended), "the report ends");
    h.run();
    let run = h.state().ws.training.run.as_ref().unwrap();
    assert_eq!(run.trained.len(), creature_core::names::Species::ALL.len(), "every species searched");
    // One line a species; a species' script opens under its line.
    assert_eq!(h.query_all_by_label("Keep as a lesson script").count(), 0, "every script folded");
    let tiger = run.trained.iter().find(|t| t.species == creature_core::names::Species::Tiger).unwrap();
    let mark = if tiger.lessons.is_some() { "✔" } else { "✖" };
    h.get_by_label_contains(&format!("{mark} Tiger: ")).click();
    h.run();
    assert_eq!(h.query_all_by_label("Keep as a lesson script").count(), 1, "the Tiger's script opened");
    // The Species panel says where the edited species stands; its plot is in Species plots.
    h.state_mut().run(Command::Select(SelectCommand::Species(creature_core::names::Species::Tiger)));
    h.state_mut().run(Command::Dock(DockCommand::Show(creature_studio::gui::panels::species::TAB)));
    h.run();
    let tiger = run_line(&h);
    assert!(tiger.contains("to reach kind.target.ron") || tiger.starts_with("not reached"), "{tiger}");
    h.get_by_label("📈 plot").click();
    h.run();
    assert!(!label_containing(&h, "How teachable: the fewest lessons to reach kind.target.ron").is_empty());
}

/// A report's species are searched at once, and each row is shown as soon as its species
/// is done, while the others are still searched: the first row's word is held back on
/// the worker here, so the report cannot end before the panel is looked at.
#[test]
fn a_reports_rows_show_as_they_come() {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};

    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    train_panel(&mut h, 1, 40);
    let target = root.join("targets/kind.target.ron");
    let (open, gate) = std::sync::mpsc::channel::<()>();
    let gate = Mutex::new(gate);
    let words = AtomicUsize::new(0);
    let asked = vec![Species::Tiger, Species::Cow];
    let settings = creature_core::train::Settings::new(1, 1, 40);
    h.state_mut().ws.training.start(target, asked.clone(), settings, move || {
        // The first word is the species; the second, the first row.
        if words.fetch_add(1, Ordering::SeqCst) == 1 {
            let _ = gate.lock().unwrap().recv();
        }
    });
    let first_row = |s: &Studio| s.ws.training.run.as_ref().is_some_and(|r| !r.trained.is_empty());
    assert!(until_within(&mut h, Duration::from_secs(120), first_row), "a row comes");
    h.run_steps(2);
    let run = h.state().ws.training.run.as_ref().unwrap();
    assert!(run.running(), "the report goes on");
    let done = run.trained.len();
    assert!(!label_containing(&h, &format!("{done} of 2 species searched")).is_empty(), "the bar counts the rows");
    for t in &run.trained {
        let mark = if t.lessons.is_some() { "✔" } else { "✖" };
        h.get_by_label_contains(&format!("{mark} {}: ", t.species));
    }
    open.send(()).unwrap();
    assert!(until_within(&mut h, Duration::from_secs(120), ended), "the report ends");
    h.run_steps(2);
    let run = h.state().ws.training.run.as_ref().unwrap();
    assert_eq!(run.trained.iter().map(|t| t.species).collect::<Vec<_>>(), asked, "each row in its place");
    assert_eq!(h.query_all_by_label_contains("species searched").count(), 0, "no bar once ended");
}
