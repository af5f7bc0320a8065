//! The lesson script's timeline: plans as bars, one lane per desire, with the credit
//! fading after each ends; hold, stroke, slap and release as markers on the hand's lane,
//! all draggable in time; a ruler and the playhead. The wheel zooms about the pointer
//! (markers a tenth of a second apart come apart), Shift+wheel scrolls in time.

use creature_core::mind::hand::Slap;
use creature_core::mind::script::{Do, LessonScript};
use creature_core::names::Desire;
use creature_core::species::data::{ActionCategory, Data};
use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2};

use super::lesson_events::{PlanBar, describe, plan_bars};
use crate::gui::command::{Command, LessonCommand};
use crate::gui::view::View;
use creature_workspace::DocId;
use creature_workspace::edit::Edit;

/// The width of the lanes' names, left of the time axis.
const GUTTER: f32 = 118.0;
/// The playhead's colour, also the release marker's.
const PLAYHEAD: Color32 = Color32::from_rgb(255, 200, 40);

/// The colour of a plan's bar, by its action's category.
fn category_colour(c: ActionCategory) -> Color32 {
    match c {
        ActionCategory::Eat => Color32::from_rgb(90, 170, 110),
        ActionCategory::Fight => Color32::from_rgb(210, 90, 80),
        ActionCategory::Throw => Color32::from_rgb(200, 140, 60),
        ActionCategory::Other => Color32::from_rgb(100, 140, 210),
    }
}

const RULER: f32 = 22.0;
const LANE: f32 = 30.0;

/// Seconds ↔ x on the timeline: `span` seconds from `from` fill `width` points.
#[derive(Clone, Copy)]
struct Scale {
    left: f32,
    width: f32,
    from: f64,
    span: f64,
}

impl Scale {
    fn x(self, t: f64) -> f32 {
        self.left + ((t - self.from) / self.span) as f32 * self.width
    }
    fn t(self, x: f32) -> f64 {
        self.from + f64::from((x - self.left) / self.width) * self.span
    }
}

/// The closest zoom: a tenth of a second is then this many times wider than at ×1.
const MAX_ZOOM: f64 = 200.0;

/// The timeline's own state: its zoom (1 shows the whole script), its left edge in
/// seconds, and where and at what scale it was last drawn.
pub struct Zoom {
    pub zoom: f64,
    pub from: f64,
    pub px_per_second: f32,
    pub rect: Option<Rect>,
}

impl Default for Zoom {
    fn default() -> Self {
        Zoom { zoom: 1.0, from: 0.0, px_per_second: 0.0, rect: None }
    }
}

pub fn show(
    ui: &mut egui::Ui,
    data: &Data,
    (view, own): (&View, &mut Zoom),
    id: &DocId,
    script: &LessonScript,
    out: &mut Vec<Command>,
) {
    let bars = plan_bars(script);
    let mut lanes: Vec<Desire> = Vec::new();
    for b in &bars {
        if !lanes.contains(&b.desire) {
            lanes.push(b.desire);
        }
    }
    let last = script.events.last().map_or(0.0, |e| e.at);
    let decay = &data.actions.credit_decay;
    let fade_end = bars
        .iter()
        .filter_map(|b| {
            b.end.map(|e| e + decay.seconds(data.action(&b.action).map_or(ActionCategory::Other, |a| a.category)))
        })
        .fold(last, f64::max);
    let last_start = bars.iter().map(|b| b.start).fold(0.0, f64::max);
    let end = (last.max(1.0) * 1.1 + 0.5).max(last + 2.0).min(fade_end.max(last + 2.0)).max(last_start + 2.0);
    // The hand lane is two rows high: touches too close to share a row alternate.
    let height = RULER + LANE * (lanes.len() as f32 + 2.0) + 8.0;
    let (rect, response) = ui.allocate_exact_size(Vec2::new(ui.available_width(), height), Sense::click());
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals().clone();
    painter.rect_filled(rect, 4.0, visuals.extreme_bg_color);
    let scale = zoom_and_scroll(ui, &response, own, rect, end);
    let font = egui::FontId::proportional(12.0);
    let text_colour = visuals.text_color();

    ruler(&painter, rect, scale, &visuals, &font);
    let pen = Pen { painter: &painter, rect, scale, font: &font, text_colour };
    let mut handles = plans(&pen, data, &bars, &lanes, end);
    hand_lane(&pen, lanes.len(), script, view.lesson_ui.selected, &mut handles);

    // Playhead.
    if let Some(p) = view.lesson_ui.playhead {
        let x = scale.x(p);
        painter.line_segment([Pos2::new(x, rect.top()), Pos2::new(x, rect.bottom())], Stroke::new(2.0, PLAYHEAD));
    }

    drag_events(ui, handles, (id, script), scale, out);
    // A click on the ruler or an empty lane moves the playhead there.
    if response.clicked()
        && let Some(p) = response.interact_pointer_pos()
        && p.x > scale.left
    {
        out.push(Command::Lesson(LessonCommand::Seek(scale.t(p.x).clamp(0.0, end))));
    }
    ui.horizontal(|ui| {
        if own.zoom > 1.0 && ui.small_button(format!("×{:.0} · whole script", own.zoom)).clicked() {
            own.zoom = 1.0;
            own.from = 0.0;
        }
        ui.weak("wheel: zoom · Shift+wheel: scroll · bars: plans (the shaded tail is their credit fading after they end) · H hold · + stroke · − slap · R release");
        if view.lesson_ui.playhead.is_some() && !view.lesson_ui.playing && ui.small_button("show all").clicked() {
            out.push(Command::Lesson(LessonCommand::ShowAll));
        }
    });
}

