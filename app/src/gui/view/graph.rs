//! The graph panel's state: the decision tree shown, its nodes as egui-snarl keeps them,
//! where the layout put them and how they were last drawn, the folded questions, and
//! the gain ratios the builder weighed at each question.

use creature_core::data::TreeKind;
use creature_core::mind::score::ScoreCurve;
use creature_core::mind::tree::{Example, Tree, question_gains};
use creature_core::names::Desire;
use creature_workspace::{DocId, Workspace};
use egui::emath::TSTransform;
use egui::{Pos2, Rect, Vec2};
use egui_snarl::{NodeId, Snarl};

use crate::gui::tree_layout::{self, Direction};

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
pub(crate) struct Drawn {
    pub(crate) size: Vec2,
    pub(crate) offset: Vec2,
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
    pub(crate) laid_out: Vec<Vec2>,
    /// How each node was last drawn (from `final_node_rect`).
    pub(crate) measured: Vec<Option<Drawn>>,
    /// The tree nodes on the asked object's path.
    pub path: Vec<usize>,
    /// The graph's transform (graph → screen) as last drawn.
    pub(crate) transform: Option<TSTransform>,
    /// A node to bring into the middle of the view on the next frame.
    pub(crate) focus: Option<usize>,
    /// True from a rebuild until the nodes have been drawn and laid out at their size.
    pub(crate) settling: bool,
    /// Per node, the gain ratio of every attribute that splits its examples, best first.
    pub(crate) gains: Vec<Vec<(String, f64)>>,
    /// The node under the pointer, found from where the nodes were drawn.
    pub(crate) hovered: Option<usize>,
    /// Which way the tree grows: chosen at each fit, whichever shows it larger.
    pub direction: Direction,
    /// Questions whose subtrees are folded away (tree indices), kept while the tree is.
    pub folded: std::collections::BTreeSet<usize>,
    /// A graph point to bring into the middle of the view on the next frame (the minimap).
    pub centre_on: Option<Pos2>,
    /// Where the minimap was drawn on screen, while it is shown.
    pub minimap: Option<Rect>,
    /// How many questions the last Fit folded to keep the text readable, and which.
    pub fit_folded: usize,
    fit_made: Vec<usize>,
    /// The person asked for a Fit (Ctrl+0): one that may fold, unlike the fit after a
    /// rebuild, which keeps the folds the person or the search made.
    pub(crate) fold_on_fit: bool,
    /// What the search box holds, and the nodes it found (tree indices).
    pub search: String,
    pub found: Vec<usize>,
    /// How often the preview's creature asked the tree, node by node.
    pub heat: GraphHeat,
}

/// The graph's heat: on or off, its window in simulated seconds, its counts, and
/// whether they are the graph's tree's this frame.
#[derive(Clone, Debug)]
pub struct GraphHeat {
    pub on: bool,
    pub seconds: f64,
    pub counted: creature_workspace::heat::Heat,
    pub shown: bool,
}

impl GraphHeat {
    /// The counts per node the graph shows, `None` where it shows no heat.
    #[must_use]
    pub fn counts(&self) -> Option<&[u32]> {
        self.shown.then(|| self.counted.counts())
    }
}

