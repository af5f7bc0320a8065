//! The preview's map of the village: areas, things, the creature with a line to its
//! plan's object, and the player's hand.
//!
//! - It fills its panel; the wheel (or a pinch) zooms about the pointer, dragging pans,
//!   a double click shows the whole village again.
//! - A legend names the letters and the colours.
//! - Labels never overlap: each takes the first free place around its object, or none
//!   (the object's tooltip still names it).
//! - Clicking an object (while the hand holds nothing) inspects it: its beliefs and its
//!   score by each of the creature's trees that has examples.
//! - The hand follows the pointer; while the hand holds the creature a click strokes
//!   and a right click slaps (with Shift: hard).

use creature_core::cond::Cond;
use creature_core::mind::hand::Slap;
use creature_core::names::Desire;
use creature_core::species::data::TreeKind;
use creature_core::species::rules::Kind;
use creature_core::watched::Watched;
use creature_core::world::sim::{Act, Sim};
use egui::{Align2, Color32, FontId, Pos2, Rect, Stroke, Vec2};

use crate::gui::command::{Command, DockCommand, PreviewCommand};
use creature_workspace::live_preview::LivePreview;

/// The preview map's zoom, pan and inspected object.
#[derive(Clone, Debug, PartialEq)]
pub struct MapUi {
    /// 1 shows the whole village.
    pub zoom: f32,
    /// The view's centre, in metres from the village's centre.
    pub pan: egui::Vec2,
    /// The object whose beliefs and scores are shown.
    pub inspect: Option<String>,
    /// The action the inspector's deed does.
    pub deed: String,
    /// The miracle the inspector casts.
    pub miracle: String,
    /// Where the map was last drawn: the screen point of the view's centre, the world
    /// point there, and points per metre.
    pub drawn: Option<(egui::Pos2, (f32, f32), f32)>,
}

impl MapUi {
    /// Where a village point was last drawn on screen.
    pub fn to_screen(&self, (x, y): (f64, f64)) -> Option<egui::Pos2> {
        let (centre, world, scale) = self.drawn?;
        Some(centre + egui::vec2(x as f32 - world.0, y as f32 - world.1) * scale)
    }
}

impl Default for MapUi {
    fn default() -> Self {
        Self {
            zoom: 1.0,
            pan: egui::Vec2::ZERO,
            inspect: None,
            deed: String::new(),
            miracle: String::new(),
            drawn: None,
        }
    }
}

/// The closest and the farthest zoom.
const ZOOM: (f32, f32) = (1.0, 12.0);

pub fn kind_style(k: Kind) -> (Color32, &'static str) {
    use egui::Color32 as C;
    match k {
        Kind::Villager => (C::from_rgb(240, 200, 150), "V"),
        Kind::Sheep => (C::from_rgb(245, 245, 245), "S"),
        Kind::Wolf => (C::from_rgb(120, 120, 130), "W"),
        Kind::StoragePit => (C::from_rgb(170, 120, 60), "P"),
        Kind::Rock => (C::from_rgb(150, 150, 150), "R"),
        Kind::Tree => (C::from_rgb(40, 130, 50), "T"),
        Kind::Water => (C::from_rgb(70, 130, 220), ""),
        Kind::Altar => (C::from_rgb(220, 190, 60), "A"),
        Kind::Pen => (C::from_rgb(150, 110, 70), ""),
        Kind::Town => (C::from_rgb(200, 150, 110), ""),
        Kind::Field => (C::from_rgb(200, 190, 90), ""),
        Kind::Hill => (C::from_rgb(110, 140, 90), ""),
        Kind::Creature => (C::from_rgb(180, 100, 60), "C"),
        Kind::WarmPlace => (C::from_rgb(240, 120, 60), ""),
        Kind::ColdPlace => (C::from_rgb(150, 200, 240), ""),
        Kind::Hand => (C::from_rgb(255, 230, 200), "✋"),
        Kind::Myself => (C::TRANSPARENT, ""),
        // A kind of the designer's own: a thing marked as such, named on hover.
        Kind::Custom(_) => (C::from_rgb(200, 120, 220), "•"),
    }
}

