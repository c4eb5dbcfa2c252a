//! Gravity: the part of a variant that settles the board after each clear.
//!
//! A [`Gravity`] moves pieces (and blockers) down through a [`Falls`] site, which checks
//! every move and reports it to the trace as a fall; it must leave the board settled
//! (applying it again moves nothing). Crates and locked pieces never move, and holes are
//! not cells: things pass them. Bundled:
//!
//! - [`Straight`] (the default): in every column, everything keeps its order and
//!   settles at the bottom, falling past holes and coming to rest on fixed cells;
//! - [`Slide`]: straight falls, and then pieces slide diagonally into the empty cells
//!   that nothing can fall into straight (under a crate or a locked piece), the genre's
//!   way of filling the space beneath obstacles.
//!
//! A level file picks a bundled gravity for any variant with `gravity = "slide"`
//! ([`Level::gravity`](crate::Level::gravity)).
//!
//! A gravity of your own moves pieces through the site, which refuses moves that are not
//! falls (and the engine then ends the move with the gravity part's error):
//!
//! ```
//! use match3_core::gravity::{Falls, Gravity};
//! use match3_core::detect::LineRuns;
//! use match3_core::{Game, Move, Pos, Variant};
//!
//! /// Straight falls, then the piece on top of the first column rolls into the second
//! /// column's lowest empty cell when that is lower (a toy, to show the site).
//! struct Roll;
//! impl Gravity for Roll {
//!     fn settle(&self, falls: &mut Falls<'_>) {
//!         falls.fall_straight();
//!         let board = falls.board();
//!         let top = (0..board.rows() as u8).map(|r| Pos::new(r, 0)).find(|&p| board.at(p).is_occupied());
//!         let hole = (0..board.rows() as u8).rev().map(|r| Pos::new(r, 1)).find(|&p| board.at(p).is_empty());
//!         if let (Some(from), Some(to)) = (top, hole) {
//!             if to.row > from.row {
//!                 falls.move_piece(from, to).unwrap();
//!                 falls.fall_straight();
//!             }
//!         }
//!     }
//! }
//! let rules = Variant::new("roll", LineRuns::new(3)).with_gravity(Roll);
//! let mut game = Game::from_board(rules, "B./A./A./A./D.".parse()?, 1)?;
//! let trace = game.resolve()?;
//! // The As clear, B falls onto D, then rolls into the empty column: one fall in the
//! // trace, from where it was to where it came to rest.
//! assert_eq!(game.board().to_string(), "../../../../DB");
//! assert_eq!(trace.phases[0].falls.len(), 1);
//! assert_eq!(trace.phases[0].falls[0].to, Pos::new(4, 1));
//! # let _ = Move::Drop(0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use thiserror::Error;

use crate::board::Board;
use crate::piece::Cell;
use crate::pos::{Pos, PosError};
use crate::trace::{Moved, Sink};

/// Settles the board after a clear: see the [module docs](self).
pub trait Gravity {
    /// Moves what falls until nothing can, through `falls`.
    fn settle(&self, falls: &mut Falls<'_>);

    /// This gravity as one the engine runs by itself, when it is one of the bundled
    /// ones: the engine then settles boards with its own fast code. Never wrong to
    /// return `None`.
    fn bundled(&self) -> Option<Bundled> {
        None
    }
}

/// The bundled gravities, by name: what a level file's `gravity` chooses.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Bundled {
    /// [`Straight`].
    #[default]
    Straight,
    /// [`Slide`].
    Slide,
}

impl Bundled {
    /// The level-file spelling: `straight`, `slide`.
    pub fn as_str(self) -> &'static str {
        match self {
            Bundled::Straight => "straight",
            Bundled::Slide => "slide",
        }
    }

    /// Settles `board`, reporting every fall to `sink`.
    pub(crate) fn settle<S: Sink>(self, board: &mut Board, sink: &mut S) {
        match self {
            Bundled::Straight => straight(board, sink),
            Bundled::Slide => slide(board, sink),
        }
    }
}

impl std::fmt::Display for Bundled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Bundled {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "straight" => Ok(Bundled::Straight),
            "slide" => Ok(Bundled::Slide),
            _ => Err(format!(
                "unknown gravity {text:?}: expected \"straight\" or \"slide\""
            )),
        }
    }
}

/// Straight down: every column keeps its order and settles at the bottom (the
/// default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Straight;

impl Gravity for Straight {
    fn settle(&self, falls: &mut Falls<'_>) {
        falls.fall_straight();
    }
    fn bundled(&self) -> Option<Bundled> {
        Some(Bundled::Straight)
    }
}

