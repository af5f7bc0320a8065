//! The selected decision tree as a node graph (egui-snarl), laid out by
//! [`crate::gui::tree_layout::layout`]: questions show their attribute and example
//! count, each output pin (and the wire from it) carries an answer, leaves show their
//! verdict and object score coloured from bad (red) to good (green). "Ask the tree"
//! draws the object's path in gold.

use creature_core::data::TreeKind;
use creature_core::mind::score::ScoreCurve;
use creature_core::mind::tree::{Example, Tree};
use creature_core::names::Desire;
use egui::emath::TSTransform;
use egui::{Color32, Pos2, Rect, Stroke, Vec2};
use egui_snarl::ui::{NodeLayout, PinInfo, PinPlacement, SnarlPin, SnarlStyle, SnarlViewer, SnarlWidget, WireStyle};
use egui_snarl::{InPin, InPinId, NodeId, OutPin, OutPinId, Snarl};

use crate::gui::command::{Command, kind_name};
use crate::gui::panels::verdict_colour;
use crate::gui::tree_layout;
use crate::gui::view::View;
use crate::gui::workspace::{DocId, Workspace};

const PATH: Color32 = Color32::from_rgb(255, 200, 40);
const SELECTED: Color32 = Color32::from_rgb(90, 170, 255);

/// One node of the drawn tree.
#[derive(Clone, Debug, PartialEq)]
pub struct GNode {
    /// Index in the built tree's nodes.
    pub index: usize,
    pub question: Option<String>,
    pub verdict: f64,
    pub score: f64,
    pub examples: usize,
    /// The answers of the branches, in output pin order.
    pub answers: Vec<String>,
    /// The answer that leads here from the parent.
    pub via: Option<String>,
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
        self.tree = memory.tree(&ws.data.attributes);
        self.snarl = build_snarl(&self.tree);
        self.laid_out = self.snarl.nodes().map(estimate_size).collect();
        self.measured = vec![None; self.tree.nodes.len()];
        place(&mut self.snarl, &self.tree, &self.laid_out, &[]);
        if !same_tree || self.selected.is_some_and(|s| s >= self.tree.nodes.len()) {
            self.selected = None;
        }
        self.fit = true;
        self.key = Some(key);
    }

    /// Number of nodes drawn.
    pub fn node_count(&self) -> usize {
        self.snarl.nodes().count()
    }
}

/// The graph of a tree: one node per tree node, one wire per branch (output pin k of a
/// question goes to its k-th child).
pub fn build_snarl(tree: &Tree) -> Snarl<GNode> {
    let curve = ScoreCurve::default();
    let mut via = vec![None; tree.nodes.len()];
    for n in &tree.nodes {
        for (a, c) in &n.branches {
            if let Some(v) = via.get_mut(*c) {
                *v = Some(a.clone());
            }
        }
    }
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
                answers: n.branches.iter().map(|(a, _)| a.clone()).collect(),
                via: via[i].clone(),
            },
        );
    }
    for (i, n) in tree.nodes.iter().enumerate() {
        for (k, (_, c)) in n.branches.iter().enumerate() {
            snarl.connect(OutPinId { node: NodeId(i), output: k }, InPinId { node: NodeId(*c), input: 0 });
        }
    }
    snarl
}

/// How big a node will be drawn, before it has been: from the length of its texts.
/// The layout uses this first and the measured size once the node has been drawn.
pub fn estimate_size(n: &GNode) -> Vec2 {
    const CHAR: f32 = 7.2;
    const ROW: f32 = 22.0;
    let title = title(n).chars().count();
    let body = body_text(n).chars().count();
    let pins = n.answers.iter().map(|a| a.chars().count() + 2).max().unwrap_or(0);
    let via = n.via.as_ref().map_or(0, |v| v.chars().count() + 2);
    let width = (title.max(body) as f32).max((pins + via) as f32 + 4.0) * CHAR + 36.0;
    let rows = n.answers.len().max(usize::from(n.via.is_some()));
    Vec2::new(width.max(110.0), 30.0 + ROW + rows as f32 * ROW + 10.0)
}

fn title(n: &GNode) -> String {
    match &n.question {
        Some(q) => format!("{q}?"),
        None => format!("{:+.2}", n.verdict),
    }
}

fn body_text(n: &GNode) -> String {
    let ex = if n.examples == 1 { "1 example".to_owned() } else { format!("{} examples", n.examples) };
    match &n.question {
        Some(_) => format!("{ex} · verdict {:+.2}", n.verdict),
        None => format!("score {:.3} · {ex}", n.score),
    }
}

/// Puts every node where the layout says, given each node's drawn size and (once
/// known) the offset between its position and its drawn rectangle.
fn place(snarl: &mut Snarl<GNode>, tree: &Tree, sizes: &[Vec2], measured: &[Option<Drawn>]) {
    let pos = tree_layout::layout(tree, sizes);
    for (i, p) in pos.iter().enumerate() {
        if let Some(info) = snarl.get_node_info_mut(NodeId(i)) {
            let offset = measured.get(i).copied().flatten().map_or(Vec2::ZERO, |d| d.offset);
            info.pos = *p + offset;
        }
    }
}

