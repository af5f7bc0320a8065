//! Lesson authoring: a lesson script as a timeline (plans as bars with the fading
//! credit after they end, hold, stroke, slap and release as markers, all draggable in
//! time), its events as an editable list, and its scene objects.

use std::collections::BTreeMap;

use creature_core::mind::hand::Slap;
use creature_core::mind::script::{Do, LessonScript};
use creature_core::names::{Desire, Species};
use creature_core::species::data::Data;

use super::{Cx, Home, Panel};
use crate::gui::command::{Command, FileCommand, SelectCommand, Tab};
use crate::gui::command::{LessonCommand, UiCommand};
use crate::gui::panels::dirty_mark;
use crate::gui::panels::examples::answer_picker;
use crate::gui::panels::lesson_events::{describe, plan_bars};
use crate::gui::view::View;
use creature_workspace::edit::Edit;
use creature_workspace::{DocId, Workspace};
/// This panel's tab.
pub const TAB: Tab = Tab::new("Lesson", "Lesson");

/// The lesson script's timeline and events; the timeline's zoom is the panel's own.
#[derive(Default)]
pub struct LessonPanel {
    pub timeline: super::lesson_timeline::Zoom,
}

impl Panel for LessonPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Editors
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.ws, cx.view, &mut self.timeline, cx.out);
    }
}

fn show(
    ui: &mut egui::Ui,
    ws: &Workspace,
    view: &View,
    timeline: &mut super::lesson_timeline::Zoom,
    out: &mut Vec<Command>,
) {
    let Some(id) = view.lesson.clone().filter(|id| ws.lesson(id).is_some()) else {
        ui.label("No lesson script is open.");
        ui.weak("Open one from Project, lessons (a script of plans and hand events, SPEC §15).");
        return;
    };
    let Some(script) = ws.lesson(&id) else { return };
    header(ui, ws, view, &id, script, out);
    problems(ui, ws, script);
    ui.separator();
    super::lesson_timeline::show(ui, &ws.data, (view, timeline), &id, script, out);
    ui.separator();
    // What can be added stays in view above the events, which scroll.
    add_row(ui, view, &id, script, out);
    // The events' fields are wider than a laptop's panel: they scroll sideways too.
    egui::ScrollArea::both().id_salt("lesson-lists").auto_shrink([false, false]).show(ui, |ui| {
        events(ui, &ws.data, view, &id, script, out);
        ui.add_space(8.0);
        objects(ui, ws, &id, script, out);
    });
}

