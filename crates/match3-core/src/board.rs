//! [`Board`]: flat row-major storage of cells and piece ids.

use crate::cellset::CellSet;
use crate::layers::{LayerError, Layers, MAX_JELLY};
use crate::masks::{CRATES, JELLY, LOCKS, Masks, copy_vec};
use crate::piece::{Cell, Color, MAX_COLORS, Piece};
use crate::pos::{Pos, PosError, Size, SizeError};
use crate::rowmasks::RowMasks;

/// A rectangular board, 1×1 to 32×32.
///
/// Cells and ids are stored flat, row-major, side by side: the rules read cells only,
/// the engine moves ids along with them. Every occupied cell (pieces *and* blockers) carries
/// a `u32` id so that a renderer can follow it through falls; an empty cell's id slot is
/// unused. Cloning copies two small vectors, and [`Clone::clone_from`] reuses the
/// allocation, which is how speculation stays allocation-free.
///
/// Beside the cells the board keeps bit planes of pieces, blockers, special pieces,
/// colourless pieces and each colour, updated on every change, so that rules can detect
/// runs, clusters and legal swaps with shifts and ANDs. How it stores them is its own
/// business (today: one `u64` per plane on boards of at most 64 cells, a `u32` per row
/// above that). Rules read them through [`planes::on_planes`](crate::planes::on_planes),
/// which hands a rule written once over [`Field`](crate::planes::Field) whichever layout
/// the board keeps, or a row at a time through [`Board::color_rows`] and its siblings
/// ([`RowMasks`]).
///
/// Obstacles: crates are cells ([`Cell::Crate`]); jelly and locks are [`Layers`] of a
/// cell, kept in a byte per cell that is only allocated once the board has one, so that
/// plain boards copy nothing more.
///
/// Equality compares cells, layers *and* ids; use [`Board::same_cells`] to ignore ids.
///
/// `Debug` prints the notation (`Board(AAB/CCD)`), and the ids only when they are not
/// the row-major numbering a parsed board gets, so failing tests stay readable.
pub struct Board {
    size: Size,
    cells: Vec<Cell>,
    ids: Vec<u32>,
    /// Each cell's [`Layers`] as a byte; empty until the board has a layer.
    layers: Vec<u8>,
    masks: Masks,
}

// `clone_from` reuses the vectors: speculation copies boards without allocating.
impl Clone for Board {
    fn clone(&self) -> Self {
        Board {
            size: self.size,
            cells: self.cells.clone(),
            ids: self.ids.clone(),
            // Nearly always empty: a new empty vector costs nothing, a clone a call.
            layers: if self.layers.is_empty() {
                Vec::new()
            } else {
                self.layers.clone()
            },
            masks: self.masks.clone(),
        }
    }

    #[inline]
    fn clone_from(&mut self, source: &Self) {
        self.size = source.size;
        copy_vec(&mut self.cells, &source.cells);
        copy_vec(&mut self.ids, &source.ids);
        // Nearly always both empty: skip the call.
        if !(self.layers.is_empty() && source.layers.is_empty()) {
            self.layers.clone_from(&source.layers);
        }
        self.masks.clone_from(&source.masks);
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({self})")?;
        let ids: Vec<u32> = (self.cells.iter().zip(&self.ids))
            .filter(|(cell, _)| cell.is_occupied())
            .map(|(_, &id)| id)
            .collect();
        if !ids.iter().copied().eq(0..ids.len() as u32) {
            write!(f, " ids {ids:?}")?;
        }
        Ok(())
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.size == other.size
            && self.cells == other.cells
            && self.ids == other.ids
            && self.same_layers(other)
    }
}

impl Eq for Board {}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.size, &self.cells, &self.ids).hash(state);
        // Boards without layers hash alike whether or not the bytes are allocated.
        if self.layers.iter().any(|&b| b != 0) {
            self.layers.hash(state);
        }
    }
}

impl Board {
    /// What [`write_color_indices`](Board::write_color_indices) gives a cell without a
    /// colour.
    pub const NO_COLOR: u8 = u8::MAX;

    /// An empty board.
    pub fn new(size: Size) -> Self {
        Board {
            size,
            cells: vec![Cell::Empty; size.cells()],
            ids: vec![0; size.cells()],
            layers: Vec::new(),
            masks: Masks::new(size),
        }
    }

