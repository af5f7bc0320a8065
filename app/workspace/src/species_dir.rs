//! Loading a species folder file by file, for the documents: what loads is used, what
//! does not is replaced by the built-in file and locked, so the rest of the folder stays
//! editable.

use std::collections::BTreeMap;
use std::path::Path;

use creature_core::data::{
    ACTIONS_FILE, ATTRIBUTES_FILE, ActionTable, AttributeTable, DESIRES_FILE, Data, DesireTable, PHASES_FILE,
    PhaseTable, TEMPLATE_FILE, Template,
};
use creature_core::error::parse_ron;
use creature_core::file_reader::read_text;
use creature_core::names::{Desire, Species};
use creature_core::species::parse_species;

/// Loads a species folder file by file: what loads is used, what does not is replaced
/// by the built-in file and named in the third list. Also returns each file's text.
pub(crate) fn load_species_dir(dir: &Path) -> (Data, BTreeMap<String, String>, Vec<String>) {
    let builtin = Data::builtin().unwrap_or_else(|e| panic!("the built-in species data is broken: {e:?}"));
    let whole = Data::load_dir(dir);
    let errors = whole.as_ref().err().cloned().unwrap_or_default();
    let mut texts = BTreeMap::new();
    let mut broken = Vec::new();
    let mut read = |name: &str| -> Option<(String, String)> {
        let path = dir.join(name);
        let file = path.display().to_string();
        let text = read_text(&path).ok()?;
        texts.insert(name.to_owned(), text.clone());
        if errors.iter().any(|e| e.file == file) {
            broken.push(name.to_owned());
            return None;
        }
        Some((file, text))
    };
    let mut data = builtin.clone();
    if let Ok(d) = whole {
        for name in [DESIRES_FILE, ACTIONS_FILE, ATTRIBUTES_FILE, PHASES_FILE, TEMPLATE_FILE] {
            read(name);
        }
        for s in Species::ALL {
            read(&format!("{}.ron", s.file_stem()));
        }
        return (d, texts, broken);
    }
    if let Some(t) = read(DESIRES_FILE).and_then(|(f, t)| parse_ron::<DesireTable>(&f, &t).ok())
        && t.desires.len() == Desire::COUNT
        && t.desires.iter().zip(Desire::ALL).all(|(d, n)| d.name == *n)
    {
        data.steepness = t.steepness;
        data.desires = t.desires;
    }
    if let Some(t) = read(ACTIONS_FILE).and_then(|(f, t)| parse_ron::<ActionTable>(&f, &t).ok()) {
        data.actions = t;
    }
    if let Some(t) = read(ATTRIBUTES_FILE).and_then(|(f, t)| parse_ron::<AttributeTable>(&f, &t).ok()) {
        data.attributes = t.attributes;
    }
    if let Some(t) = read(PHASES_FILE).and_then(|(f, t)| parse_ron::<PhaseTable>(&f, &t).ok()) {
        data.phases = t.phases;
    }
    if let Some(t) = read(TEMPLATE_FILE).and_then(|(f, t)| parse_ron::<Template>(&f, &t).ok()) {
        data.template = t;
    }
    for s in Species::ALL {
        let name = format!("{}.ron", s.file_stem());
        if let Some((f, t)) = read(&name)
            && let Ok(def) = parse_species(&f, &t, *s)
        {
            data.species[s.index()] = def;
        }
    }
    (data, texts, broken)
}
