//! Bit planes: a set of cells held in machine words, with neighbour shifts, so that a
//! shape rule (runs, swap formulas, flood fill) is written once and runs on both board
//! layouts.
//!
//! A board of at most 64 cells keeps each plane packed in one `u64`; a bigger one keeps a
//! `u32` per row (16 or 32 words). A [`Field`] is the layout, whichever it is:
//! it knows how to shift a plane by `k` cells left, right, up or down (dropping what falls
//! off the board) and how to turn it into a [`CellSet`]. Write the rule as a generic
//! function over `F: Field`, and call it through [`on_planes`], which hands it the board's
//! colour planes in whichever layout the board uses:
//!
//! ```
//! use match3_core::planes::{self, Field, OnPlanes};
//! use match3_core::{Board, CellSet};
//!
//! /// Cells of one colour with a same-colour cell diagonally down-right.
//! struct DownRight;
//! impl OnPlanes for DownRight {
//!     type Output = CellSet;
//!     fn run<F: Field>(self, f: &F, colors: impl Iterator<Item = F::P> + Clone, _: F::P) -> CellSet {
//!         let found = colors.fold(f.zero(), |acc, m| acc | (m & f.right(f.below(m, 1), 1)));
//!         f.cells_of(found)
//!     }
//! }
//!
//! let board: Board = "AB/CA".parse()?;
//! assert_eq!(planes::on_planes(&board, DownRight).to_vec(), [match3_core::Pos::new(0, 0)]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A visitor generic over its output ([`FromPlane`]) hands the same cells back as a
//! [`CellSet`] or, on a board of at most 64 cells, as [`PackedCells`] (one word, what the
//! engine's look-ahead reads each phase's matches as): see [`PackedCells`].
//!
//! The helpers: runs of three and their legal swaps for one colour ([`runs3`], [`swaps3`]),
//! and groups ([`seeds`], [`flood`], [`groups_of_at_least`]). The bundled rules ask them
//! for every colour at once through the [`ColorCodes`], which compare cells' colours a bit
//! of the colour index at a time: [`all_runs3`] and [`all_swaps3`] for the line rules,
//! [`all_groups3`] for clusters.

use std::ops::{BitAnd, BitOr, BitXor, Not};

use crate::board::Board;
use crate::cellset::CellSet;
use crate::masks::Masks;
use crate::moves::{PackedSwaps, SwapMasks};
use crate::packed::Geometry;
use crate::piece::{Color, MAX_COLORS};
use crate::pos::{MAX_SIDE, Pos, Size};

/// A board layout for planes. Bit `c` of `left(x, k)` is bit `c - k` of `x` in the same
/// row (so a cell sees its neighbour `k` to the left), `right(x, k)` bit `c + k`,
/// `above(x, k)` row `r - k`, `below(x, k)` row `r + k`; cells shifted off the board are
/// dropped and nothing wraps between rows.
pub trait Field {
    /// One plane.
    type P: Copy
        + PartialEq
        + BitAnd<Output = Self::P>
        + BitOr<Output = Self::P>
        + BitXor<Output = Self::P>
        + Not<Output = Self::P>;
    /// The empty plane.
    fn zero(&self) -> Self::P;
    /// Each cell takes the bit of the cell `k` to its left.
    fn left(&self, x: Self::P, k: u32) -> Self::P;
    /// Each cell takes the bit of the cell `k` to its right.
    fn right(&self, x: Self::P, k: u32) -> Self::P;
    /// Each cell takes the bit of the cell `k` above it.
    fn above(&self, x: Self::P, k: u32) -> Self::P;
    /// Each cell takes the bit of the cell `k` below it.
    fn below(&self, x: Self::P, k: u32) -> Self::P;
    /// The plane as a cell set.
    fn cells_of(&self, x: Self::P) -> CellSet;
    /// The plane of a cell set (cells off the board dropped): the inverse of
    /// [`cells_of`](Field::cells_of).
    fn plane_of(&self, set: &CellSet) -> Self::P;
    /// The plane of one cell (empty when it is off the board).
    fn single(&self, pos: Pos) -> Self::P;
    /// Whether the plane holds `pos`.
    fn contains(&self, x: Self::P, pos: Pos) -> bool;
    /// The plane's first cell in row-major order.
    fn first_pos(&self, x: Self::P) -> Option<Pos>;
    /// The plane's first cell in row-major order alone (empty for an empty plane).
    fn first(&self, x: Self::P) -> Self::P;
    /// Number of cells in the plane.
    fn count(&self, x: Self::P) -> u32;
    /// Whether the plane is empty.
    fn is_zero(&self, x: Self::P) -> bool {
        x == self.zero()
    }
    /// The plane a byte per row (bit `8 * row + col`, the layout of [`PackedSwaps`]) on a
    /// board of at most 8 × 8; `None` on bigger boards. Default: `None`.
    fn to_bytes8(&self, _x: Self::P) -> Option<u64> {
        None
    }
    /// The plane as a [`PackedCells`] on a layout of at most 64 cells (what
    /// [`Detect::on_planes_packed`](crate::detect::Detect::on_planes_packed) answers);
    /// `None` on bigger ones. Default: `None`.
    fn packed_cells(&self, _x: Self::P) -> Option<PackedCells> {
        None
    }
}

