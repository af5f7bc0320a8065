//! Panels own their state (Zed's `Panel`, egui's demo): the editor's view
//! (`gui/view/mod.rs`) keeps only what several panels share, or what the studio reads and
//! writes beside one panel, and a panel draws from it read-only (`Cx`'s view is `&View`),
//! so that a change to it is a command the studio carries out after the frame. The lists
//! below say which panels read each field of the view and of the shadow tools' shared
//! state, and why it is shared; the sources are read to hold them to it.

use std::path::{Path, PathBuf};

use crate::common::rust_files;

/// A field of a shared state: its name, the panel files that read it (under `panels/`
/// or `shadow/panels/`, without `.rs`), and, when fewer than two panels read it, what
/// the studio names of it and why the studio's chrome or handlers need it beside them.
struct Shared {
    field: &'static str,
    panels: &'static [&'static str],
    studio: Option<(&'static str, &'static str)>,
}

const fn shared(field: &'static str, panels: &'static [&'static str]) -> Shared {
    Shared { field, panels, studio: None }
}

const fn with_studio(
    field: &'static str,
    panels: &'static [&'static str],
    names: &'static str,
    why: &'static str,
) -> Shared {
    Shared { field, panels, studio: Some((names, why)) }
}

/// `View`'s fields.
const VIEW: &[Shared] = &[
    shared("species", &["species", "plots", "why"]),
    with_studio("active", &[], "view.active", "Save and Save as (menus and keys) act on the document last chosen"),
    shared(
        "focus",
        &["creature", "graph", "examples", "results", "train", "why", "village", "compare", "game_focus", "watches"],
    ),
    shared("tree", &["creature", "graph", "graph_game", "graph_header", "examples"]),
    shared("node", &["graph", "graph_header", "examples"]),
    with_studio(
        "tree_changed",
        &["graph", "graph_game"],
        "view.trees_changed(",
        "the studio's handlers count the changes the trees' examples do not tell (a reload, a lesson applied, a branch switched)",
    ),
    shared("plot_desire", &["plots", "species"]),
    shared("asked", &["examples", "graph_game", "graph_header"]),
    shared("source", &["source", "problems"]),
    shared("lesson", &["lesson", "results"]),
    shared("lesson_ui", &["lesson", "lesson_timeline", "results"]),
    with_studio(
        "village",
        &["village"],
        "view.village.status(",
        "the studio writes the running preview's log and pace as it runs it, and the status bar shows the pace",
    ),
    shared("shadow", &["bank", "schema", "query", "arena", "league", "village"]),
];

/// `ShadowState`'s fields (`gui/shadow/view/state.rs`), as the shadow panels name them
/// (`sh.FIELD` or `shadow.FIELD`).
const SHADOW: &[Shared] = &[
    with_studio("dir", &[], "sh.dir", "the studio writes new, imported and recorded banks into the shadow folder"),
    shared("bank_files", &["bank", "bank_compose", "league"]),
    shared("schema_path", &["schema", "league"]),
    shared("bank_path", &["bank", "bank_compose", "bank_hand", "arena"]),
    shared("schema", &["bank", "bank_hand", "curate", "query"]),
    shared("bank", &["bank", "query"]),
    shared("error", &["bank", "schema"]),
    shared("generation", &["bank", "curate", "query"]),
    shared("bank_changes", &["bank", "query"]),
    shared("arena", &["arena", "query", "bank_hand", "village"]),
    with_studio("wanted", &[], "shadow.wanted", "the studio loads the files once a panel that shows them was drawn"),
    shared("loaded", &["bank", "schema", "query", "arena"]),
];

fn gui() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gui")
}

/// The code of a file, without its comments.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The panel files (`panels/` and `shadow/panels/`) by name, with their code.
fn panel_files() -> Vec<(String, String)> {
    let files: Vec<PathBuf> =
        rust_files(&gui()).into_iter().filter(|p| p.parent().is_some_and(|d| d.ends_with("panels"))).collect();
    assert!(files.len() > 30, "the walk finds the panels: {files:?}");
    files.iter().map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), code(p))).collect()
}

/// The studio's files: its handlers (`app.rs`, `app/`, `shadow/app.rs`, `shadow/app/`)
/// and its chrome (`chrome/`).
fn studio_code() -> String {
    let root = gui();
    let studio = |p: &Path| {
        let rel = p.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        ["app.rs", "shadow/app.rs"].contains(&rel.as_str())
            || ["app/", "chrome/", "shadow/app/"].iter().any(|d| rel.starts_with(d))
    };
    let files: Vec<PathBuf> = rust_files(&root).into_iter().filter(|p| studio(p)).collect();
    assert!(files.len() > 10, "the walk finds the studio's files: {files:?}");
    files.iter().map(|p| code(p)).collect::<Vec<_>>().join("\n")
}

