//! Criterion benchmarks for every variant at 8×8, 16×16 and 32×32 (6 colours; lines also
//! with 10% blockers). Run with `cargo bench -p match3-benches --bench engine`; BENCHMARKS.md has the
//! medians. Boards are seeded new games, so every run measures the same positions.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use match3_bots::{Bot, BotKind, GreedyBot, LookaheadBot, MctsBot, RandomBot};
use match3_clusters::Clusters;
use match3_core::{
    Board, Game, GameConfig, GameRng, Horizon, Move, NoTrace, Probe, Rules, Size, any_legal_move,
    for_each_legal_move, gravity, legal_moves_into,
};
use match3_finite::Finite;
use match3_lines::Lines;

const SIDES: [usize; 3] = [8, 16, 32];

fn config(side: usize, blockers: u8) -> GameConfig {
    GameConfig {
        size: Size::new(side, side).unwrap(),
        colors: 6,
        seed: 12345,
        blocker_percent: blockers,
    }
}

/// (label, rules, blocker percent)
fn variants() -> Vec<(&'static str, Box<dyn Rules + Send + Sync>, u8)> {
    vec![
        ("lines", Box::new(Lines), 0),
        ("lines-blockers", Box::new(Lines), 10),
        ("finite", Box::new(Finite), 0),
        ("clusters", Box::new(Clusters::swap()), 0),
    ]
}

fn detection(c: &mut Criterion) {
    let mut g = c.benchmark_group("find_matches");
    for (name, rules, blockers) in variants() {
        for side in SIDES {
            let game = Game::new(&*rules, config(side, blockers)).unwrap();
            let board = game.board().clone();
            g.bench_with_input(BenchmarkId::new(name, side), &board, |b, board| {
                b.iter(|| rules.find_matches(black_box(board)))
            });
        }
    }
    g.finish();
}

/// Move generation from scratch (the free functions), not a game's cached move list.
fn moves(c: &mut Criterion) {
    // Each variant's new-game board at each side, shared by the three groups.
    let setups: Vec<_> = variants()
        .into_iter()
        .map(|(name, rules, blockers)| {
            let boards: Vec<Board> = SIDES
                .iter()
                .map(|&side| {
                    let game = Game::new(&*rules, config(side, blockers)).unwrap();
                    game.board().clone()
                })
                .collect();
            (name, rules, boards)
        })
        .collect();
    let each = || {
        setups.iter().flat_map(|(name, rules, boards)| {
            SIDES
                .iter()
                .zip(boards)
                .map(move |(&side, board)| (BenchmarkId::new(*name, side), &**rules, board))
        })
    };
    let mut list = c.benchmark_group("legal_moves");
    for (id, rules, board) in each() {
        let mut out = Vec::new();
        list.bench_function(id, |b| {
            b.iter(|| {
                legal_moves_into(rules, black_box(board), &mut out);
                out.len()
            })
        });
    }
    list.finish();
    // The same list through the visitor, one call per move.
    let mut visit = c.benchmark_group("visit_legal_moves");
    for (id, rules, board) in each() {
        let mut out = Vec::new();
        visit.bench_function(id, |b| {
            b.iter(|| {
                out.clear();
                for_each_legal_move(rules, black_box(board), |m| {
                    out.push(m);
                    true
                });
                out.len()
            })
        });
    }
    visit.finish();
    // One list on each of 64 seeded 8×8 boards per iteration, as a bot lists a new board
    // every turn: with the same board every time, the processor learns the list's
    // branches, which a real game does not let it do.
    let mut many = c.benchmark_group("legal_moves_64_boards");
    for (name, rules, blockers) in variants() {
        let boards: Vec<Board> = (seeded_games(&*rules, blockers).iter())
            .map(|game| game.board().clone())
            .collect();
        let mut out = Vec::new();
        many.bench_function(BenchmarkId::new(name, 8), |b| {
            b.iter(|| {
                boards
                    .iter()
                    .map(|board| {
                        legal_moves_into(&*rules, black_box(board), &mut out);
                        out.len()
                    })
                    .sum::<usize>()
            })
        });
    }
    many.finish();
    let mut any = c.benchmark_group("any_legal_move");
    for (id, rules, board) in each() {
        any.bench_function(id, |b| b.iter(|| any_legal_move(rules, black_box(board))));
    }
    any.finish();
}

