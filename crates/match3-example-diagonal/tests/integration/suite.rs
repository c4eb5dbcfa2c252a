//! The whole shared suite, one line (its move lists and predicates are checked against
//! slow references that try every corner-to-corner pair); then the corner swaps.

use match3_core::{Game, Move, MoveError, Pos, Rules};
use match3_example_diagonal::diagonal;

match3_testkit::rules_suite!(
    diagonal,
    diagonal(),
    oracle = |b: &match3_core::Board| match3_testkit::oracle::line_runs(b, 3),
    snapshots = "../../snapshots"
);

#[test]
fn corner_swaps_are_listed_after_side_ones_of_the_same_cell() {
    let game = Game::from_board(diagonal(), "AAB/CAD/DCE".parse().unwrap(), 1).unwrap();
    let moves = game.legal_moves();
    let corner = Move::Swap(Pos::new(0, 2), Pos::new(1, 1));
    assert!(moves.contains(&corner), "{moves:?}");
    let stock = Game::from_board(match3_lines::Lines, "AAB/CAD/DCE".parse().unwrap(), 1).unwrap();
    assert!(!stock.legal_moves().contains(&corner));
    // Sorted by first cell, then second: (0,2)–(1,1) before anything from row 1.
    let mut sorted = moves.clone();
    sorted.sort_by_key(|m| match *m {
        Move::Swap(a, b) => (a.row, a.col, b.row, b.col),
        _ => (255, 255, 255, 255),
    });
    assert_eq!(moves, sorted);
}

#[test]
fn cells_two_apart_never_swap() {
    let mut game = Game::from_board(diagonal(), "AAB/CAD/DCA".parse().unwrap(), 1).unwrap();
    let err = game
        .play(Move::Swap(Pos::new(0, 0), Pos::new(2, 2)))
        .unwrap_err();
    assert!(matches!(err, MoveError::NotAdjacent { .. }), "{err}");
    assert!(err.to_string().contains("corner to corner"), "{err}");
}

#[test]
fn a_corner_swap_of_two_specials_is_a_combo() {
    let rules = diagonal();
    let board = rules.parse_board("A-BC/DB|E/FGH").unwrap();
    let mut game = Game::from_board(rules, board, 2).unwrap();
    let trace = game
        .play(Move::Swap(Pos::new(0, 0), Pos::new(1, 1)))
        .unwrap();
    assert!(trace.phases[0].fired[0].fire.partner.is_some(), "{trace}");
}
