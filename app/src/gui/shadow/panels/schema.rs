//! The schema editor (SPEC §13): the features with their weights as sliders, the
//! similarity pickers with their curve plotted, bias, neighbourhood and recency.

use creature_shadow::schema::Similarity;
use creature_workspace::Workspace;
use creature_workspace::edit::Edit;
use egui_plot::{Line, Plot, PlotPoints};

use crate::gui::command::{BankCommand, Command, Tab};
use crate::gui::panels::{Cx, Home, Panel};
use crate::gui::view::View;

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
/// This panel's tab.
pub const TAB: Tab = Tab::new("Schema", "Shadow schema");

/// The shadow schema.
pub struct SchemaPanel;

impl Panel for SchemaPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Strip
    }

    fn scroll_bars(&self) -> [bool; 2] {
        [false, false]
    }

    fn shows_shadow_files(&self) -> bool {
        true
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.ws, cx.view, cx.out);
    }
}

/// The schema editor: it edits the workspace's schema document, one [`Edit`] per change.
fn show(ui: &mut egui::Ui, ws: &Workspace, view: &View, out: &mut Vec<Command>) {
    let sh = &view.shadow;
    if !sh.loaded() {
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
    let name = sh.schema_path.as_deref().map_or_else(|| "schema".into(), crate::gui::words::short);
    let dirty = ws.is_dirty(&id);
    // The built-in schema shown for a project without one is not a file yet.
    let unwritten = sh.schema_path.as_deref().is_some_and(|p| !p.exists());
    ui.horizontal(|ui| {
        ui.strong(format!("{name}{}", crate::gui::panels::dirty_mark(dirty)));
        if ui.add_enabled(dirty || unwritten, egui::Button::new("Save schema")).clicked() {
            out.push(Command::Bank(BankCommand::SaveSchema));
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