/// The cells of a board of at most 64 cells, held as the board's packed planes hold
/// them: what [`Detect::on_planes_packed`](crate::detect::Detect::on_planes_packed)
/// answers, the same cells as an [`on_planes`](crate::detect::Detect::on_planes) set
/// without building one (the engine's look-ahead reads every phase's matches this way).
/// Made from a layout's plane ([`Field::packed_cells`], or [`FromPlane`] in a visitor),
/// read as a [`CellSet`] with [`to_set`](PackedCells::to_set).
///
/// ```
/// use match3_core::planes::{self, FromPlane, Field, OnPlanes, PackedCells};
/// use match3_core::{Board, CellSet, Pos};
/// use std::marker::PhantomData;
///
/// /// Cells with a same-colour cell diagonally down-right, as a set or packed.
/// struct DownRight<O>(PhantomData<O>);
/// impl<O: FromPlane> OnPlanes for DownRight<O> {
///     type Output = O;
///     fn run<F: Field>(self, f: &F, colors: impl Iterator<Item = F::P> + Clone, _: F::P) -> O {
///         O::from_plane(f, colors.fold(f.zero(), |acc, m| acc | (m & f.right(f.below(m, 1), 1))))
///     }
/// }
///
/// let board: Board = "AB/CA".parse()?;
/// let packed: Option<PackedCells> = planes::on_planes(&board, DownRight(PhantomData));
/// let set: CellSet = planes::on_planes(&board, DownRight(PhantomData));
/// assert_eq!(packed.map(|p| p.to_set()), Some(set));
/// assert_eq!(set.to_vec(), [Pos::new(0, 0)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PackedCells {
    /// Bit `row * cols + col`.
    bits: u64,
    rows: u8,
    cols: u8,
}

impl PackedCells {
    /// The cells `bits` (bit `row * cols + col`, none past the board) of a board of
    /// `rows` × `cols` (at most 64 cells).
    #[inline]
    pub(crate) fn new(bits: u64, rows: u32, cols: u32) -> Self {
        debug_assert!(rows * cols <= 64 && bits.checked_shr(rows * cols).unwrap_or(0) == 0);
        PackedCells {
            bits,
            rows: rows as u8,
            cols: cols as u8,
        }
    }

    /// The cells as a [`CellSet`].
    #[inline]
    pub fn to_set(&self) -> CellSet {
        CellSet::of_packed(self.bits, usize::from(self.rows), usize::from(self.cols))
    }

    /// How many cells.
    pub fn len(&self) -> usize {
        self.bits.count_ones() as usize
    }

    /// Whether there is no cell.
    pub fn is_empty(&self) -> bool {
        self.bits == 0
    }

    /// The cells of either (of one board: from one layout).
    pub fn union(self, other: PackedCells) -> PackedCells {
        debug_assert_eq!((self.rows, self.cols), (other.rows, other.cols));
        PackedCells {
            bits: self.bits | other.bits,
            ..self
        }
    }

    /// The cells packed as the board's planes hold them (bit `row * cols + col`).
    #[inline]
    pub(crate) fn bits(&self) -> u64 {
        self.bits
    }
}

/// What a visitor on [`on_planes`] hands back for a plane of cells, so that one visitor,
/// generic over its output, answers both
/// [`Detect::on_planes`](crate::detect::Detect::on_planes) (a [`CellSet`]) and
/// [`Detect::on_planes_packed`](crate::detect::Detect::on_planes_packed)
/// (`Option<PackedCells>`, `None` on a board of more than 64 cells): see
/// [`PackedCells`].
pub trait FromPlane {
    /// The plane `x` of layout `f`.
    fn from_plane<F: Field>(f: &F, x: F::P) -> Self;
}

impl FromPlane for CellSet {
    #[inline]
    fn from_plane<F: Field>(f: &F, x: F::P) -> Self {
        f.cells_of(x)
    }
}

impl FromPlane for Option<PackedCells> {
    #[inline]
    fn from_plane<F: Field>(f: &F, x: F::P) -> Self {
        f.packed_cells(x)
    }
}

impl Field for Geometry {
    type P = u64;
    #[inline]
    fn packed_cells(&self, x: u64) -> Option<PackedCells> {
        Some(PackedCells::new(x & self.all, self.rows, self.cols))
    }
    #[inline]
    fn zero(&self) -> u64 {
        0
    }
    #[inline]
    fn left(&self, x: u64, k: u32) -> u64 {
        self.look_left(x, k)
    }
    #[inline]
    fn right(&self, x: u64, k: u32) -> u64 {
        self.look_right(x, k)
    }
    #[inline]
    fn above(&self, x: u64, k: u32) -> u64 {
        self.look_up(x, k)
    }
    #[inline]
    fn below(&self, x: u64, k: u32) -> u64 {
        self.look_down(x, k)
    }
    fn cells_of(&self, x: u64) -> CellSet {
        Geometry::cells_of(self, x)
    }
    #[inline]
    fn plane_of(&self, set: &CellSet) -> u64 {
        Geometry::plane_of(self, set)
    }
    #[inline]
    fn single(&self, pos: Pos) -> u64 {
        if pos.row as u32 >= self.rows || pos.col as u32 >= self.cols {
            return 0;
        }
        1 << (u32::from(pos.row) * self.cols + u32::from(pos.col))
    }
    #[inline]
    fn contains(&self, x: u64, pos: Pos) -> bool {
        x & Field::single(self, pos) != 0
    }
    #[inline]
    fn first_pos(&self, x: u64) -> Option<Pos> {
        (x != 0).then(|| {
            let i = x.trailing_zeros();
            Pos::new((i / self.cols) as u8, (i % self.cols) as u8)
        })
    }
    #[inline]
    fn to_bytes8(&self, x: u64) -> Option<u64> {
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        if rows > 8 || cols > 8 {
            return None;
        }
        if cols == 8 {
            return Some(x);
        }
        let row = (1u64 << cols) - 1;
        Some((0..rows).fold(0, |acc, r| acc | (x >> (r * cols) & row) << (8 * r)))
    }
    #[inline]
    fn first(&self, x: u64) -> u64 {
        x & x.wrapping_neg()
    }
    #[inline]
    fn count(&self, x: u64) -> u32 {
        x.count_ones()
    }
}

/// The packed layout of a board eight cells wide and `ROWS` rows high (the common 8×8,
/// and 6×8, most sample levels' size) with every shift and column mask a constant (the
/// same bits as [`Geometry`] of that size, which reads them from memory): what
/// [`on_planes`] hands such a board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Eight<const ROWS: u32>;

