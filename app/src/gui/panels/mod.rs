//! One module per dock panel. Each draws from the workspace and the view, changes only
//! its own widget state, and returns what the person asked for as [`Command`]s.

pub mod arena;
pub mod bank;
pub mod compare;
pub mod compare_trees;
pub mod creature;
pub mod curate;
pub mod examples;
pub mod graph;
pub mod graph_minimap;
pub mod lesson;
pub mod lesson_events;
pub mod lesson_timeline;
pub mod plots;
pub mod problems;
pub mod project;
pub mod query;
pub mod results;
pub mod scenarios;
pub mod schema;
pub mod source;
pub mod species;
pub mod start;
pub mod timeline;
pub mod village;
pub mod village_map;
pub mod why;

use super::command::{Command, Tab};
use super::view::View;
use creature_workspace::Workspace;

/// Draws the panel `tab`.
pub fn show(tab: Tab, ui: &mut egui::Ui, ws: &Workspace, view: &mut View, out: &mut Vec<Command>) {
    match tab {
        // The dock draws the start page itself: it needs the recent projects.
        Tab::Start => {}
        Tab::Project => project::show(ui, ws, view, out),
        Tab::Problems => problems::show(ui, ws, out),
        Tab::Source => source::show(ui, ws, view, out),
        Tab::Species => species::show(ui, ws, view, out),
        Tab::SpeciesPlots => plots::show(ui, ws, view, out),
        Tab::Creature => creature::show(ui, ws, view, out),
        Tab::TreeGraph => graph::show(ui, ws, view, out),
        Tab::Examples => examples::show(ui, ws, view, out),
        Tab::Lesson => lesson::show(ui, ws, view, out),
        Tab::LessonResults => results::show(ui, ws, view, out),
        Tab::Preview => village::show(ui, ws, view, out),
        Tab::Bank => bank::show(ui, ws, view, out),
        Tab::Schema => schema::show(ui, ws, view, out),
        Tab::Query => query::show(ui, view, out),
        Tab::Arena => arena::show(ui, view, out),
        Tab::Scenarios => scenarios::show(ui, ws, view, out),
        Tab::Why => why::show(ui, ws, view, out),
        Tab::Compare => compare::show(ui, ws, view, out),
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

/// A "●" after a file name when it has unsaved edits.
pub fn dirty_mark(dirty: bool) -> &'static str {
    if dirty { " ⏺" } else { "" }
}
