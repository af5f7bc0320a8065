//! The shadow tools driven through the real app: a weight changed in the schema editor
//! changes the query inspector's ranking, and a scripted match recorded in the arena and
//! kept grows the bank view's row count.

use crate::support::{autoplay_a_match, example, label_containing, palette, studio};
use creature_studio::gui::command::Command;
use creature_workspace::edit::Edit;
use egui_kittest::kittest::Queryable;

fn ranking(h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>) -> Vec<String> {
    (1..=5).map(|r| label_containing(h, &format!("#{r} event"))).collect()
}

#[test]
fn a_weight_changed_in_the_schema_editor_reorders_the_query_inspector() {
    let mut h = studio(&example());
    palette(&mut h, "show panel: shadow schema");
    palette(&mut h, "show panel: query inspector");
    h.run();
    let before = ranking(&h);
    assert!(before[0].starts_with("#1 event"), "{before:?}");
    let schema = h.state().view.shadow.schema().cloned().expect("the example schema loads");
    let id = h.state().view.shadow.schema_doc().unwrap();
    // The feature on which the best event is furthest from the present state, weighed
    // as much as the slider allows (its right end): that event falls behind.
    let s = h.state_mut();
    let (_, parts) = s
        .panels
        .state_mut::<creature_studio::gui::shadow::panels::query::QueryPanel>()
        .unwrap()
        .query(&s.view.shadow, 5)
        .unwrap()
        .unwrap();
    let gap = |k: usize| parts[0].terms[k].similarity - parts[3].terms[k].similarity;
    let feature = (0..schema.features.len()).max_by(|&a, &b| gap(a).total_cmp(&gap(b))).unwrap();
    assert!(gap(feature) > 0.0, "{:?}", parts[0]);
    h.state_mut().run(Command::Edit(Edit::SchemaWeight { schema: id.clone(), feature, weight: 10.0 }));
    h.run();
    let after = ranking(&h);
    assert_ne!(before, after, "the ranking follows the weight");
    assert!(h.state().ws.is_dirty(&id));
    // The slider itself sends that command: clicking it sets a new weight.
    palette(&mut h, "show panel: shadow schema");
    h.get_all_by_label("weight").next().expect("a weight slider per feature").click();
    h.run();
    let w = h.state().ws.schema(&id).unwrap().features[0].weight;
    assert!(w != schema.features[0].weight, "the first slider moved the first weight: {w}");
}

#[test]
fn a_recorded_scripted_match_kept_in_the_bank_grows_its_rows() {
    let mut h = studio(&example());
    palette(&mut h, "show panel: replay bank");
    h.run();
    let rows = |h: &egui_kittest::Harness<'static, creature_studio::gui::Studio>| {
        label_containing(h, " rows").trim_end_matches(" rows").parse::<usize>().unwrap()
    };
    let before = rows(&h);
    assert!(before > 0);
    autoplay_a_match(&mut h);
    let recorded = h.state().view.shadow.arena.pending.as_ref().map_or(0, |p| p.events.len());
    assert!(recorded > 0, "the match was recorded");
    h.get_by_label_contains("Keep in ").click();
    h.step();
    h.step();
    palette(&mut h, "show panel: replay bank");
    h.step();
    assert_eq!(rows(&h), before + recorded);
    assert!(h.state().ws.is_dirty(&h.state().view.shadow.bank_doc().unwrap()));
}

#[test]
fn the_actions_histogram_names_every_bar_with_its_count() {
    let mut h = studio(&example());
    palette(&mut h, "show panel: replay bank");
    let actions: Vec<(String, usize)> = {
        let s = h.state_mut();
        let stats = s
            .panels
            .state_mut::<creature_studio::gui::shadow::panels::bank::BankPanel>()
            .unwrap()
            .stats(&s.view.shadow)
            .expect("the bank's stats")
            .clone();
        stats.actions.into_iter().collect()
    };
    assert!(actions.len() > 5, "{actions:?}");
    for (name, count) in &actions {
        assert!(h.query_by_label(&format!("{name} · {count}")).is_some(), "{name}'s bar is named with its count");
    }
}

#[test]
fn a_changed_filter_starts_the_bank_table_from_its_first_row() {
    let mut h = studio(&example());
    palette(&mut h, "show panel: replay bank");
    // Scroll the table far down: its first row is no longer laid out.
    let at = h.get_by_label("DashForward").rect().center();
    crate::support::scroll_far_down(&mut h, at);
    assert!(h.query_by_label("DashForward").is_none(), "the first row scrolled away");
    // Filter on the commonest action: its matches are still more than the table shows,
    // and they show from the first.
    h.state_mut().panels.state_mut::<creature_studio::gui::shadow::panels::bank::BankPanel>().unwrap().filter.action =
        "Light".into();
    h.run();
    let first = {
        let s = h.state_mut();
        let sh = &s.view.shadow;
        let rows = s.panels.state_mut::<creature_studio::gui::shadow::panels::bank::BankPanel>().unwrap().rows(sh);
        let i = rows[0];
        sh.bank().unwrap().events().iter().nth(i).unwrap().frame
    };
    assert!(h.query_all_by_label(&first.to_string()).next().is_some(), "the first match (frame {first}) is in view");
}
