//! [`Tree`]: the search tree of [`MctsBot`](crate::MctsBot), kept between decisions so
//! that a decision allocates nothing once the tree has grown to its budget.
//!
//! Nodes live in an arena, root first, each with its children in the order they were
//! added. A child entry holds what choosing among the children reads: the child's index,
//! its move's key and list index, and its visit statistics (visits, summed worth, mean
//! worth scaled to the worths seen so far, spread), side by side in its parent's array,
//! so that scoring a node's children reads one array in order instead of a node
//! scattered over the arena per child (a load that missed the cache). The scaled mean
//! changes only when the child is visited or a playout ends lower or higher than any
//! before: UCB1 reads it for every child at every step down the tree, so working it out
//! again each time would cost two divisions per child.
//!
//! The exploration term of UCB1 takes a division and a square root per child, and the
//! root's children are scored at every playout: a tenth of a cluster decision's time
//! went there (under `perf`; its 31 children). So a child also keeps `1 / sqrt(visits)`,
//! and the search first bounds a child's UCB1 with one multiplication (the same sum,
//! grouped otherwise, so within a few rounding errors of it); only a child whose bound
//! comes within a margin far wider than those errors of the best so far is scored
//! exactly. A child the bound skips could not have been chosen, so the choice is the
//! one scoring every child exactly would make, to the bit.

use match3_core::{Move, PackedSwaps};

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
    /// Bumped whenever `low` or `span` change: a child's scaled mean is current when it
    /// was worked out under this scale.
    scale: u64,
    /// The root's visits (every other node's are in its entry among its parent's
    /// children).
    root_visits: u32,
    by_visits: ByVisits,
}

/// `ln n` and `1 / sqrt(n)` for visit counts `n`, each worked out once per tree: the
/// search asks for the log of a parent's visits at every step down and for the spread
/// of every node a playout passes, and a logarithm, a square root and a division wait
/// far longer than a load (100 MCTS games of a sample level took 0.98× the time with the
/// table). The same expressions, so the same bits.
#[derive(Clone, Debug, Default)]
struct ByVisits {
    /// Entry `n`: `(ln n, 1 / sqrt(n))`, for `n` below [`BY_VISITS_CAP`].
    table: Vec<(f64, f64)>,
}

/// Counts past this are worked out each time (a budget of more playouts than this is
/// rare, and the table would hold memory the search no longer needs).
const BY_VISITS_CAP: usize = 1 << 16;

impl ByVisits {
    /// `(ln n, 1 / sqrt(n))`.
    #[inline]
    fn of(&mut self, n: u32) -> (f64, f64) {
        let i = n as usize;
        if i >= self.table.len() && i < BY_VISITS_CAP {
            // Counts grow one visit at a time: doubling keeps the growth rare.
            let to = (i + 1).max(2 * self.table.len()).min(BY_VISITS_CAP);
            let from = self.table.len() as u32;
            (self.table).extend((from..to as u32).map(Self::work_out));
        }
        match self.table.get(i) {
            Some(&pair) => pair,
            None => Self::work_out(n),
        }
    }

    fn work_out(n: u32) -> (f64, f64) {
        let n = f64::from(n);
        (n.ln(), 1.0 / n.sqrt())
    }
}

/// A child of a node: its index in the arena, its move's key in the bot's move marks, its
/// move's list index ([`PackedSwaps::list_index`], [`NO_INDEX`] for a move without one)
/// and its visits so far.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Child {
    pub node: u32,
    pub key: u32,
    pub index: u8,
    stats: Stats,
}

/// The list index of a move that has none.
const NO_INDEX: u8 = u8::MAX;

impl Child {
    /// Whether its move is among the swaps `legal`.
    #[inline]
    pub fn listed_in(self, legal: &PackedSwaps) -> bool {
        legal.holds(u32::from(self.index))
    }
}

/// A child's visits and worth.
#[derive(Clone, Copy, Debug)]
struct Stats {
    visits: u32,
    /// The worth summed over its visits.
    total: f64,
    /// `(total / visits - low) / span` under scale `scaled`.
    mean: f64,
    scaled: u64,
    /// `1 / sqrt(visits)` (1 when unvisited), for the bound on UCB1.
    spread: f64,
}

impl Stats {
    const NEW: Stats = Stats {
        visits: 0,
        total: 0.0,
        mean: 0.0,
        scaled: STALE,
        spread: 1.0,
    };

    /// The scaled mean under `scale` (the tree's `low`, `span` and its count), worked out
    /// again only when stale.
    #[inline]
    fn mean(&mut self, (low, span, scale): (f64, f64, u64)) -> f64 {
        if self.scaled != scale {
            let n = f64::from(self.visits.max(1));
            self.mean = (self.total / n - low) / span;
            self.scaled = scale;
        }
        self.mean
    }

