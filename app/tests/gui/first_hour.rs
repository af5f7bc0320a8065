//! A new user's first hour, at a laptop's 1280 × 720 and a desktop's 1920 × 1080: the
//! example creature opened from the start page is the one every panel shows and the
//! preview runs; its tree fits at first sight and after Fit, every leaf in view where
//! the panel can show them readably; the search marks what it finds; a lesson applied
//! shows the run that was applied.

use creature_core::names::Desire;
use creature_core::species::data::TreeKind;
use creature_studio::gui::Studio;
use creature_studio::gui::command::{Command, DockCommand, FileCommand, UiCommand};
use creature_studio::gui::panels;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::support::{example, label_containing, palette, settle, studio_sized};

const SIZES: [egui::Vec2; 2] = [egui::vec2(1280.0, 720.0), egui::vec2(1920.0, 1080.0)];

/// The graph panel's body on screen, where its nodes are drawn.
fn tree_panel(h: &Harness<'static, Studio>) -> egui::Rect {
    let dock = &h.state().dock;
    let at = dock.find_tab(&panels::graph::TAB).expect("the Tree tab");
    dock[at.surface][at.node].get_leaf().expect("a leaf").viewport
}

/// Every node the graph drew lies inside the panel, and how many leaves are drawn.
fn leaves_in_view(h: &Harness<'static, Studio>) -> usize {
    let g = &h.state().graph();
    let panel = tree_panel(h);
    let mut leaves = 0;
    for (i, n) in g.tree.nodes.iter().enumerate() {
        if let Some(r) = g.screen_rect(i) {
            assert!(panel.contains_rect(r), "node {i} at {r:?} is cut by the panel {panel:?}");
            leaves += usize::from(n.is_leaf());
        }
    }
    leaves
}

fn open_the_example_creature(size: egui::Vec2) -> Harness<'static, Studio> {
    let mut h = studio_sized(&example(), size);
    h.get_by_label("🐄 Open the example creature").click();
    settle(&mut h);
    h
}

#[test]
fn the_start_pages_creature_is_the_one_every_panel_shows_and_the_preview_runs() {
    for size in SIZES {
        let mut h = open_the_example_creature(size);
        let focus = h.state().view.focus.creature().cloned().expect("a creature in focus");
        assert_eq!(focus.label(), "ruth.ron");
        assert_eq!(h.state().ws.preview_creature_doc(), Some(focus.clone()), "the preview runs Ruth at {size:?}");
        // The status bar's picker names her; the tree's header too.
        let picker = |t: &str| {
            h.output().shapes.iter().any(|s| matches!(&s.shape, egui::Shape::Text(g) if g.galley.text() == t))
        };
        assert!(picker("🐾 Ruth (Tiger)"), "the picker names Ruth at {size:?}");
        assert!(!crate::support::labels_containing(&h, "Hunger ActOn of ruth.ron").is_empty());
        // With the preview running, the graph shows its own build of the tree, and the
        // plan under way's path through it.
        h.state_mut().run(Command::Dock(DockCommand::Show(panels::village::TAB)));
        for _ in 0..8 {
            h.step();
        }
        assert!(h.state().ws.built_tree(&focus, Desire::Hunger, TreeKind::ActOn).is_some());
    }
}

/// Before anything is done, the project opens on the start page's example creature: the
/// Tree shows Ruth's tree that "Open the example creature" opens, and the Lesson
/// results run on her.
#[test]
fn the_project_opens_on_the_start_pages_example_creature() {
    let mut h = studio_sized(&example(), SIZES[1]);
    let focus = h.state().view.focus.creature().cloned().expect("a creature in focus");
    assert_eq!(focus.label(), "ruth.ron");
    assert_eq!(h.state().view.tree, (Desire::Hunger, TreeKind::ActOn));
    assert_eq!(h.state().ws.preview_creature_doc(), Some(focus.clone()));
    h.state_mut().run(Command::Dock(DockCommand::Show(panels::results::TAB)));
    settle(&mut h);
    h.get_by_label("Apply to ruth.ron");
    h.state_mut().run(Command::Dock(DockCommand::Show(panels::start::TAB)));
    settle(&mut h);
    h.get_by_label("🐄 Open the example creature").click();
    settle(&mut h);
    assert_eq!(h.state().view.focus.creature(), Some(&focus), "the button opens the creature in focus");
}

