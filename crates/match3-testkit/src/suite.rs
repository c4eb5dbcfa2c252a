//! The property suite: each function runs one invariant over many generated cases and
//! panics with the shrunk counterexample when it fails. [`rules_suite!`](crate::rules_suite)
//! turns them into `#[test]`s.
//!
//! Case counts follow proptest's defaults (256), raised or lowered with the
//! `PROPTEST_CASES` environment variable.

use match3_core::{Board, CellSet, Rules};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

use crate::checks::{self, Check};
use crate::generators::{self, Features};

/// A reference detection to compare against.
pub type Oracle<'a> = Option<&'a dyn Fn(&Board) -> CellSet>;

fn runner() -> TestRunner {
    TestRunner::new(Config {
        failure_persistence: None,
        ..Config::default()
    })
}

/// Runs `test` over `strategy`, panicking with the minimal failing input.
pub fn run<S: Strategy>(name: &str, strategy: S, test: impl Fn(S::Value) -> Check)
where
    S::Value: std::fmt::Debug,
{
    let result = runner().run(&strategy, |value| {
        test(value).map_err(|v| TestCaseError::fail(v.0))
    });
    if let Err(e) = result {
        panic!("invariant `{name}` failed: {e}");
    }
}

/// Invariant 1 over biased boards.
pub fn detection<R: Rules + ?Sized>(rules: &R, oracle: Oracle<'_>) {
    run("detection", generators::boards(Features::of(rules)), |b| {
        checks::detection(rules, &b, oracle)
    });
}

/// Invariant 2 over biased boards.
pub fn predicates<R: Rules + ?Sized>(rules: &R) {
    run("predicates", generators::boards(Features::of(rules)), |b| {
        checks::predicates(rules, &b)
    });
}

/// Invariants 3–6 over seeded scenarios on biased boards.
pub fn turns<R: Rules + ?Sized>(rules: &R) {
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
pub fn determinism<R: Rules + ?Sized>(rules: &R) {
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
pub fn new_games<R: Rules + ?Sized>(rules: &R) {
    let cases = (4u8..=8, 4u8..=8, 4u8..=6, any::<u64>());
    run("new games", cases, |(r, c, k, seed)| {
        checks::new_game(rules, checks::sensible_config(r, c, k, seed), true)
    });
}
