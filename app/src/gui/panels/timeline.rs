//! The preview's timeline (SPEC §17): the whole recorded run, with a mark for every
//! lesson, reload, plan, phase change, skill, miracle and input (hovering one says what
//! happened), the shown turn, and the branches left behind. Dragging scrubs; the keys
//! step (Left/Right a turn, Shift: to the next mark, Home/End: start and newest turn).
//! The turns at which a breakpoint fires are marked above the strip (found over the
//! recorded run while it stands still); Page Up/Page Down go to the previous and next
//! one, and a time typed in "go to" (`123.4`, `2:03.4`) is shown at once.

use creature_core::recording::MarkerKind;
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Vec2};

use crate::gui::command::Command;
use crate::gui::command::TimeCommand;
use crate::gui::time_travel::shown_turn;
use creature_workspace::live_preview::LivePreview;

const HEIGHT: f32 = 34.0;
const SHOWN: Color32 = Color32::from_rgb(255, 200, 40);
/// A breakpoint's hit.
const HIT: Color32 = Color32::from_rgb(255, 120, 30);

fn time(out: &mut Vec<Command>, t: TimeCommand) {
    out.push(Command::Time(t));
}

/// A mark's colour, by what it marks.
pub fn colour(kind: MarkerKind) -> Color32 {
    match kind {
        MarkerKind::Lesson => Color32::from_rgb(235, 80, 60),
        MarkerKind::Input => Color32::from_rgb(240, 240, 240),
        MarkerKind::Reload => Color32::from_rgb(90, 170, 255),
        MarkerKind::Plan => Color32::from_rgb(120, 120, 130),
        MarkerKind::Phase => Color32::from_rgb(190, 120, 240),
        MarkerKind::Skill | MarkerKind::Miracle => Color32::from_rgb(80, 200, 110),
        MarkerKind::Bookmark => Color32::from_rgb(60, 200, 230),
    }
}

pub fn show(ui: &mut egui::Ui, p: &LivePreview, out: &mut Vec<Command>) {
    let end = p.sim().turns().max(1);
    let shown = shown_turn(p);
    ui.horizontal_wrapped(|ui| {
        ui.strong("Timeline");
        ui.label(format!("{:.1} s of {:.1} s", shown as f64 / 10.0, end as f64 / 10.0));
        if p.scrubbed().is_some() {
            ui.colored_label(SHOWN, "looking back: play, touch or edit to go on from here");
            if ui.small_button("⏭ newest turn").on_hover_text("End").clicked() {
                time(out, TimeCommand::Head);
            }
        }
        if !p.branches.is_empty() {
            egui::ComboBox::from_id_salt("pv-branch")
                .width(190.0)
                .selected_text(format!(
                    "{} other branch{}",
                    p.branches.len(),
                    if p.branches.len() == 1 { "" } else { "es" }
                ))
                .show_ui(ui, |ui| {
                    for (i, b) in p.branches.iter().enumerate() {
                        if ui.selectable_label(false, &b.name).on_hover_text("Make this future the run").clicked() {
                            time(out, TimeCommand::SwitchBranch(i));
                        }
                    }
                });
        }
        if ui.small_button("💾 Save recording…").clicked() {
            time(out, TimeCommand::Save);
        }
        if ui.small_button("Open recording…").clicked() {
            time(out, TimeCommand::Open);
        }
        let hits = p.breakpoints.hits();
        if !hits.is_empty() {
            ui.colored_label(HIT, format!("{} breakpoint hit{}", hits.len(), if hits.len() == 1 { "" } else { "s" }));
            if ui.small_button("◀").on_hover_text("The previous hit (Page Up)").clicked() {
                time(out, TimeCommand::Hit(false));
            }
            if ui.small_button("▶").on_hover_text("The next hit (Page Down)").clicked() {
                time(out, TimeCommand::Hit(true));
            }
        }
        go_to(ui, end, out);
        bookmarks(ui, p, out);
        ui.weak("Left/Right: a turn · Shift: a mark · Home/End");
    });
    let (rect, resp) = ui.allocate_exact_size(Vec2::new(ui.available_width(), HEIGHT), Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, ui.visuals().extreme_bg_color);
    let inner = rect.shrink2(Vec2::new(6.0, 4.0));
    let x = |turn: u64| inner.left() + inner.width() * (turn as f32 / end as f32);
    let marks = p.recorder().recording().markers();
    let mut near: Vec<&str> = Vec::new();
    let hover = resp.hover_pos();
    for m in &marks {
        let mx = x(m.turn);
        let (top, width) = match m.kind {
            MarkerKind::Plan => (inner.center().y, 1.0),
            _ => (inner.top(), 2.0),
        };
        painter.line_segment([Pos2::new(mx, top), Pos2::new(mx, inner.bottom())], Stroke::new(width, colour(m.kind)));
        if hover.is_some_and(|h| (h.x - mx).abs() <= 3.0) && near.len() < 8 {
            near.push(&m.text);
        }
    }
    for h in p.breakpoints.hits() {
        let hx = x(h.turn);
        let tip = [Pos2::new(hx - 4.0, rect.top()), Pos2::new(hx + 4.0, rect.top()), Pos2::new(hx, rect.top() + 7.0)];
        painter.add(egui::Shape::convex_polygon(tip.to_vec(), HIT, Stroke::NONE));
        if hover.is_some_and(|p| (p.x - hx).abs() <= 4.0) && near.len() < 8 {
            near.push(&h.what);
        }
    }
    let sx = x(shown);
    painter.line_segment([Pos2::new(sx, rect.top()), Pos2::new(sx, rect.bottom())], Stroke::new(2.5, SHOWN));
    painter.text(
        Pos2::new(inner.right(), inner.bottom()),
        Align2::RIGHT_BOTTOM,
        format!("{:.0} s", end as f64 / 10.0),
        FontId::proportional(10.0),
        ui.visuals().weak_text_color(),
    );
    let resp = if near.is_empty() {
        resp.on_hover_text("Drag to look back at any turn")
    } else {
        let t = hover.map_or(0, |h| turn_at(h, inner, end));
        resp.on_hover_text(format!("{:.1} s\n{}", t as f64 / 10.0, near.join("\n")))
    };
    if (resp.dragged() || resp.clicked())
        && let Some(pos) = resp.interact_pointer_pos()
    {
        let t = turn_at(pos, inner, end);
        if t != shown {
            time(out, TimeCommand::ScrubTo(t));
        }
    }
}

