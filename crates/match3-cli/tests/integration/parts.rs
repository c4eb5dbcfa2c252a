//! A registered variant whose part misbehaves: the commands report the engine's error
//! (exit status 2, or an engine error counted by a simulation), never a panic.

use std::process::ExitCode;

use match3_cli::{App, Variant};
use match3_core::detect::{Detect, LineRuns};
use match3_core::gravity::{Falls, Gravity};
use match3_core::refill::Uniform;
use match3_core::{Board, CellSet};

/// Runs of three whose detection panics on every board: a new game cannot be made.
struct Panics;
impl Detect for Panics {
    fn find_matches(&self, _: &Board) -> CellSet {
        panic!("no boards today")
    }
}

/// Gravity that panics: the first move that clears something fails.
struct Heavy;
impl Gravity for Heavy {
    fn settle(&self, _: &mut Falls<'_>) {
        panic!("too heavy")
    }
}

fn app() -> App {
    App::new()
        .variant(Variant::new("broken-detect", "panics", || {
            match3_core::Variant::new("broken-detect", Panics)
        }))
        .variant(Variant::new(
            "broken-gravity",
            "panics when pieces fall",
            || {
                match3_core::Variant::new("broken-gravity", LineRuns::new(3))
                    .with_refill(Uniform)
                    .with_gravity(Heavy)
            },
        ))
}

fn run(args: &[&str]) -> ExitCode {
    app().run_with(std::iter::once("match3").chain(args.iter().copied()))
}

#[test]
fn a_part_that_panics_is_an_error_not_a_crash() {
    // Reached at all means nothing unwound through the command.
    assert_eq!(run(&["new", "--rules", "broken-detect"]), ExitCode::from(2));
    // `resolve` reports a move it could not play, the part's error included, and the
    // unchanged board.
    let resolve = [
        "resolve",
        "--rules",
        "broken-gravity",
        "--board",
        "AAAB/BCDC/CDBD",
    ];
    assert_eq!(run(&resolve), ExitCode::SUCCESS);
    // A simulation counts the failed games as engine errors and finishes.
    let simulate = [
        "simulate",
        "--rules",
        "broken-gravity",
        "--games",
        "3",
        "--seed",
        "1",
    ];
    let code = run(&simulate);
    assert!(
        code == ExitCode::SUCCESS || code == ExitCode::from(2),
        "{code:?}"
    );
}
