//! Biased board generators.
//!
//! A uniformly random board almost never holds an L or a run of five, so these strategies
//! start from random colours and then *plant* shapes: runs of 3–5 across or down, L, T and
//! cross shapes, blobs (bent clusters), blockers, specials and settled empty cells, each
//! only where the rules under test support it. Every part is a proptest value, so a
//! failing board shrinks toward a small, plain one.

use match3_core::Piece;
use match3_core::{Board, Cell, Color, MoveKind, Pos, Rules, Size, SpecialKind};
use proptest::prelude::*;

/// What the generated boards may contain, taken from the rules under test.
#[derive(Clone, Debug)]
pub struct Features {
    /// Largest side length.
    pub max_side: u8,
    /// Most colours.
    pub max_colors: u8,
    /// Whether to plant blockers.
    pub blockers: bool,
    /// Special kinds that may be planted (the rules' own table).
    pub specials: Vec<SpecialKind>,
    /// Whether to leave settled empty cells at the tops of columns.
    pub empties: bool,
}

impl Features {
    /// What `rules` supports, on boards up to 10×10 (so both the packed path for boards of
    /// at most 64 cells and the row path above it are exercised) with up to 6 colours.
    /// Empty cells are planted for rules without refill (where they occur in play).
    pub fn of<R: Rules + ?Sized>(rules: &R) -> Self {
        Features {
            max_side: 10,
            max_colors: 6,
            blockers: true,
            specials: rules.special_kinds().to_vec(),
            empties: !rules.refills() || rules.accepts(MoveKind::Drop),
        }
    }

    /// The same features without blockers or specials (for cross-variant comparisons).
    pub fn plain(mut self) -> Self {
        self.blockers = false;
        self.specials.clear();
        self
    }
}

/// A shape to plant.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    /// A horizontal run of the given length.
    Across(u8),
    /// A vertical run of the given length.
    Down(u8),
    /// An L: two arms of three meeting at a corner; `u8` picks one of four rotations.
    L(u8),
    /// A T: a bar of three with a stem of two; `u8` picks one of four rotations.
    T(u8),
    /// A plus: arms of one around a centre.
    Cross,
    /// A bent cluster: a random walk of the given number of cells.
    Blob(u8, u32),
}

impl Shape {
    /// The shape's cells as (row, col) offsets from its anchor.
    pub fn offsets(self) -> Vec<(i8, i8)> {
        let rotate = |cells: &[(i8, i8)], k: u8| -> Vec<(i8, i8)> {
            cells
                .iter()
                .map(|&(r, c)| match k % 4 {
                    0 => (r, c),
                    1 => (c, -r),
                    2 => (-r, -c),
                    _ => (-c, r),
                })
                .collect()
        };
        match self {
            Shape::Across(n) => (0..n as i8).map(|c| (0, c)).collect(),
            Shape::Down(n) => (0..n as i8).map(|r| (r, 0)).collect(),
            Shape::L(k) => rotate(&[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)], k),
            Shape::T(k) => rotate(&[(0, -1), (0, 0), (0, 1), (1, 0), (2, 0)], k),
            Shape::Cross => vec![(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)],
            Shape::Blob(n, mut walk) => {
                let mut cells = vec![(0i8, 0i8)];
                let (mut r, mut c) = (0i8, 0i8);
                for _ in 1..n {
                    match walk % 4 {
                        0 => r += 1,
                        1 => c += 1,
                        2 => r -= 1,
                        _ => c -= 1,
                    }
                    walk /= 4;
                    if !cells.contains(&(r, c)) {
                        cells.push((r, c));
                    }
                }
                cells
            }
        }
    }
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        3 => (3u8..=5).prop_map(Shape::Across),
        3 => (3u8..=5).prop_map(Shape::Down),
        2 => (0u8..4).prop_map(Shape::L),
        2 => (0u8..4).prop_map(Shape::T),
        1 => Just(Shape::Cross),
        2 => ((3u8..=7), any::<u32>()).prop_map(|(n, w)| Shape::Blob(n, w)),
    ]
}

/// Everything needed to build one board; shrinks part by part.
#[derive(Clone, Debug)]
pub struct BoardPlan {
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
    /// Palette size.
    pub colors: u8,
    /// Base colours, row-major (indices below `colors`).
    pub base: Vec<u8>,
    /// Shapes: kind, anchor row, anchor col, colour.
    pub plants: Vec<(Shape, u8, u8, u8)>,
    /// Blocker cells (anchor row, col).
    pub blockers: Vec<(u8, u8)>,
    /// Special pieces (row, col, kind).
    pub specials: Vec<(u8, u8, SpecialKind)>,
    /// Empty cells at the top of each column (column-indexed; wraps).
    pub holes: Vec<u8>,
}