/// Straight falls, then diagonal slides into shadowed cells: while an empty cell has a
/// fixed cell (a crate or a locked piece) as the nearest thing above it in its column,
/// so that nothing can ever fall into it straight, the piece (or blocker) diagonally
/// above it (up-left first, then up-right) slides into it, and everything falls
/// straight again. Shadowed cells are taken bottom row first, left to right. Empty
/// cells open to the top are left to the refill.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Slide;

impl Gravity for Slide {
    fn settle(&self, falls: &mut Falls<'_>) {
        loop {
            falls.fall_straight();
            match next_slide(falls.board()) {
                Some((from, to)) => falls.move_piece(from, to).expect("a legal slide"),
                None => return,
            }
        }
    }
    fn bundled(&self) -> Option<Bundled> {
        Some(Bundled::Slide)
    }
}

/// What a gravity part moves pieces through: the board, and each move checked. When the
/// part is done, every piece that moved is reported to the trace as one fall, from where
/// it was to where it came to rest, whatever path it took.
pub struct Falls<'a> {
    board: &'a mut Board,
    sink: &'a mut dyn Sink,
    /// Every piece moved so far: its id, where it started and where it is.
    moves: Vec<Moved>,
    /// The first move the part got wrong, if any.
    error: Option<FallError>,
}

/// A move a gravity part got wrong, which [`Falls::move_piece`] refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum FallError {
    /// A cell off the board.
    #[error(transparent)]
    Off(#[from] PosError),
    /// The cell moved from holds nothing that falls: it is empty or a hole, or holds a
    /// crate or a locked piece.
    #[error("moved {from}, which holds nothing that falls")]
    NothingFalls {
        /// The cell moved from.
        from: Pos,
    },
    /// The cell moved to is not empty.
    #[error("moved {from} onto {to}, which is not an empty cell")]
    NotEmpty {
        /// The cell moved from.
        from: Pos,
        /// The cell moved to.
        to: Pos,
    },
    /// The cell moved to is not in a lower row.
    #[error("moved {from} to {to}, which is not lower")]
    NotLower {
        /// The cell moved from.
        from: Pos,
        /// The cell moved to.
        to: Pos,
    },
}

impl<'a> Falls<'a> {
    /// A site on `board` that reports the falls to `sink` once [`finish`](Falls::finish)
    /// is called (use [`NoTrace`](crate::NoTrace) to record nothing).
    pub fn new(board: &'a mut Board, sink: &'a mut dyn Sink) -> Self {
        Falls {
            board,
            sink,
            moves: Vec::new(),
            error: None,
        }
    }

    /// Reports every piece that moved, from where it was to where it is (pieces that came
    /// back where they started are left out), in the order they first moved; returns the
    /// first move the part got wrong, if any.
    pub fn finish(self) -> Result<(), FallError> {
        for m in self.moves.iter().filter(|m| m.from != m.to) {
            self.sink.fall(m.id, m.from, m.to);
        }
        self.error.map_or(Ok(()), Err)
    }

    /// Notes that `id` went from `from` to `to`.
    fn record(moves: &mut Vec<Moved>, id: u32, from: Pos, to: Pos) {
        match moves.iter_mut().find(|m| m.id == id && m.to == from) {
            Some(m) => m.to = to,
            None => moves.push(Moved { id, from, to }),
        }
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        self.board
    }

    /// Straight gravity on the board as it stands: every column settles at the bottom.
    pub fn fall_straight(&mut self) {
        straight(self.board, &mut Recorder(&mut self.moves));
    }

    /// Moves the piece or blocker on `from` to the empty cell `to`, in a lower row (any
    /// column), and reports it as a fall. Refused (the board unchanged) when `from`
    /// holds nothing that moves (an empty cell, a hole, a crate, a locked piece), when
    /// `to` is not an empty cell, or when `to` is not lower; the engine then ends the
    /// move with the gravity part's error.
    pub fn move_piece(&mut self, from: Pos, to: Pos) -> Result<(), FallError> {
        if let Err(problem) = self.check(from, to) {
            self.error.get_or_insert(problem);
            return Err(problem);
        }
        let id = self.board.relocate(from, to);
        Falls::record(&mut self.moves, id, from, to);
        Ok(())
    }

    /// Why moving `from` to `to` is wrong, if it is.
    fn check(&self, from: Pos, to: Pos) -> Result<(), FallError> {
        let (moving, target) = (self.board.get(from)?, self.board.get(to)?);
        let movable =
            matches!(moving, Cell::Piece(_) | Cell::Blocker) && !self.board.is_fixed(from);
        if !movable {
            Err(FallError::NothingFalls { from })
        } else if target != Cell::Empty {
            Err(FallError::NotEmpty { from, to })
        } else if to.row <= from.row {
            Err(FallError::NotLower { from, to })
        } else {
            Ok(())
        }
    }
}

/// A sink that notes the falls of a [`Falls`] site.
struct Recorder<'m>(&'m mut Vec<Moved>);

