//! The studio's own file dialog, for typed paths (Ctrl+L) and for desktops without a
//! file-dialog service: a path field that completes with Tab, and the folder's entries
//! (folders, then studio files) to click through. As "Open", a project folder (with a
//! `studio.ron`) opens as the project, any other file in the editor that fits it; for
//! any other command (save as, export, import, a recording) the path chosen is that
//! command's answer.

use std::path::{Path, PathBuf};

use creature_core::project::MANIFEST;

use crate::gui::chrome::chooser::OwnDialog;
use crate::gui::command::{Command, FileCommand};

/// Entries listed at most (a huge folder stays responsive).
const MAX_ENTRIES: usize = 300;

/// One entry of the folder shown.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Entry {
    pub is_dir: bool,
    pub name: String,
}

/// The folder a typed path browses, and the start of a name typed after it: `a/b/` is
/// folder `a/b` with nothing typed, `a/b/co` is folder `a/b` with `co` typed.
pub fn split(typed: &str) -> (PathBuf, String) {
    if typed.is_empty() {
        return (PathBuf::from("."), String::new());
    }
    if typed.ends_with('/') || typed.ends_with(std::path::MAIN_SEPARATOR) {
        return (PathBuf::from(typed), String::new());
    }
    let p = Path::new(typed);
    let dir = p.parent().filter(|d| !d.as_os_str().is_empty()).map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    (dir, name)
}

/// The entries of `dir` whose names start with `prefix`: folders first, then files that
/// the studio opens (RON, binary banks, recordings), each by name; hidden ones left out.
pub fn entries(dir: &Path, prefix: &str) -> Vec<Entry> {
    let Ok(read) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut out: Vec<Entry> = read
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let is_dir = e.path().is_dir();
            let studio_file = Path::new(&name)
                .extension()
                .is_some_and(|x| ["ron", "bank", "recording", "parquet"].iter().any(|k| x == *k));
            (!name.starts_with('.') && name.starts_with(prefix) && (is_dir || studio_file))
                .then_some(Entry { is_dir, name })
        })
        .take(MAX_ENTRIES)
        .collect();
    out.sort_by(|a, b| b.is_dir.cmp(&a.is_dir).then_with(|| a.name.cmp(&b.name)));
    out
}

/// Tab completion: the typed path extended by the longest start the matching entries
/// share, with a `/` after a single folder. The same text when nothing matches.
pub fn complete(typed: &str) -> String {
    let (dir, prefix) = split(typed);
    let found = entries(&dir, &prefix);
    let Some(first) = found.first() else { return typed.to_owned() };
    let mut common = first.name.clone();
    for e in &found[1..] {
        let shared = common.chars().zip(e.name.chars()).take_while(|(a, b)| a == b).count();
        common = common.chars().take(shared).collect();
    }
    let base = &typed[..typed.len() - prefix.len()];
    let mut out = format!("{base}{common}");
    if found.len() == 1 && first.is_dir {
        out.push('/');
    }
    out
}

/// What the person did with the dialog this frame.
#[derive(Debug, PartialEq)]
pub enum Answer {
    /// Still choosing.
    Open,
    /// Cancelled, or opened what the path is.
    Closed,
    /// Chose this path for the dialog's command.
    Chosen(PathBuf),
}

