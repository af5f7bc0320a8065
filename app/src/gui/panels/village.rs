//! The creature preview: the village from above with the creature carrying out
//! its agenda and the player's hand; speed, phase and leash; the desires live, the plan
//! and its agenda step, the last five plans with their credit scores now (so a designer
//! sees which plan a slap would teach before slapping), skills and miracles; the hand's
//! running total as a reward bar, the last lesson as the simulation returned it, and the
//! event log.
//!
//! Its keys (H hold, T stroke, G gentle slap, B hard slap, R release, Space pause, and
//! the timeline's) are commands of the preview's scope in `command::keys`. The map and
//! the mouse are in `village_map`.

use creature_core::cond::Cond;
use creature_core::mind::hand::Slap;
use creature_core::mind::leash::Leash;
use creature_core::watched::Watched;
use creature_core::world::sim::Act;

use super::village_map::MapUi;
use super::{Cx, Home, Panel};
use crate::gui::command::keys::Scope;
use crate::gui::command::{Command, DockCommand, PreviewCommand, ScenarioCommand, Tab};
use crate::gui::view::View;
use creature_core::names::Desire;
use creature_workspace::live_preview::LivePreview;
use creature_workspace::{DocId, Workspace};

const SPEEDS: [f64; 7] = [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0];

fn live(out: &mut Vec<Command>, c: PreviewCommand) {
    out.push(Command::Preview(c));
}

/// This panel's tab.
pub const TAB: Tab = Tab::new("Preview", "Preview");

/// The live preview, with its own state: the map's zoom, pan and inspected object, and
/// the desires' settings.
#[derive(Default)]
pub struct PreviewPanel {
    pub map: MapUi,
    pub show_inactive: bool,
    /// The desire bar whose menu is open and the bounds its "rises past" and "falls
    /// past" items offer, fixed when the menu opened so that what it reads is what a
    /// click sets while the value moves on.
    pub desire_menu: Option<DesireMenu>,
}

impl Panel for PreviewPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::UnderPictures
    }

    fn scroll_bars(&self) -> [bool; 2] {
        [false, false]
    }

    /// The preview's keys are live while it runs and no arena match does (the arena's
    /// keys then have the keyboard), and nothing takes typing.
    fn keys(&self, ctx: &egui::Context, ws: &Workspace, view: &View) -> Option<Scope> {
        let live = ws.preview.is_some()
            && view.shadow.arena.bout.as_ref().is_none_or(|b| b.arena.is_over())
            && !ctx.egui_wants_keyboard_input();
        live.then_some(Scope::Preview)
    }

    fn runs_preview(&self) -> bool {
        true
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.ws, cx.view, self, cx.out);
    }
}

