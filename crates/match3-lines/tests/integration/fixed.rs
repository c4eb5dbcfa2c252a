//! Locks and crates under a probe (how MCTS plays its futures) and the score-only
//! look-ahead (how the greedy bot ranks moves): a board with locked pieces and a wall of
//! crates plays on the bit planes, where a clear breaks the locks it reaches, matches
//! beside a crate and blasts over it take its health, and gravity goes round both, as
//! on the cells.

use match3_core::{Game, GameConfig, Goal, Leftover, Level, Move, ObstacleEvent, Size, Status};
use match3_lines::Lines;
use match3_testkit::obstacles::plant;

use crate::common::{look_ahead_agrees, probe_agrees};

#[test]
fn locks_and_crates_play_on_the_planes_as_on_the_cells() {
    // The line rules with specials (whose blasts hit crates), runs found by a detection
    // that counts its questions on the cells.
    let rules = Lines.variant().with_detect(crate::common::CountedRuns);
    // A wall of crates of every health across row 3 of 6 × 6, with a gap, and locks
    // above and below it.
    let board = |seed: u64| {
        let config = GameConfig {
            size: Size::new(6, 6).unwrap(),
            colors: 5,
            ..GameConfig::new(seed)
        };
        let mut board = Game::new(&rules, config).unwrap().board().clone();
        let wall = [(3, 0, 0), (3, 1, 1), (3, 2, 2), (3, 4, 1), (3, 5, 0)];
        let locks = [(0, 1, 5), (1, 4, 5), (4, 2, 5), (5, 0, 5), (5, 5, 5)];
        plant(&mut board, &wall);
        plant(&mut board, &locks);
        board
    };
    let level = Level {
        moves: Some(20),
        goals: vec![Goal::Crates],
        leftover: Leftover::Bonus,
        ..Level::default()
    };
    let (mut checked, mut unlocked, mut hits, mut won) = (0, 0, 0, 0);
    for seed in 0..40 {
        let game = Game::from_board(&rules, board(seed), seed).unwrap();
        let mut game = game.with_level(level.clone()).unwrap();
        while game.status() == Status::Playable {
            let (mut probe, mut scores) = (game.probe(), game.score_scratch());
            let mut best = None;
            for mv in game.legal_moves() {
                let mut played = game.clone();
                let trace = played.play(mv).unwrap();
                let before = game.state().tally().cleared;
                let after = played.state().tally().cleared;
                hits += after.crate_hits - before.crate_hits;
                won += usize::from(played.status() == Status::Won);
                let breaks = |e: &&ObstacleEvent| matches!(e, ObstacleEvent::Unlocked { .. });
                let phases = trace.phases.iter();
                unlocked += phases
                    .flat_map(|p| p.obstacles.iter().filter(breaks))
                    .count();
                best = best.max(Some((after.crate_hits, trace.score(), mv)));
                // A combo is played on the cells, and so is any swap with a special
                // under the score-only look-ahead.
                let (combo, special) = specials_in(&game, mv);
                if combo {
                    continue;
                }
                checked += 1;
                let ctx = format!("{mv} on {} (seed {seed})", game.board());
                probe_agrees(&mut probe, (&game, mv), (&played, &trace), &ctx);
                assert_eq!(probe.goal_units(), played.state().goal_units(&level));
                if special {
                    continue;
                }
                let look = (&mut scores, &level);
                look_ahead_agrees(look, (&game, mv), (&played, &trace), &ctx);
            }
            // The move that hits the crates most, so that games break the wall.
            let Some((.., mv)) = best else { break };
            game.play(mv).unwrap();
        }
    }
    // Moves of every kind were checked: locks broken, crates hit, the level won.
    assert!(checked > 800, "only {checked} moves checked");
    assert!(unlocked > 200, "only {unlocked} locks broken");
    assert!(hits > 300, "only {hits} hits on crates");
    assert!(won > 10, "only {won} moves won the level");
}

/// Whether `mv` is a combo (two specials swapped, or a colour bomb swapped with
/// anything), and whether it swaps a special at all.
fn specials_in<R: match3_core::Rules>(game: &Game<R>, mv: Move) -> (bool, bool) {
    let Move::Swap(a, b) = mv else {
        return (false, false);
    };
    let piece = |p| game.board().at(p).piece();
    let special = |p| piece(p).is_some_and(|p| p.special().is_some());
    let bomb = |p| piece(p).is_some_and(|p| p.color().is_none());
    let combo = special(a) && special(b) || bomb(a) || bomb(b);
    (combo, special(a) || special(b))
}
