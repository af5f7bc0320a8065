//! Shared helpers of the editor's UI tests: the real app in an egui_kittest harness.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use creature_studio::gui::Studio;
use creature_studio::gui::chrome::dialogs::Dialogs;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// Dialogs that answer at once, as a person choosing `answer` (or cancelling) would.
pub struct FakeDialogs(pub Option<PathBuf>);

impl Dialogs for FakeDialogs {
    fn pick_project(&mut self, _: Option<&Path>) -> Option<PathBuf> {
        self.0.clone()
    }
    fn pick_file(&mut self, _: Option<&Path>) -> Option<PathBuf> {
        self.0.clone()
    }
    fn save_file(&mut self, _: Option<&Path>, _: &str) -> Option<PathBuf> {
        self.0.clone()
    }
}

/// A desktop without a file-dialog service: the dialogs come back empty at once.
pub use creature_studio::gui::chrome::dialogs::NoService;

/// The editor on `project` on a desktop without a file-dialog service.
pub fn studio_without_dialog_service(project: &Path) -> Harness<'static, Studio> {
    let project = project.to_path_buf();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .with_max_steps(64)
        .build_eframe(move |_cc| Studio::new(Some(&project), Box::new(NoService), None));
    settle(&mut h);
    h
}

/// Types `path` into the studio's own file dialog, which must be open, and takes it.
pub fn choose_in_own_dialog(h: &mut Harness<'static, Studio>, path: &Path) {
    assert!(h.state().path_prompt.is_some(), "the studio's own dialog is open");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.event(egui::Event::Text(path.display().to_string()));
    settle(h);
    h.key_press(egui::Key::Enter);
    settle(h);
    assert!(h.state().path_prompt.is_none(), "the dialog closed with the path chosen");
}

/// The repository's bundled example project.
pub fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example")
}

/// The editor on `project`, in a 1600 × 1000 window, after its first frames.
pub fn studio(project: &Path) -> Harness<'static, Studio> {
    studio_with_dialogs(project, None)
}

/// The editor on `project` in a window of `size`, after its first frames.
pub fn studio_sized(project: &Path, size: egui::Vec2) -> Harness<'static, Studio> {
    let project = project.to_path_buf();
    let mut h = Harness::builder()
        .with_size(size)
        .with_max_steps(64)
        .build_eframe(move |_cc| Studio::new(Some(&project), Box::new(FakeDialogs(None)), None));
    settle(&mut h);
    h
}

/// The editor whose file dialogs answer `answer`.
pub fn studio_with_dialogs(project: &Path, answer: Option<PathBuf>) -> Harness<'static, Studio> {
    let project = project.to_path_buf();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .with_max_steps(64)
        .build_eframe(move |_cc| Studio::new(Some(&project), Box::new(FakeDialogs(answer)), None));
    settle(&mut h);
    h
}

/// Runs a palette command by typing it, as a person would: Ctrl+Shift+P, the query, Enter.
pub fn palette(h: &mut Harness<'static, Studio>, query: &str) {
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::P);
    settle(h);
    h.event(egui::Event::Text(query.to_owned()));
    settle(h);
    h.key_press(egui::Key::Enter);
    settle(h);
}

/// [`Harness::run`], waiting out the bank view's work off the editor's thread (a
/// curation, a score), which keeps asking for frames while it lasts.
pub fn settle(h: &mut Harness<'static, Studio>) {
    if h.try_run().is_err() {
        assert!(until_bank_work_done(h), "the bank view's curation and score finish");
        h.run();
    }
}

/// A click of the primary button at a point of the window (for what AccessKit cannot
/// place, such as the zoomed graph or the map), then two frames.
pub fn click_at(h: &mut Harness<'static, Studio>, pos: egui::Pos2) {
    click_button_at(h, pos, egui::PointerButton::Primary);
}

/// [`click_at`] with any button: the secondary one opens a context menu.
pub fn click_button_at(h: &mut Harness<'static, Studio>, pos: egui::Pos2, button: egui::PointerButton) {
    h.event(egui::Event::PointerMoved(pos));
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton { pos, button, pressed, modifiers: egui::Modifiers::NONE });
    }
    h.step();
    h.step();
}

/// Plays a whole arena match with the left side on autoplay, through the arena's
/// buttons, up to its Keep/Discard question.
pub fn autoplay_a_match(h: &mut Harness<'static, Studio>) {
    palette(h, "show panel: arena");
    h.get_by_label("Autoplay my side (scripted rushdown)").click();
    h.run();
    h.get_by_label("▶ Start match").click();
    h.step();
    h.get_by_label("⏩ Play to the end").click();
    h.step();
    h.step();
}

/// The texts of every label containing `part`.
pub fn labels_containing(h: &Harness<'static, Studio>, part: &str) -> Vec<String> {
    h.query_all_by_label_contains(part)
        .map(|n| {
            let node = n.accesskit_node();
            if node.role() == egui::accesskit::Role::Label { node.value() } else { node.label() }.unwrap_or_default()
        })
        .collect()
}