    /// A board from row-major cells; ids are numbered row-major from 0 over occupied cells.
    pub fn from_cells(size: Size, cells: Vec<Cell>) -> Result<Self, SizeError> {
        if cells.len() != size.cells() {
            return Err(SizeError {
                rows: size.rows(),
                cols: cells.len() / size.rows().max(1),
            });
        }
        let mut masks = Masks::new(size);
        for (pos, &cell) in size.positions().zip(&cells) {
            masks.toggle(pos, cell);
        }
        let mut board = Board {
            size,
            cells,
            ids: vec![0; size.cells()],
            layers: Vec::new(),
            masks,
        };
        board.renumber(0);
        Ok(board)
    }

    /// Renumbers the occupied cells row-major from `first`; returns the next free id.
    pub fn renumber(&mut self, first: u32) -> u32 {
        let mut next = first;
        for (cell, id) in self.cells.iter().zip(self.ids.iter_mut()) {
            *id = if cell.is_occupied() {
                next += 1;
                next - 1
            } else {
                0
            };
        }
        next
    }

    /// The board's dimensions.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.size.rows()
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.size.cols()
    }

    /// Checks that `pos` is on the board.
    pub fn check(&self, pos: Pos) -> Result<(), PosError> {
        if self.size.contains(pos) {
            Ok(())
        } else {
            Err(PosError {
                pos,
                size: self.size,
            })
        }
    }

    /// The cell at `pos`, or an error naming the position and the board size.
    pub fn get(&self, pos: Pos) -> Result<Cell, PosError> {
        self.check(pos)?;
        Ok(self.cells[self.size.index(pos)])
    }

    /// The cell at `pos`, `Cell::Empty` when off the board (handy for neighbour scans).
    pub fn cell_or_empty(&self, pos: Pos) -> Cell {
        if self.size.contains(pos) {
            self.cells[self.size.index(pos)]
        } else {
            Cell::Empty
        }
    }

    /// The cell at `pos`, `Cell::Empty` off the board: the unchecked-looking accessor rules
    /// use in their inner loops; it never panics.
    #[inline]
    pub fn at(&self, pos: Pos) -> Cell {
        self.cell_or_empty(pos)
    }

    /// The colour at `pos` (`None` off the board, for empties, blockers and colourless specials).
    #[inline]
    pub fn color_at(&self, pos: Pos) -> Option<Color> {
        self.cell_or_empty(pos).color()
    }

    /// The id of whatever occupies `pos`, `None` for an empty or off-board cell.
    #[inline]
    pub fn id(&self, pos: Pos) -> Option<u32> {
        // No indexing that could panic: a caller that drops the answer (a look-ahead
        // reporting to no sink) then pays nothing for it.
        let i = self.size.index(pos);
        match self.cells.get(i) {
            Some(cell) if self.size.contains(pos) && cell.is_occupied() => self.ids.get(i).copied(),
            _ => None,
        }
    }

    /// Puts `cell` with `id` at `pos`. A lock stays only on a piece; jelly only off a
    /// hole.
    pub fn set(&mut self, pos: Pos, cell: Cell, id: u32) -> Result<(), PosError> {
        self.check(pos)?;
        let i = self.size.index(pos);
        self.masks.toggle(pos, self.cells[i]);
        self.masks.toggle(pos, cell);
        self.cells[i] = cell;
        self.ids[i] = if cell.is_occupied() { id } else { 0 };
        if !self.layers.is_empty() {
            self.fit_layers(pos, cell);
        }
        Ok(())
    }

    /// Puts the piece `cell` on `pos`, which holds a piece and has no lock, and leaves
    /// the cell's id as it was: a shuffle tries arrangements on the cells and masks
    /// alone, then gives the one it keeps its ids with [`put_id`](Board::put_id).
    #[inline(always)]
    pub(crate) fn put_piece_keeping_id(&mut self, pos: Pos, cell: Cell) {
        let i = self.size.index(pos);
        let old = std::mem::replace(&mut self.cells[i], cell);
        debug_assert!(old.piece().is_some() && cell.piece().is_some());
        self.masks.replace_at((pos, i), old, cell);
    }

    /// Gives the piece on `pos` the id `id` (see
    /// [`put_piece_keeping_id`](Board::put_piece_keeping_id)).
    pub(crate) fn put_id(&mut self, pos: Pos, id: u32) {
        let i = self.size.index(pos);
        debug_assert!(self.cells[i].piece().is_some());
        self.ids[i] = id;
    }

    /// Puts `cell_at(pos)` on every cell, row by row, without ids, then builds the masks
    /// once (a new random board: a toggle pair per cell costs several times as much).
    /// For a board without holes, obstacles or layers.
    pub(crate) fn fill(&mut self, mut cell_at: impl FnMut(Pos) -> Cell) {
        debug_assert!(self.layers.is_empty() && !self.has_obstacles());
        debug_assert!(self.hole_rows().iter().all(|&h| h == 0));
        for (i, pos) in self.size.positions().enumerate() {
            self.cells[i] = cell_at(pos);
            self.ids[i] = 0;
        }
        self.masks.rebuild(&self.cells);
    }

    /// Drops the layers `cell` cannot have: a lock without a piece, jelly on a hole.
    #[cold]
    #[inline(never)]
    fn fit_layers(&mut self, pos: Pos, cell: Cell) {
        let mut layers = self.layers(pos);
        layers.locked &= cell.piece().is_some();
        if cell.is_hole() {
            layers.jelly = 0;
        }
        self.put_layers(pos, layers);
    }

    /// The layers (jelly, lock) of `pos`; none off the board.
    #[inline]
    pub fn layers(&self, pos: Pos) -> Layers {
        if self.layers.is_empty() || !self.size.contains(pos) {
            return Layers::NONE;
        }
        Layers::from_byte(self.layers[self.size.index(pos)])
    }

    /// Sets the layers of `pos`: at most [`MAX_JELLY`] jelly layers, none on a hole, and a
    /// lock only on a piece.
    ///
    /// ```
    /// use match3_core::{Board, Layers, Pos};
    ///
    /// let mut board: Board = "AB/._".parse()?;
    /// board.set_layers(Pos::new(0, 1), Layers { jelly: 2, locked: true })?;
    /// assert_eq!(board.to_string(), "AB@~~/._");
    /// let err = board.set_layers(Pos::new(1, 0), Layers { jelly: 0, locked: true });
    /// assert_eq!(err.unwrap_err().to_string(), "(1,0): a lock needs a piece under it");
    /// assert!(board.set_layers(Pos::new(1, 1), Layers { jelly: 1, locked: false }).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_layers(&mut self, pos: Pos, layers: Layers) -> Result<(), LayerError> {
        let cell = self.get(pos)?;
        let problem = if layers.jelly > MAX_JELLY {
            Some("a cell has at most two jelly layers")
        } else if cell.is_hole() && !layers.is_none() {
            Some("a hole holds no jelly and no lock")
        } else if layers.locked && cell.piece().is_none() {
            Some("a lock needs a piece under it")
        } else {
            None
        };
        match problem {
            Some(problem) => Err(LayerError::Invalid { pos, problem }),
            None => {
                self.put_layers(pos, layers);
                Ok(())
            }
        }
    }

    /// Sets the layers of the in-range `pos` without checking them against the cell (a
    /// level's random cell carries its lock before its piece is drawn).
    pub(crate) fn put_layers(&mut self, pos: Pos, layers: Layers) {
        let old = self.layers(pos);
        if old == layers {
            return;
        }
        if self.layers.is_empty() {
            self.layers = vec![0; self.size.cells()];
        }
        let i = self.size.index(pos);
        self.layers[i] = layers.to_byte();
        if old.locked != layers.locked {
            self.masks.flip_obstacle(LOCKS, pos);
        }
        if (old.jelly > 0) != (layers.jelly > 0) {
            self.masks.flip_obstacle(JELLY, pos);
        }
    }

    /// Whether the two boards' layers agree (missing bytes count as no layer).
    fn same_layers(&self, other: &Board) -> bool {
        match (self.layers.is_empty(), other.layers.is_empty()) {
            (true, true) => true,
            (false, false) => self.layers == other.layers,
            (true, false) => other.layers.iter().all(|&b| b == 0),
            (false, true) => self.layers.iter().all(|&b| b == 0),
        }
    }

    /// Whether the board has ever held an obstacle: a crate, jelly or a lock. Boards
    /// without (nearly all) skip every obstacle step of a turn.
    #[inline]
    pub fn has_obstacles(&self) -> bool {
        self.masks.has_obstacles()
    }

    /// Row masks of locked pieces.
    pub fn lock_rows(&self) -> &[u32] {
        self.masks.obstacle(LOCKS)
    }

    /// Row masks of cells with jelly.
    pub fn jelly_rows(&self) -> &[u32] {
        self.masks.obstacle(JELLY)
    }

    /// Row masks of crates.
    pub fn crate_rows(&self) -> &[u32] {
        self.masks.obstacle(CRATES)
    }

    /// Jelly layers left on the board.
    pub fn jelly_left(&self) -> u32 {
        crate::layers::jelly_in(&self.layers)
    }

    /// Crates left on the board.
    pub fn crates_left(&self) -> u32 {
        self.crate_rows().iter().map(|r| r.count_ones()).sum()
    }

    /// Empties `pos` (in range), returning what was there; a lock goes with its piece
    /// (jelly stays: it belongs to the cell).
    pub(crate) fn take(&mut self, pos: Pos) -> (Cell, u32) {
        let i = self.size.index(pos);
        let out = (self.cells[i], self.ids[i]);
        self.masks.toggle(pos, out.0);
        self.cells[i] = Cell::Empty;
        self.ids[i] = 0;
        if self.has_obstacles() && self.layers(pos).locked {
            let layers = self.layers(pos);
            self.put_layers(
                pos,
                Layers {
                    locked: false,
                    ..layers
                },
            );
        }
        out
    }

    /// Empties every cell of `set` on the board: the masks in one pass per plane, then the
    /// cells (a phase's removal).
    pub(crate) fn clear_cells(&mut self, set: &CellSet) {
        if let Some(mut bits) = self.masks.clear(set) {
            // Small boards: one walk over the packed bits, which are cell indices.
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.cells[i] = Cell::Empty;
                self.ids[i] = 0;
            }
            return;
        }
        let (rows, cols) = (self.rows(), self.cols());
        let on_board = u32::MAX >> (32 - cols);
        for r in 0..rows {
            let mut bits = set.row_bits(r) & on_board;
            while bits != 0 {
                let i = r * cols + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.cells[i] = Cell::Empty;
                self.ids[i] = 0;
            }
        }
    }

    /// The bit planes.
    #[inline]
    pub(crate) fn masks(&self) -> &Masks {
        &self.masks
    }

    /// Whether some cell has a jelly layer or another layer.
    pub(crate) fn has_layers(&self) -> bool {
        !self.layers.is_empty()
    }

    /// Moves whatever is on `from` to the empty cell `to` (both in range): gravity's step.
    #[inline(always)]
    pub(crate) fn relocate(&mut self, from: Pos, to: Pos) -> u32 {
        self.relocate_at((from, self.size.index(from)), (to, self.size.index(to)))
    }

    /// [`relocate`](Board::relocate), given the cells' row-major indices.
    #[inline(always)]
    fn relocate_at(&mut self, (from, i): (Pos, usize), (to, j): (Pos, usize)) -> u32 {
        let cell = self.cells[i];
        debug_assert!(self.cells[j].is_empty());
        self.masks.relocate_at((from, i), (to, j), cell);
        self.cells[j] = cell;
        self.ids[j] = self.ids[i];
        self.cells[i] = Cell::Empty;
        self.ids[i] = 0;
        self.ids[j]
    }

    /// Gravity on a board without holes or fixed cells (crates, locked pieces; jelly stays
    /// with its cells), for the columns whose bits are set
    /// in `columns`: occupied cells keep their order and settle at the bottom, each move
    /// reported to `fall` (id, from, to) (column by column, bottom up). A fall costs a byte and an id;
    /// the masks follow all at once on boards of at most 64 cells ([`Masks::fall`]: a few
    /// shifts per packed plane and round), cell by cell on bigger ones, where a round
    /// costs a word per plane and row (measured with callgrind, greedy decisions on 16×16:
    /// 0.69× for clusters, 0.81× for lines; on 8×8 the bulk fall is 0.85× of this).
    pub(crate) fn settle_plain(&mut self, columns: u32, fall: impl FnMut(u32, Pos, Pos)) {
        if self.masks.geometry().is_some() {
            self.settle_columns::<true>(columns, fall);
            self.masks.fall();
        } else {
            self.settle_columns::<false>(columns, fall);
        }
    }

    /// [`settle_plain`](Board::settle_plain)'s cells, with their masks when not `BULK`.
    fn settle_columns<const BULK: bool>(
        &mut self,
        columns: u32,
        mut fall: impl FnMut(u32, Pos, Pos),
    ) {
        debug_assert!(self.hole_rows().iter().all(|&h| h == 0));
        debug_assert!((self.lock_rows().iter().zip(self.crate_rows())).all(|(l, c)| l | c == 0));
        let (rows, cols) = (self.rows(), self.cols());
        let (cells, ids) = (&mut self.cells[..rows * cols], &mut self.ids[..rows * cols]);
        let all_rows = u32::MAX >> (32 - rows);
        let mut columns = columns;
        while columns != 0 {
            let col = columns.trailing_zeros() as usize;
            columns &= columns - 1;
            let occupied = self.masks.occupied_column(col);
            if BULK {
                compact_column((cells, ids), (rows, cols, col), occupied, &mut fall);
                continue;
            }
            // Taller boards: nothing below the lowest empty cell moves; above it every
            // occupied cell does, bottom up, each to `floor`, the next cell to fill. Read
            // from the masks, so that only the cells that move are visited (a pass over
            // every row, as on small boards, measured 4–7% slower on 32 × 32 clusters).
            let empty = !occupied & all_rows;
            if empty == 0 {
                continue;
            }
            let gap = 31 - empty.leading_zeros();
            let mut falling = occupied & ((1u32 << gap) - 1);
            let mut floor = gap as usize;
            while falling != 0 {
                let row = (31 - falling.leading_zeros()) as usize;
                falling ^= 1 << row;
                let (i, j) = (row * cols + col, floor * cols + col);
                let id = ids[i];
                self.masks.relocate(
                    Pos::new(row as u8, col as u8),
                    Pos::new(floor as u8, col as u8),
                    cells[i],
                );
                cells[j] = cells[i];
                ids[j] = id;
                cells[i] = Cell::Empty;
                ids[i] = 0;
                fall(
                    id,
                    Pos::new(row as u8, col as u8),
                    Pos::new(floor as u8, col as u8),
                );
                floor -= 1;
            }
        }
    }

    /// Straight gravity on the `columns` of a board with holes or fixed cells (`any`: the
    /// columns that have any of each; fixed cells only read when `FIXED`): in each column,
    /// bottom up from its lowest empty cell, every piece or blocker falls to the lowest
    /// empty cell below it, passing holes and stopping on fixed cells; each move reported
    /// to `fall` (id, from, to).
    pub(crate) fn settle_around<const FIXED: bool>(
        &mut self,
        columns: u32,
        any: (u32, u32),
        mut fall: impl FnMut(u32, Pos, Pos),
    ) {
        let (rows, cols) = (self.rows(), self.cols());
        let all_rows = u32::MAX >> (32 - rows);
        let mut columns = columns;
        while columns != 0 {
            let col = columns.trailing_zeros() as usize;
            columns &= columns - 1;
            let (holes, fixed) = self.masks.still_column::<FIXED>(col, any);
            let occupied = self.masks.occupied_column(col) | fixed;
            // Nothing below the lowest empty cell can move.
            let empty = !(occupied | holes) & all_rows;
            if empty == 0 {
                continue;
            }
            let gap = 31 - empty.leading_zeros();
            let mut cells = u64::from(occupied & ((1u32 << gap) - 1));
            // The next cell to fill is the highest row below `floor` that is not a hole;
            // a fixed cell is a new floor.
            let mut floor = gap as usize + 1;
            while cells != 0 {
                let row = 63 - cells.leading_zeros() as usize;
                cells ^= 1 << row;
                if FIXED && fixed >> row & 1 == 1 {
                    floor = row;
                    continue;
                }
                let open = !u64::from(holes) & ((1u64 << floor) - 1);
                floor = 63 - open.leading_zeros() as usize;
                if floor != row {
                    let (from, to) = (
                        Pos::new(row as u8, col as u8),
                        Pos::new(floor as u8, col as u8),
                    );
                    let id = self.relocate_at((from, row * cols + col), (to, floor * cols + col));
                    fall(id, from, to);
                }
            }
        }
    }

    /// See [`Masks::unsettled_columns`].
    #[inline]
    pub(crate) fn unsettled_columns(&self) -> Option<u32> {
        self.masks.unsettled_columns()
    }

    /// Puts a new `piece` with `id` on the empty, in-range cell `pos` (a refill).
    #[inline(always)]
    pub(crate) fn put_new(&mut self, pos: Pos, piece: Piece, id: u32) {
        self.put_new_at((pos, self.size.index(pos)), piece, id);
    }

    /// [`put_new`](Board::put_new), given the cell's row-major index `i`.
    #[inline(always)]
    pub(crate) fn put_new_at(&mut self, (pos, i): (Pos, usize), piece: Piece, id: u32) {
        debug_assert!(self.cells[i].is_empty() && i == self.size.index(pos));
        let cell = Cell::Piece(piece);
        self.masks.toggle_at((pos, i), cell);
        self.cells[i] = cell;
        self.ids[i] = id;
        // A piece fits any layers a cell can have (`fit_layers` would change nothing).
    }

    /// Exchanges the contents (cells and ids) of two in-range cells.
    pub fn swap(&mut self, a: Pos, b: Pos) -> Result<(), PosError> {
        self.check(a)?;
        self.check(b)?;
        let (i, j) = (self.size.index(a), self.size.index(b));
        let (ca, cb) = (self.cells[i], self.cells[j]);
        self.masks.exchange(a, ca, b, cb);
        self.cells.swap(i, j);
        self.ids.swap(i, j);
        Ok(())
    }

    /// Every cell with its position, row-major.
    pub fn iter(&self) -> impl Iterator<Item = (Pos, Cell)> + '_ {
        self.size.positions().zip(self.cells.iter().copied())
    }

    /// Every piece with its position and id, row-major.
    pub fn pieces(&self) -> impl Iterator<Item = (Pos, Piece, u32)> + '_ {
        self.iter()
            .zip(self.ids.iter().copied())
            .filter_map(|((pos, cell), id)| cell.piece().map(|p| (pos, p, id)))
    }

    /// The cells of one row, left to right (`None` past the last row).
    pub fn row(&self, row: usize) -> Option<&[Cell]> {
        let cols = self.cols();
        self.cells.get(row * cols..(row + 1) * cols)
    }

    /// Number of pieces (blockers, holes and empties excluded).
    pub fn piece_count(&self) -> usize {
        self.cells.iter().filter(|c| c.piece().is_some()).count()
    }

    /// Whether two boards hold the same cells, ignoring ids.
    pub fn same_cells(&self, other: &Board) -> bool {
        self.size == other.size && self.cells == other.cells
    }

    /// How many pieces of `color` the board holds (specials of that colour included).
    pub fn color_count(&self, color: Color) -> u32 {
        match self.packed_colors() {
            Some(planes) => planes
                .get(usize::from(color.index()))
                .map_or(0, |p| p.count_ones()),
            None => self.color_rows(color).iter().map(|r| r.count_ones()).sum(),
        }
    }

    /// The set of cells that hold a piece of `color`.
    pub fn cells_of_color(&self, color: Color) -> CellSet {
        rows_to_set(&self.color_rows(color))
    }

    /// Row masks of the pieces of `color`: word `r` has bit `c` set when `(r, c)` holds a
    /// piece of that colour (specials included; colourless specials have none).
    ///
    /// On a board of at most 64 cells the rows are written out on each call (a few
    /// instructions); a rule's inner loop goes through
    /// [`planes::on_planes`](crate::planes::on_planes) instead.
    #[inline]
    pub fn color_rows(&self, color: Color) -> RowMasks<'_> {
        self.masks.color(color.index())
    }

    /// On a board of at most 64 cells (every board up to 8×8), writes each cell's colour
    /// index into `out` in row-major order: `out[row * cols + col]` is the index of that
    /// cell's colour, or [`Board::NO_COLOR`] where the cell has none (empty, a blocker, a
    /// hole, a crate, a colourless special). Writes as many cells as `out` holds (all of
    /// them when it is at least `rows * cols` long; the rest of `out` is left alone), and
    /// returns whether every cell written has a colour. `None`, and nothing written, on
    /// bigger boards.
    ///
    /// The board's colour planes give it in a few word operations, where a pass over the
    /// cells reads each one: for an encoder that writes many boards as arrays (the
    /// Python environments write one per step).
    ///
    /// ```
    /// use match3_core::Board;
    ///
    /// let board: Board = "AB/#C".parse()?;
    /// let mut indices = [0; 4];
    /// assert_eq!(board.write_color_indices(&mut indices), Some(false));
    /// assert_eq!(indices, [0, 1, Board::NO_COLOR, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_color_indices(&self, out: &mut [u8]) -> Option<bool> {
        self.masks.write_color_indices(out)
    }

    /// The row masks of the colour with index `plane` (zeros past
    /// [`color_planes`](Board::color_planes)).
    #[inline]
    pub(crate) fn color_plane(&self, plane: usize) -> RowMasks<'_> {
        self.masks.color(plane.min(u8::MAX as usize) as u8)
    }

    /// How many colour planes [`color_rows`](Board::color_rows) may have non-zero: every
    /// colour on the board has an index below this.
    pub(crate) fn color_planes(&self) -> usize {
        self.masks.color_planes()
    }

    /// The cell at row-major index `i` (`row * cols + col`), which must be on the board.
    #[inline]
    pub(crate) fn cell_at_index(&self, i: usize) -> Cell {
        self.cells[i]
    }

    /// On a board of at most 64 cells: the packed-plane geometry (column masks for
    /// shifting packed planes); `None` on bigger boards.
    pub(crate) fn geometry(&self) -> Option<&crate::packed::Geometry> {
        self.masks.geometry()
    }

    /// On a board of at most 64 cells: each colour's cells as one `u64`, bit
    /// `row * cols + col`, indexed by colour; `None` on bigger boards.
    pub(crate) fn packed_colors(&self) -> Option<&[u64]> {
        self.masks.packed_colors()
    }

    /// On a board of at most 64 cells: the pieces as one `u64` (see
    /// [`packed_colors`](Board::packed_colors)).
    pub(crate) fn packed_pieces(&self) -> Option<u64> {
        self.masks.packed_pieces()
    }

    /// On a board of at most 64 cells: the special pieces as one `u64` (see
    /// [`packed_colors`](Board::packed_colors)).
    pub(crate) fn packed_specials(&self) -> Option<u64> {
        self.masks.packed_specials()
    }

    /// Row words of the cells that hold a piece or a blocker (see
    /// [`Masks::occupied_rows`]).
    #[inline]
    pub(crate) fn occupied_rows(&self) -> [u32; crate::pos::MAX_SIDE] {
        self.masks.occupied_rows()
    }

    /// On a board of at most 64 cells: its empty cells (not holes, not crates) as one
    /// `u64`; `None` on bigger boards.
    pub(crate) fn packed_empties(&self) -> Option<u64> {
        self.masks.packed_empties()
    }

    /// Row masks of all pieces (not blockers, not empties).
    #[inline]
    pub fn piece_rows(&self) -> RowMasks<'_> {
        self.masks.pieces()
    }

    /// Row words of the cells that hold a piece, zeros past the last row (see
    /// [`piece_rows`](Board::piece_rows) for a view that lends big boards' words).
    #[inline]
    pub(crate) fn piece_words(&self) -> [u32; crate::pos::MAX_SIDE] {
        self.masks.piece_words()
    }

    /// Row masks of blockers.
    #[inline]
    pub fn blocker_rows(&self) -> RowMasks<'_> {
        self.masks.blockers()
    }

    /// Row masks of holes (cells outside the board's shape).
    pub fn hole_rows(&self) -> &[u32] {
        self.masks.holes()
    }

    /// Whether the board has any hole.
    pub fn has_holes(&self) -> bool {
        self.masks.holes().iter().any(|&r| r != 0)
    }

    /// Row masks of special pieces (coloured or not).
    #[inline]
    pub fn special_rows(&self) -> RowMasks<'_> {
        self.masks.specials()
    }

    /// Drops every cell of `set` that does not hold a piece: blockers and empties are
    /// never cleared, whatever a rule asks.
    #[inline]
    pub(crate) fn keep_pieces(&self, set: &mut CellSet) {
        match self.packed_pieces() {
            Some(pieces) => set.keep_packed(pieces, self.rows(), self.cols()),
            None => set.keep_rows(&self.piece_rows()),
        }
    }

    /// Whether any piece on the board is a special: one word on small boards.
    #[inline]
    pub(crate) fn has_special(&self) -> bool {
        match self.packed_specials() {
            Some(s) => s != 0,
            None => self.special_rows().iter().any(|&w| w != 0),
        }
    }

    /// Row masks of pieces without a colour (colourless specials).
    #[inline]
    pub fn colorless_rows(&self) -> RowMasks<'_> {
        self.masks.colorless()
    }

    /// Checks that the board's bit planes agree with its cells, plane by plane and row by
    /// row (the packed planes too, on boards of at most 64 cells): the invariant every
    /// change to a board keeps. The shared suite asks it after every turn; an error says
    /// which plane disagrees.
    pub fn check_planes(&self) -> Result<(), String> {
        let rows = self.rows();
        let colors = usize::from(MAX_COLORS);
        // Index 4 holds holes; colours start at 5.
        let mut want = vec![vec![0u32; rows]; 5 + colors];
        for (p, cell) in self.iter() {
            let (bit, r) = (1u32 << p.col, p.row as usize);
            match cell {
                Cell::Empty | Cell::Crate(_) => {}
                Cell::Blocker => want[1][r] |= bit,
                Cell::Hole => want[4][r] |= bit,
                Cell::Piece(piece) => {
                    want[0][r] |= bit;
                    if piece.special().is_some() {
                        want[2][r] |= bit;
                    }
                    match piece.color() {
                        None => want[3][r] |= bit,
                        Some(c) if usize::from(c.index()) >= self.color_planes() => {
                            return Err(format!("{self}: colour {c} beyond the planes"));
                        }
                        Some(c) => want[5 + usize::from(c.index())][r] |= bit,
                    }
                }
            }
        }
        let planes: [(&str, &[u32]); 5] = [
            ("pieces", &self.piece_rows()),
            ("blockers", &self.blocker_rows()),
            ("specials", &self.special_rows()),
            ("colourless", &self.colorless_rows()),
            ("holes", self.hole_rows()),
        ];
        for (i, (name, got)) in planes.iter().enumerate() {
            if *got != want[i].as_slice() {
                return Err(format!(
                    "{self}: {name} plane {got:?}, cells say {:?}",
                    want[i]
                ));
            }
        }
        for c in 0..MAX_COLORS {
            let got = self.color_rows(Color::new(c).expect("below 26"));
            if *got != *want[5 + usize::from(c)] {
                return Err(format!("{self}: colour {c} plane {got:?}"));
            }
        }
        self.check_packed(&want)
    }

    /// [`check_planes`](Board::check_planes) for the packed planes: present exactly on
    /// boards of at most 64 cells, with the bits of the row words `want`.
    fn check_packed(&self, want: &[Vec<u32>]) -> Result<(), String> {
        let cols = self.cols();
        let pack = |rows: &[u32]| -> u64 {
            (rows.iter().enumerate()).fold(0, |a, (r, &w)| a | u64::from(w) << (r * cols))
        };
        match (self.geometry(), self.packed_colors(), self.packed_pieces()) {
            (Some(_), Some(colors), Some(pieces)) => {
                if self.size.cells() > 64 {
                    return Err(format!("{self}: packed planes on a big board"));
                }
                if pieces != pack(&want[0]) {
                    return Err(format!("{self}: packed pieces {pieces:#x}"));
                }
                for c in 0..usize::from(MAX_COLORS) {
                    let got = colors.get(c).copied().unwrap_or(0);
                    if got != pack(&want[5 + c]) {
                        return Err(format!("{self}: packed colour {c} {got:#x}"));
                    }
                }
                Ok(())
            }
            (None, None, None) if self.size.cells() > 64 => Ok(()),
            (None, None, None) => Err(format!("{self}: small board without packed planes")),
            _ => Err(format!("{self}: packed planes only partly present")),
        }
    }

    /// Whether gravity holds: in every column, no empty cell lies below something that
    /// falls, unless a fixed cell (a crate or a locked piece) lies between them (holes are
    /// not cells: things rest past them).
    pub fn is_settled(&self) -> bool {
        (0..self.cols()).all(|c| {
            let mut seen_falling = false;
            (0..self.rows()).all(|r| {
                let pos = Pos::new(r as u8, c as u8);
                let cell = self.at(pos);
                if self.is_fixed(pos) {
                    seen_falling = false;
                }
                seen_falling |= cell.is_occupied() && !self.is_fixed(pos);
                !cell.is_empty() || !seen_falling
            })
        })
    }

    /// Whether `pos` holds something gravity never moves: a crate or a locked piece.
    #[inline]
    pub fn is_fixed(&self, pos: Pos) -> bool {
        self.has_obstacles()
            && self.size.contains(pos)
            && (self.lock_rows()[pos.row as usize] | self.crate_rows()[pos.row as usize]) >> pos.col
                & 1
                == 1
    }
}

