//! `match3-diagonal`: the whole `match3` command line (every command, level files, saved
//! games, the browser playground) with the diagonal variant beside the bundled ones.
//! `match3-diagonal moves --rules diagonal --board … --json` lists the corner swaps.

fn main() -> std::process::ExitCode {
    match3_cli::App::with_builtin_variants()
        .variant(match3_cli::Variant::new(
            "diagonal",
            "Lines where a piece also swaps corner to corner.",
            match3_example_diagonal::diagonal,
        ))
        .run()
}
