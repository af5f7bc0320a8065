//! What every per-species chart shares (the character of the species, the miracles,
//! the teachability report): a row per species in SPEC order, the edited one marked.

use creature_core::names::Species;
use egui::Color32;
use egui_plot::{AxisHints, GridMark};

pub const HIGHLIGHT: Color32 = Color32::from_rgb(255, 210, 80);

/// Rows of a per-species chart: the species in SPEC order, the first at the top.
pub fn species_row(s: Species) -> f64 {
    (Species::ALL.len() - 1 - s.index()) as f64
}

pub fn species_axis(marks: usize) -> impl Fn(egui_plot::GridInput) -> Vec<GridMark> {
    move |_| (0..marks).map(|i| GridMark { value: i as f64, step_size: 1.0 }).collect()
}

/// The y axis of a per-species chart: every species named, in a small font so that 17
/// rows fit.
pub fn species_axis_hints<'a>(edited: Species) -> AxisHints<'a> {
    AxisHints::new_y()
        .formatter(move |m, _| species_label(m.value, edited))
        .tick_label_font(egui::FontId::proportional(11.0))
        .label_spacing(10.0..=11.0)
        .min_thickness(74.0)
}

/// A species' name for a row of a per-species chart, the edited one marked.
fn species_label(value: f64, edited: Species) -> String {
    let i = Species::ALL.len() as i64 - 1 - value.round() as i64;
    usize::try_from(i)
        .ok()
        .and_then(|i| Species::ALL.get(i))
        .map(|s| if *s == edited { format!("▶ {s}") } else { s.name().to_owned() })
        .unwrap_or_default()
}