impl<const ROWS: u32> Eight<ROWS> {
    /// The board's cells: shifts up drop what leaves the board.
    const ALL: u64 = if ROWS >= 8 {
        u64::MAX
    } else {
        (1 << (8 * ROWS)) - 1
    };

    /// Cells with `col + k < 8`, for `k` in 0..4.
    const RIGHT: [u64; 4] = [
        u64::MAX,
        0x7f7f_7f7f_7f7f_7f7f,
        0x3f3f_3f3f_3f3f_3f3f,
        0x1f1f_1f1f_1f1f_1f1f,
    ];
    /// Cells with `col >= k`, for `k` in 0..4.
    const LEFT: [u64; 4] = [
        u64::MAX,
        0xfefe_fefe_fefe_fefe,
        0xfcfc_fcfc_fcfc_fcfc,
        0xf8f8_f8f8_f8f8_f8f8,
    ];
}

impl<const ROWS: u32> Field for Eight<ROWS> {
    type P = u64;
    #[inline]
    fn packed_cells(&self, x: u64) -> Option<PackedCells> {
        Some(PackedCells::new(x & Self::ALL, ROWS, 8))
    }
    #[inline]
    fn zero(&self) -> u64 {
        0
    }
    #[inline]
    fn left(&self, x: u64, k: u32) -> u64 {
        (x << k) & Self::LEFT[k as usize]
    }
    #[inline]
    fn right(&self, x: u64, k: u32) -> u64 {
        (x >> k) & Self::RIGHT[k as usize]
    }
    #[inline]
    fn above(&self, x: u64, k: u32) -> u64 {
        x.checked_shl(8 * k).unwrap_or(0) & Self::ALL
    }
    #[inline]
    fn below(&self, x: u64, k: u32) -> u64 {
        x.checked_shr(8 * k).unwrap_or(0)
    }
    fn cells_of(&self, x: u64) -> CellSet {
        let mut set = CellSet::new();
        for r in 0..ROWS as usize {
            set.set_row_bits(r, (x >> (8 * r)) as u32 & 0xff);
        }
        set
    }
    #[inline]
    fn plane_of(&self, set: &CellSet) -> u64 {
        set.packed_on(ROWS as usize, 8)
    }
    #[inline]
    fn single(&self, pos: Pos) -> u64 {
        if u32::from(pos.row) >= ROWS || pos.col >= 8 {
            return 0;
        }
        1 << (8 * u32::from(pos.row) + u32::from(pos.col))
    }
    #[inline]
    fn contains(&self, x: u64, pos: Pos) -> bool {
        x & self.single(pos) != 0
    }
    #[inline]
    fn first_pos(&self, x: u64) -> Option<Pos> {
        (x != 0).then(|| {
            let i = x.trailing_zeros();
            Pos::new((i / 8) as u8, (i % 8) as u8)
        })
    }
    #[inline]
    fn to_bytes8(&self, x: u64) -> Option<u64> {
        Some(x)
    }
    #[inline]
    fn first(&self, x: u64) -> u64 {
        x & x.wrapping_neg()
    }
    #[inline]
    fn count(&self, x: u64) -> u32 {
        x.count_ones()
    }
}

/// A plane as one `u32` per row (bit `c` = column `c`), for boards of up to `N` rows;
/// rows past the board stay zero.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Rows<const N: usize = MAX_SIDE>(pub(crate) [u32; N]);

