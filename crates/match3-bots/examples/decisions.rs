//! One bot decision or one move list, repeated on the benchmarks' 8×8 board (seed 12345,
//! 6 colours, rules behind `Box<dyn Rules>` as in `benches/engine.rs`): the driver for
//! counting the instructions of a single decision under callgrind, where criterion's
//! clock is too noisy.
//!
//! `cargo run --release -p match3-bots --example decisions -- [WHAT] [RULES] [TIMES]`
//! with `WHAT` one of `greedy` (a `GreedyBot` decision) or `list` (every legal move into
//! a reused buffer), `RULES` one of `lines`, `clusters` or `finite`. Under callgrind:
//! `valgrind --tool=callgrind target/release/examples/decisions greedy clusters 1000`,
//! then divide the instructions by `TIMES` (start-up is a few hundred thousand).

use std::hint::black_box;

use match3_bots::{Bot, GreedyBot};
use match3_clusters::Clusters;
use match3_core::{Game, GameConfig, Rules, Size, for_each_legal_move};
use match3_finite::Finite;
use match3_lines::Lines;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or(default.to_string());
    let times: usize = arg(2, "1000").parse().expect("a number of times");
    let rules: Box<dyn Rules + Send + Sync> = match arg(1, "clusters").as_str() {
        "lines" => Box::new(Lines),
        "clusters" => Box::new(Clusters::swap()),
        "finite" => Box::new(Finite),
        other => panic!("unknown rules {other}: lines, clusters or finite"),
    };
    let config = GameConfig {
        size: Size::new(8, 8).expect("8x8 is a size"),
        colors: 6,
        seed: 12345,
        blocker_percent: 0,
    };
    let game = Game::new(&*rules, config).expect("a new game");
    let mut answers = 0usize;
    match arg(0, "greedy").as_str() {
        "greedy" => {
            let mut bot = GreedyBot::new(1);
            for _ in 0..times {
                answers += usize::from(bot.choose(black_box(&game)).is_some());
            }
        }
        "list" => {
            let board = game.board().clone();
            let mut out = Vec::new();
            for _ in 0..times {
                out.clear();
                for_each_legal_move(&*rules, black_box(&board), |m| {
                    out.push(m);
                    true
                });
                answers += out.len();
            }
        }
        other => panic!("unknown {other}: greedy or list"),
    }
    println!("{times} times, {answers} answers");
}
