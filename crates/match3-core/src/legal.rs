//! Legal moves: which moves a board allows under the rules, listed, visited, counted or
//! picked, and the board questions they rest on (a match left on the board, where a drop
//! lands).

use crate::bits::nth_set_bit;
use crate::board::Board;
use crate::cellset::CellSet;
use crate::error::MoveError;
use crate::masks::Masks;
use crate::moves::{KnownSwaps, Move, MoveKind, PackedSwaps, SwapMasks};
use crate::obstacles::is_locked;
use crate::pos::Pos;
use crate::rules::Rules;
use crate::topology::Directions;

/// Whether any piece on `board` is in a match.
pub(crate) fn has_match<R: Rules + ?Sized>(rules: &R, board: &Board) -> bool {
    let mut matched = rules.find_matches(board);
    board.keep_pieces(&mut matched);
    !matched.is_empty()
}

/// The cell a piece dropped into `col` lands on: the last empty cell before the first
/// occupied one, from the top, passing holes.
pub(crate) fn landing(board: &Board, col: u8) -> Result<Pos, MoveError> {
    if col as usize >= board.cols() {
        return Err(MoveError::ColumnOffBoard {
            col,
            size: board.size(),
        });
    }
    let row = landing_row(board.masks(), col.into());
    row.map(|row| Pos::new(row, col))
        .ok_or(MoveError::ColumnFull { col })
}

/// The row [`landing`] finds in column `col` (on the board), from the planes alone:
/// `None` when the column's top cell, holes passed, is taken.
#[inline]
pub(crate) fn landing_row(masks: &Masks, col: usize) -> Option<u8> {
    let (taken, holes) = masks.drop_column(col);
    // The piece passes the rows above the first taken cell, holes aside, to the last.
    let above = (1u64 << taken.trailing_zeros()) - 1;
    let rows = (1u64 << masks.size().rows()) - 1;
    let free = (above & rows) as u32 & !holes;
    (free != 0).then(|| (31 - free.leading_zeros()) as u8)
}

/// The columns (bit per column) a dropped piece lands in: those whose top cell, holes
/// passed, is empty ([`landing_row`] finds a row exactly there), from the planes alone.
pub(crate) fn open_columns(masks: &Masks) -> u32 {
    let all = u32::MAX >> (32 - masks.size().cols());
    let (mut open, mut seen) = (0, 0);
    for row in 0..masks.size().rows() {
        let (taken, holes) = masks.drop_row(row);
        // The columns whose top cell is in this row.
        let top = all & !holes & !seen;
        open |= top & !taken;
        seen |= top;
        if seen == all {
            break;
        }
    }
    open
}

/// Whether `board` has a legal move under `rules`.
pub fn any_legal_move<R: Rules + ?Sized>(rules: &R, board: &Board) -> bool {
    // The rules' quick answer does not know locks.
    let quick = if rules.accepts(MoveKind::Swap) && !has_locks(board) {
        rules.any_legal_swap(board)
    } else {
        None
    };
    if quick == Some(true) {
        return true;
    }
    let mut found = false;
    // With the swaps already answered (no), only drops and taps are left to look at.
    let none = KnownSwaps::Packed(PackedSwaps::default());
    let swaps = quick.map(|_| &none);
    visit_legal_moves(rules, board, swaps, |_| {
        found = true;
        false
    });
    found
}

/// Calls `visit` with each legal move in the order of
/// [`Game::legal_moves`](crate::Game::legal_moves) until it returns `false`.
/// Allocation-free. To collect every move, [`legal_moves_into`] is cheaper: it writes
/// them into the vector without a call per move.
pub fn for_each_legal_move<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    visit: impl FnMut(Move) -> bool,
) {
    visit_legal_moves(rules, board, None, visit);
}