pub fn show(ui: &mut egui::Ui, ws: &Workspace, view: &View, own: &mut PreviewPanel, out: &mut Vec<Command>) {
    let Some(p) = ws.preview.as_ref() else {
        ui.label("The preview cannot start:");
        for e in &ws.preview_errors {
            ui.colored_label(ui.visuals().error_fg_color, e.to_string());
        }
        if ws.project.is_none() {
            ui.label("Open a project to see its creature live.");
        }
        if ui.button("Try again").clicked() {
            live(out, PreviewCommand::Restart);
        }
        return;
    };
    let sim = p.shown();
    // The creature in focus, when the preview runs it: the save its lessons can go into.
    let focus = view.focus.in_preview(ws).cloned();
    // A short panel (a laptop's, under the tree) gives the map its whole height: the
    // controls and the log go into the side column, which scrolls.
    let short = ui.available_height() < SHORT_PANEL;
    if !short {
        controls(ui, ws, p, focus.as_ref(), out);
        ui.separator();
    }
    // The card of the last lesson is the run's shown: another creature's is never shown.
    let last_lesson = view.village.last_lesson(p).cloned();
    let log = &view.village.log;
    let PreviewPanel { show_inactive, map, desire_menu } = own;
    if !short {
        egui::Panel::bottom("pv-log").resizable(true).default_size(110.0).min_size(60.0).show(ui, |ui| {
            event_log(ui, log);
        });
    }
    if !short {
        egui::Panel::bottom("pv-timeline").resizable(false).show(ui, |ui| {
            super::timeline::show(ui, p, out);
        });
    }
    // The side column takes up to 45 % of a narrow panel, so the map keeps its room.
    let side = if short {
        (ui.available_width() * 0.5).clamp(150.0, 420.0)
    } else {
        (ui.available_width() * 0.45).clamp(150.0, 260.0)
    };
    egui::Panel::right("pv-side").resizable(true).default_size(side).min_size(150.0).show(ui, |ui| {
        egui::ScrollArea::vertical().id_salt("pv-side").auto_shrink(false).show(ui, |ui| {
            // What the person clicked on the map comes first, then (on a short panel)
            // the controls.
            super::village_map::inspector(ui, sim, map, out);
            if short {
                controls(ui, ws, p, focus.as_ref(), out);
                ui.separator();
                super::timeline::show(ui, p, out);
                ui.separator();
            }
            plan_view(ui, p);
            ui.add_space(6.0);
            credit_view(ui, p);
            ui.add_space(6.0);
            if p.shown().teaching().hand.holding {
                super::lesson_card::foresight(ui, p, &[]);
                ui.add_space(6.0);
            }
            if let Some(lesson) = &last_lesson {
                let rule = crate::gui::view::village::hand_rule(sim);
                super::lesson_card::show(ui, &format!("Last lesson, at {:.1} s", lesson.at), lesson, rule.as_deref());
                ui.add_space(6.0);
            }
            desires_view(ui, p, show_inactive, desire_menu, out);
            ui.add_space(6.0);
            learning_view(ui, p);
            if short {
                ui.add_space(6.0);
                egui::CollapsingHeader::new("Event log").id_salt("pv-log-short").default_open(true).show(ui, |ui| {
                    event_log(ui, log);
                });
            }
        });
    });
    egui::CentralPanel::default().show(ui, |ui| {
        super::village_map::show(ui, p, map, out);
    });
}

/// Below this height the panel is short: the map takes the whole height.
const SHORT_PANEL: f32 = 420.0;

/// The preview's controls: pause, speeds, phase, leash, restart, save; the hand; where
/// lessons go.
fn controls(ui: &mut egui::Ui, ws: &Workspace, p: &LivePreview, focus: Option<&DocId>, out: &mut Vec<Command>) {
    let sim = p.shown();
    ui.horizontal_wrapped(|ui| {
        // The button says what a click does.
        let paused = p.speed == 0.0;
        if ui
            .selectable_label(paused, if paused { "▶ Resume" } else { "⏸ Pause" })
            .on_hover_text(key_of(ui, &Command::Preview(PreviewCommand::TogglePause)))
            .clicked()
        {
            live(out, PreviewCommand::TogglePause);
        }
        if ui.button("⏭ Step one turn").clicked() {
            live(out, PreviewCommand::StepTurn);
        }
        for s in SPEEDS {
            if ui.selectable_label(p.speed == s, format!("×{s}")).clicked() {
                live(out, PreviewCommand::Speed(s));
            }
        }
        ui.separator();
        // A combo box does not wrap by itself: it starts a row of its own where the
        // row has no room left for it (a narrow panel would otherwise grow past its edge).
        let wrap = |ui: &mut egui::Ui, width: f32| {
            // What is left of the row (`available_width` gives the whole row's).
            if ui.max_rect().max.x - ui.cursor().min.x < width + ui.spacing().item_spacing.x {
                ui.end_row();
            }
        };
        let phase = sim.creature().phase;
        wrap(ui, 150.0 + ui.spacing().icon_width);
        let name = |i: u8| ws.data.phases.get(usize::from(i)).map_or(String::new(), |p| p.name.clone());
        egui::ComboBox::from_id_salt("pv-phase")
            .width(150.0)
            .selected_text(format!("phase {phase} {}", name(phase)))
            .show_ui(ui, |ui| {
                for i in 0..=13u8 {
                    if ui.selectable_label(i == phase, format!("{i} {}", name(i))).clicked() {
                        live(out, PreviewCommand::Act(Act::Phase(i)));
                    }
                }
            });
        let leash = sim.leash();
        wrap(ui, 130.0 + ui.spacing().icon_width);
        egui::ComboBox::from_id_salt("pv-leash").width(130.0).selected_text(format!("leash: {leash:?}")).show_ui(
            ui,
            |ui| {
                for l in [Leash::None, Leash::Compassion, Leash::Learning, Leash::Aggression] {
                    if ui.selectable_label(l == leash, format!("{l:?}")).clicked() {
                        live(out, PreviewCommand::Act(Act::Leash(l)));
                    }
                }
            },
        );
        if ui.button("⟲ Restart").on_hover_text("Start again from the project's files").clicked() {
            live(out, PreviewCommand::Restart);
        }
        let save = ui.button("💾 Save as scenario");
        if save.on_hover_text("Write the hand, leash and phase inputs so far as a scenario file").clicked() {
            out.push(Command::Scenario(ScenarioCommand::SaveFromPreview));
        }
        ui.label(format!("t = {:.1} s", sim.time()));
    });
    hand_bar(ui, p, out);
    learning_bar(ui, ws, focus, out);
}

