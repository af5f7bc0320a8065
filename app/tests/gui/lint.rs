//! `check --lint`'s warnings in the Problems panel: the example project shows none (it
//! allows what it holds on purpose); a template with two contradicting examples shows
//! one, marked as a warning, and a click on it shows the file at its line.

use crate::support::{label_containing, project_copy, studio};
use creature_studio::gui::command::Command;
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
    h.state_mut().run(Command::ShowTab(creature_studio::gui::panels::problems::TAB));
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
