//! The species editor: the five traits as sliders with the time to full each gives its
//! desire, the body, the miracle multiplier, and the table of the 40 desires (sortable,
//! filterable, every number editable). Traits, body and the species' own increase
//! times save to the species file; the desire definitions to `desires.ron`.

use creature_core::mind::desire::time_to_full;
use creature_core::mind::observation::WatchRules;
use creature_core::names::{Desire, Species, Trait};
use creature_core::species::data::{DESIRE_MAX_CAP, Data, DesireDef};
use creature_core::species::{BIRTH_VARIATION, Climate, SpeciesDef, trait_desire};
use egui_extras::{Column, TableBuilder, TableRow};

use super::teachability;
use super::{Cx, Home, Panel};
use crate::gui::command::UiCommand;
use crate::gui::command::{Command, DockCommand, SelectCommand, Tab};
use crate::gui::panels::{dirty_mark, duration};
use crate::gui::view::View;
use creature_workspace::edit::{BodyField, DesireField, Edit};
use creature_workspace::{DocId, Workspace};
/// This panel's tab.
pub const TAB: Tab = Tab::new("Species", "Species");

/// The columns of the desire table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DesireColumn {
    Order,
    Name,
    Max,
    Increase,
    Threshold,
    TimeToFull,
    Phase,
    Growth,
}

/// The desire table's filter and sort order.
pub struct DesireTable {
    pub filter: String,
    pub sort: DesireColumn,
    pub ascending: bool,
}

impl Default for DesireTable {
    fn default() -> Self {
        Self { filter: String::new(), sort: DesireColumn::Order, ascending: true }
    }
}

/// The species editor.
#[derive(Default)]
pub struct SpeciesPanel {
    pub table: DesireTable,
}

impl Panel for SpeciesPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Editors
    }

    fn scroll_bars(&self) -> [bool; 2] {
        [false, false]
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.ws, cx.view, &mut self.table, cx.out);
    }
}

fn show(ui: &mut egui::Ui, ws: &Workspace, view: &View, table: &mut DesireTable, out: &mut Vec<Command>) {
    let s = view.species;
    let def = ws.data.species(s);
    header(ui, ws, s, out);
    if let Some(why) = ws.docs.get(&DocId::Species(s)).and_then(|d| d.locked.as_ref()) {
        ui.colored_label(ui.visuals().warn_fg_color, format!("⚠ {why}"));
    }
    ui.separator();
    egui::ScrollArea::vertical()
        .id_salt("species-top")
        .max_height(ui.available_height() * 0.5)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            traits(ui, &ws.data, def, out);
            ui.add_space(6.0);
            body(ui, ws, def, out);
            teachable_line(ui, ws, s, out);
        });
    ui.separator();
    desire_table(ui, ws, view, table, out);
}

/// The edited species' line of the report, with a link to its plot.
fn teachable_line(ui: &mut egui::Ui, ws: &Workspace, edited: Species, out: &mut Vec<Command>) {
    let Some(run) = teachability::report(ws) else { return };
    let Some(t) = run.trained.iter().find(|t| t.species == edited) else { return };
    let words = match t.lessons {
        Some(n) => {
            let fewer = run.trained.iter().filter(|o| o.lessons.is_some_and(|m| m < n)).count();
            format!(
                "{} to reach {} (fewer for {} of {} species)",
                creature_core::words::count(n, "lesson"),
                run.target_name(),
                fewer,
                run.trained.len()
            )
        }
        None => format!("not reached {} in {}", run.target_name(), creature_core::words::count(t.tried, "script")),
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("How teachable").strong());
        ui.label(words);
        if ui.small_button("📈 plot").on_hover_text("Every species' fewest lessons, in Species plots").clicked() {
            out.push(Command::Dock(DockCommand::Show(super::plots::TAB)));
        }
    });
}

