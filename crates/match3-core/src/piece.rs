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

/// A special piece's kind, named by its notation marker: one ASCII punctuation character,
/// written after the colour letter (`B-`) or alone for a colourless kind (`*`).
///
/// Core gives a kind no meaning beyond its marker: the rules declare their kinds
/// ([`Specials::kinds`](crate::Specials::kinds)) and say what each one does when it fires,
/// when it is created and how it combines. Two rule crates may use the same marker for
/// different things.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Special(u8);

impl Special {
    /// Characters that already mean something in board or level notation.
    pub const RESERVED: &'static str = "./#_?%@~";

    /// The kind marked `marker`, or `None` unless it is ASCII punctuation outside
    /// [`RESERVED`](Special::RESERVED).
    pub const fn new(marker: char) -> Option<Special> {
        if !marker.is_ascii_punctuation() {
            return None;
        }
        let byte = marker as u8;
        let reserved = Self::RESERVED.as_bytes();
        let mut i = 0;
        while i < reserved.len() {
            if reserved[i] == byte {
                return None;
            }
            i += 1;
        }
        Some(Special(byte))
    }

    /// Like [`new`](Special::new), for constants: panics (at compile time, in a `const`)
    /// on a marker that cannot be used.
    pub const fn of(marker: char) -> Special {
        match Special::new(marker) {
            Some(s) => s,
            None => panic!("a special's marker is ASCII punctuation other than ./#_?%@~"),
        }
    }

    /// The notation marker.
    pub const fn marker(self) -> char {
        self.0 as char
    }
}

/// The marker, as in notation.
impl fmt::Display for Special {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.marker())
    }
}

/// A special kind as a rule crate declares it (see
/// [`Specials::kinds`](crate::Specials::kinds)): its marker, whether its pieces have a
/// colour (and match by it) or stand alone without one, a name for people, and which
/// swaps of its pieces are combos.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SpecialKind {
    /// The kind, named by its marker.
    pub special: Special,
    /// Whether its pieces have a colour: written `A-` (coloured) or `*` (colourless).
    pub colored: bool,
    /// A name for messages and legends, e.g. `"striped (row)"`.
    pub name: &'static str,
    /// Which swaps of its pieces fire as a combo.
    pub combos: Combos,
}

/// Which swaps of a special kind's pieces are combos: swaps that fire both pieces
/// together, whatever runs they make, and so are always legal. A swap is a combo when
/// either piece combines [`WithAnything`](Combos::WithAnything), or both combine at least
/// [`WithSpecials`](Combos::WithSpecials). What a combo clears is
/// [`Specials::combo`](crate::Specials::combo)'s answer. Declared per kind, so that the
/// legal-move list and the move check read one table and cannot disagree.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub enum Combos {
    /// No combo: the piece swaps like a plain one.
    #[default]
    None,
    /// A combo with another special that combines.
    WithSpecials,
    /// A combo with any piece (a colour bomb).
    WithAnything,
}

impl Combos {
    /// Whether swapping pieces of these two classes is a combo.
    pub const fn pair(a: Combos, b: Combos) -> bool {
        matches!(a, Combos::WithAnything)
            || matches!(b, Combos::WithAnything)
            || (matches!(a, Combos::WithSpecials) && matches!(b, Combos::WithSpecials))
    }
}

impl SpecialKind {
    /// A coloured kind, without combos.
    pub const fn colored(marker: char, name: &'static str) -> Self {
        SpecialKind {
            special: Special::of(marker),
            colored: true,
            name,
            combos: Combos::None,
        }
    }

    /// A colourless kind, without combos.
    pub const fn colorless(marker: char, name: &'static str) -> Self {
        SpecialKind {
            special: Special::of(marker),
            colored: false,
            name,
            combos: Combos::None,
        }
    }

    /// The same kind, whose swaps are combos as `combos` says.
    pub const fn combining(self, combos: Combos) -> Self {
        SpecialKind { combos, ..self }
    }

    /// A piece of this kind: of `color` for a coloured kind, without colour otherwise.
    pub const fn piece(self, color: Color) -> Piece {
        if self.colored {
            Piece::new(color, self.special)
        } else {
            Piece::colorless(self.special)
        }
    }
}

/// Writes one cell in notation (1 or 2 characters): the letter, then the special's marker
/// if any; a colourless special is its marker alone; a crate `%`, `%2`, `%3`. Its layers,
/// if any, follow (see [`Layers`](crate::Layers)'s `Display`).
pub fn write_cell(f: &mut impl fmt::Write, cell: Cell) -> fmt::Result {
    match cell {
        Cell::Empty => f.write_char('.'),
        Cell::Blocker => f.write_char('#'),
        Cell::Hole => f.write_char('_'),
        Cell::Crate(1) => f.write_char('%'),
        Cell::Crate(health) => write!(f, "%{health}"),
        Cell::Piece(p) => {
            if let Some(c) = p.color() {
                f.write_char(c.letter())?;
            }
            match p.special() {
                Some(s) => f.write_char(s.marker()),
                None => Ok(()),
            }
        }
    }
}

/// The piece in board notation: `A`, `B-`, `C|`, `D+`, `*`.
impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_cell(f, Cell::Piece(*self))
    }
}

/// The cell in board notation: `.`, `#`, or the piece.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_cell(f, *self)
    }
}

/// A piece's look: its colour (none for a colourless special) and special kind.
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

    /// A coloured special piece.
    pub const fn new(color: Color, special: Special) -> Self {
        Piece {
            color: Some(color),
            special: Some(special),
        }
    }

    /// A special piece without colour (it never matches by colour).
    pub const fn colorless(special: Special) -> Self {
        Piece {
            color: None,
            special: Some(special),
        }
    }

    /// The colour, `None` for a colourless special.
    pub const fn color(self) -> Option<Color> {
        self.color
    }

    /// The special kind, `None` for a plain piece.
    pub const fn special(self) -> Option<Special> {
        self.special
    }

    /// The same piece without its special (a colourless special stays as it is).
    pub const fn without_special(self) -> Self {
        match self.color {
            Some(c) => Piece::plain(c),
            None => self,
        }
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
    /// A hole (`_`): not part of the board's shape. Nothing is ever on it, it breaks runs
    /// and clusters, and pieces fall past it to the next cell below.
    Hole,
    /// A crate (`%`, `%2`, `%3`) with this much health left: it never moves or matches
    /// and breaks runs and clusters. It loses one health per phase in which a cell next to
    /// it is cleared by a match or a blast covers it, and is gone at 0. Pieces above it
    /// rest on it. It has no id: it never moves, so its position names it.
    Crate(u8),
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

    /// Whether the cell holds something that takes space and has an id (a piece or a
    /// blocker).
    pub const fn is_occupied(self) -> bool {
        matches!(self, Cell::Piece(_) | Cell::Blocker)
    }

    /// Whether the cell is a hole in the board's shape.
    pub const fn is_hole(self) -> bool {
        matches!(self, Cell::Hole)
    }

    /// Whether the cell is a crate.
    pub const fn is_crate(self) -> bool {
        matches!(self, Cell::Crate(_))
    }
}
