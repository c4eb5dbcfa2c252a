//! Bit masks a [`Board`](crate::Board) keeps beside its cells: planes of pieces,
//! blockers, special pieces, colourless pieces and each colour. A board of at most 64
//! cells keeps each plane packed in one `u64` (bit `row * cols + col`), a bigger one a
//! word per row; holes and obstacles, which change rarely, are row words on every board.
//! Detection and move generation read these with shifts and ANDs instead of visiting
//! cells.

use crate::bits::trade_bits;
use crate::cellset::CellSet;
use crate::packed::{ColumnGather, Geometry, pack_rows, unpack_rows};
use crate::piece::{Cell, Piece};
use crate::pos::{Pos, Size};
use crate::rowmasks::RowMasks;

/// Bit `r` set when bit `col` of `rows[r]` is: a column of row masks.
fn column_bits(rows: &[u32], col: usize) -> u32 {
    (rows.iter().enumerate()).fold(0, |column, (r, &w)| column | (w >> col & 1) << r)
}

/// Planes before the colour planes.
const PIECES: usize = 0;
const BLOCKERS: usize = 1;
const SPECIALS: usize = 2;
const COLORLESS: usize = 3;
const FIRST_COLOR: usize = 4;

/// The planes, in one of two layouts: on boards of at most 64 cells `packed[plane]`
/// (and `words` empty), on bigger ones row words, plane-major: `words[plane * rows +
/// row]`, bit `col` = cell `(row, col)` (and `packed` empty). Keeping one layout only
/// means every change writes one word per plane, not two.
#[derive(Debug)]
pub(crate) struct Masks {
    size: Size,
    rows: usize,
    cols: usize,
    words: Vec<u32>,
    packed: Vec<u64>,
    geometry: Option<Geometry>,
    /// On small boards no taller than wide: columns of the packed planes in one step.
    columns: Option<ColumnGather>,
    /// Row masks of holes; empty until the board has one, so that boards without holes
    /// (nearly all) copy and clear no extra plane.
    holes: Vec<u32>,
    /// The holes packed, on small boards (zero elsewhere): gravity and refills on the
    /// planes read them as one word.
    hole_bits: u64,
    /// Row masks of obstacles, plane-major: locks, jelly (any layer), crates. Empty until
    /// the board has one, for the same reason.
    obstacles: Vec<u32>,
}

/// Obstacle planes.
pub(crate) const LOCKS: usize = 0;
pub(crate) const JELLY: usize = 1;
pub(crate) const CRATES: usize = 2;
const OBSTACLE_PLANES: usize = 3;

impl Clone for Masks {
    fn clone(&self) -> Self {
        Masks {
            size: self.size,
            rows: self.rows,
            cols: self.cols,
            words: self.words.clone(),
            packed: self.packed.clone(),
            geometry: self.geometry,
            columns: self.columns,
            // Nearly always empty: a new empty vector costs nothing, a clone a call.
            holes: if self.holes.is_empty() {
                Vec::new()
            } else {
                self.holes.clone()
            },
            hole_bits: self.hole_bits,
            obstacles: if self.obstacles.is_empty() {
                Vec::new()
            } else {
                self.obstacles.clone()
            },
        }
    }

    #[inline(always)]
    fn clone_from(&mut self, source: &Self) {
        // Speculation copies boards of one size over and over: the geometry (a dozen
        // words) only changes with the size.
        if (self.rows, self.cols) != (source.rows, source.cols) {
            self.size = source.size;
            self.rows = source.rows;
            self.cols = source.cols;
            self.geometry = source.geometry;
            self.columns = source.columns;
        }
        // One layout is always empty.
        if !(self.words.is_empty() && source.words.is_empty()) {
            self.words.clone_from(&source.words);
        }
        if !(self.packed.is_empty() && source.packed.is_empty()) {
            copy_vec(&mut self.packed, &source.packed);
        }
        // Nearly always all empty: skip the calls.
        if !(self.holes.is_empty() && source.holes.is_empty()) {
            self.holes.clone_from(&source.holes);
        }
        self.hole_bits = source.hole_bits;
        if !(self.obstacles.is_empty() && source.obstacles.is_empty()) {
            self.obstacles.clone_from(&source.obstacles);
        }
    }
}

impl Masks {
    pub(crate) fn new(size: Size) -> Self {
        let geometry = Geometry::of(size);
        Masks {
            size,
            rows: size.rows(),
            cols: size.cols(),
            words: if geometry.is_some() {
                Vec::new()
            } else {
                vec![0; FIRST_COLOR * size.rows()]
            },
            packed: if geometry.is_some() {
                vec![0; FIRST_COLOR]
            } else {
                Vec::new()
            },
            geometry,
            columns: geometry.as_ref().and_then(Geometry::column_gather),
            holes: Vec::new(),
            hole_bits: 0,
            obstacles: Vec::new(),
        }
    }

    /// The board's size.
    pub(crate) fn size(&self) -> Size {
        self.size
    }

    /// Whether the planes are packed (a board of at most 64 cells).
    #[inline]
    fn is_packed(&self) -> bool {
        !self.packed.is_empty()
    }

