//! The selected decision tree as a node graph (egui-snarl), laid out by
//! [`crate::gui::tree_layout`] top-down, or left to right when a wide tree shows larger
//! that way: questions show their attribute and example count, each wire carries the
//! answer it stands for, leaves show on one line their verdict and object score coloured
//! from bad (red) to good (green). Hovering a question shows its gain ratio and the
//! runner-up's. "Ask the tree" draws the object's path in gold.
//!
//! egui-snarl keeps the nodes, their dragging, selection, pan and zoom. Its wires run
//! from side pins, which suits a left-to-right graph; a tree read top-down wants them
//! from a parent's bottom to its child's top, so the wires are drawn here, in the
//! graph's own layer under the nodes.

use creature_core::data::TreeKind;
use creature_core::mind::score::ScoreCurve;
use creature_core::mind::tree::{Example, Tree, question_gains};
use creature_core::names::Desire;
use egui::emath::TSTransform;
use egui::{Color32, Pos2, Rect, Stroke, Vec2};
use egui_snarl::ui::{NodeLayout, PinInfo, SnarlPin, SnarlStyle, SnarlViewer, SnarlWidget};
use egui_snarl::{InPin, NodeId, OutPin, Snarl};

use crate::gui::command::{Command, kind_name};
use crate::gui::panels::verdict_colour;
use crate::gui::tree_layout::{self, Direction};
use crate::gui::view::View;
use creature_workspace::{DocId, Workspace};

const PATH: Color32 = Color32::from_rgb(255, 200, 40);
const SELECTED: Color32 = Color32::from_rgb(90, 170, 255);
/// The smallest text a fit may leave on screen, in points: below it a node's question
/// and verdict can no longer be read.
pub const MIN_TEXT_POINTS: f32 = 11.0;
/// The size of the nodes' text at a zoom of 1 (egui's body text).
const TEXT_POINTS: f32 = 12.5;
/// The smallest zoom a fit goes down to: the text stays readable, and a tree too large
/// for the panel is shown from its root, to be panned.
const MIN_FIT_SCALE: f32 = MIN_TEXT_POINTS / TEXT_POINTS;

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

/// How a node was drawn: its size, and the offset from its drawn rectangle's corner to
/// its position (the frame's margin), so that the layout can place the rectangle itself.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drawn {
    size: Vec2,
    offset: Vec2,
}

/// What the shown graph was built from; a change rebuilds it.
#[derive(Clone, PartialEq)]
struct Key {
    creature: DocId,
    tree: (Desire, TreeKind),
    examples: Vec<Example>,
    attributes: Vec<String>,
}

/// The graph panel's state.
#[derive(Default)]
pub struct GraphView {
    pub snarl: Snarl<GNode>,
    key: Option<Key>,
    /// The tree the graph shows.
    pub tree: Tree,
    /// The selected node (tree index).
    pub selected: Option<usize>,
    /// Fit the graph into the view on the next frame.
    pub fit: bool,
    /// The node sizes the current positions were laid out for.
    laid_out: Vec<Vec2>,
    /// How each node was last drawn (from `final_node_rect`).
    measured: Vec<Option<Drawn>>,
    /// The tree nodes on the asked object's path.
    pub path: Vec<usize>,
    /// The graph's transform (graph → screen) as last drawn.
    transform: Option<TSTransform>,
    /// A node to bring into the middle of the view on the next frame.
    focus: Option<usize>,
    /// True from a rebuild until the nodes have been drawn and laid out at their size.
    settling: bool,
    /// Per node, the gain ratio of every attribute that splits its examples, best first.
    gains: Vec<Vec<(String, f64)>>,
    /// The node under the pointer, found from where the nodes were drawn.
    hovered: Option<usize>,
    /// Which way the tree grows: chosen at each fit, whichever shows it larger.
    pub direction: Direction,
    /// Questions whose subtrees are folded away (tree indices), kept while the tree is.
    pub folded: std::collections::BTreeSet<usize>,
    /// A graph point to bring into the middle of the view on the next frame (the minimap).
    pub centre_on: Option<Pos2>,
    /// Where the minimap was drawn on screen, while it is shown.
    pub minimap: Option<Rect>,
}

impl GraphView {
    /// Forgets the drawn graph so that the next frame builds it again.
    pub fn invalidate(&mut self) {
        self.key = None;
        self.selected = None;
    }

