//! Slow, obviously-correct reference detection to hold fast detection against.

use match3_core::{Board, CellSet, Pos};

/// Every cell in a straight run of at least `min_len` equal colours: each window of
/// `min_len` cells along a row or column is tested on its own.
pub fn line_runs(board: &Board, min_len: usize) -> CellSet {
    let (rows, cols) = (board.rows() as isize, board.cols() as isize);
    let mut out = CellSet::new();
    for (dr, dc) in [(0isize, 1isize), (1, 0)] {
        for r in 0..rows {
            for c in 0..cols {
                let window: Vec<Pos> = (0..min_len as isize)
                    .map(|k| (r + dr * k, c + dc * k))
                    .filter(|&(rr, cc)| rr < rows && cc < cols)
                    .map(|(rr, cc)| Pos::new(rr as u8, cc as u8))
                    .collect();
                if window.len() < min_len {
                    continue;
                }
                let first = board.color_at(window[0]);
                if first.is_some() && window.iter().all(|&p| board.color_at(p) == first) {
                    out.extend(window);
                }
            }
        }
    }
    out
}

/// Every cell in a 4-connected group of at least `min_size` same-colour pieces
/// (breadth-first flood fill from every cell).
pub fn clusters(board: &Board, min_size: usize) -> CellSet {
    let mut out = CellSet::new();
    let mut seen = CellSet::new();
    for (start, cell) in board.iter() {
        let Some(color) = cell.color() else { continue };
        if seen.contains(start) {
            continue;
        }
        let mut group = vec![start];
        seen.insert(start);
        let mut i = 0;
        while i < group.len() {
            let p = group[i];
            i += 1;
            let (r, c) = (p.row as isize, p.col as isize);
            for (nr, nc) in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
                if nr < 0 || nc < 0 {
                    continue;
                }
                let n = Pos::new(nr as u8, nc as u8);
                if board.color_at(n) == Some(color) && seen.insert(n) {
                    group.push(n);
                }
            }
        }
        if group.len() >= min_size {
            out.extend(group);
        }
    }
    out
}