fn is_area(k: Kind) -> bool {
    matches!(k, Kind::Water | Kind::Pen | Kind::Town | Kind::Field | Kind::Hill | Kind::WarmPlace | Kind::ColdPlace)
}

/// The letters and colours, in the order the legend lists them.
const LEGEND: [Kind; 14] = [
    Kind::Villager,
    Kind::Sheep,
    Kind::Wolf,
    Kind::StoragePit,
    Kind::Rock,
    Kind::Tree,
    Kind::Altar,
    Kind::Creature,
    Kind::Water,
    Kind::Pen,
    Kind::Town,
    Kind::Field,
    Kind::Hill,
    Kind::WarmPlace,
];

/// Places labels one after another, each at the first of its candidate rectangles that
/// overlaps no label placed before and lies inside `bounds`.
pub struct Labels {
    bounds: Rect,
    placed: Vec<Rect>,
}

impl Labels {
    pub fn new(bounds: Rect) -> Labels {
        Labels { bounds, placed: Vec::new() }
    }

    /// The first candidate inside the bounds, taken whatever it covers.
    pub fn force(&mut self, candidates: impl IntoIterator<Item = Rect>) -> Option<Rect> {
        let first = candidates.into_iter().find(|r| self.bounds.contains_rect(*r))?;
        self.placed.push(first);
        Some(first)
    }

    /// Keeps `r` free of labels (an object's icon).
    pub fn occupy(&mut self, r: Rect) {
        self.placed.push(r);
    }

    /// The first free candidate, now taken; `None` when every candidate collides.
    pub fn place(&mut self, candidates: impl IntoIterator<Item = Rect>) -> Option<Rect> {
        let free = candidates
            .into_iter()
            .find(|r| self.bounds.contains_rect(*r) && self.placed.iter().all(|p| !p.intersects(*r)))?;
        self.placed.push(free);
        Some(free)
    }
}

/// Around a point: centred, above, below, right, left (`size` the label's, `gap` from
/// the point's edge).
fn around(c: Pos2, size: Vec2, gap: f32) -> [Rect; 5] {
    let half = size / 2.0;
    [
        Rect::from_center_size(c, size),
        Rect::from_center_size(c - Vec2::new(0.0, gap + half.y), size),
        Rect::from_center_size(c + Vec2::new(0.0, gap + half.y), size),
        Rect::from_center_size(c + Vec2::new(gap + half.x, 0.0), size),
        Rect::from_center_size(c - Vec2::new(gap + half.x, 0.0), size),
    ]
}

/// World ↔ screen for the map at its zoom and pan.
#[derive(Clone, Copy)]
struct View {
    centre: Pos2,
    world_centre: (f32, f32),
    scale: f32,
}

impl View {
    fn to_screen(self, (x, y): (f64, f64)) -> Pos2 {
        self.centre + Vec2::new(x as f32 - self.world_centre.0, y as f32 - self.world_centre.1) * self.scale
    }
    fn to_world(self, p: Pos2) -> (f64, f64) {
        let d = (p - self.centre) / self.scale;
        (f64::from(self.world_centre.0 + d.x), f64::from(self.world_centre.1 + d.y))
    }
}