    /// Brings the graph up to date with the creature's examples of the selected tree.
    pub fn sync(&mut self, ws: &Workspace, creature: &DocId, tree: (Desire, TreeKind)) {
        let Some(c) = ws.creature(creature) else { return };
        // Looking back on the preview's timeline, its creature's trees are those of the
        // shown turn.
        let c = ws.preview_looked_back(creature).unwrap_or(c);
        let memory = c.tree(tree.0, tree.1);
        let key = Key {
            creature: creature.clone(),
            tree,
            examples: memory.examples.clone(),
            attributes: ws.data.attributes.clone(),
        };
        if self.key.as_ref() == Some(&key) {
            return;
        }
        let same_tree = self.key.as_ref().is_some_and(|k| k.creature == key.creature && k.tree == key.tree);
        // The tree the running preview built, when it shows this creature: core built it
        // for the lesson, so it is not built twice.
        self.tree =
            ws.built_tree(creature, tree.0, tree.1).cloned().unwrap_or_else(|| memory.tree(&ws.data.attributes));
        self.gains =
            (0..self.tree.nodes.len()).map(|i| question_gains(&self.tree, &key.attributes, &key.examples, i)).collect();
        if !same_tree {
            self.folded.clear();
        }
        let n = self.tree.nodes.len();
        self.folded.retain(|&f| self.tree.nodes.get(f).is_some_and(|x| !x.is_leaf()));
        if !same_tree || self.selected.is_some_and(|s| s >= n) {
            self.selected = None;
        }
        self.key = Some(key);
        self.rebuild();
    }

    /// Builds the drawn graph from the tree: every node not under a folded question.
    fn rebuild(&mut self) {
        let n = self.tree.nodes.len();
        self.snarl = build_snarl(&self.tree);
        for (i, hidden) in hidden_under(&self.tree, &self.folded).into_iter().enumerate() {
            if hidden {
                self.snarl.remove_node(NodeId(i));
            }
        }
        self.laid_out = (0..n).map(|i| self.snarl.get_node(NodeId(i)).map_or(Vec2::ZERO, estimate_size)).collect();
        self.measured = vec![None; n];
        place(&mut self.snarl, &self.tree, &self.laid_out, &[], self.direction, &self.folded);
        self.fit = true;
        self.settling = true;
    }

    /// Folds question `n`'s subtree away, or unfolds it.
    pub fn toggle_fold(&mut self, n: usize) {
        if !self.folded.remove(&n) && self.tree.nodes.get(n).is_some_and(|x| !x.is_leaf()) {
            self.folded.insert(n);
        }
        self.rebuild();
    }

    /// How many nodes lie under node `n`.
    pub fn below(&self, n: usize) -> usize {
        let mut count = 0;
        let mut stack = vec![n];
        while let Some(v) = stack.pop() {
            for (_, c) in self.tree.nodes.get(v).map_or(&[][..], |x| &x.branches[..]) {
                if *c > v {
                    count += 1;
                    stack.push(*c);
                }
            }
        }
        count
    }

    /// Brings node `n` into the middle of the view once a freshly built graph has been
    /// laid out (a node clicked in a graph already shown stays where it is).
    pub fn focus_on(&mut self, n: Option<usize>) {
        if n.is_some() && self.settling {
            self.focus = n;
        }
    }

    /// The graph's transform (graph → screen) as last drawn.
    pub fn transform(&self) -> Option<TSTransform> {
        self.transform
    }

    /// Where node `n` (tree index) was last drawn on screen.
    pub fn screen_rect(&self, n: usize) -> Option<Rect> {
        let r = node_rects(self).get(n).copied().flatten()?;
        self.transform.map(|t| t * r)
    }

    /// The zoom the graph was last drawn at (1 is full size).
    pub fn scale(&self) -> Option<f32> {
        self.transform.map(|t| t.scaling)
    }

    /// Number of nodes drawn.
    pub fn node_count(&self) -> usize {
        self.snarl.nodes().count()
    }
}

