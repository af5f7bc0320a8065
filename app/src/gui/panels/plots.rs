//! The species plots (egui_plot), drawn from the data being edited so they follow a
//! slider while it moves:
//! - each source's sigmoid drive curve, the species' trait marked and the ±0.1 birth band shaded;
//! - time to full of the trait-driven desires for all 17 species, the edited one highlighted;
//! - a desire's value over time from empty, for the species and a sample of newborns;
//! - the verdict → usefulness curve (SPEC §9);
//! - miracle sightings needed per species (SPEC §10).

use creature_core::mind::desire::sigmoid;
use creature_core::mind::observation::WatchRules;
use creature_core::mind::usefulness::UsefulnessCurve;
use creature_core::names::{Desire, Species, Trait};
use creature_core::rng::Rng;
use creature_core::species::data::Data;
use creature_core::species::{BIRTH_VARIATION, SpeciesDef, Traits, trait_desire};
use egui::Color32;
use egui_plot::{
    AxisHints, Bar, BarChart, GridMark, HLine, Line, LineStyle, Plot, PlotPoints, Points, Span, Text, VLine,
};

use super::{Cx, Home, Panel};
use crate::gui::command::UiCommand;
use crate::gui::command::{Command, SelectCommand, Tab};
use crate::gui::panels::duration;
use crate::gui::view::View;
use creature_workspace::Workspace;

use super::species_chart::{HIGHLIGHT, species_axis, species_axis_hints, species_row};

/// How many newborns the "value over time" plot samples.
pub const NEWBORNS: u64 = 8;

/// Colours of the trait-driven desires, in [`Trait::ALL`] order.
const TRAIT_COLOURS: [Color32; 5] = [
    Color32::from_rgb(90, 170, 250),
    Color32::from_rgb(250, 180, 60),
    Color32::from_rgb(190, 120, 240),
    Color32::from_rgb(120, 200, 140),
    Color32::from_rgb(240, 90, 80),
];

/// This panel's tab.
pub const TAB: Tab = Tab::new("SpeciesPlots", "Species plots");

/// The species' curves and newborns, with the plots' own choices.
pub struct PlotsPanel {
    /// The miracle whose sightings the plot counts.
    pub miracle: String,
    /// What the desire's non-trait sources read in the drive and value plots.
    pub reading: f64,
    /// Seed of the sample of newborns; "a new creature is born" bumps it.
    pub newborn_seed: u64,
}

impl Default for PlotsPanel {
    fn default() -> Self {
        Self { miracle: "Heal".into(), reading: 0.0, newborn_seed: 1 }
    }
}

impl Panel for PlotsPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Pictures
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.ws, cx.view, self, cx.out);
    }
}

pub fn show(ui: &mut egui::Ui, ws: &Workspace, view: &View, own: &mut PlotsPanel, out: &mut Vec<Command>) {
    let data = &ws.data;
    let def = data.species(view.species);
    ui.horizontal_wrapped(|ui| {
        ui.label("Desire");
        egui::ComboBox::from_id_salt("plot-desire").selected_text(view.plot_desire.name()).height(400.0).show_ui(
            ui,
            |ui| {
                for d in Desire::ALL {
                    if ui.selectable_label(view.plot_desire == *d, d.name()).clicked() {
                        out.push(Command::Select(SelectCommand::PlotDesire(*d)));
                    }
                }
            },
        );
        ui.label("other sources read");
        ui.add(egui::Slider::new(&mut own.reading, 0.0..=1.0).fixed_decimals(2)).on_hover_text(
            "The value every non-trait source of the desire reads in the drive and value-over-time plots",
        );
        if ui.button("🐣 A new creature is born").on_hover_text("Re-roll the sample of newborns (Ctrl+B)").clicked() {
            out.push(Command::Ui(UiCommand::NewbornsBorn));
        }
    });
    super::teachability::show(ui, ws, def.name);
    let newborns: Vec<Traits> = (0..NEWBORNS)
        .map(|i| def.traits.at_birth(&mut Rng::seeded(own.newborn_seed.wrapping_mul(7919).wrapping_add(i))))
        .collect();
    let wide = ui.available_width() >= 800.0;
    let d = view.plot_desire;
    let reading = own.reading;
    let miracle = &mut own.miracle;
    if wide {
        ui.columns(2, |cols| {
            drive_plot(&mut cols[0], data, def, d, reading, &newborns);
            value_plot(&mut cols[1], data, def, d, reading, &newborns);
        });
        character_plot(ui, data, def.name);
        ui.columns(2, |cols| {
            score_plot(&mut cols[0]);
            miracle_plot(&mut cols[1], data, def.name, miracle);
        });
    } else {
        drive_plot(ui, data, def, d, reading, &newborns);
        character_plot(ui, data, def.name);
        value_plot(ui, data, def, d, reading, &newborns);
        score_plot(ui);
        miracle_plot(ui, data, def.name, miracle);
    }
}