impl Sink for Recorder<'_> {
    fn fall(&mut self, id: u32, from: Pos, to: Pos) {
        Falls::record(self.0, id, from, to);
    }
}

/// Whether `board` is settled under the gravity `bundled` (a settled board has nothing
/// that gravity would move).
pub fn is_settled(bundled: Bundled, board: &Board) -> bool {
    let mut copy = board.clone();
    let mut counted = CountFalls(0);
    bundled.settle(&mut copy, &mut counted);
    counted.0 == 0
}

/// Counts falls.
struct CountFalls(usize);

impl Sink for CountFalls {
    fn fall(&mut self, _: u32, _: Pos, _: Pos) {
        self.0 += 1;
    }
}

/// The next diagonal slide of [`Slide`] on a board where nothing falls straight: the
/// piece to move and the shadowed cell it goes to.
fn next_slide(board: &Board) -> Option<(Pos, Pos)> {
    if !board.has_obstacles() {
        // Nothing is fixed, so nothing is shadowed.
        return None;
    }
    let (rows, cols) = (board.rows() as u8, board.cols() as u8);
    for r in (1..rows).rev() {
        for c in 0..cols {
            let to = Pos::new(r, c);
            if board.at(to) != Cell::Empty || !shadowed(board, to) {
                continue;
            }
            let sources = [c.checked_sub(1), (c + 1 < cols).then_some(c + 1)];
            let from = (sources.into_iter().flatten())
                .map(|sc| Pos::new(r - 1, sc))
                .find(|&p| {
                    matches!(board.at(p), Cell::Piece(_) | Cell::Blocker) && !board.is_fixed(p)
                });
            if let Some(from) = from {
                return Some((from, to));
            }
        }
    }
    None
}

/// Whether the nearest cell above `pos` in its column (holes and empty cells passed) is
/// fixed, so that nothing can fall into `pos` straight.
fn shadowed(board: &Board, pos: Pos) -> bool {
    (0..pos.row)
        .rev()
        .map(|r| Pos::new(r, pos.col))
        .find(|&p| !matches!(board.at(p), Cell::Empty | Cell::Hole))
        .is_some_and(|p| board.is_fixed(p))
}

/// Runs the [`Slide`] gravity on `board` (for benches and tools that hold a board
/// without a game).
fn slide<S: Sink>(board: &mut Board, sink: &mut S) {
    let mut falls = Falls::new(board, sink);
    Slide.settle(&mut falls);
    falls.finish().expect("the slide makes legal moves only");
}

/// Straight gravity: in every column, occupied cells (pieces and blockers) keep their
/// order and settle at the bottom, falling past holes and coming to rest on fixed cells
/// (crates and locked pieces, which never move); each move is reported to `sink` as a
/// fall.
pub fn straight<S: Sink>(board: &mut Board, sink: &mut S) {
    if board.has_obstacles() {
        settle::<true, S>(board, sink);
    } else if let Some(columns) = board.unsettled_columns() {
        // Small boards without holes: the columns to settle in a few word operations.
        if columns != 0 {
            board.settle_plain(columns, |id, from, to| sink.fall(id, from, to));
        }
    } else {
        settle::<false, S>(board, sink);
    }
}

/// [`straight`], compiled twice: plain boards never look at the obstacle masks.
fn settle<const FIXED: bool, S: Sink>(board: &mut Board, sink: &mut S) {
    // Only columns with an empty cell below something that falls need work: found from
    // the row masks, top down (a fixed cell stops what is above it).
    let mut above = 0u32;
    let mut unsettled = 0u32;
    let mut any_holes = 0u32;
    let mut any_fixed = 0u32;
    let (occupied_rows, holes) = (board.occupied_rows(), board.hole_rows());
    let (locks, crates) = (board.lock_rows(), board.crate_rows());
    for (r, (&o, &h)) in occupied_rows.iter().zip(holes).enumerate() {
        let mut occupied = o;
        if FIXED {
            let fixed = locks[r] | crates[r];
            occupied |= crates[r];
            above &= !fixed;
            unsettled |= above & !(occupied | h);
            above |= occupied & !fixed;
            any_fixed |= fixed;
        } else {
            unsettled |= above & !(occupied | h);
            above |= occupied;
        }
        any_holes |= h;
    }
    // Without holes or fixed cells (jelly alone stays with its cells) every column just
    // settles at the bottom.
    if any_holes == 0 && any_fixed == 0 {
        if unsettled != 0 {
            board.settle_plain(unsettled, |id, from, to| sink.fall(id, from, to));
        }
        return;
    }
    board.settle_around::<FIXED>(unsettled, (any_holes, any_fixed), |id, from, to| {
        sink.fall(id, from, to);
    });
}
