//! `check --lint`'s warnings in the Problems panel: the example project shows none (it
//! allows what it holds on purpose); a template with two contradicting examples shows
//! one, marked as a warning, and a click on it shows the file at its line.

use crate::support::{label_containing, project_copy, studio};
use creature_studio::gui::command::{Command, DockCommand};
use egui_kittest::kittest::Queryable;

#[test]
fn a_warning_is_listed_in_problems_and_a_click_shows_its_line() {
    let (tmp, root) = project_copy();
    let h = studio(&root);
    assert!(h.state().ws.warnings.is_empty(), "{:?}", h.state().ws.warnings);
    assert!(h.state().ws.allowed_warnings > 0);
    drop(h);

    let template = tmp.path().join("species/template.ron");
    let text = std::fs::read_to_string(&template).unwrap();
    let rock = r#"(answers: {"kind": "rock", "alive": "no", "size": "small"}, feedback: -1.0),"#;
    std::fs::write(&template, text.replacen(rock, &format!("{rock}\n{}", rock.replace("-1.0", "0.5")), 1)).unwrap();
    let mut h = studio(&root);
    h.state_mut().run(Command::Dock(DockCommand::Show(creature_studio::gui::panels::problems::TAB)));
    h.run();
    let warnings = &h.state().ws.warnings;
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let line = warnings[0].at.line;
    assert!(h.state().ws.problems.is_empty(), "a warning is not a problem");
    assert!(label_containing(&h, "1 warning").contains("cannot work"));
    let row = h.get_by_label_contains("warning: contradicting-examples:");
    // The row may sit below the strip's fold; assistive tools click it where it is.
    row.click_accesskit();
    h.run();
    let shown = h.state().view.source.as_ref().expect("the source is shown");
    assert_eq!(shown.line, line, "the warning shows its line");
    assert!(shown.path.ends_with("template.ron"), "{}", shown.path.display());
}

/// Compare's "Two files": a creature before and after a lesson; the lesson's tree is
/// drawn for both, the example only the taught creature has marked with a +.
#[test]
fn compare_two_files_draws_a_taught_tree_for_both_with_the_new_example_marked() {
    use creature_core::creature::Creature;
    use creature_core::mind::tree::Example;
    use creature_core::names::Desire;
    use creature_core::species::data::{Data, Species, TreeKind};
    use creature_studio::gui::panels::compare::ComparePanel;

    let (tmp, root) = project_copy();
    let data = Data::builtin().unwrap();
    let before = Creature::newborn(&data, Species::Cow, 1);
    let mut after = before.clone();
    let taught = Example {
        answers: [("kind".to_owned(), "sheep".to_owned()), ("alive".to_owned(), "yes".to_owned())].into(),
        feedback: 0.5,
    };
    after.tree_mut(Desire::Hunger, TreeKind::ActOn).examples.push(taught);
    let (a, b) = (tmp.path().join("before.ron"), tmp.path().join("after.ron"));
    std::fs::write(&a, before.to_ron()).unwrap();
    std::fs::write(&b, after.to_ron()).unwrap();

    let mut h = studio(&root);
    h.state_mut().run(Command::Dock(DockCommand::Show(creature_studio::gui::panels::compare::TAB)));
    h.run();
    h.get_by_label("Two files").click();
    h.run();
    let panel = h.state_mut().panels.state_mut::<ComparePanel>().unwrap();
    panel.files.a = a.display().to_string();
    panel.files.b = b.display().to_string();
    h.run();
    h.get_by_label("Compare").click();
    h.run();
    h.get_by_label_contains("tree Hunger ActOn: +1 −0 examples");
    h.get_by_label("Hunger ActOn").click();
    h.run();
    let a_count = before.tree(Desire::Hunger, TreeKind::ActOn).examples.len();
    h.get_by_label(&format!("A: {a_count} examples"));
    h.get_by_label(&format!("B: {} examples", a_count + 1));
    let marked: Vec<_> = h.query_all_by_label_contains("+ alive: yes, kind: sheep; feedback +0.50").collect();
    assert_eq!(marked.len(), 1, "the taught example is marked on B's side only");
    assert_eq!(h.query_all_by_label_contains("− ").count(), 0, "nothing was removed");
}
