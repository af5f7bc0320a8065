//! With no arguments the editor opens the example project of the folder it runs in,
//! else inside the checkout it was built from that checkout's, else a copy of the
//! example built into the binary in the person's data folder, never the build's folder;
//! its title bar names the folder in full.

use std::path::Path;

use creature_studio::gui::default_project;

/// A folder holding `projects/example/studio.ron`.
fn with_example(dir: &Path) {
    let p = dir.join("projects/example");
    std::fs::create_dir_all(&p).unwrap();
    std::fs::write(p.join("studio.ron"), "(name: \"mine\", species: \"../../species\")").unwrap();
}

#[test]
fn the_example_of_the_current_folder_then_the_checkouts_then_a_copy_in_the_data_folder() {
    let (here, built, data) =
        (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    with_example(built.path());
    // Inside the checkout it was built from: the checkout's own example.
    let inside = built.path().join("app/src");
    std::fs::create_dir_all(&inside).unwrap();
    assert_eq!(
        default_project(Some(&inside), Some(built.path()), Some(data.path())),
        Some(built.path().join("projects/example"))
    );
    // Anywhere else: a copy of the bundled example in the data folder, never the
    // checkout's, and it opens as a project.
    let copy = default_project(Some(here.path()), Some(built.path()), Some(data.path())).expect("a copy");
    assert_eq!(copy, data.path().join("projects/example"));
    assert!(creature_core::project::Project::open(&copy).is_ok(), "the copy opens");
    assert!(data.path().join("species/desires.ron").is_file(), "with the species folder beside it");
    // A folder with one: that one, so its saves stay there.
    with_example(here.path());
    assert_eq!(
        default_project(Some(here.path()), Some(built.path()), Some(data.path())),
        Some(here.path().join("projects/example"))
    );
    // No folder has one and no data folder is known.
    let none = tempfile::tempdir().unwrap();
    assert_eq!(default_project(Some(none.path()), Some(none.path()), None), None);
}

/// The editor on the data folder's copy: its title says where that is.
#[test]
fn the_copy_in_the_data_folder_opens_and_its_title_says_where() {
    let (here, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let copy = default_project(Some(here.path()), None, Some(data.path())).expect("a copy");
    let h = crate::support::studio(&copy);
    assert!(h.state().ws.problems.is_empty(), "{:?}", h.state().ws.problems);
    let title = h.state().window_title();
    assert!(title.contains(&std::path::absolute(&copy).unwrap().display().to_string()), "{title}");
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
