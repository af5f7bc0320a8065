//! The command line and the editor stand side by side on the workspace crate: no file
//! of `src/cli` names the `gui` module and no file of `src/gui` names `cli`. Only
//! `main.rs` knows both. The shadow crate stands on core's ground floor beside the
//! creature: it names nothing of the creature's (`mind`, `world`, `creature`,
//! `species`) nor of core's top floor (`project`, `lint`, `diff`, …), and core never
//! names the shadow crate nor anything of the shadow's (banks, gauntlets, the arena).

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

/// The state under `gui/view/` only holds and shows: every file the editor reads or
/// writes and every dialog it asks is the studio's (`gui/app/`: files, the live side;
/// `gui/shadow/app.rs`: the shadow's handler); the shadow's view (`gui/shadow/view/`) too. Their tests may read the shipped files.
#[test]
fn nothing_under_gui_view_touches_a_file_or_asks_a_dialog() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gui");
    let io = ["std::fs", "file_reader", "file_writer", "Dialogs", "::load(", ".save(", "_parquet("];
    let mut files = rust_files(&src.join("view"));
    files.extend(rust_files(&src.join("shadow/view")));
    assert!(files.len() >= 12, "the walk finds the view's files: {files:?}");
    let hits = code_naming(&files, &io);
    assert!(hits.is_empty(), "{hits:#?}");
}

/// Every line of `files`' code (before their tests, comments left out) that names one
/// of `words`, as `FILE:LINE: text`.
fn code_naming(files: &[std::path::PathBuf], words: &[&str]) -> Vec<String> {
    let mut hits = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for (n, line) in code.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if words.iter().any(|w| code.contains(w)) {
                hits.push(format!("{}:{}: {}", f.display(), n + 1, line.trim()));
            }
        }
    }
    hits
}

/// A panel only draws and pushes commands: the files it shows are read by the studio
/// (`gui/app/`, `gui/shadow/app/`) through the workspace, on a command the panel pushes
/// (`FileCommand::ReadStartPage`, `FileCommand::CompareRecording`, `FileCommand::CompareFiles`,
/// `LeagueCommand::Play`).
#[test]
fn no_panel_reads_a_file() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gui");
    let io = ["std::fs", "file_reader", "::load("];
    let mut files = rust_files(&src.join("panels"));
    files.extend(rust_files(&src.join("shadow/panels")));
    assert!(files.len() >= 30, "the walk finds the panels' files: {files:?}");
    let hits = code_naming(&files, &io);
    assert!(hits.is_empty(), "{hits:#?}");
}

/// Core's modules that belong to the creature, which the shadow crate never names.
const CREATURE_MODULES: [&str; 4] = ["mind", "world", "creature", "species"];

/// `text` without its `//` comments, lines joined by newlines.
fn without_comments(text: &str) -> String {
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The top-level modules of `creature_core` that `code` names: `creature_core::world::…`
/// names `world`, `use creature_core::{error::LoadError, mind};` names `error` and `mind`.
fn core_modules_named(code: &str) -> Vec<String> {
    let ident = |s: &str| s.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    let mut out = Vec::new();
    for (at, m) in code.match_indices("creature_core::") {
        if code[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = code[at + m.len()..].trim_start();
        let Some(group) = rest.strip_prefix('{') else {
            out.push(ident(rest));
            continue;
        };
        // The group's items at its own depth, each named by its first segment.
        let (mut depth, mut item) = (0usize, String::new());
        for c in group.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    out.push(ident(&item));
                    item.clear();
                    continue;
                }
                _ => {}
            }
            item.push(c);
        }
        out.push(ident(&item));
    }
    out.retain(|m| !m.is_empty());
    out
}

/// The `.rs` files of the crate folder `dir` (beside this crate): its sources, tests and
/// benches.
fn crate_files(dir: &str) -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dir);
    let files: Vec<_> = ["src", "tests", "benches"]
        .iter()
        .map(|sub| root.join(sub))
        .filter(|d| d.is_dir())
        .flat_map(|d| rust_files(&d))
        .collect();
    assert!(files.len() > 5, "the walk finds the files of {dir}: {files:?}");
    files
}