struct Viewer<'a> {
    selected: Option<usize>,
    path: &'a [usize],
    measured: &'a mut Vec<Option<Drawn>>,
    out: &'a mut Vec<Command>,
    fit: Option<Rect>,
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
        let text = match &n.question {
            Some(_) => egui::RichText::new(format!("❓ {}", title(n))).strong(),
            None => egui::RichText::new(format!("verdict {}", title(n))).strong().color(verdict_colour(n.verdict)),
        };
        let r = ui
            .add(egui::Label::new(text).sense(egui::Sense::click()).selectable(false))
            .on_hover_text("Select: list this node's examples");
        if r.clicked() {
            self.out.push(Command::SelectNode(Some(n.index)));
        }
    }

    fn inputs(&mut self, node: &GNode) -> usize {
        usize::from(node.via.is_some())
    }

    fn outputs(&mut self, node: &GNode) -> usize {
        node.answers.len()
    }

    fn show_input(&mut self, pin: &InPin, ui: &mut egui::Ui, snarl: &mut Snarl<GNode>) -> impl SnarlPin + 'static {
        let (via, on) = snarl
            .get_node(pin.id.node)
            .map_or((String::new(), false), |n| (n.via.clone().unwrap_or_default(), self.on_path(n.index)));
        ui.label(egui::RichText::new(format!("= {via}")).weak());
        let c = if on { PATH } else { Color32::GRAY };
        PinInfo::circle().with_fill(c)
    }

    fn show_output(&mut self, pin: &OutPin, ui: &mut egui::Ui, snarl: &mut Snarl<GNode>) -> impl SnarlPin + 'static {
        let Some(n) = snarl.get_node(pin.id.node) else { return PinInfo::circle() };
        let answer = n.answers.get(pin.id.output).cloned().unwrap_or_default();
        let child_on_path = pin.remotes.first().is_some_and(|r| self.on_path(r.node.0)) && self.on_path(n.index);
        let text = egui::RichText::new(format!("{answer} ➡"));
        ui.label(if child_on_path { text.color(PATH).strong() } else { text });
        let c = if child_on_path { PATH } else { Color32::from_gray(150) };
        PinInfo::circle().with_fill(c).with_wire_color(c).with_wire_style(WireStyle::Bezier5)
    }

    fn has_body(&mut self, _node: &GNode) -> bool {
        true
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
        let Some(view) = self.fit.take() else { return };
        let rects: Vec<Rect> = snarl
            .nodes_info()
            .enumerate()
            .map(|(i, info)| match self.measured.get(i).copied().flatten() {
                Some(d) => Rect::from_min_size(info.pos - d.offset, d.size),
                None => Rect::from_min_size(info.pos, estimate_size(&info.value)),
            })
            .collect();
        let Some(bounds) = rects.into_iter().reduce(Rect::union) else { return };
        let margin = 24.0;
        let scale = ((view.width() - 2.0 * margin) / bounds.width())
            .min((view.height() - 2.0 * margin) / bounds.height())
            .clamp(0.25, 1.0);
        let top_centre = Pos2::new(bounds.center().x, bounds.min.y);
        let translation = Pos2::new(view.center().x, view.min.y + margin) - top_centre.to_vec2() * scale;
        *to_global = TSTransform::new(translation.to_vec2(), scale);
    }
}

pub fn show(ui: &mut egui::Ui, ws: &Workspace, view: &mut View, out: &mut Vec<Command>) {
    let Some(creature) = view.creature.clone() else {
        ui.weak("Open a creature (Project, creatures) to see its decision trees.");
        return;
    };
    let (d, k) = view.tree;
    view.graph.sync(ws, &creature, view.tree);
    view.graph.path = if view.examples.asking {
        let e = view.graph.tree.explain(&view.examples.draft.answers);
        e.steps.iter().map(|s| s.node).chain(e.node).collect()
    } else {
        Vec::new()
    };
    let g = &mut view.graph;
    ui.horizontal(|ui| {
        ui.strong(format!("{d} {}", kind_name(k)));
        let c = ws.creature(&creature).map(|c| c.tree(d, k));
        let n = c.map_or(0, |m| m.examples.len());
        ui.label(format!("{} nodes · {} leaves · {n}/16 examples", g.tree.nodes.len(), g.tree.leaves()));
        if ui.button("⛶ Fit").on_hover_text("Lay the tree out again and fit it to the view (Ctrl+0)").clicked() {
            out.push(Command::FitGraph);
        }
        if view.examples.asking {
            ui.colored_label(PATH, "asking: the gold path");
        }
    });
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
        place(&mut g.snarl, &g.tree, &sizes, &g.measured);
        g.laid_out = sizes;
        g.fit = false;
    }
    let mut style = SnarlStyle::new();
    style.node_layout = Some(NodeLayout::coil());
    style.pin_placement = Some(PinPlacement::Edge);
    style.collapsible = Some(false);
    style.wire_width = Some(2.0);
    style.wire_style = Some(WireStyle::Bezier5);
    let mut viewer = Viewer { selected: g.selected, path: &g.path, measured: &mut g.measured, out, fit };
    SnarlWidget::new().id_salt(("tree-graph", d.index(), k == TreeKind::ActOn)).style(style).show(
        &mut g.snarl,
        &mut viewer,
        ui,
    );
    // Once every node has been drawn, lay out again with the real sizes (fonts differ
    // from the estimate) so that nothing overlaps.
    if g.measured.iter().all(Option::is_some) {
        let sizes: Vec<Vec2> = g.measured.iter().flatten().map(|d| d.size).collect();
        let moved = sizes.iter().zip(&g.laid_out).any(|(a, b)| (*a - *b).length() > 0.5);
        if moved {
            place(&mut g.snarl, &g.tree, &sizes, &g.measured);
            g.laid_out = sizes;
            g.fit = true;
            ui.ctx().request_repaint();
        }
    }
}
