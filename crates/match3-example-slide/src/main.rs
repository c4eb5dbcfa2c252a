//! `match3-slide`: the whole `match3` command line (every command, level files, saved
//! games, the browser playground) with the slide variant beside the bundled ones.
//! `match3-slide resolve --rules slide --board …`, `match3-slide serve`, or a level file
//! with `rules = "slide"` (any level can also say `gravity = "slide"` for its variant).

fn main() -> std::process::ExitCode {
    match3_cli::App::with_builtin_variants()
        .variant(match3_cli::Variant::new(
            "slide",
            "Lines where pieces slide diagonally into the cells under crates and locks.",
            match3_example_slide::slide,
        ))
        .run()
}