/// The reading of source `reads` for a creature with `traits`: its trait, or `other`.
fn source_reading(reads: creature_core::reads::Reads, traits: &Traits, def: &SpeciesDef, other: f64) -> f64 {
    match reads.trait_read() {
        Some(Trait::Aggression) if !def.aggression_connected => 0.0,
        Some(t) => traits.get(t),
        None => other,
    }
}

/// The desire's total drive for a creature with `traits` (SPEC §2).
fn drive(data: &Data, def: &SpeciesDef, d: Desire, traits: &Traits, other: f64) -> f64 {
    data.desire(d)
        .sources
        .iter()
        .map(|s| sigmoid(s.threshold, source_reading(s.reads, traits, def, other), data.steepness))
        .sum()
}

fn plot_frame(ui: &mut egui::Ui, title: &str, note: &str) {
    ui.add_space(4.0);
    ui.strong(title);
    if !note.is_empty() {
        ui.weak(note);
    }
}

fn drive_plot(ui: &mut egui::Ui, data: &Data, def: &SpeciesDef, d: Desire, other: f64, newborns: &[Traits]) {
    let dd = data.desire(d);
    plot_frame(
        ui,
        &format!("Drive of each source of {d} (k = {})", data.steepness),
        "S(θ, v): a steep sigmoid turns each source into a drive",
    );
    let colour_of = |i: usize, s: &creature_core::species::data::SourceDef| match s.reads.trait_read() {
        Some(t) => TRAIT_COLOURS[t.index()],
        None => Color32::from_gray(150 + 20 * (i as u8 % 4)),
    };
    let mut entries: Vec<super::legend::Entry> = dd
        .sources
        .iter()
        .enumerate()
        .map(|(i, s)| (colour_of(i, s), format!("{} (θ {:.2})", s.reads.name(), s.threshold)))
        .collect();
    entries.push((HIGHLIGHT, format!("{} (band: ± 0.1 at birth; small points: newborns)", def.name)));
    super::legend::row(ui, &entries, "");
    Plot::new("plot-drive")
        .id(egui::Id::new("plot-drive"))
        .height(230.0)
        .include_x(0.0)
        .include_x(1.0)
        .include_y(0.0)
        .include_y(1.0)
        .x_axis_label("source reading v")
        .y_axis_label("drive S")
        .allow_scroll(false)
        .show(ui, |p| {
            for (i, s) in dd.sources.iter().enumerate() {
                let colour = colour_of(i, s);
                let pts: PlotPoints = (0..=200)
                    .map(|k| {
                        let v = f64::from(k) / 200.0;
                        [v, sigmoid(s.threshold, v, data.steepness)]
                    })
                    .collect();
                p.line(Line::new(format!("{} (θ {:.2})", s.reads.name(), s.threshold), pts).color(colour).width(2.0));
                p.vline(VLine::new("", s.threshold).color(colour.gamma_multiply(0.5)).style(LineStyle::dashed_loose()));
                if let Some(t) = s.reads.trait_read() {
                    if t == Trait::Aggression && !def.aggression_connected {
                        continue;
                    }
                    let v = def.traits.get(t);
                    let band = (v - BIRTH_VARIATION).max(0.0)..=(v + BIRTH_VARIATION).min(1.0);
                    p.span(
                        Span::new(format!("{} ± 0.1 at birth", def.name), band)
                            .fill(colour.gamma_multiply(0.15))
                            .border_width(0.0),
                    );
                    let sv = sigmoid(s.threshold, v, data.steepness);
                    p.points(Points::new("", vec![[v, sv]]).radius(6.0).color(HIGHLIGHT));
                    let born: Vec<[f64; 2]> =
                        newborns.iter().map(|n| [n.get(t), sigmoid(s.threshold, n.get(t), data.steepness)]).collect();
                    p.points(Points::new("newborns", born).radius(3.0).color(colour));
                    // Above the point, or below it near the top where the birth band's
                    // name is; to its left near the right edge, so the plot keeps it whole.
                    let y = if sv > 0.75 { sv - 0.1 } else { sv.max(0.04) + 0.08 };
                    let (x, anchor) =
                        if v > 0.8 { (v - 0.02, egui::Align2::RIGHT_CENTER) } else { (v, egui::Align2::CENTER_CENTER) };
                    p.text(
                        Text::new("", [x, y].into(), format!("{} {v:.2}: S = {sv:.3}", def.name))
                            .color(HIGHLIGHT)
                            .anchor(anchor),
                    );
                } else if other > 0.0 {
                    p.points(
                        Points::new("other reading", vec![[other, sigmoid(s.threshold, other, data.steepness)]])
                            .radius(4.0)
                            .color(colour),
                    );
                }
            }
        });
}