impl<const N: usize> BitAnd for Rows<N> {
    type Output = Rows<N>;
    #[inline]
    fn bitand(self, o: Rows<N>) -> Rows<N> {
        Rows(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl<const N: usize> BitOr for Rows<N> {
    type Output = Rows<N>;
    #[inline]
    fn bitor(self, o: Rows<N>) -> Rows<N> {
        Rows(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl<const N: usize> BitXor for Rows<N> {
    type Output = Rows<N>;
    #[inline]
    fn bitxor(self, o: Rows<N>) -> Rows<N> {
        Rows(std::array::from_fn(|i| self.0[i] ^ o.0[i]))
    }
}

impl<const N: usize> Not for Rows<N> {
    type Output = Rows<N>;
    #[inline]
    fn not(self) -> Rows<N> {
        Rows(std::array::from_fn(|i| !self.0[i]))
    }
}

/// The row-word layout of a board of `rows` × `cols`, with planes of `N` words (`N` at
/// least the number of rows; [`on_planes`] picks 16 or 32, so small boards do half the
/// work).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct RowField<const N: usize = MAX_SIDE> {
    rows: usize,
    cols_mask: u32,
}

impl<const N: usize> RowField<N> {
    /// The layout of a board of `size` (at most `N` rows).
    pub(crate) fn of(size: Size) -> Self {
        debug_assert!(size.rows() <= N);
        RowField {
            rows: size.rows().min(N),
            cols_mask: if size.cols() >= 32 {
                u32::MAX
            } else {
                (1 << size.cols()) - 1
            },
        }
    }

    /// A plane from row words (a board's `color_rows` or `piece_rows`).
    pub(crate) fn plane(&self, words: &[u32]) -> Rows<N> {
        let mut w = [0u32; N];
        let n = self.rows.min(words.len());
        w[..n].copy_from_slice(&words[..n]);
        Rows(w)
    }
}

impl<const N: usize> Field for RowField<N> {
    type P = Rows<N>;
    #[inline]
    fn zero(&self) -> Rows<N> {
        Rows([0; N])
    }
    #[inline]
    fn left(&self, x: Rows<N>, k: u32) -> Rows<N> {
        Rows(std::array::from_fn(|i| (x.0[i] << k) & self.cols_mask))
    }
    #[inline]
    fn right(&self, x: Rows<N>, k: u32) -> Rows<N> {
        Rows(std::array::from_fn(|i| x.0[i] >> k))
    }
    #[inline]
    fn above(&self, x: Rows<N>, k: u32) -> Rows<N> {
        let k = k as usize;
        Rows(std::array::from_fn(|i| {
            if i >= k && i < self.rows {
                x.0[i - k]
            } else {
                0
            }
        }))
    }
    #[inline]
    fn below(&self, x: Rows<N>, k: u32) -> Rows<N> {
        let k = k as usize;
        Rows(std::array::from_fn(|i| {
            if i + k < self.rows { x.0[i + k] } else { 0 }
        }))
    }
    fn cells_of(&self, x: Rows<N>) -> CellSet {
        let mut set = CellSet::new();
        for (r, &w) in x.0[..self.rows].iter().enumerate() {
            set.set_row_bits(r, w);
        }
        set
    }
    fn plane_of(&self, set: &CellSet) -> Rows<N> {
        Rows(std::array::from_fn(|r| {
            if r < self.rows {
                set.row_bits(r) & self.cols_mask
            } else {
                0
            }
        }))
    }
    fn single(&self, pos: Pos) -> Rows<N> {
        let mut w = [0u32; N];
        let (r, bit) = (
            pos.row as usize,
            1u32.checked_shl(u32::from(pos.col)).unwrap_or(0),
        );
        if r < self.rows {
            w[r] = bit & self.cols_mask;
        }
        Rows(w)
    }
    fn contains(&self, x: Rows<N>, pos: Pos) -> bool {
        let r = pos.row as usize;
        r < self.rows && pos.col < 32 && x.0[r] >> pos.col & 1 == 1
    }
    fn first_pos(&self, x: Rows<N>) -> Option<Pos> {
        let r = x.0[..self.rows].iter().position(|&w| w != 0)?;
        Some(Pos::new(r as u8, x.0[r].trailing_zeros() as u8))
    }
    fn first(&self, x: Rows<N>) -> Rows<N> {
        let mut out = [0u32; N];
        if let Some(r) = x.0.iter().position(|&w| w != 0) {
            out[r] = x.0[r] & x.0[r].wrapping_neg();
        }
        Rows(out)
    }
    fn count(&self, x: Rows<N>) -> u32 {
        x.0.iter().map(|w| w.count_ones()).sum()
    }
}

/// A computation over a board's planes, written once for every layout.
pub trait OnPlanes {
    /// What it computes.
    type Output;
    /// Runs on layout `field` with the board's colour planes (one per palette colour, in
    /// order, some possibly empty) and its piece plane.
    fn run<F: Field>(
        self,
        field: &F,
        colors: impl Iterator<Item = F::P> + Clone,
        pieces: F::P,
    ) -> Self::Output;
}

/// A board seen through its bit planes only: colours, pieces, and nothing of its cells or
/// ids. What a detection's [`on_planes`](crate::detect::Detect::on_planes) answer reads,
/// so that it stays right while a look-ahead moves only the planes.
#[derive(Clone, Copy)]
pub struct PlaneView<'a> {
    masks: &'a Masks,
}

impl std::fmt::Debug for PlaneView<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlaneView")
            .field("size", &self.size())
            .finish_non_exhaustive()
    }
}

impl<'a> PlaneView<'a> {
    /// The planes of `board`.
    #[inline]
    pub fn of(board: &'a Board) -> Self {
        PlaneView {
            masks: board.masks(),
        }
    }

    /// Planes kept without a board (the score-only look-ahead's).
    #[inline]
    pub(crate) fn of_masks(masks: &'a Masks) -> Self {
        PlaneView { masks }
    }

    /// The board's size.
    pub fn size(&self) -> Size {
        self.masks.size()
    }

    /// The cells that hold a piece of `color`, specials of that colour included (as
    /// [`Board::cells_of_color`]).
    pub fn cells_of_color(&self, color: Color) -> CellSet {
        crate::board::rows_to_set(&self.masks.color(color.index()))
    }

    /// How many pieces of `color` the board holds, specials of that colour included.
    pub fn count_color(&self, color: Color) -> u32 {
        self.masks
            .color(color.index())
            .iter()
            .map(|w| w.count_ones())
            .sum()
    }

    /// Runs `visitor` on the planes: [`on_planes`].
    #[inline]
    pub fn visit<V: OnPlanes>(self, visitor: V) -> V::Output {
        on_masks(self.masks, visitor)
    }

    /// Runs `visitor` on the planes when packed: [`on_packed`].
    #[inline]
    pub(crate) fn visit_packed<V: OnPacked>(self, visitor: V) -> Option<V::Output> {
        on_packed(self.masks, visitor)
    }
}

/// Runs `visitor` on `board`'s planes, packed when the board has at most 64 cells.
#[inline]
pub fn on_planes<V: OnPlanes>(board: &Board, visitor: V) -> V::Output {
    on_masks(board.masks(), visitor)
}

/// [`on_planes`] on the planes themselves.
#[inline]
fn on_masks<V: OnPlanes>(masks: &Masks, visitor: V) -> V::Output {
    if let Some((g, colors, pieces)) = packed(masks) {
        return match (g.rows, g.cols) {
            (8, 8) => visitor.run(&Eight::<8>, colors.iter().copied(), pieces),
            (6, 8) => visitor.run(&Eight::<6>, colors.iter().copied(), pieces),
            _ => visitor.run(g, colors.iter().copied(), pieces),
        };
    }
    if masks.size().rows() <= 16 {
        rows_run::<16, V>(masks, visitor)
    } else {
        rows_run::<MAX_SIDE, V>(masks, visitor)
    }
}

/// The layout, colour planes and piece plane of a board of at most 64 cells.
#[inline]
fn packed(masks: &Masks) -> Option<(&Geometry, &[u64], u64)> {
    Some((
        masks.geometry()?,
        masks.packed_colors()?,
        masks.packed_pieces()?,
    ))
}

/// A computation over the planes of a board of at most 64 cells, each plane one `u64`
/// (colours by palette index, some possibly empty).
pub(crate) trait OnPacked: Sized {
    /// What it computes.
    type Output;
    /// Runs on packed layout `field`, with the colour planes and the piece plane.
    fn run<F: Field<P = u64>>(self, field: &F, colors: &[u64], pieces: u64) -> Self::Output;
}

/// Runs `visitor` on packed planes, as [`on_planes`] would (the 8 × 8 board with
/// constant shifts): `None` on a board of more than 64 cells.
#[inline]
pub(crate) fn on_packed<V: OnPacked>(masks: &Masks, visitor: V) -> Option<V::Output> {
    let (g, colors, pieces) = packed(masks)?;
    Some(match (g.rows, g.cols) {
        (8, 8) => visitor.run(&Eight::<8>, colors, pieces),
        (6, 8) => visitor.run(&Eight::<6>, colors, pieces),
        _ => visitor.run(g, colors, pieces),
    })
}

/// What a legal-swap visitor on [`on_planes`] hands back: the swaps packed a byte per
/// row on a board of at most 8 × 8 (where [`Field::to_bytes8`] answers), as cell sets on
/// a bigger one. One visitor then serves both [`Rules::legal_swaps`] (through
/// [`into_masks`](Self::into_masks)) and [`Rules::legal_swaps_packed`] (through
/// [`into_packed`](Self::into_packed)), compiled once per layout.
///
/// [`Rules::legal_swaps`]: crate::Rules::legal_swaps
/// [`Rules::legal_swaps_packed`]: crate::Rules::legal_swaps_packed
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
// Returned by value and taken apart at once: boxing the big variant would allocate on
// every call.
#[allow(clippy::large_enum_variant)]
pub enum FoundSwaps {
    /// A board of at most 8 × 8.
    Packed(PackedSwaps),
    /// A bigger board.
    Sets(SwapMasks),
}

impl FoundSwaps {
    /// The swaps of the planes `right` and `down` of layout `f` (see [`SwapMasks`]).
    #[inline]
    pub fn new<F: Field>(f: &F, right: F::P, down: F::P) -> Self {
        match (f.to_bytes8(right), f.to_bytes8(down)) {
            (Some(right), Some(down)) => FoundSwaps::Packed(PackedSwaps { right, down }),
            _ => FoundSwaps::Sets(SwapMasks {
                right: f.cells_of(right),
                down: f.cells_of(down),
                ..SwapMasks::default()
            }),
        }
    }

    /// `masks` in the form a board of `size` keeps: packed on boards of at most 8 × 8.
    pub fn of_masks(masks: SwapMasks, size: Size) -> Self {
        match masks.to_packed(size) {
            Some(packed) => FoundSwaps::Packed(packed),
            None => FoundSwaps::Sets(masks),
        }
    }

    /// The swaps as cell sets.
    #[inline]
    pub fn into_masks(self) -> SwapMasks {
        match self {
            FoundSwaps::Packed(packed) => packed.to_masks(),
            FoundSwaps::Sets(masks) => masks,
        }
    }

    /// The swaps packed, `None` on a board bigger than 8 × 8.
    #[inline]
    pub fn into_packed(self) -> Option<PackedSwaps> {
        match self {
            FoundSwaps::Packed(packed) => Some(packed),
            FoundSwaps::Sets(_) => None,
        }
    }

    /// The swaps of either.
    #[inline]
    pub fn union(self, other: FoundSwaps) -> FoundSwaps {
        match (self, other) {
            (FoundSwaps::Packed(a), FoundSwaps::Packed(b)) => FoundSwaps::Packed(a.union(b)),
            (a, b) => {
                let mut masks = a.into_masks();
                masks.union_with(&b.into_masks());
                FoundSwaps::Sets(masks)
            }
        }
    }
}

#[inline]
fn rows_run<const N: usize, V: OnPlanes>(masks: &Masks, visitor: V) -> V::Output {
    let f = RowField::<N>::of(masks.size());
    // Only boards above 64 cells come here: their row words are lent, not copied.
    let colors = (0..masks.color_planes()).map(|c| f.plane(masks.lent_color(c).unwrap_or(&[])));
    visitor.run(&f, colors, f.plane(masks.lent_pieces().unwrap_or(&[])))
}

/// The cells of plane `m` in a horizontal and in a vertical run of three or more:
/// `(horizontal, vertical)`.
#[inline]
pub fn runs3<F: Field>(f: &F, m: F::P) -> (F::P, F::P) {
    let s = m & f.right(m, 1) & f.right(m, 2);
    let h = s | f.left(s, 1) | f.left(s, 2);
    let s = m & f.below(m, 1) & f.below(m, 2);
    let v = s | f.above(s, 1) | f.above(s, 2);
    (h, v)
}

/// One colour's swaps that complete a run of three, keyed by the left / upper cell of each
/// pair: `(right, down, same_right, same_down)`, the last two being pairs of this colour
/// (which change nothing by swapping). A piece moved onto a cell completes a run there
/// from the cells beyond it; the cell it leaves holds the other piece afterwards.
#[inline]
pub fn swaps3<F: Field>(f: &F, p: F::P) -> (F::P, F::P, F::P, F::P) {
    let (l1, l2, l3) = (f.left(p, 1), f.left(p, 2), f.left(p, 3));
    let (r1, r2, r3) = (f.right(p, 1), f.right(p, 2), f.right(p, 3));
    // Cells with two of this colour beside them in their row; a shape rule, so the
    // same for the row below is this shifted up (no second set of shifts).
    let horiz = (l1 & l2) | (l1 & r1) | (r1 & r2);
    let (u1, u2) = (f.above(p, 1), f.above(p, 2));
    let (d1, d2, d3) = (f.below(p, 1), f.below(p, 2), f.below(p, 3));
    let vert = (u2 & u1) | (u1 & d1) | (d1 & d2);
    let to_right = p & ((r2 & r3) | f.right(vert, 1));
    let to_left = p & ((l2 & l3) | f.left(vert, 1));
    let to_down = p & ((d2 & d3) | f.below(horiz, 1));
    let to_up = d1 & ((u1 & u2) | horiz);
    (
        to_right | f.right(to_left, 1),
        to_down | to_up,
        p & r1,
        p & d1,
    )
}

/// Bits of a colour index: enough for every index below [`MAX_COLORS`].
const CODE_BITS: usize = (u8::BITS - (MAX_COLORS - 1).leading_zeros()) as usize;

/// A board's colours written in binary, one plane per bit of the colour index: two cells
/// hold the same colour exactly when both are coloured and agree on every bit. Comparing
/// cells this way costs a pass per bit (three for up to eight colours) where comparing
/// colour by colour costs a pass per colour.
///
/// ```
/// use match3_core::planes::{self, ColorCodes, Field, OnPlanes};
/// use match3_core::{Board, CellSet, Pos};
///
/// /// Cells coloured like their right neighbour, for every colour at once.
/// struct LikeRight;
/// impl OnPlanes for LikeRight {
///     type Output = CellSet;
///     fn run<F: Field>(self, f: &F, colors: impl Iterator<Item = F::P> + Clone, _: F::P) -> CellSet {
///         let codes = ColorCodes::new(f, colors);
///         let [like_right] = codes.same(|x| [f.right(x, 1)]);
///         f.cells_of(like_right)
///     }
/// }
///
/// let board: Board = "AAB/CBB".parse()?;
/// let found = planes::on_planes(&board, LikeRight).to_vec();
/// assert_eq!(found, [Pos::new(0, 0), Pos::new(1, 1)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ColorCodes<P> {
    bits: [P; CODE_BITS],
    /// Up to eight colours: only the first three bit planes can be set.
    few: bool,
    colored: P,
}

impl<P> ColorCodes<P>
where
    P: Copy + BitOr<Output = P> + BitAnd<Output = P> + BitXor<Output = P> + Not<Output = P>,
{
    /// The codes of `colors`, the board's colour planes in palette order (as
    /// [`OnPlanes::run`] receives them).
    // Always inlined: a call returns the planes through memory.
    #[inline(always)]
    pub fn new<F: Field<P = P>>(f: &F, colors: impl Iterator<Item = P>) -> Self {
        let zero = f.zero();
        let (mut bits, mut colored) = ([zero; CODE_BITS], zero);
        let mut colors = colors.fuse();
        let mut count = 0usize;
        // Eight colours at a time: the low three bits of the index are the position in
        // the block (constant once the loop unrolls), the high ones the block's.
        'blocks: for block in 0..MAX_COLORS.div_ceil(8) as usize {
            for j in 0..8usize {
                let Some(plane) = colors.next() else {
                    break 'blocks;
                };
                colored = colored | plane;
                let index = block * 8 + j;
                for (k, bit) in bits.iter_mut().enumerate() {
                    if index >> k & 1 == 1 {
                        *bit = *bit | plane;
                    }
                }
                count = index + 1;
            }
        }
        debug_assert!(
            colors.next().is_none(),
            "more than MAX_COLORS colour planes"
        );
        ColorCodes {
            bits,
            few: count <= 8,
            colored,
        }
    }

