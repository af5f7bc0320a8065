//! The schema editor (features, weights as sliders, similarity pickers with the curve
//! plotted, bias, neighbourhood, recency) and the query inspector: for the arena shadow's
//! last decision or a typed state, the best candidates with their per-feature score
//! breakdown as bars (SPEC §13).

use creature_core::shadow::schema::Similarity;
use creature_core::shadow::select::Breakdown;
use egui_plot::{Line, Plot, PlotPoints};

use super::LiveCommand;
use super::shadow::QuerySource;
use crate::gui::command::Command;
use crate::gui::edit::Edit;
use crate::gui::view::View;
use crate::gui::workspace::Workspace;

/// The most candidates the inspector lists.
const TOP: usize = 10;

/// A colour per feature, the same in every chart.
pub fn feature_colour(i: usize) -> egui::Color32 {
    const PALETTE: [egui::Color32; 10] = [
        egui::Color32::from_rgb(86, 156, 214),
        egui::Color32::from_rgb(230, 126, 34),
        egui::Color32::from_rgb(46, 204, 113),
        egui::Color32::from_rgb(231, 76, 60),
        egui::Color32::from_rgb(155, 89, 182),
        egui::Color32::from_rgb(241, 196, 15),
        egui::Color32::from_rgb(26, 188, 156),
        egui::Color32::from_rgb(236, 112, 160),
        egui::Color32::from_rgb(149, 165, 166),
        egui::Color32::from_rgb(52, 73, 94),
    ];
    let c = PALETTE[i % PALETTE.len()];
    if (i / PALETTE.len()) % 2 == 1 { c.gamma_multiply(0.6) } else { c }
}

