//! Random boards that are stable under a variant's rules and have a legal move.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::error::SetupError;
use crate::legal::any_legal_move;
use crate::notation::Layout;
use crate::piece::{Cell, Color, Piece};
use crate::pos::Size;
use crate::rng::GameRng;
use crate::rules::Rules;

/// Whole boards tried before giving up.
pub const BOARD_TRIES: u32 = 200;
/// Rounds of re-colouring matched cells per board.
const RECOLOR_ROUNDS: u32 = 64;

/// A random board of `size` with `colors` colours and about `blocker_percent`% blockers,
/// stable under `rules` (no match) with at least one legal move.
///
/// Fills every cell, then re-draws the colour of every matched cell until nothing matches,
/// then checks for a legal move; a board that fails is thrown away. After
/// [`BOARD_TRIES`] boards it reports [`SetupError::Unsatisfiable`] instead of returning a
/// dead board. Every draw comes from `rng`, so a seed fixes the board.
pub fn random_stable_board<R: Rules + ?Sized>(
    rules: &R,
    size: Size,
    colors: u8,
    blocker_percent: u8,
    rng: &mut GameRng,
) -> Result<Board, SetupError> {
    if blocker_percent > 0 && !rules.supports_blockers() {
        return Err(SetupError::NoBlockers {
            rules: rules.name().to_string(),
        });
    }
    let mut board = Board::new(size);
    for _ in 0..BOARD_TRIES {
        board.fill(|_| {
            if rng.chance(blocker_percent) {
                Cell::Blocker
            } else {
                draw(colors, rng)
            }
        });
        if settle(rules, &mut board, None, colors, rng) {
            board.renumber(0);
            return Ok(board);
        }
    }
    Err(SetupError::Unsatisfiable {
        size,
        colors,
        blocker_percent,
        tries: BOARD_TRIES,
    })
}

/// The board of `layout` with its random cells drawn: plain pieces of the palette, re-drawn
/// while they are in a match, until the board has no match and a legal move (up to
/// [`BOARD_TRIES`] boards; then [`SetupError::Layout`]). A layout without random cells is
/// returned as it is.
pub fn fill_layout<R: Rules + ?Sized>(
    rules: &R,
    layout: &Layout,
    colors: u8,
    rng: &mut GameRng,
) -> Result<Board, SetupError> {
    let mut board = layout.board.clone();
    if layout.random.is_empty() {
        return Ok(board);
    }
    for _ in 0..BOARD_TRIES {
        for pos in &layout.random {
            board.set(pos, draw(colors, rng), 0).expect("in range");
        }
        if settle(rules, &mut board, Some(&layout.random), colors, rng) {
            board.renumber(0);
            return Ok(board);
        }
    }
    Err(SetupError::Layout { tries: BOARD_TRIES })
}

/// A plain piece of a random palette colour (one draw).
fn draw(colors: u8, rng: &mut GameRng) -> Cell {
    let color = Color::new(rng.below(u32::from(colors)) as u8).expect("palette checked");
    Cell::Piece(Piece::plain(color))
}

/// Re-draws matched cells (only those in `only`, when given) for up to [`RECOLOR_ROUNDS`]
/// rounds; then whether the board is stable with a legal move.
fn settle<R: Rules + ?Sized>(
    rules: &R,
    board: &mut Board,
    only: Option<&CellSet>,
    colors: u8,
    rng: &mut GameRng,
) -> bool {
    for _ in 0..RECOLOR_ROUNDS {
        let mut matched = rules.find_matches(board);
        if let Some(only) = only {
            matched.intersect_with(only);
        }
        if matched.is_empty() {
            break;
        }
        for pos in &matched {
            board.set(pos, draw(colors, rng), 0).expect("in range");
        }
    }
    rules.find_matches(board).is_empty() && any_legal_move(rules, board)
}