#[test]
fn a_use_names_each_core_module_it_reaches() {
    assert_eq!(core_modules_named("use creature_core::world::batch::Shard;"), ["world"]);
    let grouped = "use creature_core::{\n    error::LoadError,\n    mind::{tree, plan},\n    rng::Rng,\n};";
    assert_eq!(core_modules_named(grouped), ["error", "mind", "rng"]);
    assert_eq!(core_modules_named("let d = creature_core :: data::Data::builtin();"), Vec::<String>::new());
    assert_eq!(core_modules_named("x = creature_core::creature::Creature::parse(a)"), ["creature"]);
    assert!(core_modules_named("my_creature_core::mind::X").is_empty());
}

#[test]
fn the_shadow_crate_names_nothing_of_the_creature() {
    let mut hits = Vec::new();
    for f in crate_files("core/shadow") {
        let code = without_comments(&std::fs::read_to_string(&f).unwrap());
        for m in core_modules_named(&code) {
            if CREATURE_MODULES.contains(&m.as_str()) {
                hits.push(format!("{} names creature_core::{m}", f.display()));
            }
        }
    }
    assert!(hits.is_empty(), "{hits:#?}");
}

#[test]
fn the_shadow_crate_names_nothing_of_cores_top_floor() {
    let top = crate::floors::CORE_FLOORS.last().expect("core has floors");
    assert!(["project", "lint", "diff"].iter().all(|m| top.contains(m)), "{top:?}");
    let mut hits = Vec::new();
    for f in crate_files("core/shadow") {
        let code = without_comments(&std::fs::read_to_string(&f).unwrap());
        for m in core_modules_named(&code) {
            if top.contains(&m.as_str()) {
                hits.push(format!("{} names creature_core::{m}", f.display()));
            }
        }
    }
    assert!(hits.is_empty(), "{hits:#?}");
}

/// Words that name the shadow's things, which no creature thing is called.
const SHADOW_WORDS: [&str; 7] = ["shadow", "csbank", "bank", "gauntlet", "arena", "league", "matchup"];

/// The one place core writes a shadow word: `studio.ron`'s key for the folder of the
/// guests' files, which the project format fixes (its field and its default).
const MANIFEST_KEY: [(&str, &str); 2] = [("project.rs", r#"rename = "shadow""#), ("project.rs", r#""shadow".into()"#)];

/// Each line of the `.rs` files under `dir` (comments and tests too) that holds one of
/// the shadow's words, in any case, but for the manifest's key.
fn shadow_words_in(dir: &Path) -> Vec<String> {
    let mut hits = Vec::new();
    for f in rust_files(dir) {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&f).unwrap();
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            let key = MANIFEST_KEY.iter().any(|(file, text)| name == *file && line.contains(text));
            if !key && SHADOW_WORDS.iter().any(|w| lower.contains(w)) {
                hits.push(format!("{}:{}: {}", f.display(), n + 1, line.trim()));
            }
        }
    }
    hits
}

#[test]
fn core_names_nothing_of_the_shadow() {
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("../core");
    assert!(shadow_words_in(&core.join("shadow/src")).len() > 100, "the words are the shadow's own");
    let hits = shadow_words_in(&core.join("src"));
    assert!(hits.is_empty(), "{hits:#?}");
}

#[test]
fn core_never_names_the_shadow_crate() {
    let mut hits = Vec::new();
    for f in crate_files("core") {
        let code = without_comments(&std::fs::read_to_string(&f).unwrap());
        if code.contains("creature_shadow") {
            hits.push(f.display().to_string());
        }
    }
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/Cargo.toml");
    let deps = std::fs::read_to_string(&manifest).unwrap();
    if deps.lines().any(|l| !l.trim_start().starts_with('#') && l.contains("creature-shadow")) {
        hits.push(manifest.display().to_string());
    }
    assert!(hits.is_empty(), "{hits:#?}");
}

/// The repository's top level is the card's six rooms (the workspace's `Cargo.toml`, `app`,
/// `core`, `species`, `projects`, `assets`), with `docs/` and dot-folders beside them and
/// the files every repository keeps; a new crate or a folder of data goes inside a room.
#[test]
fn the_top_level_holds_the_cards_six_rooms_and_docs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let rooms = ["app", "core", "species", "projects", "assets", "docs", "target"];
    let mut strays = Vec::new();
    for e in std::fs::read_dir(root).unwrap() {
        let e = e.unwrap();
        let name = e.file_name().to_string_lossy().into_owned();
        if e.file_type().unwrap().is_dir() && !name.starts_with('.') && !rooms.contains(&name.as_str()) {
            strays.push(name);
        }
    }
    assert!(root.join("Cargo.toml").is_file());
    assert!(strays.is_empty(), "folders outside the card's rooms at the top level: {strays:?}");
}
