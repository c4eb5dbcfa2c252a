//! [`MctsBot`]: Monte Carlo tree search over sampled futures.

use match3_core::{Game, GameRng, Move, OpenedMove, PackedSwaps, Probe, Rules, Status};

use crate::bot::Bot;
use crate::lookahead::sample;
use crate::marks::MoveMarks;
use crate::tree::Tree;
use crate::worth::Worth;

/// What every playout of one decision shares: the game, what a line is worth from it, and
/// the scratch the playouts play on.
struct Search<'a, R> {
    game: &'a Game<R>,
    worth: Worth<'a>,
    probe: Probe<'a, R>,
    /// Each root move opened up to its first refill (see [`Game::open_move`]), once the
    /// first playout through it has asked: the same under every sample, so played once.
    opened: Vec<Opening>,
}

/// A root move's part before its first refill, as far as it is known.
enum Opening {
    /// No playout has played the move yet.
    Untried,
    Opened(Box<OpenedMove>),
    /// The move draws from the generator before its first refill (or it is rejected):
    /// each playout plays it whole.
    Whole,
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
/// What a root move does before its first refill is the same under every sample, so
/// each root move is opened once per decision ([`Game::open_move`]) and each playout
/// finishes it under its own sample ([`Game::finish_move`]): the same playouts, cheaper.
///
/// [`LookaheadBot`]: crate::LookaheadBot
#[derive(Clone, Debug)]
pub struct MctsBot {
    rng: GameRng,
    playouts: u32,
    rollout: u32,
    /// The tree, reused between decisions.
    tree: Tree,
    /// The legal moves at the root and their keys.
    root: Vec<Move>,
    root_keys: Vec<u32>,
    path: Vec<usize>,
    /// Which moves are a node's children or legal now, for [`select`](MctsBot::select).
    marks: MoveMarks,
}

impl MctsBot {
    /// An MCTS bot whose samples and rollouts are fixed by `seed`, with the default
    /// budget.
    pub fn new(seed: u64) -> Self {
        MctsBot {
            rng: GameRng::new(seed),
            playouts: MCTS_PLAYOUTS,
            rollout: MCTS_ROLLOUT,
            tree: Tree::default(),
            root: Vec::new(),
            root_keys: Vec::new(),
            path: Vec::new(),
            marks: MoveMarks::default(),
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

    /// Picks the root's child to follow (every root move is legal under every sample):
    /// an unvisited one first (added to the tree), else the best by UCB1. `None` when
    /// the root has no move.
    fn select_at_root(&mut self, (legal, keys): (&[Move], &[u32])) -> Option<usize> {
        let tree = &mut self.tree;
        // Children are added in legal-move order: the first unvisited is the next one.
        let visited = tree.children(0).len();
        if let (Some(&mv), Some(&key)) = (legal.get(visited), keys.get(visited)) {
            return Some(tree.add_child(0, mv, key));
        }
        tree.best_child(0, EXPLORE, |_| true)
    }

    /// Picks the child of `parent` to follow among the moves legal on `probe`: the first
    /// legal move not yet a child (added to the tree), else the best legal child by UCB1.
    /// `None` when no legal move is in reach.
    fn select<R: Rules>(&mut self, parent: usize, probe: &Probe<'_, R>) -> Option<usize> {
        if let Some(swaps) = probe.packed_legal_moves() {
            return self.select_listed(parent, swaps);
        }
        let tree = &mut self.tree;
        let (children, legal_now) = self.marks.stamp_pair();
        for c in tree.children(parent) {
            self.marks.mark(c.key, children);
        }
        // One pass over the legal moves, in order, without listing them: each that is a
        // child already is marked legal now, until one that is not.
        let marks = &mut self.marks;
        let new = probe.find_legal_move(|mv| {
            let key = marks.key(mv);
            let child = marks.has(key, children);
            if child {
                marks.mark(key, legal_now);
            }
            !child
        });
        if let Some(mv) = new {
            return Some(tree.add_child(parent, mv, marks.key(mv)));
        }
        tree.best_child(parent, EXPLORE, |c| marks.has(c.key, legal_now))
    }

    /// [`select`](MctsBot::select) where the legal moves are the swaps `legal`: the first
    /// of them that no child holds is the first legal move not yet a child, found
    /// without visiting the moves.
    fn select_listed(&mut self, parent: usize, legal: PackedSwaps) -> Option<usize> {
        let tried = self.tree.listed(parent);
        let untried = PackedSwaps {
            right: legal.right & !tried.right,
            down: legal.down & !tried.down,
        };
        if let Some(mv) = untried.first() {
            return Some(self.tree.add_child(parent, mv, self.marks.key(mv)));
        }
        (self.tree).best_child(parent, EXPLORE, |c| c.listed_in(&legal))
    }
}

impl<R: Rules> Search<'_, R> {
    /// Plays the root move `mv` (root index `at`) from the game onto the probe with the
    /// sampled `refills`: from its opening when it has one; false when the move fails.
    fn first_move(&mut self, at: usize, mv: Move, refills: &GameRng) -> bool {
        if let Opening::Untried = self.opened[at] {
            self.opened[at] = match self.game.open_move(mv) {
                Ok(Some(opened)) => Opening::Opened(Box::new(opened)),
                _ => Opening::Whole,
            };
        }
        if let Opening::Opened(opened) = &self.opened[at] {
            return self.probe.finish_move(opened, refills).is_ok();
        }
        self.probe.reset_with(self.game.state(), refills);
        self.probe.play(mv).is_ok()
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
        self.tree.reset(self.root[0]);
        let root = (
            std::mem::take(&mut self.root),
            std::mem::take(&mut self.root_keys),
        );
        let mut search = Search {
            game,
            worth: Worth::new(game.level(), game.state()),
            probe: game.probe(),
            opened: (root.0.iter()).map(|_| Opening::Untried).collect(),
        };
        let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
        for playout in 0..self.playouts {
            if playout as usize >= root.0.len() && !keep_going() {
                break;
            }
            let span = if high > low { high - low } else { 1.0 };
            let low_now = if low.is_finite() { low } else { 0.0 };
            self.tree.set_scale(low_now, span);
            let Some(value) = self.playout(&mut search, (&root.0, &root.1)) else {
                break;
            };
            low = low.min(value);
            high = high.max(value);
            self.back_up(value);
        }
        (self.root, self.root_keys) = root;
        self.most_visited()
    }

    /// One playout: a sampled future, the tree walked from the root (whose legal moves
    /// are `root`) by UCB1, a rollout, and the worth where it ended; `None` when the root
    /// has no move to follow. The path taken is left in `self.path`.
    fn playout<R: Rules>(
        &mut self,
        search: &mut Search<'_, R>,
        root: (&[Move], &[u32]),
    ) -> Option<f64> {
        let refills = sample(&mut self.rng);
        // The first move is played from the game itself, with the sampled refills; from
        // then on the probe plays on, drawing from the sample's continuation.
        self.path.clear();
        let first = self.select_at_root(root)?;
        self.path.push(first);
        let mv = self.tree.mv(first);
        let at = root.0.iter().position(|&m| m == mv)?;
        let mut alive = search.first_move(at, mv, &refills);
        let probe = &mut search.probe;
        alive = alive && self.descend(probe, first);
        alive = alive && self.roll_out(probe);
        // A runaway cascade (third-party rules) is worth nothing.
        Some(if alive {
            search.worth.of_probe(probe)
        } else {
            0.0
        })
    }

    /// Down the tree from `node` while the node has been visited before, playing each
    /// chosen move on `probe`; false when a move could not be played.
    fn descend<R: Rules>(&mut self, probe: &mut Probe<'_, R>, node: usize) -> bool {
        let mut node = node;
        while self.tree.visits(node) > 0 && probe.status() == Status::Playable {
            let Some(next) = self.select(node, probe) else {
                break;
            };
            let played = probe.play(self.tree.mv(next)).is_ok();
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
    fn roll_out<R: Rules>(&mut self, probe: &mut Probe<'_, R>) -> bool {
        for left in (0..self.rollout).rev() {
            if probe.status() != Status::Playable {
                break;
            }
            // The same draw as indexing the legal-move list, without building it.
            let rng = &mut self.rng;
            let Some(pick) = probe.pick_legal_move(|n| rng.below(n as u32) as usize) else {
                break;
            };
            // The last move's status is the level's verdict alone: whether a move would
            // remain is never asked.
            let played = if left == 0 {
                probe.play_last(pick)
            } else {
                probe.play(pick)
            };
            if played.is_err() {
                return false;
            }
        }
        true
    }

    /// Adds a playout's `value` to the root and every node on its path.
    fn back_up(&mut self, value: f64) {
        self.tree.visit_root();
        for &n in &self.path {
            self.tree.visit(n, value);
        }
    }

    /// The root's most visited child (the best mean among equals; children were added in
    /// legal-move order, so ties keep that order), or the first legal move.
    fn most_visited(&self) -> Option<Move> {
        let mut best: Option<(u32, f64, Move)> = None;
        for c in self.tree.children(0) {
            let c = c.node as usize;
            let (visits, mv) = (self.tree.visits(c), self.tree.mv(c));
            let mean = self.tree.total(c) / f64::from(visits.max(1));
            let better = best.is_none_or(|(v, m, _)| visits > v || (visits == v && mean > m));
            if better {
                best = Some((visits, mean, mv));
            }
        }
        best.map(|(_, _, mv)| mv).or(self.root.first().copied())
    }
}