fn gravity_bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("gravity");
    for side in SIDES {
        // Every third cell emptied: plenty to fall.
        let game = Game::new(Lines, config(side, 10)).unwrap();
        let mut holed = game.board().clone();
        for (i, pos) in holed.size().positions().enumerate() {
            if i % 3 == 0 {
                holed.set(pos, match3_core::Cell::Empty, 0).unwrap();
            }
        }
        let mut work = holed.clone();
        g.bench_function(BenchmarkId::new("lines-blockers", side), |b| {
            b.iter(|| {
                work.clone_from(&holed);
                gravity::straight(&mut work, &mut NoTrace);
            })
        });
    }
    g.finish();
}

fn turns(c: &mut Criterion) {
    let mut traced = c.benchmark_group("turn_with_trace");
    for (name, rules, blockers) in variants() {
        for side in SIDES {
            let game = Game::new(&*rules, config(side, blockers)).unwrap();
            let mv = game.legal_moves()[0];
            traced.bench_function(BenchmarkId::new(name, side), |b| {
                b.iter_batched_ref(
                    || game.clone(),
                    |g| g.play(mv).unwrap(),
                    criterion::BatchSize::SmallInput,
                )
            });
        }
    }
    traced.finish();
    let mut spec = c.benchmark_group("speculate");
    for (name, rules, blockers) in variants() {
        for side in SIDES {
            let game = Game::new(&*rules, config(side, blockers)).unwrap();
            let mv = game.legal_moves()[0];
            let mut scratch = game.snapshot();
            spec.bench_function(BenchmarkId::new(name, side), |b| {
                b.iter(|| game.speculate(black_box(mv), &mut scratch).unwrap())
            });
        }
    }
    spec.finish();
}

fn bots(c: &mut Criterion) {
    let mut greedy = c.benchmark_group("greedy_decision");
    for (name, rules, blockers) in variants() {
        for side in SIDES {
            let game = Game::new(&*rules, config(side, blockers)).unwrap();
            let mut bot = GreedyBot::new(1);
            greedy.bench_function(BenchmarkId::new(name, side), |b| {
                b.iter(|| bot.choose(black_box(&game)))
            });
        }
    }
    greedy.finish();
    // One decision on each of 64 seeded 8×8 boards per iteration (time for all 64): the
    // benchmark board's 19 candidate moves (lines) are more than most boards offer, so
    // this is the figure per decision to set beside a measure taken over many boards.
    let mut many = c.benchmark_group("greedy_decision_64_boards");
    for (name, rules, blockers) in variants() {
        let games = seeded_games(&*rules, blockers);
        let mut bot = GreedyBot::new(1);
        many.bench_function(BenchmarkId::new(name, 8), |b| {
            b.iter(|| {
                (games.iter())
                    .filter_map(|game| bot.choose(black_box(game)))
                    .count()
            })
        });
    }
    many.finish();
    // The greedy bot on the known cascade (`greedy-known`), where refills make it differ.
    let mut known = c.benchmark_group("greedy_known_decision");
    for (name, rules, blockers) in variants() {
        if !rules.refills() {
            continue;
        }
        for side in SIDES {
            let game = Game::new(&*rules, config(side, blockers)).unwrap();
            let mut bot = GreedyBot::with_horizon(1, Horizon::Known);
            known.bench_function(BenchmarkId::new(name, side), |b| {
                b.iter(|| bot.choose(black_box(&game)))
            });
        }
    }
    known.finish();
    let mut playout = c.benchmark_group("random_playout_20");
    for (name, rules, blockers) in variants() {
        for side in SIDES {
            let start = Game::new(&*rules, config(side, blockers)).unwrap();
            playout.bench_function(BenchmarkId::new(name, side), |b| {
                b.iter_batched_ref(
                    || (start.clone(), RandomBot::new(3)),
                    |(game, bot)| playout_20(game, bot),
                    criterion::BatchSize::SmallInput,
                )
            });
        }
    }
    playout.finish();
    // The same 20 random moves on a probe (`Game::probe`), the scratch game searches play
    // their futures on: no piece ids, no copy to restore, on the planes where they serve.
    // The yardstick's playout (bit planes, no ids) is closer to this than to a game's.
    let mut probed = c.benchmark_group("random_playout_20_probe");
    for (name, rules, blockers) in variants() {
        let start = Game::new(&*rules, config(8, blockers)).unwrap();
        probed.bench_function(BenchmarkId::new(name, 8), |b| {
            b.iter_batched_ref(
                || (start.probe(), GameRng::new(3)),
                |(probe, rng)| probe_playout_20(probe, rng),
                criterion::BatchSize::SmallInput,
            )
        });
    }
    probed.finish();
    // The same from each of 64 seeded 8×8 boards in turn (time for all 64 playouts).
    let mut many = c.benchmark_group("random_playout_20_64_boards");
    for (name, rules, blockers) in variants() {
        let starts = seeded_games(&*rules, blockers);
        many.bench_function(BenchmarkId::new(name, 8), |b| {
            b.iter_batched_ref(
                || (starts.clone(), RandomBot::new(3)),
                |(games, bot)| games.iter_mut().for_each(|game| playout_20(game, bot)),
                criterion::BatchSize::SmallInput,
            )
        });
    }
    many.finish();
    let _ = BotKind::Random;
}

