//! Coordinates and board dimensions.

use std::fmt;

use thiserror::Error;

/// The largest number of rows or columns a board may have.
pub const MAX_SIDE: usize = 32;

/// A cell coordinate: `(row, col)`, zero-based, row 0 at the top.
///
/// Gravity pulls toward higher rows. `Pos` orders row-major, so sorting a list of
/// positions gives the reading order used everywhere in traces.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize, serde::Deserialize,
)]
pub struct Pos {
    /// Row, 0 at the top.
    pub row: u8,
    /// Column, 0 at the left.
    pub col: u8,
}

impl Pos {
    /// A position; it is checked against a board only when used with one.
    pub const fn new(row: u8, col: u8) -> Self {
        Pos { row, col }
    }

    /// Whether `self` and `other` share a side.
    pub fn is_adjacent(self, other: Pos) -> bool {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col) == 1
    }

    /// The cells sharing a side with `self` that lie on a board of `size` (up, left,
    /// right, down).
    pub fn neighbours(self, size: Size) -> impl Iterator<Item = Pos> {
        let (r, c) = (self.row, self.col);
        [
            r.checked_sub(1).map(|r| Pos::new(r, c)),
            c.checked_sub(1).map(|c| Pos::new(r, c)),
            c.checked_add(1).map(|c| Pos::new(r, c)),
            r.checked_add(1).map(|r| Pos::new(r, c)),
        ]
        .into_iter()
        .flatten()
        .filter(move |&p| size.contains(p))
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// Board dimensions, always within `1..=32` on each side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Size {
    rows: u8,
    cols: u8,
}

impl Size {
    /// Checked dimensions: each side must be in `1..=32`.
    pub fn new(rows: usize, cols: usize) -> Result<Self, SizeError> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(SizeError { rows, cols });
        }
        Ok(Size {
            rows: rows as u8,
            cols: cols as u8,
        })
    }

    /// Number of rows.
    pub fn rows(self) -> usize {
        self.rows as usize
    }

    /// Number of columns.
    pub fn cols(self) -> usize {
        self.cols as usize
    }

    /// Number of cells.
    pub fn cells(self) -> usize {
        self.rows() * self.cols()
    }

    /// Whether `pos` lies on a board of this size.
    pub fn contains(self, pos: Pos) -> bool {
        pos.row < self.rows && pos.col < self.cols
    }

    /// Flat row-major index of an in-range position.
    pub(crate) fn index(self, pos: Pos) -> usize {
        pos.row as usize * self.cols() + pos.col as usize
    }

    /// Every position in row-major order.
    pub fn positions(self) -> impl Iterator<Item = Pos> {
        let cols = self.cols;
        (0..self.rows).flat_map(move |r| (0..cols).map(move |c| Pos::new(r, c)))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl std::str::FromStr for Size {
    type Err = SizeParseError;

    /// Parses `ROWSxCOLS`, e.g. `8x8`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || SizeParseError::Syntax {
            text: s.to_string(),
        };
        let (r, c) = s.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        let rows = r.trim().parse().map_err(|_| bad())?;
        let cols = c.trim().parse().map_err(|_| bad())?;
        Ok(Size::new(rows, cols)?)
    }
}

/// Board dimensions outside `1x1..=32x32`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
#[error("board size {rows}x{cols} is not allowed: each side must be 1 to 32")]
pub struct SizeError {
    /// Requested rows.
    pub rows: usize,
    /// Requested columns.
    pub cols: usize,
}

/// `ROWSxCOLS` text that is not a board size.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum SizeParseError {
    /// Not of the form `ROWSxCOLS`.
    #[error("{text:?} is not a board size: expected ROWSxCOLS, such as 8x8")]
    Syntax {
        /// The text as given.
        text: String,
    },
    /// Well-formed, but a side is out of range.
    #[error(transparent)]
    Size(#[from] SizeError),
}

/// A position that is not on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
#[error("position {pos} is off the {size} board")]
pub struct PosError {
    /// The offending position.
    pub pos: Pos,
    /// The board's size.
    pub size: Size,
}