#[test]
fn the_tree_fits_at_first_sight_and_fit_shows_every_leaf_the_panel_can() {
    for size in SIZES {
        let mut h = open_the_example_creature(size);
        let g = &h.state().graph();
        let all = g.tree.leaves();
        assert!(all >= 14, "Ruth's Hunger ActOn tree");
        // At first sight, nothing is cut; what the fit folded, the header says.
        let shown = leaves_in_view(&h);
        let folded = h.state().graph().fit_folded;
        if shown < all {
            assert!(folded > 0, "leaves are hidden only by folds the fit made and says");
            label_containing(&h, &format!("Fit folded {folded} question"));
        }
        // The panel given the window (F11 on the tree): fitted again by itself, every
        // leaf in view at a readable size; Fit keeps it so.
        h.state_mut().run(Command::Dock(DockCommand::Maximise(panels::graph::TAB)));
        settle(&mut h);
        assert_eq!(leaves_in_view(&h), all, "every leaf in view at {size:?}, maximised");
        h.state_mut().run(UiCommand::FitGraph);
        settle(&mut h);
        assert_eq!(leaves_in_view(&h), all, "every leaf in view at {size:?}");
        assert_eq!(h.state().graph().fit_folded, 0);
        let points = h.state().graph().scale().expect("drawn") * 12.5;
        assert!(points >= panels::graph::MIN_TEXT_POINTS, "text at {points} points");
        // Drawn where it was laid out, from the first frame on.
        assert!(h.state().graph().drawn_as_laid_out());
    }
}

#[test]
fn the_search_marks_every_match_and_its_count_belongs_to_the_tree_shown() {
    let mut h = open_the_example_creature(SIZES[1]);
    palette(&mut h, "tree: anger activity");
    assert_eq!(h.state().view.tree, (Desire::Anger, TreeKind::Activity));
    let field = h.get_by_label("🔍");
    field.click();
    settle(&mut h);
    h.event(egui::Event::Text("town".to_owned()));
    settle(&mut h);
    let found = h.state().graph().found.clone();
    assert!(!found.is_empty(), "Anger Activity asks about towns");
    label_containing(&h, &format!("{} found", found.len()));
    // Each match is drawn and marked as found.
    let marked = h.query_all_by_label_contains("(found)").count();
    assert_eq!(marked, found.len(), "every match is marked");
    for &f in &found {
        assert!(h.state().graph().screen_rect(f).is_some(), "match {f} is drawn");
    }
    // Another tree: the search is Anger Activity's, so Hunger ActOn shows no search,
    // no count and no question folded but what its fit folded.
    palette(&mut h, "tree: hunger acton");
    assert_eq!(h.state().view.tree, (Desire::Hunger, TreeKind::ActOn));
    let g = h.state().graph();
    assert_eq!(g.search, "", "the search text stays with its tree");
    assert!(g.found.is_empty());
    assert_eq!(g.folded.len(), g.fit_folded, "only the fit's folds: {:?}", g.folded);
    assert!(crate::support::labels_containing(&h, " found").is_empty(), "no count of another tree's search");
    // Back on Anger Activity, its search is there again with its matches.
    palette(&mut h, "tree: anger activity");
    assert_eq!(h.state().graph().search, "town");
    assert_eq!(h.state().graph().found, found);
    label_containing(&h, &format!("{} found", found.len()));
}

