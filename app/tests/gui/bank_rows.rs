//! The bank view's table is virtualised: with 40,000 events only the rows on screen are
//! laid out, and the filters narrow the rows at once.

use crate::support::example;
use creature_core::project::Project;
use creature_shadow::bank::{Bank, BankEvent, Matchup};
use creature_studio::gui::panels;
use creature_studio::gui::shadow::panels::bank::BankPanel;
use creature_studio::gui::view::View;
use creature_workspace::Workspace;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn big_bank(n: usize) -> Bank {
    let features = vec!["distance".to_owned(), "own_state".to_owned()];
    let events = (0..n as u64)
        .map(|i| BankEvent {
            id: i,
            matchup: Matchup::new("Jago", "Jago"),
            match_id: 1 + i / 4000,
            segment: i / 40,
            index: (i % 40) as u32,
            frame: (i % 4000) as u32 * 6,
            action: if i % 2 == 0 { "Idle".into() } else { "Light".into() },
            reaction: None,
            recorded_at: None,
            provenance: None,
        })
        .collect();
    let values = (0..n).flat_map(|i| [(i % 100) as f64 / 10.0, 0.0]).collect();
    Bank::from_parts(features, events, values).unwrap()
}

/// The example project with its shadow files loaded, as the bank view shows them.
fn example_shadow() -> (Workspace, View) {
    let mut ws = Workspace::open(&example()).unwrap();
    let mut view = View::default();
    let project = Project::open(&example()).unwrap();
    creature_studio::gui::shadow::app::open_project(&mut view.shadow, &example(), Some(&project));
    creature_studio::gui::shadow::app::load(&mut view.shadow, &mut ws);
    (ws, view)
}

/// The bank view alone, drawing `state`.
fn bank_view((ws, view): (Workspace, View)) -> Harness<'static, (Workspace, View, BankPanel)> {
    Harness::builder().with_size(egui::vec2(1200.0, 800.0)).with_max_steps(32).build_ui_state(
        |ui, (ws, view, panel): &mut (Workspace, View, BankPanel)| {
            let mut out = Vec::new();
            let mut cx = panels::Cx { ws, view, recent: &[], out: &mut out };
            panels::Panel::ui(panel, ui, &mut cx);
        },
        (ws, view, BankPanel::default()),
    )
}

#[test]
fn forty_thousand_events_lay_out_only_the_rows_on_screen() {
    let (mut ws, mut view) = example_shadow();
    // A bank document not on disk, shown as the bank view would show an opened one.
    let big = example().join("shadow/big.bank");
    ws.new_bank(&big, big_bank(40_000));
    assert!(creature_studio::gui::shadow::app::show_bank(&mut view.shadow, &mut ws, &big));
    view.shadow.sync(&ws);
    let mut h = bank_view((ws, view));
    h.run();
    h.get_by_label("40000 rows");
    let laid_out = h.query_all_by_label("Idle").count() + h.query_all_by_label("Light").count();
    assert!(laid_out > 5 && laid_out < 200, "{laid_out} rows laid out");
    h.state_mut().2.filter.segment = Some(7);
    h.run();
    h.get_by_label("40 rows");
    // The action filter matches part of a name, in any case, with the other filters.
    h.state_mut().2.filter.action = "IGH".into();
    h.run();
    h.get_by_label("20 rows");
    h.state_mut().2.filter.segment = None;
    h.run();
    h.get_by_label("20000 rows");
    assert!(h.query_by_label("Idle").is_none());
}

#[test]
fn a_match_filter_starts_at_the_banks_first_match() {
    let (ws, view) = example_shadow();
    let first = view.shadow.bank().unwrap().events().iter().map(|e| e.match_id).min().unwrap();
    assert!(first > 0, "the example bank has no match 0");
    let mut h = bank_view((ws, view));
    h.run();
    h.get_all_by_role(egui::accesskit::Role::CheckBox).next().unwrap().click();
    h.run();
    assert_eq!(h.state().2.filter.match_id, Some(first));
    h.get_by_label(&format!("🗑 Delete match {first}"));
    h.get_by_label_contains("Actions (the whole bank");
}
