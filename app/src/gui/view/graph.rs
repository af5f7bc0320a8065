//! The graph panel's own state: its copy of the decision tree shown, its nodes as
//! egui-snarl keeps them, their sizes and where the layout put them, the folded
//! questions, what the search found, and the gain ratios the builder weighed at each
//! question. Which tree and node are selected is the view's (several panels show them);
//! the graph follows that selection.

use creature_core::creature::Creature;
use creature_core::mind::tree::{Example, Tree, question_gains};
use creature_core::names::Desire;
use creature_core::species::data::TreeKind;
use creature_workspace::{DocId, Workspace};
use egui::emath::TSTransform;
use egui::{Pos2, Rect, Vec2};
use egui_snarl::{NodeId, Snarl};

use super::graph_fit::Folded;
use super::{graph_fit, graph_node};
use crate::gui::tree_layout::{self, Direction};

pub use super::graph_fit::{FIT_MARGIN, fit_scale, hidden_under};
pub use super::graph_node::{GNode, build_snarl, estimate_size};
pub(crate) use super::graph_node::{body_text, title};

/// A fit waiting for the next frame: one that may fold questions to keep the text
/// readable (a tree first shown, or Fit asked), or one that keeps the folds as they are
/// (after a fold was toggled).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    MayFold,
    KeepFolds,
}

/// Whose trees the graph shows: a creature's document, or a creature of the game
/// attached over the link (its address and id), as its mind was told.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Whose {
    Doc(DocId),
    Game(String, u32),
}

/// What the shown graph was built from; a change rebuilds it.
#[derive(Clone, PartialEq)]
struct Key {
    creature: Whose,
    tree: (Desire, TreeKind),
    examples: Vec<Example>,
    attributes: Vec<String>,
    /// The view's count of changes to what the trees show ([`crate::gui::view::View::tree_changed`]).
    generation: u64,
}

/// The graph panel's state.
#[derive(Default)]
pub struct GraphView {
    pub snarl: Snarl<GNode>,
    key: Option<Key>,
    /// The tree the graph shows.
    pub tree: Tree,
    /// Fit the graph into the view on the next frame.
    pub fit: Option<Fit>,
    /// Each node's size with its frame, from the font's measures (worked out on the
    /// first frame after a rebuild, before the nodes are drawn).
    pub(crate) sizes: Option<Vec<Vec2>>,
    /// Where each node's texts go inside it, measured with the sizes.
    parts: Vec<graph_node::Parts>,
    /// Where each node was last drawn (its frame, in graph coordinates), to check that
    /// the drawing keeps to the layout.
    pub(crate) drawn: Vec<Option<Rect>>,
    /// The tree nodes on the asked object's path.
    pub path: Vec<usize>,
    /// The graph's transform (graph → screen) as last drawn.
    pub(crate) transform: Option<TSTransform>,
    /// A node to bring into the middle of the view on the next frame.
    pub(crate) focus: Option<usize>,
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
    /// The part of the screen the graph was last drawn in (the minimap is beside it).
    pub drawn_in: Option<Rect>,
    /// The size of the view the last fit was for and the view it made: while the person
    /// has not moved the view since, a panel grown or shrunk is fitted again.
    pub(crate) fitted: Option<(Vec2, TSTransform)>,
    /// How many questions the last Fit folded to keep the text readable, and which.
    pub fit_folded: usize,
    fit_made: Vec<usize>,
    /// What the search box holds for the tree shown, and the nodes it found (tree
    /// indices) in it.
    pub search: String,
    pub found: Vec<usize>,
    /// The search of each other tree searched (by creature, desire and kind): a search
    /// belongs to its tree, and showing that tree again brings it back.
    searches: std::collections::HashMap<(Whose, Desire, TreeKind), String>,
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
    /// The counts a game told for the tree shown, where the graph is a game's creature's.
    pub told: Option<Vec<u32>>,
    /// Why the game whose creature's graph this is does not tell its heat.
    pub not_told: Option<String>,
    pub shown: bool,
}

