//! Time travel in the real editor: a slap undone by looking back before it and playing
//! on (the slapped future kept as a branch), and the timeline scrubbed with the mouse.

use crate::support::{click_at, example, palette, studio};
use creature_core::world::sim::Act;
use creature_studio::gui::command::{Command, DockCommand, PreviewCommand};
use creature_studio::gui::panels::compare::ComparePanel;
use egui_kittest::kittest::Queryable;

type Studio = egui_kittest::Harness<'static, creature_studio::gui::Studio>;

/// The compare panel's comparison.
fn compare(h: &Studio) -> &creature_studio::gui::view::compare::CompareUi {
    &h.state().panels.state::<ComparePanel>().expect("the compare panel").run
}

/// The example's preview, paused, in phase 6: at turn 300 the hand holds, slaps hard and
/// releases (H, B, R). Returns the editor and the creature's liking before the slap.
fn slapped_at_300() -> (Studio, f64) {
    let mut h = studio(&example());
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    palette(&mut h, "show panel: preview");
    h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Phase(6))));
    h.state_mut().ws.preview.as_mut().unwrap().run(300);
    h.step();
    let liking = h.state().ws.preview.as_ref().unwrap().sim().creature().liking;
    for key in [egui::Key::H, egui::Key::B, egui::Key::R] {
        h.key_press(key);
        h.step();
    }
    (h, liking)
}

#[test]
fn a_slap_is_undone_by_stepping_back_before_it_and_playing_on() {
    let (mut h, liking) = slapped_at_300();
    h.state_mut().ws.preview.as_mut().unwrap().run(20);
    h.step();
    let p = h.state().ws.preview.as_ref().unwrap();
    assert_ne!(p.sim().creature().liking, liking, "the hard slap changed the liking");
    let slapped = p.sim().turns();

    // Left steps back a turn at a time: 21 turns back is the turn before the slap.
    for _ in 0..21 {
        h.key_press(egui::Key::ArrowLeft);
        h.step();
    }
    let p = h.state().ws.preview.as_ref().unwrap();
    assert_eq!(p.scrubbed(), Some(slapped - 21));
    assert_eq!(p.shown().creature().liking, liking, "before the slap, as it was");
    h.get_by_label_contains("looking back");

    // Playing on forks there: no slap in the new run, the slapped run kept as a branch.
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(1.0)));
    for _ in 0..5 {
        h.step();
    }
    let p = h.state().ws.preview.as_ref().unwrap();
    assert_eq!(p.scrubbed(), None);
    assert_eq!(p.branches.len(), 1);
    assert_eq!(p.branches[0].rec.sim().turns(), slapped);
    assert_eq!(p.sim().creature().liking, liking);
    let lesson_lines = |h: &Studio| h.state().view.village.log.iter().filter(|l| l.text.starts_with("lesson")).count();
    assert_eq!(lesson_lines(&h), 0, "the log shows the run, which has no slap");

    // Switching to the slapped branch, the longer run, gives its lines back: the lesson.
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.state_mut().run(Command::Time(creature_studio::gui::command::TimeCommand::SwitchBranch(0)));
    h.step();
    h.step();
    assert_eq!(h.state().ws.preview.as_ref().unwrap().sim().turns(), slapped);
    assert_eq!(lesson_lines(&h), 1, "{:?}", h.state().view.village.log.iter().map(|l| &l.text).collect::<Vec<_>>());
    // And back: the run without the slap, without its line.
    h.state_mut().run(Command::Time(creature_studio::gui::command::TimeCommand::SwitchBranch(0)));
    h.step();
    assert_eq!(lesson_lines(&h), 0);
}

#[test]
fn clicking_the_timeline_shows_that_turn_and_end_goes_back_to_the_newest() {
    let mut h = studio(&example());
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    palette(&mut h, "show panel: preview");
    h.state_mut().ws.preview.as_mut().unwrap().run(600);
    h.step();
    // The strip is right under the timeline's heading row, whose last item is the keys'
    // hint (the row wraps on a narrow panel); click it a little way in.
    let heading = h.get_by_label("Timeline").rect();
    let hint = h.get_by_label_contains("Left/Right: a turn").rect();
    let strip = egui::pos2(heading.left() + 200.0, hint.bottom() + 20.0);
    click_at(&mut h, strip);
    let p = h.state().ws.preview.as_ref().unwrap();
    let shown = p.scrubbed().expect("a click on the strip looks back");
    assert!(shown > 0 && shown < 600, "{shown}");
    assert_eq!(p.shown().turns(), shown);
    h.key_press(egui::Key::End);
    h.step();
    assert_eq!(h.state().ws.preview.as_ref().unwrap().scrubbed(), None);
}