/// The nodes of a tree's graph, one per tree node, in the tree's order (the wires
/// are the tree's branches, drawn by [`paint_wires`]).
pub fn build_snarl(tree: &Tree) -> Snarl<GNode> {
    let curve = ScoreCurve::default();
    let mut snarl = Snarl::new();
    for (i, n) in tree.nodes.iter().enumerate() {
        snarl.insert_node(
            Pos2::ZERO,
            GNode {
                index: i,
                question: n.question.clone(),
                verdict: n.verdict,
                score: curve.score(Some(n.verdict)),
                examples: n.len(),
            },
        );
    }
    snarl
}

/// How big a node will be drawn, before it has been: from the length of its texts.
/// The layout uses this first and the measured size once the node has been drawn.
pub fn estimate_size(n: &GNode) -> Vec2 {
    const CHAR: f32 = 7.2;
    let title = title(n).chars().count() + 3;
    let body = body_text(n).chars().count();
    match n.question {
        Some(_) => Vec2::new((title.max(body) as f32 * CHAR + 28.0).max(90.0), 62.0),
        // A leaf is one line: its verdict, then its score and examples.
        None => Vec2::new(((title + body) as f32 * CHAR + 36.0).max(90.0), 34.0),
    }
}

fn title(n: &GNode) -> String {
    match &n.question {
        Some(q) => format!("{q}?"),
        None => format!("{:+.2}", n.verdict),
    }
}

fn body_text(n: &GNode) -> String {
    match &n.question {
        Some(_) => format!("{} ex · mean {:+.2}", n.examples, n.verdict),
        None => format!("score {:.3} · {} ex", n.score, n.examples),
    }
}

/// A tree as drawn: a folded question has no children.
struct Folded<'a> {
    tree: &'a Tree,
    folded: &'a std::collections::BTreeSet<usize>,
}

impl tree_layout::Shape for Folded<'_> {
    fn len(&self) -> usize {
        self.tree.nodes.len()
    }
    fn children(&self, node: usize) -> Vec<usize> {
        if self.folded.contains(&node) { Vec::new() } else { tree_layout::Shape::children(self.tree, node) }
    }
}

/// For each node of `tree`, whether it lies under a folded question.
pub fn hidden_under(tree: &Tree, folded: &std::collections::BTreeSet<usize>) -> Vec<bool> {
    let mut hidden = vec![false; tree.nodes.len()];
    // Parents come before their children in a built tree.
    for (i, n) in tree.nodes.iter().enumerate() {
        for (_, c) in &n.branches {
            if *c > i && *c < hidden.len() && (hidden[i] || folded.contains(&i)) {
                hidden[*c] = true;
            }
        }
    }
    hidden
}

/// Puts every node where the layout says, given each node's drawn size and (once
/// known) the offset between its position and its drawn rectangle.
fn place(
    snarl: &mut Snarl<GNode>,
    tree: &Tree,
    sizes: &[Vec2],
    measured: &[Option<Drawn>],
    direction: Direction,
    folded: &std::collections::BTreeSet<usize>,
) {
    let pos = tree_layout::layout_towards(&Folded { tree, folded }, sizes, direction);
    for (i, p) in pos.iter().enumerate() {
        if let Some(info) = snarl.get_node_info_mut(NodeId(i)) {
            let offset = measured.get(i).copied().flatten().map_or(Vec2::ZERO, |d| d.offset);
            info.pos = *p + offset;
        }
    }
}

struct Viewer<'a> {
    selected: Option<usize>,
    direction: Direction,
    /// Per node: how many nodes its fold hides (0 when not folded).
    folds: Vec<usize>,
    /// A question whose fold button was pressed.
    toggle: &'a mut Option<usize>,
    centre_on: Option<(Pos2, Rect)>,
    path: &'a [usize],
    measured: &'a mut Vec<Option<Drawn>>,
    out: &'a mut Vec<Command>,
    fit: Option<Rect>,
    /// Pan (keeping the zoom) so that this node rectangle is in the middle of `area`.
    focus: Option<(Rect, Rect)>,
    /// Where the graph's transform (graph → screen) is reported each frame.
    transform: &'a mut Option<TSTransform>,
}

impl Viewer<'_> {
    fn on_path(&self, i: usize) -> bool {
        self.path.contains(&i)
    }
}