fn header(ui: &mut egui::Ui, ws: &Workspace, s: Species, out: &mut Vec<Command>) {
    // Wrapped, so that a laptop's narrow panel still shows Save and Revert.
    ui.horizontal_wrapped(|ui| {
        ui.label("Species");
        egui::ComboBox::from_id_salt("species-pick").selected_text(s.name()).show_ui(ui, |ui| {
            for x in Species::ALL {
                if ui
                    .selectable_label(*x == s, format!("{x}{}", dirty_mark(ws.is_dirty(&DocId::Species(*x)))))
                    .clicked()
                {
                    out.push(Command::Select(SelectCommand::Species(*x)));
                }
            }
        });
        ui.separator();
        for id in [DocId::Species(s), DocId::Desires] {
            let dirty = ws.is_dirty(&id);
            ui.label(egui::RichText::new(format!("{}{}", id.label(), dirty_mark(dirty))).monospace());
        }
        let any = ws.is_dirty(&DocId::Species(s)) || ws.is_dirty(&DocId::Desires);
        if ui.add_enabled(any, egui::Button::new("Save")).clicked() {
            out.push(Command::Ui(UiCommand::Save));
        }
        if ui.add_enabled(any, egui::Button::new("Revert")).clicked() {
            out.push(Command::Ui(UiCommand::Revert));
        }
        if ui.button("📈 Plots").on_hover_text("Show the species plots").clicked() {
            out.push(Command::Dock(DockCommand::Show(super::plots::TAB)));
        }
    });
}

fn traits(ui: &mut egui::Ui, data: &Data, def: &SpeciesDef, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        ui.strong("Traits");
        ui.weak("each pushes one desire through an innate source; a newborn varies by ±0.1");
    });
    // At least a hundred points, so that a point of dragging is no more than the 0.01 a
    // trait moves by; narrower than 200 on a narrow panel, so the time to full shows.
    let slider = (ui.available_width() * 0.3).clamp(100.0, 200.0);
    // On a narrow panel the desire's name and its time to full take a line each, in
    // small text, so that a long name (ToManifestState) is never broken inside.
    let narrow = ui.available_width() < 560.0;
    egui::Grid::new("traits").num_columns(2).spacing([12.0, 6.0]).show(ui, |ui| {
        ui.spacing_mut().slider_width = slider;
        for t in Trait::ALL {
            let mut v = def.traits.get(*t);
            let r = ui.add(egui::Slider::new(&mut v, 0.0..=1.0).text(t.field()).fixed_decimals(2).step_by(0.01));
            if r.changed() {
                out.push(Command::Edit(Edit::Trait { species: def.name, t: *t, value: v }));
            }
            let d = trait_desire(*t);
            if *t == Trait::Aggression {
                let mut on = def.aggression_connected;
                if ui
                    .checkbox(&mut on, "drives Anger")
                    .on_hover_text("Disconnected in the game: aggression drives nothing")
                    .changed()
                {
                    out.push(Command::Edit(Edit::AggressionConnected { species: def.name, on }));
                }
                if on {
                    ui.end_row();
                    ui.label("");
                } else {
                    ui.end_row();
                    continue;
                }
            }
            let now = def.trait_time_to_full(data, *t);
            let lo = def.time_to_full_with(data, *t, (v + BIRTH_VARIATION).min(1.0));
            let hi = def.time_to_full_with(data, *t, (v - BIRTH_VARIATION).max(0.0));
            let text = if narrow {
                egui::RichText::new(format!("{d}\nfull in {}", duration(now))).small()
            } else {
                egui::RichText::new(format!("{d} full in {}", duration(now)))
            };
            ui.add(egui::Label::new(text).wrap()).on_hover_text(format!(
                "A newborn: {} to {}",
                duration(lo),
                duration(hi)
            ));
            ui.end_row();
        }
    });
}

