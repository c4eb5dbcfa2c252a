//! The strength ladder: every bot on the same seeded games, mean score per variant and
//! pass rate per sample level.
//!
//! `cargo run --release -p match3-bots --example ladder [GAMES] [MOVES]`

use match3_bots::{BotKind, Plan, simulate, simulate_games};
use match3_clusters::Clusters;
use match3_core::{GameConfig, Rules};
use match3_lines::Lines;

fn rules_named(name: &str) -> Box<dyn Rules + Send + Sync> {
    match name {
        "lines" => Box::new(Lines),
        "clusters" => Box::new(Clusters::swap()),
        "clusters-tap" => Box::new(Clusters::tap()),
        "clusters-drop" => Box::new(Clusters::drop()),
        _ => Box::new(match3_finite::Finite),
    }
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u32>().expect("a number"));
    let games = args.next().unwrap_or(20);
    let moves = args.next().unwrap_or(30);
    println!("mean score, {games} games x {moves} moves, 8x8, 5 colours, seed 1");
    for name in ["lines", "clusters"] {
        let rules = || rules_named(name);
        print!("{name:<10}");
        for bot in BotKind::ALL {
            let plan = Plan {
                config: GameConfig::new(1),
                bot,
                games,
                moves,
            };
            let clock = std::time::Instant::now();
            let report = simulate(rules, plan, 0, &|| {}).expect("runs");
            print!(
                "  {}: {:.0} ({:.1} s)",
                bot.name(),
                report.mean_score(),
                clock.elapsed().as_secs_f64()
            );
        }
        println!();
    }
    println!("pass rate, {games} games per level, seed 1");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        let file = match3_levels::LevelFile::read(&path).expect("a level");
        print!("{:<24}", file.name);
        for bot in BotKind::ALL {
            let plan = Plan {
                config: GameConfig::new(1),
                bot,
                games,
                moves: file.level.moves.unwrap_or(moves),
            };
            let start = |seed| {
                file.start(rules_named(&file.rules), seed)
                    .map_err(|e| panic!("{e}"))
            };
            let report = simulate_games(start, plan, 0, &|| {}).expect("runs");
            print!("  {}: {:>3.0}%", bot.name(), 100.0 * report.pass_rate());
        }
        println!();
    }
}