/// Time to full with a fixed drive, or `None` without one.
fn fill_time(max: f64, inc: f64, drive: f64) -> Option<f64> {
    (drive > 0.0).then(|| max * inc / drive)
}

fn value_plot(ui: &mut egui::Ui, data: &Data, def: &SpeciesDef, d: Desire, other: f64, newborns: &[Traits]) {
    let dd = data.desire(d);
    let inc = def.increase_seconds(data, d);
    let own = fill_time(dd.max, inc, drive(data, def, d, &def.traits, other));
    let born: Vec<Option<f64>> =
        newborns.iter().map(|n| fill_time(dd.max, inc, drive(data, def, d, n, other))).collect();
    let longest = born.iter().chain(std::iter::once(&own)).flatten().fold(0.0f64, |a, b| a.max(*b));
    let horizon = if longest > 0.0 { (longest * 1.25).min(7.0 * 86400.0) } else { 3600.0 };
    let (unit, per) = if horizon < 180.0 {
        ("s", 1.0)
    } else if horizon < 3.0 * 3600.0 {
        ("min", 60.0)
    } else if horizon < 3.0 * 86400.0 {
        ("h", 3600.0)
    } else {
        ("days", 86400.0)
    };
    plot_frame(
        ui,
        &format!("{d} from empty: {} full in {}", def.name, duration(own)),
        &format!(
            "no decay while driven; newborns differ by their traits (±0.1); max {:.2}, {inc:.0} s per 1.0",
            dd.max
        ),
    );
    let ramp = |t_full: Option<f64>| -> Vec<[f64; 2]> {
        match t_full {
            Some(t) if t < horizon => vec![[0.0, 0.0], [t / per, dd.max], [horizon / per, dd.max]],
            Some(t) => vec![[0.0, 0.0], [horizon / per, dd.max * horizon / t]],
            None => vec![[0.0, 0.0], [horizon / per, 0.0]],
        }
    };
    let newborn = Color32::from_rgb(110, 160, 220).gamma_multiply(0.7);
    super::legend::row(ui, &[(HIGHLIGHT, def.name.name().to_owned()), (newborn, "newborns".to_owned())], "");
    Plot::new("plot-value")
        .id(egui::Id::new("plot-value"))
        .height(210.0)
        .include_y(0.0)
        .include_y(dd.max.max(0.1) * 1.05)
        .include_x(0.0)
        .x_axis_label(format!("time ({unit})"))
        .y_axis_label(d.name())
        .allow_scroll(false)
        .show(ui, |p| {
            for (i, t) in born.iter().enumerate() {
                p.line(Line::new("newborns", ramp(*t)).color(newborn).width(1.0).id(egui::Id::new(("newborn", i))));
            }
            p.line(Line::new(def.name.name(), ramp(own)).color(HIGHLIGHT).width(2.5));
            if let Some(t) = own.filter(|t| *t < horizon) {
                p.text(
                    Text::new("", [t / per, dd.max].into(), duration(Some(t)))
                        .anchor(egui::Align2::LEFT_BOTTOM)
                        .color(HIGHLIGHT),
                );
            }
        });
}