#[test]
fn compare_finds_where_the_slapped_branch_parts_and_why_follows_the_shown_turn() {
    let (mut h, _) = slapped_at_300();
    h.state_mut().ws.preview.as_mut().unwrap().run(100);
    let slap = 300;
    // Back before the slap, and on: the slapped run is branch 1.
    h.state_mut().run(Command::Time(creature_studio::gui::command::TimeCommand::ScrubTo(slap - 1)));
    h.step();
    h.state_mut().ws.preview.as_mut().unwrap().run(100);
    h.step();

    // "Why?" explains the shown turn: look back at turn 250.
    h.state_mut().run(Command::Time(creature_studio::gui::command::TimeCommand::ScrubTo(250)));
    h.step();
    palette(&mut h, "show panel: why");
    h.step();
    h.get_by_label_contains("at 25.0 s (turn 250)");

    // A watch of the liking, which the slap lowered in the branch only.
    let sim = h.state().ws.preview.as_ref().unwrap().sim().clone();
    h.state_mut().ws.watches.add("Liking", &sim).unwrap();
    h.state_mut().run(Command::Dock(DockCommand::Show(creature_studio::gui::panels::compare::TAB)));
    h.step();
    h.state_mut().panels.state_mut::<ComparePanel>().unwrap().run.other =
        Some(creature_studio::gui::view::compare::Other::Branch(0));
    h.step();
    h.step();
    let c = compare(&h).result.clone().expect("compared").expect("both runs replay");
    let first = c.diff.first_difference.expect("the slapped branch differs");
    assert!((30.0..=30.2).contains(&first), "they part at the slap, {first} s");
    assert_eq!((c.diff.lessons.a, c.diff.lessons.b), (0, 1), "only the branch had the lesson");
    h.get_by_label_contains("They first differ at 30.");
    assert!(!c.desires.is_empty(), "some desire differs, and is plotted");
    // Compare shows the watches for both runs: the liking parts at the slap.
    let last = |v: &[creature_core::recording::Sample]| v.last().and_then(|s| s.2[0]).unwrap();
    assert!(last(&c.watched_b) < last(&c.watched_a), "the slapped branch likes the player less");
    h.get_by_label("Watches in both runs");

    // The tree the slap taught differs: both runs' versions side by side.
    let t = c.diff.trees.first().expect("the slapped branch's taught tree differs");
    let name = format!("{} {}", t.desire, creature_studio::gui::command::kind_name(t.tree));
    h.get_by_label(&name).click();
    h.step();
    h.step();
    assert_eq!(compare(&h).tree, Some((t.desire, t.tree)));
    h.get_by_label("this run");
    h.get_by_label("the other");
    // The branch learnt from the slap: its tree has an example, this run's none.
    assert!(h.query_all_by_label_contains("no examples: every object is unknown").next().is_some());
    h.get_by_label_contains("(1 ex)");
}

#[test]
fn a_recording_saves_and_opens_in_another_editor_as_the_preview() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("run.recording");
    let save = creature_studio::gui::command::TimeCommand::Save;
    let open = creature_studio::gui::command::TimeCommand::Open;
    let mut h = crate::support::studio_with_dialogs(&example(), Some(file.clone()));
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.step();
    h.state_mut().ws.preview.as_mut().unwrap().run(300);
    h.state_mut().run(Command::Time(save));
    h.step();
    assert!(file.is_file(), "the recording is written where the dialog said");
    let state = creature_core::scenario::State::of(h.state().ws.preview.as_ref().unwrap().sim());

    let mut other = crate::support::studio_with_dialogs(&example(), Some(file.clone()));
    other.state_mut().run(Command::Time(open));
    other.step();
    let p = other.state().ws.preview.as_ref().expect("the recording is the preview");
    assert_eq!(creature_core::scenario::State::of(p.sim()), state, "it plays again to the same end");
    assert_eq!(p.speed, 0.0, "an opened recording waits to be scrubbed or played");
}

