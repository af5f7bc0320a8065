//! The creature inspector: one creature save's desires as bars, its opinions of
//! actions, its liking of the player and its phase, and the searchable list of its 80
//! trees (40 desires × Activity, ActOn).

use creature_core::creature::Creature;
use creature_core::names::Desire;
use creature_core::species::data::{Data, TreeKind};

use super::{Cx, Home, Panel};
use crate::gui::command::UiCommand;
use crate::gui::command::{Command, DockCommand, SelectCommand, Tab, kind_name};
use crate::gui::panels::{dirty_mark, verdict_colour};
use crate::gui::view::View;
use creature_workspace::edit::Edit;
use creature_workspace::{DocId, Workspace};

/// This panel's tab.
pub const TAB: Tab = Tab::new("Creature", "Creature");

/// The creature inspector and what its tree search holds.
#[derive(Default)]
pub struct CreaturePanel {
    tree_filter: String,
}

impl Panel for CreaturePanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Editors
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.ws, cx.view, &mut self.tree_filter, cx.out);
    }
}

fn show(ui: &mut egui::Ui, ws: &Workspace, view: &View, tree_filter: &mut String, out: &mut Vec<Command>) {
    let Some(id) = view.focus.creature().cloned().filter(|id| ws.creature(id).is_some()) else {
        ui.label("No creature is open.");
        if ui.button("Open a creature save…").clicked() {
            out.push(Command::Ui(UiCommand::OpenFile));
        }
        return;
    };
    let Some(c) = ws.creature(&id) else { return };
    header(ui, ws, &id, out);
    ui.separator();
    let left = |ui: &mut egui::Ui, out: &mut Vec<Command>| {
        feelings(ui, &ws.data, &id, c, out);
        ui.add_space(6.0);
        desires(ui, &ws.data, &id, c, out);
        ui.add_space(6.0);
        opinions(ui, &id, c, out);
    };
    // Side by side where a desire's row and the trees' table each have their width;
    // on a narrower panel (a laptop's screen) the trees go under the desires.
    if ui.available_width() >= 2.0 * MIN_COLUMN {
        ui.columns(2, |cols| {
            egui::ScrollArea::vertical()
                .id_salt("creature-left")
                .auto_shrink(false)
                .show(&mut cols[0], |ui| left(ui, out));
            trees(&mut cols[1], ws, view, tree_filter, c, out);
        });
    } else {
        // The desires above take three fifths: the traits and a few desires' rows in
        // view on a laptop, the trees' table a scroll below.
        let above = ui.available_height() * 0.6;
        egui::ScrollArea::vertical()
            .id_salt("creature-left")
            .auto_shrink([false, true])
            .max_height(above)
            .show(ui, |ui| left(ui, out));
        ui.separator();
        trees(ui, ws, view, tree_filter, c, out);
    }
}

/// The narrowest column a desire's row (name, bar, value) is drawn in without crowding.
const MIN_COLUMN: f32 = 300.0;

fn header(ui: &mut egui::Ui, ws: &Workspace, id: &DocId, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt("creature-pick")
            .selected_text(format!("{}{}", id.label(), dirty_mark(ws.is_dirty(id))))
            .show_ui(ui, |ui| {
                for (other, c) in ws.creatures() {
                    if ui
                        .selectable_label(
                            other == id,
                            format!("{} — {} ({}){}", other.label(), c.name, c.species, dirty_mark(ws.is_dirty(other))),
                        )
                        .clicked()
                    {
                        out.push(Command::Select(SelectCommand::Creature(other.clone())));
                    }
                }
            });
        if ui.button("Open…").clicked() {
            out.push(Command::Ui(UiCommand::OpenFile));
        }
        let dirty = ws.is_dirty(id);
        if ui.add_enabled(dirty, egui::Button::new("Save")).clicked() {
            out.push(Command::Ui(UiCommand::Save));
        }
        if ui.button("Save as…").clicked() {
            out.push(Command::Ui(UiCommand::SaveAs));
        }
        if ui.add_enabled(dirty, egui::Button::new("Revert")).clicked() {
            out.push(Command::Ui(UiCommand::Revert));
        }
    });
}

fn feelings(ui: &mut egui::Ui, data: &Data, id: &DocId, c: &Creature, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        ui.heading(if c.name.is_empty() { "(unnamed)" } else { &c.name });
        ui.label(format!("a {} · seed {} · {:.0} s old", c.species, c.seed, c.age_seconds));
    });
    egui::Grid::new("feelings").num_columns(2).spacing([10.0, 4.0]).show(ui, |ui| {
        ui.label("phase");
        let name = data.phases.get(usize::from(c.phase)).map_or("?", |p| p.name.as_str());
        egui::ComboBox::from_id_salt("phase").selected_text(format!("{} {name}", c.phase)).show_ui(ui, |ui| {
            for (i, p) in data.phases.iter().enumerate() {
                let i = u8::try_from(i).unwrap_or(u8::MAX);
                if ui.selectable_label(i == c.phase, format!("{i} {}", p.name)).clicked() {
                    out.push(Command::Edit(Edit::Phase { creature: id.clone(), phase: i }));
                }
            }
        });
        ui.end_row();
        ui.label("liking of you");
        let mut l = c.liking;
        if ui.add(egui::Slider::new(&mut l, -1.0..=1.0).fixed_decimals(2)).changed() {
            out.push(Command::Edit(Edit::Liking { creature: id.clone(), value: l }));
        }
        ui.end_row();
        ui.label("traits");
        ui.add(
            egui::Label::new(format!(
                "kindness {:.2} · friendliness {:.2} · communicativeness {:.2} · lethargy {:.2} · aggression {:.2}",
                c.traits.kindness,
                c.traits.friendliness,
                c.traits.communicativeness,
                c.traits.lethargy,
                c.traits.aggression
            ))
            .wrap(),
        );
        ui.end_row();
    });
}