/// Every legal move into `out` (cleared first), in the order of [`for_each_legal_move`]:
/// the way to list them all. Allocation-free once `out` has the room.
///
/// ```
/// use match3_core::detect::LineRuns;
/// use match3_core::{Board, Move, Pos, Variant, for_each_legal_move, legal_moves_into};
///
/// let threes = Variant::new("threes", LineRuns::new(3));
///
/// let board: Board = "AABC/BCAB/CBAC/ABCA".parse()?;
/// let mut moves = vec![Move::Drop(0)]; // cleared first
/// legal_moves_into(&threes, &board, &mut moves);
/// assert_eq!(moves.len(), 4);
/// assert_eq!(moves[0], Move::Swap(Pos::new(0, 1), Pos::new(0, 2)));
///
/// // The same moves, in the same order, as the visitor's.
/// let mut visited = Vec::new();
/// for_each_legal_move(&threes, &board, |m| {
///     visited.push(m);
///     true
/// });
/// assert_eq!(visited, moves);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn legal_moves_into<R: Rules + ?Sized>(rules: &R, board: &Board, out: &mut Vec<Move>) {
    out.clear();
    append_legal_moves(rules, board, None, out);
}

/// [`legal_moves_into`] without clearing `out` first, with the board's legal-swap masks
/// when already known.
pub(crate) fn append_legal_moves<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    known: Option<&KnownSwaps>,
    out: &mut Vec<Move>,
) {
    if rules.accepts(MoveKind::Swap) {
        match known {
            Some(swaps) => swaps.append_to(board.rows(), board.cols(), out),
            None => append_found_swaps(rules, board, out),
        }
    }
    visit_other_moves(rules, board, pusher(out));
}

/// The rules' legal swaps, found now, appended to `out`.
fn append_found_swaps<R: Rules + ?Sized>(rules: &R, board: &Board, out: &mut Vec<Move>) {
    let (rows, cols) = (board.rows(), board.cols());
    if rows <= 8 && cols <= 8 {
        if let Some(swaps) = packed_legal_swaps(rules, board) {
            return swaps.append_on(rows, cols, out);
        }
    } else {
        // Written where it is kept: the cell-set form returned by value is copied whole.
        let mut found = None;
        store_known_swaps(rules, board, &mut found);
        if let Some(swaps) = &found {
            return swaps.append_to(rows, cols, out);
        }
    }
    for_each_swap_by_pairs(rules, board, rules.directions(), &mut pusher(out));
}

/// The rules' legal swaps, found now, visited until `visit` returns `false` (then
/// `false`).
fn visit_found_swaps<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    visit: &mut impl FnMut(Move) -> bool,
) -> bool {
    if board.rows() <= 8 && board.cols() <= 8 {
        if let Some(swaps) = packed_legal_swaps(rules, board) {
            return swaps.visit(visit);
        }
    } else {
        let mut found = None;
        store_known_swaps(rules, board, &mut found);
        if let Some(swaps) = &found {
            return swaps.visit(board.rows(), visit);
        }
    }
    for_each_swap_by_pairs(rules, board, rules.directions(), visit)
}

/// The rules' legal swaps of a board of at most 8 × 8, locked swaps taken out; `None`
/// for rules without masks. By value, so the list reads them from where the rules wrote
/// them (a copy into [`KnownSwaps`] first cost a stalled load).
#[inline]
fn packed_legal_swaps<R: Rules + ?Sized>(rules: &R, board: &Board) -> Option<PackedSwaps> {
    let packed = rules.legal_swaps_packed(board)?;
    Some(if has_locks(board) {
        drop_locked_packed(packed, crate::packed::pack_rows(board.lock_rows(), 8))
    } else {
        packed
    })
}

/// The rules' legal swaps in the form a game's status keeps: packed on boards of at most
/// 8 × 8, cell sets elsewhere (locked swaps taken out of both); `None` for rules without
/// masks.
pub(crate) fn known_swaps<R: Rules + ?Sized>(rules: &R, board: &Board) -> Option<KnownSwaps> {
    let mut out = None;
    store_known_swaps(rules, board, &mut out);
    out
}

