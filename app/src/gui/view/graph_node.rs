//! One node of the tree graph as drawn: where its fold button, its title and its second
//! line go, and how large it is, worked out from the font's measures before the node is
//! drawn. The layout places nodes by these sizes and the graph draws each node at
//! exactly its size, so the first frame is laid out as the last and two runs draw the
//! same pixels.

use creature_core::mind::tree::Tree;
use creature_core::mind::usefulness::UsefulnessCurve;
use egui::{Pos2, Rect, Vec2};
use egui_snarl::Snarl;

/// One node of the drawn tree.
#[derive(Clone, Debug, PartialEq)]
pub struct GNode {
    /// Index in the built tree's nodes.
    pub index: usize,
    pub question: Option<String>,
    pub verdict: f64,
    pub score: f64,
    pub examples: usize,
}

/// The nodes of a tree's graph, one per tree node, in the tree's order (the wires
/// are the tree's branches, drawn by the graph panel).
pub fn build_snarl(tree: &Tree) -> Snarl<GNode> {
    let curve = UsefulnessCurve::default();
    let mut snarl = Snarl::new();
    for (i, n) in tree.nodes.iter().enumerate() {
        snarl.insert_node(
            Pos2::ZERO,
            GNode {
                index: i,
                question: n.question.clone(),
                verdict: n.verdict,
                score: curve.usefulness(Some(n.verdict)),
                examples: n.len(),
            },
        );
    }
    snarl
}

/// A node's title: its question, or a leaf's verdict.
pub(crate) fn title(n: &GNode) -> String {
    match &n.question {
        Some(q) => format!("{q}?"),
        None => format!("{:+.2}", n.verdict),
    }
}

/// A node's second text: a question's examples and mean, a leaf's score and examples.
pub(crate) fn body_text(n: &GNode) -> String {
    match &n.question {
        Some(_) => format!("{} ex · mean {:+.2}", n.examples, n.verdict),
        None => format!("score {:.3} · {} ex", n.score, n.examples),
    }
}

/// The frame's inner margin, in points.
pub const INNER_MARGIN: i8 = 6;
/// The frame's stroke, the same width on every node (only its colour says selected, on
/// the path or found), so that no node changes size when it is picked.
pub const STROKE: f32 = 2.0;
/// Room the frame takes on each side of a node's content.
pub const FRAME: f32 = INNER_MARGIN as f32 + STROKE;
/// Between the fold button and the title, and between a leaf's verdict and its line.
const GAP: f32 = 6.0;
/// Between a question's two lines.
const ROW_GAP: f32 = 2.0;
/// The fold button's room either side of its text.
const FOLD_PAD: f32 = 4.0;
/// The widest fold label the button makes room for, whatever it says now.
const WIDEST_FOLD: &str = "+99";

/// Where each part of a node goes, relative to its content's top-left corner, and the
/// content's size (the frame goes around it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Parts {
    pub size: Vec2,
    /// A question's fold button.
    pub fold: Option<Rect>,
    pub title: Rect,
    pub body: Rect,
}

/// A node's title as drawn: a question's with its mark.
#[must_use]
pub fn shown_title(n: &GNode) -> String {
    match n.question {
        Some(_) => format!("❓ {}", title(n)),
        None => title(n),
    }
}

/// The parts of node `n`, given `text`, the size of one line of the graph's text.
pub fn parts(n: &GNode, text: &dyn Fn(&str) -> Vec2) -> Parts {
    let t = text(&shown_title(n));
    let b = text(&body_text(n));
    match n.question {
        Some(_) => {
            let f = text(WIDEST_FOLD);
            let fold = Rect::from_min_size(egui::Pos2::ZERO, Vec2::new(f.x + 2.0 * FOLD_PAD, t.y.max(f.y)));
            let title = Rect::from_min_size(egui::pos2(fold.max.x + GAP, 0.0), t);
            let row = fold.height().max(t.y);
            let body = Rect::from_min_size(egui::pos2(0.0, row + ROW_GAP), b);
            let size = Vec2::new(title.max.x.max(body.max.x), body.max.y);
            Parts { size: size.ceil(), fold: Some(fold), title, body }
        }
        None => {
            let title = Rect::from_min_size(egui::Pos2::ZERO, t);
            let body = Rect::from_min_size(egui::pos2(t.x + GAP, 0.0), b);
            let size = Vec2::new(body.max.x, t.y.max(b.y));
            Parts { size: size.ceil(), fold: None, title, body }
        }
    }
}

/// The size the layout gives node `n`: its content and its frame.
pub fn outer_size(n: &GNode, text: &dyn Fn(&str) -> Vec2) -> Vec2 {
    parts(n, text).size + Vec2::splat(2.0 * FRAME)
}

/// One line of the graph's text measured by the font `ctx` draws it with.
pub fn measure(ctx: &egui::Context) -> impl Fn(&str) -> Vec2 + '_ {
    let font = egui::TextStyle::Body.resolve(&ctx.global_style());
    move |s: &str| ctx.fonts_mut(|f| f.layout_no_wrap(s.to_owned(), font.clone(), egui::Color32::WHITE).size())
}

/// One line measured without a font, at an even width per character: for tests of the
/// layout, which need sizes but no window.
#[must_use]
pub fn estimate(s: &str) -> Vec2 {
    Vec2::new(s.chars().count() as f32 * 7.2, 16.0)
}

/// The size a node is laid out at before a window measures it: from the length of its
/// texts (the layout's tests use it).
pub fn estimate_size(n: &GNode) -> Vec2 {
    outer_size(n, &estimate)
}
