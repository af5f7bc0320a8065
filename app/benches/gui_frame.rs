//! The editor's frame time and startup: the example project open with its
//! largest tree in the graph, every species plot on screen beside it, the creature
//! inspector and the examples; one frame is egui's pass over every panel plus the
//! tessellation of what it drew (the GPU's share is not counted). Startup is opening
//! the example project and drawing the first frame. The preview's frames are
//! measured at ×1 and ×100 with 60 frames per simulated wall second: the village, the
//! hand, the desires, credit and log drawn, and the simulation run for the frame's time.
//! The bank view's frame is measured with 40,000 and 1,000,000 events while the table
//! scrolls (goal: 8 ms), and the preview's while the timeline of a one-hour recording is
//! dragged (goal: 16 ms).

use std::hint::black_box;
use std::path::{Path, PathBuf};

use creature_core::names::Desire;
use creature_core::project::Project;
use creature_core::species::data::TreeKind;
use creature_shadow::workload::arena_workload;
use creature_studio::gui::Studio;
use creature_studio::gui::chrome::dialogs::NoService;
use creature_studio::gui::command::PreviewCommand;
use creature_studio::gui::command::{Command, FileCommand, SelectCommand, Tab};
use creature_studio::gui::panels;
use creature_studio::gui::shadow::panels::bank::BankPanel;
use creature_studio::gui::view::View;
use creature_workspace::Workspace;
use criterion::{Criterion, criterion_group, criterion_main};
use egui_dock::{DockState, NodeIndex};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example")
}

/// Creature inspector, tree graph and species plots side by side, examples below.
fn everything_open() -> DockState<Tab> {
    let mut dock = DockState::new(vec![panels::creature::TAB]);
    let s = dock.main_surface_mut();
    let [top, _below] = s.split_below(NodeIndex::root(), 0.7, vec![panels::examples::TAB]);
    let [left, _plots] = s.split_right(top, 0.6, vec![panels::plots::TAB]);
    s.split_right(left, 0.45, vec![panels::graph::TAB]);
    dock
}

fn studio() -> Harness<'static, Studio> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1920.0, 1080.0))
        .with_max_steps(64)
        .build_eframe(|_| Studio::new(Some(&example()), Box::new(NoService), None));
    h.state_mut().dock = everything_open();
    h.state_mut().run(Command::File(FileCommand::Open(example().join("creatures/ruth.ron"))));
    h.state_mut().run(Command::Select(SelectCommand::Tree(Desire::Hunger, TreeKind::ActOn)));
    h.run();
    h
}

fn frame(c: &mut Criterion) {
    let mut h = studio();
    let nodes = h.state().graph().node_count();
    assert!(nodes >= 19, "the largest example tree is on screen ({nodes} nodes)");
    c.bench_function("frame: largest tree + all species plots + inspector (1920×1080)", |b| {
        b.iter(|| {
            h.step();
            let shapes = h.output().shapes.clone();
            black_box(h.ctx.tessellate(shapes, 1.0));
        });
    });
}

fn startup(c: &mut Criterion) {
    let mut g = c.benchmark_group("startup");
    g.sample_size(10);
    g.bench_function("open the example project and draw the first frame", |b| {
        b.iter(|| {
            let mut h = Harness::builder()
                .with_size(egui::vec2(1920.0, 1080.0))
                .build_eframe(|_| Studio::new(Some(&example()), Box::new(NoService), None));
            h.step();
            black_box(h.output().shapes.len())
        });
    });
    g.finish();
}

/// The preview beside the tree graph, as a designer watching a lesson would have it.
fn preview_open() -> DockState<Tab> {
    let mut dock = DockState::new(vec![panels::village::TAB]);
    dock.main_surface_mut().split_right(NodeIndex::root(), 0.65, vec![panels::graph::TAB]);
    dock
}

/// The editor at 60 frames per second with the preview beside the tree graph, running
/// at `speed`.
fn preview_at(speed: f64) -> Harness<'static, Studio> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1920.0, 1080.0))
        .with_step_dt(1.0 / 60.0)
        .with_max_steps(64)
        .build_eframe(|_| Studio::new(Some(&example()), Box::new(NoService), None));
    h.state_mut().dock = preview_open();
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(speed)));
    h
}

fn preview(c: &mut Criterion) {
    let mut g = c.benchmark_group("preview frame (1920×1080, 60 frames per wall second)");
    for speed in [1.0, 100.0] {
        let mut h = preview_at(speed);
        h.step();
        h.step();
        let start = h
            .state()
            .ws
            .preview
            .as_ref()
            .map(creature_workspace::live_preview::LivePreview::sim_time)
            .expect("the preview runs");
        let frames = 600;
        for _ in 0..frames {
            h.step();
        }
        let end = h.state().ws.preview.as_ref().map_or(start, creature_workspace::live_preview::LivePreview::sim_time);
        // Ten wall seconds of frames: the simulated seconds show whether it kept pace.
        println!("preview ×{speed}: {:.1} simulated s in 10 wall s of frames", end - start);
        g.bench_function(format!("×{speed}"), |b| {
            b.iter(|| {
                h.step();
                let shapes = h.output().shapes.clone();
                black_box(h.ctx.tessellate(shapes, 1.0));
            });
        });
    }
    g.finish();
}

