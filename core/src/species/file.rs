//! One file of a species folder, parsed and checked alone ([`DataFile`]), and put into
//! data already loaded ([`Data::with_file`]): a save of one file is one parse, and what it
//! means for the other files (the desires name actions, the template names attributes)
//! is checked on their values as they are loaded, not by parsing them again.
//!
//! The result is what [`Data::from_files`] gives for the folder's texts with that file
//! changed: the same rules, each in its one place in `data`, on the same values.

use crate::error::{LoadError, LoadResult};
use crate::names::Species;
use crate::species::data::{
    ACTIONS_FILE, ATTRIBUTES_FILE, ActionTable, DESIRES_FILE, Data, DesireDef, PHASES_FILE, PhaseDef, TEMPLATE_FILE,
    check_desire_actions, check_template, parse_actions, parse_attributes, parse_desires, parse_phases, parse_template,
};
use crate::species::def::{SpeciesDef, parse_species};
use crate::species::kinds::{KINDS_FILE, KindDef, check_kinds, parse_kinds};
use crate::species::template::Template;

/// One species folder file as loaded: its value, checked alone.
#[derive(Clone, Debug, PartialEq)]
pub enum DataFile {
    /// `desires.ron`: the sigmoid's steepness and the 40 desires.
    Desires {
        steepness: f64,
        desires: Vec<DesireDef>,
    },
    Actions(ActionTable),
    Attributes(Vec<String>),
    Phases(Vec<PhaseDef>),
    Template(Template),
    /// One species file.
    Species(Box<SpeciesDef>),
    /// `kinds.ron`: the kinds of object of one's own.
    Kinds(Vec<KindDef>),
}

impl DataFile {
    /// The file's name in a species folder.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            DataFile::Desires { .. } => DESIRES_FILE.to_owned(),
            DataFile::Actions(_) => ACTIONS_FILE.to_owned(),
            DataFile::Attributes(_) => ATTRIBUTES_FILE.to_owned(),
            DataFile::Phases(_) => PHASES_FILE.to_owned(),
            DataFile::Template(_) => TEMPLATE_FILE.to_owned(),
            DataFile::Species(s) => format!("{}.ron", s.name.file_stem()),
            DataFile::Kinds(_) => KINDS_FILE.to_owned(),
        }
    }
}

impl Data {
    /// Parses the species folder's file `name` from its text (problems named `label`)
    /// and checks it alone; a template is checked against these data's attributes.
    ///
    /// # Errors
    /// The file's problems, or a name no species folder file has.
    pub fn parse_file(&self, name: &str, label: &str, text: &str) -> LoadResult<DataFile> {
        Ok(match name {
            DESIRES_FILE => {
                let (steepness, desires) = parse_desires(label, text)?;
                DataFile::Desires { steepness, desires }
            }
            ACTIONS_FILE => DataFile::Actions(parse_actions(label, text)?),
            ATTRIBUTES_FILE => DataFile::Attributes(parse_attributes(label, text)?),
            PHASES_FILE => DataFile::Phases(parse_phases(label, text)?),
            TEMPLATE_FILE => DataFile::Template(parse_template(label, text, &self.attributes)?),
            KINDS_FILE => DataFile::Kinds(parse_kinds(label, text)?),
            _ => match Species::ALL.iter().find(|s| format!("{}.ron", s.file_stem()) == name) {
                Some(s) => DataFile::Species(Box::new(parse_species(label, text, *s)?)),
                None => {
                    let names = Data::file_names().join(", ");
                    return Err(vec![LoadError::whole_file(
                        label,
                        format!("{name} is not a file of a species folder; expected one of {names}"),
                    )]);
                }
            },
        })
    }

    /// Puts `file` in place of its part, without the checks between files
    /// ([`Data::with_file`] makes them).
    pub fn put_file(&mut self, file: &DataFile) {
        match file {
            DataFile::Desires { steepness, desires } => {
                self.steepness = *steepness;
                self.desires.clone_from(desires);
            }
            DataFile::Actions(a) => self.actions.clone_from(a),
            DataFile::Attributes(a) => self.attributes.clone_from(a),
            DataFile::Phases(p) => self.phases.clone_from(p),
            DataFile::Template(t) => self.template.clone_from(t),
            DataFile::Species(s) => self.species[s.name.index()].clone_from(s),
            DataFile::Kinds(k) => self.kinds.clone_from(k),
        }
    }