/// Straight gravity on column `col` of a board of `rows` × `cols` without holes or fixed
/// cells (`occupied` bit `r` for row `r`), cells and ids only: every row, bottom up,
/// moves to `floor`, the lowest cell not yet filled, which rises by one when the row
/// held something; each move is reported to `fall` (id, from, to). A pass over every
/// row with no branch on what a cell holds: the gaps differ from one turn to the next,
/// and a loop over the falling cells alone ends where the processor cannot guess
/// (measured: random games through the command 9–13% faster on 8 × 8).
#[inline(always)]
fn compact_column(
    (cells, ids): (&mut [Cell], &mut [u32]),
    (rows, cols, col): (usize, usize, usize),
    occupied: u32,
    fall: &mut impl FnMut(u32, Pos, Pos),
) {
    let mut floor = rows - 1;
    for row in (0..rows).rev() {
        let (i, j) = (row * cols + col, floor * cols + col);
        let (cell, id) = (cells[i], ids[i]);
        // `floor` is never above `row`: an empty floor cell takes whatever `row` held
        // (nothing, when it is empty too), and a cell that stays puts itself back.
        cells[i] = Cell::Empty;
        ids[i] = 0;
        cells[j] = cell;
        ids[j] = id;
        let held = (occupied >> row & 1) as usize;
        if held == 1 && floor != row {
            fall(
                id,
                Pos::new(row as u8, col as u8),
                Pos::new(floor as u8, col as u8),
            );
        }
        // Past the top only after the last row, when the column was full.
        floor = floor.wrapping_sub(held);
    }
}

/// A set from row masks.
pub(crate) fn rows_to_set(rows: &[u32]) -> CellSet {
    let mut set = CellSet::new();
    for (r, &bits) in rows.iter().enumerate() {
        set.set_row_bits(r, bits);
    }
    set
}
