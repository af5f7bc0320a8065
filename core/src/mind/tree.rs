//! Decision trees (SPEC §8): the examples a creature remembers, the trees it builds from
//! them, and how a tree judges an object.
//!
//! Each desire has two trees (Activity and ActOn), 80 in all. A tree is rebuilt from
//! scratch after every lesson, so only the examples are saved; [`build`] turns them into
//! a [`Tree`] whose nodes remember which examples they hold, for the editor's graph and
//! for [`Tree::explain`].

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

pub use crate::species::example::{CAPACITY, Example, PERMANENT, UNKNOWN, answer};

/// A set is pure enough to be a leaf below this entropy (SPEC §8).
pub const LEAF_ENTROPY: f64 = 0.01;

/// Gains this close are equal, and a gain this small is no gain (SPEC §8).
pub const GAIN_EPSILON: f64 = 1e-12;

/// The 16-slot example memory of one tree (SPEC §8): the first 15 examples stay for
/// good (template examples count first); the 16th slot holds only the latest lesson.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
#[serde(deny_unknown_fields)]
pub struct ExampleMemory {
    /// At most [`CAPACITY`] examples, oldest first.
    #[serde(default)]
    pub examples: Vec<Example>,
    /// How many lessons this tree has been taught (template examples not counted).
    #[serde(default)]
    pub lessons: u32,
}

impl ExampleMemory {
    /// Adds a template example (not a lesson): permanent while slots remain, else it
    /// takes the rotating slot like a lesson would.
    pub fn seed(&mut self, example: Example) {
        self.store(example);
    }

    /// Records a lesson: a new slot while fewer than 16 are used, else it replaces the
    /// 16th (SPEC §8: lesson 17 replaces lesson 16; lessons 1–15 stay).
    pub fn teach(&mut self, example: Example) {
        self.store(example);
        self.lessons = self.lessons.saturating_add(1);
    }

    fn store(&mut self, example: Example) {
        if self.examples.len() < CAPACITY {
            self.examples.push(example);
        } else {
            self.examples[CAPACITY - 1] = example;
        }
    }

    /// True when the tree has no examples and so no verdict (SPEC §8).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.examples.is_empty()
    }

    /// Builds the tree of these examples over `attributes` (schema order).
    #[must_use]
    pub fn tree(&self, attributes: &[String]) -> Tree {
        build(attributes, &self.examples)
    }
}

/// One node of a built tree (SPEC §8).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Node {
    /// The mean feedback of the node's examples.
    pub verdict: f64,
    /// Where the node's examples are in [`Tree::order`]; see [`Tree::examples`].
    pub span: std::ops::Range<usize>,
    /// The attribute this node asks about; `None` for a leaf.
    pub question: Option<String>,
    /// One branch per answer present among the node's examples, sorted by answer:
    /// (answer, index of the child in [`Tree::nodes`]).
    pub branches: Vec<(String, usize)>,
    /// 0 for the root.
    pub depth: usize,
}

impl Node {
    /// How many examples the node holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.span.len()
    }

    /// True for a node without examples (never the case in a built tree).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.span.is_empty()
    }

    /// True when the node asks no question.
    #[must_use]
    pub fn is_leaf(&self) -> bool {
        self.question.is_none()
    }

    /// The child for `answer`, if the node has a branch for it.
    #[must_use]
    pub fn child(&self, answer: &str) -> Option<usize> {
        self.branches.iter().find(|(a, _)| a == answer).map(|&(_, c)| c)
    }
}

/// A decision tree built from examples (SPEC §8). The nodes are stored flat, parents
/// before children, with the root at index 0; a tree without examples has no nodes.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Tree {
    pub nodes: Vec<Node>,
    /// Every example index once, ordered so that each node's examples are one
    /// contiguous run: a question's run is its branches' runs in branch order, and a
    /// leaf's run is ascending.
    pub order: Vec<usize>,
}

/// One question on the way to a verdict (see [`Tree::explain`]).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Step {
    /// The node that asked.
    pub node: usize,
    /// The attribute asked about.
    pub question: String,
    /// The object's answer.
    pub answer: String,
    /// False when no example had this answer, so the walk stopped at this node.
    pub followed: bool,
}

