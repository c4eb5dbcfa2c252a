//! Entry points for coverage-guided fuzzing: each takes raw bytes, turns them into an
//! input (notation text, or a board plus a sequence of moves) and panics with a
//! description when an invariant breaks.
//!
//! The `fuzz/` targets of the workspace call these under libFuzzer, and an ordinary test
//! replays the checked-in corpus through the same functions, so every input the fuzzer
//! found interesting stays a regression test on stable Rust.

use match3_core::{Board, Cell, Color, Game, Goal, Level, Move, Piece, Pos, Rules, SavedGame};
use serde_json::Value;

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
            1 => Cell::Blocker,
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
    let kinds = rules.special_kinds();
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

/// Saved games: the first byte chooses between the rest as JSON text and a real save
/// (a game of one of `variants`, from the bytes, a few moves in, maybe under a level)
/// that the bytes then mutate: numbers, strings, array entries and whole fields changed,
/// duplicated or removed. Loading must then fail with a message, or give a game that
/// passes [`checks::loaded_game`] over 20 moves.
pub fn saves(variants: &[&dyn Rules], data: &[u8]) {
    let mut bytes = Bytes(data);
    let text = if bytes.byte() % 4 == 0 {
        match std::str::from_utf8(bytes.0) {
            Ok(text) => text.to_string(),
            Err(_) => return,
        }
    } else {
        let Some(mut save) = real_save(variants, &mut bytes) else {
            return;
        };
        for _ in 0..1 + bytes.byte() % 4 {
            mutate_at(&mut save, &mut bytes);
        }
        save.to_string()
    };
    let saved: SavedGame = match serde_json::from_str(&text) {
        Ok(saved) => saved,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    let Some(&rules) = variants.iter().find(|r| r.name() == saved.rules) else {
        return;
    };
    match Game::load(rules, saved) {
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok(mut game) => {
            let mut pick = || bytes.u16();
            if let Err(v) = checks::loaded_game(&mut game, 20, &mut pick) {
                panic!("{} from {text}: {v}", rules.name());
            }
        }
    }
}

/// A real saved game as JSON: a generated game of a variant from `variants`, maybe with a
/// move limit and goals, after a few legal moves.
fn real_save(variants: &[&dyn Rules], bytes: &mut Bytes<'_>) -> Option<Value> {
    let rules = *variants.get(usize::from(bytes.byte()) % variants.len().max(1))?;
    let config = match3_core::GameConfig {
        size: match3_core::Size::new(
            2 + usize::from(bytes.byte() % 8),
            2 + usize::from(bytes.byte() % 8),
        )
        .expect("2 to 9 a side"),
        colors: 3 + bytes.byte() % 4,
        seed: u64::from(bytes.u16()),
        blocker_percent: 0,
    };
    let mut game = Game::new(rules, config).ok()?;
    if bytes.byte().is_multiple_of(2) {
        let level = Level {
            moves: Some(1 + u32::from(bytes.byte() % 12)),
            goals: vec![
                Goal::Score {
                    target: u64::from(bytes.u16()),
                },
                Goal::Collect {
                    color: Color::new(0).expect("colour A"),
                    count: u32::from(bytes.byte()),
                },
            ],
            ..Level::default()
        };
        game = game.with_level(level).ok()?;
    }
    for _ in 0..bytes.byte() % 6 {
        let legal = game.legal_moves();
        let Some(&mv) = legal.get(usize::from(bytes.byte()) % legal.len().max(1)) else {
            break;
        };
        game.play(mv).ok()?;
    }
    serde_json::to_value(game.save()).ok()
}

/// Changes `value` as `data` says, for fuzzing a reader of JSON files: one to four places,
/// each found by walking down from the root (numbers become huge, negative or other
/// small numbers, strings become other cell tokens or statuses, arrays grow or shrink,
/// anything may become `null`). The first byte is the number of changes; the bytes used
/// up are returned, so a caller can go on reading.
pub fn mutate_json(value: &mut Value, data: &[u8]) -> usize {
    let mut bytes = Bytes(data);
    for _ in 0..1 + bytes.byte() % 4 {
        mutate_at(value, &mut bytes);
    }
    data.len() - bytes.0.len()
}

/// Changes one place of `value`, walking down from the root as the bytes say.
fn mutate_at(value: &mut Value, bytes: &mut Bytes<'_>) {
    // The place, as a JSON pointer: found on a shared walk, then changed.
    let mut pointer = String::new();
    let mut at = &*value;
    loop {
        let step = bytes.byte();
        let next = match at {
            Value::Object(map) if !step.is_multiple_of(5) && !map.is_empty() => {
                let (key, next) = map
                    .iter()
                    .nth(usize::from(step) % map.len())
                    .expect("in range");
                pointer.push('/');
                pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
                next
            }
            Value::Array(list) if !step.is_multiple_of(5) && !list.is_empty() => {
                let i = usize::from(step) % list.len();
                pointer.push_str(&format!("/{i}"));
                &list[i]
            }
            _ => break,
        };
        at = next;
    }
    let at = value.pointer_mut(&pointer).expect("the walk's place");
    const TOKENS: [&str; 12] = [
        "A", "Z", "*", "B-", "C|", "%3", "A@~~", "_", "#", "won", "playable", "",
    ];
    *at = match bytes.byte() % 8 {
        0 => Value::Null,
        1 => u64::MAX.into(),
        2 => u32::MAX.into(),
        3 => (-1i64).into(),
        4 => u64::from(bytes.u16()).into(),
        5 => TOKENS[usize::from(bytes.byte()) % TOKENS.len()].into(),
        6 => match at.take() {
            Value::Array(mut list) if !list.is_empty() => {
                let first = list[0].clone();
                list.push(first);
                list.into()
            }
            Value::Array(_) => Value::Array(vec![]),
            other => Value::Array(vec![other]),
        },
        _ => match at.take() {
            Value::Array(mut list) => {
                list.pop();
                list.into()
            }
            Value::String(mut s) => {
                s.pop();
                s.into()
            }
            other => other,
        },
    };
}