/// Draws the dialog over the window.
pub fn show(ctx: &egui::Context, dialog: &mut OwnDialog, out: &mut Vec<Command>) -> Answer {
    let mut answer = Answer::Open;
    let then = dialog.then.clone();
    let path = &mut dialog.path;
    let modal = egui::Modal::new(egui::Id::new("open-path")).show(ctx, |ui| {
        ui.set_width(600.0);
        if let Some(c) = &then {
            ui.heading(c.label().trim_end_matches('…').to_owned());
            ui.label("The file to use. Tab completes the path.");
        } else {
            ui.heading("Open");
            ui.label("A project folder (with a studio.ron), or a file to open in the project. Tab completes the path.");
        }
        let id = egui::Id::new("open-path-field");
        // Tab completes instead of moving the focus away.
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Tab)) {
            *path = complete(path);
            if let Some(mut state) = egui::TextEdit::load_state(ctx, id) {
                let end = egui::text::CCursor::new(path.chars().count());
                state.cursor.set_char_range(Some(egui::text::CCursorRange::one(end)));
                state.store(ctx, id);
            }
        }
        let edit = ui.add(egui::TextEdit::singleline(path).id(id).desired_width(f32::INFINITY));
        edit.request_focus();
        let p = PathBuf::from(path.trim());
        let is_project = p.join(MANIFEST).is_file() || p.file_name().is_some_and(|n| n == MANIFEST);
        // For a command's answer, any file in an existing folder will do (a save names a new one).
        let a_file = !p.is_dir()
            && p.file_name().is_some()
            && p.parent().is_some_and(|d| d.as_os_str().is_empty() || d.is_dir());
        ui.weak(if then.is_some() {
            if a_file { "a file" } else { "no file named here yet" }
        } else if is_project {
            "a project"
        } else if p.is_file() {
            "a file"
        } else {
            "nothing to open here yet"
        });
        let (dir, prefix) = split(path.trim());
        egui::ScrollArea::vertical().max_height(300.0).min_scrolled_height(220.0).auto_shrink([false, true]).show(
            ui,
            |ui| {
                if let Some(up) = dir.parent().filter(|u| !u.as_os_str().is_empty())
                    && ui.add(egui::Button::new("📁 ..").frame(false)).on_hover_text("The folder above").clicked()
                {
                    *path = with_slash(up);
                }
                for e in entries(&dir, &prefix) {
                    let full = dir.join(&e.name);
                    let project = e.is_dir && full.join(MANIFEST).is_file();
                    let label = match (e.is_dir, project) {
                        (true, true) => format!("📁 {}/  (project)", e.name),
                        (true, false) => format!("📁 {}/", e.name),
                        _ => format!("📄 {}", e.name),
                    };
                    let r = ui.add(egui::Button::new(label).frame(false));
                    if r.double_clicked() && then.is_some() && !e.is_dir {
                        answer = Answer::Chosen(full.clone());
                    } else if r.double_clicked() && then.is_none() && (project || !e.is_dir) {
                        out.push(if project {
                            Command::File(FileCommand::OpenProject(full.clone()))
                        } else {
                            Command::File(FileCommand::Open(full.clone()))
                        });
                        answer = Answer::Closed;
                    } else if r.clicked() {
                        *path = if e.is_dir { with_slash(&full) } else { full.display().to_string() };
                    }
                }
            },
        );
        ui.horizontal(|ui| {
            let can = if then.is_some() { a_file } else { is_project || p.is_file() };
            let go = ui.add_enabled(can, egui::Button::new(if then.is_some() { "Choose" } else { "Open" })).clicked()
                || (ui.input(|i| i.key_pressed(egui::Key::Enter)) && can);
            if go && then.is_some() {
                answer = Answer::Chosen(p.clone());
            } else if go {
                out.push(if is_project {
                    Command::File(FileCommand::OpenProject(p.clone()))
                } else {
                    Command::File(FileCommand::Open(p.clone()))
                });
                answer = Answer::Closed;
            }
            if ui.button("Cancel").clicked() {
                answer = Answer::Closed;
            }
        });
    });
    if answer == Answer::Open && modal.should_close() { Answer::Closed } else { answer }
}

fn with_slash(p: &Path) -> String {
    let s = p.display().to_string();
    if s.ends_with('/') { s } else { format!("{s}/") }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example")
    }

    #[test]
    fn tab_completes_a_unique_folder_with_a_slash_and_stops_where_names_part() {
        let root = example().display().to_string();
        assert_eq!(complete(&format!("{root}/cre")), format!("{root}/creatures/"));
        // creatures/ holds daisy.ron and ruth.ron: nothing shared, nothing added.
        assert_eq!(complete(&format!("{root}/creatures/")), format!("{root}/creatures/"));
        assert_eq!(complete(&format!("{root}/creatures/d")), format!("{root}/creatures/daisy.ron"));
        assert_eq!(complete(&format!("{root}/zzz")), format!("{root}/zzz"));
    }

    #[test]
    fn a_folder_lists_its_folders_first_then_its_studio_files() {
        let listed = entries(&example(), "");
        let first_file = listed.iter().position(|e| !e.is_dir).expect("studio.ron is listed");
        assert!(listed[..first_file].iter().all(|e| e.is_dir));
        assert!(listed[first_file..].iter().all(|e| !e.is_dir));
        assert!(listed.iter().any(|e| e.name == "creatures" && e.is_dir));
        assert!(listed.iter().any(|e| e.name == "studio.ron"));
        assert_eq!(split("a/b/co"), (PathBuf::from("a/b"), "co".to_owned()));
        assert_eq!(split("a/b/"), (PathBuf::from("a/b/"), String::new()));
    }
}