/// Dragging across the timeline of a one-hour recorded run: every frame shows another
/// turn (a seek), with the village, desires and Why? of that turn drawn.
fn timeline_drag(c: &mut Criterion) {
    let mut h = preview_at(0.0);
    h.step();
    h.state_mut().ws.preview.as_mut().expect("the preview runs").run(36_000);
    h.step();
    let rect = h.get_by_label("Timeline").rect();
    let strip_y = rect.bottom() + 22.0;
    let (left, right) = (260.0_f32, 1150.0_f32);
    let mut x = left;
    let mut press = true;
    c.bench_function("timeline: dragging across a one-hour recording, one seek a frame (1920×1080)", |b| {
        b.iter(|| {
            x = if x >= right { left } else { x + 7.0 };
            let pos = egui::pos2(x, strip_y);
            h.event(egui::Event::PointerMoved(pos));
            if press {
                h.event(egui::Event::PointerButton {
                    pos,
                    button: egui::PointerButton::Primary,
                    pressed: true,
                    modifiers: egui::Modifiers::NONE,
                });
                press = false;
            }
            h.step();
            let shapes = h.output().shapes.clone();
            black_box(h.ctx.tessellate(shapes, 1.0));
        });
    });
    let shown = h.state().ws.preview.as_ref().and_then(creature_workspace::live_preview::LivePreview::scrubbed);
    println!("timeline drag: last turn shown {shown:?} of 36000");
}

fn bank_view(c: &mut Criterion) {
    bank_view_of(c, 40_000, "40,000");
    bank_view_of(c, 1_000_000, "1,000,000");
}

/// The bank view's frame with `events` recorded events while the wheel scrolls its table.
fn bank_view_of(c: &mut Criterion, events: usize, shown: &str) {
    let mut ws = Workspace::open(&example()).expect("the example project");
    let mut view = View::default();
    let project = Project::open(&example()).expect("the example project");
    creature_studio::gui::shadow::app::open_project(&mut view.shadow, &example(), Some(&project));
    creature_studio::gui::shadow::app::load(&mut view.shadow, &mut ws);
    let big = example().join("shadow/big.bank");
    // Events recorded from the scripted bots, as `shadow bench` uses.
    let bank = arena_workload(events, 16, 0, 1).expect("a recorded bank").bank;
    assert_eq!(bank.len(), events);
    ws.new_bank(&big, bank);
    assert!(creature_studio::gui::shadow::app::show_bank(&mut view.shadow, &mut ws, &big));
    view.shadow.sync(&ws);
    let mut h = Harness::builder().with_size(egui::vec2(1920.0, 1080.0)).with_step_dt(1.0 / 60.0).build_ui_state(
        |ui, (ws, view, panel): &mut (Workspace, View, BankPanel)| {
            let mut out = Vec::new();
            creature_studio::gui::shadow::panels::bank::show(ui, ws, view, panel, &mut out);
        },
        (ws, view, BankPanel::default()),
    );
    h.step();
    // The curation of the bank runs on a worker; the frames are measured once it is
    // shown and the layout has settled (a million events take a while to curate).
    let start = std::time::Instant::now();
    while h.state_mut().2.curate.busy() && start.elapsed().as_secs() < 600 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    println!("bank view, {shown} events: curated {:.1} s after opening", start.elapsed().as_secs_f64());
    for _ in 0..30 {
        h.step();
    }
    // The pointer over the table, just under its row count (the Curate section above
    // it scrolls with its own wheel).
    let count = format!("{events} rows");
    let rows = h.get_by_label(&count).rect();
    h.event(egui::Event::PointerMoved(egui::pos2(rows.center().x, rows.bottom() + 120.0)));
    let wheel = |down: bool| egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, if down { -30.0 } else { 30.0 }),
        modifiers: egui::Modifiers::NONE,
        phase: egui::TouchPhase::Move,
    };
    // The wheel really scrolls the table: every row is listed, and row 1001's id (ids
    // are 0, 1, 2, … in a recorded bank) comes into view.
    assert!(h.query_by_label("1001").is_none(), "the table starts at the top");
    let mut frames = 0;
    while h.query_by_label("1001").is_none() && frames < 3000 {
        h.event(wheel(true));
        h.step();
        frames += 1;
    }
    assert!(frames < 3000, "the wheel scrolls the bank table");
    let mut frame = 0u64;
    c.bench_function(&format!("bank view: {shown} events, the wheel scrolling 1800 px a second (1920×1080)"), |b| {
        b.iter(|| {
            // Down for 20 s of frames, then back up: the table never rests at an end.
            frame += 1;
            h.event(wheel((frame / 1200).is_multiple_of(2)));
            h.step();
            let shapes = h.output().shapes.clone();
            black_box(h.ctx.tessellate(shapes, 1.0));
        });
    });
}

criterion_group!(benches, frame, startup, preview, timeline_drag, bank_view);
criterion_main!(benches);