impl SnarlViewer<GNode> for Viewer<'_> {
    fn title(&mut self, node: &GNode) -> String {
        title(node)
    }

    fn node_frame(
        &mut self,
        default: egui::Frame,
        node: NodeId,
        _i: &[InPin],
        _o: &[OutPin],
        snarl: &Snarl<GNode>,
    ) -> egui::Frame {
        let Some(n) = snarl.get_node(node) else { return default };
        let mut f = default.inner_margin(6);
        if n.question.is_none() {
            f = f.fill(verdict_colour(n.verdict).gamma_multiply(0.35));
        }
        if self.selected == Some(n.index) {
            f = f.stroke(Stroke::new(2.5, SELECTED));
        } else if self.on_path(n.index) {
            f = f.stroke(Stroke::new(2.5, PATH));
        }
        f
    }

    fn show_header(&mut self, node: NodeId, _i: &[InPin], _o: &[OutPin], ui: &mut egui::Ui, snarl: &mut Snarl<GNode>) {
        let Some(n) = snarl.get_node(node) else { return };
        if n.question.is_some() {
            let hid = self.folds.get(n.index).copied().unwrap_or(0);
            let (label, tip) = if hid > 0 {
                (format!("+{hid}"), format!("Unfold: show the {hid} nodes under this question"))
            } else {
                ("-".to_owned(), "Fold this question's subtree away".to_owned())
            };
            if ui.small_button(label).on_hover_text(tip).clicked() {
                *self.toggle = Some(n.index);
            }
        }
        let text = match &n.question {
            Some(_) => egui::RichText::new(format!("❓ {}", title(n))).strong(),
            None => egui::RichText::new(title(n)).strong().color(verdict_colour(n.verdict)),
        };
        let r = ui
            .add(egui::Label::new(text).sense(egui::Sense::click()).selectable(false))
            .on_hover_text("Select: list this node's examples");
        let leaf = n.question.is_none().then(|| body_text(n));
        let mut clicked = r.clicked();
        if let Some(body) = leaf {
            clicked |= ui.add(egui::Label::new(body).sense(egui::Sense::click()).selectable(false)).clicked();
        }
        if clicked {
            self.out.push(Command::SelectNode(Some(n.index)));
        }
    }

    fn inputs(&mut self, _node: &GNode) -> usize {
        0
    }

    fn outputs(&mut self, _node: &GNode) -> usize {
        0
    }

    fn show_input(&mut self, _pin: &InPin, _ui: &mut egui::Ui, _snarl: &mut Snarl<GNode>) -> impl SnarlPin + 'static {
        PinInfo::circle()
    }

    fn show_output(&mut self, _pin: &OutPin, _ui: &mut egui::Ui, _snarl: &mut Snarl<GNode>) -> impl SnarlPin + 'static {
        PinInfo::circle()
    }

    fn has_body(&mut self, node: &GNode) -> bool {
        node.question.is_some()
    }

    fn show_body(&mut self, node: NodeId, _i: &[InPin], _o: &[OutPin], ui: &mut egui::Ui, snarl: &mut Snarl<GNode>) {
        if let Some(n) = snarl.get_node(node) {
            let r = ui.add(egui::Label::new(body_text(n)).sense(egui::Sense::click()).selectable(false));
            if r.clicked() {
                self.out.push(Command::SelectNode(Some(n.index)));
            }
        }
    }

    fn final_node_rect(&mut self, node: NodeId, rect: Rect, _ui: &mut egui::Ui, snarl: &mut Snarl<GNode>) {
        let pos = snarl.get_node_info(node).map_or(rect.min, |i| i.pos);
        if let Some(m) = self.measured.get_mut(node.0) {
            *m = Some(Drawn { size: rect.size(), offset: pos - rect.min });
        }
    }

    fn connect(&mut self, _from: &OutPin, _to: &InPin, _snarl: &mut Snarl<GNode>) {}
    fn disconnect(&mut self, _from: &OutPin, _to: &InPin, _snarl: &mut Snarl<GNode>) {}
    fn drop_outputs(&mut self, _pin: &OutPin, _snarl: &mut Snarl<GNode>) {}
    fn drop_inputs(&mut self, _pin: &InPin, _snarl: &mut Snarl<GNode>) {}

    fn current_transform(&mut self, to_global: &mut TSTransform, snarl: &mut Snarl<GNode>) {
        *self.transform = Some(*to_global);
        if let Some((node, area)) = self.focus.take() {
            let scale = to_global.scaling;
            *to_global = TSTransform::new(area.center().to_vec2() - node.center().to_vec2() * scale, scale);
            *self.transform = Some(*to_global);
        }
        if let Some((p, area)) = self.centre_on.take() {
            let scale = to_global.scaling;
            *to_global = TSTransform::new(area.center().to_vec2() - p.to_vec2() * scale, scale);
            *self.transform = Some(*to_global);
        }
        let Some(view) = self.fit.take() else { return };
        let rects: Vec<Rect> = snarl
            .nodes_ids_data()
            .map(|(id, info)| match self.measured.get(id.0).copied().flatten() {
                Some(d) => Rect::from_min_size(info.pos - d.offset, d.size),
                None => Rect::from_min_size(info.pos, estimate_size(&info.value)),
            })
            .collect();
        let Some(bounds) = rects.into_iter().reduce(Rect::union) else { return };
        let margin = FIT_MARGIN;
        let fits = fit_scale(view, bounds);
        // Below that zoom the text is unreadable: then keep it readable, with the root
        // in view, and let the person pan (drag) to the rest.
        let min = MIN_FIT_SCALE;
        let scale = fits.clamp(min, 1.0);
        let root = snarl.get_node_info(NodeId(0)).map(|root| {
            let d = self.measured.first().copied().flatten();
            let size = d.map_or_else(|| estimate_size(&root.value), |d| d.size);
            Rect::from_min_size(root.pos - d.map_or(Vec2::ZERO, |d| d.offset), size)
        });
        let translation = match (self.direction, root.filter(|_| fits < min)) {
            // The root at the top, centred.
            (Direction::Down, Some(r)) => {
                Pos2::new(view.center().x, view.min.y + margin) - Vec2::new(r.center().x, bounds.min.y) * scale
            }
            // The root at the left, level with the middle of the view.
            (Direction::Right, Some(r)) => {
                Pos2::new(view.min.x + margin, view.center().y) - Vec2::new(bounds.min.x, r.center().y) * scale
            }
            (Direction::Down, None) => {
                Pos2::new(view.center().x, view.min.y + margin) - bounds.center_top().to_vec2() * scale
            }
            (Direction::Right, None) => view.center() - bounds.center().to_vec2() * scale,
        };
        *to_global = TSTransform::new(translation.to_vec2(), scale);
        *self.transform = Some(*to_global);
    }
}