fn opinions(ui: &mut egui::Ui, id: &DocId, c: &Creature, out: &mut Vec<Command>) {
    ui.strong("Opinions of actions");
    egui::Grid::new("opinions").num_columns(2).spacing([10.0, 2.0]).show(ui, |ui| {
        for (action, v) in &c.opinions {
            ui.label(action);
            let mut x = *v;
            let slider = egui::Slider::new(&mut x, -1.0..=1.0).fixed_decimals(2).trailing_fill(true);
            if ui.add(slider).changed() {
                out.push(Command::Edit(Edit::Opinion { creature: id.clone(), action: action.clone(), value: x }));
            }
            ui.end_row();
        }
    });
}

fn desires(ui: &mut egui::Ui, data: &Data, id: &DocId, c: &Creature, out: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        ui.strong("Desires");
        ui.weak("bright: active now · drag a bar to set it");
    });
    let active: Vec<Desire> = data.active_desires(c.phase).collect();
    for d in &c.desires {
        let on = active.contains(&d.name);
        ui.horizontal(|ui| {
            let label = egui::RichText::new(d.name.name());
            // The name takes what the row can spare, up to the longest desire's name.
            let name_width = (ui.available_width() * 0.4).clamp(70.0, 170.0);
            ui.allocate_ui_with_layout(
                egui::vec2(name_width, 18.0),
                egui::Layout::left_to_right(egui::Align::Center),
                |ui| {
                    ui.set_min_width(name_width);
                    ui.add(egui::Label::new(if on { label } else { label.weak() }).truncate());
                },
            );
            let mut v = d.value;
            let max = d.max.max(1e-6);
            let fill = if on { egui::Color32::from_rgb(90, 150, 230) } else { egui::Color32::from_gray(90) };
            let slider = egui::Slider::new(&mut v, 0.0..=max).show_value(false).trailing_fill(true);
            let r = ui.scope(|ui| {
                ui.visuals_mut().selection.bg_fill = fill;
                // Room left for the value after the bar.
                ui.spacing_mut().slider_width = (ui.available_width() - 80.0).max(40.0);
                ui.add(slider)
            });
            if r.inner.changed() {
                out.push(Command::Edit(Edit::DesireValue { creature: id.clone(), desire: d.name, value: v }));
            }
            ui.label(format!("{:.2}/{:.2}", d.value, d.max)).on_hover_text(format!(
                "increase {:.1} s · thresholds {}",
                d.increase_seconds,
                d.thresholds.iter().map(|t| format!("{t:.2}")).collect::<Vec<_>>().join(", ")
            ));
        });
    }
}

fn trees(
    ui: &mut egui::Ui,
    ws: &Workspace,
    view: &View,
    tree_filter: &mut String,
    c: &Creature,
    out: &mut Vec<Command>,
) {
    ui.strong("Decision trees: 40 desires × Activity, ActOn");
    let typed = ui
        .add(
            egui::TextEdit::singleline(tree_filter).hint_text("search desires, e.g. hung").desired_width(f32::INFINITY),
        )
        .changed();
    let filter = tree_filter.to_lowercase();
    super::from_top(egui::ScrollArea::vertical().id_salt("creature-trees").auto_shrink(false), typed).show(ui, |ui| {
        egui::Grid::new("trees").num_columns(3).striped(true).spacing([8.0, 2.0]).show(ui, |ui| {
            ui.weak("desire");
            ui.weak("Activity");
            ui.weak("ActOn");
            ui.end_row();
            for d in Desire::ALL {
                if !filter.is_empty() && !d.name().to_lowercase().contains(&filter) {
                    continue;
                }
                ui.label(d.name());
                for k in [TreeKind::Activity, TreeKind::ActOn] {
                    let m = c.tree(*d, k);
                    let selected = view.tree == (*d, k);
                    let text = if m.is_empty() {
                        egui::RichText::new("empty").weak()
                    } else {
                        let t = m.tree(&ws.data.attributes);
                        let v = t.root().map_or(0.0, |r| r.verdict);
                        egui::RichText::new(format!("{} ex", m.examples.len())).color(verdict_colour(v))
                    };
                    let r = ui.selectable_label(selected, text).on_hover_text(format!(
                        "{d} {}: {} examples, {} lessons taught",
                        kind_name(k),
                        m.examples.len(),
                        m.lessons
                    ));
                    if r.clicked() {
                        out.push(Command::Select(SelectCommand::Tree(*d, k)));
                    }
                }
                ui.end_row();
            }
        });
    });
    if ui.button("Show the tree and its examples").clicked() {
        out.push(Command::Dock(DockCommand::Show(super::graph::TAB)));
        out.push(Command::Dock(DockCommand::Show(super::examples::TAB)));
    }
}