    /// The folder's texts (name, text) with `name`'s text put in place: replaced when
    /// the folder has it, added when it is new. Every holder of a species folder's texts
    /// (the workspace, the preview) changes them through this.
    pub fn put_text(texts: &mut Vec<(String, String)>, name: &str, text: String) {
        match texts.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = text,
            None => texts.push((name.to_owned(), text)),
        }
    }

    /// These data with `file` in place of its part, and the rules between files checked
    /// on the new values. `files` are the folder's texts (name, text) with the new file's
    /// among them: a problem one file makes in another is placed in that file's text,
    /// named `origin/NAME` as [`Data::from_files`] names it.
    ///
    /// # Errors
    /// The problems the new file makes in the others.
    pub fn with_file(&self, file: &DataFile, files: &[(String, String)], origin: &str) -> LoadResult<Data> {
        let mut data = self.clone();
        data.put_file(file);
        let text_of = |name: &str| files.iter().find(|(n, _)| n == name).map_or("", |(_, t)| t.as_str());
        let label = |name: &str| format!("{origin}/{name}");
        let mut errors = Vec::new();
        match file {
            DataFile::Desires { .. } | DataFile::Actions(_) => {
                let at = label(DESIRES_FILE);
                check_desire_actions(&at, text_of(DESIRES_FILE), &data.desires, &data.actions, &mut errors);
            }
            DataFile::Attributes(_) => {
                let at = label(TEMPLATE_FILE);
                errors.extend(check_template(&at, text_of(TEMPLATE_FILE), &data.template, &data.attributes));
            }
            DataFile::Phases(_) | DataFile::Template(_) | DataFile::Species(_) | DataFile::Kinds(_) => {}
        }
        if matches!(file, DataFile::Actions(_) | DataFile::Attributes(_) | DataFile::Kinds(_)) {
            let (at, text) = (label(KINDS_FILE), text_of(KINDS_FILE));
            check_kinds(&at, text, &data.kinds, &data.actions, &data.attributes, &mut errors);
        }
        if errors.is_empty() { Ok(data) } else { Err(errors) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in folder's texts with `name` changed by `edit`.
    fn changed(name: &str, edit: impl Fn(&str) -> String) -> Vec<(String, String)> {
        let mut files = Data::texts(None).unwrap();
        let slot = files.iter_mut().find(|(n, _)| n == name).unwrap();
        slot.1 = edit(&slot.1);
        files
    }

    /// One file parsed alone and put in gives the data the whole folder gives, and the
    /// same problems, for every file of the folder.
    #[test]
    fn one_file_put_in_is_the_whole_folder_loaded_again() {
        let base = Data::builtin().unwrap();
        for name in Data::file_names() {
            let files = changed(&name, |t| format!("// saved again\n{t}"));
            let text = &files.iter().find(|(n, _)| *n == name).unwrap().1;
            let file = base.parse_file(&name, &format!("species/{name}"), text).unwrap();
            assert_eq!(file.name(), name);
            let put = base.with_file(&file, &files, "species").unwrap();
            assert_eq!(put, Data::from_files(&files, "species").unwrap(), "{name}");
        }
        let cow = changed("cow.ron", |t| t.replace("speed: 3.0", "speed: 6.0"));
        let text = &cow.iter().find(|(n, _)| n == "cow.ron").unwrap().1;
        let put = base.with_file(&base.parse_file("cow.ron", "species/cow.ron", text).unwrap(), &cow, "species");
        assert_eq!(put.unwrap().species(Species::Cow).body.speed, 6.0);
    }

    /// An action taken out of the table is a problem of the desires that name it,
    /// placed in their file, as the whole folder reports it.
    #[test]
    fn a_file_that_breaks_another_is_refused_with_the_others_problems() {
        let base = Data::builtin().unwrap();
        let files = changed(ACTIONS_FILE, |t| t.replacen("name: \"Help\"", "name: \"Helping\"", 1));
        let text = &files.iter().find(|(n, _)| n == ACTIONS_FILE).unwrap().1;
        let file = base.parse_file(ACTIONS_FILE, "species/actions.ron", text).unwrap();
        let errors = base.with_file(&file, &files, "species").unwrap_err();
        assert!(!errors.is_empty() && errors.iter().all(|e| e.file == "species/desires.ron"), "{errors:?}");
        assert_eq!(errors, Data::from_files(&files, "species").unwrap_err());
        assert!(base.parse_file("notes.ron", "species/notes.ron", "()").is_err());
    }
}