/// Room left around a fitted tree, in points.
const FIT_MARGIN: f32 = 24.0;

/// The zoom at which `bounds` fits `view` with a margin.
fn fit_scale(view: Rect, bounds: Rect) -> f32 {
    ((view.width() - 2.0 * FIT_MARGIN) / bounds.width()).min((view.height() - 2.0 * FIT_MARGIN) / bounds.height())
}

/// Top-down, unless the tree on its side fits `view` at a clearly larger zoom (a wide,
/// shallow tree in a panel that is not much wider than tall).
pub fn best_direction(
    tree: &Tree,
    folded: &std::collections::BTreeSet<usize>,
    sizes: &[Vec2],
    view: Rect,
) -> Direction {
    let shape = Folded { tree, folded };
    let hidden = hidden_under(tree, folded);
    let shown = |p: Vec<Pos2>| -> Rect {
        p.iter()
            .zip(sizes)
            .zip(&hidden)
            .filter(|(_, h)| !**h)
            .map(|((p, s), _)| Rect::from_min_size(*p, *s))
            .reduce(Rect::union)
            .unwrap_or(Rect::ZERO)
    };
    let scale = |d| fit_scale(view, shown(tree_layout::layout_towards(&shape, sizes, d)));
    if scale(Direction::Right) > 1.05 * scale(Direction::Down) { Direction::Right } else { Direction::Down }
}

/// What the builder weighed at a question: its gain ratio and the runner-up's.
pub fn gain_text(question: &str, gains: &[(String, f64)]) -> Option<String> {
    let (best, rest) = gains.split_first()?;
    let runner = match rest.first() {
        Some((a, g)) => format!("runner-up {a}? {g:.3}"),
        None => "no other question splits its examples".to_owned(),
    };
    Some(format!("{question}? gain ratio {:.3} · {runner}", best.1))
}

