//! A tidy top-down layout for decision trees (the creature inspector's node graph).
//!
//! A pure function of the tree's shape and its nodes' sizes, so that it can be tested
//! without a window: every depth is one row, each row starts below the tallest node of
//! the row above, and sibling subtrees are packed side by side by their contours (the
//! Reingold–Tilford idea), so a narrow subtree tucks under a wide neighbour without
//! ever overlapping it. A parent sits centred over its first and last child.

use egui::{Pos2, Rect, Vec2};

/// Horizontal space between neighbouring nodes of one row.
pub const H_GAP: f32 = 28.0;
/// Vertical space between rows.
pub const V_GAP: f32 = 56.0;
/// Left to right: vertical space between siblings, and horizontal space between
/// depths, room for the answers written on the wires.
pub const SIDE_GAP: f32 = 6.0;
pub const DEPTH_GAP: f32 = 110.0;

/// Which way a tree grows from its root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Direction {
    /// Root on top, one row per depth.
    #[default]
    Down,
    /// Root on the left, one column per depth: a wide, shallow tree fits a panel better.
    Right,
}

/// [`layout`] growing `direction`: left to right is the top-down layout of the nodes
/// turned on their side (sizes transposed, then positions transposed back).
#[must_use]
pub fn layout_towards(tree: &impl Shape, sizes: &[Vec2], direction: Direction) -> Vec<Pos2> {
    match direction {
        Direction::Down => layout(tree, sizes),
        Direction::Right => {
            let turned: Vec<Vec2> = sizes.iter().map(|s| Vec2::new(s.y, s.x)).collect();
            layout_gaps(tree, &turned, SIDE_GAP, DEPTH_GAP).into_iter().map(|p| Pos2::new(p.y, p.x)).collect()
        }
    }
}

/// The shape of a tree for layout: each node's children, in order. Node 0 is the root.
pub trait Shape {
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn children(&self, node: usize) -> Vec<usize>;
}

impl Shape for creature_core::mind::tree::Tree {
    fn len(&self) -> usize {
        self.nodes.len()
    }
    fn children(&self, node: usize) -> Vec<usize> {
        self.nodes.get(node).map(|n| n.branches.iter().map(|(_, c)| *c).collect()).unwrap_or_default()
    }
}

/// A subtree's outline: per depth below its root, the leftmost and rightmost x
/// (relative to the subtree root's centre).
#[derive(Clone, Debug, Default)]
struct Contour {
    left: Vec<f32>,
    right: Vec<f32>,
}

/// The top-left corner of every node, indexed like the tree's nodes. `sizes[i]` is the
/// size node `i` is drawn at. Nodes not reachable from the root (none in a built tree)
/// are placed at the origin. The root's row starts at y = 0 and the leftmost node at x = 0.
#[must_use]
pub fn layout(tree: &impl Shape, sizes: &[Vec2]) -> Vec<Pos2> {
    layout_gaps(tree, sizes, H_GAP, V_GAP)
}

/// The top-down layout with `h_gap` between neighbours of a row and `v_gap` between rows.
fn layout_gaps(tree: &impl Shape, sizes: &[Vec2], h_gap: f32, v_gap: f32) -> Vec<Pos2> {
    let n = tree.len().min(sizes.len());
    let mut pos = vec![Pos2::ZERO; tree.len()];
    if n == 0 {
        return pos;
    }
    // Depth of every node, reached from the root without recursion.
    let mut depth = vec![usize::MAX; n];
    let mut order = Vec::with_capacity(n);
    depth[0] = 0;
    let mut stack = vec![0usize];
    while let Some(v) = stack.pop() {
        order.push(v);
        for c in tree.children(v) {
            if c < n && depth[c] == usize::MAX {
                depth[c] = depth[v] + 1;
                stack.push(c);
            }
        }
    }
    let rows = order.iter().map(|&v| depth[v]).max().unwrap_or(0) + 1;
    let mut row_height = vec![0.0f32; rows];
    for &v in &order {
        row_height[depth[v]] = row_height[depth[v]].max(sizes[v].y);
    }
    let mut row_y = vec![0.0f32; rows];
    for d in 1..rows {
        row_y[d] = row_y[d - 1] + row_height[d - 1] + v_gap;
    }

    // Post-order: each node's children offsets (centre relative to the parent centre)
    // and its subtree contour.
    let mut offset = vec![0.0f32; n];
    let mut contour: Vec<Contour> = vec![Contour::default(); n];
    for &v in order.iter().rev() {
        let kids: Vec<usize> = tree.children(v).into_iter().filter(|&c| c < n && depth[c] == depth[v] + 1).collect();
        let half = sizes[v].x / 2.0;
        if kids.is_empty() {
            contour[v] = Contour { left: vec![-half], right: vec![half] };
            continue;
        }
        // Place children left to right, each as far left as its contour allows.
        let mut placed: Vec<f32> = Vec::with_capacity(kids.len());
        let mut acc = Contour::default();
        for &c in &kids {
            let cc = &contour[c];
            let x = if placed.is_empty() {
                0.0
            } else {
                let shared = acc.right.len().min(cc.left.len());
                (0..shared).map(|d| acc.right[d] - cc.left[d] + h_gap).fold(f32::MIN, f32::max)
            };
            placed.push(x);
            for d in 0..cc.left.len() {
                if d < acc.left.len() {
                    acc.left[d] = acc.left[d].min(cc.left[d] + x);
                    acc.right[d] = acc.right[d].max(cc.right[d] + x);
                } else {
                    acc.left.push(cc.left[d] + x);
                    acc.right.push(cc.right[d] + x);
                }
            }
        }
        let centre = (placed[0] + placed[placed.len() - 1]) / 2.0;
        for (&c, x) in kids.iter().zip(&placed) {
            offset[c] = x - centre;
        }
        let mut left = vec![-half];
        let mut right = vec![half];
        left.extend(acc.left.iter().map(|x| x - centre));
        right.extend(acc.right.iter().map(|x| x - centre));
        contour[v] = Contour { left, right };
    }

    // Pre-order: absolute centres.
    let mut centre_x = vec![0.0f32; n];
    for &v in &order {
        for c in tree.children(v) {
            if c < n && depth[c] == depth[v] + 1 {
                centre_x[c] = centre_x[v] + offset[c];
            }
        }
    }
    let min_x = order.iter().map(|&v| centre_x[v] - sizes[v].x / 2.0).fold(f32::MAX, f32::min);
    for &v in &order {
        pos[v] = Pos2::new(centre_x[v] - sizes[v].x / 2.0 - min_x, row_y[depth[v]]);
    }
    pos
}

