//! Compare's desire plot (SPEC §17): two runs' desires over time, this run solid and the
//! other dashed, the first difference and the shown turn marked; drawn alike for two
//! recordings and for a game's run beside another (`compare`, `compare_states`).

use egui::Color32;
use egui_plot::{Line, LineStyle, Plot, VLine};

use crate::gui::view::compare::Curves;

/// The colours of the desires and watches plotted, in turn.
pub const PALETTE: [Color32; 4] = [
    Color32::from_rgb(240, 170, 60),
    Color32::from_rgb(90, 170, 255),
    Color32::from_rgb(110, 210, 120),
    Color32::from_rgb(230, 100, 180),
];

/// Both runs' desires over time, `desires` each in its colour (this run solid, the other
/// dashed), from the start of the earlier to where both go, with the first difference
/// and the shown turn (`cursor`) marked; returns where the plot ends.
pub fn desire_plot(
    ui: &mut egui::Ui,
    (a, b): (&Curves, &Curves),
    desires: &[creature_core::names::Desire],
    first_difference: Option<f64>,
    cursor: Option<f64>,
) -> f64 {
    // Both runs side by side as far as both go: past the shorter's end there is
    // nothing to compare, and the axis would squeeze the part that can be.
    let last = |curves: &Curves| curves.last().map_or(0.0, |(t, _)| *t);
    let start = a.first().zip(b.first()).map_or(0.0, |(x, y)| x.0.min(y.0));
    let end = last(a).min(last(b));
    let within = |t: f64| (start..=end).contains(&t);
    let entries: Vec<super::legend::Entry> =
        desires.iter().enumerate().map(|(n, d)| (PALETTE[n % PALETTE.len()], d.to_string())).collect();
    super::legend::row(ui, &entries, &format!("solid: this run · dashed: the other · up to {end:.1} s, where both go"));
    Plot::new("compare-desires")
        .id(egui::Id::new("compare-desires"))
        .include_x(start)
        .include_x(end)
        .x_axis_label("simulated seconds")
        .y_axis_label("desire")
        .include_y(0.0)
        .include_y(1.0)
        .show(ui, |plot| {
            for (n, desire) in desires.iter().enumerate() {
                let colour = PALETTE[n % PALETTE.len()];
                let i = desire.index();
                let line = |c: &Curves| -> Vec<[f64; 2]> {
                    c.iter().filter(|(t, _)| within(*t)).filter_map(|(t, v)| Some([*t, *v.get(i)?])).collect()
                };
                plot.line(Line::new(format!("{desire} (this run)"), line(a)).color(colour).width(2.0));
                plot.line(
                    Line::new(format!("{desire} (other)"), line(b)).color(colour).style(LineStyle::dashed_dense()),
                );
            }
            if let Some(t) = first_difference.filter(|t| within(*t)) {
                plot.vline(VLine::new("first difference", t).color(Color32::from_rgb(235, 80, 60)));
            }
            if let Some(cursor) = cursor.filter(|t| within(*t)) {
                plot.vline(VLine::new("shown turn", cursor).color(Color32::from_rgb(255, 200, 40)));
            }
        });
    end
}