    /// For each of the `N` shifts that `shifts` applies to a plane (for example
    /// `|x| [f.right(x, 1), f.below(x, 1)]`), the cells that hold the same colour as the
    /// cell that shift brings to them. One pass over the bit planes serves every shift.
    #[inline]
    pub fn same<const N: usize>(&self, shifts: impl Fn(P) -> [P; N]) -> [P; N] {
        // A fixed number of bit planes, so that the passes unroll.
        if self.few {
            self.same_in::<3, N>(shifts)
        } else {
            self.same_in::<CODE_BITS, N>(shifts)
        }
    }

    /// The cells coloured like their right neighbour and like their lower neighbour:
    /// `[same_right, same_down]`, the two comparisons runs and groups are made of.
    #[inline]
    pub fn sides<F: Field<P = P>>(&self, f: &F) -> [P; 2] {
        self.same(|x| [f.right(x, 1), f.below(x, 1)])
    }

    /// The six comparisons the swap formulas of runs and of groups need, in one pass.
    #[inline]
    pub fn alike<F: Field<P = P>>(&self, f: &F) -> Alike<P> {
        let [right, right2, down, down2, up_right, down_right] = self.same(|x| {
            [
                f.right(x, 1),
                f.right(x, 2),
                f.below(x, 1),
                f.below(x, 2),
                f.right(f.above(x, 1), 1),
                f.right(f.below(x, 1), 1),
            ]
        });
        Alike {
            right,
            right2,
            down,
            down2,
            up_right,
            down_right,
        }
    }