pub fn show(ui: &mut egui::Ui, p: &LivePreview, map: &mut MapUi, out: &mut Vec<Command>) {
    let sim = p.shown();
    let v = sim.village();
    let size = ui.available_size().max(Vec2::splat(120.0));
    let (whole, resp) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
    // The legend has a strip of its own under the village, never over it; on a small
    // map there is none (its letters' hover says them).
    let legend_at = legend_frame(whole);
    let rect = legend_at.map_or(whole, |l| Rect::from_min_max(whole.min, Pos2::new(whole.max.x, l.min.y - 4.0)));
    let (w, h) = (v.size.0.max(1.0) as f32, v.size.1.max(1.0) as f32);
    let fit = (rect.width() / w).min(rect.height() / h);
    let holding = sim.teaching().hand.holding;
    zoom_and_pan(ui, &resp, map, rect, (w, h), holding);
    let vw = view(map, rect, w, h, fit);
    map.drawn = Some((vw.centre, vw.world_centre, vw.scale));
    let s = vw.scale;
    ui.painter_at(whole).rect_filled(whole, 0.0, Color32::from_gray(24));
    let painter = ui.painter_at(rect);
    let night = v.night(sim.time()) as f32;
    let grass = Color32::from_rgb(92, 140, 70).lerp_to_gamma(Color32::from_rgb(30, 40, 60), night * 0.7);
    let ground = Rect::from_two_pos(vw.to_screen((0.0, 0.0)), vw.to_screen((f64::from(w), f64::from(h))));
    painter.rect_filled(ground, 4.0, grass);
    let hovered = resp.hover_pos();
    let mut tip = None;
    // The object under the pointer: a thing before an area, then the nearest.
    let mut near: Option<(usize, f32, usize)> = None;
    let mut labels = Labels::new(rect);
    let me = vw.to_screen(sim.position());
    let name_font = FontId::proportional(12.0);
    let name = painter.layout_no_wrap(sim.creature().name.clone(), name_font, Color32::WHITE);
    // No name covers a thing's icon, the creature's or the hand's.
    for (i, o) in v.objects.iter().enumerate() {
        if i != v.me && i != v.hand && o.present && !is_area(o.kind) {
            let r = 6.0_f32.max(o.radius as f32 * vw.scale).min(14.0);
            labels.occupy(Rect::from_center_size(vw.to_screen(o.pos), Vec2::splat(2.0 * r)));
        }
    }
    labels.occupy(Rect::from_center_size(me, Vec2::splat(22.0)));
    if let Some(hand) = v.objects.get(v.hand) {
        labels.occupy(Rect::from_center_size(vw.to_screen(hand.pos), Vec2::splat(20.0)));
    }
    // The creature's name is placed first, so no other name covers it.
    // The creature is always named: where every place beside it covers a thing, the
    // first place in the map does.
    let size = name.size() + Vec2::splat(4.0);
    let beside = around(me, size, 12.0).into_iter().skip(1);
    let farther = around(me, size, 30.0).into_iter().skip(1);
    let name_at = labels.place(beside.clone().chain(farther)).or_else(|| labels.force(beside));
    let mut area_labels = Vec::new();
    // Areas first, then things, then the creature and the hand on top.
    for pass in 0..2 {
        for (i, o) in v.objects.iter().enumerate() {
            if i == v.me || i == v.hand || !o.present || is_area(o.kind) != (pass == 0) {
                continue;
            }
            let (colour, letter) = kind_style(o.kind);
            let c = vw.to_screen(o.pos);
            let r = if pass == 0 { (o.radius as f32 * s).max(6.0) } else { 6.0_f32.max(o.radius as f32 * s).min(14.0) };
            if pass == 0 {
                painter.circle(c, r, colour.gamma_multiply(0.45), Stroke::new(1.0, colour));
                area_labels.push((c, r, o.id.clone()));
            } else {
                let fill = if o.alive { colour } else { colour.gamma_multiply(0.4) };
                painter.circle(c, r, fill, Stroke::new(1.0, Color32::BLACK));
                painter.text(c, Align2::CENTER_CENTER, letter, FontId::monospace(10.0), Color32::BLACK);
            }
            if map.inspect.as_deref() == Some(o.id.as_str()) {
                painter.circle_stroke(c, r + 4.0, Stroke::new(2.0, Color32::from_rgb(90, 170, 255)));
            }
            if let Some(hp) = hovered {
                let d = hp.distance(c);
                let hit = if pass == 0 { d <= r } else { d < r.max(10.0) };
                if hit && near.is_none_or(|(np, nd, _)| pass > np || (pass == np && d < nd)) {
                    near = Some((pass, d, i));
                    tip = Some(format!("{} ({}) at ({:.0}, {:.0})", o.id, sim.kind_name(o.kind), o.pos.0, o.pos.1));
                }
            }
        }
    }
    // Area names, larger areas first, each where it overlaps no other name.
    area_labels.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (c, r, id) in area_labels {
        let galley = painter.layout_no_wrap(id, FontId::proportional(11.0), Color32::WHITE);
        if let Some(at) = labels.place(around(c, galley.size() + Vec2::splat(2.0), r.min(10.0))) {
            painter.galley(at.min + Vec2::splat(1.0), galley, Color32::WHITE);
        }
    }
    if let Some(plan) = sim.plan()
        && let Some(o) = v.find(&plan.object).and_then(|i| v.objects.get(i))
    {
        let target = vw.to_screen(o.pos);
        painter.line_segment([me, target], Stroke::new(1.5, Color32::from_rgba_unmultiplied(255, 255, 255, 140)));
        painter.circle_stroke(target, 12.0, Stroke::new(2.0, Color32::YELLOW));
    }
    let ring = if holding { Color32::YELLOW } else { Color32::BLACK };
    painter.circle(me, 11.0, Color32::from_rgb(170, 90, 50), Stroke::new(2.0, ring));
    if let Some(at) = name_at {
        painter.galley(at.min + Vec2::splat(2.0), name, Color32::WHITE);
    }
    if let Some(hand) = v.objects.get(v.hand) {
        let c = vw.to_screen(hand.pos);
        painter.text(c, Align2::CENTER_CENTER, "✋", FontId::proportional(20.0), Color32::from_rgb(255, 235, 210));
    }
    if let Some(frame) = legend_at {
        legend(&ui.painter_at(whole), frame);
    }
    if map.zoom > 1.0 {
        let at = Rect::from_min_size(rect.right_top() + Vec2::new(-150.0, 6.0), Vec2::new(144.0, 20.0));
        let whole = ui.put(at, egui::Button::new(format!("×{:.1} · whole village", map.zoom)).small());
        if whole.on_hover_text("Or double-click the map").clicked() {
            map.zoom = 1.0;
            map.pan = Vec2::ZERO;
        }
    }
    if let Some(t) = tip {
        resp.clone().on_hover_text(t);
    }
    let near = near.map(|(.., i)| v.objects[i].id.as_str());
    hand_input(&resp, vw, holding, near, map, out);
}

