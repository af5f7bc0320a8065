//! How each kind of changed file is parsed, once, into the values its users take: one
//! entry of [`LOADERS`] per kind, the first that takes a file loading it. A new kind of
//! file is one more entry; what the documents, the workspace's data and the preview do
//! with a [`Loaded`] is the same for every kind ([`Workspace::route`]).

use std::path::Path;
use std::sync::Arc;

use creature_core::creature::Creature;
use creature_core::error::LoadError;
use creature_core::mind::script::LessonScript;
use creature_core::project::check_text;
use creature_core::species::data::{DESIRES_FILE, Data, DesireTable};
use creature_core::species::file::DataFile;
use creature_core::world::file::WorldFile;
use creature_shadow::bank::Bank;
use creature_shadow::schema::Schema;

use crate::checkers::checkers;
use crate::document::{DocId, DocValue, SharedBank};
use crate::folder_texts::FolderFile;
use crate::live_preview::canonical;
use crate::workspace::Workspace;

/// A changed file as the loaders see it: where it is, how problems name it, and the
/// document that holds it, if one does.
pub(crate) struct Target<'a> {
    pub(crate) path: &'a Path,
    /// The path with links resolved, as the preview and the documents know their files.
    pub(crate) canon: &'a Path,
    pub(crate) label: &'a str,
    pub(crate) doc: Option<DocId>,
    /// Its name, when it is one of the project's species folder files.
    pub(crate) folder_file: Option<String>,
}

impl<'a> Target<'a> {
    /// The changed file at `path` (`canon` resolved) in `ws`.
    pub(crate) fn of(ws: &Workspace, path: &'a Path, canon: &'a Path, label: &'a str) -> Target<'a> {
        let species_dir = ws.project.as_ref().map(|p| canonical(&p.species_dir()));
        let name = canon.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let folder_file = (species_dir.is_some() && canon.parent() == species_dir.as_deref())
            .then(|| name.to_owned())
            .filter(|n| Data::file_names().contains(n));
        Target { path, canon, label, doc: ws.doc_for_path(path), folder_file }
    }

    /// The file's bytes as text.
    fn text(&self, bytes: &[u8]) -> Result<String, Vec<LoadError>> {
        String::from_utf8(bytes.to_vec()).map_err(|_| vec![LoadError::whole_file(self.label, "expected UTF-8 text")])
    }
}

/// What the running preview takes of a changed file, by value with the text it records.
pub(crate) enum ForPreview {
    /// A species folder file.
    DataFile(FolderFile),
    /// The preview's creature.
    Creature(ChangedCreature),
    /// The preview's world: its text and its value.
    World { text: String, world: Box<WorldFile> },
}

/// A changed save of the creature the preview runs, in the one shape the preview takes
/// whether it was saved on disk or edited in the studio: the save as the recording keeps
/// it (written as the studio writes it) and its value, parsed once.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ChangedCreature {
    pub(crate) text: String,
    pub(crate) creature: Box<Creature>,
}

/// A changed file parsed once, in the forms its users take.
#[derive(Default)]
pub(crate) struct Loaded {
    /// The new value of the file's document, if a document holds it whole.
    pub(crate) doc: Option<DocValue>,
    /// What the running preview takes, when it runs the file: for a species folder
    /// file, the same value the workspace takes.
    pub(crate) preview: Option<ForPreview>,
}

