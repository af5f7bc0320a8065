//! The teachability report (SPEC §22): for each species of the last Train search over
//! several, the fewest lessons that made the target hold, as one bar per species in the
//! Species plots (a species not reached within the budget says so at its row); the
//! Species panel says the edited species' place among them.

use creature_core::names::Species;
use creature_workspace::Workspace;
use creature_workspace::train_runs::TrainRun;
use egui::Color32;
use egui_plot::{Bar, BarChart, Plot, Text};

use super::species_chart::{HIGHLIGHT, species_axis, species_axis_hints, species_row};

const BAR: Color32 = Color32::from_rgb(110, 160, 220);

/// The last search over several species, once it found something.
pub fn report(ws: &Workspace) -> Option<&TrainRun> {
    ws.training.run.as_ref().filter(|r| r.species.len() > 1 && !r.trained.is_empty())
}

/// The plot of the last search over several species, if there is one.
pub fn show(ui: &mut egui::Ui, ws: &Workspace, edited: Species) {
    let Some(run) = report(ws) else { return };
    let name = run.target_name();
    ui.strong(format!("How teachable: the fewest lessons to reach {name}"));
    ui.weak(format!(
        "on {} · {} · the Train panel's last report",
        creature_core::words::count(run.settings.seeds.len(), "seed"),
        creature_core::words::count(run.settings.budget, "script")
    ));
    let most = run.trained.iter().filter_map(|t| t.lessons).max().unwrap_or(1).max(1) as f64;
    let bars: Vec<Bar> = run
        .trained
        .iter()
        .filter_map(|t| {
            let n = t.lessons?;
            let fill = if t.species == edited { HIGHLIGHT } else { BAR };
            // A target held with no lesson still gets a sliver, so its row shows a bar.
            let len = (n as f64).max(0.05);
            Some(Bar::new(species_row(t.species), len).width(0.7).fill(fill).name(format!(
                "{}: {}, held on {} of {}",
                t.species,
                creature_core::words::count(n, "lesson"),
                t.held,
                t.seeds
            )))
        })
        .collect();
    Plot::new("plot-teachability")
        .height(320.0)
        .include_x(0.0)
        .include_x(most + 1.0)
        .include_y(-0.5)
        .include_y(Species::ALL.len() as f64 - 0.5)
        .y_grid_spacer(species_axis(Species::ALL.len()))
        .custom_y_axes(vec![species_axis_hints(edited)])
        .x_axis_label("lessons")
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .show(ui, |p| {
            p.bar_chart(
                BarChart::new("lessons", bars)
                    .horizontal()
                    .color(BAR)
                    .element_formatter(Box::new(|b, _| b.name.clone())),
            );
            for t in run.trained.iter().filter(|t| t.lessons.is_none()) {
                let why = if t.stopped { "stopped" } else { "not reached" };
                let text = egui::RichText::new(why).size(10.0).color(Color32::from_rgb(230, 120, 100));
                p.text(Text::new("", [0.1, species_row(t.species)].into(), text).anchor(egui::Align2::LEFT_CENTER));
            }
        });
}