/// [`known_swaps`] written into `out` where it is kept (the cell-set form is large: a
/// value returned and moved there would be copied whole after every turn).
#[inline]
pub(crate) fn store_known_swaps<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    out: &mut Option<KnownSwaps>,
) {
    if board.rows() <= 8 && board.cols() <= 8 {
        *out = packed_legal_swaps(rules, board).map(KnownSwaps::Packed);
        return;
    }
    *out = None;
    if let Some(found) = rules.legal_swaps(board) {
        let KnownSwaps::Sets(masks) = out.insert(KnownSwaps::Sets(found.into_masks())) else {
            unreachable!("just stored")
        };
        if has_locks(board) {
            drop_locked(board, masks);
        }
    }
}

/// The known legal swaps, or the rules' own (kept in `found`) when none are known yet:
/// by reference, since the cell-set form is large.
fn known_or_found<'a, R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    known: Option<&'a KnownSwaps>,
    found: &'a mut Option<KnownSwaps>,
) -> Option<&'a KnownSwaps> {
    if known.is_some() {
        return known;
    }
    // Written where it is kept: the cell-set form returned by value is copied whole.
    store_known_swaps(rules, board, found);
    found.as_ref()
}

/// Every legal swap of `board` as cell sets, from the known masks when there are some
/// (empty for rules that do not swap).
pub(crate) fn swap_masks<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    known: Option<&KnownSwaps>,
) -> SwapMasks {
    if !rules.accepts(MoveKind::Swap) {
        return SwapMasks::default();
    }
    let mut found = None;
    match known_or_found(rules, board, known, &mut found) {
        Some(KnownSwaps::Packed(p)) => p.to_masks(),
        Some(KnownSwaps::Sets(m)) => *m,
        None => swaps_by_pairs(rules, board),
    }
}

/// A visitor that pushes every move onto `out`.
fn pusher(out: &mut Vec<Move>) -> impl FnMut(Move) -> bool + '_ {
    |m| {
        out.push(m);
        true
    }
}

/// [`for_each_legal_move`], with the board's legal-swap masks when already known.
pub(crate) fn visit_legal_moves<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    known: Option<&KnownSwaps>,
    mut visit: impl FnMut(Move) -> bool,
) {
    if rules.accepts(MoveKind::Swap) {
        let go_on = match known {
            Some(swaps) => swaps.visit(board.rows(), &mut visit),
            None => visit_found_swaps(rules, board, &mut visit),
        };
        if !go_on {
            return;
        }
    }
    visit_other_moves(rules, board, visit);
}

/// The legal move at the index `pick` returns when given the number of legal moves, in
/// the order of [`for_each_legal_move`]: one move chosen without listing them. With rules
/// that give legal-swap masks, swaps are counted and found with popcounts. `None` when no
/// move is legal or `pick` returns an index past the end. See
/// [`Game::pick_legal_move`](crate::Game::pick_legal_move), which reuses the masks the
/// game's status found.
pub fn pick_legal_move<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    pick: impl FnOnce(usize) -> usize,
) -> Option<Move> {
    pick_with(rules, board, None, pick)
}

/// [`pick_legal_move`], with the board's legal-swap masks when already known.
///
/// Every kind of move is gathered once into bits (swaps into masks, drops into a column
/// word, taps into a cell set), counted, and the picked one found in the bits: no rule
/// is asked twice about the same move.
pub(crate) fn pick_with<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    known: Option<&KnownSwaps>,
    pick: impl FnOnce(usize) -> usize,
) -> Option<Move> {
    let computed;
    let masks = if !rules.accepts(MoveKind::Swap) {
        None
    } else if let Some(masks) = known {
        Some(masks)
    } else {
        computed = known_swaps(rules, board)
            .unwrap_or_else(|| KnownSwaps::Sets(swaps_by_pairs(rules, board)));
        Some(&computed)
    };
    let (rows, cols) = (board.rows(), board.cols());
    let swaps = masks.map(|m| m.count_in(rows, cols));
    let n_swaps = swaps.as_ref().map_or(0, |c| c.total);
    let (mut drops, mut taps) = (0u32, CellSet::new());
    let mut n_taps = 0;
    if rules.accepts(MoveKind::Drop) || rules.accepts(MoveKind::Tap) {
        visit_other_moves(rules, board, |m| {
            match m {
                Move::Drop(col) => drops |= 1 << col,
                Move::Tap(pos) => {
                    taps.insert(pos);
                    n_taps += 1;
                }
                // Never visited here: swaps are in the masks.
                Move::Swap(..) => {}
            }
            true
        });
    }
    let n_drops = drops.count_ones() as usize;
    let n = pick_in(n_swaps + n_drops + n_taps, pick)?;
    if let (Some(masks), Some(count)) = (masks, &swaps)
        && n < n_swaps
    {
        return masks
            .nth_counted(count, rows, n)
            .map(|(a, b)| Move::Swap(a, b));
    }
    let n = n - n_swaps;
    if n < n_drops {
        return nth_set_bit(u64::from(drops), n).map(|col| Move::Drop(col as u8));
    }
    taps.iter().nth(n - n_drops).map(Move::Tap)
}