/// Why a tree judged an object as it did: the questions and answers from the root,
/// and the node they led to with its examples (SPEC §8).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Explanation {
    pub steps: Vec<Step>,
    /// The node reached; `None` for a tree with no examples.
    pub node: Option<usize>,
    /// Its verdict; `None` when the tree has no examples (the object is unknown).
    pub verdict: Option<f64>,
    /// The indices of the examples in the node reached, ascending.
    pub examples: Vec<usize>,
}

impl Tree {
    /// The root node, or `None` for a tree with no examples.
    #[must_use]
    pub fn root(&self) -> Option<&Node> {
        self.nodes.first()
    }

    /// The indices (into the examples the tree was built from) of node `node`'s
    /// examples: ascending for a leaf, grouped by branch for a question; empty for a
    /// node that does not exist.
    #[must_use]
    pub fn examples(&self, node: usize) -> &[usize] {
        self.nodes.get(node).and_then(|n| self.order.get(n.span.clone())).unwrap_or(&[])
    }

    /// True when the tree was built from no examples.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The node an object with `answers` reaches: follow branches, and stop at a node
    /// with no branch for the object's answer (SPEC §8).
    #[must_use]
    pub fn reach(&self, answers: &BTreeMap<String, String>) -> Option<usize> {
        self.walk(answers, |_, _, _, _| {})
    }

    /// The nodes an object with `answers` passes, from the root to the node it reaches
    /// ([`Tree::reach`]); empty for a tree with no examples.
    #[must_use]
    pub fn path(&self, answers: &BTreeMap<String, String>) -> Vec<usize> {
        let mut nodes = Vec::new();
        if let Some(end) = self.walk(answers, |node, _, _, _| nodes.push(node))
            && nodes.last() != Some(&end)
        {
            nodes.push(end);
        }
        nodes
    }

    /// The verdict for an object with `answers`, `None` when the tree has no examples
    /// (SPEC §8).
    #[must_use]
    pub fn predict(&self, answers: &BTreeMap<String, String>) -> Option<f64> {
        self.reach(answers).map(|n| self.nodes[n].verdict)
    }

    /// The verdict for `answers` with the path of questions that led to it.
    #[must_use]
    pub fn explain(&self, answers: &BTreeMap<String, String>) -> Explanation {
        let mut steps = Vec::new();
        let node = self.walk(answers, |node, question, answer, followed| {
            steps.push(Step { node, question: question.to_owned(), answer: answer.to_owned(), followed });
        });
        Explanation {
            steps,
            node,
            verdict: node.map(|n| self.nodes[n].verdict),
            examples: node.map(|n| sorted(self.examples(n))).unwrap_or_default(),
        }
    }

    /// Follows `answers` from the root; each question asked is shown to `on_step` as
    /// its node, the question, the object's answer, and whether a branch followed it
    /// (borrowed: only [`Tree::explain`] keeps them, and the verdicts a turn asks for
    /// copy nothing).
    fn walk(
        &self,
        answers: &BTreeMap<String, String>,
        mut on_step: impl FnMut(usize, &str, &str, bool),
    ) -> Option<usize> {
        let mut at = 0;
        // A built tree only points to later nodes; the bound keeps a hand-edited tree
        // with a loop in it from hanging.
        for _ in 0..=self.nodes.len() {
            let node = self.nodes.get(at)?;
            let Some(question) = &node.question else {
                return Some(at);
            };
            let given = answer(answers, question);
            let next = node.child(given).filter(|&c| c > at);
            on_step(at, question, given, next.is_some());
            match next {
                Some(child) => at = child,
                None => return Some(at),
            }
        }
        Some(at)
    }

    /// How many leaves the tree has.
    #[must_use]
    pub fn leaves(&self) -> usize {
        self.nodes.iter().filter(|n| n.is_leaf()).count()
    }
}

fn sorted(indices: &[usize]) -> Vec<usize> {
    let mut v = indices.to_vec();
    v.sort_unstable();
    v
}

/// Signed tenths of a feedback, `floor(10 · f + 0.5)`, the "how good, how bad" class
/// of SPEC §8, as an index 0..=20 (feedback outside [−1, 1] is clamped; NaN counts as 0).
fn class_of(feedback: f64) -> usize {
    let tenths = (10.0 * feedback.clamp(-1.0, 1.0) + 0.5).floor();
    // In −10..=10 after the clamp; the cast saturates and maps NaN to 0.
    (tenths as i64 + 10).clamp(0, 20) as usize
}