/// Zooms about the pointer with the wheel (or a pinch) and scrolls in time with
/// Shift+wheel or a sideways scroll; the scale the timeline is then drawn at.
fn zoom_and_scroll(ui: &egui::Ui, response: &egui::Response, ui_state: &mut Zoom, rect: Rect, end: f64) -> Scale {
    let width = rect.width() - GUTTER - 12.0;
    ui_state.zoom = ui_state.zoom.clamp(1.0, MAX_ZOOM);
    let mut scale = Scale { left: rect.left() + GUTTER, width, from: ui_state.from, span: end / ui_state.zoom };
    if let Some(p) = response.hover_pos().filter(|p| p.x > scale.left) {
        let (scroll, pinch, shift) = ui.input(|i| (i.smooth_scroll_delta, i.zoom_delta(), i.modifiers.shift));
        let (wheel, sideways) = if shift { (0.0, scroll.y + scroll.x) } else { (scroll.y, scroll.x) };
        let at = scale.t(p.x);
        let zoom = (ui_state.zoom * f64::from(pinch) * f64::from(wheel / 240.0).exp()).clamp(1.0, MAX_ZOOM);
        if zoom != ui_state.zoom {
            ui_state.zoom = zoom;
            scale.span = end / zoom;
            scale.from = at - f64::from((p.x - scale.left) / width) * scale.span;
        }
        scale.from -= f64::from(sideways / width) * scale.span;
    }
    scale.from = scale.from.clamp(0.0, (end - scale.span).max(0.0));
    ui_state.from = scale.from;
    ui_state.px_per_second = (f64::from(width) / scale.span) as f32;
    ui_state.rect = Some(rect);
    scale
}

/// The ruler: whole seconds, thinned out to keep labels apart.
fn ruler(painter: &egui::Painter, rect: Rect, scale: Scale, visuals: &egui::Visuals, font: &egui::FontId) {
    let step = [0.1, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 300.0, 600.0, 3600.0]
        .into_iter()
        .find(|s| f64::from(scale.width) * s / scale.span >= 48.0)
        .unwrap_or(3600.0);
    let mut t = (scale.from / step).floor() * step;
    while t <= scale.from + scale.span {
        let x = scale.x(t);
        painter.line_segment(
            [Pos2::new(x, rect.top() + RULER - 5.0), Pos2::new(x, rect.bottom())],
            Stroke::new(1.0, visuals.faint_bg_color),
        );
        painter.text(
            Pos2::new(x + 2.0, rect.top() + 3.0),
            egui::Align2::LEFT_TOP,
            format!("{} s", (t * 10.0).round() / 10.0),
            font.clone(),
            visuals.weak_text_color(),
        );
        t += step;
    }
}

/// What every lane is drawn with.
struct Pen<'a> {
    painter: &'a egui::Painter,
    rect: Rect,
    scale: Scale,
    font: &'a egui::FontId,
    text_colour: Color32,
}

impl Pen<'_> {
    /// The rectangle of lane `row` (0 is the first under the ruler).
    fn lane_rect(&self, row: usize) -> Rect {
        let top = self.rect.top() + RULER + LANE * row as f32;
        Rect::from_min_max(Pos2::new(self.rect.left(), top), Pos2::new(self.rect.right(), top + LANE))
    }
}

