//! The layout a new user starts with, on a desktop and on a laptop screen: once the
//! example creature is open, its tree graph has the largest panel of all.

use crate::support::{example, studio_sized};
use creature_studio::gui::panels;
use egui_kittest::kittest::{NodeT, Queryable};

/// Each panel leaf of the dock: the tab it shows and the area of its body, in points².
fn leaf_areas(h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>) -> Vec<(String, f32)> {
    let dock = &h.state().dock;
    dock.main_surface()
        .iter()
        .filter_map(|node| node.get_leaf())
        .filter_map(|leaf| {
            let tab = leaf.tabs.get(leaf.active.0)?;
            Some((tab.title().to_owned(), leaf.viewport.area()))
        })
        .collect()
}

#[test]
fn the_tree_graph_has_the_largest_panel_on_a_desktop_and_on_a_laptop() {
    for size in [egui::vec2(1920.0, 1080.0), egui::vec2(1600.0, 1000.0), egui::vec2(1280.0, 720.0)] {
        let mut h = studio_sized(&example(), size);
        h.get_by_label("🐄 Open the example creature").click();
        h.run();
        let areas = leaf_areas(&h);
        let tree = panels::graph::TAB.title();
        let (largest, area) = areas.iter().max_by(|a, b| a.1.total_cmp(&b.1)).cloned().expect("panels");
        assert_eq!(largest, tree, "at {size:?}: {areas:?}");
        // Room to read a tree: at least a quarter of the window.
        assert!(area >= size.x * size.y / 4.0, "at {size:?} the tree has {area} of {}", size.x * size.y);
    }
}

/// The Creature panel on a laptop's screen: each desire's value stays in the panel and
/// clear of the trees' table.
#[test]
fn the_creature_panels_values_stay_clear_of_the_trees_on_a_laptop() {
    let mut h = studio_sized(&example(), egui::vec2(1280.0, 720.0));
    h.get_by_label("🐄 Open the example creature").click();
    h.run();
    h.state_mut().run(creature_studio::gui::command::DockCommand::Show(panels::creature::TAB));
    h.run();
    let body = {
        let dock = &h.state().dock;
        let at = dock.find_tab(&panels::creature::TAB).expect("the Creature tab");
        dock[at.surface][at.node].get_leaf().expect("a leaf").viewport
    };
    let value = |t: &str| t.len() == 9 && t.as_bytes()[4] == b'/';
    let text = |n: &egui_kittest::Node<'_>| {
        let a = n.accesskit_node();
        a.value().or_else(|| a.label()).unwrap_or_default()
    };
    let values: Vec<egui::Rect> =
        h.query_all_by_label_contains("/").filter(|n| value(&text(n))).map(|n| n.rect()).collect();
    assert!(values.len() >= 10, "the desires' values are drawn: {}", values.len());
    // The trees' table starts at its heading; the desires' rows above it scroll in
    // their own area, so only those above the heading are on screen.
    let heading = h.get_by_label_contains("Decision trees:").rect();
    // Under the desires (the heading at the panel's left), or beside them.
    let stacked = heading.min.x < body.min.x + 30.0;
    let on_screen = |v: &&egui::Rect| if stacked { v.max.y <= heading.min.y } else { v.max.y <= body.max.y };
    let shown: Vec<&egui::Rect> = values.iter().filter(on_screen).collect();
    assert!(shown.len() >= 5, "desires' values on screen: {}", shown.len());
    // The table's cells ("3 ex", "empty"), under or beside the heading.
    let in_table = |r: &egui::Rect| r.min.y >= heading.min.y && r.min.x >= heading.min.x - 1.0;
    let cells = h.query_all_by_label_contains(" ex").chain(h.query_all_by_label("empty")).map(|n| n.rect());
    let trees: Vec<egui::Rect> = cells.filter(in_table).chain([heading]).collect();
    assert!(trees.len() > 10, "the trees' table is drawn: {}", trees.len());
    for v in shown {
        assert!(body.contains_rect(*v), "a value cut at the panel's edge: {v:?} in {body:?}");
        for t in &trees {
            assert!(!v.intersects(*t), "a desire's value {v:?} over the trees' table {t:?}");
        }
    }
}

/// The Preview on a laptop's screen and a desktop's: its controls wrap and its side column (the
/// inspected object's acts, the plan, the desires) stays inside the panel, beside a map.
#[test]
fn the_previews_side_column_stays_inside_its_panel() {
    use creature_studio::gui::command::{Command, DockCommand, PreviewCommand};
    for size in [egui::vec2(1280.0, 720.0), egui::vec2(1600.0, 1000.0)] {
        let mut h = studio_sized(&example(), size);
        h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
        h.state_mut().run(Command::Dock(DockCommand::Show(panels::village::TAB)));
        h.run();
        crate::support::inspect_a_sheep(&mut h);
        let body = {
            let dock = &h.state().dock;
            let at = dock.find_tab(&panels::village::TAB).expect("the Preview tab");
            dock[at.surface][at.node].get_leaf().expect("a leaf").viewport
        };
        // Each is in the panel, or a scroll of the side column away: never cut.
        for label in ["Break on a plan on it", "Give to the creature", "▶ Resume", "⟲ Restart"] {
            h.get_by_label_contains(label).scroll_to_me();
            h.run();
            let r = h.get_by_label_contains(label).rect();
            assert!(body.contains_rect(r), "at {size:?}, {label} at {r:?} is outside the Preview's {body:?}");
        }
    }
}

/// The bank view in the editors' column of a desktop: its table scrolls sideways by
/// itself, and the plots under it stay inside the panel.
#[test]
fn the_bank_views_plots_stay_inside_its_panel() {
    let mut h = studio_sized(&example(), egui::vec2(1920.0, 1080.0));
    h.state_mut()
        .run(creature_studio::gui::command::DockCommand::Show(creature_studio::gui::shadow::panels::bank::TAB));
    crate::support::settle(&mut h);
    let body = {
        let dock = &h.state().dock;
        let at = dock.find_tab(&creature_studio::gui::shadow::panels::bank::TAB).expect("the bank tab");
        dock[at.surface][at.node].get_leaf().expect("a leaf").viewport
    };
    for label in ["Reaction times of the whole bank", "Actions (the whole bank"] {
        let r = h.get_by_label_contains(label).rect();
        assert!(body.contains_rect(r), "{label} at {r:?} is outside the bank view's {body:?}");
    }
}

/// The Species plots in the pictures' column of a laptop: the last plot is a scroll
/// away, not cut off.
#[test]
fn the_species_plots_last_plot_is_a_scroll_away_on_a_laptop() {
    let mut h = studio_sized(&example(), egui::vec2(1280.0, 720.0));
    h.state_mut().run(creature_studio::gui::command::DockCommand::Show(panels::plots::TAB));
    crate::support::settle(&mut h);
    let body = {
        let dock = &h.state().dock;
        let at = dock.find_tab(&panels::plots::TAB).expect("the plots tab");
        dock[at.surface][at.node].get_leaf().expect("a leaf").viewport
    };
    h.get_by_label_contains("Miracle sightings needed per species").scroll_to_me();
    for _ in 0..20 {
        h.step();
    }
    let r = h.get_by_label_contains("Miracle sightings needed per species").rect();
    assert!(body.contains_rect(r), "the last plot's title at {r:?}, outside the panel's {body:?}");
}
