//! What [`Matches::groups`] costs beside the detection that found the matches: on
//! seeded random 8×8 boards (5 colours, those with a match), `ITERS` rounds of either
//! detection alone or detection followed by splitting its matches into groups.
//!
//! `cargo bench -p match3-benches --bench groups -- [detect|groups] [lines|diagonal] ITERS`
//! prints a digest. Under callgrind, run it for two `ITERS` and difference the totals:
//! the per-round cost of each mode, and their difference the cost of `groups()`.

use std::hint::black_box;

use match3_core::detect::{LineRuns, Planes};
use match3_core::{Board, Detect, Matches};

#[path = "diagonal.rs"]
#[allow(dead_code)] // only the plane rule is measured here
mod diagonal;

/// Seeded random boards with at least one match.
fn boards(detect: &dyn Fn(&Board) -> usize) -> Vec<Board> {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let mut out = Vec::new();
    while out.len() < 64 {
        let text: Vec<String> = (0..8)
            .map(|_| (0..8).map(|_| (b'A' + next(5) as u8) as char).collect())
            .collect();
        let board: Board = text.join("/").parse().expect("valid notation");
        if detect(&board) > 0 {
            out.push(board);
        }
    }
    out
}

fn run<D: Detect>(detect: D, groups: bool, iters: u32) -> usize {
    let boards = boards(&|b| detect.find_matches(b).len());
    let mut digest = 0;
    for _ in 0..iters {
        for board in &boards {
            let cells = detect.find_matches(black_box(board));
            digest += cells.len();
            if groups {
                digest += Matches::new(board, &cells).groups().count();
            }
        }
    }
    digest
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or(default.to_string());
    let groups = arg(0, "groups") == "groups";
    let iters = arg(2, "100").parse().expect("a number");
    let digest = match arg(1, "lines").as_str() {
        "lines" => run(LineRuns::new(3), groups, iters),
        "diagonal" => run(Planes(diagonal::Diagonals), groups, iters),
        other => panic!("unknown detection {other}: lines or diagonal"),
    };
    println!("digest {digest}");
}