    #[inline]
    fn same_in<const B: usize, const N: usize>(&self, shifts: impl Fn(P) -> [P; N]) -> [P; N] {
        let mut agree = {
            let moved = shifts(self.colored);
            std::array::from_fn(|i| self.colored & moved[i])
        };
        for &b in &self.bits[..B] {
            let moved = shifts(b);
            for (a, &m) in agree.iter_mut().zip(&moved) {
                *a = *a & !(b ^ m);
            }
        }
        agree
    }
}

/// The cells coloured like a nearby cell, from [`ColorCodes::alike`]: each plane holds
/// the cells whose colour the cell at its offset shares (both coloured).
#[derive(Clone, Copy, Debug)]
pub struct Alike<P> {
    /// Like the cell to the right.
    pub right: P,
    /// Like the cell two to the right.
    pub right2: P,
    /// Like the cell below.
    pub down: P,
    /// Like the cell two below.
    pub down2: P,
    /// Like the cell diagonally up and to the right.
    pub up_right: P,
    /// Like the cell diagonally down and to the right.
    pub down_right: P,
}

/// Every colour's swaps that complete a run of three, from [`all_swaps3`]: keyed by the
/// left / upper cell of each pair, as [`swaps3`] gives them for one colour.
#[derive(Clone, Copy, Debug)]
pub struct SwapPlanes<P> {
    /// Pairs with the right neighbour where a moved piece completes a run.
    pub right: P,
    /// Pairs with the lower neighbour where a moved piece completes a run.
    pub down: P,
    /// Cells coloured like their right neighbour (swapping them changes nothing).
    pub same_right: P,
    /// Cells coloured like their lower neighbour.
    pub same_down: P,
    /// The first cell (leftmost or topmost) of every run of three already on the board.
    pub run_starts: P,
}

