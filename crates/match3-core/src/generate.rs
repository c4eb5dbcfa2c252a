//! Generation: the part of a variant that makes a new game's board, and the random
//! stable boards most variants start from.
//!
//! A generator is handed the whole variant, so the board it checks for matches and legal
//! moves is judged by the variant's own detection and specials: replacing a variant's
//! detection changes what its new boards avoid, with nothing else to override.

use crate::board::Board;
use crate::cellset::CellSet;
use crate::error::SetupError;
use crate::legal::any_legal_move;
use crate::notation::Layout;
use crate::piece::{Cell, Color, Piece};
use crate::pos::Size;
use crate::rng::GameRng;
use crate::rules::Rules;

/// Makes a new game's board: see the [module docs](self).
pub trait Generate {
    /// A new board of `size` with `colors` colours and about `blocker_percent`% blockers
    /// for `rules` (the whole variant), drawn from `rng`, or an error when the parameters
    /// make that impossible. It should be stable and have a legal move.
    fn generate<R: Rules + ?Sized>(
        &self,
        rules: &R,
        size: Size,
        colors: u8,
        blocker_percent: u8,
        rng: &mut GameRng,
    ) -> Result<Board, SetupError>;
}

/// A random board with no match and at least one legal move under the variant:
/// [`random_stable_board`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stable;

impl Generate for Stable {
    fn generate<R: Rules + ?Sized>(
        &self,
        rules: &R,
        size: Size,
        colors: u8,
        blocker_percent: u8,
        rng: &mut GameRng,
    ) -> Result<Board, SetupError> {
        random_stable_board(rules, size, colors, blocker_percent, rng)
    }
}

/// An empty board: the drop game starts with nothing (and so with nowhere for a blocker
/// to rest, which is an error).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Empty;

impl Generate for Empty {
    fn generate<R: Rules + ?Sized>(
        &self,
        rules: &R,
        size: Size,
        _colors: u8,
        blocker_percent: u8,
        _rng: &mut GameRng,
    ) -> Result<Board, SetupError> {
        if blocker_percent > 0 {
            return Err(SetupError::NoBlockers {
                rules: rules.name().to_string(),
            });
        }
        Ok(Board::new(size))
    }
}

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
            // Contained by the game's setup (see `contain`), which names the part.
            let drawn = board.set(pos, draw(colors, rng), 0);
            drawn.unwrap_or_else(|_| panic!("the detection reported {pos}, off the board"));
        }
    }
    rules.find_matches(board).is_empty() && any_legal_move(rules, board)
}
