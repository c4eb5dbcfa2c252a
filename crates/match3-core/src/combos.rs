//! Combo swaps: the swaps that fire two specials together (or a special with any piece),
//! found from the board's special plane and the kinds' [`Combos`] classes, so that no
//! rule crate writes them by hand.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::moves::{PackedSwaps, SwapMasks};
use crate::packed::Geometry;
use crate::piece::{Cell, Combos, Piece, SpecialKind};
use crate::planes::{Field, FoundSwaps};
use crate::pos::MAX_SIDE;

/// The swaps that are combos under `kinds`, in the form the board's layout gives
/// (`None` when there is none).
pub(crate) fn combo_swaps(board: &Board, kinds: &[SpecialKind]) -> Option<FoundSwaps> {
    let found = match combo_swaps_packed(board, kinds) {
        Some(packed) if packed.is_empty() => return None,
        Some(packed) => FoundSwaps::Packed(packed),
        None => {
            let (right, down) = combo_pairs(board, kinds);
            let masks = SwapMasks {
                right,
                down,
                ..SwapMasks::default()
            };
            if masks.is_empty() {
                return None;
            }
            FoundSwaps::of_masks(masks, board.size())
        }
    };
    Some(found)
}

/// [`combo_swaps`] on a board of at most 8 × 8, packed a byte
/// per row (empty when there is none); `None` on bigger boards.
#[inline(never)]
pub(crate) fn combo_swaps_packed(board: &Board, kinds: &[SpecialKind]) -> Option<PackedSwaps> {
    let (g, [right, down]) = combo_pairs_packed(board, kinds)?;
    Some(PackedSwaps {
        right: g.to_bytes8(right)?,
        down: g.to_bytes8(down)?,
    })
}

/// The swaps that are combos under `kinds`, keyed by the left or upper cell: on a
/// board of at most 64 cells, its geometry and the pairs with the right and with the
/// lower neighbour as packed planes. Two specials side by side that both combine with
/// specials, or a special that combines with anything next to any piece.
#[inline]
fn combo_pairs_packed<'b>(
    board: &'b Board,
    kinds: &[SpecialKind],
) -> Option<(&'b Geometry, [u64; 2])> {
    let g = board.geometry()?;
    let (specials, pieces) = (board.packed_specials()?, board.packed_pieces()?);
    // The specials that combine, and those that combine with anything.
    let (mut with_specials, mut with_any) = (0u64, 0u64);
    let mut bits = specials;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        match combos_of(kinds, board.cell_at_index(i)) {
            Combos::None => {}
            Combos::WithSpecials => with_specials |= 1 << i,
            Combos::WithAnything => with_any |= 1 << i,
        }
    }
    Some((g, pairs_of(g, (with_specials, with_any), pieces)))
}

/// The combo swaps on a board of at most 8 × 8 whose specials that combine with
/// specials are `with_specials`, those that combine with anything `with_any`, and whose
/// pieces are `pieces` (packed), packed a byte per row; `None` on a bigger board.
pub(crate) fn combo_swaps_on(
    g: &Geometry,
    (with_specials, with_any): (u64, u64),
    pieces: u64,
) -> Option<PackedSwaps> {
    let [right, down] = pairs_of(g, (with_specials, with_any), pieces);
    Some(PackedSwaps {
        right: g.to_bytes8(right)?,
        down: g.to_bytes8(down)?,
    })
}

/// The combo pairs with the right and with the lower neighbour, as packed planes keyed
/// by the left or upper cell: two specials side by side that both combine with
/// specials, or a special that combines with anything next to any piece.
#[inline]
fn pairs_of(g: &Geometry, (with_specials, with_any): (u64, u64), pieces: u64) -> [u64; 2] {
    let s = with_specials | with_any;
    let right = (s & g.look_right(s, 1))
        | (with_any & g.look_right(pieces, 1))
        | (g.look_right(with_any, 1) & pieces);
    let down = (s & g.look_down(s, 1))
        | (with_any & g.look_down(pieces, 1))
        | (g.look_down(with_any, 1) & pieces);
    [right, down]
}

/// [`combo_pairs_packed`] on any board, as cell sets.
fn combo_pairs(board: &Board, kinds: &[SpecialKind]) -> (CellSet, CellSet) {
    let rows = board.rows();
    let (mut with_specials, mut with_any) = ([0u32; MAX_SIDE], [0u32; MAX_SIDE]);
    for (r, &word) in board.special_rows().iter().enumerate().take(rows) {
        let mut bits = word;
        while bits != 0 {
            let c = bits.trailing_zeros();
            bits &= bits - 1;
            match combos_of(kinds, board.cell_at_index(r * board.cols() + c as usize)) {
                Combos::None => {}
                Combos::WithSpecials => with_specials[r] |= 1 << c,
                Combos::WithAnything => with_any[r] |= 1 << c,
            }
        }
    }
    let pieces = board.piece_rows();
    let (mut right, mut down) = (CellSet::new(), CellSet::new());
    for r in 0..rows {
        let (s, b, p) = (with_specials[r] | with_any[r], with_any[r], pieces[r]);
        let (s2, b2, p2) = match r + 1 < rows {
            true => (
                with_specials[r + 1] | with_any[r + 1],
                with_any[r + 1],
                pieces[r + 1],
            ),
            false => (0, 0, 0),
        };
        right.set_row_bits(r, (s & (s >> 1)) | (b & (p >> 1)) | ((b >> 1) & p));
        down.set_row_bits(r, (s & s2) | (b & p2) | (p & b2));
    }
    (right, down)
}

/// How the special in `cell` combines under `kinds` (not at all for a plain piece, or a
/// kind the table lacks).
fn combos_of(kinds: &[SpecialKind], cell: Cell) -> Combos {
    let special = cell.piece().and_then(Piece::special);
    (kinds.iter())
        .find(|k| Some(k.special) == special)
        .map_or(Combos::None, |k| k.combos)
}