/// Every colour's swaps that complete a run of three at once, from the colour codes:
/// the cells compared in six directions instead of [`swaps3`] run once per colour.
#[inline]
pub fn all_swaps3<F: Field>(f: &F, codes: &ColorCodes<F::P>) -> SwapPlanes<F::P> {
    let a = codes.alike(f);
    let (e1, e2, ev, ev2) = (a.right, a.right2, a.down, a.down2);
    let (up_right, down_right) = (a.up_right, a.down_right);
    // Keyed by the left cell x of the pair (x, x+1). The piece of x moved right completes
    // a run at x+1 with x+2 and x+3, or across x+1's column; the piece of x+1 moved left
    // completes one at x with x-1 and x-2, or across x's column.
    let to_right = (e2 & f.right(e1, 2))
        | (up_right & (f.right(f.above(ev, 2), 1) | down_right))
        | (down_right & f.right(f.below(ev, 1), 1));
    let below_up_right = f.below(up_right, 1);
    let to_left = (f.left(e2, 1) & f.left(e1, 2))
        | (f.above(down_right, 1) & (f.above(ev, 2) | below_up_right))
        | (below_up_right & f.below(ev, 1));
    // Keyed by the upper cell x of the pair (x, y) with y below x: the same, turned.
    let to_down = (ev2 & f.below(ev, 2))
        | (f.left(below_up_right, 1) & (f.left(f.below(e1, 1), 2) | down_right))
        | (down_right & f.right(f.below(e1, 1), 1));
    let left_down_right = f.left(down_right, 1);
    let to_up = (f.above(ev2, 1) & f.above(ev, 2))
        | (left_down_right & (f.left(e1, 2) | below_up_right))
        | (below_up_right & f.right(e1, 1));
    let run_starts = (e1 & f.right(e1, 1)) | (ev & f.below(ev, 1));
    SwapPlanes {
        right: to_right | to_left,
        down: to_down | to_up,
        same_right: e1,
        same_down: ev,
        run_starts,
    }
}

/// The cells in a run of three, from the cells coloured like their right neighbour
/// (`same_right`) and like their lower neighbour (`same_down`), as [`all_swaps3`] gives
/// them: `(horizontal, vertical)`.
#[inline]
pub fn runs3_from_pairs<F: Field>(f: &F, same_right: F::P, same_down: F::P) -> (F::P, F::P) {
    let h = same_right & f.right(same_right, 1);
    let v = same_down & f.below(same_down, 1);
    (
        h | f.left(h, 1) | f.left(h, 2),
        v | f.above(v, 1) | f.above(v, 2),
    )
}

/// Every colour's runs of three at once, from the colour codes: [`runs3`] OR-ed over the
/// colours, `(horizontal, vertical)`.
#[inline]
pub fn all_runs3<F: Field>(f: &F, codes: &ColorCodes<F::P>) -> (F::P, F::P) {
    let [same_right, same_down] = codes.sides(f);
    runs3_from_pairs(f, same_right, same_down)
}

/// Every colour's side-connected groups of three or more cells at once:
/// [`groups_of_at_least`]`(f, m, 3)` OR-ed over the colour planes, from the cells coloured
/// like their right neighbour (`same_right`) and like their lower neighbour (`same_down`).
/// The [`seeds`] are the cells with two same-coloured neighbours, and the flood crosses
/// only between cells of one colour.
#[inline]
pub fn all_groups3<F: Field>(f: &F, same_right: F::P, same_down: F::P) -> F::P {
    let (r, d) = (same_right, same_down);
    let (l, u) = (f.left(r, 1), f.above(d, 1));
    let mut group = ((l | r) & (u | d)) | (l & r) | (u & d);
    if f.is_zero(group) {
        return group;
    }
    loop {
        let next = group
            | (f.right(group, 1) & r)
            | (f.left(group, 1) & l)
            | (f.below(group, 1) & d)
            | (f.above(group, 1) & u);
        if next == group {
            return group;
        }
        group = next;
    }
}

/// The legal pairs from every colour's swap targets `(right, down, same_right,
/// same_down)` (keyed by the left / upper cell of each pair, as [`swaps3`] gives them):
/// both cells must hold pieces, and a pair of one colour swaps nothing, so it is legal only
/// where `matched` (the cells already in a match) covers one of its cells.
#[inline]
pub fn legal_pairs<F: Field>(
    f: &F,
    pieces: F::P,
    swaps: (F::P, F::P, F::P, F::P),
    matched: F::P,
) -> (F::P, F::P) {
    let (right, down, same_right, same_down) = swaps;
    let pairs_right = pieces & f.right(pieces, 1);
    let pairs_down = pieces & f.below(pieces, 1);
    let matched_right = matched | f.right(matched, 1);
    let matched_down = matched | f.below(matched, 1);
    (
        ((right & !same_right) | (same_right & matched_right)) & pairs_right,
        ((down & !same_down) | (same_down & matched_down)) & pairs_down,
    )
}

