//! The shared invariant suite, plus the lines rules' own properties.

use crate::common::p;
use match3_core::{Board, CellSet, Game, Piece, Pos, Rules, runs};
use match3_lines::specials::{self, Axis, Kind, kind};
use match3_lines::{Lines, blast};
use match3_testkit::generators::{self, Features};
use proptest::prelude::*;

match3_testkit::rules_suite!(
    lines,
    Lines,
    oracle = |b: &Board| match3_testkit::oracle::line_runs(b, 3),
    snapshots = "../../snapshots"
);

/// Cells covered by a horizontal (or vertical) window of three equal colours.
fn windows(board: &Board, horizontal: bool) -> CellSet {
    let mut out = CellSet::new();
    for pos in board.size().positions() {
        let step = |k: u8| {
            if horizontal {
                Pos::new(pos.row, pos.col + k)
            } else {
                Pos::new(pos.row + k, pos.col)
            }
        };
        let c = board.color_at(pos);
        if c.is_some() && (1..3).all(|k| board.color_at(step(k)) == c) {
            out.extend((0..3).map(step));
        }
    }
    out
}

/// The geometry of each special, written independently of the crate.
fn geometry(board: &Board, at: Pos, piece: Piece) -> CellSet {
    let (rows, cols) = (board.rows() as i32, board.cols() as i32);
    let mut out = CellSet::new();
    for r in 0..rows {
        for c in 0..cols {
            let (dr, dc) = ((r - at.row as i32).abs(), (c - at.col as i32).abs());
            let hit = match kind(piece) {
                Some(Kind::Striped(Axis::Row)) => dr == 0,
                Some(Kind::Striped(Axis::Col)) => dc == 0,
                Some(Kind::Wrapped) => dr <= 1 && dc <= 1,
                _ => dr == 0 && dc == 0,
            };
            if hit {
                out.insert(Pos::new(r as u8, c as u8));
            }
        }
    }
    out
}

fn piece_kinds() -> Vec<Piece> {
    let a = match3_core::Color::new(0).unwrap();
    vec![
        Piece::plain(a),
        specials::striped(a, Axis::Row),
        specials::striped(a, Axis::Col),
        specials::wrapped(a),
        specials::color_bomb(),
    ]
}

proptest! {
    #[test]
    fn intersections_are_cells_in_both_a_horizontal_and_a_vertical_run(
        board in generators::boards(Features::of(&Lines)),
    ) {
        let found = runs::find_runs(&board, 3);
        prop_assert_eq!(found.horizontal, windows(&board, true));
        prop_assert_eq!(found.vertical, windows(&board, false));
        let mut both = windows(&board, true);
        both.intersect_with(&windows(&board, false));
        prop_assert_eq!(found.intersections(), both);
    }

    #[test]
    fn each_special_clears_exactly_its_geometry(
        board in generators::boards(Features::of(&Lines)),
        r in 0u8..8, c in 0u8..8, kind in 0usize..4,
    ) {
        let at = Pos::new(r % board.rows() as u8, c % board.cols() as u8);
        let piece = piece_kinds()[kind];
        let copy = board.clone();
        let area = blast::fire(&board, at, piece);
        prop_assert_eq!(&board, &copy, "firing must not mutate its input");
        prop_assert_eq!(area, geometry(&board, at, piece));
    }

    #[test]
    fn a_fired_special_in_play_clears_its_geometry_minus_blockers(
        board in generators::boards(Features::of(&Lines)),
        seed in any::<u64>(),
    ) {
        // Whatever fires in a resolve cleared exactly its area, minus blockers and holes.
        let mut game = Game::from_board(Lines, board.clone(), seed).unwrap();
        let mut before = board.clone();
        if let Ok(trace) = game.resolve() {
            for phase in &trace.phases {
                for f in &phase.fired {
                    if f.fire.partner.is_some() || kind(f.fire.piece) == Some(Kind::ColorBomb) {
                        continue;
                    }
                    let mut want = geometry(&before, f.fire.pos, f.fire.piece);
                    let holes: CellSet = before.iter().filter(|(_, c)| c.piece().is_none()).map(|(q, _)| q).collect();
                    want.subtract(&holes);
                    prop_assert_eq!(f.cleared.clone(), want.to_vec());
                }
                for &q in &phase.cleared {
                    prop_assert!(before.at(q).piece().is_some(), "cleared {} holds no piece", q);
                }
                before = phase.board.clone();
            }
        }
    }

    #[test]
    fn combo_table_is_symmetric_and_total(
        board in generators::boards(Features::of(&Lines)),
        r in 0u8..8, c in 0u8..8, right in any::<bool>(),
    ) {
        let from = Pos::new(r % board.rows() as u8, c % board.cols() as u8);
        let across = Pos::new(from.row, from.col + 1);
        let down = Pos::new(from.row + 1, from.col);
        let to = match (right, board.size().contains(across), board.size().contains(down)) {
            (true, true, _) | (false, true, false) => across,
            (_, _, true) => down,
            _ => return Ok(()), // a 1x1 board has no pair
        };
        let kinds = piece_kinds();
        for (i, &x) in kinds.iter().enumerate() {
            for &y in &kinds[i..] {
                let mut xy = board.clone();
                xy.set(from, match3_core::Cell::Piece(x), 0).unwrap();
                xy.set(to, match3_core::Cell::Piece(y), 1).unwrap();
                let mut yx = board.clone();
                yx.set(from, match3_core::Cell::Piece(y), 0).unwrap();
                yx.set(to, match3_core::Cell::Piece(x), 1).unwrap();
                let (a, b) = (blast::combo(&xy, from, to), blast::combo(&yx, from, to));
                prop_assert_eq!(a, b, "{:?}+{:?} differs from {:?}+{:?}", x, y, y, x);
                let bomb = kind(x) == Some(Kind::ColorBomb) || kind(y) == Some(Kind::ColorBomb);
                let both = x.special().is_some() && y.special().is_some();
                prop_assert_eq!(a.is_some(), bomb || both, "{:?}+{:?}", x, y);
                if let Some(area) = a {
                    prop_assert!(area.contains(from) && area.contains(to));
                }
            }
        }
    }

    #[test]
    fn created_specials_sit_in_their_group_with_its_colour(
        board in generators::boards(Features::of(&Lines)),
    ) {
        let matched = Lines.find_matches(&board);
        let (mut out, mut rng) = (Vec::new(), match3_core::GameRng::new(0));
        let matches = match3_core::Matches::new(&board, &matched);
        Lines.create_specials(&mut match3_core::specials::Create::new(matches, &[], &mut rng, &mut out));
        for (at, piece) in out {
            prop_assert!(matched.contains(at));
            if let Some(color) = piece.color() {
                prop_assert_eq!(board.color_at(at), Some(color));
            }
        }
    }
}

#[test]
fn generated_boards_never_match_and_always_have_a_move() {
    for seed in 0..300 {
        for (colors, blockers) in [(4, 0), (5, 10), (6, 20)] {
            let config = match3_core::GameConfig {
                colors,
                blocker_percent: blockers,
                ..match3_core::GameConfig::new(seed)
            };
            let game = Game::new(Lines, config).unwrap();
            assert!(Lines.find_matches(game.board()).is_empty());
            assert!(game.has_legal_move(), "seed {seed}: {}", game.board());
        }
    }
    let _ = p(0, 0);
}
