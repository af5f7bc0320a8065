//! A desire bar's right-click menu offers round figures either side of the value: they
//! are fixed when the menu opens, so the item read is the breakpoint a click sets, however
//! far the value moves while the menu is open.

use crate::support::{click_button_at, label_containing};
use creature_studio::gui::panels::village::DesireMenu;
use egui_kittest::kittest::Queryable;

type H = egui_kittest::Harness<'static, creature_studio::gui::Studio>;

#[test]
fn a_desire_bars_menu_sets_the_bound_it_reads() {
    let (_tmp, mut h) = crate::support::paused_preview();
    h.state_mut().ws.preview.as_mut().unwrap().run(200);
    h.run();
    // The desire most felt, whose bar is first.
    let d = crate::support::most_felt(&h);
    h.get_by_label(&format!("{} value", d.desire.name())).scroll_to_me();
    h.run();
    let bar = h.get_by_label(&format!("{} value", d.desire.name())).rect().center();
    click_button_at(&mut h, bar, egui::PointerButton::Secondary);
    let read = label_containing(&h, &format!("Break when {} rises past", d.desire.name()));
    let opened = DesireMenu::around(d.desire, d.value, d.max);
    assert!(read.ends_with(&format!("rises past {}", opened.up)), "{read}");

    // The run goes on with the menu open until the value's round figure moves on.
    let value = |h: &H| {
        let p = h.state().ws.preview.as_ref().unwrap();
        p.shown().desires().into_iter().find(|x| x.desire == d.desire).unwrap()
    };
    let mut moved = false;
    for _ in 0..300 {
        h.state_mut().ws.preview.as_mut().unwrap().run(10);
        let now = value(&h);
        if DesireMenu::around(d.desire, now.value, now.max).up != opened.up {
            moved = true;
            break;
        }
    }
    assert!(moved, "{} moved by a tenth", d.desire.name());
    h.step();
    h.step();
    assert_eq!(label_containing(&h, &format!("Break when {} rises past", d.desire.name())), read, "the item stays");
    h.get_by_label(&read).click();
    h.step();
    h.step();
    let list = h.state().ws.preview.as_ref().unwrap().breakpoints.list().to_vec();
    let set = list.last().expect("the click set a breakpoint");
    assert_eq!(set.cond, creature_core::cond::Cond::Above { desire: d.desire, value: opened.up }, "{}", set.text);
}

/// A desire just above 0 is not offered "falls past 0", which could never fire; "rises
/// past" is.
#[test]
fn a_desire_near_zero_offers_no_bound_below_zero() {
    use creature_core::world::sim::Act;
    use creature_studio::gui::command::{Command, PreviewCommand};
    let (_tmp, mut h) = crate::support::paused_preview();
    h.state_mut().ws.preview.as_mut().unwrap().run(200);
    h.run();
    let d = crate::support::most_felt(&h);
    h.state_mut().run(Command::Preview(PreviewCommand::Act(Act::Desire { name: d.desire, value: 0.02 })));
    h.run();
    h.get_by_label(&format!("{} value", d.desire.name())).scroll_to_me();
    h.run();
    let bar = h.get_by_label(&format!("{} value", d.desire.name())).rect().center();
    click_button_at(&mut h, bar, egui::PointerButton::Secondary);
    label_containing(&h, &format!("Break when {} rises past 0.1", d.desire.name()));
    assert!(
        h.query_by_label_contains(&format!("Break when {} falls past", d.desire.name())).is_none(),
        "no bound below the value offered"
    );
}
