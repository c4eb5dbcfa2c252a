//! How long the solver takes by board size: random finite boards (uniform colours, no
//! planted shapes), solved for best score and for the fewest moves to clear.
//!
//! `cargo bench -p match3-benches --bench solver_sizes -- [BOARDS]`

use std::time::{Duration, Instant};

use match3_core::{Game, GameRng};
use match3_finite::Finite;
use match3_solver::{Limits, Objective, solve};

fn random_board(rng: &mut GameRng, rows: usize, cols: usize, colors: u32) -> String {
    let rows: Vec<String> = (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| (b'A' + rng.below(colors) as u8) as char)
                .collect()
        })
        .collect();
    rows.join("/")
}

fn main() {
    let boards: usize = std::env::args()
        .skip(1)
        .find(|a| a != "--bench")
        .map_or(100, |n| n.parse().expect("a count"));
    println!("size  colours  goal   boards  median      max         max nodes  not proven");
    for (rows, cols, colors) in [
        (4, 4, 3),
        (5, 5, 4),
        (5, 5, 3),
        (6, 6, 4),
        (6, 6, 5),
        (7, 7, 5),
        (8, 8, 6),
    ] {
        for objective in [Objective::Score, Objective::Clear] {
            let mut rng = GameRng::new((rows * 100 + cols * 10 + colors as usize) as u64);
            let mut times = Vec::new();
            let (mut max_nodes, mut unproven) = (0, 0);
            for _ in 0..boards {
                let text = random_board(&mut rng, rows, cols, colors);
                let game =
                    Game::from_board(Finite, text.parse().expect("valid"), 0).expect("a game");
                let clock = Instant::now();
                let found = solve(&game, objective, Limits::default()).expect("solvable rules");
                times.push(clock.elapsed());
                max_nodes = max_nodes.max(found.nodes);
                unproven += usize::from(!found.optimal);
            }
            times.sort();
            let ms = |d: Duration| format!("{:.3} ms", d.as_secs_f64() * 1e3);
            println!(
                "{rows}x{cols}   {colors}        {:<6} {boards:<7} {:<11} {:<11} {max_nodes:<10} {unproven}",
                format!("{objective:?}").to_lowercase(),
                ms(times[times.len() / 2]),
                ms(times[times.len() - 1]),
            );
        }
    }
}
