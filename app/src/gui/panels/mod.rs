//! One module per dock panel, each a [`Panel`]: it draws from the workspace and the view,
//! changes only its own state, and returns what the person asked for as [`Command`]s.
//! The registry (`registry.rs`) lists them; the dock, the View menu and the palette take
//! them from it.

pub mod breakpoints;
pub mod compare;
pub mod compare_files;
pub mod compare_plot;
pub mod compare_states;
pub mod compare_trees;
pub mod creature;
pub mod examples;
pub mod game;
pub mod game_focus;
pub mod graph;
pub mod graph_game;
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
pub mod registry;
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
pub mod watches_game;
pub mod why;

pub use self::panel::{Cx, Home, Panel, dirty_mark};

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
