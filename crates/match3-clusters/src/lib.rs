//! # match3-clusters
//!
//! Flood-fill cluster rules on the shared [`match3_core`] engine: a 4-connected group of
//! same-colour pieces of at least `min_size` cells (default 3) matches as a whole, whatever
//! its shape. Blockers and empty cells separate groups. Three modes:
//!
//! - [`Mode::Swap`] (`clusters`): a swap is legal iff the swapped board has a matching
//!   cluster that contains a swapped cell (a bent trio counts). Each phase scores
//!   cells × chain index; gravity, then a seeded random refill; cascades run until stable.
//! - [`Mode::Drop`] (`clusters-drop`): the game shows its next piece; `Drop(col)` places
//!   it on top of that column. Clusters clear, survivors settle, re-check, chains counted.
//!   No refill. A full column is an illegal drop; `NoMoves` when every column is full.
//!   New games start on an empty board.
//! - [`Mode::Tap`] (`clusters-tap`): `Tap(pos)` clears the group at `pos` when it has at
//!   least `min_size` pieces (SameGame / blast games); nothing clears by itself, survivors
//!   settle, no refill; `NoMoves` when no such group is left.
//!
//! ```
//! use match3_core::{Game, Move, Pos};
//! use match3_clusters::Clusters;
//!
//! // A bent trio: moving the A at (2,1) up to (1,1) joins A(0,0) A(0,1) in an L.
//! let mut game = Game::from_board(Clusters::swap(), "AABC/CBCA/BADB".parse()?, 1)?;
//! let trace = game.play(Move::Swap(Pos::new(2, 1), Pos::new(1, 1)))?;
//! assert_eq!(trace.phases[0].cleared, [Pos::new(0, 0), Pos::new(0, 1), Pos::new(1, 1)]);
//! assert_eq!(trace.phases[0].score, 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod flood;
pub mod swaps;

use match3_core::{Board, CellSet, GameRng, MoveKind, Pos, Rules, ScoredPhase, SetupError, Size};

/// How the cluster game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Swap two pieces; refill from the top.
    Swap,
    /// Drop the next piece into a column; no refill.
    Drop,
    /// Tap a group to clear it; no refill.
    Tap,
}

/// The cluster rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clusters {
    mode: Mode,
    min_size: usize,
}

/// The default smallest group that matches.
pub const DEFAULT_MIN_SIZE: usize = 3;

impl Clusters {
    /// Swap mode with refill, `min_size` 3.
    pub fn swap() -> Self {
        Clusters {
            mode: Mode::Swap,
            min_size: DEFAULT_MIN_SIZE,
        }
    }

    /// Drop mode without refill, `min_size` 3.
    pub fn drop() -> Self {
        Clusters {
            mode: Mode::Drop,
            min_size: DEFAULT_MIN_SIZE,
        }
    }

    /// Tap mode without refill, `min_size` 3.
    pub fn tap() -> Self {
        Clusters {
            mode: Mode::Tap,
            min_size: DEFAULT_MIN_SIZE,
        }
    }

    /// The same rules with another smallest group size (at least 2: a single piece is not
    /// a cluster).
    pub fn with_min_size(self, min_size: usize) -> Result<Self, SetupError> {
        if min_size < 2 {
            return Err(SetupError::MinSize { min_size, least: 2 });
        }
        Ok(Clusters { min_size, ..self })
    }

    /// The mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The smallest group that matches.
    pub fn min_size(&self) -> usize {
        self.min_size
    }
}

impl Default for Clusters {
    fn default() -> Self {
        Clusters::swap()
    }
}

impl Rules for Clusters {
    fn name(&self) -> &str {
        match self.mode {
            Mode::Swap => "clusters",
            Mode::Drop => "clusters-drop",
            Mode::Tap => "clusters-tap",
        }
    }

    fn find_matches(&self, board: &Board) -> CellSet {
        match self.mode {
            Mode::Tap => CellSet::new(),
            Mode::Swap | Mode::Drop => flood::clusters(board, self.min_size),
        }
    }

    fn in_match(&self, board: &Board, pos: Pos) -> bool {
        self.mode != Mode::Tap && flood::in_cluster(board, pos, self.min_size)
    }

    fn swap_matches(&self, board: &Board, a: Pos, b: Pos) -> bool {
        self.mode != Mode::Tap && flood::swap_makes_cluster(board, a, b, self.min_size)
    }

    fn swap_matches_in(&self, board: &mut Board, a: Pos, b: Pos) -> bool {
        self.swap_matches(board, a, b)
    }

    fn legal_swaps(&self, board: &Board) -> Option<match3_core::SwapMasks> {
        if self.mode == Mode::Swap && self.min_size == 3 {
            Some(swaps::swap_masks3(board))
        } else {
            None
        }
    }

    fn legal_swaps_packed(&self, board: &Board) -> Option<match3_core::PackedSwaps> {
        if self.mode == Mode::Swap && self.min_size == 3 {
            swaps::swap_masks3_packed(board)
        } else {
            None
        }
    }

    fn accepts(&self, kind: MoveKind) -> bool {
        matches!(
            (self.mode, kind),
            (Mode::Swap, MoveKind::Swap)
                | (Mode::Drop, MoveKind::Drop)
                | (Mode::Tap, MoveKind::Tap)
        )
    }

    fn refills(&self) -> bool {
        self.mode == Mode::Swap
    }

    // Detection, scoring and refill read the bit planes only, and nothing makes specials.
    fn resolves_on_planes(&self) -> bool {
        true
    }

    fn score(&self, phase: &ScoredPhase<'_>) -> u64 {
        phase.cleared.len() as u64 * u64::from(phase.chain)
    }

    fn tap(&self, board: &Board, pos: Pos) -> Option<CellSet> {
        if self.mode != Mode::Tap {
            return None;
        }
        let group = flood::group(board, pos);
        (group.len() >= self.min_size).then_some(group)
    }

    fn generate(
        &self,
        size: Size,
        colors: u8,
        blocker_percent: u8,
        rng: &mut GameRng,
    ) -> Result<Board, SetupError> {
        match self.mode {
            // Drop games start empty: there is nothing for blockers to rest on.
            Mode::Drop if blocker_percent > 0 => Err(SetupError::NoBlockers {
                rules: self.name().to_string(),
            }),
            Mode::Drop => Ok(Board::new(size)),
            Mode::Swap | Mode::Tap => {
                match3_core::generate::random_stable_board(self, size, colors, blocker_percent, rng)
            }
        }
    }
}