fn header(ui: &mut egui::Ui, ws: &Workspace, view: &View, id: &DocId, script: &LessonScript, out: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        egui::ComboBox::from_id_salt("lesson-pick")
            .selected_text(format!("{}{}", id.label(), dirty_mark(ws.is_dirty(id))))
            .show_ui(ui, |ui| {
                for (other, _) in ws.lessons() {
                    let text = format!("{}{}", other.label(), dirty_mark(ws.is_dirty(other)));
                    if ui.selectable_label(other == id, text).clicked() {
                        out.push(Command::Select(SelectCommand::Lesson(other.clone())));
                    }
                }
                ui.separator();
                for f in
                    ws.files.iter().filter(|f| f.parent().and_then(|p| p.file_name()).is_some_and(|n| n == "lessons"))
                {
                    if ws.doc_for_path(f).is_none()
                        && ui
                            .button(format!("open {}", f.file_name().map(|n| n.to_string_lossy()).unwrap_or_default()))
                            .clicked()
                    {
                        out.push(Command::File(FileCommand::Open(f.clone())));
                    }
                }
            });
        let dirty = ws.is_dirty(id);
        if ui.add_enabled(dirty, egui::Button::new("Save")).clicked() {
            out.push(Command::Ui(UiCommand::Save));
        }
        if ui.add_enabled(dirty, egui::Button::new("Revert")).clicked() {
            out.push(Command::Ui(UiCommand::Revert));
        }
        ui.separator();
        let playing = view.lesson_ui.playing;
        if ui
            .button(if playing { "⏹ Stop" } else { "⏵ Play" })
            .on_hover_text("Play the script: each release's credit chart appears as the playhead passes (F6)")
            .clicked()
        {
            if playing {
                out.push(Command::Lesson(LessonCommand::Stop));
            } else {
                out.push(Command::Ui(UiCommand::Play));
            }
        }
        next_row_unless(ui, 64.0);
        egui::ComboBox::from_id_salt("speed").selected_text(format!("{}×", view.lesson_ui.speed)).width(48.0).show_ui(
            ui,
            |ui| {
                for s in [1.0, 2.0, 4.0, 8.0, 16.0] {
                    if ui.selectable_label(view.lesson_ui.speed == s, format!("{s}×")).clicked() {
                        out.push(Command::Lesson(LessonCommand::Speed(s)));
                    }
                }
            },
        );
        ui.separator();
        next_row_unless(ui, 190.0);
        ui.label("newborn");
        let mut species = script.species;
        let mut seed = script.seed;
        let mut phase = script.phase;
        egui::ComboBox::from_id_salt("lesson-species").selected_text(species.name()).show_ui(ui, |ui| {
            for s in Species::ALL {
                ui.selectable_value(&mut species, *s, s.name());
            }
        });
        next_row_unless(ui, 80.0);
        ui.label("seed");
        ui.add(egui::DragValue::new(&mut seed).speed(1));
        next_row_unless(ui, 220.0);
        ui.label("phase");
        let names = &ws.data.phases;
        egui::ComboBox::from_id_salt("lesson-phase")
            .selected_text(format!("{phase} {}", names.get(usize::from(phase)).map_or("", |p| p.name.as_str())))
            .show_ui(ui, |ui| {
                for (i, p) in names.iter().enumerate() {
                    let i = u8::try_from(i).unwrap_or(u8::MAX);
                    ui.selectable_value(&mut phase, i, format!("{i} {}", p.name));
                }
            });
        if (species, seed, phase) != (script.species, script.seed, script.phase) {
            out.push(Command::Edit(Edit::LessonHeader { lesson: id.clone(), species, seed, phase }));
        }
    });
}

/// Starts a new row of a wrapped toolbar unless `width` points are left on this one: a
/// combo box takes its room whole rather than wrapping, so it is given a row that fits it.
fn next_row_unless(ui: &mut egui::Ui, width: f32) {
    if ui.available_size_before_wrap().x < width {
        ui.end_row();
    }
}

/// What `teach` and `check` would say about the script as edited.
fn problems(ui: &mut egui::Ui, ws: &Workspace, script: &LessonScript) {
    let text = creature_workspace::ronedit::pretty(script);
    if let Err(errors) = LessonScript::parse("script", &text, &ws.data) {
        for e in errors.iter().take(4) {
            ui.colored_label(ui.visuals().warn_fg_color, format!("⚠ {}", e.message));
        }
    }
}

fn events(ui: &mut egui::Ui, data: &Data, view: &View, id: &DocId, script: &LessonScript, out: &mut Vec<Command>) {
    ui.strong("Events");
    let objects: Vec<String> = script.objects.keys().cloned().collect();
    egui::Grid::new("events").num_columns(4).striped(true).spacing([8.0, 3.0]).show(ui, |ui| {
        for (i, e) in script.events.iter().enumerate() {
            let selected = view.lesson_ui.selected == Some(i);
            if ui.selectable_label(selected, format!("{}", i + 1)).clicked() {
                out.push(Command::Lesson(LessonCommand::SelectEvent(Some(i))));
            }
            let mut at = e.at;
            if ui
                .add(egui::DragValue::new(&mut at).speed(0.05).range(0.0..=f64::MAX).suffix(" s").max_decimals(2))
                .changed()
            {
                out.push(Command::Edit(Edit::EventTime { lesson: id.clone(), index: i, at }));
            }
            ui.horizontal(|ui| {
                if let Some(what) = event_fields(ui, data, &objects, i, &e.what) {
                    out.push(Command::Edit(Edit::EventSet { lesson: id.clone(), index: i, what }));
                }
            });
            if ui.small_button("🗑").on_hover_text("Delete this event").clicked() {
                out.push(Command::Edit(Edit::EventRemove { lesson: id.clone(), index: i }));
                out.push(Command::Lesson(LessonCommand::SelectEvent(None)));
            }
            ui.end_row();
        }
    });
}

