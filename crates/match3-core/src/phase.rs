//! What the rules see of a phase: its matched cells split into [`Group`]s (for creating
//! specials) and, for scoring, the whole phase as a [`ScoredPhase`].

use crate::board::Board;
use crate::cellset::CellSet;
use crate::piece::{Color, Piece};
use crate::pos::{MAX_SIDE, Pos};
use crate::progress::Progress;
use crate::trace::Fire;

/// A phase's matched cells (what detection found, before specials fire) on the board they
/// were found on, and their groups.
#[derive(Clone, Copy, Debug)]
pub struct Matches<'a> {
    board: &'a Board,
    cells: &'a CellSet,
}

impl<'a> Matches<'a> {
    /// The matched `cells` of `board`.
    pub fn new(board: &'a Board, cells: &'a CellSet) -> Self {
        Matches { board, cells }
    }

    /// Every matched cell.
    pub fn cells(&self) -> &'a CellSet {
        self.cells
    }

    /// The board they were found on (before the clear).
    pub fn board(&self) -> &'a Board {
        self.board
    }

    /// The groups: side-connected sets of matched cells of one colour (a colourless
    /// matched piece is a group of its own), in row-major order of their first cell.
    /// Computed on demand with bit operations; no allocation.
    ///
    /// # Cost
    ///
    /// Each group is grown from its first cell one step at a time, row by row, so a
    /// group costs far more than finding the matches did: on random 8×8 boards with a
    /// match (5 colours), about 1,250 instructions per group of a run of three and 3,600
    /// per board, 17 times the 214 of [`LineRuns`](crate::detect::LineRuns)'
    /// `find_matches`; with diagonal runs on the planes (more, smaller groups) about 800
    /// per group and 6,600 per board, 15 times the detection's 440 (callgrind,
    /// differenced over two run sizes: `cargo bench -p match3-benches --bench groups --
    /// groups|detect lines|diagonal ITERS`). In [`Specials::create`](crate::Specials::create),
    /// which runs on every phase of every move and look-ahead, guard the call with a
    /// cheaper test when most phases create nothing: for specials made by four or more
    /// cells, `matches.cells().len() >= 4` skips it on most phases.
    pub fn groups(&self) -> Groups<'a> {
        Groups {
            board: self.board,
            left: *self.cells,
        }
    }
}

/// The iterator of [`Matches::groups`].
#[derive(Clone, Debug)]
pub struct Groups<'a> {
    board: &'a Board,
    left: CellSet,
}

impl Iterator for Groups<'_> {
    type Item = Group;

    fn next(&mut self) -> Option<Group> {
        let seed = self.left.iter().next()?;
        let color = self.board.color_at(seed);
        let mut cells = CellSet::new();
        cells.insert(seed);
        if let Some(c) = color {
            let rows = self.board.rows();
            let same = self.board.color_rows(c);
            // Grow by one step in every direction, within this colour's matched cells,
            // until nothing is added.
            loop {
                let mut grown = cells;
                for (r, &same_row) in same.iter().enumerate().take(rows) {
                    let bits = cells.row_bits(r);
                    let mut near = bits | (bits << 1) | (bits >> 1);
                    if r > 0 {
                        near |= cells.row_bits(r - 1);
                    }
                    if r + 1 < rows {
                        near |= cells.row_bits(r + 1);
                    }
                    grown.set_row_bits(r, near & self.left.row_bits(r) & same_row);
                }
                if grown == cells {
                    break;
                }
                cells = grown;
            }
        }
        self.left.subtract(&cells);
        Some(Group { color, cells })
    }
}

/// One connected, single-coloured group of matched cells, with questions about its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// Its colour (`None` for a colourless piece).
    pub color: Option<Color>,
    /// Its cells.
    pub cells: CellSet,
}

impl Group {
    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether it has no cell (never, for a group from [`Matches::groups`]).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The first cell in row-major order.
    pub fn first(&self) -> Option<Pos> {
        self.cells.iter().next()
    }

    /// Rows and columns it spans: `(height, width)`.
    pub fn extent(&self) -> (usize, usize) {
        let (mut first, mut last, mut cols) = (None, 0, 0u32);
        for r in 0..MAX_SIDE {
            let bits = self.cells.row_bits(r);
            if bits != 0 {
                first.get_or_insert(r);
                last = r;
                cols |= bits;
            }
        }
        let Some(first) = first else {
            return (0, 0);
        };
        let width = 32 - cols.leading_zeros() - cols.trailing_zeros();
        (last - first + 1, width as usize)
    }

    /// The longest straight line of its cells: `(across, down)`.
    pub fn longest_lines(&self) -> (usize, usize) {
        // Each round keeps the cells whose neighbour (right, or below) is kept too: a line
        // of n cells survives n rounds. All rows at once; a bit loop per row used to make
        // LLVM's loop-idiom pass take minutes to compile this function.
        let rows: [u32; MAX_SIDE] = std::array::from_fn(|r| self.cells.row_bits(r));
        let rounds = |step: fn(&mut [u32; MAX_SIDE])| {
            let (mut m, mut n) = (rows, 0);
            while m.iter().any(|&w| w != 0) {
                step(&mut m);
                n += 1;
            }
            n
        };
        let across = rounds(|m| m.iter_mut().for_each(|w| *w &= *w << 1));
        let down = rounds(|m| {
            for r in 0..MAX_SIDE - 1 {
                m[r] &= m[r + 1];
            }
            m[MAX_SIDE - 1] = 0;
        });
        (across, down)
    }

    /// Whether all its cells lie in one row or one column.
    pub fn is_straight(&self) -> bool {
        let (h, w) = self.extent();
        h == 1 || w == 1
    }

    /// Whether it holds a 2×2 square.
    pub fn has_square(&self) -> bool {
        (0..MAX_SIDE - 1).any(|r| {
            let both = self.cells.row_bits(r) & self.cells.row_bits(r + 1);
            both & (both >> 1) != 0
        })
    }
}

/// Everything a phase did, for [`Scoring::score`](crate::Scoring::score): the chain index, the
/// matches and their groups, every cell removed (matches, blasts, the move's own clear),
/// the specials fired (with a combo's partner) and the specials created.
#[derive(Clone, Copy, Debug)]
pub struct ScoredPhase<'a> {
    /// The chain index: 1 for the move's own phase, then 2, 3, …
    pub chain: u32,
    /// The detected matches, on the board before the clear.
    pub matches: Matches<'a>,
    /// Every cell the phase removes.
    pub cleared: &'a CellSet,
    /// Every special that fired, in firing order; a combo is one firing with a partner.
    pub fired: &'a [Fire],
    /// The specials the phase created and placed (a special that found no cell is not
    /// here: see [`Create`](crate::specials::Create)).
    pub created: &'a [(Pos, Piece)],
    /// The game's progress before the phase's points.
    pub progress: Progress<'a>,
}

impl ScoredPhase<'_> {
    /// Whether the phase fired a combo (two specials swapped together, or a colour bomb
    /// with a piece).
    pub fn combo(&self) -> bool {
        self.fired.iter().any(|f| f.partner.is_some())
    }

    /// The board before the clear.
    pub fn board(&self) -> &Board {
        self.matches.board()
    }
}