/// Where the preview's lessons go: the creature's save is the person's, so by default
/// they stay in the preview until kept; the switch sends each one to the save at once.
fn learning_bar(ui: &mut egui::Ui, ws: &Workspace, focus: Option<&DocId>, out: &mut Vec<Command>) {
    let Some(id) = focus else {
        let file = ws.preview.as_ref().and_then(|p| p.creature_path()).map(crate::gui::words::short);
        ui.weak(match file {
            Some(f) => format!("Open {f} (Project) to keep what the creature learns here."),
            None => "The preview runs a newborn: what it learns stays here.".to_owned(),
        });
        return;
    };
    ui.horizontal_wrapped(|ui| {
        let mut on = ws.preview_learns;
        let learn = format!("Lessons go into {} at once", id.label());
        if ui.checkbox(&mut on, learn).changed() {
            live(out, PreviewCommand::LearnIntoSave(on));
        }
        let keep = egui::Button::new(format!("Keep what it learnt in {}", id.label()));
        if ui.add_enabled(!ws.preview_learns, keep).on_hover_text("One edit of the save: Ctrl+Z undoes it").clicked() {
            live(out, PreviewCommand::KeepLearning);
        }
    });
}

/// The key of `c` as the menus write it, or nothing.
fn key_of(ui: &egui::Ui, c: &Command) -> String {
    c.shortcut().map(|k| ui.ctx().format_shortcut(&k)).unwrap_or_default()
}

/// A hand button's text with the key that does the same: "Hold (H)".
fn keyed(ui: &egui::Ui, text: &str, h: Act) -> String {
    format!("{text} ({})", key_of(ui, &Command::Preview(PreviewCommand::Act(h))))
}

fn hand_bar(ui: &mut egui::Ui, p: &LivePreview, out: &mut Vec<Command>) {
    let hand = p.shown().teaching().hand;
    ui.horizontal_wrapped(|ui| {
        ui.strong("Hand");
        if hand.holding {
            if ui.button(keyed(ui, "Release", Act::Release)).clicked() {
                live(out, PreviewCommand::Act(Act::Release));
            }
        } else if ui.button(keyed(ui, "Hold", Act::Hold)).clicked() {
            live(out, PreviewCommand::Act(Act::Hold));
        }
        ui.add_enabled_ui(hand.holding, |ui| {
            for (text, touch) in [
                ("Stroke", Act::Stroke),
                ("Slap gently", Act::Slap(Slap::Gentle)),
                ("Slap hard", Act::Slap(Slap::Hard)),
            ] {
                let b = ui.button(keyed(ui, text, touch.clone()));
                // What this touch and a release would teach, worked out on a copy.
                let b = b.on_hover_ui(|ui| super::lesson_card::foresight(ui, p, std::slice::from_ref(&touch)));
                if b.clicked() {
                    live(out, PreviewCommand::Act(touch));
                }
            }
        });
        // The running total in [−1, 1] as the seed's reward bar: red left, green right.
        let (rect, r) = ui.allocate_exact_size(egui::vec2(220.0, 16.0), egui::Sense::hover());
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 3.0, ui.visuals().extreme_bg_color);
        let mid = rect.center().x;
        let t = hand.total.clamp(-1.0, 1.0) as f32;
        let end = mid + t * rect.width() / 2.0;
        let colour = crate::gui::panels::verdict_colour(hand.total);
        painter.rect_filled(egui::Rect::from_x_y_ranges(mid.min(end)..=mid.max(end), rect.y_range()), 2.0, colour);
        painter.line_segment([egui::pos2(mid, rect.top()), egui::pos2(mid, rect.bottom())], (1.0, egui::Color32::GRAY));
        r.on_hover_text("The hand's running total (SPEC §5): strokes add, slaps take away; the release teaches it");
        ui.label(format!(
            "total {:+.2}{} · liking {:+.2}",
            hand.total,
            if hand.holding { " (holding)" } else { "" },
            p.shown().creature().liking
        ));
    });
    // While the creature is held, the phase rule is said before any release.
    if hand.holding
        && let Some(rule) = crate::gui::view::village::hand_rule(p.shown())
    {
        ui.colored_label(ui.visuals().warn_fg_color, format!("Holding: {rule}."));
    }
}