    /// A plane as row words: lent on big boards, written out from the packed plane on
    /// small ones.
    #[inline]
    fn plane(&self, plane: usize) -> RowMasks<'_> {
        match self.lent(plane) {
            Some(rows) => RowMasks::lent(rows),
            None => self.unpacked(plane),
        }
    }

    /// On a board above 64 cells: a plane's row words (zeros for a plane not allocated
    /// yet); `None` on a small board, whose planes are packed.
    #[inline]
    pub(crate) fn lent(&self, plane: usize) -> Option<&[u32]> {
        if self.is_packed() {
            return None;
        }
        let start = plane * self.rows;
        Some(
            self.words
                .get(start..start + self.rows)
                .unwrap_or(&ZERO[..self.rows]),
        )
    }

    /// A packed plane written out as row words.
    #[inline(never)]
    fn unpacked(&self, plane: usize) -> RowMasks<'_> {
        let bits = self.packed.get(plane).copied().unwrap_or(0);
        RowMasks::unpacked(bits, self.rows, self.cols)
    }

    /// How many planes exist (the colour planes are allocated as colours appear).
    fn planes(&self) -> usize {
        if self.is_packed() {
            self.packed.len()
        } else {
            self.words.len() / self.rows.max(1)
        }
    }

    /// Allocates the planes up to `plane`.
    fn grow(&mut self, plane: usize) {
        if self.is_packed() {
            self.packed.resize(plane + 1, 0);
        } else {
            self.words.resize((plane + 1) * self.rows, 0);
        }
    }

    /// The packed bit of `pos`.
    #[inline]
    fn packed_bit(&self, pos: Pos) -> u64 {
        1u64 << self.packed_index(pos)
    }

    /// The packed bit's index of `pos`.
    #[inline]
    fn packed_index(&self, pos: Pos) -> usize {
        pos.row as usize * self.cols + pos.col as usize
    }

    /// The planes a cell sets, at most three (piece, special, then its colour or
    /// colourless).
    #[inline]
    fn planes_of(cell: Cell) -> ([usize; 3], usize) {
        match cell {
            Cell::Empty => ([0; 3], 0),
            Cell::Blocker => ([BLOCKERS, 0, 0], 1),
            // Holes and crates live in their own masks (see `toggle`).
            Cell::Hole | Cell::Crate(_) => ([0; 3], 0),
            Cell::Piece(p) => {
                let mut planes = [PIECES, 0, 0];
                let mut n = 1;
                if p.special().is_some() {
                    planes[n] = SPECIALS;
                    n += 1;
                }
                planes[n] = match p.color() {
                    Some(c) => FIRST_COLOR + c.index() as usize,
                    None => COLORLESS,
                };
                (planes, n + 1)
            }
        }
    }

    /// Toggles `cell`'s bits at `pos`: call once to add a cell, once more to remove it.
    #[inline(always)]
    pub(crate) fn toggle(&mut self, pos: Pos, cell: Cell) {
        self.toggle_at((pos, pos.row as usize * self.cols + pos.col as usize), cell);
    }

    /// [`toggle`](Masks::toggle), given the cell's row-major index `i` (on a small board,
    /// also its packed bit).
    #[inline(always)]
    pub(crate) fn toggle_at(&mut self, (pos, i): (Pos, usize), cell: Cell) {
        // A plain piece on a small board (refills, swaps: nearly every call) flips two
        // packed words, without a call; everything else goes out of line.
        if let Some(plane) = self.packed_plain_plane(cell) {
            let bit = 1u64 << i;
            self.packed[PIECES] ^= bit;
            self.packed[plane] ^= bit;
            return;
        }
        self.toggle_rest(pos, cell);
    }

    /// The colour planes of a board of at most 64 cells, ready for plain pieces of the
    /// first `colors` colours on the empty cells `holes`, which are marked as pieces
    /// here (a refill: the pieces plane is written once, not hole by hole, and each
    /// piece then sets one bit of a plane found without a check of the board's layout).
    /// `None` on a bigger board.
    #[inline]
    pub(crate) fn fill_plain(&mut self, holes: u64, colors: u8) -> Option<PlainFill<'_>> {
        if !self.is_packed() {
            return None;
        }
        let last = FIRST_COLOR + usize::from(colors.max(1)) - 1;
        if last >= self.packed.len() {
            self.grow(last);
        }
        self.packed[PIECES] |= holes;
        Some(PlainFill(&mut self.packed[FIRST_COLOR..]))
    }

    /// Puts the bits of `new` where those of `old` were, at the cell of row-major index
    /// `i`. Two plain pieces on a small board trade colour bits only (the pieces plane
    /// keeps its bit); anything else is two toggles.
    #[inline(always)]
    pub(crate) fn replace_at(&mut self, (pos, i): (Pos, usize), old: Cell, new: Cell) {
        if let (Some(from), Some(to)) = (self.packed_plain_plane(old), self.packed_plain_plane(new))
        {
            let bit = 1u64 << i;
            self.packed[from] ^= bit;
            self.packed[to] ^= bit;
            return;
        }
        self.toggle_at((pos, i), old);
        self.toggle_at((pos, i), new);
    }

    /// [`toggle`](Masks::toggle) past its packed plain-piece case.
    #[inline(never)]
    fn toggle_rest(&mut self, pos: Pos, cell: Cell) {
        // A plain piece on a big board sets two row words: pieces and its colour.
        if let Cell::Piece(p) = cell
            && let (Some(color), None) = (p.color(), p.special())
        {
            let plane = FIRST_COLOR + color.index() as usize;
            if !self.is_packed() {
                let (rows, row) = (self.rows, pos.row as usize);
                if (plane + 1) * rows <= self.words.len() {
                    let bit = 1u32 << pos.col;
                    self.words[PIECES * rows + row] ^= bit;
                    self.words[plane * rows + row] ^= bit;
                    return;
                }
            }
        }
        self.toggle_any(pos, cell);
    }

    /// Rebuilds the piece, blocker, special and colour planes from `cells` (row-major),
    /// leaving holes and obstacles as they are: cheaper than a toggle pair per cell when
    /// every cell is new (a new random board).
    pub(crate) fn rebuild(&mut self, cells: &[Cell]) {
        self.words.fill(0);
        self.packed.fill(0);
        for (r, row) in cells.chunks_exact(self.cols).enumerate() {
            for (c, &cell) in row.iter().enumerate() {
                if matches!(cell, Cell::Piece(_) | Cell::Blocker) {
                    self.toggle(Pos::new(r as u8, c as u8), cell);
                }
            }
        }
    }

    /// Exchanges the bits of `ca` at `a` and `cb` at `b` (a swap). Two plain pieces only
    /// trade their colour bits (nothing, when the colours are equal); anything else is
    /// four toggles.
    #[inline(always)]
    pub(crate) fn exchange(&mut self, a: Pos, ca: Cell, b: Pos, cb: Cell) {
        let plain = |cell: Cell| match cell {
            Cell::Piece(p) if p.special().is_none() => p.color(),
            _ => None,
        };
        if let (Some(x), Some(y)) = (plain(ca), plain(cb)) {
            let rows = self.rows;
            let (px, py) = (
                FIRST_COLOR + x.index() as usize,
                FIRST_COLOR + y.index() as usize,
            );
            if px == py {
                return;
            }
            // Both pieces are on the board: their planes exist.
            if self.is_packed() {
                let bits = self.packed_bit(a) | self.packed_bit(b);
                self.packed[px] ^= bits;
                self.packed[py] ^= bits;
            } else {
                for plane in [px, py] {
                    self.words[plane * rows + a.row as usize] ^= 1 << a.col;
                    self.words[plane * rows + b.row as usize] ^= 1 << b.col;
                }
            }
            return;
        }
        self.toggle(a, ca);
        self.toggle(b, cb);
        self.toggle(a, cb);
        self.toggle(b, ca);
    }

    /// [`toggle`](Masks::toggle) for any cell.
    fn toggle_any(&mut self, pos: Pos, cell: Cell) {
        let (planes, n) = Self::planes_of(cell);
        if n == 0 {
            if matches!(cell, Cell::Hole | Cell::Crate(_)) {
                self.toggle_fixed(pos, cell);
            }
            return;
        }
        // The colour plane, last, is the highest: make sure it exists once.
        if planes[n - 1] >= self.planes() {
            self.grow(planes[n - 1]);
        }
        if self.is_packed() {
            let bit = self.packed_bit(pos);
            for &plane in &planes[..n] {
                self.packed[plane] ^= bit;
            }
        } else {
            let (bit, row) = (1u32 << pos.col, pos.row as usize);
            for &plane in &planes[..n] {
                self.words[plane * self.rows + row] ^= bit;
            }
        }
    }

    /// Holes and crates, in their own masks (rare: kept out of the hot path).
    #[cold]
    #[inline(never)]
    fn toggle_fixed(&mut self, pos: Pos, cell: Cell) {
        if cell.is_hole() {
            if self.holes.is_empty() {
                self.holes = vec![0; self.rows];
            }
            self.holes[pos.row as usize] ^= 1 << pos.col;
            if self.is_packed() {
                self.hole_bits ^= self.packed_bit(pos);
            }
        } else {
            self.flip_obstacle(CRATES, pos);
        }
    }

    /// [`relocate`](Masks::relocate), given the cells' row-major indices `i` and `j`
    /// (on a small board, their packed bits too): a plain piece on a small board, nearly
    /// every fall, flips two words without a call.
    #[inline(always)]
    pub(crate) fn relocate_at(
        &mut self,
        (from, i): (Pos, usize),
        (to, j): (Pos, usize),
        cell: Cell,
    ) {
        if let Some(plane) = self.packed_plain_plane(cell) {
            let bits = 1u64 << i | 1u64 << j;
            self.packed[PIECES] ^= bits;
            self.packed[plane] ^= bits;
            return;
        }
        self.relocate(from, to, cell);
    }

    /// The colour plane of `cell` when it is a plain piece on a small board whose plane
    /// for that colour exists: the case the `_at` methods flip without a call.
    #[inline(always)]
    fn packed_plain_plane(&self, cell: Cell) -> Option<usize> {
        if let Cell::Piece(p) = cell
            && let (Some(color), None) = (p.color(), p.special())
            && let plane = FIRST_COLOR + color.index() as usize
            && plane < self.packed.len()
        {
            return Some(plane);
        }
        None
    }

    /// Moves `cell`'s bits from `from` to `to` (a fall): both positions in one pass. A
    /// plain piece on a small board takes [`relocate_at`](Masks::relocate_at)'s inline
    /// path instead.
    #[inline(never)]
    pub(crate) fn relocate(&mut self, from: Pos, to: Pos, cell: Cell) {
        // A plain piece on a big board moves in two planes: pieces and its colour.
        if let Cell::Piece(p) = cell
            && let (Some(color), None) = (p.color(), p.special())
            && !self.is_packed()
        {
            let (rows, plane) = (self.rows, FIRST_COLOR + color.index() as usize);
            let (from_row, to_row) = (from.row as usize, to.row as usize);
            let (from_bit, to_bit) = (1u32 << from.col, 1u32 << to.col);
            for base in [PIECES * rows, plane * rows] {
                self.words[base + from_row] ^= from_bit;
                self.words[base + to_row] ^= to_bit;
            }
            return;
        }
        let (planes, n) = Self::planes_of(cell);
        // Present at `from`, so the planes are allocated.
        if self.is_packed() {
            let bits = self.packed_bit(from) | self.packed_bit(to);
            for &plane in &planes[..n] {
                self.packed[plane] ^= bits;
            }
            return;
        }
        for &plane in &planes[..n] {
            let base = plane * self.rows;
            self.words[base + from.row as usize] ^= 1 << from.col;
            self.words[base + to.row as usize] ^= 1 << to.col;
        }
    }

    /// Clears the cells of `set` from every plane.
    /// On a small board, returns the cleared cells as packed bits (bit `row * cols +
    /// col`, which is also the cell's index in row-major order).
    pub(crate) fn clear(&mut self, set: &crate::cellset::CellSet) -> Option<u64> {
        let (rows, cols) = (self.rows, self.cols);
        if self.is_packed() {
            let cleared = set.packed_on(rows, cols);
            self.clear_packed(cleared);
            return Some(cleared);
        }
        for r in 0..rows {
            let bits = set.row_bits(r);
            if bits == 0 {
                continue;
            }
            // Row `r` of every plane, stepping by a plane: chunking the planes would
            // divide the length by the rows for every row.
            let mut i = r;
            while let Some(w) = self.words.get_mut(i) {
                *w &= !bits;
                i += rows;
            }
        }
        None
    }

    /// Swaps the pieces on `a` and `b`, on a board of at most 64 cells: every plane's
    /// two bits trade places, so the cells need not be read; but for the pieces plane,
    /// which holds both, and the blockers plane, which holds neither.
    #[inline]
    pub(crate) fn swap_packed(&mut self, a: Pos, b: Pos) {
        let (i, j) = (self.packed_index(a), self.packed_index(b));
        debug_assert!(self.packed[PIECES] >> i & self.packed[PIECES] >> j & 1 == 1);
        trade_bits(&mut self.packed[SPECIALS..], i, j);
    }

    /// [`clear`](Masks::clear) on a board of at most 64 cells, given the packed cells.
    #[inline]
    pub(crate) fn clear_packed(&mut self, cleared: u64) {
        for p in &mut self.packed {
            *p &= !cleared;
        }
    }

    /// On a board of at most 64 cells whose cells `cells` hold pieces: paints those pieces
    /// anew, `specials` and `colorless` holding the cells of specials and of colourless
    /// pieces, `colors[k]` those of colour `k` (all within `cells`). The pieces plane
    /// stays: the same cells hold pieces.
    pub(crate) fn repaint_packed(
        &mut self,
        cells: u64,
        (specials, colorless): (u64, u64),
        colors: &[u64],
    ) {
        let planes = self.packed.iter_mut().enumerate().skip(SPECIALS);
        for (plane, bits) in planes {
            let paint = match plane {
                SPECIALS => specials,
                COLORLESS => colorless,
                _ => colors.get(plane - FIRST_COLOR).copied().unwrap_or(0),
            };
            *bits = *bits & !cells | paint;
        }
    }

    /// Gravity on every plane at once, for a board of at most 64 cells without fixed
    /// cells (the cells have already moved, or the planes play alone): every occupied
    /// cell moves down by the number of empty cells below it in its column, in rounds of
    /// 1, 2, 4… rows (see [`compress_down`]), past holes. Bigger boards move each
    /// falling cell's bits instead ([`relocate`](Masks::relocate)): there a round costs a
    /// word per plane and row.
    pub(crate) fn fall(&mut self) {
        // A literal empty slice: the inlined fall moves no plane beside these.
        self.fall_beside(&mut []);
    }

    /// [`fall`](Masks::fall), moving the packed planes `extra` (kept beside these, over
    /// the same cells) as every plane here moves.
    pub(crate) fn fall_with(&mut self, extra: &mut [u64]) {
        self.fall_beside(extra);
    }

    /// [`fall_with`](Masks::fall_with) on a board without holes whose cells `fixed`
    /// (packed: locked pieces and crates) never move: what is above one rests on it,
    /// and the empty cells under it stay empty. Out of line: few boards hold any.
    #[inline(never)]
    pub(crate) fn fall_around(&mut self, fixed: u64, extra: &mut [u64]) {
        let g = self
            .geometry
            .expect("packed planes: a board of at most 64 cells");
        // The holes' rows stay once a board has had a hole: the packed holes tell.
        debug_assert!(
            self.hole_bits == 0,
            "the planes fall around fixed cells without holes"
        );
        let (rows, cols) = (self.rows, g.cols as usize);
        compress_around([&mut self.packed, extra], (g.all, fixed), rows, cols);
    }

    /// [`fall_with`](Masks::fall_with), inlined into both so that [`fall`](Masks::fall)
    /// has no loop for planes beside.
    #[inline(always)]
    fn fall_beside(&mut self, extra: &mut [u64]) {
        let g = self
            .geometry
            .expect("packed planes: a board of at most 64 cells");
        if self.holes.is_empty() {
            self.fall_packed(g.cols as usize, g.all, extra);
        } else {
            self.fall_past_holes(g.cols as usize, g.all, extra);
        }
    }

    /// [`fall`](Masks::fall) on a board with holes, which pieces fall past: each
    /// column's cells are folded down over its holes (a board without holes whose
    /// columns are as tall as their cells), settled there and unfolded. The rounds are
    /// planned on the occupied cells alone, then each plane takes them all at once.
    /// Out of line: boards without holes never come here.
    #[inline(never)]
    fn fall_past_holes(&mut self, cols: usize, all: u64, extra: &mut [u64]) {
        let (rows, cells) = (self.rows, all & !self.hole_bits);
        // A hole is passed only by a piece above it with an empty cell below it; when no
        // hole is (a pool's rim never is, nor a hole with nothing empty under it), every
        // piece lands where it would if the holes were fixed cells: the plain fall.
        let occupied = self.packed_occupied();
        let (piece_above, empty_below) = (
            smear(occupied, cols, rows, true),
            smear(cells & !occupied, cols, rows, false),
        );
        if piece_above & empty_below & self.hole_bits == 0 {
            self.fall_packed(cols, cells, extra);
            return;
        }
        let mut plan = Rounds::default();
        let folded = compress_rounds(cells, (all, 0), (rows, cols), |moving, shift| {
            plan.push((moving, shift, 0));
        });
        let folds = plan.len;
        let occupied = plan.apply(self.packed_occupied());
        compress_rounds(occupied, (folded, 0), (rows, cols), |moving, shift| {
            plan.push((moving, shift, 0));
        });
        for i in (0..folds).rev() {
            let (moving, shift, _) = plan.rounds[i];
            plan.push((moving << shift, 0, shift));
        }
        // Up to 15 rounds a plane: the planes with nothing on them (absent colours,
        // blockers, specials) are left as they are.
        for p in self.packed.iter_mut().filter(|p| **p != 0) {
            *p = plan.apply(*p);
        }
        for p in extra.iter_mut() {
            *p = plan.apply(*p);
        }
    }

    /// On a small board: the cells that hold a piece or a blocker (what falls).
    #[inline]
    fn packed_occupied(&self) -> u64 {
        self.packed[PIECES] | self.packed[BLOCKERS]
    }

    /// Bit `r` set when cell `(r, col)` holds a piece or a blocker (what falls): one
    /// multiplication on small boards no taller than wide, a walk down the rows elsewhere.
    #[inline(always)]
    pub(crate) fn occupied_column(&self, col: usize) -> u32 {
        match &self.columns {
            Some(gather) => gather.column(self.packed_occupied(), col),
            None => self.walk_column(col),
        }
    }

    /// [`occupied_column`](Masks::occupied_column) a row at a time.
    #[inline(never)]
    fn walk_column(&self, col: usize) -> u32 {
        let (rows, cols) = (self.rows, self.cols);
        if self.is_packed() {
            let occupied = self.packed_occupied();
            return (0..rows).fold(0, |column, r| {
                column | ((occupied >> (r * cols + col)) as u32 & 1) << r
            });
        }
        let pieces = &self.words[PIECES * rows..][..rows];
        let blockers = &self.words[BLOCKERS * rows..][..rows];
        let mut column = 0u32;
        for (r, (&p, &b)) in pieces.iter().zip(blockers).enumerate() {
            column |= ((p | b) >> col & 1) << r;
        }
        column
    }

    /// On a small board that has never had a hole: the columns (bit per column) with an
    /// empty cell below an occupied one, read from the packed planes; `None` elsewhere.
    /// Such a column has an occupied cell right above an empty one, so one shift finds it.
    #[inline]
    pub(crate) fn unsettled_columns(&self) -> Option<u32> {
        let g = self.geometry.as_ref().filter(|_| self.holes.is_empty())?;
        let cols = g.cols as usize;
        let occupied = self.packed_occupied();
        let mut falling = occupied & ((g.all & !occupied) >> cols);
        // Fold the rows onto row 0, halving the span each time: constant shifts on the
        // common 8×8 board.
        if (self.rows, cols) == (8, 8) {
            falling |= falling >> 32;
            falling |= falling >> 16;
            falling |= falling >> 8;
        } else {
            let mut span = self.rows;
            while span > 1 {
                span = span.div_ceil(2);
                falling |= falling >> (span * cols);
            }
        }
        Some((falling & (u64::MAX >> (64 - cols))) as u32)
    }

    /// [`fall`](Masks::fall) on packed planes (row stride `cols`, at most 32, so every
    /// shift stays below 64) whose cells are `all`, with constant shifts on boards eight
    /// wide (8 × 8, and the 6 × 8 of most sample levels: the rows past the board hold
    /// nothing and are no cells, so nothing moves there).
    #[inline(always)]
    fn fall_packed(&mut self, cols: usize, all: u64, extra: &mut [u64]) {
        if cols == 8 && self.rows <= 8 {
            compress_down([&mut self.packed, extra], all, 8, 8);
        } else {
            compress_down([&mut self.packed, extra], all, self.rows, cols);
        }
    }

    /// Flips `pos` in an obstacle plane (locks, jelly, crates), allocating the planes.
    pub(crate) fn flip_obstacle(&mut self, plane: usize, pos: Pos) {
        if self.obstacles.is_empty() {
            self.obstacles = vec![0; OBSTACLE_PLANES * self.rows];
        }
        self.obstacles[plane * self.rows + pos.row as usize] ^= 1 << pos.col;
    }

    /// An obstacle plane's row masks (zeros while the board has no obstacle).
    pub(crate) fn obstacle(&self, plane: usize) -> &[u32] {
        let start = plane * self.rows;
        self.obstacles
            .get(start..start + self.rows)
            .unwrap_or(&ZERO[..self.rows])
    }

    /// Whether the board has ever had an obstacle (the planes are allocated).
    pub(crate) fn has_obstacles(&self) -> bool {
        !self.obstacles.is_empty()
    }

    #[inline]
    pub(crate) fn pieces(&self) -> RowMasks<'_> {
        self.plane(PIECES)
    }
    #[inline]
    pub(crate) fn blockers(&self) -> RowMasks<'_> {
        self.plane(BLOCKERS)
    }
    #[inline]
    pub(crate) fn specials(&self) -> RowMasks<'_> {
        self.plane(SPECIALS)
    }
    #[inline]
    pub(crate) fn colorless(&self) -> RowMasks<'_> {
        self.plane(COLORLESS)
    }
    /// Row `r`'s cells a dropped piece stops on (pieces, blockers, crates) and its
    /// holes, bit `c` for column `c`.
    #[inline(always)]
    pub(crate) fn drop_row(&self, r: usize) -> (u32, u32) {
        let (rows, cols) = (self.rows, self.cols);
        let (mut taken, holes) = if self.is_packed() {
            let (row, shift) = (u32::MAX >> (32 - cols), r * cols);
            let occupied = (self.packed_occupied() >> shift) as u32 & row;
            (occupied, (self.hole_bits >> shift) as u32 & row)
        } else {
            let pieces = self.words[PIECES * rows + r];
            (pieces | self.words[BLOCKERS * rows + r], self.holes()[r])
        };
        if self.has_obstacles() {
            taken |= self.obstacles[CRATES * rows + r];
        }
        (taken, holes)
    }

    /// Column `col`'s cells a dropped piece stops on (pieces, blockers, crates) and its
    /// holes, bit `r` for row `r`.
    #[inline]
    pub(crate) fn drop_column(&self, col: usize) -> (u32, u32) {
        let mut taken = self.occupied_column(col);
        if self.has_obstacles() {
            taken |= column_bits(self.obstacle(CRATES), col);
        }
        let holes = match (&self.columns, self.holes.is_empty()) {
            (_, true) => 0,
            (Some(gather), false) => gather.column(self.hole_bits, col),
            (None, false) => column_bits(&self.holes, col),
        };
        (taken, holes)
    }

    /// Column `col`'s holes and fixed cells (locked pieces, crates), bit `r` for row `r`,
    /// reading only the planes whose bit in `any` (holes, fixed) says the column has one.
    #[inline]
    pub(crate) fn still_column<const FIXED: bool>(
        &self,
        col: usize,
        any: (u32, u32),
    ) -> (u32, u32) {
        let holes = if any.0 >> col & 1 == 1 {
            column_bits(self.holes(), col)
        } else {
            0
        };
        let fixed = if FIXED && any.1 >> col & 1 == 1 {
            column_bits(self.obstacle(LOCKS), col) | column_bits(self.obstacle(CRATES), col)
        } else {
            0
        };
        (holes, fixed)
    }

    pub(crate) fn holes(&self) -> &[u32] {
        if self.holes.is_empty() {
            &ZERO[..self.rows]
        } else {
            &self.holes
        }
    }
    #[inline]
    pub(crate) fn color(&self, index: u8) -> RowMasks<'_> {
        self.plane(FIRST_COLOR + index as usize)
    }

    /// How many cells of `set` hold a piece of colour `index`: one word on packed boards.
    pub(crate) fn count_color_in(&self, index: u8, set: &CellSet) -> u32 {
        if self.is_packed() {
            return self.count_color_packed(index, set.packed_on(self.rows, self.cols));
        }
        (self.plane(FIRST_COLOR + index as usize).iter().enumerate())
            .map(|(r, &bits)| (bits & set.row_bits(r)).count_ones())
            .sum()
    }

    /// [`count_color_in`](Masks::count_color_in) on a board of at most 64 cells, given
    /// the packed cells.
    pub(crate) fn count_color_packed(&self, index: u8, cells: u64) -> u32 {
        let plane = FIRST_COLOR + index as usize;
        let bits = self.packed.get(plane).copied().unwrap_or(0);
        (bits & cells).count_ones()
    }

    /// Row words of the cells that hold a piece or a blocker (what falls), zeros past
    /// the last row: the engine's gravity and refill read them on every board.
    #[inline]
    pub(crate) fn occupied_rows(&self) -> [u32; crate::pos::MAX_SIDE] {
        let rows = self.rows;
        if self.is_packed() {
            return unpack_rows(self.packed_occupied(), rows, self.cols);
        }
        let mut out = [0u32; crate::pos::MAX_SIDE];
        let pieces = &self.words[PIECES * rows..][..rows];
        let blockers = &self.words[BLOCKERS * rows..][..rows];
        for ((w, &p), &b) in out.iter_mut().zip(pieces).zip(blockers) {
            *w = p | b;
        }
        out
    }

    /// Row words of the cells that hold a piece, zeros past the last row.
    #[inline]
    pub(crate) fn piece_words(&self) -> [u32; crate::pos::MAX_SIDE] {
        let rows = self.rows;
        if self.is_packed() {
            return unpack_rows(self.packed[PIECES], rows, self.cols);
        }
        let mut out = [0u32; crate::pos::MAX_SIDE];
        out[..rows].copy_from_slice(&self.words[PIECES * rows..][..rows]);
        out
    }

    /// See [`lent`](Masks::lent).
    #[inline]
    pub(crate) fn lent_pieces(&self) -> Option<&[u32]> {
        self.lent(PIECES)
    }
    /// See [`lent`](Masks::lent).
    #[inline]
    pub(crate) fn lent_color(&self, index: usize) -> Option<&[u32]> {
        self.lent(FIRST_COLOR + index)
    }
    pub(crate) fn color_planes(&self) -> usize {
        self.planes() - FIRST_COLOR
    }

    /// On a small board: its empty cells as one word, holes and crates left out (jelly
    /// and locks are layers of cells, which leave them what they are).
    #[inline]
    pub(crate) fn packed_empties(&self) -> Option<u64> {
        // Crates are row words, there only on boards that have had some.
        let crates = match (&self.geometry, self.obstacles.is_empty()) {
            (None, _) => return None,
            (Some(_), true) => 0,
            (Some(_), false) => pack_rows(self.obstacle(CRATES), self.cols),
        };
        self.packed_empties_besides(crates)
    }

    /// [`packed_empties`](Masks::packed_empties) where the crates are known packed
    /// (`crates`, the cells the crate rows hold), as the look-ahead's planes keep them:
    /// without packing the rows again.
    #[inline]
    pub(crate) fn packed_empties_besides(&self, crates: u64) -> Option<u64> {
        let g = self.geometry.as_ref()?;
        Some(g.all & !self.packed_occupied() & !self.hole_bits & !crates)
    }

    /// Packed planes (small boards only): pieces, then colours from index 0.
    pub(crate) fn packed_pieces(&self) -> Option<u64> {
        self.packed.get(PIECES).copied()
    }
    pub(crate) fn packed_specials(&self) -> Option<u64> {
        self.packed.get(SPECIALS).copied()
    }
    pub(crate) fn packed_colors(&self) -> Option<&[u64]> {
        self.packed.get(FIRST_COLOR..)
    }
    pub(crate) fn geometry(&self) -> Option<&Geometry> {
        self.geometry.as_ref()
    }

    /// On a board of at most 64 cells: see
    /// [`Board::write_color_indices`](crate::Board::write_color_indices).
    pub(crate) fn write_color_indices(&self, out: &mut [u8]) -> Option<bool> {
        let len = out.len().min(self.rows * self.cols);
        let out = &mut out[..len];
        let colored = index_bytes(self.packed_colors()?, out);
        Some(colored | u64::MAX.checked_shl(out.len() as u32).unwrap_or(0) == u64::MAX)
    }
}

