//! Helpers for the lines tests: boards drawn on an X/Y checkerboard (which never matches),
//! and phase-1 outcomes.

#![allow(dead_code)]

use match3_core::{Board, Game, Move, Phase, Piece, Pos, Rules};
use match3_lines::Lines;

pub fn p(r: u8, c: u8) -> Pos {
    Pos::new(r, c)
}

/// A `rows`×`cols` X/Y checkerboard with the given cells overwritten by notation tokens.
pub fn board(rows: usize, cols: usize, cells: &[(u8, u8, &str)]) -> Board {
    let mut grid: Vec<Vec<String>> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| if (r + c) % 2 == 0 { "X" } else { "Y" }.to_string())
                .collect()
        })
        .collect();
    for &(r, c, t) in cells {
        grid[r as usize][c as usize] = t.to_string();
    }
    let text: Vec<String> = grid.iter().map(|row| row.concat()).collect();
    Lines
        .parse_board(&text.join("/"))
        .expect("valid test board")
}

/// `A` at each cell.
pub fn a_at(cells: &[(u8, u8)]) -> Vec<(u8, u8, &'static str)> {
    cells.iter().map(|&(r, c)| (r, c, "A")).collect()
}

pub fn cells(list: &[(u8, u8)]) -> Vec<Pos> {
    let mut v: Vec<Pos> = list.iter().map(|&(r, c)| p(r, c)).collect();
    v.sort();
    v.dedup();
    v
}

/// The first phase of resolving `board` (seed 0).
pub fn resolve1(board: &Board) -> Phase {
    let mut game = Game::from_board(Lines, board.clone(), 0).expect("loads");
    let trace = game.resolve().expect("resolves");
    assert_eq!(trace.replay(board).expect("replays"), *game.board());
    trace.phases.into_iter().next().expect("at least one phase")
}

/// The first phase of playing `mv` on `board` (seed 0).
pub fn play1(board: &Board, mv: Move) -> Phase {
    let mut game = Game::from_board(Lines, board.clone(), 0).expect("loads");
    let trace = game.play(mv).expect("legal");
    assert_eq!(trace.replay(board).expect("replays"), *game.board());
    trace.phases.into_iter().next().expect("at least one phase")
}

/// The specials a phase created, as (cell, notation).
pub fn created(phase: &Phase) -> Vec<(Pos, String)> {
    phase
        .created
        .iter()
        .map(|c| {
            let mut s = String::new();
            match3_core::write_cell(&mut s, match3_core::Cell::Piece(c.piece)).unwrap();
            (c.pos, s)
        })
        .collect()
}

pub fn piece(text: &str) -> Piece {
    let b = Lines.parse_board(text).unwrap();
    b.at(p(0, 0)).piece().unwrap()
}
