//! What extension costs: random games (8×8, 5 colours, 50 moves) of the stock lines and
//! clusters beside the example variants that change them (`lightning`: lines plus a
//! special; `bent`: clusters with only detection replaced, on the planes), and greedy
//! decisions (8×8, 6 colours) for lines and a diagonal-runs variant written with only
//! `find_matches` (cell by cell) or on the colour planes.
//! `cargo bench -p match3-benches --bench extension`; the ratios are in BENCHMARKS.md.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use match3_bots::{Bot, GreedyBot};
use match3_clusters::Clusters;
use match3_core::{Game, GameConfig, GameRng, Rules, Size};
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

/// One seeded random game of 50 moves from a fresh copy of `game`; the moves made.
fn random_game<R: Rules + Clone>(game: &Game<R>, seed: u64) -> u32 {
    let mut game = game.clone();
    let mut rng = GameRng::new(seed);
    for _ in 0..50 {
        let Some(mv) = game.pick_legal_move(|n| rng.below(n as u32) as usize) else {
            break;
        };
        game.play_with(mv, &mut match3_core::NoTrace).unwrap();
    }
    game.moves()
}

fn random_games_of<R: Rules + Clone>(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    rules: R,
) {
    let game = Game::new(rules, GameConfig::new(7)).unwrap();
    // Games that end early would make a variant look fast: say how long they ran.
    let moves: u32 = (1..=20).map(|seed| random_game(&game, seed)).sum();
    eprintln!(
        "{name}: {:.1} moves a game on average",
        f64::from(moves) / 20.0
    );
    let mut seed = 0;
    g.bench_function(name, |b| {
        b.iter(|| {
            seed += 1;
            random_game(black_box(&game), seed)
        })
    });
}

fn random(c: &mut Criterion) {
    let mut g = c.benchmark_group("extension_random_game");
    random_games_of(&mut g, "lines", Lines);
    random_games_of(&mut g, "lightning", match3_example_lightning::lightning());
    random_games_of(&mut g, "clusters", Clusters::swap());
    random_games_of(&mut g, "bent", match3_example_bent::bent());
    g.finish();
}

criterion_group!(benches, random, greedy);
criterion_main!(benches);