/// Buttons adding an event at the playhead (after the last event when none is shown).
fn add_row(ui: &mut egui::Ui, view: &View, id: &DocId, script: &LessonScript, out: &mut Vec<Command>) {
    let objects: Vec<String> = script.objects.keys().cloned().collect();
    let at = view.lesson_ui.playhead.unwrap_or_else(|| script.events.last().map_or(0.0, |e| e.at + 0.5));
    // The row wraps at the panel's edge, however wide the timeline above has grown the
    // panel's content.
    let room = ui.clip_rect().max.x - ui.cursor().min.x;
    let wrap = egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true);
    ui.allocate_ui_with_layout(egui::vec2(room, 0.0), wrap, |ui| {
        ui.label(format!("add at {at:.1} s:"));
        let first_object = objects.first().cloned().unwrap_or_else(|| "object".to_owned());
        let plan = Do::PlanStart { desire: Desire::Hunger, action: "Eat".into(), object: first_object, target: None };
        let active = plan_bars(script).into_iter().rev().find(|b| b.end.is_none()).map_or(Desire::Hunger, |b| b.desire);
        for (name, what) in [
            ("plan", plan),
            ("end plan", Do::PlanEnd { desire: active }),
            ("hold", Do::Hold),
            ("stroke", Do::Stroke),
            ("gentle slap", Do::Slap(Slap::Gentle)),
            ("hard slap", Do::Slap(Slap::Hard)),
            ("release", Do::Release),
        ] {
            if ui.button(format!("+ {name}")).clicked() {
                out.push(Command::Edit(Edit::EventAdd { lesson: id.clone(), at, what }));
            }
        }
    });
}

/// The editable fields of one event; returns the event changed, if it was.
fn event_fields(ui: &mut egui::Ui, data: &Data, objects: &[String], i: usize, what: &Do) -> Option<Do> {
    let mut changed = None;
    let pick_desire = |ui: &mut egui::Ui, salt: &str, d: Desire| -> Option<Desire> {
        let mut out = None;
        egui::ComboBox::from_id_salt((salt, i)).selected_text(d.name()).height(300.0).show_ui(ui, |ui| {
            for x in Desire::ALL {
                if ui.selectable_label(*x == d, x.name()).clicked() {
                    out = Some(*x);
                }
            }
        });
        out
    };
    let pick_object = |ui: &mut egui::Ui, salt: &str, o: &str| -> Option<String> {
        let mut out = None;
        egui::ComboBox::from_id_salt((salt, i)).selected_text(o).show_ui(ui, |ui| {
            for x in objects {
                if ui.selectable_label(x == o, x).clicked() {
                    out = Some(x.clone());
                }
            }
        });
        out
    };
    match what {
        Do::PlanStart { desire, action, object, target } => {
            ui.label("plan");
            if let Some(d) = pick_desire(ui, "ev-desire", *desire) {
                changed = Some(Do::PlanStart {
                    desire: d,
                    action: action.clone(),
                    object: object.clone(),
                    target: target.clone(),
                });
            }
            egui::ComboBox::from_id_salt(("ev-action", i)).selected_text(action.as_str()).height(300.0).show_ui(
                ui,
                |ui| {
                    for a in &data.actions.actions {
                        if ui.selectable_label(a.name == *action, &a.name).clicked() {
                            changed = Some(Do::PlanStart {
                                desire: *desire,
                                action: a.name.clone(),
                                object: object.clone(),
                                target: target.clone(),
                            });
                        }
                    }
                },
            );
            if let Some(o) = pick_object(ui, "ev-object", object) {
                changed =
                    Some(Do::PlanStart { desire: *desire, action: action.clone(), object: o, target: target.clone() });
            }
            ui.label("about");
            let shown = target.clone().unwrap_or_else(|| "(the object)".to_owned());
            egui::ComboBox::from_id_salt(("ev-target", i)).selected_text(shown).show_ui(ui, |ui| {
                if ui.selectable_label(target.is_none(), "(the object)").clicked() {
                    changed = Some(Do::PlanStart {
                        desire: *desire,
                        action: action.clone(),
                        object: object.clone(),
                        target: None,
                    });
                }
                for x in objects {
                    if ui.selectable_label(target.as_ref() == Some(x), x).clicked() {
                        changed = Some(Do::PlanStart {
                            desire: *desire,
                            action: action.clone(),
                            object: object.clone(),
                            target: Some(x.clone()),
                        });
                    }
                }
            });
        }
        Do::PlanEnd { desire } => {
            ui.label("end plan of");
            if let Some(d) = pick_desire(ui, "ev-end", *desire) {
                changed = Some(Do::PlanEnd { desire: d });
            }
        }
        Do::Slap(s) => {
            ui.label("slap");
            for (name, kind) in [("gentle", Slap::Gentle), ("hard", Slap::Hard)] {
                if ui.selectable_label(*s == kind, name).clicked() && *s != kind {
                    changed = Some(Do::Slap(kind));
                }
            }
        }
        Do::Give { object } => {
            ui.label("give");
            if let Some(o) = pick_object(ui, "ev-give", object) {
                changed = Some(Do::Give { object: o });
            }
        }
        other => {
            ui.label(describe(other));
        }
    }
    changed
}