/// The text of the only label containing `part`.
pub fn label_containing(h: &Harness<'static, Studio>, part: &str) -> String {
    let node = h.get_by_label_contains(part).accesskit_node();
    // AccessKit keeps a label widget's text as its value.
    if node.role() == egui::accesskit::Role::Label { node.value() } else { node.label() }.unwrap_or_default()
}

/// Copies a folder tree.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// A copy of the example project and the species folder beside it, as in the repository.
pub fn project_copy() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("projects/example");
    copy_dir(&example(), &root);
    copy_dir(&example().join("../../species"), &tmp.path().join("species"));
    (tmp, root)
}

/// A copy of the example project (and the species folder beside it) at `dir`, made
/// afresh: a fixed place, for pictures that show the project's path.
pub fn project_copy_at(dir: &Path) -> PathBuf {
    let _ = std::fs::remove_dir_all(dir);
    let root = dir.join("projects/example");
    copy_dir(&example(), &root);
    copy_dir(&example().join("../../species"), &dir.join("species"));
    root
}

/// Steps frames until `done` or five seconds pass; the file watcher works in real time.
pub fn until(h: &mut Harness<'static, Studio>, done: impl Fn(&Studio) -> bool) -> bool {
    until_within(h, Duration::from_secs(5), done)
}

/// Steps frames until the bank view's work off the editor's thread (a curation, a
/// score) is done: on a slow machine it can outlast the frames one `Harness::run` allows.
pub fn until_bank_work_done(h: &mut Harness<'static, Studio>) -> bool {
    until_within(h, Duration::from_secs(120), |s| {
        !s.panels.state::<creature_studio::gui::shadow::panels::bank::BankPanel>().unwrap().curate.working()
    })
}

/// Steps frames until `done` or `limit` passes (a worker thread's runs, on a slow machine).
pub fn until_within(h: &mut Harness<'static, Studio>, limit: Duration, done: impl Fn(&Studio) -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        h.step();
        if done(h.state()) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(30));
    }
    false
}

/// Clicks the first sheep on the preview's map, so that the inspector shows it; returns
/// its id.
pub fn inspect_a_sheep(h: &mut Harness<'static, Studio>) -> String {
    let (id, _, at) = sheep_on_map(h);
    click_at(h, at);
    id
}

/// The preview village's first sheep: its id, where it stands and where the map draws it.
pub fn sheep_on_map(h: &Harness<'static, Studio>) -> (String, (f64, f64), egui::Pos2) {
    let (id, pos) = {
        let v = h.state().ws.preview.as_ref().unwrap().sim().village();
        let o = v.objects.iter().find(|o| o.kind == creature_core::species::rules::Kind::Sheep).expect("a sheep");
        (o.id.clone(), o.pos)
    };
    let at = h
        .state()
        .panels
        .state::<creature_studio::gui::panels::village::PreviewPanel>()
        .unwrap()
        .map
        .to_screen(pos)
        .expect("the map is drawn");
    (id, pos, at)
}

/// The editor on a copy of the example project with the preview paused after 40
/// simulated seconds, its creature put in phase 6 and told to eat sheep_1: a plan on a
/// tree with examples (Hunger's, which the template gives some). Returns the copy too.
pub fn eating_preview() -> (tempfile::TempDir, Harness<'static, Studio>) {
    use creature_core::names::Desire;
    use creature_core::world::sim::Act;
    use creature_studio::gui::command::{Command, PreviewCommand};
    let (tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.state_mut().ws.preview.as_mut().unwrap().run(400);
    let eat = Act::Plan { desire: Desire::Hunger, action: "Eat".into(), object: "sheep_1".into(), target: None };
    h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Phase(6))));
    h.state_mut().run(Command::Preview(PreviewCommand::Act(eat)));
    (tmp, h)
}

/// Scrolls whatever is under `at` far down with the mouse wheel, over enough frames for
/// egui's smooth scrolling to arrive.
pub fn scroll_far_down(h: &mut Harness<'static, Studio>, at: egui::Pos2) {
    h.event(egui::Event::PointerMoved(at));
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, -20_000.0),
        modifiers: egui::Modifiers::NONE,
        phase: egui::TouchPhase::Move,
    });
    for _ in 0..20 {
        h.step();
    }
}

/// A copy of the example project in the editor with its preview paused and shown.
pub fn paused_preview() -> (tempfile::TempDir, Harness<'static, Studio>) {
    use creature_studio::gui::command::{Command, PreviewCommand};
    let (tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    palette(&mut h, "show panel: preview");
    (tmp, h)
}

/// The preview creature's most felt desire of those on now (its bar is the first).
pub fn most_felt(h: &Harness<'static, Studio>) -> creature_core::world::sim::DesireView {
    let mut ds = h.state().ws.preview.as_ref().unwrap().shown().desires();
    ds.retain(|d| d.active);
    ds.sort_by(|a, b| b.value.total_cmp(&a.value));
    ds.remove(0)
}