/// Zooms about the pointer (wheel or pinch) and pans by dragging while the hand holds
/// nothing; a double click shows the whole village again.
fn zoom_and_pan(ui: &egui::Ui, resp: &egui::Response, map: &mut MapUi, rect: Rect, (w, h): (f32, f32), holding: bool) {
    let fit = (rect.width() / w).min(rect.height() / h);
    if let Some(hp) = resp.hover_pos() {
        let (scroll, pinch) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
        let factor = pinch * (scroll / 240.0).exp();
        if factor != 1.0 {
            let before = view(map, rect, w, h, fit).to_world(hp);
            map.zoom = (map.zoom * factor).clamp(ZOOM.0, ZOOM.1);
            let after = view(map, rect, w, h, fit).to_world(hp);
            map.pan += Vec2::new((before.0 - after.0) as f32, (before.1 - after.1) as f32);
        }
    }
    if resp.dragged() && !holding {
        map.pan -= resp.drag_delta() / (fit * map.zoom);
    }
    if resp.double_clicked() {
        map.zoom = 1.0;
        map.pan = Vec2::ZERO;
    }
    map.pan.x = map.pan.x.clamp(-w / 2.0, w / 2.0);
    map.pan.y = map.pan.y.clamp(-h / 2.0, h / 2.0);
}

/// What the pointer does to the village: the hand follows it; holding the creature, a
/// click strokes and a right click slaps (hard with Shift); otherwise a click inspects
/// the object `near` it.
fn hand_input(
    resp: &egui::Response,
    vw: View,
    holding: bool,
    near: Option<&str>,
    map: &mut MapUi,
    out: &mut Vec<Command>,
) {
    // The hand follows the pointer.
    if let Some(hp) = resp.hover_pos()
        && resp.ctx.input(|i| i.pointer.delta() != Vec2::ZERO)
        && vw.scale > 0.0
    {
        let (x, y) = vw.to_world(hp);
        out.push(Command::Preview(PreviewCommand::Act(Act::Hand { x, y })));
    }
    if holding {
        if resp.clicked() {
            out.push(Command::Preview(PreviewCommand::Act(Act::Stroke)));
        }
        if resp.secondary_clicked() {
            let hard = resp.ctx.input(|i| i.modifiers.shift);
            let slap = if hard { Slap::Hard } else { Slap::Gentle };
            out.push(Command::Preview(PreviewCommand::Act(Act::Slap(slap))));
        }
    } else if resp.clicked() {
        map.inspect = near.map(str::to_owned);
    }
}

