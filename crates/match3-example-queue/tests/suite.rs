//! The whole shared suite, one line; then the two answers that differ from lines.

use match3_core::{Color, Game, Piece, Rules};
use match3_example_queue::{default_queue, queue};

match3_testkit::rules_suite!(
    queue,
    default_queue(),
    oracle = |b: &match3_core::Board| match3_testkit::oracle::line_runs(b, 3),
    snapshots = "../../snapshots"
);

#[test]
fn refills_follow_the_weights_and_scores_are_cells_times_chain() {
    let rules = queue(vec![0, 1, 1]).unwrap();
    for seed in 0..20 {
        let board = rules.parse_board("AAAD/DEDE/EDED").unwrap();
        let mut game = Game::from_board(queue(vec![0, 1, 1]).unwrap(), board, seed).unwrap();
        let trace = game.resolve().unwrap();
        for phase in &trace.phases {
            assert_eq!(
                phase.score,
                phase.cleared.len() as u64 * u64::from(phase.chain)
            );
            for spawn in &phase.spawns {
                let letter = spawn.piece.color().map(Color::letter);
                assert!(matches!(letter, Some('B' | 'C')), "{trace}");
            }
        }
    }
    // Specials still work as in lines: a run of four makes a striped piece.
    let mut game =
        Game::from_board(default_queue(), "AABAC/CDADB/BCDBA".parse().unwrap(), 1).unwrap();
    let trace = game
        .play(match3_core::Move::Swap(
            match3_core::Pos::new(1, 2),
            match3_core::Pos::new(0, 2),
        ))
        .unwrap();
    assert!(trace.phases[0].created[0].piece.special().is_some());
    assert_ne!(
        trace.phases[0].created[0].piece,
        Piece::plain(Color::new(0).unwrap())
    );
}