/// The drawn rectangle of every node by tree index, in graph coordinates; `None` for a
/// node folded away.
pub(crate) fn node_rects(g: &GraphView) -> Vec<Option<Rect>> {
    (0..g.tree.nodes.len())
        .map(|i| {
            let info = g.snarl.get_node_info(NodeId(i))?;
            Some(match g.measured.get(i).copied().flatten() {
                Some(d) => Rect::from_min_size(info.pos - d.offset, d.size),
                None => Rect::from_min_size(info.pos, estimate_size(&info.value)),
            })
        })
        .collect()
}

/// The branches as curves from a question to each child (bottom to top, or right side
/// to left side), each with its answer written near the child; the asked path in gold.
fn paint_wires(painter: &egui::Painter, g: &GraphView) {
    let rects = node_rects(g);
    let font = egui::FontId::proportional(12.0);
    for (i, n) in g.tree.nodes.iter().enumerate() {
        let Some(from) = rects.get(i).copied().flatten() else { continue };
        for (answer, c) in &n.branches {
            let Some(to) = rects.get(*c).copied().flatten() else { continue };
            let on = g.path.contains(&i) && g.path.contains(c);
            let (colour, width) = if on { (PATH, 3.0) } else { (Color32::from_gray(120), 1.5) };
            let (a, b) = match g.direction {
                Direction::Down => (from.center_bottom(), to.center_top()),
                Direction::Right => (from.right_center(), to.left_center()),
            };
            let bend = match g.direction {
                Direction::Down => Vec2::new(0.0, (b.y - a.y) * 0.5),
                Direction::Right => Vec2::new((b.x - a.x) * 0.5, 0.0),
            };
            let curve = egui::epaint::CubicBezierShape::from_points_stroke(
                [a, a + bend, b - bend, b],
                false,
                Color32::TRANSPARENT,
                Stroke::new(width, colour),
            );
            let label_at = curve.sample(0.78);
            painter.add(curve);
            let text_colour = if on { PATH } else { Color32::from_gray(210) };
            let galley = painter.layout_no_wrap(answer.clone(), font.clone(), text_colour);
            let r = Rect::from_center_size(label_at, galley.size() + Vec2::new(8.0, 2.0));
            painter.rect_filled(r, 3.0, Color32::from_rgba_unmultiplied(30, 30, 30, 230));
            painter.galley(r.min + Vec2::new(4.0, 1.0), galley, text_colour);
        }
    }
}

