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

use std::cell::RefCell;

use match3_core::{Board, CellSet, Rules};
use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestRunner};

use crate::checks::{self, Check};
use crate::determinism;
use crate::generators::{self, Features};

/// A reference detection to compare against.
pub type Oracle<'a> = Option<&'a dyn Fn(&Board) -> CellSet>;

/// Where a property keeps the cases that failed it: a proptest regression file (an
/// absolute path), or `None` to forget them.
pub type Memory = Option<&'static str>;

/// One property of the suite: [`rules_suite!`](crate::rules_suite) makes a `#[test]` of
/// each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Property {
    /// [`detection`].
    Detection,
    /// [`predicates`].
    Predicates,
    /// [`turns`].
    Turns,
    /// [`determinism`](fn@determinism).
    Determinism,
    /// [`levels`].
    Levels,
    /// [`obstacles`].
    Obstacles,
    /// [`new_games`].
    NewGames,
}

impl Property {
    /// Every property, in the order [`all`] runs them.
    pub const ALL: [Property; 7] = [
        Property::Detection,
        Property::Predicates,
        Property::Turns,
        Property::Determinism,
        Property::Levels,
        Property::Obstacles,
        Property::NewGames,
    ];

    /// Runs the property on `subject`, replaying first the cases kept in `memory` and
    /// keeping there the one that fails; the failure, with its shrunk counterexample,
    /// when it does.
    pub fn verdict(self, subject: Subject<'_>, memory: Memory) -> Result<(), String> {
        let rules = subject.rules;
        match self {
            Property::Detection => detection_in(rules, subject.oracle, memory),
            Property::Predicates => predicates_in(rules, memory),
            Property::Turns => turns_in(rules, memory),
            Property::Determinism => determinism_in(subject, memory),
            Property::Levels => levels_in(rules, memory),
            Property::Obstacles => obstacles_in(rules, memory),
            Property::NewGames => new_games_in(rules, memory),
        }
    }

    /// [`verdict`](Property::verdict), panicking with the failure.
    pub fn run(self, subject: Subject<'_>, memory: Memory) {
        if let Err(failure) = self.verdict(subject, memory) {
            panic!("{failure}");
        }
    }
}

/// Makes a rules value afresh.
pub type Make<'a> = &'a dyn Fn() -> Box<dyn Rules>;

/// What the properties run on.
#[derive(Clone, Copy)]
pub struct Subject<'a> {
    /// The rules under test.
    pub rules: &'a dyn Rules,
    /// Makes the same rules as a new value, with none of `rules`' history (the
    /// determinism property replays its cases on new values; `None`: on `rules`).
    pub fresh: Option<Make<'a>>,
    /// The reference detection, for [`detection`].
    pub oracle: Oracle<'a>,
}

impl<'a> Subject<'a> {
    /// `rules`, with no way to make them afresh and no reference detection.
    pub fn new(rules: &'a dyn Rules) -> Self {
        Subject {
            rules,
            fresh: None,
            oracle: None,
        }
    }
}

fn runner(scale: u32, memory: Memory) -> TestRunner {
    let config = Config::default();
    let persistence = memory.map(|file| {
        Box::new(FileFailurePersistence::Direct(file))
            as Box<dyn proptest::test_runner::FailurePersistence>
    });
    TestRunner::new(Config {
        failure_persistence: persistence,
        cases: config.cases.saturating_mul(scale),
        ..config
    })
}

/// Runs `test` over `strategy`, panicking with the minimal failing input. Failing cases
/// are not kept.
pub fn run<S: Strategy>(name: &str, strategy: S, test: impl Fn(S::Value) -> Check)
where
    S::Value: std::fmt::Debug,
{
    if let Err(failure) = run_in(name, 1, None, strategy, test) {
        panic!("{failure}");
    }
}

/// [`run`] with `scale` times the configured number of cases, the cases kept in `memory`
/// replayed first; the failure instead of a panic.
pub fn run_in<S: Strategy>(
    name: &str,
    scale: u32,
    memory: Memory,
    strategy: S,
    test: impl Fn(S::Value) -> Check,
) -> Result<(), String>
where
    S::Value: std::fmt::Debug,
{
    let result = runner(scale, memory).run(&strategy, |value| {
        test(value).map_err(|v| TestCaseError::fail(v.0))
    });
    result.map_err(|e| format!("invariant `{name}` failed: {e}"))
}

/// Every property of the suite in turn, as [`rules_suite!`](crate::rules_suite) runs them
/// as separate tests, keeping no failing case; panics at the first that fails.
pub fn all(rules: &dyn Rules, oracle: Oracle<'_>) {
    for property in Property::ALL {
        property.run(
            Subject {
                oracle,
                ..Subject::new(rules)
            },
            None,
        );
    }
}

