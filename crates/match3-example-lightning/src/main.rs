//! `match3-lightning`: the whole `match3` command line (every command, level files,
//! saved games, the browser playground) with the lightning variant beside the bundled
//! ones. `match3-lightning simulate --rules lightning --bot greedy`, `match3-lightning
//! serve`, or a level file with `rules = "lightning"`.

fn main() -> std::process::ExitCode {
    match3_cli::App::with_builtin_variants()
        .variant(match3_example_lightning::variant())
        .run()
}