    /// A bound on UCB1 from `reach` (see [`Tree::best_child`]): the scaled mean plus
    /// `reach` times the spread, and the margin the bound may be off by. The margin is a
    /// billionth of the terms; the two sums differ by a few rounding errors, about 1e-15
    /// of them.
    #[inline]
    fn bound(&mut self, scale: (f64, f64, u64), reach: f64) -> (f64, f64) {
        let mean = self.mean(scale);
        let term = reach * self.spread;
        (mean + term, 1e-9 * (mean.abs() + term))
    }

    /// UCB1 with the exploration constant `explore`, where `log_n` is the log of the
    /// parent's visits: the scaled mean plus the exploration term.
    #[inline]
    fn ucb(&mut self, scale: (f64, f64, u64), log_n: f64, explore: f64) -> f64 {
        let mean = self.mean(scale);
        let n = f64::from(self.visits.max(1));
        mean + explore * (log_n / n).sqrt()
    }
}

#[derive(Clone, Debug)]
struct Node {
    mv: Move,
    /// Where its statistics are: its parent and its place among the parent's children
    /// (the root's are the tree's own).
    parent: u32,
    slot: u32,
    children: Vec<Child>,
    /// The children's moves that are side swaps within 8 × 8, packed: where the legal
    /// moves come packed (boards of at most 8 × 8, swaps alone), the untried ones are
    /// the legal swaps not among them.
    listed: PackedSwaps,
}

/// No scale: a child whose visits changed.
const STALE: u64 = u64::MAX;

impl Tree {
    /// An empty tree but for its root (whose move is never read).
    pub fn reset(&mut self, root: Move) {
        self.used = 0;
        self.root_visits = 0;
        self.add(root, (0, 0));
    }

    /// The node for `mv` (with its `key`), a new last child of `parent`.
    pub fn add_child(&mut self, parent: usize, mv: Move, key: u32) -> usize {
        let slot = self.nodes[parent].children.len() as u32;
        let child = self.add(mv, (parent as u32, slot));
        let index = PackedSwaps::list_index(mv).map_or(NO_INDEX, |index| index as u8);
        let parent = &mut self.nodes[parent];
        parent.children.push(Child {
            node: child as u32,
            key,
            index,
            stats: Stats::NEW,
        });
        parent.listed.insert(mv);
        child
    }

    /// The moves of `node`'s children that are side swaps within 8 × 8, packed.
    pub fn listed(&self, node: usize) -> PackedSwaps {
        self.nodes[node].listed
    }

