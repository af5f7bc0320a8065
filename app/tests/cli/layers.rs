//! The command line and the editor stand side by side on the workspace crate: no file
//! of `src/cli` names the `gui` module and no file of `src/gui` names `cli`. Only
//! `main.rs` knows both.

use std::path::Path;

use crate::common::rust_files;

/// The places in the files under `dir` that name the module `module` as a path.
fn naming(dir: &str, module: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(dir);
    let files = rust_files(&root);
    assert!(files.len() > 5, "the walk finds the {dir} module's files: {files:?}");
    let mut hits = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let names = names_module(code, module);
            if names {
                hits.push(format!("{}:{}: {}", f.display(), n + 1, line.trim()));
            }
        }
    }
    hits
}

/// True when `code` names `module` as a path segment: `module::…`, `…::module` or
/// `mod module`, as a whole word (`Sense::click` does not name `cli`).
fn names_module(code: &str, module: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    code.match_indices(module).any(|(at, _)| {
        let before = &code[..at];
        let after = &code[at + module.len()..];
        let whole = !word(before.chars().next_back()) && !word(after.chars().next());
        whole && (after.starts_with("::") || before.ends_with("::") || before.trim_end().ends_with("mod"))
    })
}

#[test]
fn a_path_names_a_module_only_as_a_whole_word() {
    assert!(names_module("use crate::gui::app::Studio;", "gui"));
    assert!(names_module("    crate::cli::run(c)", "cli"));
    assert!(names_module("pub mod cli;", "cli"));
    assert!(!names_module("egui::Sense::click()", "cli"));
    assert!(!names_module("use egui::Ui;", "gui"));
}

#[test]
fn the_command_line_never_names_the_editor() {
    let hits = naming("cli", "gui");
    assert!(hits.is_empty(), "{hits:#?}");
}

#[test]
fn the_editor_never_names_the_command_line() {
    let hits = naming("gui", "cli");
    assert!(hits.is_empty(), "{hits:#?}");
}
