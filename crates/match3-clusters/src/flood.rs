//! Allocation-free flood fill over a board's colours.

use match3_core::{Board, CellSet, Color, MAX_SIDE, Pos};

/// The 4-connected group of `start`'s colour (as `color` reports colours), stopping early
/// once it holds `limit` cells. Cells without a colour form no group.
pub fn group_with(
    board: &Board,
    start: Pos,
    limit: usize,
    color: impl Fn(Pos) -> Option<Color>,
) -> CellSet {
    let mut group = CellSet::new();
    let Some(own) = color(start) else {
        return group;
    };
    let size = board.size();
    let mut stack = [Pos::new(0, 0); MAX_SIDE * MAX_SIDE];
    let mut top = 0;
    stack[top] = start;
    top += 1;
    group.insert(start);
    let mut count = 1;
    while top > 0 && count < limit {
        top -= 1;
        let p = stack[top];
        let near = [
            p.row.checked_sub(1).map(|r| Pos::new(r, p.col)),
            Some(Pos::new(p.row + 1, p.col)),
            p.col.checked_sub(1).map(|c| Pos::new(p.row, c)),
            Some(Pos::new(p.row, p.col + 1)),
        ];
        for n in near.into_iter().flatten() {
            if size.contains(n) && !group.contains(n) && color(n) == Some(own) {
                group.insert(n);
                count += 1;
                stack[top] = n;
                top += 1;
            }
        }
    }
    group
}

/// The whole group of `start` on `board`.
pub fn group(board: &Board, start: Pos) -> CellSet {
    group_with(board, start, usize::MAX, |p| board.color_at(p))
}

/// Every cell in a group of at least `min_size` cells.
pub fn clusters(board: &Board, min_size: usize) -> CellSet {
    let mut out = CellSet::new();
    let mut seen = CellSet::new();
    for (pos, cell) in board.iter() {
        if cell.color().is_none() || seen.contains(pos) {
            continue;
        }
        let g = group(board, pos);
        seen.union_with(&g);
        if g.len() >= min_size {
            out.union_with(&g);
        }
    }
    out
}
