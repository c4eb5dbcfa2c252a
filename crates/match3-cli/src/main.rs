//! # match3
//!
//! The command line of the match3 workspace: resolve a board, list its legal moves,
//! generate a new board, play in the terminal or the browser, let bots play many games
//! (sharded across machines if need be), or solve a no-refill board exactly, under any
//! rule variant.
//!
//! ```text
//! match3 resolve --rules finite --board AABC/BCAB/CBAC/ABCA --swap 0,2 1,2 --json
//! match3 moves   --rules finite --board AABC/BCAB/CBAC/ABCA --json
//! match3 new     --rules finite --size 4x4 --colors 4 --seed 7
//! match3 play    --rules finite --preset teaching
//! match3 simulate --rules lines --bot greedy --games 100 --moves 50 --seed 1 --jobs 2
//! match3 compare  --games 50 --moves 50
//! match3 serve    --port 8080            # the browser playground
//! match3 solve    --rules finite --board teaching --goal score --json
//! match3 compare  --bots random,greedy,lookahead,mcts --plot ladder.svg
//! match3 simulate --rules lines --games 1000 --shard 0/4 --json > s0.json   # then: match3 merge s*.json
//! ```
//!
//! `--board` takes notation or a preset name (`teaching`, `cross`). A move the rules reject
//! is an answer, not a usage error: `resolve --json` prints `"legal": false` with the reason
//! and exits 0. Malformed arguments or notation print to stderr and exit 2.
//!
//! The program is [`match3_cli::App`] over the bundled variants; a rule crate builds the
//! same command line with its own variants added.

fn main() -> std::process::ExitCode {
    match3_cli::App::with_builtin_variants().run()
}
