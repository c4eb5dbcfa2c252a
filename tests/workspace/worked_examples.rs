//! The finite rules' worked examples (`docs/rules.md`), as example tests and as snapshots of the readable trace.

use match3_core::{Game, Move, Pos, Status};
use match3_finite::{Finite, Preset};

fn p(row: u8, col: u8) -> Pos {
    Pos::new(row, col)
}

fn snapshot(name: &str, text: String) {
    insta::with_settings!({ snapshot_path => "../../snapshots", prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!(name, text);
    });
}

#[test]
fn teaching_board_starts_stable_with_four_swaps() {
    let game = Preset::Teaching.game().unwrap();
    assert_eq!(game.board().to_string(), "AABC/BCAB/CBAC/ABCA");
    assert_eq!(
        (game.score(), game.moves(), game.status()),
        (0, 0, Status::Playable)
    );
    assert_eq!(
        game.legal_moves(),
        [
            Move::Swap(p(0, 1), p(0, 2)),
            Move::Swap(p(0, 2), p(1, 2)),
            Move::Swap(p(1, 0), p(1, 1)),
            Move::Swap(p(3, 2), p(3, 3)),
        ]
    );
}

#[test]
fn teaching_swap_clears_three_for_three_points() {
    let mut game = Preset::Teaching.game().unwrap();
    let before = game.board().clone();
    let trace = game.play(Move::Swap(p(0, 2), p(1, 2))).unwrap();
    assert_eq!(trace.phases.len(), 1, "no further match");
    let phase = &trace.phases[0];
    assert_eq!(phase.chain, 1);
    assert_eq!(phase.cleared, [p(0, 0), p(0, 1), p(0, 2)]);
    assert_eq!(phase.score, 3);
    assert!(phase.falls.is_empty() && phase.spawns.is_empty());
    assert_eq!(game.board().to_string(), "...C/BCBB/CBAC/ABCA");
    assert_eq!((game.score(), game.moves()), (3, 1));
    assert_eq!(trace.replay(&before).unwrap(), *game.board());
    snapshot("finite_teaching_swap", format!("{before}\n{trace}"));
}

#[test]
fn swap_is_the_same_in_either_direction() {
    let mut forward = Preset::Teaching.game().unwrap();
    let mut backward = Preset::Teaching.game().unwrap();
    forward.play(Move::Swap(p(0, 2), p(1, 2))).unwrap();
    backward.play(Move::Swap(p(1, 2), p(0, 2))).unwrap();
    assert!(forward.board().same_cells(backward.board()));
    assert_eq!(forward.score(), backward.score());
}

#[test]
fn cross_preset_loads_without_clearing_and_resolves_five_cells() {
    let mut game = Preset::Cross.game().unwrap();
    let before = game.board().clone();
    assert_eq!(before.to_string(), match3_finite::CROSS);
    assert_eq!((game.score(), game.moves()), (0, 0));
    let trace = game.resolve().unwrap();
    assert_eq!(trace.phases.len(), 1);
    assert_eq!(
        trace.phases[0].cleared,
        [p(1, 2), p(2, 1), p(2, 2), p(2, 3), p(3, 2)]
    );
    assert_eq!((game.score(), game.moves()), (5, 0));
    assert_eq!(game.board().to_string(), "B.../CC.C/DD.B/BCBD");
    snapshot("finite_cross_resolve", format!("{before}\n{trace}"));
}

#[test]
fn the_cross_is_the_only_run_on_the_cross_board() {
    let board = Preset::Cross.board();
    let matched = match3_core::Rules::find_matches(&Finite, &board);
    assert_eq!(
        matched.to_vec(),
        [p(1, 2), p(2, 1), p(2, 2), p(2, 3), p(3, 2)]
    );
}

#[test]
fn reset_restores_the_preset() {
    let mut game = Preset::Teaching.game().unwrap();
    let start = game.snapshot();
    game.play(Move::Swap(p(0, 2), p(1, 2))).unwrap();
    game.reset();
    assert_eq!(game.snapshot(), start);
    assert_eq!((game.score(), game.moves()), (0, 0));
}

#[test]
fn gravity_made_runs_are_new_phases_of_the_same_move() {
    // Row 3 A A A clears; the B B of row 2 fall beside (3,0) and make a new run.
    let board = "CDCD/DCDC/DBBC/BAAA".parse().unwrap();
    let mut game = Game::from_board(Finite, board, 0).unwrap();
    let before = game.board().clone();
    let trace = game.resolve().unwrap();
    assert_eq!(trace.phases.len(), 2, "{trace}");
    assert_eq!(trace.phases[0].cleared, [p(3, 1), p(3, 2), p(3, 3)]);
    assert_eq!(trace.phases[1].chain, 2);
    assert_eq!(trace.phases[1].cleared, [p(3, 0), p(3, 1), p(3, 2)]);
    assert_eq!(game.moves(), 0);
    assert_eq!(game.score(), 6);
    snapshot("finite_two_phase_cascade", format!("{before}\n{trace}"));
}

#[test]
fn a_cleared_board_reports_cleared() {
    let mut game = Game::from_board(Finite, "AAA".parse().unwrap(), 0).unwrap();
    game.resolve().unwrap();
    assert_eq!(game.status(), Status::Cleared);
    let mut stuck = Game::from_board(Finite, "AB/BA".parse().unwrap(), 0).unwrap();
    assert_eq!(stuck.status(), Status::NoMoves);
    assert!(stuck.resolve().unwrap().phases.is_empty());
}
