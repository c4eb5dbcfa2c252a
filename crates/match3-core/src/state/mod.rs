//! [`Snapshot`]: everything that changes during a game, and every change to it.
//!
//! This module owns the state: the fields are private to it, and each change is a method
//! of one of its submodules, named for its step: `plan` checks a move, `turn` runs its
//! phases, `fire` fires specials, `spawn` draws new pieces, `status` decides the status
//! (the one place that does), `shuffle` answers a deadlock, `saved` checks a loaded
//! state. [`Game`](crate::Game) holds snapshots and calls those steps; it writes no field.

mod after;
pub(crate) mod ahead;
pub(crate) mod bonus;
mod fire;
mod fixed_planes;
pub(crate) mod form;
mod jelly_planes;
mod kind_planes;
mod listed;
pub(crate) mod on_masks;
pub(crate) mod opened;
mod place;
pub(crate) mod plan;
mod saved;
mod shuffle;
pub(crate) mod spawn;
pub(crate) mod status;
pub(crate) mod turn;

use crate::board::Board;
use crate::effects::Change;
use crate::error::PartName;
use crate::legal::{append_legal_moves, pick_with, visit_legal_moves};
use crate::level::{Goal, GoalProgress, Level};
use crate::moves::{KnownSwaps, Move, MoveKind, PackedSwaps};
use crate::obstacles::Cleared;
use crate::piece::{MAX_COLORS, Piece};
use crate::pos::Pos;
use crate::progress::{Counts, Tally};
use crate::rng::GameRng;
use crate::rules::Rules;
use crate::slot::StateSlot;
use crate::trace::{Fire, Status};

/// Everything that changes during a game: board, score, move count, generator, id
/// counter, next piece and status. Snapshots compare bit-for-bit with `==`.
///
/// `clone_from` reuses the snapshot's buffers, so a scratch snapshot used for
/// look-ahead stops allocating once warm.
#[derive(Debug)]
pub struct Snapshot {
    board: Board,
    /// Score, moves, pieces collected, jelly and crates cleared.
    tally: Tally,
    rng: GameRng,
    next_id: u32,
    next_piece: Option<Piece>,
    colors: u8,
    status: Status,
    /// The refill policy's state.
    refill_state: StateSlot,
    /// The end-of-move effects' state.
    effects_state: StateSlot,
    /// Scratch space for the changes end-of-move effects ask for; not part of the state.
    changes: Vec<Change>,
    /// Scratch space for the specials a phase creates; not part of the state.
    specials: Vec<(Pos, Piece)>,
    /// Scratch space for the specials a phase fires; not part of the state.
    fired: Vec<Fire>,
    /// Shuffles on deadlock so far.
    shuffles: u32,
    /// The legal swaps the last status computation found (rules with
    /// [`Rules::legal_swaps`](crate::Rules::legal_swaps)), reused for move lists; derived,
    /// not part of the state.
    swaps: Option<KnownSwaps>,
    /// The part the engine last handed control to: what a panic's error names (see
    /// `contain`); not part of the state.
    pub(crate) stage: PartName,
}

