//! The property suite: each function runs one invariant over many generated cases and
//! panics with the shrunk counterexample when it fails. [`rules_suite!`](crate::rules_suite)
//! turns them into `#[test]`s.
//!
//! They take the rules as `&dyn Rules`, so the suite is compiled once, in this crate,
//! whatever the number of variants a workspace tests: a rule crate's test build only
//! links it.
//!
//! Case counts follow proptest's defaults (256), raised or lowered with the
//! `PROPTEST_CASES` environment variable; the agreement properties (fast detection and
//! move generation against their slow references, [`detection`] and [`predicates`]) run
//! four times as many, since every fast path lives or dies by them.

use match3_core::{Board, CellSet, Rules};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

use crate::checks::{self, Check};
use crate::generators::{self, Features};

/// A reference detection to compare against.
pub type Oracle<'a> = Option<&'a dyn Fn(&Board) -> CellSet>;

fn runner(scale: u32) -> TestRunner {
    let config = Config::default();
    TestRunner::new(Config {
        failure_persistence: None,
        cases: config.cases.saturating_mul(scale),
        ..config
    })
}

/// Runs `test` over `strategy`, panicking with the minimal failing input.
pub fn run<S: Strategy>(name: &str, strategy: S, test: impl Fn(S::Value) -> Check)
where
    S::Value: std::fmt::Debug,
{
    run_scaled(name, 1, strategy, test);
}

/// [`run`] with `scale` times the configured number of cases.
fn run_scaled<S: Strategy>(name: &str, scale: u32, strategy: S, test: impl Fn(S::Value) -> Check)
where
    S::Value: std::fmt::Debug,
{
    let result = runner(scale).run(&strategy, |value| {
        test(value).map_err(|v| TestCaseError::fail(v.0))
    });
    if let Err(e) = result {
        panic!("invariant `{name}` failed: {e}");
    }
}

/// Every property of the suite in turn, as [`rules_suite!`](crate::rules_suite) runs them
/// as separate tests; panics at the first that fails.
pub fn all(rules: &dyn Rules, oracle: Oracle<'_>) {
    detection(rules, oracle);
    predicates(rules);
    turns(rules);
    determinism(rules);
    levels(rules);
    obstacles(rules);
    new_games(rules);
}

/// How many times the configured cases the agreement properties run.
const AGREEMENT_SCALE: u32 = 4;

/// Invariant 1 over biased boards.
pub fn detection(rules: &dyn Rules, oracle: Oracle<'_>) {
    run_scaled(
        "detection",
        AGREEMENT_SCALE,
        generators::boards(Features::of(rules)),
        |b| checks::detection(rules, &b, oracle),
    );
}

/// Invariant 2 over biased boards.
pub fn predicates(rules: &dyn Rules) {
    run_scaled(
        "predicates",
        AGREEMENT_SCALE,
        generators::boards(Features::of(rules)),
        |b| checks::predicates(rules, &b),
    );
}

/// Invariants 3–6 over seeded scenarios on biased boards.
pub fn turns(rules: &dyn Rules) {
    let cases = (
        generators::boards(Features::of(rules)),
        any::<u64>(),
        generators::picks(),
    );
    run("turns", cases, |(b, seed, picks)| {
        checks::scenario(rules, &b, seed, &picks).map(drop)
    });
}

/// Invariant 7 over seeded scenarios.
pub fn determinism(rules: &dyn Rules) {
    let cases = (
        generators::boards(Features::of(rules)),
        any::<u64>(),
        generators::picks(),
    );
    run("determinism", cases, |(b, seed, picks)| {
        checks::determinism(rules, &b, seed, &picks)
    });
}

/// Invariant 8 over seeds, sizes 4×4 to 8×8 and 4 to 6 colours.
pub fn new_games(rules: &dyn Rules) {
    let cases = (4u8..=8, 4u8..=8, 4u8..=6, any::<u64>());
    run("new games", cases, |(r, c, k, seed)| {
        checks::new_game(rules, checks::sensible_config(r, c, k, seed), true)
    });
}

