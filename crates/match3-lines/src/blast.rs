//! What specials and combos clear.
//!
//! Areas are returned whole; the engine drops blockers and empty cells from them, so a
//! blocker is immune to every blast and combo by construction.

use match3_core::planes::PlaneView;
use match3_core::specials::{Blast, Combo, Specials};
use match3_core::{Board, CellSet, Color, GameRng, Piece, Pos, Size};

/// Every cell of `row`.
pub fn row(size: Size, row: u8) -> CellSet {
    let mut set = CellSet::new();
    set.set_row_bits(row as usize, low_bits(size.cols()));
    set
}

/// Every cell of `col`.
pub fn column(size: Size, col: u8) -> CellSet {
    (0..size.rows() as u8).map(|r| Pos::new(r, col)).collect()
}

/// The square of cells within `radius` (Chebyshev) of `centre`, clipped to the board.
pub fn square(size: Size, centre: Pos, radius: u8) -> CellSet {
    let rows = centre.row.saturating_sub(radius)
        ..=centre.row.saturating_add(radius).min(size.rows() as u8 - 1);
    let cols = centre.col.saturating_sub(radius)
        ..=centre.col.saturating_add(radius).min(size.cols() as u8 - 1);
    rows.flat_map(|r| cols.clone().map(move |c| Pos::new(r, c)))
        .collect()
}

/// Every cell of the board.
pub fn everything(size: Size) -> CellSet {
    let mut set = CellSet::new();
    for r in 0..size.rows() {
        set.set_row_bits(r, low_bits(size.cols()));
    }
    set
}

fn low_bits(n: usize) -> u32 {
    if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }
}

/// The colour with the most pieces on the board (ties: the lowest colour), if any piece
/// has a colour.
pub fn most_common_color(board: &Board) -> Option<Color> {
    let mut counts = [0u32; match3_core::MAX_COLORS as usize];
    for (_, piece, _) in board.pieces() {
        if let Some(c) = piece.color() {
            counts[c.index() as usize] += 1;
        }
    }
    let (index, &n) = counts
        .iter()
        .enumerate()
        .max_by_key(|&(i, &n)| (n, std::cmp::Reverse(i)))?;
    (n > 0).then(|| Color::new(index as u8).expect("index below MAX_COLORS"))
}

/// [`most_common_color`] from the board's planes alone (the same colour).
pub fn most_common_on_planes(view: PlaneView<'_>) -> Option<Color> {
    let colors = (0..match3_core::MAX_COLORS).filter_map(Color::new);
    let counted = colors.map(|c| (view.count_color(c), c));
    // Ties go to the lowest colour: the first of the highest count.
    let (n, color) = counted.fold((0, None), |best, (n, c)| match n > best.0 {
        true => (n, Some(c)),
        false => best,
    });
    color.filter(|_| n > 0)
}

/// What the line special `piece` at `at` clears when something else sets it off (its own
/// cell included): the answer of the part that declares its kind in [`LineSpecials`]
/// (the whole cell alone for a piece of no line kind).
///
/// [`LineSpecials`]: crate::LineSpecials
pub fn fire(board: &Board, at: Pos, piece: Piece) -> CellSet {
    // No line kind draws from the generator.
    let mut rng = GameRng::new(0);
    let mut area = crate::LINE_SPECIALS.blast(&mut Blast::new(board, at, piece, &mut rng));
    area.insert(at);
    area
}

/// The combo a swap of `from` onto `to` makes, judged before the swap, centred on `to`:
/// the answer of the parts of [`LineSpecials`](crate::LineSpecials) that declare the two
/// pieces' kinds. `None` when the pair is not a combo (two plain pieces, or one plain
/// piece with a striped or wrapped one).
pub fn combo(board: &Board, from: Pos, to: Pos) -> Option<CellSet> {
    crate::LINE_SPECIALS.combo(&Combo::new(board, from, to))
}

/// A row and a column through `at`: striped with striped.
pub(crate) fn cross(size: Size, at: Pos) -> CellSet {
    let mut area = row(size, at.row);
    area.union_with(&column(size, at.col));
    area
}

/// Three rows and three columns through `at` and its neighbours (clipped): striped with
/// wrapped.
pub(crate) fn three_lines(size: Size, at: Pos) -> CellSet {
    let mut area = CellSet::new();
    for d in 0..3u8 {
        if let Some(r) = (at.row + d)
            .checked_sub(1)
            .filter(|&r| (r as usize) < size.rows())
        {
            area.union_with(&row(size, r));
        }
        if let Some(c) = (at.col + d)
            .checked_sub(1)
            .filter(|&c| (c as usize) < size.cols())
        {
            area.union_with(&column(size, c));
        }
    }
    area
}

/// `area` with the two swapped cells: a combo clears both pieces.
pub(crate) fn with_pair(mut area: CellSet, from: Pos, to: Pos) -> CellSet {
    area.insert(from);
    area.insert(to);
    area
}
