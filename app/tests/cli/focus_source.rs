//! The creature in focus changes in one place: `Focus` (gui/view/focus.rs) keeps its
//! field private, so only its `set` changes it, and only the studio's
//! `focus_creature` (gui/app/focus.rs) calls that. Undo and redo, the start page, the
//! preview and the panels ask for a creature to be focused through that function.

use std::path::Path;

use crate::common::rust_files;

/// The lines under `src/` (comments left out) that set the focus, by file.
fn setting_the_focus() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_files(&src);
    assert!(files.len() > 50, "the walk finds the app's files: {}", files.len());
    let mut hits = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            if code.contains("focus.set(") || code.contains("Focus::set(") {
                let at = f.strip_prefix(&src).unwrap().display().to_string();
                hits.push((at, line.trim().to_owned()));
            }
        }
    }
    hits
}

#[test]
fn only_focus_creature_sets_the_creature_in_focus() {
    let hits = setting_the_focus();
    assert!(hits.iter().any(|(f, _)| f == "gui/app/focus.rs"), "focus_creature sets it: {hits:#?}");
    let elsewhere: Vec<_> = hits.iter().filter(|(f, _)| f != "gui/app/focus.rs").collect();
    assert!(elsewhere.is_empty(), "the focus is set only by focus_creature: {elsewhere:#?}");
}