/// `c · log2(c)` for every count up to `n` (0 for 0), so that entropies need no logarithm
/// in the inner loops: for counts `cᵢ` adding up to `t`, `H = (t·log2 t − Σ cᵢ·log2 cᵢ) / t`.
fn xlogx_table(n: usize) -> Cow<'static, [f64]> {
    // Trees hold 16 examples: one shared table serves every small set.
    const SMALL: usize = 64;
    static TABLE: OnceLock<Vec<f64>> = OnceLock::new();
    let compute = |n: usize| (0..=n).map(|c| if c < 2 { 0.0 } else { c as f64 * (c as f64).log2() }).collect();
    if n <= SMALL { Cow::Borrowed(TABLE.get_or_init(|| compute(SMALL))) } else { Cow::Owned(compute(n)) }
}

/// Counts of one set: good (f > 0) vs bad, and the 21 classes of signed tenths.
/// Kept small (a split fills one per answer for every attribute it tries).
#[derive(Clone, Copy)]
struct Counts {
    total: u32,
    good: u32,
    /// Bit `k` set when class `k` has a count.
    present: u32,
    classes: [u16; 21],
}

impl Counts {
    const EMPTY: Counts = Counts { total: 0, good: 0, present: 0, classes: [0; 21] };

    fn add(&mut self, good: bool, class: usize) {
        self.total += 1;
        self.good += u32::from(good);
        self.present |= 1 << class;
        // A tree holds 16 examples and a tree file at most 10,000: u16 is plenty, and
        // saturating keeps a larger hand-made set from overflowing.
        self.classes[class] = self.classes[class].saturating_add(1);
    }

    /// `H(S) = (2 · H_sign(S) + H_class(S)) / 3` (SPEC §8), with `xlogx` from
    /// [`xlogx_table`] covering `total`.
    fn entropy(&self, xlogx: &[f64]) -> f64 {
        if self.total == 0 {
            return 0.0;
        }
        let t = self.total as usize;
        let whole = xlogx[t];
        let sign = whole - xlogx[self.good as usize] - xlogx[t - self.good as usize];
        let mut class = whole;
        let mut bits = self.present;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            class -= xlogx[self.classes[k] as usize];
            bits &= bits - 1;
        }
        ((2.0 * sign + class) / (3.0 * t as f64)).max(0.0)
    }
}

/// The entropy of a set of feedbacks: `(2 · H_sign + H_class) / 3` (SPEC §8).
#[must_use]
pub fn entropy(feedbacks: &[f64]) -> f64 {
    let mut c = Counts::EMPTY;
    for &f in feedbacks {
        c.add(f > 0.0, class_of(f));
    }
    c.entropy(&xlogx_table(feedbacks.len()))
}

/// The gain ratio of a split of a set into `groups` of feedbacks (SPEC §8):
/// `(H(S) − Σ |Sᵥ|/|S| · H(Sᵥ)) / max(1, SplitInfo)`. Empty groups are ignored.
#[must_use]
pub fn gain(groups: &[Vec<f64>]) -> f64 {
    let all: Vec<f64> = groups.iter().flatten().copied().collect();
    let n = all.len() as f64;
    if all.is_empty() {
        return 0.0;
    }
    let mut remainder = 0.0;
    let mut split_info = 0.0;
    for g in groups.iter().filter(|g| !g.is_empty()) {
        let p = g.len() as f64 / n;
        remainder += p * entropy(g);
        split_info -= p * p.log2();
    }
    (entropy(&all) - remainder) / split_info.max(1.0)
}

/// String equality that settles most mismatches on the length or the first byte, without
/// a call to `memcmp` (building a tree compares many short names and answers).
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.as_bytes().first() == b.as_bytes().first() && a == b
}

/// The examples encoded once for building: per attribute, a small code per example.
struct Encoded<'a> {
    examples: usize,
    /// `codes[a * examples + e]`: the code of example `e`'s answer to attribute `a`.
    codes: Vec<u32>,
    /// `values[a][code]`: the answer of a code.
    values: Vec<Vec<&'a str>>,
    /// Per example: good (f > 0), class of signed tenths, feedback.
    rows: Vec<(bool, usize, f64)>,
    xlogx: Cow<'static, [f64]>,
}