/// The schema editor: it edits the workspace's schema document, one [`Edit`] per change.
pub fn show_schema(ui: &mut egui::Ui, ws: &Workspace, view: &mut View, out: &mut Vec<Command>) {
    let sh = &mut view.live.shadow;
    if !sh.ensure_loaded() {
        ui.label("Loading the schema…");
        ui.ctx().request_repaint();
        return;
    }
    let Some((id, schema)) = sh.schema_doc().and_then(|id| ws.schema(&id).map(|s| (id, s.clone()))) else {
        match &sh.error {
            Some(e) => ui.colored_label(ui.visuals().error_fg_color, e),
            None => ui.label("No schema in the project's shadow folder."),
        };
        return;
    };
    let name = sh.schema_path.as_deref().map_or_else(|| "schema".into(), super::short);
    let dirty = ws.is_dirty(&id);
    // The built-in schema shown for a project without one is not a file yet.
    let unwritten = sh.schema_path.as_deref().is_some_and(|p| !p.exists());
    ui.horizontal(|ui| {
        ui.strong(format!("{name}{}", crate::gui::panels::dirty_mark(dirty)));
        if ui.add_enabled(dirty || unwritten, egui::Button::new("Save schema")).clicked() {
            out.push(Command::Live(LiveCommand::SaveSchema));
        }
        if let Err(p) = schema.check() {
            ui.colored_label(ui.visuals().error_fg_color, &p.message);
        }
    });
    let mut s = schema.clone();
    egui::Grid::new("schema-globals").num_columns(2).show(ui, |ui| {
        ui.label("bias (sequence continuation)");
        ui.add(egui::Slider::new(&mut s.bias, 0.0..=5.0));
        ui.end_row();
        ui.label("neighbourhood");
        ui.add(egui::Slider::new(&mut s.neighbourhood, 0.0..=1.0));
        ui.end_row();
        ui.label("recency weight");
        ui.add(egui::Slider::new(&mut s.recency_weight, 0.0..=2.0));
        ui.end_row();
    });
    ui.separator();
    egui::ScrollArea::vertical().id_salt("schema-features").auto_shrink(false).show(ui, |ui| {
        for (i, f) in s.features.iter_mut().enumerate() {
            ui.push_id(i, |ui| {
                ui.horizontal(|ui| {
                    let (r, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                    ui.painter().rect_filled(r, 2.0, feature_colour(i));
                    ui.add_sized([150.0, 18.0], egui::Label::new(egui::RichText::new(&f.name).strong()).truncate());
                    ui.weak(format!("{:?}", f.kind));
                    let mut w = f.weight;
                    let r = ui.add(egui::Slider::new(&mut w, 0.0..=10.0).text("weight"));
                    if r.changed() {
                        out.push(Command::Edit(Edit::SchemaWeight { schema: id.clone(), feature: i, weight: w }));
                    }
                });
                ui.horizontal(|ui| {
                    ui.add_space(16.0);
                    egui::ComboBox::from_id_salt("sim").selected_text(f.similarity.name()).show_ui(ui, |ui| {
                        let options = [
                            Similarity::Abs,
                            Similarity::Squared,
                            Similarity::Category { mismatch: 1.0 },
                            Similarity::Curve { points: vec![(0.0, 0.0), (1.0, 1.0)] },
                        ];
                        for o in options {
                            let same = std::mem::discriminant(&o) == std::mem::discriminant(&f.similarity);
                            if ui.selectable_label(same, o.name()).clicked() && !same {
                                f.similarity = o;
                            }
                        }
                    });
                    ui.label("scale");
                    ui.add(egui::DragValue::new(&mut f.scale).speed(0.05).range(0.001..=1000.0));
                    match &mut f.similarity {
                        Similarity::Category { mismatch } => {
                            ui.label("mismatch");
                            ui.add(egui::DragValue::new(mismatch).speed(0.05).range(0.0..=100.0));
                        }
                        Similarity::Curve { points } => {
                            ui.label("points (|a−b|/scale, cost)");
                            for (x, y) in points.iter_mut() {
                                ui.add(egui::DragValue::new(x).speed(0.05).range(0.0..=1000.0));
                                ui.add(egui::DragValue::new(y).speed(0.05).range(0.0..=1000.0));
                            }
                            if ui.small_button("+").clicked() && points.len() < 64 {
                                let last = points.last().copied().unwrap_or((0.0, 0.0));
                                points.push((last.0 + 1.0, last.1));
                            }
                            if ui.small_button("−").clicked() && points.len() > 1 {
                                points.pop();
                            }
                        }
                        _ => {}
                    }
                });
                curve_plot(ui, i, &f.similarity, f.scale);
                ui.separator();
            });
        }
    });
    // Weight changes went out as their own commands; anything else replaces the schema.
    let mut weights_only = schema.clone();
    for (a, b) in weights_only.features.iter_mut().zip(&s.features) {
        a.weight = b.weight;
    }
    if s != weights_only {
        out.push(Command::Edit(Edit::SchemaReplace { schema: id, with: Box::new(s) }));
    }
}

/// The similarity's cost over the difference |a−b| from 0 to 3 scales.
fn curve_plot(ui: &mut egui::Ui, i: usize, sim: &Similarity, scale: f64) {
    let top = 3.0 * scale.max(1e-3);
    let pts: PlotPoints = (0..=60).map(|k| f64::from(k) / 60.0 * top).map(|d| [d, sim.eval(0.0, d, scale)]).collect();
    Plot::new(("curve", i))
        .height(70.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .show_axes([true, true])
        .x_axis_label("|a−b|")
        .show(ui, |p| p.line(Line::new("cost", pts).color(feature_colour(i))));
}

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
        let mut terms: Vec<(usize, &creature_core::shadow::select::Term)> =
            b.terms.iter().enumerate().filter(|(_, t)| t.contribution > 0.0).collect();
        terms.sort_by(|a, b| b.1.contribution.total_cmp(&a.1.contribution));
        for (i, t) in terms.into_iter().take(8) {
            ui.horizontal(|ui| {
                let (r, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                ui.painter().rect_filled(r, 2.0, feature_colour(i));
                ui.label(format!("{} {:.3} (now {:.2}, then {:.2})", t.feature, t.contribution, t.present, t.recorded));
            });
        }
    }
}

pub fn show_query(ui: &mut egui::Ui, view: &mut View, _out: &mut Vec<Command>) {
    let sh = &mut view.live.shadow;
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
                "best {:.3} · {} candidates within the neighbourhood (one is picked at random); the nearest {} events:",
                sel.best,
                sel.candidates.len(),
                parts.len()
            ));
            let max = parts.iter().map(|b| b.total + if b.continuation { b.bias } else { 0.0 }).fold(1e-9, f64::max);
            egui::ScrollArea::vertical().id_salt("query").auto_shrink(false).show(ui, |ui| {
                for (rank, b) in parts.iter().enumerate() {
                    let action =
                        bank.as_ref().and_then(|bk| bk.events().get(b.event)).map_or("?", |e| e.action.as_str());
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
