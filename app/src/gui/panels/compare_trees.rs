//! Two versions of one decision tree drawn side by side for Compare: the tree graph's
//! own layout (left to right), fitted to each column, questions grey and leaves
//! coloured by their verdict, each answer on its wire.

use creature_core::mind::tree::Tree;
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Vec2};

use crate::gui::panels::verdict_colour;
use crate::gui::tree_layout::{self, Direction};

const NODE_TEXT: f32 = 11.0;

fn label(tree: &Tree, i: usize) -> String {
    let n = &tree.nodes[i];
    match &n.question {
        Some(q) => format!("{q}? {} ex", n.len()),
        None => format!("{:+.2} · {} ex", n.verdict, n.len()),
    }
}

/// Draws `tree` in a box `height` points high, as wide as the column.
pub fn draw(ui: &mut egui::Ui, tree: &Tree, height: f32) {
    let (rect, _) = ui.allocate_exact_size(Vec2::new(ui.available_width(), height), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, ui.visuals().extreme_bg_color);
    if tree.is_empty() {
        painter.text(rect.center(), Align2::CENTER_CENTER, "no examples", FontId::proportional(12.0), Color32::GRAY);
        return;
    }
    let sizes: Vec<Vec2> =
        (0..tree.nodes.len()).map(|i| Vec2::new(label(tree, i).chars().count() as f32 * 6.6 + 12.0, 20.0)).collect();
    let pos = tree_layout::layout_towards(tree, &sizes, Direction::Right);
    let bounds = tree_layout::bounds(&pos, &sizes);
    let inner = rect.shrink(6.0);
    let scale = (inner.width() / bounds.width()).min(inner.height() / bounds.height()).min(1.0);
    let offset = inner.center() - bounds.center().to_vec2() * scale;
    let at = |p: Pos2| offset + p.to_vec2() * scale;
    let rects: Vec<Rect> = pos.iter().zip(&sizes).map(|(p, s)| Rect::from_min_max(at(*p), at(*p + *s))).collect();
    let font = FontId::proportional((NODE_TEXT * scale).max(6.0));
    for (i, n) in tree.nodes.iter().enumerate() {
        for (answer, c) in &n.branches {
            let (a, b) = (rects[i].right_center(), rects[*c].left_center());
            painter.line_segment([a, b], Stroke::new(1.0, Color32::from_gray(120)));
            let mid = a + (b - a) * 0.6;
            painter.text(mid, Align2::CENTER_BOTTOM, answer, font.clone(), Color32::from_gray(200));
        }
    }
    for (i, n) in tree.nodes.iter().enumerate() {
        let fill = if n.is_leaf() { verdict_colour(n.verdict).gamma_multiply(0.5) } else { Color32::from_gray(60) };
        painter.rect_filled(rects[i], 3.0, fill);
        painter.text(rects[i].center(), Align2::CENTER_CENTER, label(tree, i), font.clone(), Color32::WHITE);
    }
}
