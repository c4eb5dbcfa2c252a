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

use std::ops::Deref;

use match3_core::generate::{Empty, Generate, Stable};
use match3_core::planes::{FoundSwaps, PackedCells, PlaneView};
use match3_core::refill::{Blind, Refill, SpawnSite};
use match3_core::scoring::CellsTimesChain;
use match3_core::specials::NoSpecials;
use match3_core::{
    Board, CellSet, Detect, GameRng, MoveKind, MoveSet, Piece, Pos, Rules, SetupError, Size,
    Variant,
};

/// How the cluster game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Swap two pieces; refill from the top.
    Swap,
    /// Drop the next piece into a column; no refill.
    Drop,
    /// Tap a group to clear it; no refill.
    Tap,
}

/// The cluster rules as parts: [`ClusterDetect`], no specials, [`ModeRefill`], cells ×
/// chain points, [`ClusterMoves`], [`ModeGeneration`].
pub type ClustersVariant =
    Variant<ClusterDetect, NoSpecials, ModeRefill, CellsTimesChain, ClusterMoves, ModeGeneration>;

/// The cluster rules: a value that is its [`ClustersVariant`] (see the crate docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clusters {
    variant: ClustersVariant,
}

/// The default smallest group that matches.
pub const DEFAULT_MIN_SIZE: usize = 3;

impl Clusters {
    /// The rules of `mode` with groups of at least `min_size` matching.
    const fn of(mode: Mode, min_size: usize) -> Self {
        let name = match mode {
            Mode::Swap => "clusters",
            Mode::Drop => "clusters-drop",
            Mode::Tap => "clusters-tap",
        };
        Clusters {
            variant: Variant::assemble(
                name,
                ClusterDetect {
                    min_size,
                    matches: !matches!(mode, Mode::Tap),
                },
                NoSpecials,
                ModeRefill(mode),
                CellsTimesChain::new(1),
                ClusterMoves { mode, min_size },
                ModeGeneration(mode),
            ),
        }
    }

    /// Swap mode with refill, `min_size` 3.
    pub const fn swap() -> Self {
        Clusters::of(Mode::Swap, DEFAULT_MIN_SIZE)
    }

    /// Drop mode without refill, `min_size` 3.
    pub const fn drop() -> Self {
        Clusters::of(Mode::Drop, DEFAULT_MIN_SIZE)
    }

    /// Tap mode without refill, `min_size` 3.
    pub const fn tap() -> Self {
        Clusters::of(Mode::Tap, DEFAULT_MIN_SIZE)
    }

    /// The same rules with another smallest group size (at least 2: a single piece is not
    /// a cluster).
    pub fn with_min_size(self, min_size: usize) -> Result<Self, SetupError> {
        if min_size < 2 {
            return Err(SetupError::MinSize { min_size, least: 2 });
        }
        Ok(Clusters::of(self.mode(), min_size))
    }

    /// The mode.
    pub fn mode(&self) -> Mode {
        self.variant.moves().mode
    }

    /// The smallest group that matches.
    pub fn min_size(&self) -> usize {
        self.variant.moves().min_size
    }

    /// The variant, to build another from it: `Clusters::swap().variant().with_…(…)`.
    pub fn variant(self) -> ClustersVariant {
        self.variant
    }
}

impl Default for Clusters {
    fn default() -> Self {
        Clusters::swap()
    }
}

impl Deref for Clusters {
    type Target = ClustersVariant;
    fn deref(&self) -> &ClustersVariant {
        &self.variant
    }
}

/// Side-connected groups of one colour of at least `min_size` pieces match (in tap mode
/// nothing matches by itself). Every answer on the bit planes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClusterDetect {
    min_size: usize,
    /// `false` in tap mode: only a tap clears.
    matches: bool,
}

impl Detect for ClusterDetect {
    fn find_matches(&self, board: &Board) -> CellSet {
        if self.matches {
            flood::clusters(board, self.min_size)
        } else {
            CellSet::new()
        }
    }

    fn in_match(&self, board: &Board, pos: Pos) -> Option<bool> {
        Some(self.matches && flood::in_cluster(board, pos, self.min_size))
    }

