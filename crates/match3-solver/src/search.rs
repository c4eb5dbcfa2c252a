//! The depth-first searches: best score (maximise) and fewest moves to clear (minimise),
//! both with a transposition table, move ordering and bounds.
//!
//! Both are *fail-soft* searches with one threshold. A score search asked for more than
//! `alpha` returns the exact value when it beats `alpha`, and otherwise an upper bound no
//! greater than `alpha`; the clear search mirrors that with a lower bound at or above
//! `beta`. That is what lets a child be cut off as soon as it cannot change its parent's
//! answer, and still leaves every entry on the best line exact.

use std::time::Instant;

use match3_core::{Board, Game, Goal, Move, NoTrace, Rules, Snapshot, Status};

use crate::table::{Entry, Key, Table};

/// "Cannot be cleared", as a move count: above any real count, with room to add to it.
pub(crate) const UNCLEARABLE: i64 = 1 << 40;

/// One node's moves, kept between visits so that the search stops allocating once it has
/// seen its deepest line. A child's position is played again from `here` when the search
/// goes into it rather than kept: keeping one position per legal move per level of the
/// line made memory grow with the board's size times the line's length (hundreds of
/// megabytes on a 32×32 board) instead of with the table.
#[derive(Default)]
struct Frame {
    here: Option<Snapshot>,
    moves: Vec<Move>,
    /// `(gain, index)` into `moves`, best first.
    order: Vec<(i64, usize)>,
}

impl Frame {
    fn here(&self) -> &Snapshot {
        self.here.as_ref().expect("set by expand")
    }
}

/// A bound on what is still to score from a board (see [`crate::Bound`]).
pub(crate) type BoundFn<'b> = &'b dyn Fn(&Board) -> Option<u64>;

pub(crate) struct Search<'r, 'b, R> {
    pub game: Game<&'r R>,
    bound: BoundFn<'b>,
    /// Where a fewest-moves search ends: [`Status::Cleared`], or [`Status::Won`] for a
    /// level.
    done: Status,
    /// The level's goals, whose progress is part of a position.
    goals: Vec<Goal>,
    pub table: Table,
    frames: Vec<Frame>,
    pub nodes: u64,
    max_nodes: u64,
    /// When the search must stop, whatever the node count.
    deadline: Option<Instant>,
    pub aborted: bool,
    /// Added to the gain of a move that wins the level (a score search for the best
    /// winning line; 0 otherwise): above any score, so a winning line beats every other.
    win_bonus: i64,
    /// Whether positions include the moves played (a score search under a move limit).
    keyed_moves: bool,
}

impl<'r, 'b, R: Rules> Search<'r, 'b, R> {
    pub fn new(
        game: Game<&'r R>,
        bound: BoundFn<'b>,
        max_nodes: u64,
        deadline: Option<Instant>,
    ) -> Self {
        let goals = game.level().goals.clone();
        let done = if goals.is_empty() {
            Status::Cleared
        } else {
            Status::Won
        };
        Search {
            game,
            bound,
            done,
            goals,
            table: Table::new(),
            frames: Vec::new(),
            nodes: 0,
            max_nodes,
            deadline,
            aborted: false,
            win_bonus: 0,
            keyed_moves: false,
        }
    }

    /// A score search on a level: positions count the moves played when the level limits
    /// them, and a move that wins gains `win_bonus` more.
    pub fn on_level(mut self, win_bonus: i64) -> Self {
        self.keyed_moves = self.game.level().moves.is_some();
        self.win_bonus = win_bonus;
        self
    }

    /// The game's position.
    pub fn key(&self) -> Key {
        let moves = self.keyed_moves.then(|| self.game.moves());
        Key::of(self.game.state(), &self.goals, moves)
    }