fn event_log(ui: &mut egui::Ui, log: &[crate::gui::view::village::LogLine]) {
    ui.strong("Event log");
    egui::ScrollArea::vertical().id_salt("pv-log").stick_to_bottom(true).auto_shrink(false).show(ui, |ui| {
        for l in log {
            let colour = match l.tone {
                t if t > 0 => egui::Color32::from_rgb(90, 200, 110),
                t if t < 0 => ui.visuals().error_fg_color,
                _ => ui.visuals().text_color(),
            };
            ui.label(egui::RichText::new(format!("{:>8.1} s  {}", l.t, l.text)).monospace().color(colour));
        }
    });
}

fn plan_view(ui: &mut egui::Ui, p: &LivePreview) {
    ui.strong("Plan");
    match p.shown().plan() {
        None => {
            ui.label("idle");
        }
        Some(plan) => {
            ui.label(format!(
                "{} · {} {} (about {}) · priority {}",
                plan.desire,
                plan.action,
                plan.object,
                plan.target,
                creature_core::decimals::decimal(plan.priority)
            ));
            ui.horizontal_wrapped(|ui| {
                for (i, step) in plan.steps.iter().enumerate() {
                    let text = egui::RichText::new(*step);
                    if i == plan.step {
                        ui.label(text.strong().color(ui.visuals().warn_fg_color))
                            .on_hover_text(format!("{:.1} s into this step", plan.step_elapsed));
                    } else if i < plan.step {
                        ui.label(text.weak());
                    } else {
                        ui.label(text);
                    }
                    if i + 1 < plan.steps.len() {
                        ui.weak(">");
                    }
                }
            });
        }
    }
}

fn credit_view(ui: &mut egui::Ui, p: &LivePreview) {
    ui.strong("Last 5 plans: who a lesson now would go to");
    let credits = p.shown().recent_plans();
    let winner = p.shown().lesson_goes_to();
    if credits.is_empty() {
        ui.weak("no plans yet");
    }
    for (i, c) in credits.iter().enumerate().rev() {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(80.0, 12.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
            let w = rect.width() * c.score.clamp(0.0, 1.0) as f32;
            let colour = if Some(i) == winner {
                egui::Color32::from_rgb(240, 190, 60)
            } else {
                egui::Color32::from_rgb(90, 150, 230)
            };
            ui.painter().rect_filled(egui::Rect::from_min_size(rect.min, egui::vec2(w, 12.0)), 2.0, colour);
            let mark = if Some(i) == winner { "◀ a lesson now goes here" } else { "" };
            let active = if c.plan.ended.is_none() { " (active)" } else { "" };
            ui.add(
                egui::Label::new(format!(
                    "{:.2} {} {} {}{active} {mark}",
                    c.score, c.plan.desire, c.plan.action, c.plan.object
                ))
                .truncate(),
            );
        });
    }
}

/// A desire bar's menu: the desire and the round figures either side of its value when
/// the menu opened.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DesireMenu {
    pub desire: Desire,
    pub up: f64,
    pub down: f64,
}

impl DesireMenu {
    /// The round figures (tenths) either side of `value`, within 0 and `max`.
    pub fn around(desire: Desire, value: f64, max: f64) -> Self {
        let tenth = |v: f64| (v * 10.0).round() / 10.0;
        Self { desire, up: tenth((value + 0.1).min(max)), down: tenth((value - 0.1).max(0.0)) }
    }
}

