//! The query inspector on a typed state: a value typed into the inspector's field
//! re-ranks the bank exactly as the plain definition of SPEC §13 (`select_naive`,
//! computed here from the files on disk) says it should.

use creature_shadow::bank::Bank;
use creature_shadow::schema::Schema;
use creature_shadow::select::select_naive;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

use crate::support::{example, label_containing, palette, studio};

#[test]
fn a_typed_distance_ranks_the_bank_as_the_plain_definition_does() {
    let mut h = studio(&example());
    palette(&mut h, "show panel: query inspector");
    h.run();
    let before = label_containing(&h, "within the neighbourhood");
    h.get_by_label("Typed state").click();
    h.run();

    // Click the field, select what it holds, type a new distance and press Enter.
    h.get_by_role_and_label(Role::SpinButton, "distance").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.event(egui::Event::Text("0.5".to_owned()));
    h.key_press(egui::Key::Enter);
    h.run();
    let sh = &h.state().view.shadow;
    let typed = &h.state().panels.state::<creature_studio::gui::shadow::panels::query::QueryPanel>().unwrap().typed;
    assert_eq!(typed.get("distance"), Some(&0.5), "the typed distance is the inspector's present state");

    let schema = Schema::load(sh.schema_path.as_deref().expect("the example schema")).unwrap();
    let bank = Bank::load(sh.bank_path.as_deref().expect("the first example bank")).unwrap();
    let state: Vec<f64> = schema.features.iter().map(|f| typed.get(&f.name).copied().unwrap_or(0.0)).collect();
    let sel = select_naive(&schema, &bank, &state, None).unwrap().expect("a non-empty bank answers");

    let shown = label_containing(&h, "within the neighbourhood");
    assert_ne!(shown, before, "typing a state changes the answer");
    assert!(
        shown.starts_with(&format!(
            "best {:.3} · {}",
            sel.best,
            creature_studio::gui::words::count(sel.candidates.len(), "candidate")
        )),
        "{shown} vs best {:.3} and {} candidates",
        sel.best,
        sel.candidates.len()
    );
    let first = label_containing(&h, "#1 event");
    let id: u64 = first.trim_start_matches("#1 event ").split(' ').next().unwrap().parse().unwrap();
    assert!(first.contains(&format!("score {:.3}", sel.best)), "{first}");
    assert!(sel.candidates.iter().any(|c| c.id == id), "#1 ({id}) is among the candidates {:?}", sel.candidates);
}
