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
use creature_core::names::Desire;
use egui::emath::TSTransform;
use egui::{Color32, Pos2, Rect, Stroke, Vec2};
use egui_snarl::ui::{NodeLayout, PinInfo, SnarlPin, SnarlStyle, SnarlViewer, SnarlWidget};
use egui_snarl::{InPin, NodeId, OutPin, Snarl};

use super::graph_menu::NodeMenu;
use super::{Cx, Home, Panel, graph_heat};
use crate::gui::command::{Command, Tab, kind_name};
use crate::gui::panels::verdict_colour;
use crate::gui::tree_layout::Direction;
use crate::gui::view::View;
use crate::gui::view::graph::{
    Drawn, FIT_MARGIN, GNode, GraphView, best_direction, body_text, estimate_size, fit_scale, node_rects, place, title,
};
use creature_workspace::live_preview::LivePreview;
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

struct Viewer<'a> {
    selected: Option<usize>,
    direction: Direction,
    /// Per node: how many nodes its fold hides (0 when not folded).
    folds: Vec<usize>,
    /// A question whose fold button was pressed.
    toggle: &'a mut Option<usize>,
    centre_on: Option<(Pos2, Rect)>,
    path: &'a [usize],
    /// Per node, how often the preview's creature asked the tree and the answer passed
    /// it, over the heat's window of `heat_seconds`.
    heat: Option<&'a [u32]>,
    heat_seconds: f64,
    /// Each node's right-click menu.
    menu: NodeMenu<'a>,
    /// Per node, what the builder weighed there (for the tooltips).
    gains: &'a [Vec<(String, f64)>],
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
        f = graph_heat::tint(f, graph_heat::share(self.heat, n.index));
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
        // A question's tooltip says what the builder weighed there.
        let weighed = n.question.as_deref().and_then(|q| gain_text(q, self.gains.get(n.index)?));
        let heat = graph_heat::hover_line(self.heat, self.heat_seconds, n.index);
        let tip: Vec<String> =
            weighed.into_iter().chain(heat).chain(["Click: list this node's examples".to_owned()]).collect();
        let tip = tip.join("\n");
        let tip = format!("{tip}\nRight click: break or watch from here");
        let r = ui.add(egui::Label::new(text).sense(egui::Sense::click()).selectable(false)).on_hover_text(tip);
        let (menu, out) = (&self.menu, &mut *self.out);
        r.context_menu(|ui| menu.show(ui, n.index, out));
        let leaf = n.question.is_none().then(|| body_text(n));
        let mut clicked = r.clicked();
        if let Some(body) = leaf {
            clicked |= ui.add(egui::Label::new(body).sense(egui::Sense::click()).selectable(false)).clicked();
        }
        if clicked {
            self.out.push(Command::SelectNode(Some(n.index)));
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

/// What the builder weighed at a question: its gain ratio and the runner-up's.
pub fn gain_text(question: &str, gains: &[(String, f64)]) -> Option<String> {
    let (best, rest) = gains.split_first()?;
    let runner = match rest.first() {
        Some((a, g)) => format!("runner-up {a}? {g:.3}"),
        None => "no other question splits its examples".to_owned(),
    };
    Some(format!("{question}? gain ratio {:.3} · {runner}", best.1))
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

/// Sets the path the graph draws in gold: "Ask the tree" draws the draft's path;
/// otherwise the running plan's live path. Returns what the header says of it.
fn gold_path(ws: &Workspace, view: &mut View, creature: &DocId) -> Option<String> {
    let (d, k) = view.tree;
    let live = if view.examples.asking { None } else { ws.live_path(creature, d, k) };
    let path: Vec<usize> = if view.examples.asking {
        view.graph.tree.path(&view.examples.draft.answers)
    } else {
        live.as_ref().map(|l| l.nodes.clone()).unwrap_or_default()
    };
    // A new answer to "ask the tree" brings the node it reaches into view; a live path
    // moves as the run goes, and the person's view stays where it is.
    if path != view.graph.path && live.is_none() {
        view.graph.focus = path.last().copied();
    }
    view.graph.path = path;
    path_note(view.examples.asking, live.as_ref(), k)
}

/// Whose path the graph draws in gold, for the header: the asked draft's, or the live
/// plan's.
fn path_note(asking: bool, live: Option<&creature_workspace::preview_sync::LivePath>, k: TreeKind) -> Option<String> {
    if asking {
        return Some("asking: the gold path".to_owned());
    }
    live.map(|l| {
        let what = if k == TreeKind::ActOn { "object" } else { "target" };
        let verdict = l.verdict.map_or("no verdict".to_owned(), |v| format!("verdict {v:+.2}"));
        format!("live: the {} plan's {what} {}, {verdict}: the gold path", l.plan_desire, l.object)
    })
}

/// The search box: finds a question or an answer and folds what holds neither.
fn search_box(ui: &mut egui::Ui, g: &mut GraphView) {
    let label = ui.label("🔍");
    let field = ui
        .add(
            egui::TextEdit::singleline(&mut g.search)
                .id_salt("tree-graph-search")
                .hint_text("find a question or value")
                .desired_width(150.0),
        )
        .labelled_by(label.id)
        .on_hover_text("Finds the questions that ask it and the answers that are it, and folds the rest");
    if field.changed() {
        g.found = g.search(&g.search.clone());
    }
    if !g.search.trim().is_empty() {
        ui.label(format!("{} found", g.found.len()));
    }
}

/// The line above the graph: the tree's name and size, Fit, the hints, whose path is
/// drawn in gold, and what the builder weighed at the question under the pointer (or the selected one).
fn header(
    ui: &mut egui::Ui,
    ws: &Workspace,
    g: &mut GraphView,
    creature: &DocId,
    (d, k): (Desire, TreeKind),
    path_note: Option<String>,
    out: &mut Vec<Command>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("{d} {} of {}", kind_name(k), creature.label()));
        let c = ws.creature(creature).map(|c| c.tree(d, k));
        let n = c.map_or(0, |m| m.examples.len());
        ui.label(format!("{} nodes · {} leaves · {n}/16 examples", g.tree.nodes.len(), g.tree.leaves()));
        let fit_tip = "Lay the tree out again and fit it to the view at a readable size (Ctrl+0)";
        if ui.button("⛶ Fit").on_hover_text(fit_tip).clicked() {
            out.push(Command::FitGraph);
        }
        ui.weak("drag: pan · Ctrl+wheel: zoom · -/+ folds a question");
        search_box(ui, g);
        graph_heat::control(ui, g);
        if g.fit_folded > 0 {
            let n = g.fit_folded;
            ui.weak(format!("Fit folded {n} question{} to keep the text readable (+ unfolds)", if n == 1 { "" } else { "s" }));
        }
        if let Some(note) = path_note {
            ui.colored_label(PATH, note).on_hover_text(
                "Ask the tree's draft, or else where the preview's plan under way at the shown turn goes through this tree",
            );
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
}
/// This panel's tab.
pub const TAB: Tab = Tab::new("TreeGraph", "Tree");

/// The tree graph.
pub struct GraphPanel;

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
        show(ui, cx.ws, cx.view, cx.out);
    }
}