/// Writes into `out[i]` the index of the plane of `planes` (disjoint, at most
/// [`MAX_COLORS`](crate::piece::MAX_COLORS)) that holds bit `i`, or `u8::MAX` where none
/// does, for `i` up to 64; returns the bits any plane holds. The indices are written a
/// binary digit at a time, eight cells a store.
fn index_bytes(planes: &[u64], out: &mut [u8]) -> u64 {
    let colored = planes.iter().fold(0, |all, &p| all | p);
    if planes.len() <= 8 {
        // Up to eight colours (nearly every game): three digits, each the union of four
        // planes.
        let p = |i: usize| planes.get(i).copied().unwrap_or(0);
        let digits = [
            p(1) | p(3) | p(5) | p(7),
            p(2) | p(3) | p(6) | p(7),
            p(4) | p(5) | p(6) | p(7),
        ];
        index_words(digits, colored, out);
        return colored;
    }
    // Colour indices fit in five digits.
    let mut digits = [0u64; 5];
    for (index, &plane) in planes.iter().enumerate() {
        for (k, digit) in digits.iter_mut().enumerate() {
            if index >> k & 1 == 1 {
                *digit |= plane;
            }
        }
    }
    index_words(digits, colored, out);
    colored
}

/// [`index_bytes`] from the digits' planes and the coloured cells.
#[inline(always)]
fn index_words<const D: usize>(digits: [u64; D], colored: u64, out: &mut [u8]) {
    let word = |j: usize| {
        let byte = |plane: u64| BYTES_OF_BITS[usize::from((plane >> (8 * j)) as u8)];
        let none = byte(!colored).wrapping_mul(0xff);
        (digits.iter().enumerate()).fold(none, |word, (k, &d)| word | byte(d) << k)
    };
    let whole = out.len() / 8;
    let mut eights = out.chunks_exact_mut(8);
    for (j, eight) in (&mut eights).enumerate() {
        eight.copy_from_slice(&word(j).to_le_bytes());
    }
    let rest = eights.into_remainder();
    if !rest.is_empty() {
        rest.copy_from_slice(&word(whole).to_le_bytes()[..rest.len()]);
    }
}

