//! The whole shared suite, one line (its level and obstacle properties put crates and
//! locks on the board, where the slide matters); then the slide itself.

use match3_core::{Cell, Game, Pos, Rules};
use match3_example_slide::slide;

match3_testkit::rules_suite!(
    slide,
    slide(),
    oracle = |b: &match3_core::Board| match3_testkit::oracle::line_runs(b, 3),
    snapshots = "../../snapshots"
);

#[test]
fn a_piece_slides_into_the_cell_under_a_crate() {
    // The run of A's goes; the crate keeps column 1 from falling, so B slides in from
    // the upper left, and the trace has one fall for it, corner to corner.
    let board = slide().parse_board("BCD/C%3D/AAA/EBC").unwrap();
    let mut game = Game::from_board(slide(), board.clone(), 1).unwrap();
    let trace = game.resolve().unwrap();
    let falls = &trace.phases[0].falls;
    let b = falls
        .iter()
        .find(|f| f.to == Pos::new(2, 1))
        .expect("a fall into (2,1)");
    assert_eq!(b.from, Pos::new(0, 0), "{trace}");
    assert_eq!(trace.replay(&board).unwrap(), *game.board());
    assert_eq!(game.board().at(Pos::new(1, 1)), Cell::Crate(2));
}

#[test]
fn without_obstacles_the_slide_is_straight_gravity() {
    // No cell is shadowed: the same game as the stock lines, move for move.
    let lines = match3_lines::Lines;
    let config = match3_core::GameConfig::new(5);
    let (mut a, mut b) = (
        Game::new(slide(), config).unwrap(),
        Game::new(lines, config).unwrap(),
    );
    for _ in 0..20 {
        let Some(mv) = a.legal_moves().first().copied() else {
            break;
        };
        assert_eq!(a.play(mv).unwrap(), b.play(mv).unwrap());
    }
}
