//! The leftover bonus of a cluster level on the bit planes: a move that meets the goals
//! with moves to spare earns a bonus (each move left clears a random piece, and the
//! cascade after it plays on). Probes and the score-only look-ahead play it on the
//! planes, and end where the game's own turn ends.

use match3_clusters::Clusters;
use match3_core::{Board, Game, Goal, Horizon, Leftover, Level};

use crate::counted::{Counted, asked};

/// A level any first move wins (one point), with five moves to spare for the bonus.
fn easy_level() -> Level {
    Level {
        moves: Some(6),
        goals: vec![Goal::Score { target: 1 }],
        leftover: Leftover::Bonus,
        ..Level::default()
    }
}

#[test]
fn a_winning_moves_bonus_plays_on_the_planes_as_on_the_cells() {
    let clusters = Clusters::swap().variant();
    let rules = clusters.with_detect(Counted(*clusters.detect()));
    let board: Board = "AABCD/CDBCA/BADBC/DCADB/ABCAD/CDBCA".parse().unwrap();
    let mut bonuses = 0;
    for seed in 0..12 {
        let game = Game::from_board(&rules, board.clone(), seed).unwrap();
        let game = game.with_level(easy_level()).unwrap();
        let mut probe = game.probe();
        let (mut scratch, mut scores) = (game.snapshot(), game.score_scratch());
        for mv in game.legal_moves() {
            let mut played = game.clone();
            let trace = played.play(mv).unwrap();
            // On the planes: the detection is never asked on the cells.
            probe.reset(game.state());
            let mut summary = None;
            let mut only = None;
            assert_eq!(
                asked(|| summary = Some(probe.play(mv))),
                0,
                "{mv}: the probe"
            );
            let cascade = Horizon::Cascade;
            let score_only = || only = Some(game.score_within(mv, &mut scores, None, cascade));
            assert_eq!(asked(score_only), 0, "{mv}: the score-only look-ahead");
            let summary = summary.unwrap().unwrap();
            assert_eq!(
                (summary.score, only),
                (trace.score(), Some(Ok(trace.score()))),
                "{mv}"
            );
            let full = game.evaluate_within(mv, &mut scratch, None, Horizon::Cascade);
            assert_eq!(full, Ok(trace.score()));
            let last_chain = trace.phases.iter().map(|p| p.chain).max();
            assert_eq!(Some(summary.phases), last_chain, "{mv}");
            assert_eq!(summary.status, played.status());
            assert_eq!(probe.state(), played.state(), "{mv} (seed {seed})");
            bonuses += usize::from(trace.bonus.is_some());
        }
    }
    // Every winning move earned a bonus (there are a dozen games of several moves).
    assert!(bonuses > 24, "{bonuses} bonuses");
}