fn view(map: &MapUi, rect: Rect, w: f32, h: f32, fit: f32) -> View {
    View { centre: rect.center(), world_centre: (w / 2.0 + map.pan.x, h / 2.0 + map.pan.y), scale: fit * map.zoom }
}

/// Where the legend goes: a box of two columns at the bottom left of the map's `area`,
/// under the village; `None` on a map too small to spare it the room.
fn legend_frame(area: Rect) -> Option<Rect> {
    let rows = LEGEND.len().div_ceil(2);
    let size = Vec2::new(2.0 * LEGEND_COLUMN + 4.0, LEGEND_ROW * rows as f32 + 8.0);
    (size.y * 3.5 <= area.height() && size.x * 2.0 <= area.width())
        .then(|| Rect::from_min_size(area.left_bottom() + Vec2::new(6.0, -size.y - 4.0), size))
}

/// A legend row's height and a column's width.
const LEGEND_ROW: f32 = 13.0;
const LEGEND_COLUMN: f32 = 86.0;

/// The letters and colours in `frame`, in two columns.
fn legend(painter: &egui::Painter, frame: Rect) {
    let font = FontId::proportional(10.5);
    let rows = LEGEND.len().div_ceil(2);
    painter.rect_filled(frame, 4.0, Color32::from_rgba_unmultiplied(20, 20, 20, 200));
    for (n, k) in LEGEND.iter().enumerate() {
        let (colour, letter) = kind_style(*k);
        let c = frame.min + Vec2::new(10.0 + LEGEND_COLUMN * (n / rows) as f32, 10.0 + LEGEND_ROW * (n % rows) as f32);
        if is_area(*k) {
            painter.circle(c, 5.0, colour.gamma_multiply(0.45), Stroke::new(1.0, colour));
        } else {
            painter.circle(c, 5.5, colour, Stroke::new(1.0, Color32::BLACK));
            painter.text(c, Align2::CENTER_CENTER, letter, FontId::monospace(8.0), Color32::BLACK);
        }
        painter.text(c + Vec2::new(10.0, 0.0), Align2::LEFT_CENTER, k.name(), font.clone(), Color32::from_gray(225));
    }
}

/// The inspected object: its beliefs, and its score by each of the creature's trees
/// that has examples (every other tree gives the unknown's score).
pub fn inspector(ui: &mut egui::Ui, sim: &Sim, map: &mut MapUi, out: &mut Vec<Command>) {
    let Some(id) = map.inspect.clone() else { return };
    let v = sim.village();
    let Some(o) = v.find(&id).and_then(|i| v.objects.get(i)) else {
        map.inspect = None;
        return;
    };
    ui.horizontal(|ui| {
        ui.strong(format!("{} · {}", o.id, sim.kind_name(o.kind)));
        if ui.small_button("✖").on_hover_text("Stop inspecting").clicked() {
            map.inspect = None;
        }
    });
    let beliefs: Vec<String> = o.answers.iter().map(|(a, v)| format!("{a}: {v}")).collect();
    ui.label(egui::RichText::new(beliefs.join(" · ")).small());
    player_acts(ui, sim, &o.id, map, out);
    let hint = "Pause the preview when the creature starts a plan on this object";
    if ui.small_button("Break on a plan on it").on_hover_text(hint).clicked() {
        let cond = Cond::PlanStarted { desire: None, action: None, object: Some(o.id.clone()), kind: None };
        out.push(Command::Preview(PreviewCommand::AddBreakpoint(cond.text())));
    }
    let hint = "Plot the object's Hunger ActOn score over the whole run in Watches";
    if ui.small_button("Watch its Hunger score").on_hover_text(hint).clicked() {
        let watch = Watched::Score { desire: Desire::Hunger, tree: TreeKind::ActOn, object: o.id.clone() };
        out.push(Command::Preview(PreviewCommand::AddWatch(watch.text())));
        out.push(Command::Dock(DockCommand::Show(super::watches::TAB)));
    }
    let c = sim.creature();
    egui::Grid::new("pv-inspect").striped(true).spacing([10.0, 2.0]).show(ui, |ui| {
        ui.strong("tree");
        ui.strong("Activity");
        ui.strong("ActOn");
        ui.end_row();
        let mut any = false;
        for &d in Desire::ALL {
            let kinds = [TreeKind::Activity, TreeKind::ActOn];
            if kinds.iter().all(|k| c.tree(d, *k).examples.is_empty()) {
                continue;
            }
            any = true;
            ui.label(d.to_string());
            for k in kinds {
                let text = match sim.usefulness(d, k, &o.id) {
                    Ok(s) => format!("{s:.3}"),
                    Err(e) => e,
                };
                ui.monospace(text);
            }
            ui.end_row();
        }
        if !any {
            ui.weak("no tree has examples yet: every score is the unknown's");
            ui.end_row();
        }
    });
}

