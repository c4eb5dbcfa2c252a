//! `match3-spread`: the whole `match3` command line (every command, level files, saved
//! games, the browser playground) with the spread variant beside the bundled ones.
//! `match3-spread simulate --level crates/match3-example-spread/levels/chocolate.toml`.

fn main() -> std::process::ExitCode {
    match3_cli::App::with_builtin_variants()
        .variant(match3_cli::Variant::new(
            "spread",
            "Lines with chocolate: crates spread to a piece next to them after every move that hits none.",
            match3_example_spread::spread,
        ))
        .run()
}