    /// Counts a node; false once the budget (nodes or time) is spent.
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.max_nodes || self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.aborted = true;
        }
        !self.aborted
    }

    /// Puts the game on child `i` of `frame`: its move played from the frame's position.
    fn enter(&mut self, frame: &Frame, i: usize) {
        self.game.restore(frame.here());
        self.game
            .play_with(frame.moves[i], &mut NoTrace)
            .expect("played once already by expand");
    }

    /// Plays every legal move from the game's position into a frame, ordered by what the
    /// move scores at once (most first; ties keep the legal-move order, so the search is
    /// deterministic). The game is left on an undefined position.
    fn expand(&mut self) -> Frame {
        let mut frame = self.frames.pop().unwrap_or_default();
        let here = match &mut frame.here {
            Some(here) => {
                here.clone_from(self.game.state());
                here
            }
            None => frame.here.insert(self.game.snapshot()),
        };
        self.game.legal_moves_into(&mut frame.moves);
        frame.order.clear();
        for (i, &mv) in frame.moves.iter().enumerate() {
            self.game.restore(here);
            // A legal move of a no-refill game always settles; one that does not (rules
            // whose predicates disagree with their detection) is no move at all.
            let Ok(turn) = self.game.play_with(mv, &mut NoTrace) else {
                continue;
            };
            let won = self.win_bonus > 0 && self.game.status() == Status::Won;
            let bonus = if won { self.win_bonus } else { 0 };
            frame.order.push((turn.score as i64 + bonus, i));
        }
        frame
            .order
            .sort_by_key(|&(gain, _)| std::cmp::Reverse(gain));
        frame
    }

    /// The most the rest of the game can score from the game's position, exact if above
    /// `alpha`, otherwise an upper bound no greater than `alpha`.
    pub fn best_score(&mut self, alpha: i64) -> i64 {
        let key = self.key();
        if let Some(e) = self.table.get(&key)
            && (e.exact || e.value <= alpha)
        {
            return e.value;
        }
        if !self.visit() {
            return 0;
        }
        let bound = (self.bound)(self.game.board())
            .map_or(i64::MAX, |b| (b as i64).saturating_add(self.win_bonus));
        if bound <= alpha {
            self.remember(key, bound, false, None);
            return bound;
        }
        let frame = self.expand();
        let (mut best, mut best_move) = (i64::MIN, None);
        for &(gain, i) in &frame.order {
            if best >= bound {
                break;
            }
            self.enter(&frame, i);
            let value = gain + self.best_score(alpha.max(best) - gain);
            if self.aborted {
                break;
            }
            if value > best {
                (best, best_move) = (value, Some(frame.moves[i]));
            }
        }
        let exact = best_move.is_none() || best > alpha;
        let best = best.max(0);
        self.frames.push(frame);
        self.remember(key, best, exact, best_move);
        best
    }

    /// The fewest moves that clear the board (or, with a level, win it) from the game's
    /// position ([`UNCLEARABLE`] if none do), exact if below `beta`, otherwise a lower
    /// bound no less than `beta`. A level's move limit needs no test of its own: a
    /// search from the root with `beta` at most the moves left plus one reaches a
    /// position with no move left only with `beta <= 1`, which returns the bound 1.
    pub fn fewest_moves(&mut self, beta: i64) -> i64 {
        if self.game.status() == self.done {
            return 0;
        }
        let key = self.key();
        if let Some(e) = self.table.get(&key)
            && (e.exact || e.value >= beta)
        {
            return e.value;
        }
        if !self.visit() {
            return UNCLEARABLE;
        }
        // Not cleared, so at least one more move.
        if beta <= 1 {
            self.remember(key, 1, false, None);
            return 1;
        }
        let frame = self.expand();
        let (mut best, mut best_move) = (UNCLEARABLE, None);
        for &(_, i) in &frame.order {
            if best == 1 {
                break;
            }
            self.enter(&frame, i);
            let value = (1 + self.fewest_moves(beta.min(best) - 1)).min(UNCLEARABLE);
            if self.aborted {
                break;
            }
            if value < best {
                (best, best_move) = (value, Some(frame.moves[i]));
            }
        }
        let exact = best < beta;
        self.frames.push(frame);
        self.remember(key, best, exact, best_move.filter(|_| best < UNCLEARABLE));
        best
    }

    /// Stores what a search found, unless the budget ran out during it (then the value
    /// is not to be trusted).
    fn remember(&mut self, key: Key, value: i64, exact: bool, best: Option<Move>) {
        if !self.aborted {
            self.table.insert(key, Entry { value, exact, best });
        }
    }

    /// The best line from the game's position, following the exact entries' moves; the
    /// game ends on the line's last position.
    pub fn line(&mut self) -> Vec<Move> {
        let mut line = Vec::new();
        while let Some(Entry {
            exact: true,
            best: Some(mv),
            ..
        }) = self.table.get(&self.key()).copied()
        {
            if self.game.play_with(mv, &mut NoTrace).is_err() {
                break;
            }
            line.push(mv);
        }
        line
    }
}
