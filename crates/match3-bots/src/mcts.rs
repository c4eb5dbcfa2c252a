//! [`MctsBot`]: Monte Carlo tree search over sampled futures.

use match3_core::{Game, GameRng, Move, NoTrace, Rules, Snapshot, Status};

use std::mem::take;

use crate::bot::Bot;
use crate::lookahead::sample;
use crate::marks::MoveMarks;
use crate::worth::Worth;

/// What every playout of one decision shares: the game, what a line is worth from it, and
/// the scratch the playouts play on.
struct Search<'a, R> {
    game: &'a Game<R>,
    worth: Worth<'a>,
    probe: Game<&'a R>,
    state: &'a mut Snapshot,
}

/// Playouts per decision by default.
pub const MCTS_PLAYOUTS: u32 = 800;
/// Random moves after the tree in each playout, by default.
pub const MCTS_ROLLOUT: u32 = 3;
/// The exploration constant of UCB1 (on worths scaled to 0..1).
const EXPLORE: f64 = 0.7;

/// Monte Carlo tree search with a playout budget.
///
/// Every playout samples a future (a refill generator drawn from the bot's own seeded
/// generator, never the game's), walks the tree from the current position choosing moves
/// by UCB1, adds one new move to the tree, then plays [`rollout`](MctsBot::rollout)
/// random moves, and credits the worth of where it ended (as [`LookaheadBot`]: a won
/// level, goal units, score) to every move on its path. The tree is *open loop*: its
/// nodes are sequences of moves, not board states, since the same moves lead to
/// different boards under different refills; a move that is not legal under this
/// playout's sample is skipped. The bot plays the most visited first move (ties: the
/// better mean, then legal-move order).
///
/// [`LookaheadBot`]: crate::LookaheadBot
#[derive(Clone, Debug)]
pub struct MctsBot {
    rng: GameRng,
    playouts: u32,
    rollout: u32,
    /// The tree, root first; reused between decisions.
    nodes: Vec<Node>,
    moves: Vec<Move>,
    /// The keys of `moves` (see [`MoveMarks::key`]).
    keys: Vec<u32>,
    /// The legal moves at the root and their keys, kept apart from `moves`, which
    /// playouts reuse.
    root: Vec<Move>,
    root_keys: Vec<u32>,
    path: Vec<usize>,
    /// Which moves are a node's children or legal now, for [`select`](MctsBot::select).
    marks: MoveMarks,
    /// Scratch state for a playout's first move, reused between decisions.
    state: Option<Box<Snapshot>>,
}

/// The end of a list of children.
const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Node {
    mv: Move,
    /// `mv`'s key in the bot's [`MoveMarks`].
    key: u32,
    visits: u32,
    total: f64,
    /// The children, in the order they were added: the first and the last, and this
    /// node's next sibling ([`NONE`] at the end).
    first: u32,
    last: u32,
    next: u32,
}

/// The children of `parent` in the order they were added.
fn children_of(nodes: &[Node], parent: usize) -> impl Iterator<Item = usize> + '_ {
    let first = Some(nodes[parent].first).filter(|&c| c != NONE);
    std::iter::successors(first, |&c| {
        Some(nodes[c as usize].next).filter(|&n| n != NONE)
    })
    .map(|c| c as usize)
}

impl Node {
    fn new(mv: Move, key: u32) -> Self {
        Node {
            mv,
            key,
            visits: 0,
            total: 0.0,
            first: NONE,
            last: NONE,
            next: NONE,
        }
    }
}

impl MctsBot {
    /// An MCTS bot whose samples and rollouts are fixed by `seed`, with the default
    /// budget.
    pub fn new(seed: u64) -> Self {
        MctsBot {
            rng: GameRng::new(seed),
            playouts: MCTS_PLAYOUTS,
            rollout: MCTS_ROLLOUT,
            nodes: Vec::new(),
            moves: Vec::new(),
            keys: Vec::new(),
            root: Vec::new(),
            root_keys: Vec::new(),
            path: Vec::new(),
            marks: MoveMarks::default(),
            state: None,
        }
    }