impl Default for GraphHeat {
    fn default() -> Self {
        GraphHeat {
            on: true,
            seconds: creature_workspace::heat::DEFAULT_SECONDS,
            counted: creature_workspace::heat::Heat::default(),
            shown: false,
        }
    }
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
            self.fit_folded = 0;
            self.fit_made.clear();
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
        self.fit_folded = 0;
        self.fit_made.clear();
        if !self.folded.remove(&n) && self.tree.nodes.get(n).is_some_and(|x| !x.is_leaf()) {
            self.folded.insert(n);
        }
        self.rebuild();
    }

    /// Finds `text` in the tree: the questions that ask it and the nodes reached by an
    /// answer that is it (ignoring case); folds every question under which nothing
    /// matches and unfolds the way to every match. Returns the matching nodes; an empty
    /// search unfolds everything.
    pub fn search(&mut self, text: &str) -> Vec<usize> {
        let want = text.trim().to_lowercase();
        self.folded.clear();
        self.fit_folded = 0;
        self.fit_made.clear();
        if want.is_empty() {
            self.rebuild();
            return Vec::new();
        }
        let nodes = &self.tree.nodes;
        let mut hit = vec![false; nodes.len()];
        for (i, n) in nodes.iter().enumerate() {
            if n.question.as_deref().is_some_and(|q| q.to_lowercase().contains(&want)) {
                hit[i] = true;
            }
            for (answer, c) in &n.branches {
                if answer.to_lowercase().contains(&want) && *c < hit.len() {
                    hit[*c] = true;
                }
            }
        }
        // Children come after their parents: a backward pass knows each subtree.
        let mut inside = hit.clone();
        for i in (0..nodes.len()).rev() {
            if nodes[i].branches.iter().any(|(_, c)| *c > i && inside.get(*c).copied().unwrap_or(false)) {
                inside[i] = true;
            }
        }
        let fold: Vec<usize> = nodes
            .iter()
            .enumerate()
            .filter(|(i, n)| !n.is_leaf() && !n.branches.iter().any(|(_, c)| c > i && inside.get(*c) == Some(&true)))
            .map(|(i, _)| i)
            .collect();
        self.folded.extend(fold);
        let found = (0..nodes.len()).filter(|i| hit[*i]).collect();
        self.rebuild();
        found
    }

    /// Folds the deepest questions still open, a level at a time, until the tree laid out
    /// with `sizes` fits `view` at the zoom `min_scale` or more (or nothing is left to
    /// fold). Returns how many questions it folded; the graph is built again if any.
    pub fn fold_to_fit(&mut self, sizes: &[Vec2], view: Rect, min_scale: f32) -> usize {
        let mut count = 0;
        loop {
            let hidden = hidden_under(&self.tree, &self.folded);
            let pos =
                tree_layout::layout_towards(&Folded { tree: &self.tree, folded: &self.folded }, sizes, self.direction);
            let shown: Vec<usize> = (0..self.tree.nodes.len()).filter(|i| !hidden[*i]).collect();
            let bounds = shown
                .iter()
                .filter_map(|&i| Some(Rect::from_min_size(*pos.get(i)?, *sizes.get(i)?)))
                .reduce(Rect::union);
            if bounds.is_none_or(|b| fit_scale(view, b) >= min_scale) {
                break;
            }
            let open = |i: &&usize| !self.tree.nodes[**i].is_leaf() && !self.folded.contains(*i) && **i != 0;
            let Some(deepest) = shown.iter().filter(open).map(|&i| self.tree.nodes[i].depth).max() else { break };
            let level: Vec<usize> =
                shown.iter().filter(open).filter(|&&i| self.tree.nodes[i].depth == deepest).copied().collect();
            count += level.len();
            self.fit_made.extend(level.iter().copied());
            self.folded.extend(level);
        }
        if count > 0 {
            self.rebuild();
        }
        count
    }

    /// A Fit the person asked for: it may fold the deepest questions to keep the text
    /// readable.
    pub fn fit_asked(&mut self) {
        // What the last Fit folded opens again: the panel may be larger now.
        if !self.fit_made.is_empty() {
            for n in std::mem::take(&mut self.fit_made) {
                self.folded.remove(&n);
            }
            self.fit_folded = 0;
            self.rebuild();
        }
        self.fit = true;
        self.fold_on_fit = true;
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
/// are the tree's branches, drawn by the graph panel).
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
pub(crate) fn place(
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

/// Room left around a fitted tree, in points.
pub(crate) const FIT_MARGIN: f32 = 24.0;

/// The zoom at which `bounds` fits `view` with a margin.
pub(crate) fn fit_scale(view: Rect, bounds: Rect) -> f32 {
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