/// [`pick_with`] for rules that take swaps only, from their `known` legal swaps on a
/// board of `rows` × `cols`.
pub(crate) fn pick_swap(
    known: &KnownSwaps,
    (rows, cols): (usize, usize),
    pick: impl FnOnce(usize) -> usize,
) -> Option<Move> {
    let count = known.count_in(rows, cols);
    let n = pick_in(count.total, pick)?;
    let (a, b) = known.nth_counted(&count, rows, n)?;
    Some(Move::Swap(a, b))
}

/// `pick(count)` when there is something to pick and it picks below `count`.
pub(crate) fn pick_in(count: usize, pick: impl FnOnce(usize) -> usize) -> Option<usize> {
    if count == 0 {
        return None;
    }
    Some(pick(count)).filter(|&n| n < count)
}

/// The legal swaps of rules without [`Rules::legal_swaps`], as masks (pair by pair).
fn swaps_by_pairs<R: Rules + ?Sized>(rules: &R, board: &Board) -> SwapMasks {
    let mut masks = SwapMasks::default();
    for_each_swap_by_pairs(rules, board, rules.directions(), &mut |m| {
        if let Move::Swap(a, b) = m {
            masks.insert(a, b);
        }
        true
    });
    masks
}

/// The legal drops and taps, in list order (after the swaps).
fn visit_other_moves<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    mut visit: impl FnMut(Move) -> bool,
) {
    let size = board.size();
    if rules.accepts(MoveKind::Drop) {
        let mut open = open_columns(board.masks());
        while open != 0 {
            let col = open.trailing_zeros() as u8;
            open &= open - 1;
            if !visit(Move::Drop(col)) {
                return;
            }
        }
    }
    if rules.accepts(MoveKind::Tap) {
        if let Some(taps) = rules.legal_taps(board) {
            // Row-major, as the cells come below.
            for pos in &taps {
                if !visit(Move::Tap(pos)) {
                    return;
                }
            }
            return;
        }
        for pos in size.positions() {
            if rules.tap(board, pos).is_some_and(|c| !c.is_empty()) && !visit(Move::Tap(pos)) {
                return;
            }
        }
    }
}

/// Whether any piece on `board` is locked.
fn has_locks(board: &Board) -> bool {
    board.has_obstacles() && board.lock_rows().iter().any(|&r| r != 0)
}

/// Takes out of `masks` the swaps that would move a locked piece.
fn drop_locked(board: &Board, masks: &mut SwapMasks) {
    let locks = board.lock_rows();
    for (r, &lock) in locks.iter().enumerate() {
        let below = locks.get(r + 1).copied().unwrap_or(0);
        let keep = |set: &mut CellSet, partner: u32| {
            set.set_row_bits(r, set.row_bits(r) & !(lock | partner));
        };
        keep(&mut masks.right, lock >> 1);
        keep(&mut masks.down, below);
        keep(&mut masks.down_right, below >> 1);
        keep(&mut masks.down_left, below << 1);
    }
}