    /// Playouts per decision (at least 1).
    pub fn playouts(mut self, playouts: u32) -> Self {
        self.playouts = playouts.max(1);
        self
    }

    /// Random moves played after leaving the tree.
    pub fn rollout(mut self, moves: u32) -> Self {
        self.rollout = moves;
        self
    }

    /// Picks the child of `parent` to follow among the moves legal now (`legal`, with
    /// their `keys`): an unvisited legal move first (added to the tree), else the best by
    /// UCB1. `None` when no legal move is in reach.
    fn select(
        &mut self,
        parent: usize,
        (legal, keys): (&[Move], &[u32]),
        low: f64,
        span: f64,
    ) -> Option<usize> {
        let children = self.marks.stamp();
        for c in children_of(&self.nodes, parent) {
            self.marks.mark(self.nodes[c].key, children);
        }
        if let Some(i) = keys.iter().position(|&k| !self.marks.has(k, children)) {
            return Some(self.add_child(parent, legal[i], keys[i]));
        }
        // Every legal move is a child: the best of them by UCB1.
        let legal_now = self.marks.stamp();
        for &k in keys {
            self.marks.mark(k, legal_now);
        }
        let log_n = f64::from(self.nodes[parent].visits.max(1)).ln();
        let mut best: Option<(f64, usize)> = None;
        for c in children_of(&self.nodes, parent) {
            let node = &self.nodes[c];
            if !self.marks.has(node.key, legal_now) {
                continue;
            }
            let n = f64::from(node.visits.max(1));
            let mean = (node.total / n - low) / span;
            let ucb = mean + EXPLORE * (log_n / n).sqrt();
            if best.is_none_or(|(b, _)| ucb > b) {
                best = Some((ucb, c));
            }
        }
        best.map(|(_, c)| c)
    }

    /// A new node for `mv` (with `key`), the last child of `parent`.
    fn add_child(&mut self, parent: usize, mv: Move, key: u32) -> usize {
        let child = self.nodes.len() as u32;
        self.nodes.push(Node::new(mv, key));
        match std::mem::replace(&mut self.nodes[parent].last, child) {
            NONE => self.nodes[parent].first = child,
            last => self.nodes[last as usize].next = child,
        }
        child as usize
    }
}

impl Bot for MctsBot {
    fn choose<R: Rules>(&mut self, game: &Game<R>) -> Option<Move> {
        self.choose_while(game, &mut || true)
    }
}

