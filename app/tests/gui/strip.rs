//! The strip along the bottom of the default layout (Problems and the shadow's tools), on a
//! laptop's screen and a desktop's: a tab picked there opens it to a size its panel can
//! be used at, Problems gives the space back, and its divider resizes when dragged.

use creature_studio::gui::Studio;
use creature_studio::gui::command::{Command, Tab, UiCommand};
use creature_studio::gui::panels;
use creature_studio::gui::shadow::panels::{arena, bank};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::support::{click_at, example, studio_sized};

const LAPTOP: egui::Vec2 = egui::vec2(1280.0, 720.0);
const DESKTOP: egui::Vec2 = egui::vec2(1920.0, 1080.0);

/// The editor at `size` after View › Reset panel layout.
fn reset_at(size: egui::Vec2) -> Harness<'static, Studio> {
    let mut h = studio_sized(&example(), size);
    h.state_mut().run(Command::Ui(UiCommand::ResetLayout));
    h.run();
    h
}

/// The whole leaf (tab bar and body) and the body of the leaf holding `tab`.
fn leaf(h: &Harness<'static, Studio>, tab: Tab) -> (egui::Rect, egui::Rect) {
    let dock = &h.state().dock;
    let at = dock.find_tab(&tab).expect("the tab is in the dock");
    let leaf = dock[at.surface][at.node].get_leaf().expect("a leaf");
    (leaf.rect, leaf.viewport)
}

/// Clicks the tab button of `tab`, found by its title drawn in its leaf's tab bar.
fn click_tab(h: &mut Harness<'static, Studio>, tab: Tab) {
    let (rect, body) = leaf(h, tab);
    let bar = egui::Rect::from_min_max(rect.min, egui::pos2(rect.max.x, body.min.y));
    let at = h
        .output()
        .shapes
        .iter()
        .filter_map(|s| match &s.shape {
            egui::Shape::Text(t) if t.galley.text() == tab.title() => Some(s.shape.visual_bounding_rect().center()),
            _ => None,
        })
        .find(|p| bar.contains(*p))
        .unwrap_or_else(|| panic!("the tab button of {} in {bar:?}", tab.title()));
    click_at(h, at);
    // A match in the arena keeps the editor repainting: a few frames, not a settled run.
    for _ in 0..3 {
        h.step();
    }
}

fn active_in_its_leaf(h: &Harness<'static, Studio>, tab: Tab) -> bool {
    let dock = &h.state().dock;
    let at = dock.find_tab(&tab).expect("the tab is in the dock");
    at.tab == dock[at.surface][at.node].get_leaf().expect("a leaf").active
}

#[test]
fn a_tab_clicked_in_the_collapsed_strip_opens_it_to_a_usable_size() {
    for size in [LAPTOP, DESKTOP] {
        for (tab, content) in [(bank::TAB, "Jago vs Jago"), (arena::TAB, "▶ Start match")] {
            let mut h = reset_at(size);
            let (collapsed, _) = leaf(&h, tab);
            assert!(collapsed.height() < size.y * 0.15, "the strip starts low at {size:?}: {collapsed:?}");
            click_tab(&mut h, tab);
            assert!(active_in_its_leaf(&h, tab), "{} is shown", tab.title());
            let (_, body) = leaf(&h, tab);
            assert!(body.height() >= size.y * 0.35, "{} has {body:?} at {size:?}", tab.title());
            let shown = h.query_all_by_label_contains(content).filter(|n| body.contains_rect(n.rect())).count();
            assert!(shown >= 1, "{} shows {content} in its body {body:?} at {size:?}", tab.title());
        }
    }
}

/// The arena takes about half the column: the panels above keep a size to be read, the
/// tree the most, every other a few lines.
#[test]
fn the_arena_leaves_the_panels_above_room_to_be_read() {
    for size in [LAPTOP, DESKTOP] {
        let mut h = reset_at(size);
        click_tab(&mut h, arena::TAB);
        let (_, tree) = leaf(&h, panels::graph::TAB);
        assert!(tree.height() >= 200.0, "the tree keeps {tree:?} at {size:?}");
        for above in [panels::train::TAB, panels::why::TAB, panels::start::TAB] {
            let (_, b) = leaf(&h, above);
            assert!(b.height() >= 80.0, "{} keeps {b:?} at {size:?}", above.title());
        }
    }
}

#[test]
fn the_strip_gives_its_space_back_when_a_smaller_tab_is_picked_after_fighting_the_shadow() {
    for size in [LAPTOP, DESKTOP] {
        let mut h = reset_at(size);
        h.get_by_label("⚔ Fight your shadow").click();
        for _ in 0..3 {
            h.step();
        }
        assert!(active_in_its_leaf(&h, arena::TAB), "the arena is shown");
        let (open, _) = leaf(&h, arena::TAB);
        assert!(open.height() >= size.y * 0.35, "the arena has room at {size:?}: {open:?}");
        // The bank's table asks for more; the arena picked again gives that back.
        click_tab(&mut h, bank::TAB);
        let (bank_open, _) = leaf(&h, bank::TAB);
        assert!(bank_open.height() > open.height() + 50.0, "the bank's table has more: {bank_open:?}");
        click_tab(&mut h, arena::TAB);
        let (again, _) = leaf(&h, arena::TAB);
        assert!((again.height() - open.height()).abs() < 2.0, "the arena's size again: {again:?} not {open:?}");
        click_tab(&mut h, panels::problems::TAB);
        assert!(active_in_its_leaf(&h, panels::problems::TAB), "Problems is shown");
        let (strip, _) = leaf(&h, panels::problems::TAB);
        assert!(strip.height() < size.y * 0.15, "the strip is low again at {size:?}: {strip:?}");
        let (_, tree) = leaf(&h, panels::graph::TAB);
        assert!(tree.height() >= size.y * 0.4, "the tree has its room back at {size:?}: {tree:?}");
    }
}

#[test]
fn dragging_the_strips_divider_resizes_it_and_keeps_its_tabs() {
    let mut h = reset_at(LAPTOP);
    click_tab(&mut h, bank::TAB);
    let (before, _) = leaf(&h, bank::TAB);
    let surfaces = h.state().dock.iter_surfaces().count();
    // A drag that starts a few points below the divider, on the tab bar's edge.
    let mut at = egui::pos2(before.center().x, before.min.y + 4.0);
    h.event(egui::Event::PointerMoved(at));
    h.event(egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.step();
    for _ in 0..10 {
        at.y -= 10.0;
        h.event(egui::Event::PointerMoved(at));
        h.step();
    }
    h.event(egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run();
    assert_eq!(h.state().dock.iter_surfaces().count(), surfaces, "no tab was torn out into a window");
    let (after, _) = leaf(&h, bank::TAB);
    let (problems, _) = leaf(&h, panels::problems::TAB);
    assert_eq!(after, problems, "the bank is still in the strip beside Problems");
    assert!(after.height() > before.height() + 60.0, "the strip grew: {before:?} → {after:?}");
}
