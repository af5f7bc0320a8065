//! What core's and the shadow crate's tests share: the workspace root, a copy of the
//! example project with the shipped species folder inside it (to break one file of), and
//! an example creature living in the example village.

use std::path::{Path, PathBuf};

/// The workspace root: the nearest folder above the crate that holds `Cargo.lock`.
pub fn repo() -> PathBuf {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    crate_dir.ancestors().skip(1).find(|p| p.join("Cargo.lock").is_file()).expect("workspace root").to_path_buf()
}

pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.path().is_dir() {
            copy_dir(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

/// A copy of the example project with the shipped species folder inside it, so that
/// both can be changed; the manifest's allow list goes with it but names the species
/// folder where it was, so the copy's species warnings are not allowed. `name` keeps
/// the copies of different tests apart.
pub fn example_copy(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cs-lint-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&repo().join("projects/example"), &dir);
    copy_dir(&repo().join("species"), &dir.join("species"));
    edit(&dir.join("studio.ron"), r#"species: "../../species""#, r#"species: "species""#);
    dir
}

/// Replaces `from` by `to` in the file at `path`; `from` must be there.
pub fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} holds {from}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

/// The example project's creature save `name` (`daisy.ron`) in its village, on data
/// built from the shipped species texts, seeded with `seed`.
pub fn example_sim(name: &str, seed: u64) -> creature_core::world::sim::Sim {
    use creature_core::species::data::Data;
    let example = repo().join("projects/example");
    let data = std::sync::Arc::new(Data::from_files(&Data::texts(None).unwrap(), "species").unwrap());
    let world = creature_core::world::file::WorldFile::load(&example.join("world.ron"), &data).unwrap();
    let creature = creature_core::creature::Creature::load(&example.join("creatures").join(name), &data).unwrap();
    creature_core::world::sim::Sim::new(data, creature, world, seed)
}