fn score_plot(ui: &mut egui::Ui) {
    let c = UsefulnessCurve::default();
    plot_frame(ui, "From verdict to usefulness", "a slap (−0.5) takes 60 % off at once; the best stroke adds 25 %");
    Plot::new("plot-score")
        .height(190.0)
        .include_y(0.0)
        .include_y(0.14)
        .x_axis_label("tree verdict")
        .y_axis_label("usefulness")
        .allow_scroll(false)
        .show(ui, |p| {
            let pts: PlotPoints = (0..=200)
                .map(|k| {
                    let v = -1.0 + f64::from(k) / 100.0;
                    [v, c.usefulness(Some(v))]
                })
                .collect();
            p.line(Line::new("score(v)", pts).color(Color32::from_rgb(120, 200, 140)).width(2.0));
            p.hline(
                HLine::new("unknown object", c.usefulness(None)).style(LineStyle::dashed_loose()).color(Color32::GRAY),
            );
            p.points(
                Points::new("", vec![[-0.5, c.usefulness(Some(-0.5))], [1.0, c.usefulness(Some(1.0))], [-1.0, 0.0]])
                    .radius(4.0)
                    .color(HIGHLIGHT),
            );
            p.text(Text::new(
                "",
                [-0.5, c.usefulness(Some(-0.5)) + 0.012].into(),
                format!("one slap: {:.3}", c.usefulness(Some(-0.5))),
            ));
            p.text(Text::new(
                "",
                [0.8, c.usefulness(Some(1.0)) + 0.01].into(),
                format!("best: {:.3}", c.usefulness(Some(1.0))),
            ));
            p.text(
                Text::new("", [-0.05, c.usefulness(None) + 0.01].into(), format!("unknown: {:.3}", c.usefulness(None)))
                    .anchor(egui::Align2::RIGHT_BOTTOM),
            );
        });
}

fn character_plot(ui: &mut egui::Ui, data: &Data, edited: Species) {
    plot_frame(
        ui,
        "The character of each species: time to full from the trait alone",
        "bars: the species' traits; whiskers: a newborn's ±0.1; log scale; dashed: an in-game day",
    );
    let traits: Vec<Trait> = Trait::ALL
        .iter()
        .copied()
        .filter(|t| *t != Trait::Aggression || data.species.iter().any(|s| s.aggression_connected))
        .collect();
    let width = ui.available_width();
    let per_row = if width > 560.0 { 2 } else { 1 };
    let plot_w = (width - 8.0 * (per_row as f32 - 1.0)) / per_row as f32;
    for chunk in traits.chunks(per_row) {
        ui.horizontal(|ui| {
            for t in chunk {
                ui.vertical(|ui| {
                    ui.set_width(plot_w);
                    trait_times(ui, data, edited, *t, plot_w);
                });
            }
        });
    }
}