impl MctsBot {
    /// Like [`choose`](Bot::choose), stopping early once `keep_going` says no (it is
    /// asked before each playout): for an interactive hint under a time budget, which
    /// the caller measures (the bot reads no clock). Every legal move is tried at least
    /// once first, so that a short budget still compares them all.
    pub fn choose_while<R: Rules>(
        &mut self,
        game: &Game<R>,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<Move> {
        game.legal_moves_into(&mut self.root);
        if self.root.len() <= 1 {
            return self.root.first().copied();
        }
        self.marks.fit(game.board().size());
        let marks = &self.marks;
        self.root_keys.clear();
        (self.root_keys).extend(self.root.iter().map(|&mv| marks.key(mv)));
        self.nodes.clear();
        // The root's move and key are never read.
        self.nodes.push(Node::new(self.root[0], 0));
        let root = (
            std::mem::take(&mut self.root),
            std::mem::take(&mut self.root_keys),
        );
        let mut state = (self.state.take()).unwrap_or_else(|| Box::new(game.snapshot()));
        let mut search = Search {
            game,
            worth: Worth::new(game.level(), game.state()),
            probe: game.borrowed(),
            state: &mut state,
        };
        let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
        for playout in 0..self.playouts {
            if playout as usize >= root.0.len() && !keep_going() {
                break;
            }
            let span = if high > low { high - low } else { 1.0 };
            let low_now = if low.is_finite() { low } else { 0.0 };
            let bounds = (low_now, span);
            let Some(value) = self.playout(&mut search, (&root.0, &root.1), bounds) else {
                break;
            };
            low = low.min(value);
            high = high.max(value);
            self.back_up(value);
        }
        (self.root, self.root_keys) = root;
        self.state = Some(state);
        self.most_visited()
    }

    /// One playout: a sampled future, the tree walked from the root (whose legal moves
    /// are `root`) by UCB1 with worths scaled by `bounds` (the lowest so far and the
    /// span), a rollout, and the worth where it ended; `None` when the root has no move
    /// to follow. The path taken is left in `self.path`.
    fn playout<R: Rules>(
        &mut self,
        search: &mut Search<'_, R>,
        root: (&[Move], &[u32]),
        (low, span): (f64, f64),
    ) -> Option<f64> {
        let refills = sample(&mut self.rng);
        // The first move is played from the game itself, with the sampled refills; from
        // then on the probe plays on, drawing from the sample's continuation.
        self.path.clear();
        let first = self.select(0, root, low, span)?;
        self.path.push(first);
        let mv = self.nodes[first].mv;
        let Search {
            game, probe, state, ..
        } = search;
        let mut alive = (game.speculate_with(mv, state, Some(&refills), &mut NoTrace)).is_ok();
        if alive {
            probe.restore(state);
        }
        alive = alive && self.descend(probe, first, low, span);
        alive = alive && self.roll_out(probe);
        // A runaway cascade (third-party rules) is worth nothing.
        Some(if alive {
            search.worth.of(probe.state())
        } else {
            0.0
        })
    }

    /// Down the tree from `node` while the node has been visited before, playing each
    /// chosen move on `probe`; false when a move could not be played.
    fn descend<R: Rules>(
        &mut self,
        probe: &mut Game<&R>,
        node: usize,
        low: f64,
        span: f64,
    ) -> bool {
        let mut node = node;
        while self.nodes[node].visits > 0 && probe.status() == Status::Playable {
            probe.legal_moves_into(&mut self.moves);
            let (legal, mut keys) = (take(&mut self.moves), take(&mut self.keys));
            keys.clear();
            keys.extend(legal.iter().map(|&mv| self.marks.key(mv)));
            let next = self.select(node, (&legal, &keys), low, span);
            (self.moves, self.keys) = (legal, keys);
            let Some(next) = next else { break };
            let played = probe.play_with(self.nodes[next].mv, &mut NoTrace).is_ok();
            self.path.push(next);
            if !played {
                return false;
            }
            node = next;
        }
        true
    }

    /// Random moves on `probe`, at most the rollout length; false when one could not be
    /// played.
    fn roll_out<R: Rules>(&mut self, probe: &mut Game<&R>) -> bool {
        for _ in 0..self.rollout {
            if probe.status() != Status::Playable {
                break;
            }
            // The same draw as indexing the legal-move list, without building it.
            let rng = &mut self.rng;
            let Some(pick) = probe.pick_legal_move(|n| rng.below(n as u32) as usize) else {
                break;
            };
            if probe.play_with(pick, &mut NoTrace).is_err() {
                return false;
            }
        }
        true
    }

    /// Adds a playout's `value` to the root and every node on its path.
    fn back_up(&mut self, value: f64) {
        self.nodes[0].visits += 1;
        for &n in &self.path {
            self.nodes[n].visits += 1;
            self.nodes[n].total += value;
        }
    }

    /// The root's most visited child (the best mean among equals; children were added in
    /// legal-move order, so ties keep that order), or the first legal move.
    fn most_visited(&self) -> Option<Move> {
        let mut best: Option<(u32, f64, Move)> = None;
        for c in children_of(&self.nodes, 0) {
            let node = &self.nodes[c];
            let mean = node.total / f64::from(node.visits.max(1));
            let better =
                best.is_none_or(|(v, m, _)| node.visits > v || (node.visits == v && mean > m));
            if better {
                best = Some((node.visits, mean, node.mv));
            }
        }
        best.map(|(_, _, mv)| mv).or(self.root.first().copied())
    }
}
