//! The species folder as the workspace holds it, and the one road of a changed folder
//! file. The workspace keeps the folder's texts once ([`Workspace::folder_texts`]): the
//! tables as last read, the desires' and each species' as their documents hold them now.
//! A file saved on disk ([`Workspace::route`]) and a data document edited in the studio
//! ([`Workspace::take_data_doc_edit`]: an edit applied, undone, redone or reverted) both
//! become one [`FolderFile`] ([`Workspace::folder_file`]: the file parsed alone and put
//! into the workspace's data with `Data::with_file`), which the workspace and the running
//! preview take as built ([`Workspace::take_folder_file`]). Nothing compares the preview's
//! data with the workspace's, and no whole folder is parsed again.

use std::sync::Arc;

use creature_core::error::LoadResult;
use creature_core::species::data::Data;
use creature_core::species::file::DataFile;

use crate::document::DocId;
use crate::live_preview::canonical;
use crate::workspace::Workspace;

/// A species folder file as it changed, in the one shape the workspace and the preview
/// both take: its name in the folder, its value, the folder's texts with its new text
/// among them, and the workspace's data with it in, built once.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FolderFile {
    pub(crate) name: String,
    pub(crate) file: DataFile,
    /// The folder's texts (name, text) with this file's new one in place: what the
    /// problems between files are placed in, and what the preview's recording keeps.
    pub(crate) texts: Vec<(String, String)>,
    pub(crate) data: Arc<Data>,
}

/// Who takes a changed folder file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Takers {
    /// The workspace's texts and data: the file is the studio's version (an edit, or a
    /// save that no unsaved edit of the file stands against).
    pub(crate) workspace: bool,
    /// The running preview: a save always (it runs what is on disk), an edit unless a
    /// "changed on disk" question is open (then it runs the disk's version until the
    /// question is answered).
    pub(crate) preview: bool,
}

impl Workspace {
    /// The species folder file `name` with `text`, parsed alone (its problems named
    /// `label`) and put into the workspace's data, the rules between files checked on
    /// the new values (`Data::with_file`). Both roads of a changed file start here.
    pub(crate) fn folder_file(&self, name: &str, label: &str, text: String) -> LoadResult<FolderFile> {
        let file = self.data.parse_file(name, label, &text)?;
        let mut texts = self.folder_texts.clone();
        Data::put_text(&mut texts, name, text);
        let data = Arc::new(self.data.with_file(&file, &texts, &self.folder_origin())?);
        Ok(FolderFile { name: name.to_owned(), file, texts, data })
    }

    /// How problems name the species folder: its path (with links resolved, as the
    /// watcher reports its files), or `species` for the built-in data.
    fn folder_origin(&self) -> String {
        self.project
            .as_ref()
            .map_or_else(|| "species".to_owned(), |p| canonical(&p.species_dir()).display().to_string())
    }

    /// Takes a changed folder file: the running preview first, while the workspace's
    /// data is still what `f` was built on (a preview running it takes the new data as
    /// built; one running another version puts the file into its own), then the
    /// workspace's texts and data. Only the preview can refuse it here.
    ///
    /// # Errors
    /// Why the running preview cannot take it (its creature does not fit the new data,
    /// say): the preview runs on with what it had.
    pub(crate) fn take_folder_file(&mut self, f: FolderFile, takers: Takers) -> LoadResult<()> {
        let taken = match (&mut self.preview, takers.preview) {
            (Some(p), true) => p.reload_data_file(&f.name, &f.file, &f.texts, Some((&self.data, Arc::clone(&f.data)))),
            _ => Ok(()),
        };
        if takers.workspace {
            self.folder_texts = f.texts;
            self.data = Arc::unwrap_or_clone(f.data);
        }
        taken
    }

    /// The studio's road for a data document (desires or a species) whose value changed
    /// by an edit, an undo or redo or a revert: its text as a save would
    /// write it becomes a [`FolderFile`] as a save from disk does, which the workspace
    /// and the preview take. What the preview refuses is in
    /// [`Workspace::preview_errors`], and it runs on with its last good data.
    pub(crate) fn take_data_doc_edit(&mut self, id: &DocId) {
        let Some((name, text, built)) = self.data_doc_folder_file(id) else { return };
        let takers = Takers { workspace: true, preview: self.conflicts.is_empty() };
        let taken = match built {
            Ok(f) => self.take_folder_file(f, takers),
            Err(errors) => {
                // The document holds it even so: the panels show what it holds, and
                // the preview runs on with its last good data.
                self.follow_doc_value(id);
                Data::put_text(&mut self.folder_texts, &name, text);
                Err(errors)
            }
        };
        if let Err(errors) = taken
            && self.preview.is_some()
        {
            self.preview_errors = errors;
        }
    }