fn desires_view(
    ui: &mut egui::Ui,
    p: &LivePreview,
    show_inactive: &mut bool,
    menu: &mut Option<DesireMenu>,
    out: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        ui.strong("Desires");
        ui.checkbox(show_inactive, "show inactive");
    });
    let current = p.shown().plan().map(|pl| pl.desire);
    let mut ds = p.shown().desires();
    ds.retain(|d| d.active || *show_inactive);
    ds.sort_by(|a, b| b.value.total_cmp(&a.value));
    for d in ds {
        ui.horizontal(|ui| {
            let is_plan = Some(d.desire) == current;
            let name = egui::RichText::new(format!("{}{}", if is_plan { "▶ " } else { "" }, d.desire.name()));
            let name = if is_plan {
                name.strong().color(ui.visuals().warn_fg_color)
            } else if d.active {
                name
            } else {
                name.weak()
            };
            ui.allocate_ui_with_layout(
                egui::vec2(140.0, 14.0),
                egui::Layout::left_to_right(egui::Align::Center),
                |ui| {
                    ui.set_min_width(140.0);
                    ui.add(egui::Label::new(name).truncate());
                },
            );
            // Room kept at the right for the number and the scroll bar that floats over it.
            let (rect, _) =
                ui.allocate_exact_size(egui::vec2((ui.available_width() - 56.0).max(30.0), 10.0), egui::Sense::hover());
            // The bar's id is its desire's: its menu stays with it as the bars change order.
            let r = ui.interact(rect, egui::Id::new(("pv-desire-bar", d.desire)), egui::Sense::click());
            ui.painter().rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
            let frac = if d.max > 0.0 { (d.value / d.max).clamp(0.0, 1.0) } else { 0.0 } as f32;
            let colour =
                if is_plan { egui::Color32::from_rgb(240, 190, 60) } else { egui::Color32::from_rgb(90, 150, 230) };
            ui.painter().rect_filled(
                egui::Rect::from_min_size(rect.min, egui::vec2(rect.width() * frac, 10.0)),
                2.0,
                colour,
            );
            r.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::WidgetType::ProgressIndicator,
                    true,
                    format!("{} value", d.desire.name()),
                )
            });
            let r = r.on_hover_text(format!(
                "drive {:.2} · {:.0} s spent on its plans · right click to break on it or watch it",
                d.drive, d.seconds
            ));
            // Round figures either side of the value when the menu opens: the value moves
            // on while the menu is open, and its items read and set these.
            if r.secondary_clicked() {
                *menu = Some(DesireMenu::around(d.desire, d.value, d.max));
            }
            r.context_menu(|ui| {
                let DesireMenu { up, down, .. } = menu
                    .filter(|m| m.desire == d.desire)
                    .unwrap_or_else(|| DesireMenu::around(d.desire, d.value, d.max));
                let (name, desire) = (d.desire.name(), d.desire);
                for (text, cond) in [
                    (format!("Break when {name} rises past {up}"), Cond::Above { desire, value: up }),
                    (format!("Break when {name} falls past {down}"), Cond::Below { desire, value: down }),
                    (
                        format!("Break when a {name} plan starts"),
                        Cond::PlanStarted { desire: Some(desire), action: None, object: None, kind: None },
                    ),
                ] {
                    // A value never falls below 0: "falls past 0" could never fire.
                    if matches!(cond, Cond::Below { value, .. } if value <= 0.0) {
                        continue;
                    }
                    if ui.button(text).clicked() {
                        live(out, PreviewCommand::AddBreakpoint(cond.text()));
                        ui.close();
                    }
                }
                ui.separator();
                for (text, watch) in [
                    (format!("Watch {name}"), Watched::Desire(desire)),
                    (format!("Watch {name}'s drive"), Watched::Drive(desire)),
                ] {
                    if ui.button(text).on_hover_text("Plot it over the whole run in Watches").clicked() {
                        live(out, PreviewCommand::AddWatch(watch.text()));
                        out.push(Command::Dock(DockCommand::Show(super::watches::TAB)));
                        ui.close();
                    }
                }
            });
            ui.label(format!("{:.2}", d.value));
        });
    }
}

fn learning_view(ui: &mut egui::Ui, p: &LivePreview) {
    let w = &p.shown().creature().watching;
    ui.strong("Skills and miracles");
    if w.skills.is_empty() && w.miracles.is_empty() {
        ui.weak("nothing watched yet");
    }
    for (name, s) in &w.skills {
        ui.label(format!("{name}: {:.1} s watched{}", s.seconds, if s.learned { " · learnt" } else { "" }));
    }
    for (name, m) in &w.miracles {
        ui.label(format!("{name}: {} sightings{}", m.sightings, if m.learned { " · learnt" } else { "" }));
    }
}
