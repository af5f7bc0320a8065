//! A plot's legend is a row of names above the plot, never a box over its data: the
//! species plots, Watches and Compare (in `timeline.rs`, with its runs) draw none inside.

use crate::support::{project_copy, studio};
use creature_studio::gui::command::{Command, DockCommand, PreviewCommand};
use creature_studio::gui::panels;
use egui_kittest::kittest::{NodeT, Queryable};

type H = egui_kittest::Harness<'static, creature_studio::gui::Studio>;

/// The names of the legend entries egui_plot draws inside a plot (its check boxes).
pub fn legends_inside(h: &H) -> Vec<String> {
    h.query_all_by_role(egui::accesskit::Role::CheckBox).filter_map(|n| n.accesskit_node().label()).collect()
}

#[test]
fn the_species_plots_legends_are_above_their_plots() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Dock(DockCommand::Show(panels::plots::TAB)));
    h.run();
    let inside = legends_inside(&h);
    assert!(!inside.iter().any(|l| l == "newborns" || l.contains("(θ ")), "{inside:?}");
    let legend = h.get_by_label("■ newborns").rect();
    let frame = *egui_plot::PlotMemory::load(&h.ctx, egui::Id::new("plot-value")).expect("drawn").transform().frame();
    assert!(legend.bottom() <= frame.top(), "the legend {legend:?} is above the plot {frame:?}");
}

#[test]
fn the_watches_plot_has_its_legend_above_it() {
    let (_tmp, root) = project_copy();
    let mut h = studio(&root);
    h.state_mut().run(Command::Preview(PreviewCommand::Speed(0.0)));
    h.state_mut().run(Command::Preview(PreviewCommand::AddWatch("Liking".into())));
    h.state_mut().ws.preview.as_mut().unwrap().run(300);
    h.state_mut().run(Command::Dock(DockCommand::Show(panels::watches::TAB)));
    h.run();
    let name = h.state().ws.watches.list()[0].watched.describe();
    h.get_by_label(&format!("■ {name}"));
    let inside = legends_inside(&h);
    assert!(!inside.contains(&name), "{inside:?}");
}