impl<'a> Encoded<'a> {
    fn new(attributes: &[String], examples: &'a [Example]) -> Encoded<'a> {
        let n = examples.len();
        let mut values: Vec<Vec<&'a str>> = (0..attributes.len()).map(|_| Vec::with_capacity(4)).collect();
        let mut codes = vec![0u32; attributes.len() * n];
        let mut given: Vec<Option<&'a str>> = vec![None; attributes.len()];
        for (e, example) in examples.iter().enumerate() {
            given.fill(None);
            for (key, value) in &example.answers {
                if let Some(a) = attributes.iter().position(|name| same(name, key)) {
                    given[a] = Some(value.as_str());
                }
            }
            for (a, answer) in given.iter().enumerate() {
                let v = answer.unwrap_or(UNKNOWN);
                let seen = &mut values[a];
                let code = seen.iter().position(|s| same(s, v)).unwrap_or_else(|| {
                    seen.push(v);
                    seen.len() - 1
                });
                codes[a * n + e] = u32::try_from(code).unwrap_or(u32::MAX);
            }
        }
        Encoded {
            examples: n,
            codes,
            values,
            rows: examples.iter().map(|e| (e.feedback > 0.0, class_of(e.feedback), e.feedback)).collect(),
            xlogx: xlogx_table(n),
        }
    }

    fn code(&self, a: usize, e: usize) -> usize {
        self.codes[a * self.examples + e] as usize
    }

    fn counts(&self, members: &[usize]) -> Counts {
        let mut c = Counts::EMPTY;
        for &e in members {
            let (good, class, _) = self.rows[e];
            c.add(good, class);
        }
        c
    }

    /// The gain ratio of splitting `members` on attribute `a`, or `None` when every
    /// member gives the same answer. `groups` is scratch space.
    fn gain(&self, a: usize, members: &[usize], parent: f64, groups: &mut Vec<Counts>) -> Option<f64> {
        let column = &self.codes[a * self.examples..(a + 1) * self.examples];
        let first = column[members[0]];
        // Deep in a tree most attributes no longer split anything: skip them cheaply.
        if members.iter().all(|&e| column[e] == first) {
            return None;
        }
        groups.clear();
        groups.resize(self.values[a].len(), Counts::EMPTY);
        for &e in members {
            let (good, class, _) = self.rows[e];
            groups[column[e] as usize].add(good, class);
        }
        let (mut remainder, mut split) = (0.0, 0.0);
        // A group of one is pure and adds nothing to either sum.
        for g in groups.iter().filter(|g| g.total > 1) {
            remainder += f64::from(g.total) * g.entropy(&self.xlogx);
            split += self.xlogx[g.total as usize];
        }
        let n = members.len();
        let remainder = remainder / n as f64;
        let split_info = (self.xlogx[n] - split) / n as f64;
        Some((parent - remainder) / f64::max(1.0, split_info))
    }
}

/// Builds a tree from `examples`, asking about `attributes` in schema order (SPEC §8).
///
/// A node is a leaf when its entropy is below 0.01, when no attribute has two or more
/// answers among its examples, or when the best gain ratio is at most 1e-12; otherwise
/// it asks the attribute with the best gain ratio (ties within 1e-12 go to the earlier
/// attribute) with one branch per answer present. Answers to attributes outside the
/// schema are ignored.
#[must_use]
pub fn build(attributes: &[String], examples: &[Example]) -> Tree {
    let mut tree = Tree::default();
    if examples.is_empty() {
        return tree;
    }
    let enc = Encoded::new(attributes, examples);
    tree.order = (0..examples.len()).collect();
    let mut scratch = Vec::new();
    let (mut present, mut starts, mut cursor, mut buffer) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    // Work list of nodes to split; every split uses up an attribute on each path, so
    // this ends after at most `attributes.len()` levels.
    let mut pending = Vec::with_capacity(examples.len());
    pending.push(0);
    tree.nodes.reserve(2 * examples.len());
    tree.nodes.push(make_node(&enc, &tree.order, 0..examples.len(), 0));
    while let Some(at) = pending.pop() {
        let span = tree.nodes[at].span.clone();
        let members = &tree.order[span.clone()];
        let parent = enc.counts(members).entropy(&enc.xlogx);
        let mut best: Option<(usize, f64)> = None;
        if parent >= LEAF_ENTROPY {
            for a in 0..attributes.len() {
                if let Some(g) = enc.gain(a, members, parent, &mut scratch)
                    && best.is_none_or(|(_, b)| g > b + GAIN_EPSILON)
                {
                    best = Some((a, g));
                }
            }
        }
        let Some((a, _)) = best.filter(|&(_, g)| g > GAIN_EPSILON) else { continue };
        // Branches in the order of their answers: the answers present, sorted, then a
        // stable sort of the node's run by branch keeps example indices ascending.
        let values = &enc.values[a];
        present.clear();
        for &e in &tree.order[span.clone()] {
            let code = enc.code(a, e);
            if !present.contains(&code) {
                present.push(code);
            }
        }
        present.sort_unstable_by(|&x, &y| values[x].cmp(values[y]));
        let branch_of = |e: usize| present.iter().position(|&c| c == enc.code(a, e)).unwrap_or(0);
        // A stable counting sort of the node's run by branch, in place.
        starts.clear();
        starts.resize(present.len() + 1, span.start);
        for &e in &tree.order[span.clone()] {
            starts[branch_of(e) + 1] += 1;
        }
        for b in 1..starts.len() {
            starts[b] += starts[b - 1] - span.start;
        }
        buffer.clear();
        buffer.extend_from_slice(&tree.order[span.clone()]);
        cursor.clear();
        cursor.extend_from_slice(&starts[..present.len()]);
        for &e in &buffer {
            let b = branch_of(e);
            tree.order[cursor[b]] = e;
            cursor[b] += 1;
        }
        let depth = tree.nodes[at].depth + 1;
        let mut branches = Vec::with_capacity(present.len());
        for (b, &code) in present.iter().enumerate() {
            let child = tree.nodes.len();
            tree.nodes.push(make_node(&enc, &tree.order, starts[b]..starts[b + 1], depth));
            branches.push((values[code].to_owned(), child));
            pending.push(child);
        }
        let node = &mut tree.nodes[at];
        node.question = Some(attributes[a].clone());
        node.branches = branches;
    }
    tree
}

/// The gain ratio of every attribute that splits the examples of `tree`'s node `node`,
/// best first (ties in schema order, as [`build`] breaks them): for a question, the
/// attribute it asks and the runner-up it was chosen over. Empty for a node whose
/// examples are too alike to split, or an index out of range.
#[must_use]
pub fn question_gains(tree: &Tree, attributes: &[String], examples: &[Example], node: usize) -> Vec<(String, f64)> {
    let Some(n) = tree.nodes.get(node) else { return Vec::new() };
    let Some(members) = tree.order.get(n.span.clone()).filter(|m| !m.is_empty()) else { return Vec::new() };
    if members.iter().any(|&e| e >= examples.len()) {
        return Vec::new();
    }
    let enc = Encoded::new(attributes, examples);
    let parent = enc.counts(members).entropy(&enc.xlogx);
    let mut scratch = Vec::new();
    let mut gains: Vec<(String, f64)> = (0..attributes.len())
        .filter_map(|a| enc.gain(a, members, parent, &mut scratch).map(|g| (attributes[a].clone(), g)))
        .collect();
    // A stable sort keeps schema order among gains within the builder's tie margin.
    gains.sort_by(
        |x, y| if (x.1 - y.1).abs() <= GAIN_EPSILON { std::cmp::Ordering::Equal } else { y.1.total_cmp(&x.1) },
    );
    gains
}

fn make_node(enc: &Encoded<'_>, order: &[usize], span: std::ops::Range<usize>, depth: usize) -> Node {
    let members = &order[span.clone()];
    let verdict = members.iter().map(|&e| enc.rows[e].2).sum::<f64>() / members.len().max(1) as f64;
    Node { verdict, span, question: None, branches: Vec::new(), depth }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs() -> Vec<String> {
        ["allegiance", "alive", "kind", "tribe", "sex", "town_owner"].map(String::from).to_vec()
    }

    fn ex(pairs: &[(&str, &str)], feedback: f64) -> Example {
        Example { answers: pairs.iter().map(|(a, v)| ((*a).to_owned(), (*v).to_owned())).collect(), feedback }
    }

    fn obj(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        ex(pairs, 0.0).answers
    }

    const PIT: &[(&str, &str)] = &[("allegiance", "mine"), ("alive", "no"), ("kind", "storage_pit")];
    const WOLF: &[(&str, &str)] = &[("allegiance", "none"), ("alive", "yes"), ("kind", "wolf")];
    const SHEEP: &[(&str, &str)] = &[("allegiance", "mine"), ("alive", "yes"), ("kind", "sheep")];
    const VILLAGER: &[(&str, &str)] = &[("allegiance", "mine"), ("alive", "yes"), ("kind", "villager")];

    #[test]
    fn question_gains_name_the_asked_attribute_first_and_its_runner_up() {
        // The shipped template's Hunger examples, with the seed's first story's lessons.
        let data = crate::species::data::Data::builtin().expect("the shipped species data loads");
        let cow = crate::creature::Creature::newborn(&data, crate::names::Species::Cow, 1);
        let mut memory = cow.tree(crate::names::Desire::Hunger, crate::species::data::TreeKind::ActOn).clone();
        memory.teach(ex(VILLAGER, -0.8));
        memory.teach(ex(SHEEP, 0.6));
        let attributes = data.attributes.clone();
        let tree = memory.tree(&attributes);
        let mut asked = 0;
        for (i, node) in tree.nodes.iter().enumerate() {
            let gains = question_gains(&tree, &attributes, &memory.examples, i);
            if let Some(q) = &node.question {
                assert_eq!(&gains[0].0, q, "node {i} asks the best attribute");
                assert!(gains.windows(2).all(|w| w[0].1 >= w[1].1 - GAIN_EPSILON));
                asked += 1;
            }
        }
        assert!(asked > 0, "the story's lessons make the tree ask something");
        assert!(question_gains(&tree, &attributes, &memory.examples, tree.nodes.len()).is_empty());
    }

    #[test]
    fn one_example_makes_one_leaf_for_all_food() {
        // Seed: one slap after eating from the storage pit: "eating is bad", for any food.
        let tree = build(&attrs(), &[ex(PIT, -0.5)]);
        assert_eq!(tree.nodes.len(), 1);
        assert!(tree.nodes[0].is_leaf());
        for food in [PIT, WOLF, SHEEP, VILLAGER] {
            assert_eq!(tree.predict(&obj(food)), Some(-0.5));
        }
    }

    #[test]
    fn slap_on_pit_then_stroke_on_wolf_asks_a_question() {
        let tree = build(&attrs(), &[ex(PIT, -0.5), ex(WOLF, 0.5)]);
        let root = tree.root().unwrap();
        // allegiance, alive and kind all separate the two equally; the schema's first wins.
        assert_eq!(root.question.as_deref(), Some("allegiance"));
        assert_eq!(tree.predict(&obj(PIT)), Some(-0.5));
        assert_eq!(tree.predict(&obj(WOLF)), Some(0.5));
        assert_eq!(tree.leaves(), 2);
    }

    #[test]
    fn slap_for_villager_and_stroke_for_sheep_asks_about_kind() {
        let tree = build(&attrs(), &[ex(VILLAGER, -0.5), ex(SHEEP, 0.5)]);
        assert_eq!(tree.root().unwrap().question.as_deref(), Some("kind"));
        assert_eq!(tree.predict(&obj(VILLAGER)), Some(-0.5));
        assert_eq!(tree.predict(&obj(SHEEP)), Some(0.5));
    }

    #[test]
    fn empty_tree_has_no_verdict() {
        let tree = build(&attrs(), &[]);
        assert!(tree.is_empty());
        assert_eq!(tree.predict(&obj(SHEEP)), None);
        let why = tree.explain(&obj(SHEEP));
        assert_eq!((why.node, why.verdict, why.steps.len()), (None, None, 0));
    }

    #[test]
    fn unseen_answer_stops_at_the_node_with_its_verdict() {
        let tree = build(&attrs(), &[ex(VILLAGER, -1.0), ex(SHEEP, 0.5)]);
        let cow = obj(&[("allegiance", "mine"), ("alive", "yes"), ("kind", "cow")]);
        assert_eq!(tree.predict(&cow), Some(-0.25));
        let why = tree.explain(&cow);
        assert_eq!(why.node, Some(0));
        assert_eq!(why.examples, vec![0, 1]);
        assert_eq!(why.steps.len(), 1);
        assert!(!why.steps[0].followed);
        assert_eq!(why.steps[0].answer, "cow");
    }

    #[test]
    fn missing_answers_read_as_unknown() {
        let tree = build(&attrs(), &[ex(&[("kind", "rock")], -1.0), ex(&[("kind", "sheep"), ("alive", "yes")], 1.0)]);
        // alive: unknown vs yes splits as well as kind does, and comes first in the schema.
        assert_eq!(tree.root().unwrap().question.as_deref(), Some("alive"));
        let why = tree.explain(&obj(&[("kind", "tree")]));
        assert_eq!(why.steps[0].answer, UNKNOWN);
        assert_eq!(why.verdict, Some(-1.0));
        assert_eq!(why.examples, vec![0]);
    }

    #[test]
    fn anger_learns_whose_town_to_hate() {
        let mine = [("kind", "town"), ("town_owner", "mine"), ("tribe", "norse")];
        let other = [("kind", "town"), ("town_owner", "other"), ("tribe", "norse")];
        let other2 = [("kind", "town"), ("town_owner", "other"), ("tribe", "greek")];
        let tree = build(&attrs(), &[ex(&mine, -0.5), ex(&other, 0.5), ex(&mine, -0.5), ex(&other2, 0.5)]);
        assert_eq!(tree.root().unwrap().question.as_deref(), Some("town_owner"));
        let rival = obj(&[("kind", "town"), ("town_owner", "other"), ("tribe", "japanese")]);
        assert_eq!(tree.predict(&rival), Some(0.5));
        assert_eq!(tree.predict(&obj(&mine)), Some(-0.5));
    }

    #[test]
    fn pure_set_is_a_leaf_even_with_differing_answers() {
        let tree = build(&attrs(), &[ex(SHEEP, 0.5), ex(WOLF, 0.5), ex(PIT, 0.5)]);
        assert_eq!(tree.nodes.len(), 1);
    }

    #[test]
    fn no_attribute_to_split_makes_a_leaf() {
        let tree = build(&attrs(), &[ex(SHEEP, 0.5), ex(SHEEP, -0.5)]);
        assert_eq!(tree.nodes.len(), 1);
        assert_eq!(tree.predict(&obj(SHEEP)), Some(0.0));
    }

    #[test]
    fn attributes_outside_the_schema_are_not_asked() {
        let tree = build(&attrs(), &[ex(&[("colour", "red")], 0.5), ex(&[("colour", "blue")], -0.5)]);
        assert_eq!(tree.nodes.len(), 1);
    }

    #[test]
    fn entropy_has_two_parts() {
        assert_eq!(entropy(&[0.5, 0.5]), 0.0);
        // One good, one bad, two classes: (2·1 + 1) / 3.
        assert!((entropy(&[0.5, -0.5]) - 1.0).abs() < 1e-12);
        // Both good but of different strength: only the class part, 1/3.
        assert!((entropy(&[0.5, 1.0]) - 1.0 / 3.0).abs() < 1e-12);
        // 0 is bad (f ≤ 0) yet a class of its own.
        assert!((entropy(&[0.0, -0.5]) - 1.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn class_is_signed_tenths_rounded_half_up() {
        assert_eq!(class_of(-0.5), 5); // floor(−4.5) = −5
        assert_eq!(class_of(0.5), 15); // floor(5.5) = 5
        assert_eq!(class_of(0.04), 10);
        assert_eq!(class_of(0.05), 11);
        assert_eq!(class_of(-1.0), 0);
        assert_eq!(class_of(1.0), 20);
    }

    #[test]
    fn many_way_question_is_penalised() {
        // Four answers, each its own class: SplitInfo is 2, so the gain is halved.
        let groups = vec![vec![1.0], vec![0.5], vec![-0.5], vec![-1.0]];
        let all: Vec<f64> = groups.iter().flatten().copied().collect();
        assert!((gain(&groups) - entropy(&all) / 2.0).abs() < 1e-12);
    }

    #[test]
    fn memory_keeps_fifteen_and_rotates_the_sixteenth() {
        let mut m = ExampleMemory::default();
        for i in 1..=17 {
            m.teach(ex(&[("n", &i.to_string())], 0.5));
        }
        assert_eq!(m.examples.len(), CAPACITY);
        assert_eq!(m.lessons, 17);
        for (slot, e) in m.examples.iter().take(PERMANENT).enumerate() {
            assert_eq!(e.answer("n"), (slot + 1).to_string());
        }
        assert_eq!(m.examples[CAPACITY - 1].answer("n"), "17");
    }

    #[test]
    fn template_examples_count_first() {
        let mut m = ExampleMemory::default();
        m.seed(ex(ROCK, -1.0));
        m.teach(ex(SHEEP, 0.5));
        assert_eq!(m.lessons, 1);
        assert_eq!(m.examples[0].feedback, -1.0);
        assert_eq!(m.examples[1].feedback, 0.5);
    }

    const ROCK: &[(&str, &str)] = &[("kind", "rock")];
}