/// The plans, one lane per desire, with the credit fading after each ends (SPEC §6);
/// the handles of their start and end events.
fn plans(pen: &Pen, data: &Data, bars: &[PlanBar], lanes: &[Desire], end: f64) -> Vec<(usize, Rect)> {
    let decay = &data.actions.credit_decay;
    let mut handles: Vec<(usize, Rect)> = Vec::new();
    for b in bars {
        let row = lanes.iter().position(|d| *d == b.desire).unwrap_or(0);
        let lr = pen.lane_rect(row);
        let category = data.action(&b.action).map_or(ActionCategory::Other, |a| a.category);
        let colour = category_colour(category);
        let x0 = pen.scale.x(b.start);
        let x1 = pen.scale.x(b.end.unwrap_or(end));
        let bar = Rect::from_min_max(Pos2::new(x0, lr.top() + 5.0), Pos2::new(x1.max(x0 + 2.0), lr.bottom() - 5.0));
        pen.painter.rect_filled(bar, 3.0, colour.gamma_multiply(0.8));
        if let Some(e) = b.end {
            let fade = decay.seconds(category);
            let xf = pen.scale.x(e + fade);
            let tail = vec![Pos2::new(x1, bar.top()), Pos2::new(xf, bar.bottom()), Pos2::new(x1, bar.bottom())];
            pen.painter.add(egui::Shape::convex_polygon(tail, colour.gamma_multiply(0.25), Stroke::NONE));
        }
        let label = format!("{} {}", b.action, b.object);
        pen.painter.with_clip_rect(bar.intersect(pen.rect)).text(
            bar.left_center() + Vec2::new(5.0, 0.0),
            egui::Align2::LEFT_CENTER,
            label,
            pen.font.clone(),
            Color32::BLACK,
        );
        handles
            .push((b.start_event, Rect::from_center_size(Pos2::new(x0, bar.center().y), Vec2::new(8.0, bar.height()))));
        if let Some(ev) = b.end_event {
            handles.push((ev, Rect::from_center_size(Pos2::new(x1, bar.center().y), Vec2::new(8.0, bar.height()))));
        }
    }
    for (row, d) in lanes.iter().enumerate() {
        let lr = pen.lane_rect(row);
        pen.painter.text(
            Pos2::new(pen.rect.left() + 6.0, lr.center().y),
            egui::Align2::LEFT_CENTER,
            d.name(),
            pen.font.clone(),
            pen.text_colour,
        );
    }
    handles
}

/// The hand lane below the plans' lanes: hold, stroke, slap, release and give as
/// markers, with their handles.
fn hand_lane(
    pen: &Pen,
    lanes: usize,
    script: &LessonScript,
    selected: Option<usize>,
    handles: &mut Vec<(usize, Rect)>,
) {
    let hand = pen.lane_rect(lanes).union(pen.lane_rect(lanes + 1));
    let mut last: Option<(f32, bool)> = None;
    pen.painter.text(
        Pos2::new(pen.rect.left() + 6.0, hand.center().y),
        egui::Align2::LEFT_CENTER,
        "hand",
        pen.font.clone(),
        pen.text_colour,
    );
    for (i, e) in script.events.iter().enumerate() {
        let (glyph, colour, radius) = match &e.what {
            Do::Hold => ("H", Color32::from_rgb(150, 150, 160), 8.0),
            Do::Stroke => ("+", Color32::from_rgb(80, 190, 100), 8.0),
            Do::Slap(Slap::Gentle) => ("−", Color32::from_rgb(220, 90, 70), 8.0),
            Do::Slap(Slap::Hard) => ("−−", Color32::from_rgb(235, 50, 40), 10.0),
            Do::Release => ("R", PLAYHEAD, 8.0),
            Do::Give { .. } => ("G", Color32::from_rgb(120, 170, 230), 8.0),
            _ => continue,
        };
        let x = pen.scale.x(e.at);
        let low = last.is_some_and(|(lx, low)| x - lx < 20.0 && !low);
        last = Some((x, low));
        let centre = Pos2::new(x, if low { hand.center().y + LANE * 0.45 } else { hand.center().y - LANE * 0.2 });
        if matches!(e.what, Do::Release) {
            pen.painter.line_segment(
                [Pos2::new(centre.x, pen.rect.top() + RULER), Pos2::new(centre.x, hand.top())],
                Stroke::new(1.0, PLAYHEAD.gamma_multiply(0.6)),
            );
        }
        let selected = selected == Some(i);
        pen.painter.circle(
            centre,
            radius,
            colour,
            Stroke::new(if selected { 2.5 } else { 1.0 }, if selected { Color32::WHITE } else { Color32::BLACK }),
        );
        pen.painter.text(centre, egui::Align2::CENTER_CENTER, glyph, egui::FontId::monospace(11.0), Color32::BLACK);
        handles.push((i, Rect::from_center_size(centre, Vec2::splat(radius * 2.0 + 2.0))));
    }
}

/// Dragging an event moves it in time (0.1 s steps; hold Shift for free movement).
fn drag_events(
    ui: &egui::Ui,
    handles: Vec<(usize, Rect)>,
    (id, script): (&DocId, &LessonScript),
    scale: Scale,
    out: &mut Vec<Command>,
) {
    for (i, r) in handles {
        let Some(e) = script.events.get(i) else { continue };
        let resp = ui.interact(r, ui.id().with(("event", id, i)), Sense::click_and_drag()).on_hover_text(format!(
            "{} at {:.2} s — drag to move",
            describe(&e.what),
            e.at
        ));
        if resp.hovered() || resp.dragged() {
            ui.ctx().set_cursor_icon(egui::CursorIcon::ResizeHorizontal);
        }
        if resp.clicked() || resp.drag_started() {
            out.push(Command::Lesson(LessonCommand::SelectEvent(Some(i))));
        }
        if resp.dragged()
            && let Some(p) = resp.interact_pointer_pos()
        {
            let mut at = scale.t(p.x).max(0.0);
            if !ui.input(|i| i.modifiers.shift) {
                at = (at * 10.0).round() / 10.0;
            }
            if (at - e.at).abs() > 1e-9 {
                out.push(Command::Edit(Edit::EventTime { lesson: id.clone(), index: i, at }));
            }
        }
    }
}
