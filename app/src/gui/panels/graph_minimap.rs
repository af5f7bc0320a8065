//! The tree graph's minimap: every drawn node in small, with the part of the graph the
//! view shows outlined. Clicking or dragging in it moves the view there. It is shown
//! only while some of the graph is out of view, in a column of its own beside the
//! graph, so that it never covers a node.

use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2};

use crate::gui::panels::verdict_colour;
use crate::gui::view::graph::{GraphView, node_rects};

const SIZE: Vec2 = Vec2::new(140.0, 90.0);
const MARGIN: f32 = 8.0;

/// The column beside the graph where the minimap goes, at the right of `whole` (the
/// panel's room for the graph); `None` where the panel is too small to spare it.
pub fn column(whole: Rect) -> Option<Rect> {
    let width = SIZE.x + 2.0 * MARGIN;
    (whole.width() >= 3.0 * width && whole.height() >= SIZE.y + 2.0 * MARGIN)
        .then(|| Rect::from_min_max(egui::pos2(whole.max.x - width, whole.min.y), whole.max))
}

/// Whether every node shown was in `area` as the graph was last drawn.
pub fn all_in_view(g: &GraphView, area: Rect) -> bool {
    let Some(t) = g.transform() else { return true };
    let seen = t.inverse() * area;
    node_rects(g).into_iter().flatten().all(|r| seen.contains_rect(r))
}

/// Draws the minimap at the top of `column`, beside `area` (the graph's screen rect).
pub fn show(ui: &egui::Ui, g: &mut GraphView, area: Rect, column: Rect) {
    g.minimap = None;
    let Some(t) = g.transform() else { return };
    let rects: Vec<(usize, Rect)> = node_rects(g).into_iter().enumerate().filter_map(|(i, r)| Some((i, r?))).collect();
    let Some(bounds) = rects.iter().map(|(_, r)| *r).reduce(Rect::union) else { return };
    let seen = t.inverse() * area;
    let frame = Rect::from_min_size(column.min + egui::vec2(MARGIN, MARGIN), SIZE);
    g.minimap = Some(frame);
    let inner = frame.shrink(4.0);
    let scale = (inner.width() / bounds.width()).min(inner.height() / bounds.height());
    let offset = inner.center() - bounds.center().to_vec2() * scale;
    let to_map = |p: Pos2| offset + p.to_vec2() * scale;
    let to_graph = |p: Pos2| ((p - offset) / scale).to_pos2();
    egui::Area::new(ui.id().with("tree-minimap")).fixed_pos(frame.min).order(egui::Order::Middle).show(
        ui.ctx(),
        |ui| {
            let (rect, resp) = ui.allocate_exact_size(SIZE, Sense::click_and_drag());
            let painter = ui.painter_at(rect);
            painter.rect_filled(rect, 4.0, Color32::from_rgba_unmultiplied(18, 18, 18, 225));
            painter.rect_stroke(rect, 4.0, Stroke::new(1.0, Color32::from_gray(90)), egui::StrokeKind::Inside);
            for (i, r) in &rects {
                let colour = match g.tree.nodes.get(*i) {
                    Some(n) if n.is_leaf() => verdict_colour(n.verdict),
                    _ => Color32::from_gray(170),
                };
                let r = Rect::from_two_pos(to_map(r.min), to_map(r.max));
                painter.rect_filled(r, 1.0, colour);
            }
            let view = Rect::from_two_pos(to_map(seen.min), to_map(seen.max)).intersect(rect);
            painter.rect_stroke(view, 1.0, Stroke::new(1.5, Color32::from_rgb(90, 170, 255)), egui::StrokeKind::Inside);
            if let Some(p) = resp.interact_pointer_pos()
                && (resp.clicked() || resp.dragged())
            {
                g.centre_on = Some(to_graph(p));
                ui.ctx().request_repaint();
            }
            resp.on_hover_text("The whole tree: click or drag to move the view");
        },
    );
}