/// The fields of `pub struct NAME { … }` in `code`.
fn fields(code: &str, name: &str) -> Vec<String> {
    let start = code.find(&format!("pub struct {name} {{")).unwrap_or_else(|| panic!("{name} is found"));
    let body = &code[start..];
    let body = &body[body.find('{').unwrap() + 1..body.find("\n}").unwrap()];
    body.lines()
        .filter_map(|l| {
            let l = l.trim();
            let l = l.strip_prefix("pub(crate) ").or_else(|| l.strip_prefix("pub ")).unwrap_or(l);
            let (name, _) = l.split_once(':')?;
            name.chars().all(|c| c.is_alphanumeric() || c == '_').then(|| name.to_owned())
        })
        .collect()
}

/// True when `code` names `owner.field` as a whole word (`view.tree` is not
/// `view.tree_changed`).
fn names(code: &str, owner: &str, field: &str) -> bool {
    let path = format!("{owner}.{field}");
    code.match_indices(&path).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + path.len()..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !word(before) && !word(after)
    })
}

/// What is wrong with the list `list` of the fields of `strukt` (in `file`), whose
/// panels name them as `owners.FIELD`.
fn problems(file: &str, strukt: &str, owners: &[&str], list: &[Shared]) -> Vec<String> {
    let declared = fields(&code(&gui().join(file)), strukt);
    let panels = panel_files();
    let studio = studio_code();
    let mut wrong = Vec::new();
    for f in &declared {
        if !list.iter().any(|s| s.field == f) {
            wrong.push(format!("{strukt}.{f} is not listed: say which panels share it, or move it into its panel"));
        }
    }
    for s in list {
        if !declared.iter().any(|f| f == s.field) {
            wrong.push(format!("{strukt}.{} is listed but not declared", s.field));
            continue;
        }
        let readers: Vec<&str> = panels
            .iter()
            .filter(|(_, c)| owners.iter().any(|o| names(c, o, s.field)))
            .map(|(n, _)| n.as_str())
            .collect();
        for p in s.panels {
            if !readers.contains(p) {
                wrong.push(format!("{strukt}.{} is listed as read by {p}, which does not read it", s.field));
            }
        }
        match s.studio {
            None if readers.len() < 2 => wrong.push(format!(
                "{strukt}.{} is read by {readers:?} alone: it belongs in that panel's own state",
                s.field
            )),
            Some((named, _)) if !studio.contains(named) => {
                wrong.push(format!("{strukt}.{} is shared with the studio, which never names `{named}`", s.field));
            }
            _ => {}
        }
    }
    wrong
}

#[test]
fn a_panel_draws_from_the_view_read_only() {
    let panel = code(&gui().join("panels/panel.rs"));
    let cx = &panel[panel.find("pub struct Cx").expect("Cx is declared")..];
    let cx = &cx[..cx.find('}').unwrap()];
    assert!(cx.contains("pub view: &'a View,"), "Cx gives panels `&View`: {cx}");
    assert!(!cx.contains("mut View"), "Cx gives panels `&View`: {cx}");
}

#[test]
fn every_field_of_the_view_is_shared_by_panels_or_with_the_studio() {
    let wrong = problems("view/mod.rs", "View", &["view"], VIEW);
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn every_field_of_the_shadow_tools_state_is_shared_by_panels_or_with_the_studio() {
    let wrong = problems("shadow/view/state.rs", "ShadowState", &["sh", "shadow"], SHADOW);
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// A panel with no state of its own (a unit struct) has nothing the view keeps for it
/// alone: no field of the view is read by that panel only.
#[test]
fn a_panel_without_state_leaves_none_of_its_own_in_the_view() {
    let panels = panel_files();
    let declared = fields(&code(&gui().join("view/mod.rs")), "View");
    let mut wrong = Vec::new();
    for (name, c) in &panels {
        let unit = c.lines().any(|l| l.trim_start().starts_with("pub struct") && l.trim_end().ends_with("Panel;"));
        if !unit {
            continue;
        }
        for f in &declared {
            let readers: Vec<&str> =
                panels.iter().filter(|(_, c)| names(c, "view", f)).map(|(n, _)| n.as_str()).collect();
            let studio = VIEW.iter().any(|s| s.field == f && s.studio.is_some());
            if readers == [name.as_str()] && !studio {
                wrong.push(format!("{name} is a unit struct while View.{f} is read by it alone"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn a_field_is_named_as_a_whole_word() {
    assert!(names("let t = view.tree;", "view", "tree"));
    assert!(!names("view.tree_changed", "view", "tree"));
    assert!(!names("preview.tree", "view", "tree"));
    assert!(names("&mut sh.bank)", "sh", "bank"));
    assert!(!names("sh.bank_path", "sh", "bank"));
}

#[test]
fn a_struct_s_fields_are_read_from_its_source() {
    let code = "pub struct View {\n    pub species: Species,\n    /// doc: with a colon\n    pub(crate) bank: Option<u8>,\n    rows: u8,\n}\n";
    assert_eq!(fields(code, "View"), ["species", "bank", "rows"]);
}