#[test]
fn a_lesson_applied_shows_the_run_that_was_applied() {
    let mut h = open_the_example_creature(SIZES[0]);
    let lesson = example().join("lessons/slap_after_rock_throw.ron");
    h.state_mut().run(Command::File(FileCommand::Open(lesson)));
    settle(&mut h);
    h.get_by_label_contains("Apply to ruth.ron").click();
    settle(&mut h);
    let applied = h.state().view.lesson_ui.applied.clone().expect("applied");
    assert_eq!(applied.creature.label(), "ruth.ron");
    // The releases shown are the applied run's, not the script run again on the
    // changed creature.
    let first = &applied.outcome.run.lessons[0];
    let lesson = first.lesson.map_or("nothing (a zero total)".to_owned(), |v| format!("{v:+.2}"));
    label_containing(&h, &format!("at {:.1} s: hand total {:+.2}, lesson {lesson}", first.at, first.total));
    label_containing(&h, "Applied to ruth.ron");
}

/// The whole first hour in one path, at both sizes: the example creature opened, the
/// hand's acts in the log, a breakpoint from a desire bar that sets the bound it reads,
/// a fight against the shadow, and quitting with that match not kept asks first.
#[test]
fn a_new_users_first_hour() {
    use creature_core::world::sim::Act;
    use creature_studio::gui::command::PreviewCommand;
    use creature_studio::gui::panels::village::DesireMenu;
    for size in SIZES {
        let (_tmp, root) = crate::support::project_copy();
        let mut h = studio_sized(&root, size);
        h.get_by_label("🐄 Open the example creature").click();
        settle(&mut h);
        assert_eq!(h.state().ws.preview_creature_doc().map(|d| d.label()), Some("ruth.ron".to_owned()));

        // The preview, paused: hold, stroke and slap, each a line of the log.
        h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
        h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Phase(6))));
        h.state_mut().run(Command::Dock(DockCommand::Show(panels::village::TAB)));
        settle(&mut h);
        h.state_mut().ws.preview.as_mut().unwrap().run(200);
        settle(&mut h);
        for k in [egui::Key::H, egui::Key::T, egui::Key::G, egui::Key::R] {
            h.key_press(k);
            settle(&mut h);
        }
        let log: Vec<String> = h.state().view.village.log.iter().map(|l| l.text.clone()).collect();
        for act in ["held:", "stroked:", "slapped gently:"] {
            assert!(log.iter().any(|l| l.starts_with(act)), "{act} is logged at {size:?}: {log:?}");
        }

        // A desire bar's menu: the breakpoint set is the one its item reads.
        let d = crate::support::most_felt(&h);
        h.get_by_label(&format!("{} value", d.desire.name())).scroll_to_me();
        settle(&mut h);
        let at = h.get_by_label(&format!("{} value", d.desire.name())).rect().center();
        crate::support::click_button_at(&mut h, at, egui::PointerButton::Secondary);
        let read = label_containing(&h, &format!("Break when {} rises past", d.desire.name()));
        h.get_by_label(&read).click();
        settle(&mut h);
        let set = h.state().ws.preview.as_ref().unwrap().breakpoints.list().last().cloned().expect("a breakpoint");
        let up = DesireMenu::around(d.desire, d.value, d.max).up;
        assert!(read.ends_with(&format!("{up}")), "{read}");
        assert_eq!(set.cond, creature_core::cond::Cond::Above { desire: d.desire, value: up });

        // Fight your shadow: the opponent is a shadow; played to the end, the match
        // waits to be kept, and quitting asks first.
        h.state_mut().run(Command::Dock(DockCommand::Show(panels::start::TAB)));
        settle(&mut h);
        h.get_by_label("⚔ Fight your shadow").click();
        h.step();
        h.step();
        assert!(h.state().view.shadow.arena.shadow().is_some(), "the opponent is a shadow at {size:?}");
        h.get_by_label("⏩ Play to the end").click();
        h.step();
        h.step();
        assert!(h.state().view.shadow.arena.pending.is_some(), "the match waits to be kept");
        label_containing(&h, "⏺ unsaved: the arena's match");
        h.state_mut().run(UiCommand::Quit);
        settle(&mut h);
        assert!(
            matches!(h.state().modal, Some(creature_studio::gui::chrome::modal::Modal::UnsavedChanges { .. })),
            "quitting asks first"
        );
    }
}

