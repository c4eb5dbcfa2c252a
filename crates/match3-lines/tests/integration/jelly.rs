//! Jelly under a probe (how MCTS plays its futures) and the score-only look-ahead (how
//! the greedy bot ranks moves): a board whose only obstacle is jelly plays on the bit
//! planes, each cleared cell losing a layer there as on the cells, and a level whose
//! goal is the jelly is won there.

use match3_core::refill::Uniform;
use match3_core::{Game, GameConfig, Goal, Layers, Leftover, Level, Pos, Size, Status, Variant};

use crate::common::{CountedRuns, look_ahead_agrees, probe_agrees};

#[test]
fn jelly_plays_on_the_planes_as_on_the_cells() {
    // Runs of three without specials: every move of these games can play on the planes.
    let rules = Variant::new("threes", CountedRuns).with_refill(Uniform);
    // A ring of jelly round a 6 × 6 board, two layers in the corners.
    let jelly = |seed: u64| {
        let config = GameConfig {
            size: Size::new(6, 6).unwrap(),
            colors: 5,
            ..GameConfig::new(seed)
        };
        let mut board = Game::new(&rules, config).unwrap().board().clone();
        for r in 0..6u8 {
            for c in 0..6u8 {
                let edges = u8::from(r % 5 == 0) + u8::from(c % 5 == 0);
                let layers = Layers {
                    jelly: edges.min(2),
                    locked: false,
                };
                board.set_layers(Pos::new(r, c), layers).unwrap();
            }
        }
        board
    };
    let level = Level {
        moves: Some(25),
        goals: vec![Goal::Jelly],
        leftover: Leftover::Bonus,
        ..Level::default()
    };
    let (mut layers, mut won) = (0, 0);
    for seed in 0..12 {
        let game = Game::from_board(&rules, jelly(seed), seed).unwrap();
        let mut game = game.with_level(level.clone()).unwrap();
        while game.status() == Status::Playable {
            let (mut probe, mut scores) = (game.probe(), game.score_scratch());
            let mut best = None;
            for mv in game.legal_moves() {
                let mut played = game.clone();
                let trace = played.play(mv).unwrap();
                let ctx = format!("{mv} on {} (seed {seed})", game.board());
                probe_agrees(&mut probe, (&game, mv), (&played, &trace), &ctx);
                assert_eq!(probe.goal_units(), played.state().goal_units(&level));
                let look = (&mut scores, &level);
                look_ahead_agrees(look, (&game, mv), (&played, &trace), &ctx);
                let before = game.state().tally().cleared.jelly;
                let gained = played.state().tally().cleared.jelly - before;
                layers += gained;
                won += usize::from(played.status() == Status::Won);
                best = best.max(Some((gained, trace.score(), mv)));
            }
            // The move that clears the most jelly, so that games reach the goal.
            let Some((.., mv)) = best else { break };
            game.play(mv).unwrap();
        }
    }
    // Layers were cleared, some from cells with two, and futures won the level.
    assert!(layers > 100, "only {layers} layers cleared");
    assert!(won > 0, "no move won the level");
}