    fn swap_matches(&self, board: &Board, a: Pos, b: Pos) -> Option<bool> {
        Some(self.matches && flood::swap_makes_cluster(board, a, b, self.min_size))
    }

    fn match_swaps(&self, board: &Board) -> Option<FoundSwaps> {
        self.swaps_on_planes(PlaneView::of(board))
    }

    fn swaps_on_planes(&self, view: PlaneView<'_>) -> Option<FoundSwaps> {
        (self.matches && self.min_size == 3).then(|| swaps::found_swaps3_on(view))
    }

    fn on_planes(&self, view: PlaneView<'_>) -> Option<CellSet> {
        if !self.matches {
            return Some(CellSet::new());
        }
        // A branch of its own, so the detection writes its set straight where the caller
        // reads it. An `if` around both answers joins them in a copy that reads the set
        // 16 bytes at a time while its rows, written one by one, are still on their way
        // to memory: a stall that costs more than the copy.
        Some(flood::clusters_on(view, self.min_size))
    }

    fn on_planes_packed(&self, view: PlaneView<'_>) -> Option<PackedCells> {
        if !self.matches {
            return flood::no_cells_on(view);
        }
        flood::packed_clusters_on(view, self.min_size)
    }

    fn stays_on_board(&self) -> bool {
        true
    }
}

/// Uniformly random refill in swap mode; holes stay empty in the others (the drop game's
/// next piece is still uniform).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ModeRefill(pub Mode);

impl Refill for ModeRefill {
    type State = ();
    fn spawn(&self, site: &mut SpawnSite<'_>, _: &mut ()) -> Piece {
        site.uniform()
    }
    fn fills_holes(&self) -> bool {
        self.0 == Mode::Swap
    }
    fn blind(&self) -> Option<Blind<'_>> {
        Some(Blind::Uniform)
    }
    fn takes_weights(&self) -> bool {
        true
    }
}

/// The moves of each mode: swaps, drops, or taps on a group of at least `min_size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClusterMoves {
    mode: Mode,
    min_size: usize,
}

impl MoveSet for ClusterMoves {
    fn accepts(&self, kind: MoveKind) -> bool {
        matches!(
            (self.mode, kind),
            (Mode::Swap, MoveKind::Swap)
                | (Mode::Drop, MoveKind::Drop)
                | (Mode::Tap, MoveKind::Tap)
        )
    }

    fn tap(&self, board: &Board, pos: Pos) -> Option<CellSet> {
        if self.mode != Mode::Tap {
            return None;
        }
        let group = flood::group(board, pos);
        (group.len() >= self.min_size).then_some(group)
    }

    /// Every cell of a group of at least `min_size`: the clusters swap mode matches, found
    /// for every colour at once on the bit planes.
    fn taps(&self, board: &Board) -> Option<CellSet> {
        (self.mode == Mode::Tap).then(|| flood::clusters(board, self.min_size))
    }

    fn taps_on_planes(&self, view: PlaneView<'_>) -> Option<CellSet> {
        (self.mode == Mode::Tap).then(|| flood::clusters_on(view, self.min_size))
    }

    fn tap_on_planes(&self, view: PlaneView<'_>, pos: Pos) -> Option<CellSet> {
        let group = (self.mode == Mode::Tap).then(|| flood::group_on(view, pos))?;
        (group.len() >= self.min_size).then_some(group)
    }
}

/// Random stable boards, except for the drop game, which starts empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ModeGeneration(pub Mode);

impl Generate for ModeGeneration {
    fn generate<R: Rules + ?Sized>(
        &self,
        rules: &R,
        size: Size,
        colors: u8,
        blocker_percent: u8,
        rng: &mut GameRng,
    ) -> Result<Board, SetupError> {
        match self.0 {
            // Drop games start empty: there is nothing for blockers to rest on.
            Mode::Drop => Empty.generate(rules, size, colors, blocker_percent, rng),
            Mode::Swap | Mode::Tap => Stable.generate(rules, size, colors, blocker_percent, rng),
        }
    }
}