impl BoardPlan {
    /// Builds the board (ids numbered row-major from 0).
    pub fn build(&self) -> Board {
        let size = Size::new(self.rows as usize, self.cols as usize).expect("plan sizes are valid");
        let color = |i: u8| Color::new(i % self.colors).expect("small palette");
        let mut board = Board::new(size);
        for (pos, &c) in size.positions().zip(&self.base) {
            board
                .set(pos, Cell::Piece(Piece::plain(color(c))), 0)
                .expect("in range");
        }
        let at = |r: i16, c: i16| {
            (r >= 0 && c >= 0 && r < self.rows as i16 && c < self.cols as i16)
                .then(|| Pos::new(r as u8, c as u8))
        };
        for &(shape, r, c, col) in &self.plants {
            for (dr, dc) in shape.offsets() {
                let anchor = (r % self.rows, c % self.cols);
                if let Some(p) = at(anchor.0 as i16 + dr as i16, anchor.1 as i16 + dc as i16) {
                    board
                        .set(p, Cell::Piece(Piece::plain(color(col))), 0)
                        .expect("in range");
                }
            }
        }
        for &(r, c) in &self.blockers {
            let p = Pos::new(r % self.rows, c % self.cols);
            board.set(p, Cell::Blocker, 0).expect("in range");
        }
        for &(r, c, kind) in &self.specials {
            let p = Pos::new(r % self.rows, c % self.cols);
            let keep = board.color_at(p).unwrap_or(color(0));
            board
                .set(p, Cell::Piece(kind.piece(keep)), 0)
                .expect("in range");
        }
        for (col, &h) in self.holes.iter().enumerate().take(self.cols as usize) {
            for row in 0..h.min(self.rows) {
                board
                    .set(Pos::new(row, col as u8), Cell::Empty, 0)
                    .expect("in range");
            }
        }
        board.renumber(0);
        board
    }
}

/// Plans for boards with the given features. Sides are mostly 3 to `max_side` (8 more
/// often than the others), sometimes
/// 1 or 2 (degenerate boards are boards too).
pub fn plans(features: Features) -> impl Strategy<Value = BoardPlan> {
    // 8 is the common side, and 8×8 has its own constant-shift code path: weighted up.
    let eight = 8.min(features.max_side.max(3));
    let side =
        move || prop_oneof![1 => 1u8..=2, 4 => 3u8..=features.max_side.max(3), 2 => Just(eight)];
    let max_colors = features.max_colors.max(2);
    let f = features.clone();
    (side(), side(), 2u8..=max_colors).prop_flat_map(move |(rows, cols, colors)| {
        let cells = rows as usize * cols as usize;
        let blockers = if f.blockers { 0..4usize } else { 0..1 };
        let specials = f.specials.clone();
        let n_specials = if specials.is_empty() { 0..1usize } else { 0..4 };
        // `select` needs a non-empty list; with no kinds, no special is ever drawn.
        let special = proptest::sample::select(if specials.is_empty() {
            vec![SpecialKind::colored('+', "unused")]
        } else {
            specials
        });
        let hole = if f.empties {
            prop_oneof![3 => Just(0u8), 1 => 0u8..=rows].boxed()
        } else {
            Just(0u8).boxed()
        };
        (
            proptest::collection::vec(0..colors, cells),
            proptest::collection::vec((shape(), any::<u8>(), any::<u8>(), 0..colors), 0..4),
            proptest::collection::vec((any::<u8>(), any::<u8>()), blockers),
            proptest::collection::vec((any::<u8>(), any::<u8>(), special), n_specials),
            proptest::collection::vec(hole, cols as usize),
        )
            .prop_map(move |(base, plants, blockers, specials, holes)| BoardPlan {
                rows,
                cols,
                colors,
                base,
                plants,
                blockers,
                specials,
                holes,
            })
    })
}

/// Boards with the given features.
pub fn boards(features: Features) -> impl Strategy<Value = Board> {
    plans(features).prop_map(|plan| plan.build())
}

/// A choice of move within a scenario: usually "the k-th legal move", sometimes an
/// arbitrary move that is likely to be rejected.
#[derive(Clone, Copy, Debug)]
pub enum Pick {
    /// The legal move at this index (modulo their number).
    Legal(u16),
    /// Any move, including off-board, diagonal and distant ones.
    Any(match3_core::Move),
}

fn any_pos() -> impl Strategy<Value = Pos> {
    (0u8..10, 0u8..10).prop_map(|(r, c)| Pos::new(r, c))
}

/// Arbitrary moves of every kind.
pub fn any_move() -> impl Strategy<Value = match3_core::Move> {
    use match3_core::Move;
    prop_oneof![
        4 => (any_pos(), 0u8..4).prop_map(|(a, d)| {
            // Mostly neighbours (maybe off-board), sometimes far or diagonal.
            let b = match d {
                0 => Pos::new(a.row, a.col + 1),
                1 => Pos::new(a.row + 1, a.col),
                2 => Pos::new(a.row + 1, a.col + 1),
                _ => Pos::new(a.row, a.col + 2),
            };
            Move::Swap(a, b)
        }),
        1 => (any_pos(), any_pos()).prop_map(|(a, b)| Move::Swap(a, b)),
        1 => (0u8..10).prop_map(Move::Drop),
        1 => any_pos().prop_map(Move::Tap),
    ]
}

/// Move picks for a scenario.
pub fn picks() -> impl Strategy<Value = Vec<Pick>> {
    let pick = prop_oneof![
        3 => any::<u16>().prop_map(Pick::Legal),
        1 => any_move().prop_map(Pick::Any),
    ];
    proptest::collection::vec(pick, 0..12)
}
