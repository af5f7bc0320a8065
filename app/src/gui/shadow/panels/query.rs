//! The query inspector (SPEC §13): for the arena shadow's last decision or a typed
//! state, the best candidates with their per-feature score breakdown as bars.

use creature_shadow::select::Breakdown;

use super::schema::feature_colour;
use crate::gui::command::{Command, Tab};
use crate::gui::panels::{Cx, Home, Panel};
use crate::gui::shadow::view::state::QuerySource;
use crate::gui::view::View;

/// The most candidates the inspector lists.
const TOP: usize = 10;

/// One candidate's score as a stacked bar of feature contributions, with recency and
/// the continuation bias; `max` is the score the full width stands for.
pub fn breakdown_bar(ui: &mut egui::Ui, b: &Breakdown, max: f64, legend: bool) {
    let width = ui.available_width().max(100.0);
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(width, 16.0), egui::Sense::hover());
    let p = ui.painter_at(rect);
    p.rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
    let scale = if max > 0.0 { f64::from(width) / max } else { 0.0 };
    let mut x = rect.left();
    let mut tip = Vec::new();
    for (i, t) in b.terms.iter().enumerate() {
        let w = (t.contribution.max(0.0) * scale) as f32;
        if w > 0.0 {
            let r = egui::Rect::from_min_size(egui::pos2(x, rect.top()), egui::vec2(w.min(rect.right() - x), 16.0));
            p.rect_filled(r, 0.0, feature_colour(i));
            x += w;
        }
        if t.contribution > 0.0 {
            tip.push(format!(
                "{}: {:.3} × {:.3} = {:.3} (now {:.2}, recorded {:.2})",
                t.feature, t.weight, t.similarity, t.contribution, t.present, t.recorded
            ));
        }
    }
    if b.recency > 0.0 {
        let w = (b.recency * scale) as f32;
        let r =
            egui::Rect::from_min_size(egui::pos2(x, rect.top()), egui::vec2(w.min(rect.right() - x).max(0.0), 16.0));
        p.rect_filled(r, 0.0, egui::Color32::from_gray(110));
        tip.push(format!("recency: age {:.2} gives {:.3}", b.age, b.recency));
    }
    if b.continuation {
        tip.push(format!("continues the segment playing: −{:.3} bias", b.bias));
        p.text(
            rect.right_center(),
            egui::Align2::RIGHT_CENTER,
            "−bias",
            egui::FontId::monospace(11.0),
            egui::Color32::WHITE,
        );
    }
    resp.on_hover_text(tip.join("\n"));
    if legend {
        let mut terms: Vec<(usize, &creature_shadow::select::Term)> =
            b.terms.iter().enumerate().filter(|(_, t)| t.contribution > 0.0).collect();
        terms.sort_by(|a, b| b.1.contribution.total_cmp(&a.1.contribution));
        for (i, t) in terms.into_iter().take(8) {
            // Wrapped, so that a narrow column (the arena's) never cuts a line off.
            ui.horizontal_wrapped(|ui| {
                let (r, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                ui.painter().rect_filled(r, 2.0, feature_colour(i));
                ui.label(format!("{} {:.3} (now {:.2}, then {:.2})", t.feature, t.contribution, t.present, t.recorded));
            });
        }
    }
}
/// This panel's tab.
pub const TAB: Tab = Tab::new("Query", "Query inspector");

/// The query inspector.
pub struct QueryPanel;

impl Panel for QueryPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Strip
    }

    fn scroll_bars(&self) -> [bool; 2] {
        [false, false]
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.view, cx.out);
    }
}

fn show(ui: &mut egui::Ui, view: &mut View, _out: &mut Vec<Command>) {
    let sh = &mut view.shadow;
    if !sh.ensure_loaded() {
        ui.ctx().request_repaint();
    }
    let bank = sh.shared_bank();
    ui.horizontal(|ui| {
        ui.label("Present state:");
        ui.selectable_value(&mut sh.source, QuerySource::Typed, "typed");
        let has_arena = sh.arena.last_query().is_some();
        ui.add_enabled_ui(has_arena, |ui| {
            ui.selectable_value(&mut sh.source, QuerySource::Arena, "the arena shadow's last decision");
        });
    });
    if sh.source == QuerySource::Typed
        && let Some(schema) = sh.schema().cloned()
    {
        egui::CollapsingHeader::new("Typed state").default_open(false).show(ui, |ui| {
            egui::Grid::new("typed").num_columns(4).show(ui, |ui| {
                for (k, f) in schema.features.iter().enumerate() {
                    let v = sh.typed.entry(f.name.clone()).or_insert(0.0);
                    let name = ui.label(&f.name);
                    ui.add(egui::DragValue::new(v).speed(0.05)).labelled_by(name.id);
                    if k % 2 == 1 {
                        ui.end_row();
                    }
                }
            });
        });
    }
    ui.separator();
    match sh.query(TOP) {
        None => {
            ui.label("Open a bank and a schema to query.");
        }
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        Some(Ok((sel, parts))) => {
            ui.label(format!(
                "best {:.3} · {} within the neighbourhood (one is picked at random); the nearest {}:",
                sel.best,
                crate::gui::words::count(sel.candidates.len(), "candidate"),
                crate::gui::words::count(parts.len(), "event")
            ));
            let max = parts.iter().map(|b| b.total + if b.continuation { b.bias } else { 0.0 }).fold(1e-9, f64::max);
            egui::ScrollArea::vertical().id_salt("query").auto_shrink(false).show(ui, |ui| {
                for (rank, b) in parts.iter().enumerate() {
                    let action = bank.as_ref().and_then(|bk| bk.events().get(b.event)).map_or("?", |e| e.action);
                    let selected = sh.selected == Some(rank);
                    let candidate = sel.candidates.iter().any(|c| c.event == b.event);
                    let text = format!(
                        "#{} event {} · {} · score {:.3}{}",
                        rank + 1,
                        b.id,
                        action,
                        b.total,
                        if candidate { " · candidate" } else { "" }
                    );
                    if ui.selectable_label(selected, text).clicked() {
                        sh.selected = if selected { None } else { Some(rank) };
                    }
                    breakdown_bar(ui, b, max, selected);
                    ui.add_space(4.0);
                }
            });
        }
    }
}
