//! The whole shared suite, one line, against a slow reference; then lightning itself.

use match3_core::{Board, CellSet, Game, Move, Pos, Rules};
use match3_example_lightning::{LIGHTNING, lightning};

/// A slow reference: testkit's runs of three plus every cell of a 2×2 square of one
/// colour, cell by cell.
fn reference(board: &Board) -> CellSet {
    let mut cells = match3_testkit::oracle::line_runs(board, 3);
    for r in 1..board.rows() as u8 {
        for c in 1..board.cols() as u8 {
            let square =
                [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)].map(|(r, c)| Pos::new(r, c));
            let color = board.color_at(square[0]);
            if color.is_some() && square.iter().all(|&p| board.color_at(p) == color) {
                cells.extend(square);
            }
        }
    }
    cells
}

match3_testkit::rules_suite!(
    lightning,
    lightning(),
    oracle = reference,
    snapshots = "../../snapshots"
);

#[test]
fn lightning_strikes_three_random_pieces_and_replays() {
    // The run of B's catches the lightning B! at (1,1).
    let board = lightning().parse_board("ACDE/BB!BF/GHIJ/KLMN").unwrap();
    let mut strikes = std::collections::BTreeSet::new();
    for seed in 0..30 {
        let mut game = Game::from_board(lightning(), board.clone(), seed).unwrap();
        let trace = game.resolve().unwrap();
        assert_eq!(trace.replay(&board).unwrap(), *game.board());
        let fired = &trace.phases[0].fired[0];
        assert_eq!(fired.fire.piece.special(), Some(LIGHTNING.special));
        strikes.insert(fired.cleared.clone());
    }
    assert!(strikes.len() > 5, "the strikes vary with the seed");
}

#[test]
fn lightning_next_to_a_striped_piece_is_no_combo() {
    // No run, no combo: the swap is illegal, in the move list and in the move check alike.
    let board = lightning().parse_board("A!B-CD/DEFG/CDEF").unwrap();
    let game = Game::from_board(lightning(), board, 0).unwrap();
    let swap = Move::Swap(Pos::new(0, 0), Pos::new(0, 1));
    assert!(!game.legal_moves().contains(&swap));
    assert!(game.check(swap).is_err());
}
