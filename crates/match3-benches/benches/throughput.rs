//! Simulation throughput for one variant and bot, with the rules' concrete type (no
//! `dyn Rules`): the quick driver for profiling the engine without building the CLI.
//!
//! `cargo bench -p match3-benches --bench throughput -- [RULES] [BOT] [GAMES] [MOVES] [JOBS]`
//!
//! Prints the moves and phases played and the sum of the scores (a digest that must not
//! change when the engine only gets faster) and moves per second. Under callgrind:
//! `valgrind --tool=callgrind $(cargo bench -p match3-benches --bench throughput --no-run 2>&1 | grep -o '/.*throughput-[0-9a-f]*') lines random 30 200 1`.

use match3_bots::{BotKind, Plan, Report, simulate};
use match3_clusters::Clusters;
use match3_core::{GameConfig, Rules};
use match3_finite::Finite;
use match3_lines::Lines;

#[path = "diagonal.rs"]
#[allow(dead_code)] // the naive variant is the extension benchmark's
mod diagonal;

fn run<R: Rules, F: Fn() -> R + Sync>(rules: F, plan: Plan, jobs: usize) -> Report {
    simulate(rules, plan, jobs, &|| {}).expect("the simulation runs")
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or(default.to_string());
    let number = |i: usize, default: &str| arg(i, default).parse::<u32>().expect("a number");
    let bot = BotKind::named(&arg(1, "random")).expect("a bot name");
    let plan = Plan {
        config: GameConfig {
            colors: 6,
            ..GameConfig::new(1)
        },
        bot,
        games: number(2, "30"),
        moves: number(3, "200"),
    };
    let jobs = number(4, "1") as usize;
    let report = match arg(0, "lines").as_str() {
        "lines" => run(|| Lines, plan, jobs),
        "clusters" => run(Clusters::swap, plan, jobs),
        "finite" => run(|| Finite, plan, jobs),
        "bent" => run(match3_example_bent::bent, plan, jobs),
        "lightning" => run(match3_example_lightning::lightning, plan, jobs),
        "diagonal-planes" => run(diagonal::diagonal_planes, plan, jobs),
        other => panic!(
            "unknown rules {other}: lines, clusters, finite, bent, lightning or diagonal-planes"
        ),
    };
    println!(
        "{} moves, {} phases, score sum {}, {:.0} moves/s",
        report.moves(),
        report.stats.phases,
        report.stats.score_sum,
        report.moves_per_second()
    );
}