/// The obstacle invariants ([`obstacles`](crate::obstacles)) over seeded scenarios on
/// biased boards with crates, jelly and locks planted, every turn also checked against
/// the slow reference of a phase and against every invariant of [`turns`].
pub fn obstacles(rules: &dyn Rules) {
    let cells = proptest::collection::vec((0u8..10, 0u8..10, 0u8..7), 1..16);
    let cases = (
        generators::boards(Features::of(rules)),
        cells,
        any::<u64>(),
        generators::picks(),
    );
    run("obstacles", cases, |(board, cells, seed, picks)| {
        let mut board = board;
        crate::obstacles::plant(&mut board, &cells);
        crate::obstacles::scenario(rules, &board, seed, &picks)
    });
}

/// The level invariants ([`levels`](crate::levels)) over generated level games: biased
/// boards with obstacles planted, holes punched and random cells (`?`) marked, random
/// move limits, score, collect, jelly and crates goals, stars and shuffle settings,
/// seeded play, a save and load halfway; every turn also keeps the
/// [`obstacles`](crate::obstacles) invariants.
pub fn levels(rules: &dyn Rules) {
    use match3_core::{Color, Goal, Layout, Level, Pos};
    let features = Features::of(rules);
    let cells = proptest::collection::vec((0u8..10, 0u8..10, 0u8..3), 0..12);
    let obstacles = proptest::collection::vec((0u8..10, 0u8..10, 0u8..7), 0..10);
    let goals = (
        proptest::option::of(0u64..400),
        proptest::option::of((0u8..4, 0u32..20)),
        any::<bool>(),
    );
    let level = (
        proptest::option::of(1u32..10),
        goals,
        proptest::option::of(any::<bool>()),
    );
    let cases = (
        generators::boards(features),
        (cells, obstacles),
        level,
        3u8..7,
        any::<u64>(),
        proptest::collection::vec(any::<u16>(), 0..10),
    );
    run(
        "levels",
        cases,
        |(
            board,
            (cells, obstacles),
            (moves, (score, collect, clear), shuffle),
            colors,
            seed,
            picks,
        )| {
            let mut board = board;
            crate::obstacles::plant(&mut board, &obstacles);
            let mut random = CellSet::new();
            for (r, c, kind) in cells {
                let pos = Pos::new(r, c);
                if board.check(pos).is_err() {
                    continue;
                }
                if kind == 0 {
                    board
                        .set(pos, match3_core::Cell::Empty, 0)
                        .expect("on the board");
                    random.insert(pos);
                } else {
                    board
                        .set(pos, match3_core::Cell::Hole, 0)
                        .expect("on the board");
                }
            }
            let mut goals = Vec::new();
            if let Some(target) = score {
                goals.push(Goal::Score { target });
            }
            if let Some((c, count)) = collect {
                let color = Color::new(c % colors).expect("below 26");
                goals.push(Goal::Collect { color, count });
            }
            // Clear whatever obstacles the board has.
            if clear && board.jelly_left() > 0 {
                goals.push(Goal::Jelly);
            }
            if clear && board.crates_left() > 0 {
                goals.push(Goal::Crates);
            }
            let level = Level {
                moves,
                goals,
                stars: vec![10, 40, 90],
                shuffle,
                spawn: None,
                gravity: None,
            };
            let layout = Layout { board, random };
            levels_check(rules, &layout, colors, &level, seed, &picks)
        },
    );
}

fn levels_check<R: Rules + ?Sized>(
    rules: &R,
    layout: &match3_core::Layout,
    colors: u8,
    level: &match3_core::Level,
    seed: u64,
    picks: &[u16],
) -> Check {
    crate::levels::level_game(rules, layout, colors, level, seed, picks).map(drop)
}