/// Parses a changed file's bytes once into what its users take.
type Load = fn(&Workspace, &Target<'_>, &[u8]) -> Result<Loaded, Vec<LoadError>>;

/// One kind of file: which changed files it takes, and how it parses one.
pub(crate) struct Loader {
    pub(crate) takes: fn(&Workspace, &Target<'_>) -> bool,
    pub(crate) load: Load,
}

/// Every kind of changed file, the first that takes a file loading it.
pub(crate) const LOADERS: &[Loader] = &[
    // A table or species file of the project's species folder.
    Loader { takes: |_, t| t.folder_file.is_some(), load: load_data_file },
    // The preview's creature, or any open creature save.
    Loader {
        takes: |ws, t| {
            ws.preview.as_ref().is_some_and(|p| p.runs_creature(t.canon)) || matches!(t.doc, Some(DocId::Creature(_)))
        },
        load: load_creature,
    },
    // The preview's world.
    Loader { takes: |ws, t| ws.preview.as_ref().is_some_and(|p| p.runs_world(t.canon)), load: load_world },
    // An open lesson script.
    Loader {
        takes: |_, t| matches!(t.doc, Some(DocId::Lesson(_))),
        load: |ws, t, bytes| {
            let lesson = LessonScript::parse(t.label, &t.text(bytes)?, &ws.data)?;
            Ok(Loaded { doc: Some(DocValue::Lesson(Box::new(lesson))), ..Loaded::default() })
        },
    },
    // An open shadow schema.
    Loader {
        takes: |_, t| matches!(t.doc, Some(DocId::Schema(_))),
        load: |_, t, bytes| {
            let schema = Schema::parse(t.label, &t.text(bytes)?).map_err(|e| vec![e])?;
            Ok(Loaded { doc: Some(DocValue::Schema(Box::new(schema))), ..Loaded::default() })
        },
    },
    // An open bank, or a binary bank: a binary bank has no text for the checkers, and
    // loading it checks it.
    Loader {
        takes: |_, t| matches!(t.doc, Some(DocId::Bank(_))) || t.path.extension().is_some_and(|x| x == "bank"),
        load: |_, t, bytes| {
            let bank = Bank::from_bytes(t.path, bytes).map_err(|e| vec![e])?;
            Ok(Loaded { doc: Some(DocValue::Bank(SharedBank(Arc::new(bank)))), ..Loaded::default() })
        },
    },
    // Any other studio file (scenario, tree examples, manifest, state, a lesson or
    // world no one runs): checked by its kind, as `check` does.
    Loader {
        takes: |_, _| true,
        load: |ws, t, bytes| {
            let errors = check_text(t.path, &t.text(bytes)?, &ws.data, &checkers());
            if errors.is_empty() { Ok(Loaded::default()) } else { Err(errors) }
        },
    },
];

/// A species folder file, parsed alone and put into the workspace's data as an edit of
/// its document is ([`Workspace::folder_file`]): the tables check each other (desires
/// name actions, the template names attributes) on their values, placed in the
/// folder's texts as the workspace holds them.
fn load_data_file(ws: &Workspace, t: &Target<'_>, bytes: &[u8]) -> Result<Loaded, Vec<LoadError>> {
    let name = t.folder_file.clone().unwrap_or_default();
    let f = ws.folder_file(&name, t.label, t.text(bytes)?)?;
    let doc = match &f.file {
        DataFile::Species(def) => Some(DocValue::Species(def.clone())),
        DataFile::Desires { steepness, desires } if name == DESIRES_FILE => {
            Some(DocValue::Desires(DesireTable { steepness: *steepness, desires: desires.clone() }))
        }
        _ => None,
    };
    Ok(Loaded { doc, preview: Some(ForPreview::DataFile(f)) })
}

/// A creature save, parsed against the workspace's data; the preview takes it when it
/// runs it.
fn load_creature(ws: &Workspace, t: &Target<'_>, bytes: &[u8]) -> Result<Loaded, Vec<LoadError>> {
    let (creature, preview) = ws.creature_change(t.canon, t.label, &t.text(bytes)?)?;
    Ok(Loaded { doc: Some(DocValue::Creature(Box::new(creature))), preview: preview.map(ForPreview::Creature) })
}

impl Workspace {
    /// A creature save's text (its problems named `label`) parsed once against the
    /// workspace's data, and the [`ChangedCreature`] the running preview takes when it
    /// runs the save at `canon`. Both roads of a changed creature save start here: a
    /// save on disk ([`LOADERS`]) and an edit of its document
    /// ([`Workspace::take_creature_doc_edit`]).
    pub(crate) fn creature_change(
        &self,
        canon: &Path,
        label: &str,
        text: &str,
    ) -> Result<(Creature, Option<ChangedCreature>), Vec<LoadError>> {
        let creature = Creature::parse(label, text, &self.data)?;
        let preview = self
            .preview
            .as_ref()
            .is_some_and(|p| p.runs_creature(canon))
            // The recording keeps the save as the studio writes it.
            .then(|| ChangedCreature { text: creature.to_ron(), creature: Box::new(creature.clone()) });
        Ok((creature, preview))
    }
}

/// The preview's world, parsed against the workspace's data.
fn load_world(ws: &Workspace, t: &Target<'_>, bytes: &[u8]) -> Result<Loaded, Vec<LoadError>> {
    let text = t.text(bytes)?;
    let world = WorldFile::parse(t.label, &text, &ws.data)?;
    Ok(Loaded { preview: Some(ForPreview::World { text, world: Box::new(world) }), ..Loaded::default() })
}
