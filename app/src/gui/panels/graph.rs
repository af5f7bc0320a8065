//! The selected decision tree as a node graph (egui-snarl), laid out by
//! [`crate::gui::tree_layout`] top-down, or left to right when a wide tree shows larger
//! that way: questions show their attribute and example count, each wire carries the
//! answer it stands for, leaves show on one line their verdict and usefulness coloured
//! from bad (red) to good (green). Hovering a question shows its gain ratio and the
//! runner-up's. "Ask the tree" draws the object's path in gold.
//!
//! egui-snarl keeps the nodes, their dragging, selection, pan and zoom. Its wires run
//! from side pins, which suits a left-to-right graph; a tree read top-down wants them
//! from a parent's bottom to its child's top, so the wires are drawn here, in the
//! graph's own layer under the nodes.

use creature_core::species::data::TreeKind;
use egui::emath::TSTransform;
use egui::{Color32, Pos2, Rect, Stroke, Vec2};
use egui_snarl::ui::{NodeLayout, PinInfo, SnarlPin, SnarlStyle, SnarlViewer, SnarlWidget};
use egui_snarl::{InPin, NodeId, OutPin, Snarl};

use super::graph_header::{PATH, gain_text, gold_path, header};
use super::graph_menu::NodeMenu;
use super::{Cx, Home, Panel, graph_game, graph_heat};
use crate::gui::command::{Command, GameCommand, SelectCommand, Tab};
use crate::gui::panels::verdict_colour;
use crate::gui::tree_layout::Direction;
use crate::gui::view::View;
use crate::gui::view::graph::{FIT_MARGIN, GNode, GraphView, body_text, fit_scale, node_rects, title};
use crate::gui::view::graph_node::{self, Parts};
use creature_workspace::Workspace;
use creature_workspace::live_preview::LivePreview;

const SELECTED: Color32 = Color32::from_rgb(90, 170, 255);
/// A node the search found.
const FOUND: Color32 = Color32::from_rgb(235, 90, 235);
/// The smallest text a fit may leave on screen, in points: below it a node's question
/// and verdict can no longer be read.
pub const MIN_TEXT_POINTS: f32 = 11.0;
/// The size of the nodes' text at a zoom of 1 (egui's body text).
const TEXT_POINTS: f32 = 12.5;
/// The smallest zoom a fit goes down to: the text stays readable, and a tree too large
/// for the panel is shown from its root, to be panned.
const MIN_FIT_SCALE: f32 = MIN_TEXT_POINTS / TEXT_POINTS;