    /// A new node for `mv` whose statistics are at `(parent, slot)`, in a slot left from
    /// an earlier decision when there is one.
    fn add(&mut self, mv: Move, (parent, slot): (u32, u32)) -> usize {
        let fresh = Node {
            mv,
            parent,
            slot,
            children: Vec::new(),
            listed: PackedSwaps::default(),
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
    pub fn children(&self, node: usize) -> &[Child] {
        &self.nodes[node].children
    }

    /// The move of `node`.
    pub fn mv(&self, node: usize) -> Move {
        self.nodes[node].mv
    }

    /// The statistics of `node`, not the root.
    fn stats(&self, node: usize) -> &Stats {
        let Node { parent, slot, .. } = self.nodes[node];
        &self.nodes[parent as usize].children[slot as usize].stats
    }

    /// How often `node` was visited.
    pub fn visits(&self, node: usize) -> u32 {
        match node {
            0 => self.root_visits,
            _ => self.stats(node).visits,
        }
    }

    /// `node`'s worth so far, summed over its visits (the root's is never counted).
    pub fn total(&self, node: usize) -> f64 {
        match node {
            0 => 0.0,
            _ => self.stats(node).total,
        }
    }

    /// Counts a visit of `node`, not the root, worth `value`.
    pub fn visit(&mut self, node: usize, value: f64) {
        let Node { parent, slot, .. } = self.nodes[node];
        let stats = &mut self.nodes[parent as usize].children[slot as usize].stats;
        stats.visits += 1;
        stats.total += value;
        stats.scaled = STALE;
        stats.spread = self.by_visits.of(stats.visits).1;
    }

    /// Counts a visit of the root (its worth is never read).
    pub fn visit_root(&mut self) {
        self.root_visits += 1;
    }

    /// Scales means to worths from `low` over `span` from now on.
    pub fn set_scale(&mut self, low: f64, span: f64) {
        if (low.to_bits(), span.to_bits()) != (self.low.to_bits(), self.span.to_bits()) {
            (self.low, self.span) = (low, span);
            self.scale += 1;
        }
    }

    /// The child of `parent` with the highest UCB1 (the first of equals) among those
    /// `legal` accepts, with the exploration constant `explore`.
    pub fn best_child(
        &mut self,
        parent: usize,
        explore: f64,
        legal: impl Fn(Child) -> bool,
    ) -> Option<usize> {
        let log_n = self.by_visits.of(self.visits(parent).max(1)).0;
        // The exploration term of a child visited once: scaled by its spread, the bound's.
        let reach = explore * log_n.sqrt();
        let scale = (self.low, self.span, self.scale);
        let mut best = Best::default();
        for child in &mut self.nodes[parent].children {
            if !legal(*child) || best.beats(child.stats.bound(scale, reach)) {
                continue;
            }
            let ucb = child.stats.ucb(scale, log_n, explore);
            best.offer(ucb, child.node as usize);
        }
        best.child()
    }
}

/// The child with the highest UCB1 so far, the first of equals.
struct Best {
    ucb: f64,
    /// `usize::MAX` before the first offer.
    child: usize,
}

impl Default for Best {
    fn default() -> Self {
        Best {
            ucb: f64::NEG_INFINITY,
            child: usize::MAX,
        }
    }
}

impl Best {
    /// Whether the best so far beats every UCB1 within `margin` of `bound`: false for
    /// NaN or infinite bounds, which are then scored exactly.
    #[inline]
    fn beats(&self, (bound, margin): (f64, f64)) -> bool {
        self.child != usize::MAX && bound + margin < self.ucb
    }

    /// Takes `child` when it is the first or beats the best so far.
    #[inline]
    fn offer(&mut self, ucb: f64, child: usize) {
        if self.child == usize::MAX || ucb > self.ucb {
            (self.ucb, self.child) = (ucb, child);
        }
    }

    fn child(&self) -> Option<usize> {
        (self.child != usize::MAX).then_some(self.child)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use match3_core::GameRng;

    /// UCB1 scored exactly for every legal child of `parent`: the first of the highest.
    fn every_child_scored(
        tree: &mut Tree,
        parent: usize,
        explore: f64,
        legal: impl Fn(u32) -> bool,
    ) -> Option<usize> {
        let log_n = f64::from(tree.visits(parent).max(1)).ln();
        let scale = (tree.low, tree.span, tree.scale);
        let mut best: Option<(f64, usize)> = None;
        for child in &mut tree.nodes[parent].children {
            if legal(child.key) {
                let ucb = child.stats.ucb(scale, log_n, explore);
                if best.is_none_or(|(b, _)| ucb > b) {
                    best = Some((ucb, child.node as usize));
                }
            }
        }
        best.map(|(_, c)| c)
    }

    /// A root with up to 40 children, each given one of a few histories of visits (so
    /// that equal UCB1s, which the first child must win, are common), under a random
    /// scale.
    fn random_root(rng: &mut GameRng) -> Tree {
        let mut tree = Tree::default();
        tree.reset(Move::Drop(0));
        let histories: Vec<(u32, u32)> = (0..1 + rng.below(6))
            .map(|_| (rng.below(60), rng.below(1000)))
            .collect();
        for k in 0..1 + rng.below(40) {
            let c = tree.add_child(0, Move::Drop(k as u8), k);
            let (visits, worth) = histories[rng.below(histories.len() as u32) as usize];
            for v in 0..visits {
                tree.visit(c, f64::from(worth + v % 7) / 100.0);
                tree.visit_root();
            }
        }
        tree.set_scale(f64::from(rng.below(5)), 1.0 + f64::from(rng.below(10)));
        tree
    }

    #[test]
    fn the_table_by_visits_holds_the_bits_worked_out_each_time() {
        let mut table = ByVisits::default();
        let bits = |(a, b): (f64, f64)| (a.to_bits(), b.to_bits());
        // Out of order, across doublings and past the cap.
        let cap = BY_VISITS_CAP as u32;
        let counts = [1, 2, 7, 3, 800, 799, 801, 5000, cap - 1, cap, cap + 9, 64];
        for n in counts {
            let direct = (f64::from(n).ln(), 1.0 / f64::from(n).sqrt());
            assert_eq!(bits(table.of(n)), bits(direct), "visits {n}");
        }
        assert_eq!(table.table.len(), BY_VISITS_CAP);
    }

    #[test]
    fn the_bound_skips_only_children_that_could_not_be_chosen() {
        let mut rng = GameRng::new(7);
        for round in 0..3000 {
            let mut tree = random_root(&mut rng);
            // Every fourth move illegal now (one of four offsets), or none.
            let skip = rng.below(4);
            let legal = |k: u32| skip == 0 || k % 4 != skip;
            let exact = every_child_scored(&mut tree.clone(), 0, 0.7, legal);
            let found = tree.best_child(0, 0.7, |c| legal(c.key));
            assert_eq!(found, exact, "round {round}");
        }
    }
}