/// Entry `b`: byte `i` is bit `i` of `b` (a table: one load where the arithmetic takes
/// five operations, and it runs four times for every eight cells).
static BYTES_OF_BITS: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            table[b] |= ((b as u64) >> i & 1) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    table
};

/// Moves every occupied cell of `planes` (packed, rows `cols` bits apart, `all` the
/// board's cells) down by the number of empty cells below it in its column: a
/// compress (Hacker's Delight, 7–4) along each column. Round `k` moves by `2^k` rows the
/// cells whose count has bit `k`; taken from the low bit up, no cell lands on one still
/// to move. Three rounds settle an 8 × 8 board whatever its gaps, where moving a row at
/// a time takes as many rounds as the deepest gap, each over every plane.
///
/// The planes are the board's own (`planes[0]`, whose pieces and blockers fall) and any
/// kept beside them (`planes[1]`, a literal empty slice when there are none, which the
/// inlined loop then drops), which move alike.
#[inline(always)]
fn compress_down([planes, extra]: [&mut [u64]; 2], all: u64, rows: usize, cols: usize) {
    compress_around([planes, extra], (all, 0), rows, cols);
}

/// [`compress_down`] around the cells `fixed` (of `all`), which never move and hold up
/// what is above them: a locked piece or a crate.
#[inline(always)]
fn compress_around(
    [planes, extra]: [&mut [u64]; 2],
    (all, fixed): (u64, u64),
    rows: usize,
    cols: usize,
) {
    let (cells, occupied) = (all & !fixed, (planes[PIECES] | planes[BLOCKERS]) & !fixed);
    compress_rounds(occupied, (cells, fixed), (rows, cols), |moving, shift| {
        for p in planes.iter_mut() {
            let t = *p & moving;
            *p = (*p ^ t) | t << shift;
        }
        for p in extra.iter_mut() {
            let t = *p & moving;
            *p = (*p ^ t) | t << shift;
        }
    });
}