/// How many times the configured cases the agreement properties run.
const AGREEMENT_SCALE: u32 = 4;

/// Invariant 1 over biased boards.
pub fn detection(rules: &dyn Rules, oracle: Oracle<'_>) {
    Property::Detection.run(
        Subject {
            oracle,
            ..Subject::new(rules)
        },
        None,
    );
}

fn detection_in(rules: &dyn Rules, oracle: Oracle<'_>, memory: Memory) -> Result<(), String> {
    let boards = generators::boards(Features::of(rules));
    run_in("detection", AGREEMENT_SCALE, memory, boards, |b| {
        checks::detection(rules, &b, oracle)
    })
}

/// Invariant 2 over biased boards.
pub fn predicates(rules: &dyn Rules) {
    Property::Predicates.run(Subject::new(rules), None);
}

fn predicates_in(rules: &dyn Rules, memory: Memory) -> Result<(), String> {
    let boards = generators::boards(Features::of(rules));
    run_in("predicates", AGREEMENT_SCALE, memory, boards, |b| {
        checks::predicates(rules, &b)
    })
}

/// Invariants 3–6 over seeded scenarios on biased boards.
pub fn turns(rules: &dyn Rules) {
    Property::Turns.run(Subject::new(rules), None);
}

fn turns_in(rules: &dyn Rules, memory: Memory) -> Result<(), String> {
    let cases = (
        generators::boards(Features::of(rules)),
        any::<u64>(),
        generators::picks(),
    );
    run_in("turns", 1, memory, cases, |(b, seed, picks)| {
        checks::scenario(rules, &b, seed, &picks).map(drop)
    })
}

/// Invariant 7 over seeded scenarios, so that state kept inside the rules cannot hide:
/// each case is played twice in [`lockstep`](determinism::lockstep), then the cases are
/// [`replay`](determinism::replay)ed in reverse order and must play as they did (the
/// first [`REPLAYED`] of them: all of them with the default number of cases). Here they
/// are replayed on `rules` itself; [`rules_suite!`](crate::rules_suite) replays each
/// on a new value ([`Subject::fresh`]), which catches more.
pub fn determinism(rules: &dyn Rules) {
    Property::Determinism.run(Subject::new(rules), None);
}

/// How many cases of a run the determinism property plays a second time, at most: what
/// their games answered is kept until then (about 40 KB a case).
pub const REPLAYED: usize = 1024;

fn determinism_in<'a>(subject: Subject<'a>, memory: Memory) -> Result<(), String> {
    let rules = subject.rules;
    let cases = (
        generators::boards(Features::of(rules)),
        any::<u64>(),
        generators::picks(),
    );
    // The cases the run passed, with what their games answered, for the second pass.
    let played = RefCell::new(Vec::new());
    run_in("determinism", 1, memory, cases, |(b, seed, picks)| {
        let record = determinism::lockstep(rules, &b, seed, &picks)?;
        let mut played = played.borrow_mut();
        if played.len() < REPLAYED {
            played.push(((b, seed, picks), record));
        }
        Ok(())
    })?;
    // A new value for each case when the subject can make one, else `rules` again.
    let same = || Box::new(rules) as Box<dyn Rules + 'a>;
    let fresh = subject.fresh.map(|f| move || f() as Box<dyn Rules + 'a>);
    let make: &dyn Fn() -> Box<dyn Rules + 'a> = match &fresh {
        Some(fresh) => fresh,
        None => &same,
    };
    determinism::replay(make, &played.into_inner())
        .map_err(|v| format!("invariant `determinism` failed: {v}"))
}

/// Invariant 8 over seeds, sizes 4×4 to 8×8 and 4 to 6 colours.
pub fn new_games(rules: &dyn Rules) {
    Property::NewGames.run(Subject::new(rules), None);
}

fn new_games_in(rules: &dyn Rules, memory: Memory) -> Result<(), String> {
    let cases = (4u8..=8, 4u8..=8, 4u8..=6, any::<u64>());
    run_in("new games", 1, memory, cases, |(r, c, k, seed)| {
        checks::new_game(rules, checks::sensible_config(r, c, k, seed), true)
    })
}

/// The obstacle invariants ([`obstacles`](crate::obstacles)) over seeded scenarios on
/// biased boards with crates, jelly and locks planted, every turn also checked against
/// the slow reference of a phase and against every invariant of [`turns`].
pub fn obstacles(rules: &dyn Rules) {
    Property::Obstacles.run(Subject::new(rules), None);
}

