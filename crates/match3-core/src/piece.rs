//! Colours, specials, pieces and cells.

use std::fmt;

/// The number of colours the notation can name (`A`…`Z`).
pub const MAX_COLORS: u8 = 26;

/// A piece colour, `0..26`, written `A`…`Z` in board notation.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Color(u8);

impl Color {
    /// A colour by index; `None` unless `index < 26`.
    pub const fn new(index: u8) -> Option<Self> {
        if index < MAX_COLORS {
            Some(Color(index))
        } else {
            None
        }
    }

    /// The colour's index (`A` is 0).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The colour's letter (`A` for 0).
    pub const fn letter(self) -> char {
        (b'A' + self.0) as char
    }

    /// The colour of an upper-case letter.
    pub fn from_letter(letter: char) -> Option<Self> {
        letter
            .is_ascii_uppercase()
            .then(|| Color(letter as u8 - b'A'))
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Which line a striped piece clears when it fires.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Axis {
    /// Clears its whole row (notation `-`).
    Row,
    /// Clears its whole column (notation `|`).
    Col,
}

/// A special piece kind.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Special {
    /// Striped: clears a row or a column.
    Striped(Axis),
    /// Wrapped: clears the 3×3 around it.
    Wrapped,
    /// Colour bomb: has no colour, never forms a run.
    ColorBomb,
}

impl Special {
    /// Every special kind, for tables that must be total.
    pub const ALL: [Special; 4] = [
        Special::Striped(Axis::Row),
        Special::Striped(Axis::Col),
        Special::Wrapped,
        Special::ColorBomb,
    ];
}

impl fmt::Display for Special {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Special::Striped(Axis::Row) => "striped-row",
            Special::Striped(Axis::Col) => "striped-column",
            Special::Wrapped => "wrapped",
            Special::ColorBomb => "colour bomb",
        })
    }
}

/// The piece in board notation: `A`, `B-`, `C|`, `D+`, `*`.
impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::notation::write_cell(f, Cell::Piece(*self))
    }
}

/// The cell in board notation: `.`, `#`, or the piece.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::notation::write_cell(f, *self)
    }
}

/// A piece's look: its colour (none for a colour bomb) and special kind.
///
/// The piece's id lives beside it on the [`Board`](crate::Board), not inside it, so
/// rules that only look at colours never touch ids.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Piece {
    color: Option<Color>,
    special: Option<Special>,
}

impl Piece {
    /// A plain piece.
    pub const fn plain(color: Color) -> Self {
        Piece {
            color: Some(color),
            special: None,
        }
    }

    /// A striped piece that clears `axis` when it fires.
    pub const fn striped(color: Color, axis: Axis) -> Self {
        Piece {
            color: Some(color),
            special: Some(Special::Striped(axis)),
        }
    }

    /// A wrapped piece.
    pub const fn wrapped(color: Color) -> Self {
        Piece {
            color: Some(color),
            special: Some(Special::Wrapped),
        }
    }

    /// A colour bomb (it has no colour).
    pub const fn color_bomb() -> Self {
        Piece {
            color: None,
            special: Some(Special::ColorBomb),
        }
    }

    /// A coloured piece with an optional special. A colour bomb ignores `color`.
    pub const fn with_special(color: Color, special: Option<Special>) -> Self {
        match special {
            Some(Special::ColorBomb) => Piece::color_bomb(),
            _ => Piece {
                color: Some(color),
                special,
            },
        }
    }

    /// The colour, `None` for a colour bomb.
    pub const fn color(self) -> Option<Color> {
        self.color
    }

    /// The special kind, `None` for a plain piece.
    pub const fn special(self) -> Option<Special> {
        self.special
    }
}

/// What a board cell holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Cell {
    /// Nothing; never matches.
    #[default]
    Empty,
    /// A blocker: never matches, never swaps; it still falls under gravity.
    Blocker,
    /// A piece.
    Piece(Piece),
}

impl Cell {
    /// The piece, if the cell holds one.
    pub const fn piece(self) -> Option<Piece> {
        match self {
            Cell::Piece(p) => Some(p),
            _ => None,
        }
    }

    /// The colour of the piece here, if any (a colour bomb has none).
    pub const fn color(self) -> Option<Color> {
        match self {
            Cell::Piece(p) => p.color,
            _ => None,
        }
    }

    /// Whether the cell is empty.
    pub const fn is_empty(self) -> bool {
        matches!(self, Cell::Empty)
    }

    /// Whether the cell holds something that takes space (a piece or a blocker).
    pub const fn is_occupied(self) -> bool {
        !self.is_empty()
    }
}