/// The leaf viewport of the tab `tab` on screen.
/// Every text the last frame drew, in drawing order, with where it was drawn: for texts
/// that are no widget's label (a combo box's choice, a number after a checkbox).
fn drawn_texts(h: &Harness<'static, Studio>) -> Vec<(String, egui::Rect)> {
    h.output()
        .shapes
        .iter()
        .filter_map(|s| match &s.shape {
            egui::Shape::Text(t) => Some((t.galley.text().to_owned(), s.shape.visual_bounding_rect())),
            _ => None,
        })
        .collect()
}

fn viewport(h: &Harness<'static, Studio>, tab: creature_studio::gui::command::Tab) -> egui::Rect {
    let dock = &h.state().dock;
    let at = dock.find_tab(&tab).expect("the tab");
    dock[at.surface][at.node].get_leaf().expect("a leaf").viewport
}

/// On a laptop, a lesson's "add at" buttons and the first slots of the examples are
/// in view without maximising.
#[test]
fn a_laptop_shows_the_lessons_add_buttons_and_the_examples_first_slots() {
    let mut h = open_the_example_creature(SIZES[0]);
    h.state_mut().run(Command::File(FileCommand::Open(example().join("lessons/anger_which_town.ron"))));
    settle(&mut h);
    h.state_mut().run(Command::Dock(DockCommand::Show(panels::lesson::TAB)));
    h.state_mut().run(Command::Dock(DockCommand::Show(panels::examples::TAB)));
    settle(&mut h);
    let lesson = viewport(&h, panels::lesson::TAB);
    for add in ["+ plan", "+ hold", "+ stroke", "+ release"] {
        let r = h.get_by_label(add).rect();
        assert!(lesson.contains_rect(r), "{add} at {r:?} is outside the Lesson panel {lesson:?}");
    }
    let examples = viewport(&h, panels::examples::TAB);
    for row in ["new", "1", "5"] {
        let seen = h.query_all_by_label(row).any(|n| examples.contains_rect(n.rect()));
        assert!(seen, "the examples' row {row} is in view in {examples:?}");
    }
    let add = h.get_by_label("➕ Add example").rect();
    assert!(examples.contains_rect(add), "Add example at {add:?} is outside {examples:?}");
}

/// On a laptop, a tree shown while another desire's plan runs keeps its fit: the plan's
/// path is drawn only through its own desire's tree, never through this one.
#[test]
fn a_tree_keeps_its_fit_while_another_desires_plan_runs_on_a_laptop() {
    let mut h = open_the_example_creature(SIZES[0]);
    let before = leaves_in_view(&h);
    assert!(before > 0, "the fitted tree shows its leaves");
    let shown = h.state().view.tree.0;
    let mut other = false;
    for _ in 0..200 {
        h.state_mut().ws.preview.as_mut().unwrap().run(10);
        h.step();
        let plan = h.state().ws.preview.as_ref().unwrap().sim().plan().map(|p| p.desire);
        if plan.is_some_and(|d| d != shown) {
            other = true;
            break;
        }
    }
    assert!(other, "within 200 s the creature plans for another desire than {shown}");
    for _ in 0..4 {
        h.step();
    }
    assert!(h.state().graph().path.is_empty(), "no path through {shown}'s tree");
    assert_eq!(leaves_in_view(&h), before, "the tree keeps its fit and every leaf it showed");
}

