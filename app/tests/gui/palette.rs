//! The command palette: its field stays where it is while typing narrows the list, and
//! Up and Down choose the row that Enter runs.

use egui_kittest::kittest::{NodeT, Queryable};

use crate::support::{example, studio};

#[test]
fn the_palette_field_does_not_move_while_typing() {
    let mut h = studio(&example());
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::P);
    h.run();
    // The palette's field is the text input that holds what was typed.
    let field = |h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>, typed: &str| {
        let mut inputs = h.query_all_by_role(egui::accesskit::Role::TextInput);
        inputs.find(|n| n.value().as_deref() == Some(typed)).map(|n| n.rect()).expect("the field")
    };
    h.event(egui::Event::Text("s".to_owned()));
    h.run();
    let before = field(&h, "s");
    h.event(egui::Event::Text("pecies: polar".to_owned()));
    h.run();
    assert!(h.query_by_label_contains("Species: PolarBear").is_some(), "the list narrowed to the polar bear");
    let after = field(&h, "species: polar");
    assert!((after.min.y - before.min.y).abs() < 0.5, "the field moved from {before:?} to {after:?}");
}

/// The palette's rows that name a panel starting with S, top to bottom.
fn rows(h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>) -> Vec<String> {
    let mut rows: Vec<(f32, String)> = h
        .query_all_by_label_contains("Show panel: S")
        .map(|n| (n.rect().min.y, n.accesskit_node().label().unwrap_or_default().trim().to_owned()))
        .collect();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    rows.into_iter().map(|(_, l)| l).collect()
}

/// Whether the panel titled `title` is the one shown in its part of the dock.
fn shown(h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>, title: &str) -> bool {
    let dock = &h.state().dock;
    let Some(tab) = dock.iter_all_tabs().map(|(_, t)| *t).find(|t| t.title() == title) else { return false };
    dock.find_tab(&tab).is_some_and(|p| dock[p.surface][p.node].get_leaf().is_some_and(|leaf| leaf.active == p.tab))
}

fn palette_with(query: &str) -> egui_kittest::Harness<'static, creature_studio::gui::Studio> {
    let mut h = studio(&example());
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::P);
    h.run();
    h.event(egui::Event::Text(query.to_owned()));
    h.run();
    h
}

#[test]
fn down_and_up_choose_the_row_that_enter_runs() {
    let mut h = palette_with("show panel: s");
    let rows = rows(&h);
    assert!(rows.len() >= 5, "several panels start with S: {rows:?}");
    let down = egui::Key::ArrowDown;
    for key in [down, down, down, down, egui::Key::ArrowUp] {
        h.key_press(key);
        h.run();
    }
    // Four down and one up is the fourth row.
    let fourth = rows[3].trim_start_matches("Show panel: ").to_owned();
    assert!(!shown(&h, &fourth), "{fourth} is not shown before Enter");
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().palette.is_none(), "Enter closes the palette");
    assert!(shown(&h, &fourth), "Enter ran the fourth row, {fourth}: {rows:?}");
}

#[test]
fn enter_runs_the_best_match_and_a_new_query_starts_from_it_again() {
    let mut h = palette_with("show panel: s");
    h.key_press(egui::Key::ArrowDown);
    h.run();
    // Typing more narrows the list and the choice goes back to its first row.
    h.event(egui::Event::Text("pecies".to_owned()));
    h.run();
    let rows = rows(&h);
    assert_eq!(rows.first().map(String::as_str), Some("Show panel: Species"), "{rows:?}");
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(shown(&h, "Species"), "Enter ran the best match");
}

#[test]
fn the_keys_of_the_preview_and_the_arena_are_in_their_menus_and_the_palette() {
    let mut h = studio(&example());
    h.get_by_label("Preview").click();
    h.run();
    // The menu item shows the command's key beside it.
    assert!(h.query_by_label_contains("Hand: slap hard").is_some(), "the Preview menu lists the hand");
    assert!(h.query_by_label_contains("Timeline: the next mark").is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    h.get_by_label("Arena").click();
    h.run();
    assert!(h.query_by_label_contains("Arena: dash left").is_some(), "the Arena menu lists its held keys");
    h.key_press(egui::Key::Escape);
    h.run();
    let mut h = palette_with("arena: thr");
    let row = h.get_by_label_contains("Arena: throw").accesskit_node().label().unwrap_or_default();
    assert!(row.ends_with('D'), "the palette shows the key: {row}");
    h.key_press(egui::Key::Escape);
    h.run();
}

/// The index of the palette's chosen row, the one Enter runs.
fn chosen(h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>) -> usize {
    h.state().palette.as_ref().expect("the palette is open").selected
}

#[test]
fn page_down_and_page_up_move_a_page_of_rows_and_stop_at_the_ends() {
    let mut h = palette_with("tree:");
    h.key_press(egui::Key::PageDown);
    h.run();
    assert_eq!(chosen(&h), 10, "a page down");
    for _ in 0..40 {
        h.key_press(egui::Key::PageDown);
    }
    h.run();
    let last = chosen(&h);
    assert!(last > 10, "down to the last row");
    h.key_press(egui::Key::PageUp);
    h.run();
    assert_eq!(chosen(&h), last - 10, "a page up");
    h.key_press(egui::Key::ArrowDown);
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(h.state().palette.is_none(), "Enter runs the row chosen far down the list");
}

#[test]
fn esc_closes_the_palette_and_runs_nothing() {
    let mut h = palette_with("show panel: arena");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.state().palette.is_none(), "Esc closes");
    assert!(!shown(&h, "Arena"), "and runs nothing");
}

#[test]
fn matching_takes_whole_words_and_prefixes_not_scattered_letters() {
    let h = palette_with("tiger");
    assert!(h.query_by_label_contains("Species: Tiger").is_some());
    assert!(h.query_by_label_contains("Ogre").is_none(), "tiger does not list the ogre");
    let h = palette_with("compare");
    let labels: Vec<String> = h
        .query_all_by_role(egui::accesskit::Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| l.starts_with("Open ") || l.starts_with("Show panel: "))
        .collect();
    assert!(!labels.is_empty());
    assert!(labels.iter().all(|l| l.to_lowercase().contains("compare")), "only what is about comparing: {labels:?}");
}