/// The rounds of [`compress_down`] for the cells `occupied` among `all`, none of them
/// passing a cell of `fixed` (cells that neither fall nor are empty: what is above one
/// rests on it; neither in `all` nor in `occupied`): `round(moving, shift)` for each
/// round that moves cells (those of `moving`, `shift` bits up: down the board); returns
/// where the occupied cells end.
#[inline(always)]
fn compress_rounds(
    mut occupied: u64,
    (all, fixed): (u64, u64),
    (rows, cols): (usize, usize),
    mut round: impl FnMut(u64, usize),
) -> u64 {
    // Marks on the cells right above an empty cell: the marks at and below a cell, down
    // to the first fixed cell under it, count the empty cells it falls into.
    let mut marks = (all & !occupied) >> cols;
    let mut step = 1;
    while step < rows && marks != 0 {
        // The parity of the marks at and below each cell in its column, down to the
        // first fixed cell: a segmented scan, each cell's span stopped (`stop`) once a
        // fixed cell lies below it within the span.
        let mut parity = marks;
        let mut stop = fixed >> cols;
        let mut span = cols;
        while span < rows * cols {
            parity ^= (parity >> span) & !stop;
            stop |= stop >> span;
            span *= 2;
        }
        let moving = parity & occupied;
        if moving != 0 {
            let shift = step * cols;
            occupied = (occupied ^ moving) | moving << shift;
            round(moving, shift);
        }
        marks &= !parity;
        step *= 2;
    }
    occupied
}

