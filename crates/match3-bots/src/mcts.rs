//! [`MctsBot`]: Monte Carlo tree search over sampled futures.

use match3_core::{Game, GameRng, Move, NoTrace, Rules, Snapshot, Status};

use crate::bot::Bot;
use crate::lookahead::sample;
use crate::worth::Worth;

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
    nodes: Vec<Node>,
    moves: Vec<Move>,
    /// The legal moves at the root, kept apart from `moves`, which playouts reuse.
    root: Vec<Move>,
    path: Vec<usize>,
    /// Scratch state for a playout's first move, reused between decisions.
    state: Option<Box<Snapshot>>,
}

#[derive(Clone, Debug)]
struct Node {
    mv: Move,
    visits: u32,
    total: f64,
    /// Indices of the children in the arena.
    children: Vec<usize>,
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
            root: Vec::new(),
            path: Vec::new(),
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

    /// Picks the child of `parent` to follow among the moves legal now: an unvisited
    /// legal move first (added to the tree), else the best by UCB1. `None` when no legal
    /// move is in reach.
    fn select(&mut self, parent: usize, legal: &[Move], low: f64, span: f64) -> Option<usize> {
        for &mv in legal {
            if !(self.nodes[parent].children.iter()).any(|&c| self.nodes[c].mv == mv) {
                let child = self.nodes.len();
                self.nodes.push(Node {
                    mv,
                    visits: 0,
                    total: 0.0,
                    children: Vec::new(),
                });
                self.nodes[parent].children.push(child);
                return Some(child);
            }
        }
        let log_n = f64::from(self.nodes[parent].visits.max(1)).ln();
        let mut best: Option<(f64, usize)> = None;
        for &c in &self.nodes[parent].children {
            let node = &self.nodes[c];
            if !legal.contains(&node.mv) {
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
        game.legal_moves_into(&mut self.moves);
        if self.moves.len() <= 1 {
            return self.moves.first().copied();
        }
        let worth = Worth::new(game.level(), game.state());
        self.nodes.clear();
        self.nodes.push(Node {
            mv: self.moves[0],
            visits: 0,
            total: 0.0,
            children: Vec::new(),
        });
        let mut root_moves = std::mem::take(&mut self.root);
        root_moves.clone_from(&self.moves);
        let mut state = (self.state.take()).unwrap_or_else(|| Box::new(game.snapshot()));
        let mut probe = game.borrowed();
        let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
        for playout in 0..self.playouts {
            if playout as usize >= root_moves.len() && !keep_going() {
                break;
            }
            let refills = sample(&mut self.rng);
            let span = if high > low { high - low } else { 1.0 };
            let low_now = if low.is_finite() { low } else { 0.0 };
            // The first move is played from the game itself, with the sampled refills;
            // from then on the probe plays on, drawing from the sample's continuation.
            self.path.clear();
            let Some(first) = self.select(0, &root_moves, low_now, span) else {
                break;
            };
            self.path.push(first);
            let mv = self.nodes[first].mv;
            let mut alive = game
                .speculate_with(mv, &mut state, Some(&refills), &mut NoTrace)
                .is_ok();
            if alive {
                probe.restore(&state);
            }
            alive = alive && self.descend(&mut probe, first, low_now, span);
            alive = alive && self.roll_out(&mut probe);
            let value = if alive {
                worth.of(probe.state())
            } else {
                // A runaway cascade (third-party rules): worth nothing.
                0.0
            };
            low = low.min(value);
            high = high.max(value);
            self.back_up(value);
        }
        self.moves.clone_from(&root_moves);
        self.root = root_moves;
        self.state = Some(state);
        self.most_visited()
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
            let legal = std::mem::take(&mut self.moves);
            let next = self.select(node, &legal, low, span);
            self.moves = legal;
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
            probe.legal_moves_into(&mut self.moves);
            if self.moves.is_empty() {
                break;
            }
            let pick = self.moves[self.rng.below(self.moves.len() as u32) as usize];
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
        for &c in &self.nodes[0].children {
            let node = &self.nodes[c];
            let mean = node.total / f64::from(node.visits.max(1));
            let better =
                best.is_none_or(|(v, m, _)| node.visits > v || (node.visits == v && mean > m));
            if better {
                best = Some((node.visits, mean, node.mv));
            }
        }
        best.map(|(_, _, mv)| mv).or(self.moves.first().copied())
    }
}
