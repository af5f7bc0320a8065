//! Fitting a tree to its panel: which way it grows and which questions fold, so that
//! every node left open reads at a readable size. A fit tries the whole tree first,
//! top-down and on its side; only when neither reads does it fold, one question at a
//! time, the deepest first (of two as deep, the one with more below it), and it stops
//! at the first tree that reads.

use std::collections::BTreeSet;

use creature_core::mind::tree::Tree;
use egui::{Rect, Vec2};

use crate::gui::tree_layout::{self, Direction};

/// Room left around a fitted tree, in points.
pub const FIT_MARGIN: f32 = 24.0;

/// A tree as drawn: a folded question has no children.
pub(crate) struct Folded<'a> {
    pub(crate) tree: &'a Tree,
    pub(crate) folded: &'a std::collections::BTreeSet<usize>,
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

/// What a fit settled on.
#[derive(Clone, Debug, PartialEq)]
pub struct FitPlan {
    pub direction: Direction,
    /// The questions the fit folds, besides those already folded, in the order it chose
    /// them.
    pub fold: Vec<usize>,
    /// The zoom at which what is left open fits the view.
    pub scale: f32,
}

/// The zoom at which `bounds` fits `view` with a margin.
#[must_use]
pub fn fit_scale(view: Rect, bounds: Rect) -> f32 {
    ((view.width() - 2.0 * FIT_MARGIN) / bounds.width()).min((view.height() - 2.0 * FIT_MARGIN) / bounds.height())
}

/// The rectangle the nodes left open take when the tree grows `direction`.
#[must_use]
pub fn shown_bounds(tree: &Tree, folded: &BTreeSet<usize>, sizes: &[Vec2], direction: Direction) -> Rect {
    let hidden = hidden_under(tree, folded);
    tree_layout::layout_towards(&Folded { tree, folded }, sizes, direction)
        .iter()
        .zip(sizes)
        .zip(&hidden)
        .filter(|(_, h)| !**h)
        .map(|((p, s), _)| Rect::from_min_size(*p, *s))
        .reduce(Rect::union)
        .unwrap_or(Rect::ZERO)
}

/// Top-down, unless the tree on its side fits `view` at a clearly larger zoom; with
/// that zoom.
#[must_use]
pub fn best_direction(tree: &Tree, folded: &BTreeSet<usize>, sizes: &[Vec2], view: Rect) -> (Direction, f32) {
    let scale = |d| fit_scale(view, shown_bounds(tree, folded, sizes, d));
    let (down, right) = (scale(Direction::Down), scale(Direction::Right));
    if right > 1.05 * down { (Direction::Right, right) } else { (Direction::Down, down) }
}

/// The fit of `tree` (with `folded` already folded) into `view` at `min_scale` or more:
/// when `may_fold`, the fewest questions folded, deepest first, that let it read.
#[must_use]
pub fn plan(
    tree: &Tree,
    folded: &BTreeSet<usize>,
    sizes: &[Vec2],
    view: Rect,
    min_scale: f32,
    may_fold: bool,
) -> FitPlan {
    let mut folded = folded.clone();
    let mut fold = Vec::new();
    loop {
        let (direction, scale) = best_direction(tree, &folded, sizes, view);
        if scale >= min_scale || !may_fold {
            return FitPlan { direction, fold, scale };
        }
        let hidden = hidden_under(tree, &folded);
        let below = |i: usize| subtree_size(tree, i);
        let next = (1..tree.nodes.len())
            .filter(|&i| !hidden[i] && !tree.nodes[i].is_leaf() && !folded.contains(&i))
            .max_by_key(|&i| (tree.nodes[i].depth, below(i), std::cmp::Reverse(i)));
        let Some(q) = next else { return FitPlan { direction, fold, scale } };
        folded.insert(q);
        fold.push(q);
    }
}

/// How many nodes lie under node `n` of `tree`.
#[must_use]
pub fn subtree_size(tree: &Tree, n: usize) -> usize {
    let mut count = 0;
    let mut stack = vec![n];
    while let Some(v) = stack.pop() {
        for (_, c) in tree.nodes.get(v).map_or(&[][..], |x| &x.branches[..]) {
            if *c > v {
                count += 1;
                stack.push(*c);
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::view::graph_node::{build_snarl, estimate, outer_size};
    use creature_core::names::Desire;
    use creature_core::species::data::{Data, TreeKind};

    /// Ruth's Hunger ActOn tree, the example project's largest.
    fn ruths_tree() -> Tree {
        let data = Data::builtin().expect("the built-in data loads");
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../projects/example/creatures/ruth.ron");
        let ruth = creature_core::creature::Creature::load(&path, &data).expect("Ruth loads");
        ruth.tree(Desire::Hunger, TreeKind::ActOn).tree(&data.attributes)
    }

    fn sizes(tree: &Tree) -> Vec<Vec2> {
        build_snarl(tree).nodes().map(|n| outer_size(n, &estimate)).collect()
    }

    #[test]
    fn a_tree_that_reads_whole_is_not_folded() {
        let tree = ruths_tree();
        let s = sizes(&tree);
        let view = Rect::from_min_size(egui::Pos2::ZERO, Vec2::new(1800.0, 900.0));
        let p = plan(&tree, &BTreeSet::new(), &s, view, 0.88, true);
        assert!(p.fold.is_empty(), "folded {:?} at {}", p.fold, p.scale);
        assert!(p.scale >= 0.88);
    }

    #[test]
    fn a_fit_folds_one_question_at_a_time_deepest_first_and_stops_when_it_reads() {
        let tree = ruths_tree();
        let s = sizes(&tree);
        let view = Rect::from_min_size(egui::Pos2::ZERO, Vec2::new(700.0, 420.0));
        let p = plan(&tree, &BTreeSet::new(), &s, view, 0.88, true);
        assert!(!p.fold.is_empty(), "this view is too small for the whole tree");
        assert!(p.scale >= 0.88 || p.fold.len() == tree.nodes.iter().skip(1).filter(|n| !n.is_leaf()).count());
        let depths: Vec<usize> = p.fold.iter().map(|&q| tree.nodes[q].depth).collect();
        assert!(depths.windows(2).all(|w| w[0] >= w[1]), "deepest first: {depths:?}");
        // One fold fewer would not have read.
        let fewer: BTreeSet<usize> = p.fold[..p.fold.len() - 1].iter().copied().collect();
        assert!(best_direction(&tree, &fewer, &s, view).1 < 0.88);
    }
}