    /// A data document as a changed folder file: its file name, its text as the studio
    /// holds it, and the [`FolderFile`] of that text ([`Workspace::folder_file`]).
    fn data_doc_folder_file(&self, id: &DocId) -> Option<(String, String, LoadResult<FolderFile>)> {
        let (name, label, text) = self.data_doc_text(id)?;
        let built = self.folder_file(&name, &label, text.clone());
        Some((name, text, built))
    }

    /// A data document's file name, its path for problems, and its text as the studio
    /// holds it: a clean one its text on disk, an edited one written as a save would.
    fn data_doc_text(&self, id: &DocId) -> Option<(String, String, String)> {
        if !matches!(id, DocId::Species(_) | DocId::Desires) {
            return None;
        }
        let d = self.docs.get(id)?;
        let name = d.path.file_name()?.to_string_lossy().into_owned();
        let label = d.path.display().to_string();
        if !d.is_dirty()
            && let Some(text) = &d.saved_text
        {
            return Some((name, label, text.clone()));
        }
        let (_, text) = d.value.contents(&d.path, d.saved_text.as_deref()).ok()?;
        Some((name, label, text?))
    }

    /// Puts a data document's value into [`Workspace::data`] as it is, without the
    /// checks between files: for a document whose folder does not build.
    fn follow_doc_value(&mut self, id: &DocId) {
        match self.docs.get(id).map(|d| &d.value) {
            Some(crate::document::DocValue::Desires(t)) => {
                self.data.steepness = t.steepness;
                self.data.desires.clone_from(&t.desires);
            }
            Some(crate::document::DocValue::Species(s)) => {
                if let Some(slot) = self.data.species.get_mut(s.name.index()) {
                    slot.clone_from(s);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use creature_core::io_counts::counts;
    use creature_core::names::Species;
    use creature_core::recording::{Change as Recorded, Reload};

    use super::*;
    use crate::document::DocValue;
    use crate::edit::{BodyField, Edit};
    use crate::loaders::{ForPreview, Loaded};
    use crate::reduce::apply_species;
    use crate::test_support::example_copy;

    fn opened(tmp: &tempfile::TempDir) -> (Workspace, PathBuf) {
        let project = tmp.path().join("projects/example");
        let mut ws = Workspace::open(&project).unwrap();
        assert!(ws.start_preview(1));
        (ws, canonical(&tmp.path().join("species/cow.ron")))
    }

    fn faster(speed: f64) -> Edit {
        Edit::Body { species: Species::Cow, field: BodyField::Speed, value: speed }
    }

    fn running_speed(ws: &Workspace) -> f64 {
        ws.preview.as_ref().unwrap().sim().data().species(Species::Cow).body.speed
    }

    /// The species folder's texts the preview's recording holds at its last reload.
    fn recorded_texts(ws: &Workspace) -> Vec<(String, String)> {
        let rec = ws.preview.as_ref().unwrap().recorder().recording();
        match rec.changes.last().map(|c| &c.what) {
            Some(Recorded::Reload(Reload::Species(files))) => files.clone(),
            other => panic!("the last change is a species reload, not {other:?}"),
        }
    }

    #[test]
    fn a_species_edit_reaches_the_running_preview_as_it_is_made_with_one_parse_and_no_file_read() {
        let tmp = example_copy();
        let (mut ws, _) = opened(&tmp);
        let (opened_before, parsed_before) = counts();
        ws.apply(faster(5.0)).unwrap();
        let (o, p) = counts();
        // What writing the edited file's text as a save would costs (its comments kept
        // from its text on disk), counted alone.
        let doc = &ws.docs[&DocId::Species(Species::Cow)];
        let (_, written) = counts();
        doc.value.contents(&doc.path, doc.saved_text.as_deref()).unwrap();
        let writing = counts().1 - written;
        assert_eq!(o - opened_before, 0, "nothing is read from disk");
        assert_eq!(p - parsed_before, writing + 1, "the edited file written as a save would, then parsed once");
        assert!(writing + 1 < Data::file_names().len() as u64, "far from the whole folder parsed again");
        assert_eq!(running_speed(&ws), 5.0, "no frame passed: the edit itself reached the preview");
        assert_eq!(**ws.preview.as_ref().unwrap().sim().data(), ws.data, "the preview runs the workspace's data");
        let texts = recorded_texts(&ws);
        assert_eq!(texts, ws.folder_texts, "the recording keeps the folder's texts as the studio holds them");
        assert!(texts.iter().any(|(n, t)| n == "cow.ron" && t.contains("speed: 5.0")));
    }

    #[test]
    fn a_save_on_disk_and_an_edit_of_the_same_text_are_one_folder_file() {
        let tmp = example_copy();
        let (mut ws, cow) = opened(&tmp);
        let id = DocId::Species(Species::Cow);
        // The document edited without being taken yet: its text, as a save would write it.
        let Some(DocValue::Species(def)) = ws.docs.get_mut(&id).map(|d| &mut d.value) else { panic!("the Cow") };
        apply_species(def, &faster(5.0));
        let (name, text, edited) = ws.data_doc_folder_file(&id).unwrap();
        let edited = edited.unwrap();
        assert_eq!(name, "cow.ron");
        // The same text saved on disk, as the watcher's road reads it.
        std::fs::write(&cow, &text).unwrap();
        let label = cow.display().to_string();
        let Ok(Loaded { preview: Some(ForPreview::DataFile(saved)), .. }) =
            ws.load_changed(&cow, &cow, &label, text.as_bytes())
        else {
            panic!("the save loads as a folder file")
        };
        assert_eq!(saved, edited, "one changed file, whichever road it came by");
        assert_eq!(edited.data.species(Species::Cow).body.speed, 5.0);
    }

    #[test]
    fn undo_and_redo_of_a_species_edit_reach_the_preview() {
        let tmp = example_copy();
        let (mut ws, _) = opened(&tmp);
        ws.apply(faster(5.0)).unwrap();
        ws.snapshot();
        assert_eq!(ws.undo(), Some(DocId::Species(Species::Cow)));
        assert_eq!(running_speed(&ws), 3.0, "the undo reached the preview");
        assert_eq!(recorded_texts(&ws), ws.folder_texts);
        assert_eq!(ws.redo(), Some(DocId::Species(Species::Cow)));
        assert_eq!(running_speed(&ws), 5.0, "the redo reached the preview");
        ws.revert(&DocId::Species(Species::Cow));
        assert_eq!(running_speed(&ws), 3.0, "so does a revert");
    }

    #[test]
    fn an_edit_the_running_preview_cannot_take_is_refused_and_the_preview_runs_on() {
        let tmp = example_copy();
        let (mut ws, cow) = opened(&tmp);
        // The desires on disk lose a source: the running creature's thresholds no longer
        // fit them, so the preview refuses the file while the studio takes it.
        let desires = cow.with_file_name("desires.ron");
        crate::test_support::drop_a_source_of_to_impress(&desires);
        assert!(matches!(ws.route(&desires), crate::reload::Change::Refused { .. }));
        // An edit of the desires builds on the studio's data, not on what the creature runs.
        ws.apply(Edit::Steepness(18.0)).unwrap();
        assert_eq!(ws.data.steepness, 18.0, "the studio holds the edit");
        let p = ws.preview.as_mut().unwrap();
        assert_eq!(p.sim().data().steepness, 21.0, "the preview keeps its last good data");
        assert!(!ws.preview_errors.is_empty(), "the preview says why it refused the edit");
        assert!(ws.preview_errors.iter().any(|e| e.message.contains("threshold")), "{:?}", ws.preview_errors);
        let p = ws.preview.as_mut().unwrap();
        let before = p.sim_time();
        p.advance(0.5);
        assert!(p.sim_time() > before, "the preview runs on");
    }

    #[test]
    fn a_preview_started_after_an_edit_runs_the_edit_and_an_f5_reload_reaches_it_by_the_same_road() {
        let tmp = example_copy();
        let mut ws = Workspace::open(&tmp.path().join("projects/example")).unwrap();
        ws.apply(faster(5.0)).unwrap();
        assert!(ws.start_preview(1));
        assert_eq!(running_speed(&ws), 5.0, "the unsaved edit runs in the new preview");
        assert_eq!(recorded_texts(&ws), ws.folder_texts);
        // A file changed on disk that no watcher reported: F5 takes it, and the preview too.
        let desires = canonical(&tmp.path().join("species/desires.ron"));
        let text = std::fs::read_to_string(&desires).unwrap();
        std::fs::write(&desires, text.replacen("steepness: 21.0", "steepness: 19.0", 1)).unwrap();
        ws.reload();
        assert_eq!(ws.data.steepness, 19.0);
        assert_eq!(ws.preview.as_ref().unwrap().sim().data().steepness, 19.0);
        assert_eq!(running_speed(&ws), 5.0, "the Cow's unsaved edit stays");
        assert_eq!(recorded_texts(&ws), ws.folder_texts);
    }
}