/// One small multiple of the character view: every species' time to full of the
/// desire trait `t` drives.
fn trait_times(ui: &mut egui::Ui, data: &Data, edited: Species, t: Trait, width: f32) {
    let floor = 1.0; // log10 of 10 s: where bars start
    let ceiling = 7.0;
    let lg = |s: Option<f64>| s.map_or(ceiling, |s| s.max(10.0).log10().min(ceiling));
    let colour = TRAIT_COLOURS[t.index()];
    let d = trait_desire(t);
    ui.label(egui::RichText::new(format!("{d}, driven by {}", t.field())).color(colour));
    let bars: Vec<Bar> = data
        .species
        .iter()
        .map(|s| {
            let secs = s.trait_time_to_full(data, t);
            let fill = if s.name == edited { HIGHLIGHT } else { colour.gamma_multiply(0.6) };
            Bar::new(species_row(s.name), lg(secs) - floor).base_offset(floor).width(0.7).fill(fill).name(format!(
                "{}: {d} full in {}",
                s.name,
                duration(secs)
            ))
        })
        .collect();
    Plot::new(("plot-character", t.index()))
        .width(width)
        .height(320.0)
        .include_x(floor)
        .include_x(6.0)
        .include_y(-0.5)
        .include_y(Species::ALL.len() as f64 - 0.5)
        .y_grid_spacer(species_axis(Species::ALL.len()))
        .custom_y_axes(vec![species_axis_hints(edited)])
        .x_grid_spacer(|_| {
            [60f64, 3600.0, 86400.0, 864000.0].iter().map(|v| GridMark { value: v.log10(), step_size: 2.0 }).collect()
        })
        .custom_x_axes(vec![
            AxisHints::new_x().formatter(|m, _| short_duration(10f64.powf(m.value))).label_spacing(20.0..=30.0),
        ])
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .show(ui, |p| {
            p.vline(VLine::new("", 86400f64.log10()).style(LineStyle::dashed_loose()).color(Color32::GRAY));
            p.bar_chart(
                BarChart::new(d.name(), bars)
                    .horizontal()
                    .color(colour)
                    .element_formatter(Box::new(|b, _| b.name.clone())),
            );
            for s in &data.species {
                // A bar that reaches the plot's edge only because the scale stops there
                // (or that never fills) says so at its end.
                let secs = s.trait_time_to_full(data, t);
                let off_scale = match secs {
                    None => Some("never"),
                    Some(x) if x.max(10.0).log10() > ceiling => Some("» off scale"),
                    Some(_) => None,
                };
                if let Some(mark) = off_scale {
                    let at = [ceiling, species_row(s.name)].into();
                    let text = egui::RichText::new(mark).size(10.0).color(Color32::from_gray(230));
                    p.text(Text::new("", at, text).anchor(egui::Align2::RIGHT_CENTER));
                }
                let v = s.traits.get(t);
                let lo = lg(s.time_to_full_with(data, t, (v + BIRTH_VARIATION).min(1.0)));
                let hi = lg(s.time_to_full_with(data, t, (v - BIRTH_VARIATION).max(0.0)));
                let y = species_row(s.name);
                let c = if s.name == edited { Color32::WHITE } else { Color32::from_gray(150) };
                p.line(
                    Line::new("", vec![[lo, y], [hi, y]]).color(c).width(1.0).allow_hover(false).id(egui::Id::new((
                        "whisker",
                        t.index(),
                        s.name.index(),
                    ))),
                );
            }
        });
}

/// An axis label of a log time axis.
fn short_duration(s: f64) -> String {
    if s < 3000.0 {
        format!("{:.0} min", s / 60.0)
    } else if s < 80000.0 {
        format!("{:.0} h", s / 3600.0)
    } else {
        format!("{:.0} d", s / 86400.0)
    }
}

fn miracle_plot(ui: &mut egui::Ui, data: &Data, edited: Species, miracle: &mut String) {
    let rules = WatchRules::default();
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        ui.strong("Miracle sightings needed per species:");
        egui::ComboBox::from_id_salt("miracle").selected_text(miracle.as_str()).show_ui(ui, |ui| {
            for m in rules.miracle_base.keys() {
                ui.selectable_value(miracle, m.clone(), m);
            }
        });
    });
    ui.weak("base × the species' multiplier; it tries at half and each failure counts as one more sighting");
    let needed = |s: &SpeciesDef| rules.sightings_needed(miracle, s.miracle_multiplier).map_or(0.0, f64::from);
    let bars: Vec<Bar> = data
        .species
        .iter()
        .map(|s| {
            let n = needed(s);
            let fill = if s.name == edited { HIGHLIGHT } else { Color32::from_rgb(150, 130, 220) };
            Bar::new(species_row(s.name), n)
                .width(0.7)
                .fill(fill)
                .name(format!("{}: {n:.0} sightings (× {:.2})", s.name, s.miracle_multiplier))
        })
        .collect();
    Plot::new("plot-miracles")
        .height(330.0)
        .include_x(0.0)
        .y_grid_spacer(species_axis(Species::ALL.len()))
        .custom_y_axes(vec![species_axis_hints(edited)])
        .include_y(-0.5)
        .include_y(Species::ALL.len() as f64 - 0.5)
        .x_axis_label("sightings")
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .show(ui, |p| {
            p.bar_chart(
                BarChart::new("sightings", bars).horizontal().element_formatter(Box::new(|b, _| b.name.clone())),
            );
        });
}
