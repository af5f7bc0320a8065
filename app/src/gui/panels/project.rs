//! The project browser: the open project's files by folder, with the kind of each and
//! a dirty marker; a click opens the file in the editor that fits it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::{Cx, Home, Panel};
use crate::gui::command::UiCommand;
use crate::gui::command::{Command, FileCommand, Tab};
use crate::gui::panels::dirty_mark;
use creature_workspace::Workspace;

/// This panel's tab.
pub const TAB: Tab = Tab::new("Project", "Project");

/// The project browser and what its filter holds.
#[derive(Default)]
pub struct ProjectPanel {
    filter: String,
}

impl Panel for ProjectPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Files
    }

    fn scroll_bars(&self) -> [bool; 2] {
        [false, false]
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.ws, &mut self.filter, cx.out);
    }
}

fn show(ui: &mut egui::Ui, ws: &Workspace, files_filter: &mut String, out: &mut Vec<Command>) {
    let Some(project) = &ws.project else {
        ui.label("No project is open.");
        if ui.button("Open project…").clicked() {
            out.push(Command::Ui(UiCommand::OpenProject));
        }
        return;
    };
    ui.horizontal(|ui| {
        ui.strong(&project.manifest.name);
        if ui.small_button("⟳").on_hover_text("Reload from disk (F5)").clicked() {
            out.push(Command::Ui(UiCommand::Reload));
        }
    });
    let typed = ui
        .add(egui::TextEdit::singleline(files_filter).hint_text("filter files").desired_width(f32::INFINITY))
        .changed();
    ui.separator();
    let species_dir = project.species_dir();
    let filter = files_filter.to_lowercase();
    // Folder (as shown) → files in it.
    let mut folders: BTreeMap<String, Vec<(String, &PathBuf)>> = BTreeMap::new();
    for f in &ws.files {
        let shown = shown_path(f, &project.root, &species_dir);
        if !filter.is_empty() && !shown.to_lowercase().contains(&filter) {
            continue;
        }
        let (folder, name) = match shown.rsplit_once('/') {
            Some((d, n)) => (d.to_owned(), n.to_owned()),
            None => (String::new(), shown.clone()),
        };
        folders.entry(folder).or_default().push((name, f));
    }
    let dirty: Vec<&Path> = ws.docs.values().filter(|d| d.is_dirty()).map(|d| d.path.as_path()).collect();
    super::from_top(egui::ScrollArea::vertical().auto_shrink(false), typed).show(ui, |ui| {
        for (folder, files) in &folders {
            let title = if folder.is_empty() { "(project)".to_owned() } else { format!("{folder}/") };
            egui::CollapsingHeader::new(title).default_open(true).show(ui, |ui| {
                // Long names are cut in the middle to the panel's width, never to the
                // same text: their ends (a seed, a suffix) tell them apart.
                let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
                let font = egui::TextStyle::Button.resolve(ui.style());
                // A letter's width, on average over the folder's longest name.
                let longest = names.iter().max_by_key(|n| n.chars().count()).copied().unwrap_or("n");
                let width = ui.fonts_mut(|f| f.layout_no_wrap(longest.to_owned(), font, egui::Color32::WHITE).size().x);
                let letter = (width / longest.chars().count().max(1) as f32).max(1.0);
                let keep = ((ui.available_width() - NAME_MARGIN) / letter).max(8.0) as usize;
                let shown = crate::gui::words::cut_middles(&names, keep);
                for ((_, path), name) in files.iter().zip(shown) {
                    let problems = ws.problems.iter().filter(|p| Path::new(&p.file) == path.as_path()).count();
                    let mut text = format!("{} {name}{}", icon(path), dirty_mark(dirty.contains(&path.as_path())));
                    if problems > 0 {
                        text.push_str(&format!("  ⚠ {problems}"));
                    }
                    let mut rich = egui::RichText::new(text);
                    if problems > 0 {
                        rich = rich.color(ui.visuals().error_fg_color);
                    }
                    let r = ui
                        .add(egui::Button::new(rich).frame_when_inactive(false).wrap_mode(egui::TextWrapMode::Truncate))
                        .on_hover_text(path.display().to_string());
                    if r.clicked() {
                        out.push(Command::File(FileCommand::Open((*path).clone())));
                    }
                    r.context_menu(|ui| {
                        if ui.button("Show as text").clicked() {
                            out.push(Command::File(FileCommand::ShowSource { path: (*path).clone(), line: 1 }));
                        }
                    });
                }
            });
        }
    });
}

/// What a file's row takes beside its name: its icon, an unsaved mark, a count of
/// problems, the button's margins.
const NAME_MARGIN: f32 = 48.0;

/// The path as the browser shows it: relative to the project, or under `species/` for
/// a species folder kept outside the project.
fn shown_path(f: &Path, root: &Path, species: &Path) -> String {
    let rel = f
        .strip_prefix(root)
        .map(Path::to_path_buf)
        .or_else(|_| f.strip_prefix(species).map(|r| Path::new("species").join(r)))
        .unwrap_or_else(|_| f.to_path_buf());
    rel.to_string_lossy().replace('\\', "/")
}

fn icon(path: &Path) -> &'static str {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let parent = path.parent().and_then(|p| p.file_name()).and_then(|n| n.to_str()).unwrap_or("");
    match (name, parent) {
        ("studio.ron", _) => "⚙",
        (_, "creatures") => "🐄",
        (_, "lessons") => "✋",
        (_, "shadow") => "👥",
        (_, "species") => "🐾",
        _ => "📄",
    }
}
