//! One bot decision or one move list, repeated on the benchmarks' board (8×8 unless a side
//! is given, seed 12345, 6 colours, rules behind `Box<dyn Rules>` as in
//! `benches/engine.rs`): the driver for
//! counting the instructions of a single decision under callgrind, where criterion's
//! clock is too noisy.
//!
//! `cargo bench -p match3-benches --bench decisions -- [WHAT] [RULES] [TIMES] [SIDE]`
//! with `RULES` a bundled variant (`lines`, `clusters`, `finite`, …), `SIDE` the board's side (8, 16 or
//! 32 are the benchmarks' boards) and `WHAT` one of:
//!
//! - `greedy`: a `GreedyBot` decision (whole cascades);
//! - `greedy-known`: one on the known cascade (`Horizon::Known`, the `greedy-known` bot);
//! - `greedyN` for a number `N`: one that resolves each candidate's first `N` phases only
//!   (`Horizon::Phases(N)`);
//! - `mcts`: an `MctsBot` decision (default budget: 800 playouts);
//! - `lookahead`: a `LookaheadBot` decision (default samples and beam);
//! - `list`: every legal move into a reused buffer (`legal_moves_into`);
//! - `visit`: the same through `for_each_legal_move`, pushing each move;
//! - `find`: the rules' `find_matches`;
//! - `playout`: 20 random moves played from the new game (`RandomBot`, no trace), as the
//!   `random_playout_20` benchmark plays them;
//! - `horizons`: `TIMES` seeded games of 50 moves for each of those horizons (1, 2 and 3
//!   phases, known, whole), printing each one's mean score: what a horizon costs or
//!   gains in play strength.
//!
//! Under callgrind:
//! `valgrind --tool=callgrind $(cargo bench -p match3-benches --bench decisions --no-run 2>&1 | grep -o '/.*decisions-[0-9a-f]*') greedy clusters 1000`,
//! then divide the instructions by `TIMES` (start-up is a few hundred thousand).

use std::hint::black_box;
use std::num::NonZeroU32;

use match3_bots::{AnyBot, Bot, GreedyBot, LookaheadBot, MctsBot, RandomBot};
use match3_core::{
    Game, GameConfig, Horizon, NoTrace, Rules, Size, for_each_legal_move, legal_moves_into,
};

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or(default.to_string());
    let times: usize = arg(2, "1000").parse().expect("a number of times");
    let variants = match3_cli::Registry::builtin();
    let rules = match variants.get(&arg(1, "clusters")) {
        Ok(variant) => variant.rules(),
        Err(e) => panic!("{e}"),
    };
    let config = GameConfig {
        size: {
            let side: usize = arg(3, "8").parse().expect("a side");
            Size::new(side, side).expect("a side from 1 to 32")
        },
        colors: 6,
        seed: 12345,
        blocker_percent: 0,
    };
    let what = arg(0, "greedy");
    let answers = match what.as_str() {
        "horizons" => horizons(&*rules, config, times),
        "list" | "visit" | "find" => lists(&what, &*rules, config, times),
        "playout" => playouts(&*rules, config, times),
        _ => decisions(&what, &*rules, config, times),
    };
    println!("{times} times, {answers} answers");
}

/// `times` decisions of the bot `what` names on the new game of `config`; how many found
/// a move.
fn decisions(what: &str, rules: &dyn Rules, config: GameConfig, times: usize) -> usize {
    let game = Game::new(rules, config).expect("a new game");
    let mut bot = match what {
        "mcts" => AnyBot::Mcts(MctsBot::new(1)),
        "lookahead" => AnyBot::Lookahead(LookaheadBot::new(1)),
        what if what.starts_with("greedy") => {
            let horizon = match &what["greedy".len()..] {
                "" => Horizon::Cascade,
                "-known" => Horizon::Known,
                n => Horizon::Phases(n.parse().expect("greedyN with N a number above 0")),
            };
            AnyBot::Greedy(GreedyBot::with_horizon(1, horizon))
        }
        other => panic!(
            "unknown {other}: greedy, greedyN, mcts, lookahead, list, visit, find, playout or horizons"
        ),
    };
    (0..times)
        .filter(|_| bot.choose(black_box(&game)).is_some())
        .count()
}

/// `times` playouts of 20 random moves from the new game of `config`; the moves played.
fn playouts(rules: &dyn Rules, config: GameConfig, times: usize) -> usize {
    let start = Game::new(rules, config).expect("a new game");
    let mut played = 0;
    for _ in 0..times {
        let (mut game, mut bot) = (start.clone(), RandomBot::new(3));
        for _ in 0..20 {
            let Some(mv) = bot.choose(black_box(&game)) else {
                break;
            };
            game.play_with(mv, &mut NoTrace).expect("a legal move");
            played += 1;
        }
    }
    played
}

/// `times` move lists (`list`, `visit`) or detections (`find`) on the new board of
/// `config`; the moves or matches found, summed.
fn lists(what: &str, rules: &dyn Rules, config: GameConfig, times: usize) -> usize {
    let board = Game::new(rules, config)
        .expect("a new game")
        .board()
        .clone();
    let mut out = Vec::new();
    let mut answers = 0;
    for _ in 0..times {
        out.clear();
        answers += match what {
            "list" => {
                legal_moves_into(rules, black_box(&board), &mut out);
                out.len()
            }
            "visit" => {
                for_each_legal_move(rules, black_box(&board), |m| {
                    out.push(m);
                    true
                });
                out.len()
            }
            _ => rules.find_matches(black_box(&board)).len(),
        };
    }
    answers
}

/// `times` seeded games of 50 moves for each greedy horizon, printing each one's mean
/// score.
fn horizons(rules: &dyn Rules, config: GameConfig, times: usize) -> usize {
    let phases = |n| Horizon::Phases(NonZeroU32::new(n).expect("not zero"));
    let horizons = [
        phases(1),
        phases(2),
        phases(3),
        Horizon::Known,
        Horizon::Cascade,
    ];
    for horizon in horizons {
        let mut total = 0u64;
        for seed in 0..times as u64 {
            let config = GameConfig { seed, ..config };
            let mut game = Game::new(rules, config).expect("a new game");
            let mut bot = GreedyBot::with_horizon(seed, horizon);
            for _ in 0..50 {
                let Some(mv) = bot.choose(&game) else { break };
                if game.play(mv).is_err() {
                    break;
                }
            }
            total += game.score();
        }
        println!("{horizon:?}: mean score {:.1}", total as f64 / times as f64);
    }
    0
}