/// The run's bookmarks: name the shown turn, or go to one (Shift+Page Up/Down go to
/// the previous and next).
fn bookmarks(ui: &mut egui::Ui, p: &LivePreview, out: &mut Vec<Command>) {
    let id = ui.id().with("timeline-bookmark");
    let mut name: String = ui.data_mut(|d| d.get_temp(id)).unwrap_or_default();
    let marks = &p.recorder().recording().bookmarks;
    let field = labelled_field(ui, "name", &mut name, "bookmark name", 110.0);
    let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    if ui.small_button("🔖 Bookmark").on_hover_text("Name the shown turn; saved with the recording").clicked() || enter
    {
        let name =
            if name.trim().is_empty() { format!("bookmark {}", marks.len() + 1) } else { std::mem::take(&mut name) };
        out.push(Command::Preview(crate::gui::command::PreviewCommand::AddBookmark(name)));
    }
    ui.data_mut(|d| d.insert_temp(id, name));
    if marks.is_empty() {
        return;
    }
    egui::ComboBox::from_id_salt("pv-bookmarks")
        .width(150.0)
        .selected_text(crate::gui::words::count(marks.len(), "bookmark"))
        .show_ui(ui, |ui| {
            for (i, b) in marks.iter().enumerate() {
                ui.horizontal(|ui| {
                    if ui
                        .selectable_label(
                            false,
                            format!("{:.1} s  {}", b.turn as f64 / 10.0, creature_core::printable::escaped(&b.what)),
                        )
                        .clicked()
                    {
                        time(out, TimeCommand::ScrubTo(b.turn));
                    }
                    if ui.small_button("🗑").on_hover_text("Delete this bookmark").clicked() {
                        out.push(Command::Preview(crate::gui::command::PreviewCommand::RemoveBookmark(i)));
                    }
                });
            }
        });
}

/// A one-line field named by the label before it, with an id of its own (so that it
/// keeps the focus when what stands before it in the row changes).
fn labelled_field(ui: &mut egui::Ui, name: &str, text: &mut String, hint: &str, width: f32) -> egui::Response {
    let label = ui.label(name);
    ui.add(egui::TextEdit::singleline(text).id_salt(("timeline-field", name)).hint_text(hint).desired_width(width))
        .labelled_by(label.id)
}

/// "Go to": a time typed and shown on Enter; a time that does not read, or lies past
/// the newest turn `end`, says why.
fn go_to(ui: &mut egui::Ui, end: u64, out: &mut Vec<Command>) {
    let id = ui.id().with("timeline-go-to");
    let mut text: String = ui.data_mut(|d| d.get_temp(id)).unwrap_or_default();
    let edit = labelled_field(ui, "go to", &mut text, "2:03.4", 64.0)
        .on_hover_text("A simulated time: seconds (123.4), m:ss (2:03.4) or h:mm:ss; Enter shows it");
    if edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
        let turn = crate::gui::time_travel::parse_time(&text)
            .and_then(|seconds| creature_core::recording::turn_of_seconds(seconds, end));
        match turn {
            Ok(turn) => {
                time(out, TimeCommand::ScrubTo(turn));
                text.clear();
            }
            Err(e) => {
                ui.data_mut(|d| d.insert_temp(id.with("error"), e));
            }
        }
    }
    if edit.changed() {
        ui.data_mut(|d| d.remove::<String>(id.with("error")));
    }
    if let Some(e) = ui.data(|d| d.get_temp::<String>(id.with("error"))) {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
    ui.data_mut(|d| d.insert_temp(id, text));
}

/// The turn under a point of the strip.
fn turn_at(pos: Pos2, inner: Rect, end: u64) -> u64 {
    let f = ((pos.x - inner.left()) / inner.width()).clamp(0.0, 1.0);
    (f64::from(f) * end as f64).round() as u64
}