/// [`drop_locked`] on packed swaps (a byte per row): a swap goes when either of its cells
/// is `locked` (packed the same way).
pub(crate) fn drop_locked_packed(packed: PackedSwaps, locked: u64) -> PackedSwaps {
    // The right neighbour's lock is one bit up, the lower neighbour's a byte up; a lock
    // at a row's start lands on the row before's eighth cell, which has no right swap.
    PackedSwaps {
        right: packed.right & !(locked | locked >> 1),
        down: packed.down & !(locked | locked >> 8),
    }
}

/// Legal swaps pair by pair in the directions `dirs`, in list order (for rules without
/// [`Rules::legal_swaps`], and for swaps corner to corner); returns `false` when `visit`
/// asked to stop.
fn for_each_swap_by_pairs<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    dirs: Directions,
    visit: &mut impl FnMut(Move) -> bool,
) -> bool {
    let size = board.size();
    // One scratch copy for every candidate: the rules swap in it and swap back.
    let mut scratch = board.clone();
    // Swapping two identical pieces leaves the board as it is: such a pair is legal only
    // where a match already passes, so the board's matches are found once for all of them.
    let mut matched: Option<CellSet> = None;
    for a in size.positions() {
        if board.at(a).piece().is_none() || is_locked(board, a) {
            continue;
        }
        for b in partners(a, dirs) {
            if !size.contains(b) || board.at(b).piece().is_none() || is_locked(board, b) {
                continue;
            }
            let legal = rules.is_combo(board, a, b)
                || if board.at(b).piece() == board.at(a).piece() {
                    let m = matched.get_or_insert_with(|| rules.find_matches(board));
                    m.contains(a) || m.contains(b)
                } else {
                    rules.swap_matches(&mut scratch, a, b)
                };
            if legal && !visit(Move::Swap(a, b)) {
                return false;
            }
        }
    }
    true
}

/// The cells `a` swaps with in the directions `dirs`, in list order: right, down-left,
/// down, down-right (some possibly off the board).
fn partners(a: Pos, dirs: Directions) -> impl Iterator<Item = Pos> {
    let (row, col) = (a.row, a.col);
    [
        (Directions::RIGHT, Some(Pos::new(row, col + 1))),
        (
            Directions::DOWN_LEFT,
            col.checked_sub(1).map(|c| Pos::new(row + 1, c)),
        ),
        (Directions::DOWN, Some(Pos::new(row + 1, col))),
        (Directions::DOWN_RIGHT, Some(Pos::new(row + 1, col + 1))),
    ]
    .into_iter()
    .filter(move |(dir, _)| dirs.contains(*dir))
    .filter_map(|(_, b)| b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;

    /// Where a drop lands, walking the cells: down from the top, passing holes, while
    /// the cells are empty.
    fn landing_by_cells(board: &Board, col: u8) -> Option<Pos> {
        (0..board.rows() as u8)
            .map(|r| Pos::new(r, col))
            .filter(|&pos| !board.at(pos).is_hole())
            .take_while(|&pos| board.at(pos).is_empty())
            .last()
    }

    /// On boards of holes, crates, blockers, pieces and empty cells, a drop lands where
    /// the cells say, and the open columns are exactly those where it lands.
    #[test]
    fn drops_land_where_the_cells_say() {
        let mut rng = GameRng::new(3);
        for shape in ["4x8", "8x8", "9x5", "3x12", "12x3"] {
            let (rows, cols) = shape.split_once('x').unwrap();
            let (rows, cols): (usize, usize) = (rows.parse().unwrap(), cols.parse().unwrap());
            for _ in 0..200 {
                let text: Vec<String> = (0..rows)
                    .map(|_| {
                        (0..cols)
                            .map(|_| {
                                ["_", "%", "#", "A", "B", ".", ".", "."][rng.below(8) as usize]
                            })
                            .collect()
                    })
                    .collect();
                let board: Board = text.join("/").parse().expect("board");
                for col in 0..cols as u8 {
                    let lands = landing_by_cells(&board, col);
                    assert_eq!(landing(&board, col).ok(), lands, "{col} on {board}");
                    assert_eq!(
                        open_columns(board.masks()) >> col & 1 == 1,
                        lands.is_some(),
                        "{col} on {board}"
                    );
                }
            }
        }
    }
}