/// The rectangles of a layout.
#[must_use]
pub fn rects(pos: &[Pos2], sizes: &[Vec2]) -> Vec<Rect> {
    pos.iter().zip(sizes).map(|(p, s)| Rect::from_min_size(*p, *s)).collect()
}

/// The bounding box of a layout.
#[must_use]
pub fn bounds(pos: &[Pos2], sizes: &[Vec2]) -> Rect {
    rects(pos, sizes).into_iter().reduce(Rect::union).unwrap_or(Rect::ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Kids(Vec<Vec<usize>>);

    impl Shape for Kids {
        fn len(&self) -> usize {
            self.0.len()
        }
        fn children(&self, node: usize) -> Vec<usize> {
            self.0[node].clone()
        }
    }

    fn check(tree: &Kids, sizes: &[Vec2]) {
        let pos = layout(tree, sizes);
        let r = rects(&pos, sizes);
        for i in 0..r.len() {
            for j in i + 1..r.len() {
                assert!(!r[i].intersects(r[j]) || r[i].intersect(r[j]).area() == 0.0, "{i} {j}: {:?} {:?}", r[i], r[j]);
            }
            for &c in &tree.0[i] {
                assert!(r[c].min.y >= r[i].max.y, "child {c} below {i}");
            }
        }
    }

    #[test]
    fn left_to_right_puts_children_right_of_their_parent_without_overlaps() {
        let tree = Kids(vec![vec![1, 2, 3], vec![4, 5], vec![], vec![6], vec![7, 8], vec![], vec![], vec![], vec![]]);
        let sizes: Vec<Vec2> =
            (0..9).map(|i| Vec2::new(60.0 + 37.0 * (i % 4) as f32, 30.0 + 11.0 * (i % 3) as f32)).collect();
        let r = rects(&layout_towards(&tree, &sizes, Direction::Right), &sizes);
        for i in 0..r.len() {
            for j in i + 1..r.len() {
                assert!(r[i].intersect(r[j]).area() <= 0.0 || !r[i].intersects(r[j]), "{i} {j}");
            }
            for &c in &tree.0[i] {
                assert!(r[c].min.x >= r[i].max.x + DEPTH_GAP - 1e-3, "child {c} right of {i}");
            }
        }
        // Shallow and wide: on its side the tree is narrower than it is tall.
        let wide = Kids(std::iter::once((1..13).collect()).chain((1..13).map(|_| vec![])).collect());
        let sizes = vec![Vec2::new(120.0, 40.0); 13];
        let down = bounds(&layout(&wide, &sizes), &sizes);
        let right = bounds(&layout_towards(&wide, &sizes, Direction::Right), &sizes);
        assert!(right.width() < down.width() && right.height() > down.height());
    }

    #[test]
    fn a_single_node_sits_at_the_origin() {
        let pos = layout(&Kids(vec![vec![]]), &[Vec2::new(100.0, 40.0)]);
        assert_eq!(pos, vec![Pos2::ZERO]);
    }

    #[test]
    fn a_parent_is_centred_over_its_children() {
        let sizes = vec![Vec2::new(100.0, 40.0); 3];
        let pos = layout(&Kids(vec![vec![1, 2], vec![], vec![]]), &sizes);
        let centre = |i: usize| pos[i].x + 50.0;
        assert!((centre(0) - (centre(1) + centre(2)) / 2.0).abs() < 1e-3);
        check(&Kids(vec![vec![1, 2], vec![], vec![]]), &sizes);
    }

    #[test]
    fn uneven_subtrees_with_wide_nodes_never_overlap() {
        // A wide left subtree three levels deep beside a narrow right one.
        let tree = Kids(vec![vec![1, 2, 3], vec![4, 5], vec![], vec![6], vec![7, 8], vec![], vec![], vec![], vec![]]);
        let sizes: Vec<Vec2> =
            (0..9).map(|i| Vec2::new(60.0 + 37.0 * (i % 4) as f32, 30.0 + 11.0 * (i % 3) as f32)).collect();
        check(&tree, &sizes);
    }
}