fn obstacles_in(rules: &dyn Rules, memory: Memory) -> Result<(), String> {
    let cells = proptest::collection::vec((0u8..10, 0u8..10, 0u8..7), 1..16);
    let cases = (
        generators::boards(Features::of(rules)),
        cells,
        any::<u64>(),
        generators::picks(),
    );
    run_in(
        "obstacles",
        1,
        memory,
        cases,
        |(board, cells, seed, picks)| {
            let mut board = board;
            crate::obstacles::plant(&mut board, &cells);
            crate::obstacles::scenario(rules, &board, seed, &picks)
        },
    )
}

/// The level invariants ([`levels`](crate::levels)) over generated level games: biased
/// boards with obstacles planted, holes punched and random cells (`?`) marked, random
/// move limits, score, collect, jelly and crates goals, stars and shuffle settings, spawn
/// weights (on rules that take them), seeded play, a save and load halfway; every turn
/// also keeps the [`obstacles`](crate::obstacles) invariants.
pub fn levels(rules: &dyn Rules) {
    Property::Levels.run(Subject::new(rules), None);
}

fn levels_in(rules: &dyn Rules, memory: Memory) -> Result<(), String> {
    use match3_core::{Color, Goal, Layout, Level};
    let features = Features::of(rules);
    let cells = proptest::collection::vec((0u8..10, 0u8..10, 0u8..3), 0..12);
    // Half the levels without obstacles, most with a move limit and half the score
    // targets within a move or two: boards a probe or the score-only look-ahead plays on
    // the planes, and games won with moves to spare (the leftover bonus). Counted in the
    // clusters suites: 21 to 34 bonuses on the planes a run, against 8 to 13 before.
    let obstacles = prop_oneof![
        1 => Just(Vec::new()),
        1 => proptest::collection::vec((0u8..10, 0u8..10, 0u8..7), 0..10),
    ];
    let level = level_settings();
    let cases = (
        generators::boards(features),
        (cells, obstacles),
        level,
        3u8..7,
        any::<u64>(),
        proptest::collection::vec(any::<u16>(), 0..10),
    );
    run_in(
        "levels",
        1,
        memory,
        cases,
        |(
            board,
            (cells, obstacles),
            (moves, (score, collect, clear), (shuffle, gravity, bonus), weights),
            colors,
            seed,
            picks,
        )| {
            let mut board = board;
            crate::obstacles::plant(&mut board, &obstacles);
            let random = punch(&mut board, &cells);
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
                spawn: weights
                    .filter(|_| rules.takes_weights())
                    .and_then(|w| match3_core::refill::Weighted::new(w).ok()),
                gravity: (gravity == 0).then_some(match3_core::gravity::Bundled::Slide),
                leftover: if bonus {
                    match3_core::Leftover::Bonus
                } else {
                    match3_core::Leftover::End
                },
            };
            let layout = Layout { board, random };
            levels_check(rules, &layout, colors, &level, seed, &picks)
        },
    )
}

/// [`level_settings`]' values: move limit, goals (score, collect, clear), switches
/// (shuffle, gravity, leftover bonus), spawn weights.
type LevelSettings = (
    Option<u32>,
    (Option<u64>, Option<(u8, u32)>, bool),
    (Option<bool>, u8, bool),
    Option<Vec<u32>>,
);

/// What a generated level sets beside its board: the move limit (four in five), the
/// score, collect and clear goals, the shuffle, gravity and leftover switches, and spawn
/// weights.
fn level_settings() -> impl Strategy<Value = LevelSettings> {
    let goals = (
        proptest::option::of(prop_oneof![0u64..60, 0u64..400]),
        proptest::option::of((0u8..4, 0u32..20)),
        any::<bool>(),
    );
    // Shuffle switch, a level that picks the slide gravity (a third of the cases), and
    // one whose moves left become the leftover bonus (half).
    let switches = (proptest::option::of(any::<bool>()), 0u8..3, any::<bool>());
    // Spawn weights (a third of the cases, on rules that take them), zeros among them.
    let weights = proptest::option::weighted(0.35, proptest::collection::vec(0u32..4, 1..7));
    (
        proptest::option::weighted(0.8, 1u32..10),
        goals,
        switches,
        weights,
    )
}

/// Empties the cells of `cells` with kind 0 (returned: the level's random cells) and
/// makes the others holes; cells off the board are skipped.
fn punch(board: &mut Board, cells: &[(u8, u8, u8)]) -> CellSet {
    let mut random = CellSet::new();
    for &(r, c, kind) in cells {
        let pos = match3_core::Pos::new(r, c);
        if board.check(pos).is_err() {
            continue;
        }
        let cell = if kind == 0 {
            random.insert(pos);
            match3_core::Cell::Empty
        } else {
            match3_core::Cell::Hole
        };
        board.set(pos, cell, 0).expect("on the board");
    }
    random
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