impl GraphHeat {
    /// The counts per node the graph shows, `None` where it shows no heat.
    #[must_use]
    pub fn counts(&self) -> Option<&[u32]> {
        self.shown.then(|| self.told.as_deref().unwrap_or_else(|| self.counted.counts()))
    }
}

impl Default for GraphHeat {
    fn default() -> Self {
        GraphHeat {
            on: true,
            seconds: creature_workspace::heat::DEFAULT_SECONDS,
            counted: creature_workspace::heat::Heat::default(),
            told: None,
            not_told: None,
            shown: false,
        }
    }
}

impl GraphView {
    /// Brings the graph up to date with the creature's examples of the selected tree;
    /// `generation` is the view's count of changes to what the trees show, and `node`
    /// the view's selected node, let go when the tree no longer has it.
    pub fn sync(
        &mut self,
        ws: &Workspace,
        creature: &DocId,
        tree: (Desire, TreeKind),
        generation: u64,
        node: &mut Option<usize>,
    ) {
        let Some(c) = ws.creature(creature) else { return };
        // The preview's creature shows its trees as the run has them at the turn shown.
        let c = ws.preview_shown_creature(creature).unwrap_or(c);
        let examples = &c.tree(tree.0, tree.1).examples;
        let shown = || ws.shown_tree(creature, tree.0, tree.1).map(std::borrow::Cow::into_owned);
        self.sync_with(Whose::Doc(creature.clone()), examples, &ws.data.attributes, (tree, generation), node, shown);
    }

    /// Brings the graph up to date with a game's creature's mind as told: its tree built
    /// from the examples told, by the studio's attributes.
    pub fn sync_game(
        &mut self,
        whose: Whose,
        creature: &Creature,
        attributes: &[String],
        (tree, generation): ((Desire, TreeKind), u64),
        node: &mut Option<usize>,
    ) {
        let memory = creature.tree(tree.0, tree.1);
        self.sync_with(whose, &memory.examples, attributes, (tree, generation), node, || Some(memory.tree(attributes)));
    }

    /// The graph rebuilt when what it shows changed: `shown` builds the tree only then.
    fn sync_with(
        &mut self,
        creature: Whose,
        examples: &[Example],
        attributes: &[String],
        (tree, generation): ((Desire, TreeKind), u64),
        node: &mut Option<usize>,
        shown: impl FnOnce() -> Option<Tree>,
    ) {
        let key = Key { creature, tree, examples: examples.to_vec(), attributes: attributes.to_vec(), generation };
        if self.key.as_ref() == Some(&key) {
            return;
        }
        let same_tree = self
            .key
            .as_ref()
            .is_some_and(|k| k.creature == key.creature && k.tree == key.tree && k.generation == key.generation);
        let Some(shown) = shown() else { return };
        self.tree = shown;
        self.gains =
            (0..self.tree.nodes.len()).map(|i| question_gains(&self.tree, &key.attributes, &key.examples, i)).collect();
        let n = self.tree.nodes.len();
        // The nodes' texts changed with the tree: they are measured again.
        self.sizes = None;
        if node.is_some_and(|s| s >= n) {
            *node = None;
        }
        if !same_tree {
            self.swap_search(&key.creature, tree);
        }
        self.key = Some(key);
        if same_tree {
            // The same tree grown or pruned: the person's folds stay where they still fit.
            self.folded.retain(|&f| self.tree.nodes.get(f).is_some_and(|x| !x.is_leaf()));
            self.found = find(&self.tree, &self.search);
            self.rebuild(Fit::KeepFolds);
        } else {
            // Another tree is fitted afresh, with its own search.
            self.fit_folded = 0;
            self.fit_made.clear();
            self.folded.clear();
            self.apply_search(Fit::MayFold);
        }
    }

    /// Whether the graph shows a tree of a game's creature (whose heat the game tells, if it does).
    #[must_use]
    pub fn of_game(&self) -> bool {
        self.key.as_ref().is_some_and(|k| matches!(k.creature, Whose::Game(..)))
    }