/// The search bots at their default budgets: an MCTS decision (800 playouts of 3 random
/// moves after the tree) at every side, a look-ahead decision (3 samples, a beam of 6
/// first moves, every reply) at 8×8. The bot's generator moves on between decisions, as
/// in a game, so each iteration samples other futures from the same position.
fn search_bots(c: &mut Criterion) {
    let mut mcts = c.benchmark_group("mcts_decision");
    mcts.sample_size(10);
    for (name, rules, blockers) in variants() {
        if !matches!(name, "lines" | "clusters") {
            continue;
        }
        for side in SIDES {
            let game = Game::new(&*rules, config(side, blockers)).unwrap();
            let mut bot = MctsBot::new(1);
            mcts.bench_function(BenchmarkId::new(name, side), |b| {
                b.iter(|| bot.choose(black_box(&game)))
            });
        }
    }
    mcts.finish();
    let mut lookahead = c.benchmark_group("lookahead_decision");
    lookahead.sample_size(20);
    for (name, rules, blockers) in variants() {
        if !matches!(name, "lines" | "clusters") {
            continue;
        }
        let game = Game::new(&*rules, config(8, blockers)).unwrap();
        let mut bot = LookaheadBot::new(1);
        lookahead.bench_function(BenchmarkId::new(name, 8), |b| {
            b.iter(|| bot.choose(black_box(&game)))
        });
    }
    lookahead.finish();
}

/// New 8×8 games of seeds 0 to 63: the boards of the `*_64_boards` groups.
fn seeded_games(rules: &dyn Rules, blockers: u8) -> Vec<Game<&dyn Rules>> {
    (0..64)
        .map(|seed| {
            let config = GameConfig {
                seed,
                ..config(8, blockers)
            };
            Game::new(rules, config).unwrap()
        })
        .collect()
}

/// Up to 20 moves of `bot` on `game`, untraced.
fn playout_20<R: Rules>(game: &mut Game<R>, bot: &mut RandomBot) {
    for _ in 0..20 {
        let Some(mv): Option<Move> = bot.choose(game) else {
            break;
        };
        game.play_with(mv, &mut NoTrace).unwrap();
    }
}

/// 20 random moves on `probe`, each drawn from `rng` by its index in the legal list.
fn probe_playout_20<R: Rules + ?Sized>(probe: &mut Probe<'_, R>, rng: &mut GameRng) {
    for _ in 0..20 {
        let Some(mv) = probe.pick_legal_move(|n| rng.below(n as u32) as usize) else {
            break;
        };
        if probe.play(mv).is_err() {
            break;
        }
    }
}

/// A 20-move random playout on the two yardstick levels of `benches/levels/`: the same
/// 8×8 lines board plain and with jelly everywhere, crates and locks.
fn obstacle_levels(c: &mut Criterion) {
    let mut playout = c.benchmark_group("level_playout_20");
    for name in ["plain-8x8", "obstacles-8x8"] {
        let path = format!("{}/benches/levels/{name}.toml", env!("CARGO_MANIFEST_DIR"));
        let file = match3_levels::LevelFile::read(std::path::Path::new(&path)).unwrap();
        let start = file.start(match3_lines::Lines, 7).unwrap();
        playout.bench_function(name, |b| {
            b.iter_batched_ref(
                || (start.clone(), RandomBot::new(3)),
                |(game, bot)| playout_20(game, bot),
                criterion::BatchSize::SmallInput,
            )
        });
    }
    playout.finish();
}

criterion_group!(
    benches,
    detection,
    moves,
    gravity_bench,
    turns,
    bots,
    search_bots,
    obstacle_levels
);
criterion_main!(benches);