/// The cells with a cell of `bits` somewhere above them in their column (`down`), or
/// somewhere below (not `down`), on a packed board `rows` × `cols`.
#[inline]
fn smear(bits: u64, cols: usize, rows: usize, down: bool) -> u64 {
    let mut spread = if down { bits << cols } else { bits >> cols };
    let mut span = cols;
    while span < rows * cols {
        spread |= if down { spread << span } else { spread >> span };
        span *= 2;
    }
    spread
}

/// Moves of bits planned for every plane of a small board: each round takes the bits of
/// its mask and shifts them left (down the board) or right (up), onto places no bit
/// holds. A fall past holes takes at most 15 rounds: 5 (a board at most 32 rows tall)
/// to fold the columns over their holes, 5 to settle them, 5 to unfold.
#[derive(Default)]
struct Rounds {
    /// Each round's mask, left shift and right shift (one of them zero).
    rounds: [(u64, usize, usize); 15],
    len: usize,
}

impl Rounds {
    #[inline]
    fn push(&mut self, round: (u64, usize, usize)) {
        self.rounds[self.len] = round;
        self.len += 1;
    }

    /// `plane` after every round.
    #[inline]
    fn apply(&self, plane: u64) -> u64 {
        let mut p = plane;
        for &(mask, left, right) in &self.rounds[..self.len] {
            let t = p & mask;
            p = (p ^ t) | (t << left) >> right;
        }
        p
    }
}

