//! A deadlock's shuffle under a probe (how MCTS plays its futures): a move that leaves
//! no legal move on a level that shuffles is shuffled on the bit planes, by the same
//! draws as the game's own turn, so the probe's future stays on the planes.

use match3_core::{Game, GameConfig, Level, Size, Status};
use match3_lines::Lines;

use crate::common::{CountedRuns, probe_agrees};

#[test]
fn a_probe_shuffles_a_deadlocked_board_on_the_planes_as_the_game_does() {
    // Seven colours on a small board: deadlocks are common.
    let rules = Lines.variant().with_detect(CountedRuns);
    let level = Level {
        shuffle: Some(true),
        ..Level::default()
    };
    let mut shuffled = 0;
    for seed in 0..40 {
        let config = GameConfig {
            size: Size::new(6, 6).unwrap(),
            colors: 7,
            ..GameConfig::new(seed)
        };
        let mut game = Game::new(&rules, config).unwrap();
        game = game.with_level(level.clone()).unwrap();
        for _ in 0..20 {
            let mut probe = game.probe();
            let moves = game.legal_moves();
            for &mv in &moves {
                let mut played = game.clone();
                let trace = played.play(mv).unwrap();
                if trace.shuffle.is_none() {
                    continue;
                }
                shuffled += 1;
                let ctx = format!("{mv} on {} (seed {seed})", game.board());
                probe_agrees(&mut probe, (&game, mv), (&played, &trace), &ctx);
            }
            match moves.first() {
                Some(&mv) if game.status() == Status::Playable => game.play(mv).unwrap(),
                _ => break,
            };
        }
    }
    assert!(shuffled >= 10, "only {shuffled} shuffles met");
}
