//! Loading a species folder file by file, for the documents: what loads is used, what
//! does not is replaced by the built-in file and locked, so the rest of the folder stays
//! editable.

use std::collections::BTreeMap;
use std::path::Path;

use creature_core::species::data::Data;

/// Loads a species folder, each file read once: what loads is used, what does not is
/// replaced by the built-in file and named in the third list. Also returns each file's
/// text.
pub(crate) fn load_species_dir(dir: &Path) -> (Data, BTreeMap<String, String>, Vec<String>) {
    let (whole, texts) = Data::load_dir_with_texts(dir);
    let texts: BTreeMap<String, String> = texts.into_iter().collect();
    let errors = match whole {
        Ok(data) => return (data, texts, Vec::new()),
        Err(errors) => errors,
    };
    let mut data = Data::builtin().unwrap_or_else(|e| panic!("the built-in species data is broken: {e:?}"));
    let mut broken = Vec::new();
    // The files in their order of dependence (the template after the attributes it
    // names), each put in alone when it has no problem of its own.
    for name in Data::file_names() {
        let Some(text) = texts.get(&name) else { continue };
        let label = dir.join(&name).display().to_string();
        if errors.iter().any(|e| e.file == label) {
            broken.push(name);
            continue;
        }
        if let Ok(file) = data.parse_file(&name, &label, text) {
            data.put_file(&file);
        }
    }
    (data, texts, broken)
}

/// A folder's `texts` (name, text) in the order of [`Data::file_names`], the order a
/// folder read by `Data::texts` has (and a recording keeps).
pub(crate) fn in_folder_order(texts: &BTreeMap<String, String>) -> Vec<(String, String)> {
    Data::file_names().into_iter().filter_map(|n| texts.get(&n).map(|t| (n.clone(), t.clone()))).collect()
}