pub fn show(ui: &mut egui::Ui, ws: &Workspace, view: &mut View, out: &mut Vec<Command>) {
    let Some(creature) = view.creature.clone() else {
        ui.weak("Open a creature (Project, creatures) to see its decision trees.");
        return;
    };
    let (d, k) = view.tree;
    view.graph.sync(ws, &creature, view.tree);
    let path: Vec<usize> = if view.examples.asking {
        let e = view.graph.tree.explain(&view.examples.draft.answers);
        let mut p: Vec<usize> = e.steps.iter().map(|s| s.node).chain(e.node).collect();
        p.dedup();
        p
    } else {
        Vec::new()
    };
    // A new answer to "ask the tree" brings the node it reaches into view.
    if path != view.graph.path {
        view.graph.focus = path.last().copied();
    }
    view.graph.path = path;
    let g = &mut view.graph;
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("{d} {} of {}", kind_name(k), creature.label()));
        let c = ws.creature(&creature).map(|c| c.tree(d, k));
        let n = c.map_or(0, |m| m.examples.len());
        ui.label(format!("{} nodes · {} leaves · {n}/16 examples", g.tree.nodes.len(), g.tree.leaves()));
        let fit_tip = "Lay the tree out again and fit it to the view at a readable size (Ctrl+0)";
        if ui.button("⛶ Fit").on_hover_text(fit_tip).clicked() {
            out.push(Command::FitGraph);
        }
        ui.weak("drag: pan · Ctrl+wheel: zoom · -/+ folds a question");
        if view.examples.asking {
            ui.colored_label(PATH, "asking: the gold path");
        }
    });
    // The question under the pointer (or the selected one): what it gained over the rest.
    let weighed = g.hovered.or(g.selected).and_then(|i| {
        let q = g.tree.nodes.get(i)?.question.as_deref()?;
        gain_text(q, g.gains.get(i)?)
    });
    match weighed {
        Some(t) => ui.label(t),
        None => ui.weak("hover a question for its gain ratio and the runner-up"),
    };
    if g.tree.is_empty() {
        ui.add_space(20.0);
        ui.vertical_centered(|ui| {
            ui.label("This tree has no examples, so it has no verdict: every object is unknown (score 0.100).");
            ui.weak("Add an example in the Examples panel and the tree grows.");
        });
        return;
    }
    let area = ui.available_rect_before_wrap();
    let fit = if g.fit { Some(area) } else { None };
    if g.fit {
        // A fit lays the tree out afresh with the sizes nodes were drawn at.
        let sizes: Vec<Vec2> = g.measured.iter().zip(&g.laid_out).map(|(m, e)| m.map_or(*e, |d| d.size)).collect();
        g.direction = best_direction(&g.tree, &g.folded, &sizes, area);
        place(&mut g.snarl, &g.tree, &sizes, &g.measured, g.direction, &g.folded);
        g.laid_out = sizes;
        g.fit = false;
    }
    let mut style = SnarlStyle::new();
    style.node_layout = Some(NodeLayout::coil());
    style.collapsible = Some(false);
    style.header_drag_space = Some(Vec2::ZERO);
    let snarl_id = ui.id().with(("tree-graph", d.index(), k == TreeKind::ActOn));
    let drawn_with = g.transform;
    if let Some(t) = g.transform {
        let layer = egui::LayerId::new(ui.layer_id().order, snarl_id);
        let clip = t.inverse() * area;
        // The clip is in graph coordinates: set it, not intersected with the screen's.
        let mut painter = ui.ctx().layer_painter(layer);
        painter.set_clip_rect(clip);
        paint_wires(&painter, g);
    } else {
        ui.ctx().request_repaint();
    }
    let focus = if fit.is_none() {
        g.focus.take().and_then(|n| node_rects(g).get(n).copied().flatten().map(|r| (r, area)))
    } else {
        None
    };
    let folds: Vec<usize> =
        (0..g.tree.nodes.len()).map(|i| if g.folded.contains(&i) { g.below(i) } else { 0 }).collect();
    let mut toggle = None;
    let centre_on = g.centre_on.take().map(|p| (p, area));
    let mut viewer = Viewer {
        selected: g.selected,
        direction: g.direction,
        folds,
        toggle: &mut toggle,
        centre_on,
        path: &g.path,
        measured: &mut g.measured,
        out,
        fit,
        focus,
        transform: &mut g.transform,
    };
    SnarlWidget::new().id(snarl_id).style(style).show(&mut g.snarl, &mut viewer, ui);
    let hovered = ui.ctx().pointer_hover_pos().filter(|p| area.contains(*p)).and_then(|p| {
        let t = g.transform?;
        node_rects(g).iter().position(|r| r.is_some_and(|r| (t * r).contains(p)))
    });
    if hovered != g.hovered {
        g.hovered = hovered;
        ui.ctx().request_repaint();
    }
    // The wires were drawn with last frame's view; when the view moved, draw again.
    if g.transform != drawn_with {
        ui.ctx().request_repaint();
    }
    // Once every node has been drawn, lay out again with the real sizes (fonts differ
    // from the estimate) so that nothing overlaps.
    super::graph_minimap::show(ui, g, area);
    if let Some(n) = toggle {
        g.toggle_fold(n);
        ui.ctx().request_repaint();
        return;
    }
    // Every node drawn (those folded away are not) has been measured.
    let drawn = |i: usize| g.snarl.get_node(NodeId(i)).is_some();
    if (0..g.measured.len()).all(|i| !drawn(i) || g.measured[i].is_some()) {
        let sizes: Vec<Vec2> = g.measured.iter().zip(&g.laid_out).map(|(m, e)| m.map_or(*e, |d| d.size)).collect();
        let moved = sizes.iter().zip(&g.laid_out).any(|(a, b)| (*a - *b).length() > 0.5);
        if moved {
            place(&mut g.snarl, &g.tree, &sizes, &g.measured, g.direction, &g.folded);
            g.laid_out = sizes;
            // Until the sizes settle after a rebuild (text measured at the fitted zoom
            // may differ again), each new layout is fitted afresh; later changes of
            // size (a highlighted frame) keep the person's pan and zoom.
            g.fit |= g.settling;
            ui.ctx().request_repaint();
        } else {
            g.settling = false;
        }
    }
}
