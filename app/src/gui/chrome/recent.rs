//! The recent projects as people know them: by the name in their manifest.

use std::path::Path;

use serde::Deserialize;

/// The part of a project's `studio.ron` the recent list needs.
#[derive(Deserialize)]
struct Named {
    name: String,
}

/// A recent project for people: its name from its manifest, and its folder.
pub fn project_label(root: &Path) -> String {
    let name = creature_core::file_reader::read_text(&root.join("studio.ron"))
        .ok()
        .and_then(|t| ron::from_str::<Named>(&t).ok());
    match name {
        Some(n) => format!("{} — {}", n.name, root.display()),
        None => format!("{} (no studio.ron there now)", root.display()),
    }
}