/// The cells of `mask` with at least two side neighbours in `mask`: in a side-connected
/// group, such a cell exists exactly when the group has three or more cells.
#[inline]
pub fn seeds<F: Field>(f: &F, mask: F::P) -> F::P {
    let (l, r, u, d) = (
        f.left(mask, 1),
        f.right(mask, 1),
        f.above(mask, 1),
        f.below(mask, 1),
    );
    mask & (((l | r) & (u | d)) | (l & r) | (u & d))
}

/// `seed` grown through side neighbours inside `mask` until it stops changing: the
/// side-connected groups of `mask` that touch `seed`.
#[inline]
pub fn flood<F: Field>(f: &F, seed: F::P, mask: F::P) -> F::P {
    let mut group = seed & mask;
    loop {
        let next =
            (group | f.left(group, 1) | f.right(group, 1) | f.above(group, 1) | f.below(group, 1))
                & mask;
        if next == group {
            return group;
        }
        group = next;
    }
}

/// The cells of `mask` in side-connected groups of at least `min_size` cells. Groups of
/// three or more are the flood of the [`seeds`]; other sizes are found one group at a
/// time.
#[inline]
pub fn groups_of_at_least<F: Field>(f: &F, mask: F::P, min_size: usize) -> F::P {
    if f.is_zero(mask) {
        return mask;
    }
    if min_size == 3 {
        // Most colours of a settled board have no seed at all: no flood then.
        let s = seeds(f, mask);
        return if f.is_zero(s) { s } else { flood(f, s, mask) };
    }
    if min_size > f.count(mask) as usize {
        return f.zero();
    }
    let (mut left, mut out) = (mask, f.zero());
    while !f.is_zero(left) {
        let group = flood(f, f.first(left), mask);
        if f.count(group) as usize >= min_size {
            out = out | group;
        }
        left = left & !group;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The constant layouts (8×8 and 6×8) shift, and turn planes into cells and back,
    /// exactly like the general packed one.
    #[test]
    fn eight_wide_agrees_with_the_packed_geometry() {
        check_eight_wide(&Eight::<8>, 8);
        check_eight_wide(&Eight::<6>, 6);
    }

    fn check_eight_wide(eight: &impl Field<P = u64>, rows: usize) {
        let g = Geometry::of(Size::new(rows, 8).expect("valid")).expect("packs");
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let on_board = x & (u64::MAX >> (64 - 8 * rows));
            for k in 0..4 {
                let y = on_board;
                assert_eq!(eight.left(y, k), g.left(y, k), "left {k} of {y:#x}");
                assert_eq!(eight.right(y, k), g.right(y, k), "right {k} of {y:#x}");
                assert_eq!(eight.above(y, k), g.above(y, k), "above {k} of {y:#x}");
                assert_eq!(eight.below(y, k), g.below(y, k), "below {k} of {y:#x}");
            }
            let cells = eight.cells_of(on_board);
            assert_eq!(cells, Field::cells_of(&g, on_board));
            assert_eq!(eight.plane_of(&cells), Field::plane_of(&g, &cells));
            let pos = Pos::new((x % 9) as u8, (x / 9 % 9) as u8);
            assert_eq!(eight.single(pos), Field::single(&g, pos), "{pos:?}");
        }
    }

    /// [`all_swaps3`], [`all_runs3`] and [`all_groups3`] against [`swaps3`], [`runs3`] and
    /// [`groups_of_at_least`] run colour by colour and OR-ed.
    struct BothWays;

    impl OnPlanes for BothWays {
        type Output = (Vec<CellSet>, Vec<CellSet>);
        fn run<F: Field>(
            self,
            f: &F,
            colors: impl Iterator<Item = F::P> + Clone,
            _: F::P,
        ) -> Self::Output {
            let z = f.zero();
            let mut want = [z; 8];
            for p in colors.clone() {
                let (r, d, sr, sd) = swaps3(f, p);
                let starts =
                    (p & f.right(p, 1) & f.right(p, 2)) | (p & f.below(p, 1) & f.below(p, 2));
                let (h, v) = runs3(f, p);
                let groups = groups_of_at_least(f, p, 3);
                for (w, x) in want.iter_mut().zip([r, d, sr, sd, starts, h, v, groups]) {
                    *w = *w | x;
                }
            }
            let codes = ColorCodes::new(f, colors);
            let s = all_swaps3(f, &codes);
            let (h, v) = all_runs3(f, &codes);
            let groups = all_groups3(f, s.same_right, s.same_down);
            let got = [
                s.right,
                s.down,
                s.same_right,
                s.same_down,
                s.run_starts,
                h,
                v,
                groups,
            ];
            let sets = |planes: [F::P; 8]| planes.iter().map(|&x| f.cells_of(x)).collect();
            (sets(got), sets(want))
        }
    }

    /// The colour codes find the same swaps, runs and groups as one pass per colour, on
    /// the 8×8, packed and row-word layouts, with palettes from one colour (no code bits)
    /// to all 26 (five), empty cells and blockers among the pieces.
    #[test]
    fn colour_codes_agree_with_one_pass_per_colour() {
        let mut next = crate::test_draws::draws_below(0x2545_f491_4f6c_dd1du64);
        for (rows, cols) in [(8, 8), (5, 7), (7, 9), (12, 10), (3, 32), (20, 20)] {
            for colors in [1u64, 2, 3, 6, 8, 9, 17, 26] {
                for _ in 0..40 {
                    let text: Vec<String> = (0..rows)
                        .map(|_| {
                            (0..cols)
                                .map(|_| match next(20) {
                                    0 => '.',
                                    1 => '#',
                                    _ => {
                                        // Half the pieces from the first three colours,
                                        // so that big palettes still make runs.
                                        let k = if next(2) == 0 { colors.min(3) } else { colors };
                                        (b'A' + next(k) as u8) as char
                                    }
                                })
                                .collect()
                        })
                        .collect();
                    let board: Board = text.join("/").parse().expect("valid notation");
                    let (got, want) = on_planes(&board, BothWays);
                    assert_eq!(got, want, "{board}");
                }
            }
        }
    }
}