/// In the first window on a laptop the Lesson panel's header wraps whole: the playing
/// speed and the newborn's phase are in the panel, not cut at its edge.
#[test]
fn the_lessons_header_wraps_within_the_panel_in_the_first_window() {
    let mut h = open_the_example_creature(creature_studio::gui::chrome::window::FIRST_SIZE);
    h.state_mut().run(Command::File(FileCommand::Open(example().join("lessons/anger_which_town.ron"))));
    settle(&mut h);
    h.state_mut().run(Command::Dock(DockCommand::Show(panels::lesson::TAB)));
    settle(&mut h);
    let lesson = viewport(&h, panels::lesson::TAB);
    let texts = drawn_texts(&h);
    let speed = texts.iter().find(|(t, _)| t.ends_with('×') && t.len() <= 4).expect("the playing speed");
    let phase = texts.iter().find(|(t, _)| t.starts_with("10 ")).expect("the newborn's phase");
    for (what, r) in [speed, phase] {
        assert!(lesson.contains_rect(*r), "{what} at {r:?} is cut by the Lesson panel {lesson:?}");
    }
}

/// On a laptop, the Species panel shows Save and Revert and each trait's time to full.
#[test]
fn a_laptop_shows_the_species_revert_and_the_time_to_full() {
    let mut h = studio_sized(&example(), SIZES[0]);
    h.state_mut().run(Command::Dock(DockCommand::Show(panels::species::TAB)));
    settle(&mut h);
    let species = viewport(&h, panels::species::TAB);
    for label in ["Save", "Revert"] {
        let r = h.get_by_label(label).rect();
        assert!(species.contains_rect(r), "{label} at {r:?} is outside the Species panel {species:?}");
    }
    let full: Vec<egui::Rect> = h.query_all_by_label_contains("full in ").map(|n| n.rect()).collect();
    assert!(full.len() >= 4, "the traits' times to full: {}", full.len());
    for r in &full {
        assert!(species.contains_rect(*r), "a time to full at {r:?} is cut by the Species panel {species:?}");
    }
}

/// On a laptop (the first window, which fits its screen) the tree's header keeps the
/// search box and the heat's seconds on one line.
#[test]
fn the_tree_headers_search_and_heat_share_a_line_on_a_laptop() {
    let h = open_the_example_creature(creature_studio::gui::chrome::window::FIRST_SIZE);
    let field = h.get_by_label("🔍").rect();
    // The seconds are drawn right after the heat's checkbox: "60", then " s".
    let texts = drawn_texts(&h);
    let heat = texts.iter().position(|(t, _)| t == "heat").expect("the heat's checkbox");
    let seconds = texts[heat..].iter().find(|(t, _)| t == "60").map(|(_, r)| *r).expect("the heat's seconds");
    assert!(
        (seconds.center().y - field.center().y).abs() < 6.0,
        "the heat's seconds {seconds:?} beside the search {field:?}"
    );
}

/// On a laptop the Examples table keeps its key columns in view, the slot on the left
/// and the feedback being learnt on the right, while its answers scroll sideways.
#[test]
fn a_laptop_shows_the_examples_slot_and_feedback_while_the_answers_scroll() {
    let mut h = open_the_example_creature(SIZES[0]);
    h.state_mut().run(Command::Dock(DockCommand::Show(panels::examples::TAB)));
    settle(&mut h);
    let examples = viewport(&h, panels::examples::TAB);
    let in_view = |h: &Harness<'static, Studio>, label: &str| {
        let r = h.get_by_label(label).rect();
        examples.contains_rect(r)
    };
    assert!(in_view(&h, "slot") && in_view(&h, "feedback"), "the key columns in {examples:?}");
    let first = h.get_by_label("allegiance").rect();
    // Scrolled sideways over the answers: they move, the key columns stay.
    h.event(egui::Event::PointerMoved(first.center() + egui::vec2(0.0, 60.0)));
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(-400.0, 0.0),
        modifiers: egui::Modifiers::NONE,
        phase: egui::TouchPhase::Move,
    });
    for _ in 0..20 {
        h.step();
    }
    assert!(h.get_by_label("allegiance").rect().left() < first.left() - 50.0, "the answers scrolled sideways");
    assert!(in_view(&h, "slot") && in_view(&h, "feedback"), "the key columns stay in view");
}
