//! Entry points for coverage-guided fuzzing: each takes raw bytes, turns them into an
//! input (notation text, or a board plus a sequence of moves) and panics with a
//! description when an invariant breaks.
//!
//! The `fuzz/` targets of the workspace call these under libFuzzer, and an ordinary test
//! replays the checked-in corpus through the same functions, so every input the fuzzer
//! found interesting stays a regression test on stable Rust.

use match3_core::{Board, Cell, Color, Game, Move, Piece, Pos, Rules};

use crate::checks;
use crate::generators::Pick;

/// Reads bytes as a stream of small numbers; zeros once the input runs out, so every
/// input decodes to something.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Notation: parsing never panics; whatever parses prints canonically, parses back to
/// the same board and keeps its bit masks consistent; every error displays.
pub fn notation(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<Board>() {
        Ok(board) => {
            let printed = board.to_string();
            let again: Board = printed
                .parse()
                .unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}, which fails: {e}"));
            assert_eq!(again, board, "{text:?} does not round-trip via {printed:?}");
            assert_eq!(again.to_string(), printed, "printing is not canonical");
            if let Err(v) = checks::board_masks(&board) {
                panic!("{text:?}: {v}");
            }
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
        }
    }
}

/// A board from bytes: mostly plain pieces of a few colours (so matches are common),
/// some empties, blockers and specials where the rules have them.
fn board<R: Rules + ?Sized>(rules: &R, bytes: &mut Bytes<'_>) -> Board {
    let rows = 1 + usize::from(bytes.byte() % 12);
    let cols = 1 + usize::from(bytes.byte() % 12);
    let colors = 1 + bytes.byte() % 6;
    let size = match3_core::Size::new(rows, cols).expect("1 to 12 a side");
    let mut board = Board::new(size);
    for pos in size.positions() {
        let b = bytes.byte();
        let color = Color::new(b % colors).expect("at most 6 colours");
        let cell = match b >> 4 {
            0 => Cell::Empty,
            1 if rules.supports_blockers() => Cell::Blocker,
            2 => special(rules, color, b),
            _ => Cell::Piece(Piece::plain(color)),
        };
        board.set(pos, cell, 0).expect("on the board");
    }
    board.renumber(0);
    board
}

/// One of the rules' own special kinds, or a plain piece when they have none.
fn special<R: Rules + ?Sized>(rules: &R, color: Color, b: u8) -> Cell {
    let kinds = rules.specials();
    Cell::Piece(match kinds.get(usize::from(b) % kinds.len().max(1)) {
        Some(kind) => kind.piece(color),
        None => Piece::plain(color),
    })
}

/// A move from bytes: neighbours mostly, sometimes far, diagonal or off the board.
fn any_move(bytes: &mut Bytes<'_>) -> Move {
    let kind = bytes.byte();
    let a = Pos::new(bytes.byte() % 14, bytes.byte() % 14);
    match kind % 8 {
        0..=3 => Move::Swap(a, Pos::new(a.row, a.col.saturating_add(1))),
        4 => Move::Swap(a, Pos::new(a.row.saturating_add(1), a.col)),
        5 => Move::Swap(a, Pos::new(bytes.byte(), bytes.byte())),
        6 => Move::Drop(a.col),
        _ => Move::Tap(a),
    }
}

/// Move sequences: `rules` is picked from `variants` by the first byte, then a board
/// (a loaded one, matches and floating pieces included, or a generated one), a seed and
/// moves (mostly "the k-th legal move", sometimes anything). Checks every invariant of
/// [`checks::scenario`]: no panic, rejected moves change nothing, listed moves play,
/// stable and settled boards, ids unique and accounted for, score and move counts, trace
/// replay, `speculate`/`evaluate` agreeing with `play` and `score_within` with
/// `evaluate_within`; then determinism.
pub fn moves(variants: &[&dyn Rules], data: &[u8]) {
    let mut bytes = Bytes(data);
    let Some(&rules) = variants.get(usize::from(bytes.byte()) % variants.len().max(1)) else {
        return;
    };
    let generated = bytes.byte() % 4 == 0;
    let seed = u64::from(bytes.u16());
    let board = if generated {
        let config = match3_core::GameConfig {
            size: match3_core::Size::new(
                1 + usize::from(bytes.byte() % 12),
                1 + usize::from(bytes.byte() % 12),
            )
            .expect("1 to 12 a side"),
            colors: 2 + bytes.byte() % 6,
            seed,
            blocker_percent: bytes.byte() % 30,
        };
        match Game::new(rules, config) {
            Ok(game) => game.board().clone(),
            Err(e) => {
                assert!(!e.to_string().is_empty());
                return;
            }
        }
    } else {
        board(rules, &mut bytes)
    };
    if Game::from_board(rules, board.clone(), seed).is_err() {
        return;
    }
    let mut picks = Vec::new();
    while !bytes.is_empty() && picks.len() < 40 {
        picks.push(if bytes.byte() % 4 == 0 {
            Pick::Any(any_move(&mut bytes))
        } else {
            Pick::Legal(bytes.u16())
        });
    }
    if let Err(v) = checks::determinism(rules, &board, seed, &picks) {
        panic!("{} on {board} (seed {seed}): {v}", rules.name());
    }
}