impl Clone for Snapshot {
    fn clone(&self) -> Self {
        Snapshot {
            board: self.board.clone(),
            tally: self.tally,
            rng: self.rng.clone(),
            next_id: self.next_id,
            next_piece: self.next_piece,
            colors: self.colors,
            status: self.status,
            refill_state: self.refill_state.clone(),
            effects_state: self.effects_state.clone(),
            changes: Vec::new(),
            shuffles: self.shuffles,
            specials: Vec::new(),
            fired: Vec::new(),
            swaps: self.swaps,
            stage: PartName::Detection,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.board.clone_from(&source.board);
        self.tally = source.tally;
        self.rng.clone_from(&source.rng);
        self.next_id = source.next_id;
        self.next_piece = source.next_piece;
        self.colors = source.colors;
        self.status = source.status;
        self.refill_state.clone_from(&source.refill_state);
        self.effects_state.clone_from(&source.effects_state);
        self.shuffles = source.shuffles;
        // A derived cache: dropping it keeps look-ahead copies small; the next move list
        // recomputes it.
        self.swaps = None;
    }
}

impl PartialEq for Snapshot {
    fn eq(&self, o: &Self) -> bool {
        self.board == o.board
            && self.tally == o.tally
            && self.rng == o.rng
            && self.next_id == o.next_id
            && self.next_piece == o.next_piece
            && self.colors == o.colors
            && self.status == o.status
            && self.refill_state == o.refill_state
            && self.effects_state == o.effects_state
            && self.shuffles == o.shuffles
    }
}

impl Eq for Snapshot {}

impl Snapshot {
    /// A game's first state, before its status is worked out: `board` with ids below
    /// `next_id`, nothing scored, no move made, `rng` fresh.
    pub(crate) fn start(board: Board, rng: GameRng, next_id: u32, colors: u8) -> Self {
        Snapshot {
            board,
            tally: Tally::ZERO,
            rng,
            next_id,
            next_piece: None,
            colors,
            status: Status::Playable,
            refill_state: StateSlot::default(),
            effects_state: StateSlot::default(),
            changes: Vec::new(),
            shuffles: 0,
            stage: PartName::Detection,
            specials: Vec::new(),
            fired: Vec::new(),
            swaps: None,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The score so far.
    pub fn score(&self) -> u64 {
        self.tally.score
    }
    /// Accepted moves so far.
    pub fn moves(&self) -> u32 {
        self.tally.moves
    }
    /// The status.
    pub fn status(&self) -> Status {
        self.status
    }
    /// The id the next new piece will get.
    pub fn next_id(&self) -> u32 {
        self.next_id
    }
    /// The piece a drop will place, for rules that take drops.
    pub fn next_piece(&self) -> Option<Piece> {
        self.next_piece
    }
    /// The palette size used for refills and next pieces.
    pub fn colors(&self) -> u8 {
        self.colors
    }
    /// The refill policy's state (see [`Refill::State`](crate::refill::Refill::State)).
    pub fn refill_state(&self) -> &StateSlot {
        &self.refill_state
    }
    /// The end-of-move effects' state (see [`Effects::State`](crate::Effects::State)).
    pub fn effects_state(&self) -> &StateSlot {
        &self.effects_state
    }
    /// Pieces cleared so far per colour, indexed by colour; counted only for the colours
    /// the game's level collects (zero otherwise).
    pub fn collected(&self) -> &[u32; MAX_COLORS as usize] {
        &self.tally.collected
    }
    /// Jelly layers, crate hits and crates cleared so far.
    pub fn cleared(&self) -> Cleared {
        self.tally.cleared
    }

    /// Everything counted so far: score, moves, pieces collected, jelly and crates
    /// cleared.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }
    /// Shuffles on deadlock so far.
    pub fn shuffles(&self) -> u32 {
        self.shuffles
    }
    /// The game's generator as it stands: what the next random draw will come from.
    pub fn rng(&self) -> &GameRng {
        &self.rng
    }

    /// The legal swaps the last status found, when the rules have masks for them.
    pub(crate) fn known_swaps(&self) -> Option<&KnownSwaps> {
        self.swaps.as_ref()
    }

    /// The legal swaps packed (see [`Game::packed_legal_swaps`](crate::Game)): none once
    /// the game is over or under rules that take no swaps; `None` where the status keeps
    /// them otherwise or not at all.
    pub(crate) fn packed_legal_swaps<R: Rules + ?Sized>(&self, rules: &R) -> Option<PackedSwaps> {
        if self.check_open().is_err() || !rules.accepts(MoveKind::Swap) {
            return Some(PackedSwaps::default());
        }
        match self.known_swaps()? {
            KnownSwaps::Packed(packed) => Some(*packed),
            KnownSwaps::Sets(_) => None,
        }
    }

    /// The legal moves under `rules` into `out` (cleared first): none once the game is
    /// over.
    pub(crate) fn legal_moves_into<R: Rules + ?Sized>(&self, rules: &R, out: &mut Vec<Move>) {
        out.clear();
        if self.check_open().is_ok() {
            append_legal_moves(rules, &self.board, self.swaps.as_ref(), out);
        }
    }

    /// Calls `visit` with the legal moves under `rules` in list order until it returns
    /// `false`: none once the game is over.
    pub(crate) fn visit_legal_moves<R: Rules + ?Sized>(
        &self,
        rules: &R,
        visit: impl FnMut(Move) -> bool,
    ) {
        if self.check_open().is_ok() {
            visit_legal_moves(rules, &self.board, self.swaps.as_ref(), visit);
        }
    }

    /// The legal move `pick` chooses by its index in the list (given the list's length),
    /// without building the list; `None` once the game is over or without a legal move.
    #[inline]
    pub(crate) fn pick_legal_move<R: Rules + ?Sized>(
        &self,
        rules: &R,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<Move> {
        self.check_open().ok()?;
        pick_with(rules, &self.board, self.swaps.as_ref(), pick)
    }

    /// How far this state has come on `goal`: what it needs (the score target, the count
    /// to collect, or every jelly layer or crate the game started with, cleared so far
    /// plus left), the progress so far, and whether the goal is met.
    pub fn goal_progress(&self, goal: Goal) -> GoalProgress {
        crate::progress::goal_progress(goal, &self.tally, &self.board)
    }

    /// The numbers a part's [`Progress`](crate::Progress) shows, under `level`, in phase
    /// `chain` (0 outside a phase).
    pub(crate) fn counts<'a>(&'a self, level: &'a Level, chain: u32) -> Counts<'a> {
        Counts::new(level, &self.tally, chain)
    }

    /// Progress on every goal of `level`, in the level's order.
    pub fn progress(&self, level: &Level) -> Vec<GoalProgress> {
        (level.goals.iter())
            .map(|&goal| self.goal_progress(goal))
            .collect()
    }

    /// Whether this state meets every goal of `level`.
    pub fn meets(&self, level: &Level) -> bool {
        (level.goals.iter()).all(|&goal| self.goal_progress(goal).done)
    }

    /// Goal units gained so far under `level`, for bots that rank moves by goals: pieces
    /// of collected colours (up to each count), jelly layers and crate hits. Score goals
    /// add nothing (score is ranked on its own).
    pub fn goal_units(&self, level: &Level) -> u64 {
        goal_units(level, &self.tally)
    }
}

/// [`Snapshot::goal_units`] from the counts it reads: `tally`'s pieces collected and
/// obstacles cleared.
pub(crate) fn goal_units(level: &Level, tally: &Tally) -> u64 {
    let (collected, cleared) = (&tally.collected, tally.cleared);
    (level.goals.iter())
        .map(|goal| match *goal {
            Goal::Score { .. } => 0,
            Goal::Collect { color, count } => {
                u64::from(collected[usize::from(color.index())].min(count))
            }
            Goal::Jelly => u64::from(cleared.jelly),
            Goal::Crates => u64::from(cleared.crate_hits),
        })
        .sum()
}

/// What a turn came to, without the trace.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TurnSummary {
    /// Points the turn scored.
    pub score: u64,
    /// Phases it ran (the longest chain index).
    pub phases: u32,
    /// Status afterwards.
    pub status: Status,
}