pub fn show(ui: &mut egui::Ui, ws: &Workspace, view: &mut View, out: &mut Vec<Command>) {
    let Some(creature) = view.creature.clone() else {
        ui.weak("Open a creature (Project, creatures) to see its decision trees.");
        return;
    };
    let (d, k) = view.tree;
    view.graph.sync(ws, &creature, view.tree);
    // The preview's own build of this tree, when the graph shows the preview's creature.
    let built = ws.built_tree(&creature, d, k);
    graph_heat::update(ws, &mut view.graph, built, view.tree);
    let note = gold_path(ws, view, &creature);
    header(ui, ws, &mut view.graph, &creature, (d, k), note, out);
    let g = &mut view.graph;
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
        // Where the whole tree cannot be read, the deepest questions fold until it can.
        let folded = if std::mem::take(&mut g.fold_on_fit) { g.fold_to_fit(&sizes, area, MIN_FIT_SCALE) } else { 0 };
        if folded > 0 {
            g.fit_folded = folded;
            ui.ctx().request_repaint();
            return;
        }
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
        heat: g.heat.counts(),
        heat_seconds: g.heat.seconds,
        menu: NodeMenu {
            desire: d,
            kind: k,
            tree: &g.tree,
            sim: built.and(ws.preview.as_ref()).map(LivePreview::shown),
        },
        gains: &g.gains,
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
    relayout_once_measured(ui, g);
}

/// Once every node shown has been drawn, lays the graph out again with the sizes they
/// were drawn at, until those sizes settle.
fn relayout_once_measured(ui: &egui::Ui, g: &mut GraphView) {
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
