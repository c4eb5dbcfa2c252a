//! Look-ahead is allocation-free once warm: a greedy decision (every candidate resolved
//! with full cascade, refill, specials) and a speculative move allocate nothing.

use match3_bots::{Bot, GreedyBot};
use match3_clusters::Clusters;
use match3_core::{Game, GameConfig, Rules};
use match3_lines::Lines;

fn greedy_allocations<R: Rules>(rules: R, seed: u64) -> u64 {
    let game = Game::new(rules, GameConfig::new(seed)).unwrap();
    let mut bot = GreedyBot::new(seed);
    // Warm up: the bot's buffers and scratch snapshot grow to size.
    for _ in 0..3 {
        bot.choose(&game);
    }
    allocation_counter::measure(|| {
        bot.choose(&game);
    })
    .count_total
}

#[test]
fn greedy_decisions_do_not_allocate_once_warm() {
    for seed in 0..10 {
        assert_eq!(greedy_allocations(Lines, seed), 0, "lines seed {seed}");
        assert_eq!(
            greedy_allocations(Clusters::swap(), seed),
            0,
            "clusters seed {seed}"
        );
    }
}

#[test]
fn speculation_does_not_allocate_once_warm() {
    let game = Game::new(Lines, GameConfig::new(4)).unwrap();
    let moves = game.legal_moves();
    let mut scratch = game.snapshot();
    for &mv in &moves {
        game.speculate(mv, &mut scratch).unwrap();
    }
    let info = allocation_counter::measure(|| {
        for &mv in &moves {
            game.speculate(mv, &mut scratch).unwrap();
        }
    });
    assert_eq!(info.count_total, 0);
}