    /// Puts the search of the tree last shown aside and takes up the one of
    /// `creature`'s `tree` (none if it was never searched).
    fn swap_search(&mut self, creature: &Whose, tree: (Desire, TreeKind)) {
        if let Some(k) = &self.key {
            let text = std::mem::take(&mut self.search);
            let old = (k.creature.clone(), k.tree.0, k.tree.1);
            if text.trim().is_empty() {
                self.searches.remove(&old);
            } else {
                self.searches.insert(old, text);
            }
        }
        self.search = self.searches.remove(&(creature.clone(), tree.0, tree.1)).unwrap_or_default();
    }

    /// Builds the drawn graph from the tree: every node not under a folded question,
    /// fitted on the next frame by `fit`.
    fn rebuild(&mut self, fit: Fit) {
        let n = self.tree.nodes.len();
        self.snarl = build_snarl(&self.tree);
        for (i, hidden) in hidden_under(&self.tree, &self.folded).into_iter().enumerate() {
            if hidden {
                self.snarl.remove_node(NodeId(i));
            }
        }
        self.drawn = vec![None; n];
        self.fit = Some(fit);
    }

    /// Measures every node with the font it is drawn in, once per tree.
    pub(crate) fn measure(&mut self, text: &dyn Fn(&str) -> Vec2) {
        if self.sizes.is_none() {
            let nodes = build_snarl(&self.tree);
            self.parts = nodes.nodes().map(|n| graph_node::parts(n, text)).collect();
            self.sizes = Some(self.parts.iter().map(|p| p.size + Vec2::splat(2.0 * graph_node::FRAME)).collect());
        }
    }

    /// Where each node's texts go inside it, by tree index, as last measured.
    pub(crate) fn parts(&self) -> &[graph_node::Parts] {
        &self.parts
    }

    /// Folds question `n`'s subtree away, or unfolds it.
    pub fn toggle_fold(&mut self, n: usize) {
        self.fit_folded = 0;
        self.fit_made.clear();
        if !self.folded.remove(&n) && self.tree.nodes.get(n).is_some_and(|x| !x.is_leaf()) {
            self.folded.insert(n);
        }
        self.rebuild(Fit::KeepFolds);
    }

    /// Finds `text` in the tree: the questions that ask it and the nodes reached by an
    /// answer that is it (ignoring case); folds every question under which nothing
    /// matches, unfolds the way to every match, and brings the first into view. Returns
    /// the matching nodes; an empty search unfolds everything.
    pub fn search(&mut self, text: &str) -> Vec<usize> {
        self.search = text.to_owned();
        self.folded.clear();
        self.fit_folded = 0;
        self.fit_made.clear();
        self.apply_search(Fit::KeepFolds);
        self.found.clone()
    }

    /// Looks for the search box's text in the tree shown, folding what holds no match.
    fn apply_search(&mut self, fit: Fit) {
        self.found = find(&self.tree, &self.search);
        if !self.search.trim().is_empty() {
            let nodes = &self.tree.nodes;
            let mut inside = vec![false; nodes.len()];
            for &f in &self.found {
                inside[f] = true;
            }
            // Children come after their parents: a backward pass knows each subtree.
            for i in (0..nodes.len()).rev() {
                if nodes[i].branches.iter().any(|(_, c)| *c > i && inside.get(*c).copied().unwrap_or(false)) {
                    inside[i] = true;
                }
            }
            let fold = nodes.iter().enumerate().filter(|(i, n)| {
                !n.is_leaf() && !n.branches.iter().any(|(_, c)| c > i && inside.get(*c) == Some(&true))
            });
            self.folded.extend(fold.map(|(i, _)| i).collect::<Vec<_>>());
        }
        self.rebuild(fit);
        self.focus = self.found.first().copied();
    }