/// What the player can do with the inspected object: give it to the creature, cast a
/// miracle on it, or do a deed on it for the creature to see (SPEC §16's `Give`,
/// `Miracle` and `Deed`, kept among the preview's inputs like a touch).
fn player_acts(ui: &mut egui::Ui, sim: &Sim, id: &str, map: &mut MapUi, out: &mut Vec<Command>) {
    let act = |out: &mut Vec<Command>, a: Act| out.push(Command::Preview(PreviewCommand::Act(a)));
    let pick = |ui: &mut egui::Ui, salt: &str, chosen: &mut String, names: Vec<String>| {
        if !names.contains(chosen) {
            *chosen = names.first().cloned().unwrap_or_default();
        }
        egui::ComboBox::from_id_salt(salt).width(80.0).selected_text(chosen.clone()).show_ui(ui, |ui| {
            for n in names {
                ui.selectable_value(chosen, n.clone(), n);
            }
        });
    };
    // One act a row, so that each stays whole in the narrowest side panel.
    if ui.small_button("Give to the creature").on_hover_text("From phase 1 it takes what it is given").clicked() {
        act(out, Act::Give { object: id.to_owned() });
    }
    ui.horizontal(|ui| {
        pick(ui, "pv-miracle", &mut map.miracle, sim.world().watch.miracle_base.keys().cloned().collect());
        if ui.small_button("Cast").on_hover_text("Cast the miracle on this object").clicked() {
            act(out, Act::Miracle { name: map.miracle.clone(), on: Some(id.to_owned()) });
        }
    });
    ui.horizontal(|ui| {
        pick(ui, "pv-deed", &mut map.deed, sim.data().actions.actions.iter().map(|a| a.name.clone()).collect());
        let hint = "Do this to the object where the creature can see: from phase 3, on the learning leash, it may copy";
        if ui.small_button("Do it").on_hover_text(hint).clicked() {
            act(out, Act::Deed { action: map.deed.clone(), object: id.to_owned(), desire: None });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placed_labels_never_overlap_and_stay_inside() {
        // The example village's crowded corner: many labels wanting nearly one place.
        let bounds = Rect::from_min_size(Pos2::ZERO, Vec2::new(300.0, 200.0));
        let mut labels = Labels::new(bounds);
        let mut placed = Vec::new();
        for i in 0..40 {
            let c = Pos2::new(100.0 + (i % 7) as f32 * 9.0, 80.0 + (i % 5) as f32 * 7.0);
            if let Some(r) = labels.place(around(c, Vec2::new(60.0, 14.0), 8.0)) {
                placed.push(r);
            }
        }
        assert!(placed.len() >= 5, "only {} of 40 labels found a place", placed.len());
        assert!(placed.len() < 40, "crowded labels are dropped, not stacked");
        for (i, a) in placed.iter().enumerate() {
            assert!(bounds.contains_rect(*a));
            for b in &placed[i + 1..] {
                assert!(!a.intersects(*b), "{a:?} overlaps {b:?}");
            }
        }
    }
}