fn body(ui: &mut egui::Ui, ws: &Workspace, def: &SpeciesDef, out: &mut Vec<Command>) {
    let s = def.name;
    ui.strong("Body");
    egui::Grid::new("body").num_columns(4).spacing([12.0, 6.0]).show(ui, |ui| {
        let mut num = |ui: &mut egui::Ui,
                       label: &str,
                       field: BodyField,
                       v: f64,
                       range: std::ops::RangeInclusive<f64>,
                       speed: f64,
                       suffix: &str| {
            ui.label(label);
            let mut x = v;
            if ui.add(egui::DragValue::new(&mut x).range(range).speed(speed).suffix(suffix)).changed() {
                out.push(Command::Edit(Edit::Body { species: s, field, value: x }));
            }
        };
        num(ui, "strength", BodyField::Strength, def.body.strength, 0.0..=1.0, 0.01, "");
        num(ui, "speed", BodyField::Speed, def.body.speed, 0.01..=50.0, 0.05, " m/s");
        ui.end_row();
        num(ui, "energy per meal", BodyField::EnergyPerMeal, def.body.energy_per_meal, 0.0..=1.0, 0.01, "");
        num(ui, "grows up in", BodyField::GrowUpSeconds, def.body.grow_up_seconds, 1.0..=1e9, 60.0, " s");
        ui.end_row();
        ui.label("climate");
        ui.horizontal(|ui| {
            for (warm, name) in [(true, "Warm"), (false, "Cold")] {
                let on = (def.body.climate == Climate::Warm) == warm;
                if ui.selectable_label(on, name).clicked() && !on {
                    out.push(Command::Edit(Edit::Climate { species: s, warm }));
                }
            }
        });
        ui.label("miracle multiplier");
        let mut m = def.miracle_multiplier;
        if ui.add(egui::DragValue::new(&mut m).range(0.01..=100.0).speed(0.01).prefix("× ")).changed() {
            out.push(Command::Edit(Edit::Miracle { species: s, value: m }));
        }
        ui.end_row();
    });
    let rank = 1 + ws.data.species.iter().filter(|o| o.miracle_multiplier < def.miracle_multiplier).count();
    let heal = WatchRules::default().sightings_needed("Heal", def.miracle_multiplier).unwrap_or(0);
    ui.weak(format!("{s} learns miracles {} fastest of 17; Heal needs {heal} sightings", ordinal(rank)));
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Time to full of desire `d` for species `s` from its trait source, when it has one.
fn trait_time(data: &Data, def: &SpeciesDef, d: Desire) -> Option<f64> {
    let t = Trait::ALL.iter().find(|t| trait_desire(**t) == d)?;
    def.trait_time_to_full(data, *t)
}

fn desire_table(ui: &mut egui::Ui, ws: &Workspace, view: &View, st: &mut DesireTable, out: &mut Vec<Command>) {
    let data = &ws.data;
    let def = data.species(view.species);
    let plot_desire = view.plot_desire;
    let mut typed = false;
    ui.horizontal(|ui| {
        ui.strong("Desires");
        typed = ui
            .add(egui::TextEdit::singleline(&mut st.filter).hint_text("filter by name or source").desired_width(180.0))
            .changed();
        ui.weak(format!("steepness k = {}", data.steepness));
        ui.weak("· click a name to plot it · click a header to sort");
    });
    let rows = sorted_rows(data, def, st);
    let row_h = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
    egui::ScrollArea::horizontal().id_salt("desire-table-h").show(ui, |ui| {
        let table = TableBuilder::new(ui).id_salt("desire-table");
        // A filter typed starts its list from the top, as the other lists' filters do.
        let table = if typed { table.vertical_scroll_offset(0.0) } else { table };
        table
            .striped(true)
            .resizable(true)
            .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
            .column(Column::exact(26.0))
            .column(Column::initial(170.0).at_least(100.0))
            .column(Column::initial(200.0).at_least(80.0))
            .column(Column::exact(52.0))
            .column(Column::exact(104.0))
            .column(Column::exact(124.0))
            .column(Column::initial(100.0).at_least(80.0))
            .column(Column::initial(160.0).at_least(120.0))
            .column(Column::remainder().at_least(44.0))
            .header(row_h, |mut h| {
                for column in DESIRE_COLUMNS {
                    h.col(|ui| {
                        header_cell(ui, st, column);
                    });
                }
            })
            .body(|body| {
                body.rows(row_h, rows.len(), |mut row| {
                    let d = rows[row.index()];
                    desire_row(&mut row, d, (data, def), plot_desire, out);
                });
            });
    });
}

/// The desires the filter lets through (by name or what a source reads), in the
/// table's sort order.
fn sorted_rows(data: &Data, def: &SpeciesDef, st: &DesireTable) -> Vec<Desire> {
    let filter = st.filter.to_lowercase();
    let mut rows: Vec<Desire> = Desire::ALL
        .iter()
        .copied()
        .filter(|d| {
            filter.is_empty()
                || d.name().to_lowercase().contains(&filter)
                || data.desire(*d).sources.iter().any(|s| s.reads.name().contains(&filter))
        })
        .collect();
    let key = |d: &Desire| -> f64 {
        let dd = data.desire(*d);
        match st.sort {
            DesireColumn::Order | DesireColumn::Name => d.index() as f64,
            DesireColumn::Max => dd.max,
            DesireColumn::Increase => def.increase_seconds(data, *d),
            DesireColumn::Threshold => dd.sources.iter().map(|s| s.threshold).fold(f64::MAX, f64::min),
            DesireColumn::TimeToFull => trait_time(data, def, *d).unwrap_or(f64::MAX),
            DesireColumn::Phase => dd.phase.map_or(f64::MAX, f64::from),
            DesireColumn::Growth => dd.sensitivity.growth,
        }
    };
    if st.sort == DesireColumn::Name {
        rows.sort_by_key(|d| d.name());
    } else {
        rows.sort_by(|a, b| key(a).total_cmp(&key(b)));
    }
    if !st.ascending {
        rows.reverse();
    }
    rows
}

/// The desire table's columns: header, the column it sorts by, and its hint.
const DESIRE_COLUMNS: [(&str, DesireColumn, &str); 9] = [
    ("#", DesireColumn::Order, "SPEC order"),
    ("desire", DesireColumn::Name, "click a name to plot it"),
    (
        "thresholds θ",
        DesireColumn::Threshold,
        "one per source (\"trait\": the species' inborn trait); hover for what it reads",
    ),
    ("max", DesireColumn::Max, "the most it can hold (≤ 3)"),
    ("grows in (s)", DesireColumn::Increase, "seconds to grow by 1.0 with a drive of 1.0: the default for all species"),
    ("this species (s)", DesireColumn::Increase, "this species' own growth time, overriding the default"),
    ("trait: full in", DesireColumn::TimeToFull, "time to full from the species' trait alone"),
    ("growth · θ · max", DesireColumn::Growth, "lesson sensitivities (SPEC §7)"),
    ("phase", DesireColumn::Phase, "the development phase that turns it on"),
];

/// A column's header: its name with the sort arrow, a click sorting by it (again:
/// the other way).
fn header_cell(ui: &mut egui::Ui, st: &mut DesireTable, (name, col, hint): (&str, DesireColumn, &str)) {
    let arrow =
        if st.sort == col && name != "this species (s)" { if st.ascending { " ⏶" } else { " ⏷" } } else { "" };
    if ui
        .add(egui::Button::new(egui::RichText::new(format!("{name}{arrow}")).strong()).frame_when_inactive(false))
        .on_hover_text(hint)
        .clicked()
    {
        if st.sort == col {
            st.ascending = !st.ascending;
        } else {
            st.sort = col;
            st.ascending = true;
        }
    }
}

/// One desire's row of the table: every number editable.
fn desire_row(
    row: &mut TableRow,
    d: Desire,
    (data, def): (&Data, &SpeciesDef),
    plot_desire: Desire,
    out: &mut Vec<Command>,
) {
    let dd = data.desire(d);
    row.set_selected(plot_desire == d);
    row.col(|ui| {
        ui.weak(format!("{}", d.index() + 1));
    });
    row.col(|ui| {
        if ui.add(egui::Button::new(d.name()).frame_when_inactive(false)).on_hover_text("Plot this desire").clicked() {
            out.push(Command::Select(SelectCommand::PlotDesire(d)));
        }
    });
    row.col(|ui| {
        for (i, s) in dd.sources.iter().enumerate() {
            let mut th = s.threshold;
            let tip = format!("reads {}: {}", s.reads.name(), s.reads.describe());
            let mut w = egui::DragValue::new(&mut th).range(0.2..=1.0).speed(0.005).fixed_decimals(2);
            if s.reads.trait_read().is_some() {
                w = w.prefix("trait ");
            }
            if ui.add(w).on_hover_text(tip).changed() {
                out.push(Command::Edit(Edit::Threshold { desire: d, source: i, value: th }));
            }
        }
    });
    row.col(|ui| {
        let mut m = dd.max;
        if ui.add(egui::DragValue::new(&mut m).range(0.0..=DESIRE_MAX_CAP).speed(0.01).fixed_decimals(2)).changed() {
            out.push(Command::Edit(Edit::DesireNumber { desire: d, field: DesireField::Max, value: m }));
        }
    });
    row.col(|ui| {
        let mut v = dd.increase_seconds;
        if ui.add(egui::DragValue::new(&mut v).range(1.0..=1200.0).speed(0.5).max_decimals(1)).changed() {
            out.push(Command::Edit(Edit::DesireNumber { desire: d, field: DesireField::IncreaseSeconds, value: v }));
        }
    });
    row.col(|ui| increase_override_cell(ui, def, d, dd, out));
    row.col(|ui| trait_time_cell(ui, data, def, d, dd));
    row.col(|ui| sensitivity_cell(ui, d, dd, out));
    row.col(|ui| {
        let Some(on) = dd.phase else {
            ui.weak("none").on_hover_text("no phase turns this desire on: it stays off");
            return;
        };
        let mut p = f64::from(on);
        if ui.add(egui::DragValue::new(&mut p).range(0.0..=13.0).speed(0.05)).changed() {
            out.push(Command::Edit(Edit::DesireNumber { desire: d, field: DesireField::Phase, value: p }));
        }
        if let Some(off) = dd.off {
            ui.weak(format!("off at {off}"));
        }
    });
}

/// The species' own increase time for desire `d`: edited, dropped (×), or added (+).
fn increase_override_cell(ui: &mut egui::Ui, def: &SpeciesDef, d: Desire, dd: &DesireDef, out: &mut Vec<Command>) {
    match def.increase_overrides.get(&d) {
        Some(v) => {
            let mut x = *v;
            if ui.add(egui::DragValue::new(&mut x).range(1.0..=1200.0).speed(0.5).max_decimals(1)).changed() {
                out.push(Command::Edit(Edit::IncreaseOverride { species: def.name, desire: d, seconds: Some(x) }));
            }
            if ui.small_button("×").on_hover_text("Use the default").clicked() {
                out.push(Command::Edit(Edit::IncreaseOverride { species: def.name, desire: d, seconds: None }));
            }
        }
        None => {
            if ui.small_button("+").on_hover_text(format!("Give {} its own increase time", def.name)).clicked() {
                out.push(Command::Edit(Edit::IncreaseOverride {
                    species: def.name,
                    desire: d,
                    seconds: Some(dd.increase_seconds),
                }));
            }
        }
    }
}

/// Time to full of desire `d` from the species' trait, or, with no trait source, the
/// fastest any source reading 1.0 would give, on hover.
fn trait_time_cell(ui: &mut egui::Ui, data: &Data, def: &SpeciesDef, d: Desire, dd: &DesireDef) {
    match Trait::ALL.iter().find(|t| trait_desire(**t) == d) {
        Some(_) => {
            ui.label(duration(trait_time(data, def, d)));
        }
        None => {
            let fastest = dd
                .sources
                .iter()
                .filter_map(|s| time_to_full(dd.max, def.increase_seconds(data, d), s.threshold, 1.0, data.steepness))
                .fold(f64::MAX, f64::min);
            ui.weak("—").on_hover_text(format!(
                "no trait source; with a source reading 1.0: {}",
                duration((fastest < f64::MAX).then_some(fastest))
            ));
        }
    }
}

/// The lesson sensitivities of desire `d` (SPEC §7): growth, threshold and maximum.
fn sensitivity_cell(ui: &mut egui::Ui, d: Desire, dd: &DesireDef, out: &mut Vec<Command>) {
    for (field, v, tip) in [
        (DesireField::Growth, dd.sensitivity.growth, "growth: increase_seconds × (1 − growth · L)"),
        (DesireField::ThresholdSensitivity, dd.sensitivity.threshold, "threshold: θ − threshold · L"),
        (DesireField::MaximumSensitivity, dd.sensitivity.maximum, "maximum: max + maximum · L"),
    ] {
        let mut x = v;
        if ui
            .add(egui::DragValue::new(&mut x).range(0.0..=1.0).speed(0.001).max_decimals(3))
            .on_hover_text(tip)
            .changed()
        {
            out.push(Command::Edit(Edit::DesireNumber { desire: d, field, value: x }));
        }
    }
}
