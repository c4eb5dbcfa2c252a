//! [`Tree`]: the search tree of [`MctsBot`](crate::MctsBot), kept between decisions so
//! that a decision allocates nothing once the tree has grown to its budget.
//!
//! Nodes live in an arena, root first, each with the indices of its children in the order
//! they were added. A node also keeps its mean worth scaled to the worths seen so far,
//! which changes only when the node is visited or a playout ends lower or higher than
//! any before: UCB1 reads it for every child at every step down the tree, so working it
//! out again each time would cost two divisions per child.

use match3_core::Move;

/// The search tree: see the [module docs](self).
#[derive(Clone, Debug, Default)]
pub(crate) struct Tree {
    /// The arena: nodes past `used` are left from earlier decisions, their vectors kept
    /// for reuse.
    nodes: Vec<Node>,
    used: usize,
    /// The lowest worth so far and the span of worths that scale means to about 0..1.
    low: f64,
    span: f64,
    /// Bumped whenever `low` or `span` change: a node's scaled mean is current when it
    /// was worked out under this scale.
    scale: u64,
}

#[derive(Clone, Debug)]
struct Node {
    mv: Move,
    /// `mv`'s key in the bot's move marks.
    key: u32,
    visits: u32,
    total: f64,
    children: Vec<u32>,
    /// `(total / visits - low) / span` under scale `scaled`.
    mean: f64,
    scaled: u64,
}

/// No scale: a node whose visits changed.
const STALE: u64 = u64::MAX;

impl Tree {
    /// An empty tree but for its root (whose move and key are never read).
    pub fn reset(&mut self, root: Move) {
        self.used = 0;
        self.add(root, 0);
    }

    /// The node for `mv` (with its `key`), a new last child of `parent`.
    pub fn add_child(&mut self, parent: usize, mv: Move, key: u32) -> usize {
        let child = self.add(mv, key);
        self.nodes[parent].children.push(child as u32);
        child
    }

    /// A new node for `mv`, in a slot left from an earlier decision when there is one.
    fn add(&mut self, mv: Move, key: u32) -> usize {
        let fresh = Node {
            mv,
            key,
            visits: 0,
            total: 0.0,
            children: Vec::new(),
            mean: 0.0,
            scaled: STALE,
        };
        match self.nodes.get_mut(self.used) {
            Some(node) => {
                let children = std::mem::take(&mut node.children);
                *node = Node { children, ..fresh };
                node.children.clear();
            }
            None => self.nodes.push(fresh),
        }
        self.used += 1;
        self.used - 1
    }

    /// The children of `node`, in the order they were added.
    pub fn children(&self, node: usize) -> &[u32] {
        &self.nodes[node].children
    }

    /// The move of `node`.
    pub fn mv(&self, node: usize) -> Move {
        self.nodes[node].mv
    }

    /// The key of `node`'s move.
    pub fn key(&self, node: usize) -> u32 {
        self.nodes[node].key
    }

    /// How often `node` was visited.
    pub fn visits(&self, node: usize) -> u32 {
        self.nodes[node].visits
    }

    /// `node`'s worth so far, summed over its visits.
    pub fn total(&self, node: usize) -> f64 {
        self.nodes[node].total
    }

    /// Counts a visit of `node` worth `value`.
    pub fn visit(&mut self, node: usize, value: f64) {
        let node = &mut self.nodes[node];
        node.visits += 1;
        node.total += value;
        node.scaled = STALE;
    }

    /// Counts a visit of the root (its worth is never read).
    pub fn visit_root(&mut self) {
        self.nodes[0].visits += 1;
    }

    /// Scales means to worths from `low` over `span` from now on.
    pub fn set_scale(&mut self, low: f64, span: f64) {
        if (low.to_bits(), span.to_bits()) != (self.low.to_bits(), self.span.to_bits()) {
            (self.low, self.span) = (low, span);
            self.scale += 1;
        }
    }

    /// The child of `parent` with the highest UCB1 (the first of equals) among those
    /// whose move's key `legal` accepts, with the exploration constant `explore`.
    pub fn best_child(
        &mut self,
        parent: usize,
        explore: f64,
        legal: impl Fn(u32) -> bool,
    ) -> Option<usize> {
        let log_n = f64::from(self.nodes[parent].visits.max(1)).ln();
        let mut best: Option<(f64, usize)> = None;
        for i in 0..self.nodes[parent].children.len() {
            let c = self.nodes[parent].children[i] as usize;
            if !legal(self.nodes[c].key) {
                continue;
            }
            let ucb = self.ucb(c, log_n, explore);
            if best.is_none_or(|(b, _)| ucb > b) {
                best = Some((ucb, c));
            }
        }
        best.map(|(_, c)| c)
    }

    /// UCB1 of `node` with the exploration constant `explore`, where `log_n` is the log of
    /// its parent's visits: its scaled mean plus the exploration term.
    fn ucb(&mut self, node: usize, log_n: f64, explore: f64) -> f64 {
        let (low, span, scale) = (self.low, self.span, self.scale);
        let node = &mut self.nodes[node];
        let n = f64::from(node.visits.max(1));
        if node.scaled != scale {
            node.mean = (node.total / n - low) / span;
            node.scaled = scale;
        }
        node.mean + explore * (log_n / n).sqrt()
    }
}
