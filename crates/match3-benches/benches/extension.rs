//! What extension costs: greedy decisions (8×8, 6 colours) for lines, and for a
//! diagonal-runs variant written with only `find_matches` (cell by cell) or on the colour
//! planes. `cargo bench -p match3-benches --bench extension`; the ratios are in BENCHMARKS.md.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use match3_bots::{Bot, GreedyBot};
use match3_core::{Game, GameConfig, Rules, Size};
use match3_lines::Lines;

#[path = "diagonal.rs"]
mod diagonal;

fn greedy(c: &mut Criterion) {
    let config = GameConfig {
        size: Size::new(8, 8).unwrap(),
        colors: 6,
        seed: 12345,
        blocker_percent: 0,
    };
    let variants: [(&str, Box<dyn Rules>); 3] = [
        ("lines", Box::new(Lines)),
        ("diagonal-naive", Box::new(diagonal::diagonal_naive())),
        ("diagonal-planes", Box::new(diagonal::diagonal_planes())),
    ];
    let mut g = c.benchmark_group("extension_greedy_decision");
    for (name, rules) in variants {
        let game = Game::new(rules, config).unwrap();
        let mut bot = GreedyBot::new(1);
        g.bench_function(name, |b| b.iter(|| bot.choose(black_box(&game))));
    }
    g.finish();
}

criterion_group!(benches, greedy);
criterion_main!(benches);
