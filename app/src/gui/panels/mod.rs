//! One module per dock panel, each a [`Panel`]: it draws from the workspace and the view,
//! changes only its own state, and returns what the person asked for as [`Command`]s.
//! The registry lists them; the dock, the View menu and the palette take them from it.

pub mod breakpoints;
pub mod compare;
pub mod compare_files;
pub mod compare_trees;
pub mod creature;
pub mod examples;
pub mod graph;
pub mod graph_header;
pub mod graph_heat;
pub mod graph_menu;
pub mod graph_minimap;
pub mod legend;
pub mod lesson;
pub mod lesson_card;
pub mod lesson_events;
pub mod lesson_timeline;
mod panel;
pub mod plots;
pub mod problems;
pub mod project;
pub mod results;
pub mod scenarios;
pub mod source;
pub mod species;
pub mod species_chart;
pub mod start;
pub mod teachability;
pub mod timeline;
pub mod train;
pub mod village;
pub mod village_map;
pub mod watches;
pub mod why;

use std::any::Any;

pub use self::panel::{Cx, Home, Panel, dirty_mark};
use super::command::Tab;
use super::shadow::panels as shadow;

/// Every panel, in the View menu's order, each with its state as it starts: a new tab is
/// its module and one line here.
fn registry() -> Vec<Box<dyn Panel>> {
    vec![
        Box::new(start::StartPanel::default()),
        Box::new(project::ProjectPanel::default()),
        Box::new(problems::ProblemsPanel),
        Box::new(species::SpeciesPanel::default()),
        Box::new(creature::CreaturePanel::default()),
        Box::new(graph::GraphPanel::default()),
        Box::new(plots::PlotsPanel::default()),
        Box::new(examples::ExamplesPanel),
        Box::new(lesson::LessonPanel::default()),
        Box::new(results::ResultsPanel),
        Box::new(scenarios::ScenariosPanel::default()),
        Box::new(village::PreviewPanel),
        Box::new(shadow::bank::BankPanel),
        Box::new(shadow::schema::SchemaPanel),
        Box::new(shadow::query::QueryPanel),
        Box::new(shadow::arena::ArenaPanel::default()),
        Box::new(shadow::league::LeaguePanel::default()),
        Box::new(source::SourcePanel),
        Box::new(why::WhyPanel),
        Box::new(breakpoints::BreakpointsPanel::default()),
        Box::new(watches::WatchesPanel::default()),
        Box::new(train::TrainPanel::default()),
        Box::new(compare::ComparePanel::default()),
    ]
}

/// The studio's panels, one of each, in the registry's order.
pub struct Panels(Vec<Box<dyn Panel>>);

impl Default for Panels {
    fn default() -> Panels {
        Panels(registry())
    }
}

impl Panels {
    /// Every tab, in the View menu's order.
    pub fn tabs(&self) -> Vec<Tab> {
        self.0.iter().map(|p| p.tab()).collect()
    }

    /// Every tab with its place in the default layout.
    pub fn homes(&self) -> Vec<(Tab, Home)> {
        self.0.iter().map(|p| (p.tab(), p.home())).collect()
    }

    /// The tab stored by `name`.
    pub fn named(&self, name: &str) -> Option<Tab> {
        self.tabs().into_iter().find(|t| t.name() == name)
    }

    pub fn get(&self, tab: Tab) -> Option<&dyn Panel> {
        self.0.iter().find(|p| p.tab() == tab).map(AsRef::as_ref)
    }

    pub fn get_mut(&mut self, tab: Tab) -> Option<&mut (dyn Panel + 'static)> {
        self.0.iter_mut().find(|p| p.tab() == tab).map(AsMut::as_mut)
    }

    /// The panel of type `P`, to read its state.
    pub fn state<P: Panel>(&self) -> Option<&P> {
        self.0.iter().find_map(|p| (p.as_ref() as &dyn Any).downcast_ref())
    }

    /// The panel of type `P`, to change its state (as a test would).
    pub fn state_mut<P: Panel>(&mut self) -> Option<&mut P> {
        self.0.iter_mut().find_map(|p| (p.as_mut() as &mut dyn Any).downcast_mut())
    }
}

/// A duration for people: seconds, minutes, hours or in-game days.
pub fn duration(seconds: Option<f64>) -> String {
    match seconds {
        None => "never (no drive)".to_owned(),
        Some(s) if !s.is_finite() => "never".to_owned(),
        Some(s) if s < 90.0 => format!("{s:.0} s"),
        Some(s) if s < 5400.0 => format!("{:.1} min", s / 60.0),
        Some(s) if s < 2.0 * 86400.0 => format!("{:.1} h", s / 3600.0),
        Some(s) => format!("{:.1} days", s / 86400.0),
    }
}

/// A colour from red (−1, bad) through grey (0) to green (+1, good).
pub fn verdict_colour(v: f64) -> egui::Color32 {
    let t = v.clamp(-1.0, 1.0) as f32;
    let grey = egui::Color32::from_rgb(150, 150, 150);
    if t < 0.0 {
        grey.lerp_to_gamma(egui::Color32::from_rgb(220, 60, 50), -t)
    } else {
        grey.lerp_to_gamma(egui::Color32::from_rgb(60, 190, 80), t)
    }
}

/// A scroll area that starts again from the top when what it lists changed (a filter
/// typed), so that the first matches are in view rather than the old place.
pub fn from_top(area: egui::ScrollArea, changed: bool) -> egui::ScrollArea {
    if changed { area.vertical_scroll_offset(0.0) } else { area }
}

/// A condition or watch being written (`draft`, after `label`): read as it is typed
/// (`read`: its sentence, or its problem with its column), some `examples` to start
/// from while it is empty, and Add (or Enter) once it reads. Returns the text to add.
pub fn draft_field(
    ui: &mut egui::Ui,
    label: &str,
    draft: &mut String,
    read: Option<&Result<String, creature_core::error::LoadError>>,
    examples: &[&str],
) -> Option<String> {
    let mut added = None;
    ui.horizontal(|ui| {
        ui.label(label);
        let hint = examples.first().copied().unwrap_or_default();
        let field = ui.add(egui::TextEdit::singleline(draft).hint_text(hint).desired_width(300.0));
        let ok = matches!(read, Some(Ok(_)));
        let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.add_enabled(ok, egui::Button::new("Add")).clicked() || (ok && enter) {
            added = Some(std::mem::take(draft));
        }
    });
    match read {
        Some(Ok(sentence)) => {
            ui.weak(sentence);
        }
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, format!("column {}: {}", e.col, e.message));
        }
        None => {
            ui.horizontal_wrapped(|ui| {
                ui.weak("for instance:");
                for example in examples {
                    if ui.small_button(*example).clicked() {
                        *draft = (*example).to_owned();
                    }
                }
            });
        }
    }
    added
}
