//! Boards for people: notation cells on a grid with row and column labels.

use std::fmt::Write;

use match3_core::{Board, Pos, write_cell};

/// The board with column labels on top and row labels on the left; each cell is its
/// notation (`A`, `B-`, `*`, `#`, `.`) padded to three characters.
pub fn labelled(board: &Board, selected: Option<Pos>) -> String {
    let mut out = String::from("    ");
    for c in 0..board.cols() {
        let _ = write!(out, "{c:<3}");
    }
    out = out.trim_end().to_string();
    out.push('\n');
    for r in 0..board.rows() {
        let _ = write!(out, "{r:>2}  ");
        for c in 0..board.cols() {
            let pos = Pos::new(r as u8, c as u8);
            let mut cell = String::new();
            write_cell(&mut cell, board.at(pos)).expect("String write");
            if selected == Some(pos) {
                cell = format!("[{cell}]");
                let _ = write!(out, "{cell:<3}");
            } else {
                let _ = write!(out, "{cell:<3}");
            }
        }
        out = out.trim_end().to_string();
        out.push('\n');
    }
    out
}
