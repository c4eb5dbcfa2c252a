//! The whole shared suite, one line; then the propeller's own behaviour.

use match3_core::{Board, CellSet, Game, Move, Pos, Rules};
use match3_example_propeller::{PROPELLER, propeller};

/// A slow reference: runs of three (testkit's) plus 2×2 squares, cell by cell.
fn reference(board: &Board) -> CellSet {
    let mut cells = match3_testkit::oracle::line_runs(board, 3);
    for r in 1..board.rows() as u8 {
        for c in 1..board.cols() as u8 {
            let square =
                [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)].map(|(r, c)| Pos::new(r, c));
            let color = board.color_at(square[0]);
            if color.is_some() && square.iter().all(|&p| board.color_at(p) == color) {
                for p in square {
                    cells.insert(p);
                }
            }
        }
    }
    cells
}

match3_testkit::rules_suite!(
    propeller,
    propeller(),
    oracle = reference,
    snapshots = "../../snapshots"
);

#[test]
fn a_square_makes_a_propeller_on_the_moved_cell() {
    let board = propeller().parse_board("ABA/AAC/CBD").unwrap();
    let mut game = Game::from_board(propeller(), board, 3).unwrap();
    let trace = game
        .play(Move::Swap(Pos::new(0, 2), Pos::new(0, 1)))
        .unwrap();
    let phase = &trace.phases[0];
    assert_eq!(phase.cleared.len(), 4, "{trace}");
    assert_eq!(phase.created.len(), 1);
    assert_eq!(phase.created[0].pos, Pos::new(0, 1));
    assert_eq!(phase.created[0].piece.special(), Some(PROPELLER.special));
}

#[test]
fn a_propeller_clears_its_neighbours_and_a_random_piece() {
    // The run of B's catches the propeller B^ at (1,1).
    let board = propeller().parse_board("ACDE/BB^BF/GHIJ/KLMN").unwrap();
    let mut targets = std::collections::BTreeSet::new();
    for seed in 0..30 {
        let mut game = Game::from_board(propeller(), board.clone(), seed).unwrap();
        let trace = game.resolve().unwrap();
        assert_eq!(trace.replay(&board).unwrap(), *game.board());
        let fired = &trace.phases[0].fired[0];
        assert_eq!(fired.fire.pos, Pos::new(1, 1));
        for n in [(0, 1), (1, 0), (1, 2), (2, 1)] {
            assert!(fired.cleared.contains(&Pos::new(n.0, n.1)), "{trace}");
        }
        targets.insert(fired.cleared.clone());
        let again = Game::from_board(propeller(), board.clone(), seed)
            .unwrap()
            .resolve();
        assert_eq!(again.unwrap(), trace, "the same seed hits the same piece");
    }
    assert!(targets.len() > 5, "the random target varies with the seed");
}