fn objects(ui: &mut egui::Ui, ws: &Workspace, id: &DocId, script: &LessonScript, out: &mut Vec<Command>) {
    ui.strong(format!("Scene objects ({})", script.objects.len()));
    ui.weak("what the creature believes about each: the answers its trees learn from");
    let values = crate::gui::panels::examples::known_values_of(script.objects.values(), &ws.data.attributes);
    egui::Grid::new("objects").num_columns(ws.data.attributes.len() + 2).striped(true).spacing([6.0, 3.0]).show(
        ui,
        |ui| {
            ui.weak("object");
            for a in &ws.data.attributes {
                ui.weak(a);
            }
            ui.label("");
            ui.end_row();
            for (name, answers) in &script.objects {
                ui.monospace(name);
                for a in &ws.data.attributes {
                    let current = answers.get(a).map_or(creature_core::mind::tree::UNKNOWN, String::as_str);
                    if let Some(v) = answer_picker(ui, ("obj", name, a), current, values.get(a), false) {
                        let mut n: BTreeMap<String, String> = answers.clone();
                        if v == creature_core::mind::tree::UNKNOWN {
                            n.remove(a);
                        } else {
                            n.insert(a.clone(), v);
                        }
                        out.push(Command::Edit(Edit::LessonObject {
                            lesson: id.clone(),
                            id: name.clone(),
                            answers: Some(n),
                        }));
                    }
                }
                let used = script.events.iter().any(|e| match &e.what {
                    Do::PlanStart { object, target, .. } => object == name || target.as_ref() == Some(name),
                    Do::Give { object } => object == name,
                    _ => false,
                });
                if ui
                    .add_enabled(!used, egui::Button::new("🗑").small())
                    .on_hover_text("Delete (only when no event uses it)")
                    .clicked()
                {
                    out.push(Command::Edit(Edit::LessonObject { lesson: id.clone(), id: name.clone(), answers: None }));
                }
                ui.end_row();
            }
        },
    );
    let next = (1..).map(|n| format!("object{n}")).find(|n| !script.objects.contains_key(n)).unwrap_or_default();
    if ui.button(format!("+ object ({next})")).clicked() {
        out.push(Command::Edit(Edit::LessonObject { lesson: id.clone(), id: next, answers: Some(BTreeMap::new()) }));
    }
}