static ZERO: [u32; crate::pos::MAX_SIDE] = [0; crate::pos::MAX_SIDE];

/// `dst.clone_from(src)` for plain values: speculation copies boards of one size, where
/// the lengths match and one copy of the slice does it.
#[inline]
pub(crate) fn copy_vec<T: Copy>(dst: &mut Vec<T>, src: &[T]) {
    if dst.len() == src.len() {
        dst.copy_from_slice(src);
    } else {
        dst.clear();
        dst.extend_from_slice(src);
    }
}

/// The colour planes of a packed board being refilled: see [`Masks::fill_plain`].
pub(crate) struct PlainFill<'a>(&'a mut [u64]);

impl PlainFill<'_> {
    /// Puts the plain piece `piece` on the cell of packed index `i`, one of the holes
    /// [`Masks::fill_plain`] was given.
    #[inline(always)]
    pub(crate) fn put(&mut self, i: usize, piece: Piece) {
        debug_assert!(piece.special().is_none(), "a refill draws plain pieces");
        let color = piece.color().expect("a refill draws plain pieces");
        self.0[usize::from(color.index())] |= 1u64 << i;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_indices_from_the_planes_are_those_of_the_cells() {
        use crate::board::Board;
        use crate::piece::{Color, MAX_COLORS, Piece, Special};
        let mut next = crate::test_draws::draws_below(0x2545_f491_4f6c_dd1du64);
        let (striped, bomb) = (Special::of('+'), Special::of('*'));
        for (rows, cols) in [(8, 8), (6, 8), (7, 7), (3, 5), (1, 1), (2, 32), (16, 4)] {
            for round in 0..300 {
                // Few colours or every one, and every kind of cell.
                let colors = if round % 2 == 0 {
                    6
                } else {
                    u64::from(MAX_COLORS)
                };
                let mut board = Board::new(Size::new(rows, cols).unwrap());
                for pos in board.size().positions().collect::<Vec<_>>() {
                    let color = Color::new(next(colors) as u8).unwrap();
                    let cell = match next(12) {
                        0 => Cell::Empty,
                        1 => Cell::Blocker,
                        2 => Cell::Hole,
                        3 => Cell::Crate(2),
                        4 => Cell::Piece(Piece::new(color, striped)),
                        5 => Cell::Piece(Piece::colorless(bomb)),
                        _ => Cell::Piece(Piece::plain(color)),
                    };
                    board.set(pos, cell, 0).unwrap();
                }
                let want: Vec<u8> = (board.iter())
                    .map(|(_, cell)| cell.color().map_or(u8::MAX, |c| c.index()))
                    .collect();
                // The whole board, a part of it, and more room than it needs.
                for len in [want.len(), want.len() / 2, want.len() + 3] {
                    let mut got = vec![7; len];
                    let colored = board.write_color_indices(&mut got);
                    let n = len.min(want.len());
                    let every = !want[..n].contains(&u8::MAX);
                    assert_eq!(colored, Some(every), "{rows}x{cols}, {len}: {board}");
                    assert_eq!(got[..n], want[..n], "{rows}x{cols}, {len}: {board}");
                    assert!(got[n..].iter().all(|&b| b == 7), "{rows}x{cols}, {len}");
                }
            }
        }
        let big = Board::new(Size::new(9, 8).unwrap());
        assert_eq!(big.write_color_indices(&mut [7; 72]), None);
    }

    /// Gravity a row at a time: every occupied cell with an empty cell anywhere below
    /// it moves down one row, until none does.
    fn fall_by_rows(planes: &mut [u64], all: u64, rows: usize, cols: usize) {
        loop {
            let occupied = planes[PIECES] | planes[BLOCKERS];
            let mut gap_below = (all & !occupied) >> cols;
            for _ in 0..rows {
                gap_below |= gap_below >> cols;
            }
            let falling = occupied & gap_below;
            if falling == 0 {
                return;
            }
            for p in planes.iter_mut() {
                *p = (*p & !falling) | (*p & falling) << cols;
            }
        }
    }

    /// Packed board shapes the gravity tests settle: square, the sample levels' 6 × 8,
    /// odd widths, a single row and column, the tallest and the widest.
    const SHAPES: [(usize, usize); 9] = [
        (8, 8),
        (6, 8),
        (3, 5),
        (7, 9),
        (2, 32),
        (16, 4),
        (1, 8),
        (8, 1),
        (32, 2),
    ];

    /// Gravity past holes, one column at a time: the occupied cells, top to bottom, go
    /// to the lowest cells that are not holes, in order.
    fn fall_column_by_column(planes: &mut [u64], cells: u64, (rows, cols): (usize, usize)) {
        let occupied = planes[PIECES] | planes[BLOCKERS];
        let mut settled = vec![0u64; planes.len()];
        for c in 0..cols {
            let at = |r: usize| 1u64 << (r * cols + c);
            let open: Vec<usize> = (0..rows).filter(|&r| cells & at(r) != 0).collect();
            let full: Vec<usize> = (0..rows).filter(|&r| occupied & at(r) != 0).collect();
            let places = &open[open.len() - full.len()..];
            for (&from, &to) in full.iter().zip(places) {
                for (p, s) in planes.iter().zip(settled.iter_mut()) {
                    *s |= u64::from(p & at(from) != 0) * at(to);
                }
            }
        }
        planes.copy_from_slice(&settled);
    }

    /// Holes at the top and the bottom of columns, up to three each, from `bits`.
    fn rim_holes(bits: u64, rows: usize, cols: usize) -> u64 {
        let mut holes = 0;
        for c in 0..cols {
            let ends = bits.rotate_right(4 * c as u32 % 64) as usize;
            let (top, bottom) = (ends & 3, ends >> 2 & 3);
            for r in (0..rows).filter(|&r| r < top || r + bottom >= rows) {
                holes |= 1 << (r * cols + c);
            }
        }
        holes
    }

    #[test]
    fn folding_over_holes_settles_as_each_column_falls() {
        let mut draw = crate::test_draws::draws_below(0x51f1_5eed_0bad_cafe);
        let mut next = move || draw(u64::MAX);
        for (rows, cols) in SHAPES {
            let all = u64::MAX >> (64 - rows * cols);
            for _ in 0..2000 {
                // Holes sparse or dense, or on the rim only (the tops and bottoms of
                // columns), pieces and blockers anywhere else.
                let mut holes = next() & next() & (next() | next()) & all;
                if next() % 3 == 0 {
                    holes = rim_holes(next(), rows, cols);
                }
                // Sparse or dense: a dense board often has nothing empty under a hole.
                let dense = next() % 2 == 0;
                let some = if dense {
                    next() | next() | next()
                } else {
                    next() & next()
                };
                let occupied = some & all & !holes;
                let blockers = occupied & next() & next();
                let pieces = occupied & !blockers;
                let red = pieces & next();
                let planes = [pieces, blockers, pieces & next(), 0, red, pieces & !red];
                let (mut fast, mut slow) = (planes.to_vec(), planes.to_vec());
                let mut masks = Masks::new(Size::new(rows, cols).unwrap());
                masks.packed = fast.clone();
                masks.holes = crate::packed::unpack_rows(holes, rows, cols)[..rows].to_vec();
                masks.hole_bits = holes;
                masks.fall();
                fast.copy_from_slice(&masks.packed);
                fall_column_by_column(&mut slow, all & !holes, (rows, cols));
                assert_eq!(fast, slow, "{rows}×{cols}, holes {holes:x}: {planes:x?}");
            }
        }
    }

    /// Gravity around fixed cells, one column at a time: between two fixed cells (or a
    /// fixed cell and the column's ends) the occupied cells, top to bottom, go to the
    /// lowest cells of that stretch, in order; fixed cells stay.
    fn fall_between_fixed(planes: &mut [u64], fixed: u64, (rows, cols): (usize, usize)) {
        let occupied = (planes[PIECES] | planes[BLOCKERS]) & !fixed;
        let mut settled: Vec<u64> = planes.iter().map(|p| p & fixed).collect();
        for c in 0..cols {
            let at = |r: usize| 1u64 << (r * cols + c);
            let mut top = 0;
            for end in (0..=rows).filter(|&r| r == rows || fixed & at(r) != 0) {
                let full: Vec<usize> = (top..end).filter(|&r| occupied & at(r) != 0).collect();
                for (k, &from) in full.iter().enumerate() {
                    let to = end - full.len() + k;
                    for (p, s) in planes.iter().zip(settled.iter_mut()) {
                        *s |= u64::from(p & at(from) != 0) * at(to);
                    }
                }
                top = end + 1;
            }
        }
        planes.copy_from_slice(&settled);
    }

    #[test]
    fn falling_around_fixed_cells_settles_each_stretch_of_a_column() {
        let mut draw = crate::test_draws::draws_below(0x10c4_ed0c_4a7e_5eed);
        let mut next = move || draw(u64::MAX);
        for (rows, cols) in SHAPES {
            let all = u64::MAX >> (64 - rows * cols);
            for _ in 0..2000 {
                // Fixed cells sparse or a wall across a row; pieces sparse or dense,
                // some of them locked (fixed pieces).
                let mut fixed = next() & next() & next() & all;
                if next() % 3 == 0 {
                    let r = (next() % rows as u64) as usize;
                    fixed |= (u64::MAX >> (64 - cols)) << (r * cols) & all;
                }
                let some = if next() % 2 == 0 {
                    next() | next()
                } else {
                    next() & next()
                };
                let occupied = some & all;
                let blockers = occupied & next() & next() & !fixed;
                let pieces = occupied & !blockers;
                let red = pieces & next();
                let planes = [pieces, blockers, pieces & next(), 0, red, pieces & !red];
                let (mut fast, mut slow) = (planes.to_vec(), planes.to_vec());
                let mut masks = Masks::new(Size::new(rows, cols).unwrap());
                masks.packed = fast.clone();
                let mut beside = [red];
                masks.fall_around(fixed, &mut beside);
                fast.copy_from_slice(&masks.packed);
                fall_between_fixed(&mut slow, fixed, (rows, cols));
                assert_eq!(fast, slow, "{rows}×{cols}, fixed {fixed:x}: {planes:x?}");
                assert_eq!(beside, [fast[4]], "{rows}×{cols}");
            }
        }
    }

    #[test]
    fn planes_kept_beside_fall_as_the_board_s_own() {
        let mut draw = crate::test_draws::draws_below(0x0dd_ba11_5eed_f00d);
        let mut next = move || draw(u64::MAX);
        for (rows, cols) in SHAPES {
            let all = u64::MAX >> (64 - rows * cols);
            for with_holes in [false, true] {
                for _ in 0..500 {
                    let holes = if with_holes { next() & next() & all } else { 0 };
                    let pieces = next() & all & !holes;
                    let (red, special) = (pieces & next(), pieces & next() & next());
                    let mut masks = Masks::new(Size::new(rows, cols).unwrap());
                    masks.packed = vec![pieces, 0, special, 0, red, pieces & !red];
                    if with_holes {
                        let words = crate::packed::unpack_rows(holes, rows, cols);
                        masks.holes = words[..rows].to_vec();
                        masks.hole_bits = holes;
                    }
                    // Two planes beside: a copy of the specials and of one colour.
                    let mut beside = [special, red];
                    masks.fall_with(&mut beside);
                    let (now_special, now_red) = (masks.packed[SPECIALS], masks.packed[4]);
                    assert_eq!(beside, [now_special, now_red], "{rows}×{cols}");
                }
            }
        }
    }

    #[test]
    fn compressing_the_columns_settles_as_falling_a_row_at_a_time() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for (rows, cols) in SHAPES {
            let all = u64::MAX >> (64 - rows * cols);
            for _ in 0..2000 {
                // Pieces of three colours on a random part of the board (sparse or
                // dense), one blocker plane, one plane that is no colour.
                let occupied = next() & (next() | next()) & all;
                let blockers = occupied & next() & next() & next();
                let pieces = occupied & !blockers;
                let red = pieces & next();
                let green = pieces & !red & next();
                let planes = [
                    pieces,
                    blockers,
                    pieces & next(),
                    0,
                    red,
                    green,
                    pieces & !(red | green),
                ];
                let (mut fast, mut slow) = (planes, planes);
                compress_down([&mut fast, &mut []], all, rows, cols);
                fall_by_rows(&mut slow, all, rows, cols);
                assert_eq!(fast, slow, "{rows}×{cols}: {planes:x?}");
            }
        }
    }
}