    /// Lays the graph out for the view `area` as the pending fit asks: the way it grows,
    /// the questions a fit may fold (saying how many), and every node's place. Returns
    /// the rectangle to fit into the view, or `None` where no fit is pending.
    pub(crate) fn lay_out(&mut self, area: Rect, min_scale: f32) -> Option<Rect> {
        let fit = self.fit.take()?;
        let sizes = self.sizes.clone()?;
        if fit == Fit::MayFold && !self.fit_made.is_empty() {
            // What the last Fit folded opens again: the panel may be larger now.
            for n in std::mem::take(&mut self.fit_made) {
                self.folded.remove(&n);
            }
        }
        let plan = graph_fit::plan(&self.tree, &self.folded, &sizes, area, min_scale, fit == Fit::MayFold);
        self.direction = plan.direction;
        if fit == Fit::MayFold {
            self.fit_folded = plan.fold.len();
            self.fit_made.clone_from(&plan.fold);
            self.folded.extend(plan.fold.iter().copied());
            self.rebuild(fit);
            self.fit = None;
        }
        place(&mut self.snarl, &self.tree, &sizes, self.direction, &self.folded);
        node_rects(self).into_iter().flatten().reduce(Rect::union)
    }

    /// A Fit the person asked for: it may fold the deepest questions to keep the text
    /// readable.
    pub fn fit_asked(&mut self) {
        self.fit = Some(Fit::MayFold);
    }

    /// How many nodes lie under node `n`.
    pub fn below(&self, n: usize) -> usize {
        graph_fit::subtree_size(&self.tree, n)
    }

    /// Brings node `n` into the middle of the view once a freshly built graph has been
    /// laid out (a node clicked in a graph already shown stays where it is).
    pub fn focus_on(&mut self, n: Option<usize>) {
        if n.is_some() && self.fit.is_some() {
            self.focus = n;
        }
    }

    /// Whether every node shown was drawn where the layout put it, at the size it was
    /// measured at: the layout and the drawing agree.
    #[must_use]
    pub fn drawn_as_laid_out(&self) -> bool {
        let laid = node_rects(self);
        laid.iter().zip(&self.drawn).all(|(l, d)| match (l, d) {
            (Some(l), Some(d)) => (l.min - d.min).length() < 0.51 && (l.size() - d.size()).length() < 0.51,
            (None, None) => true,
            _ => false,
        })
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

/// The nodes of `tree` whose question asks `text`, or that an answer `text` reaches
/// (ignoring case); none for an empty text.
#[must_use]
pub fn find(tree: &Tree, text: &str) -> Vec<usize> {
    let want = text.trim().to_lowercase();
    if want.is_empty() {
        return Vec::new();
    }
    let mut hit = vec![false; tree.nodes.len()];
    for (i, n) in tree.nodes.iter().enumerate() {
        if n.question.as_deref().is_some_and(|q| q.to_lowercase().contains(&want)) {
            hit[i] = true;
        }
        for (answer, c) in &n.branches {
            if answer.to_lowercase().contains(&want) && *c < hit.len() {
                hit[*c] = true;
            }
        }
    }
    (0..hit.len()).filter(|i| hit[*i]).collect()
}

/// Puts every node where the layout says, given each node's size with its frame: a
/// node's position is its content's corner, inside the frame.
pub(crate) fn place(
    snarl: &mut Snarl<GNode>,
    tree: &Tree,
    sizes: &[Vec2],
    direction: Direction,
    folded: &std::collections::BTreeSet<usize>,
) {
    let pos = tree_layout::layout_towards(&Folded { tree, folded }, sizes, direction);
    for (i, p) in pos.iter().enumerate() {
        if let Some(info) = snarl.get_node_info_mut(NodeId(i)) {
            info.pos = *p + Vec2::splat(graph_node::FRAME);
        }
    }
}

/// Each shown node's rectangle with its frame, by tree index, in graph coordinates;
/// `None` for a node folded away.
pub(crate) fn node_rects(g: &GraphView) -> Vec<Option<Rect>> {
    (0..g.tree.nodes.len())
        .map(|i| {
            let info = g.snarl.get_node_info(NodeId(i))?;
            let size = g.sizes.as_ref().and_then(|s| s.get(i).copied()).unwrap_or_else(|| estimate_size(&info.value));
            Some(Rect::from_min_size(info.pos - Vec2::splat(graph_node::FRAME), size))
        })
        .collect()
}
