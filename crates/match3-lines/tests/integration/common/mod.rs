//! Helpers for the lines tests: boards drawn on an X/Y checkerboard (which never matches),
//! phase-1 outcomes, and a detection that counts how often the cells ask it.

#![allow(dead_code)]

use std::cell::Cell;

use match3_core::detect::{Detect, LineRuns};
use match3_core::planes::{FoundSwaps, PlaneView};
use match3_core::{
    Board, CellSet, Game, Horizon, Level, Move, Phase, Piece, Pos, Probe, Rules, ScoreScratch,
    Trace,
};
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

thread_local! {
    /// How often [`CountedRuns`] was asked on this thread: a count per thread, since
    /// tests run side by side.
    static ASKED: Cell<usize> = const { Cell::new(0) };
}

/// Line runs of three that count how often they are asked on the cells (the planes'
/// answers are not counted): a look-ahead or probe that plays on the planes alone asks
/// nothing here. The planes' matches come as a set only (no `on_planes_packed`), so the
/// probes here also take the engine's way for detections without a packed answer.
pub struct CountedRuns;

impl Detect for CountedRuns {
    fn find_matches(&self, board: &Board) -> CellSet {
        ASKED.set(ASKED.get() + 1);
        LineRuns::new(3).find_matches(board)
    }
    fn match_swaps(&self, board: &Board) -> Option<FoundSwaps> {
        LineRuns::new(3).match_swaps(board)
    }
    fn swaps_on_planes(&self, view: PlaneView<'_>) -> Option<FoundSwaps> {
        LineRuns::new(3).swaps_on_planes(view)
    }
    fn on_planes(&self, view: PlaneView<'_>) -> Option<CellSet> {
        LineRuns::new(3).on_planes(view)
    }
}

/// How often `f` asked [`CountedRuns`] on the cells.
pub fn asked(f: impl FnOnce()) -> usize {
    let before = ASKED.get();
    f();
    ASKED.get() - before
}

/// Plays `mv` on `probe`, put at `game`'s position, beside `played`, the game after its
/// own turn of `mv` (`trace`): the probe asks [`CountedRuns`] nothing on the cells, and
/// its summary, tally, legal moves and caught-up state are the game's.
pub fn probe_agrees<R: Rules>(
    probe: &mut Probe<'_, R>,
    (game, mv): (&Game<R>, Move),
    (played, trace): (&Game<R>, &Trace),
    ctx: &str,
) {
    probe.reset(game.state());
    let mut summary = None;
    let cells = asked(|| summary = Some(probe.play(mv).unwrap()));
    assert_eq!(cells, 0, "{ctx}: the probe asked the cells");
    let summary = summary.unwrap();
    assert_eq!(
        (summary.score, summary.status),
        (trace.score(), played.status()),
        "{ctx}"
    );
    assert_eq!(probe.tally(), *played.state().tally(), "{ctx}");
    let mut listed: Vec<Move> = Vec::new();
    probe.legal_moves_into(&mut listed);
    assert_eq!(listed, played.legal_moves(), "{ctx}");
    assert_eq!(probe.state(), played.state(), "{ctx}");
}

/// Scores `mv` from `game` through the score-only look-ahead into `scores` beside
/// `played`, the game after its own turn of `mv` (`trace`): it asks [`CountedRuns`]
/// nothing on the cells, and its score and goal units on `level` are the game's.
pub fn look_ahead_agrees<R: Rules>(
    (scores, level): (&mut ScoreScratch, &Level),
    (game, mv): (&Game<R>, Move),
    (played, trace): (&Game<R>, &Trace),
    ctx: &str,
) {
    let mut only = None;
    let look = || only = Some(game.score_within(mv, scores, None, Horizon::Cascade));
    assert_eq!(asked(look), 0, "{ctx}: the score-only look-ahead");
    assert_eq!(only, Some(Ok(trace.score())), "{ctx}");
    assert_eq!(
        scores.goal_units(level),
        played.state().goal_units(level),
        "{ctx}"
    );
}