/// A bookmark names the shown turn from the timeline; Shift+Page Down goes to it, and
/// it is saved with the recording and there when another editor opens it.
#[test]
fn a_bookmark_named_on_the_timeline_is_gone_to_and_saved_with_the_run() {
    use creature_studio::gui::command::TimeCommand;
    use creature_studio::gui::time_travel::shown_turn;
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("run.recording");
    let mut h = crate::support::studio_with_dialogs(&example(), Some(file.clone()));
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    palette(&mut h, "show panel: preview");
    h.state_mut().ws.preview.as_mut().unwrap().run(600);
    h.state_mut().run(Command::Time(TimeCommand::ScrubTo(250)));
    h.step();
    // Focused as a keyboard user would; Enter names the turn.
    h.get_by_label("name").focus();
    h.step();
    h.get_by_label("name").type_text("it turns to the sheep");
    h.step();
    h.key_press(egui::Key::Enter);
    h.step();
    h.step();
    let p = h.state().ws.preview.as_ref().unwrap();
    assert_eq!(p.scrubbed(), Some(250), "naming a turn does not fork the run");
    let marks: Vec<(u64, String)> =
        p.recorder().recording().bookmarks.iter().map(|b| (b.turn, b.what.clone())).collect();
    assert_eq!(marks, [(250, "it turns to the sheep".to_owned())]);

    h.state_mut().run(Command::Time(TimeCommand::ScrubTo(0)));
    h.step();
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::PageDown);
    h.step();
    assert_eq!(shown_turn(h.state().ws.preview.as_ref().unwrap()), 250);

    h.state_mut().run(Command::Time(TimeCommand::Save));
    h.step();
    let mut other = crate::support::studio_with_dialogs(&example(), Some(file));
    other.state_mut().run(Command::Time(TimeCommand::Open));
    other.step();
    let opened = &other.state().ws.preview.as_ref().unwrap().recorder().recording().bookmarks;
    assert_eq!(opened.len(), 1);
    assert_eq!(opened[0].what, "it turns to the sheep");
}

/// Compare's time axis goes as far as both runs go: a branch of 40 s compared with a
/// run of 190 s is drawn over 40 s, not squeezed into the left fifth; its legend is a
/// row above the plot.
#[test]
fn compares_time_axis_is_bounded_by_the_runs_it_compares() {
    let (mut h, _) = slapped_at_300();
    h.state_mut().ws.preview.as_mut().unwrap().run(100);
    h.state_mut().run(Command::Time(creature_studio::gui::command::TimeCommand::ScrubTo(299)));
    h.step();
    // This run goes on far past the branch the slap left behind.
    h.state_mut().ws.preview.as_mut().unwrap().run(1500);
    h.state_mut().run(Command::Dock(DockCommand::Show(creature_studio::gui::panels::compare::TAB)));
    h.step();
    h.state_mut().panels.state_mut::<ComparePanel>().unwrap().run.other =
        Some(creature_studio::gui::view::compare::Other::Branch(0));
    for _ in 0..4 {
        h.step();
    }
    let p = h.state().ws.preview.as_ref().unwrap();
    let (branch, run) = (p.branches[0].rec.sim().turns() as f64 / 10.0, p.sim().turns() as f64 / 10.0);
    assert!(run > 4.0 * branch, "this run {run} s, the branch {branch} s");
    let memory = egui_plot::PlotMemory::load(&h.ctx, egui::Id::new("compare-desires")).expect("the curves are drawn");
    let axis_end = memory.bounds().max()[0];
    assert!(axis_end <= branch * 1.1, "the axis ends at {axis_end} s for a {branch} s branch");
    let inside = crate::plot_legends::legends_inside(&h);
    assert!(!inside.iter().any(|l| l.contains("(this run)")), "{inside:?}");
}

/// Compare's two files are read by the studio, on the command the panel pushes, through
/// the workspace's diff: two creature saves are told apart, a missing one is said.
#[test]
fn compare_tells_two_files_apart_through_the_studio() {
    use creature_studio::gui::command::FileCommand;
    let root = example();
    let mut h = studio(&root);
    let (ruth, daisy) = (root.join("creatures/ruth.ron"), root.join("creatures/daisy.ron"));
    h.state_mut().run(FileCommand::CompareFiles { a: ruth.clone(), b: daisy });
    h.step();
    let files = &h.state().panels.state::<ComparePanel>().expect("the compare panel").files;
    assert!(matches!(files.result, Some(Ok(_))), "two saves compare: {:?}", files.result.as_ref().map(Result::is_ok));
    let gone = root.join("creatures/nobody.ron");
    h.state_mut().run(FileCommand::CompareFiles { a: ruth, b: gone });
    h.step();
    let files = &h.state().panels.state::<ComparePanel>().expect("the compare panel").files;
    match &files.result {
        Some(Err(e)) => assert!(e.contains("nobody.ron"), "the missing file is named: {e}"),
        other => panic!("a missing file is an error, got ok: {:?}", other.as_ref().map(Result::is_ok)),
    }
}
