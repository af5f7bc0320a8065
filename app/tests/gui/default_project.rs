//! With no arguments the editor opens the example project of the folder it runs in,
//! else the one it was built with, and its title bar names the folder in full.

use std::path::Path;

use creature_studio::gui::default_project;

/// A folder holding `projects/example/studio.ron`.
fn with_example(dir: &Path) {
    let p = dir.join("projects/example");
    std::fs::create_dir_all(&p).unwrap();
    std::fs::write(p.join("studio.ron"), "(name: \"mine\", species: \"../../species\")").unwrap();
}

#[test]
fn the_example_of_the_current_folder_comes_before_the_one_built_with() {
    let (here, built) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    with_example(built.path());
    let exe = built.path().join("target/debug/creature-studio");
    // A folder without one: the one the binary was built with.
    assert_eq!(
        default_project(Some(here.path()), Some(built.path()), Some(&exe)),
        Some(built.path().join("projects/example"))
    );
    // A folder with one: that one, so its saves stay there.
    with_example(here.path());
    assert_eq!(
        default_project(Some(here.path()), Some(built.path()), Some(&exe)),
        Some(here.path().join("projects/example"))
    );
    // No folder has one.
    let none = tempfile::tempdir().unwrap();
    assert_eq!(default_project(Some(none.path()), Some(none.path()), None), None);
}

#[test]
fn the_title_bar_names_the_open_projects_folder_in_full() {
    let (_tmp, root) = crate::support::project_copy();
    let h = crate::support::studio(&root);
    let title = h.state().window_title();
    let full = std::path::absolute(&root).unwrap();
    assert!(title.contains(&full.display().to_string()), "{title}");
    assert!(title.ends_with("— Creature Studio"), "{title}");
}