struct Viewer<'a> {
    selected: Option<usize>,
    direction: Direction,
    /// Per node: how many nodes its fold hides (0 when not folded).
    folds: Vec<usize>,
    /// A question whose fold button was pressed.
    toggle: &'a mut Option<usize>,
    centre_on: Option<(Pos2, Rect)>,
    path: &'a [usize],
    /// The nodes the search found.
    found: &'a [usize],
    /// Per node, where its parts go (by tree index).
    parts: Vec<Parts>,
    /// Per node, how often the preview's creature asked the tree and the answer passed
    /// it, over the heat's window of `heat_seconds`.
    heat: Option<&'a [u32]>,
    heat_seconds: f64,
    /// Each node's right-click menu.
    menu: NodeMenu<'a>,
    /// Per node, what the builder weighed there (for the tooltips).
    gains: &'a [Vec<(String, f64)>],
    /// Where each node was drawn (its frame, in graph coordinates).
    drawn: &'a mut Vec<Option<Rect>>,
    out: &'a mut Vec<Command>,
    /// A fit to make this frame: the view, and the laid-out tree's bounds.
    fit: Option<(Rect, Rect)>,
    /// Pan (keeping the zoom) so that this node rectangle is in the middle of `area`.
    focus: Option<(Rect, Rect)>,
    /// Where the graph's transform (graph → screen) is reported each frame.
    transform: &'a mut Option<TSTransform>,
    /// The root's rectangle (graph coordinates), where a fit puts it in view.
    root: Option<Rect>,
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
        // No shadow: nodes drawn in another order (egui-snarl's order is not kept from
        // run to run) would darken their neighbours differently.
        let mut f = default.inner_margin(graph_node::INNER_MARGIN).outer_margin(0).shadow(egui::Shadow::NONE);
        if n.question.is_none() {
            f = f.fill(verdict_colour(n.verdict).gamma_multiply(0.35));
        }
        f = graph_heat::tint(f, graph_heat::share(self.heat, n.index));
        // Every node's stroke is as wide: its colour alone says what it is, so the node
        // keeps the size the layout gave it.
        let colour = if self.selected == Some(n.index) {
            SELECTED
        } else if self.found.contains(&n.index) {
            FOUND
        } else if self.on_path(n.index) {
            PATH
        } else {
            default.stroke.color
        };
        f.stroke(Stroke::new(graph_node::STROKE, colour))
    }

    fn header_frame(
        &mut self,
        _default: egui::Frame,
        _node: NodeId,
        _i: &[InPin],
        _o: &[OutPin],
        _snarl: &Snarl<GNode>,
    ) -> egui::Frame {
        egui::Frame::NONE
    }

    fn has_node_style(&mut self, _node: NodeId, _i: &[InPin], _o: &[OutPin], _snarl: &Snarl<GNode>) -> bool {
        true
    }

    /// No spacing inside a node: it is exactly its content and its frame.
    fn apply_node_style(
        &mut self,
        style: &mut egui::Style,
        _n: NodeId,
        _i: &[InPin],
        _o: &[OutPin],
        _s: &Snarl<GNode>,
    ) {
        style.spacing.item_spacing = Vec2::ZERO;
    }

    fn show_header(&mut self, node: NodeId, _i: &[InPin], _o: &[OutPin], ui: &mut egui::Ui, snarl: &mut Snarl<GNode>) {
        let Some(n) = snarl.get_node(node) else { return };
        let Some(parts) = self.parts.get(n.index).copied() else { return };
        let (rect, r) = ui.allocate_exact_size(parts.size, egui::Sense::click());
        let at = |p: Rect| p.translate(rect.min.to_vec2());
        let font = egui::TextStyle::Body.resolve(ui.style());
        let painter = ui.painter();
        if let Some(fold) = parts.fold {
            let hid = self.folds.get(n.index).copied().unwrap_or(0);
            let (label, tip) = if hid > 0 {
                (format!("+{hid}"), format!("Unfold: show the {hid} nodes under this question"))
            } else {
                ("-".to_owned(), "Fold this question's subtree away".to_owned())
            };
            let b = ui.interact(at(fold), ui.id().with(("fold", n.index)), egui::Sense::click()).on_hover_text(tip);
            b.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &label));
            let look = ui.style().interact(&b);
            painter.rect(at(fold), 3.0, look.weak_bg_fill, look.bg_stroke, egui::StrokeKind::Inside);
            painter.text(at(fold).center(), egui::Align2::CENTER_CENTER, label, font.clone(), look.text_color());
            if b.clicked() {
                *self.toggle = Some(n.index);
            }
        }
        let title_colour = match n.question {
            Some(_) => ui.visuals().strong_text_color(),
            None => verdict_colour(n.verdict),
        };
        painter.text(
            at(parts.title).min,
            egui::Align2::LEFT_TOP,
            graph_node::shown_title(n),
            font.clone(),
            title_colour,
        );
        painter.text(at(parts.body).min, egui::Align2::LEFT_TOP, body_text(n), font, ui.visuals().text_color());
        // A question's tooltip says what the builder weighed there.
        let weighed = n.question.as_deref().and_then(|q| gain_text(q, self.gains.get(n.index)?));
        let heat = graph_heat::hover_line(self.heat, self.heat_seconds, n.index);
        let tip: Vec<String> =
            weighed.into_iter().chain(heat).chain(["Click: list this node's examples".to_owned()]).collect();
        let tip = format!("{}\nRight click: break or watch from here", tip.join("\n"));
        let r = r.on_hover_text(tip);
        let found = if self.found.contains(&n.index) { " (found)" } else { "" };
        let said = format!("{} {}{found}", graph_node::shown_title(n), body_text(n));
        r.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Label, true, &said));
        let (menu, out) = (&self.menu, &mut *self.out);
        r.context_menu(|ui| menu.show(ui, n.index, out));
        if r.clicked() {
            self.out.push(Command::Select(SelectCommand::Node(Some(n.index))));
        }
    }

    fn has_node_menu(&mut self, _node: &GNode) -> bool {
        true
    }

    fn show_node_menu(
        &mut self,
        node: NodeId,
        _i: &[InPin],
        _o: &[OutPin],
        ui: &mut egui::Ui,
        snarl: &mut Snarl<GNode>,
    ) {
        if let Some(n) = snarl.get_node(node) {
            self.menu.show(ui, n.index, self.out);
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

    fn has_body(&mut self, _node: &GNode) -> bool {
        false
    }

    fn final_node_rect(&mut self, node: NodeId, rect: Rect, _ui: &mut egui::Ui, _snarl: &mut Snarl<GNode>) {
        if let Some(d) = self.drawn.get_mut(node.0) {
            *d = Some(rect);
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
        let Some((view, bounds)) = self.fit.take() else { return };
        let margin = FIT_MARGIN;
        let fits = fit_scale(view, bounds);
        // Below that zoom the text is unreadable: then keep it readable, with the root
        // in view, and let the person pan (drag) to the rest.
        let min = MIN_FIT_SCALE;
        let scale = fits.clamp(min, 1.0);
        let root = snarl.get_node_info(NodeId(0)).and(self.root);
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
            let label_at = curve.sample(0.6);
            painter.add(curve);
            let text_colour = if on { PATH } else { Color32::from_gray(210) };
            let galley = painter.layout_no_wrap(answer.clone(), font.clone(), text_colour);
            let r = Rect::from_center_size(label_at, galley.size() + Vec2::new(8.0, 2.0));
            painter.rect_filled(r, 3.0, Color32::from_rgba_unmultiplied(30, 30, 30, 230));
            painter.galley(r.min + Vec2::new(4.0, 1.0), galley, text_colour);
        }
    }
}

/// This panel's tab.
pub const TAB: Tab = Tab::new("TreeGraph", "Tree");

/// The tree graph: it owns its layout, folds, search and heat; the tree and node it
/// shows are the view's selection.
#[derive(Default)]
pub struct GraphPanel {
    pub graph: GraphView,
    /// The selected node as last seen, to bring a newly selected one into view.
    seen_node: Option<usize>,
}

impl Panel for GraphPanel {
    fn tab(&self) -> Tab {
        TAB
    }

    fn home(&self) -> Home {
        Home::Pictures
    }

    fn scroll_bars(&self) -> [bool; 2] {
        [false, false]
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut Cx<'_>) {
        show(ui, cx.ws, cx.view, self, cx.out);
    }
}

pub fn show(ui: &mut egui::Ui, ws: &Workspace, view: &View, panel: &mut GraphPanel, out: &mut Vec<Command>) {
    if let Some(id) = view.focus.game() {
        // The heat of the tree shown is asked of the game while it is on.
        let wanted = graph_heat::wanted(&panel.graph, view.tree);
        if ws.game.as_ref().is_some_and(|g| g.heat_wanted() != wanted) {
            out.push(Command::Game(GameCommand::WantHeat(wanted)));
        }
        let mut node = view.node;
        let Some((who, examples, note)) = graph_game::sync(ui, ws, view, &mut panel.graph, id, &mut node) else {
            return;
        };
        follow_node(panel, view, node, out);
        draw(ui, view, panel, (&who, examples, note), node, None, out);
        return;
    }
    let Some(creature) = view.focus.creature().cloned() else {
        ui.weak("Open a creature (Project, creatures) to see its decision trees.");
        return;
    };
    let (d, k) = view.tree;
    let g = &mut panel.graph;
    // A node the tree no longer has is let go.
    let mut node = view.node;
    g.sync(ws, &creature, view.tree, view.tree_changed, &mut node);
    follow_node(panel, view, node, out);
    let g = &mut panel.graph;
    // The preview's own build of this tree, when the graph shows the preview's creature.
    let built = ws.built_tree(&creature, d, k);
    graph_heat::update(ws, g, built, view.tree);
    let note = gold_path(ws, view, g, &creature);
    let examples = ws.creature(&creature).map_or(0, |c| c.tree(d, k).examples.len());
    // Whenever the preview runs this creature, built its tree yet or not.
    let sim = ws.preview_shown_creature(&creature).and(ws.preview.as_ref()).map(LivePreview::shown);
    draw(ui, view, panel, (&creature.label(), examples, note), node, sim, out);
}

/// The selected node as the sync left it (`node`): told to the view when the tree let
/// it go, and brought into view when it was chosen elsewhere.
fn follow_node(panel: &mut GraphPanel, view: &View, node: Option<usize>, out: &mut Vec<Command>) {
    if node != view.node {
        out.push(Command::Select(SelectCommand::Node(node)));
    }
    if node != panel.seen_node {
        // A node chosen elsewhere (Why?, the Examples) comes into view in a graph just
        // built; one clicked in a graph already shown stays where it is.
        panel.seen_node = node;
        panel.graph.focus_on(node);
    }
}

/// Draws the graph of the tree `panel` holds, synced: the header (`who`: whose tree,
/// its examples and the gold path's note), then the nodes; `node` is the selected node,
/// and `sim` the run whose objects a node's menu names.
fn draw(
    ui: &mut egui::Ui,
    view: &View,
    panel: &mut GraphPanel,
    who: (&str, usize, Option<super::graph_header::PathNote>),
    node: Option<usize>,
    sim: Option<&creature_core::world::sim::Sim>,
    out: &mut Vec<Command>,
) {
    let (d, k) = view.tree;
    let g = &mut panel.graph;
    let (name, examples, note) = who;
    header(ui, g, view, (name, examples), note, out);
    if g.tree.is_empty() {
        ui.add_space(20.0);
        ui.vertical_centered(|ui| {
            ui.label("This tree has no examples, so it has no verdict: every object is unknown (score 0.100).");
            ui.weak("Add an example in the Examples panel and the tree grows.");
        });
        return;
    }
    let whole = ui.available_rect_before_wrap();
    let ctx = ui.ctx().clone();
    g.measure(&graph_node::measure(&ctx));
    let parts: Vec<Parts> = g.parts().to_vec();
    let (fit, area, map_column) = lay_out(g, whole);
    g.drawn_in = Some(area);
    let root = node_rects(g).first().copied().flatten();
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
    // A node to bring into view moves the view only when it is not in view already.
    let focus = if fit.is_none() {
        let seen = |r: Rect| g.transform.is_some_and(|t| area.contains_rect(t * r));
        g.focus.take().and_then(|n| node_rects(g).get(n).copied().flatten()).filter(|r| !seen(*r)).map(|r| (r, area))
    } else {
        None
    };
    let folds: Vec<usize> =
        (0..g.tree.nodes.len()).map(|i| if g.folded.contains(&i) { g.below(i) } else { 0 }).collect();
    let mut toggle = None;
    let centre_on = g.centre_on.take().map(|p| (p, area));
    let mut viewer = Viewer {
        selected: node,
        direction: g.direction,
        folds,
        toggle: &mut toggle,
        centre_on,
        path: &g.path,
        found: &g.found,
        parts,
        heat: g.heat.counts(),
        heat_seconds: g.heat.seconds,
        menu: NodeMenu { desire: d, kind: k, tree: &g.tree, sim },
        gains: &g.gains,
        drawn: &mut g.drawn,
        out,
        fit,
        focus,
        transform: &mut g.transform,
        root,
    };
    let fitting = viewer.fit.is_some();
    SnarlWidget::new().id(snarl_id).style(style).max_size(area.size()).show(&mut g.snarl, &mut viewer, ui);
    if fitting {
        g.fitted = g.transform.map(|t| (whole.size(), t));
    }
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
    match map_column {
        Some(column) => super::graph_minimap::show(ui, g, area, column),
        None => g.minimap = None,
    }
    if let Some(n) = toggle {
        g.toggle_fold(n);
        ui.ctx().request_repaint();
    }
}

/// Lays the graph out for `whole` (the panel's room for it) as a pending fit asks, or
/// fits it again when the panel changed size and the person has not moved the view
/// since. Returns the fit to make (the view and the tree's bounds), the graph's part of
/// `whole`, and the minimap's column: where the tree cannot be seen whole, the minimap
/// takes a column of its own, so that it never covers a node.
fn lay_out(g: &mut GraphView, whole: Rect) -> (Option<(Rect, Rect)>, Rect, Option<Rect>) {
    if let Some((size, t)) = g.fitted
        && g.fit.is_none()
        && g.transform == Some(t)
        && (size - whole.size()).length() > 4.0
    {
        g.fit_asked();
    }
    let fit = g.lay_out(whole, MIN_FIT_SCALE);
    let seen_whole = match fit {
        Some(bounds) => fit_scale(whole, bounds) >= MIN_FIT_SCALE,
        None => super::graph_minimap::all_in_view(g, whole),
    };
    let column = (!seen_whole).then(|| super::graph_minimap::column(whole)).flatten();
    let area = column.map_or(whole, |c| whole.with_max_x(c.min.x));
    (fit.map(|bounds| (area, bounds)), area, column)
}
