//! # match3-testkit
//!
//! The shared invariant suite every match3 rule crate passes. Add it as a
//! dev-dependency and write one line in a test file:
//!
//! ```
//! use match3_core::{Variant, detect::LineRuns};
//!
//! match3_testkit::rules_suite!(
//!     threes,
//!     Variant::new("threes", LineRuns::new(3)),
//!     oracle = |b: &match3_core::Board| match3_testkit::oracle::line_runs(b, 3)
//! );
//! # fn main() {}
//! ```
//!
//! That expands to `#[test]`s named `finite_…`, one per invariant every variant must keep:
//!
//! 1. detection is pure and agrees with the reference `oracle` (if given);
//! 2. `in_match`, `swap_matches`, the legal swaps and the legal-move enumeration agree
//!    with full detection;
//! 3. a rejected move leaves the game bit-for-bit unchanged;
//! 4. after every turn the board is stable and settled, and the status is right;
//! 5. ids are unique, survivors keep theirs, new ones are minted once each in order;
//! 6. score is the sum of phase scores and the move count counts accepted moves; a
//!    phase that made a special on a board without one (or, for specials that answer
//!    there too, on one with specials, firing none) was one the specials said may make
//!    one (`Specials::may_create_on_planes`); look-ahead agrees with play
//!    (`speculate`, `evaluate`), the score-only `score_within` with `evaluate_within`
//!    at every horizon (on level games too), and a move opened to its
//!    first refill and finished (`open_move`, `finish_move`) with the whole move, under
//!    the game's generator and another; a `Probe` playing the game's moves beside it (on
//!    the bit planes alone where the rules allow) gives the same summaries, errors,
//!    status, tally, move lists, picks and, its cells caught up, states;
//! 7. the same seed and moves give the same game, whatever the rules were asked before:
//!    each case's two games are played in lockstep, move by move, then every case is
//!    played again, in reverse order and on a new rules value, and must go as it did
//!    ([`determinism`]), so state kept inside the rules value (a move counter in a
//!    `Cell` or an atomic) cannot hide;
//! 8. new games are stable, playable and fixed by their seed;
//!
//! and one more that keeps [`golden`] snapshots of a few seeded games, so a change that
//! alters what a seed plays shows up in review. Nothing is compared or written for rules
//! that fail invariant 7 in the same run, and nothing recorded unless all eight hold.
//!
//! A failing case is printed shrunk: the board in notation, the seed, and the shortest
//! list of move picks that still fails, with the moves already played named in the
//! message.
//!
//! **Failing cases are kept.** Each property keeps the cases that failed it in a
//! proptest regression file beside the `Cargo.toml` of the crate that runs the suite,
//! `proptest-regressions/suite/<test name>.txt` (for `rules_suite!(mine, …)`:
//! `mine_turns_keep_every_invariant.txt`, …), and every run plays them first, before any
//! new case. A file appears with the first failure; **commit it**, so that every machine
//! and CI replays the case until it is fixed, and for good after. A line holds the
//! generator seed of the case (and, as a comment, the shrunk input): it replays only
//! while the property draws its cases the same way. A failure of the second pass of
//! invariant 7 depends on the cases played before it, so it is reported but not kept.
//!
//! **Speed.** The suite plays thousands of games; in a crate of your own, unoptimised
//! test builds make it several times slower. Add this to the `Cargo.toml` at the root of
//! your workspace (or crate) for a quick `cargo test`:
//!
//! ```toml
//! [profile.dev]
//! opt-level = 1
//!
//! [profile.dev.package."*"]
//! opt-level = 2
//! ```
//!
//! The boards come from [`generators`]: random colours with *planted* runs of 3–5, L, T and cross
//! shapes, bent blobs, blockers, specials and settled holes, restricted to what the rules
//! support. The checks themselves live in [`checks`] as plain functions, usable from
//! example tests too. `PROPTEST_CASES` sets the number of cases (default 256; the
//! agreement properties [`suite::detection`] and [`suite::predicates`] run four times as many).

pub mod checks;
pub mod determinism;
pub mod fuzz;
pub mod generators;
pub mod golden;
pub mod levels;
pub mod memory;
pub mod obstacles;
pub mod oracle;
pub mod suite;

/// The core crate, re-exported for the macro.
pub use match3_core as core;

/// Re-exported for the macro.
#[doc(hidden)]
pub use paste;

/// Instantiates the whole invariant suite for a `Rules` value as `#[test]` functions.
///
/// ```text
/// rules_suite!(NAME, RULES_EXPR);
/// rules_suite!(NAME, RULES_EXPR, oracle = FN);
/// rules_suite!(NAME, RULES_EXPR, oracle = FN, snapshots = "DIR");
/// ```
///
/// - `NAME` prefixes the test names (`NAME_turns_keep_every_invariant`, …); any
///   identifier works, the crate's own name included, because no module is created.
/// - `RULES_EXPR` builds the rules; it is evaluated where the macro is written, so
///   anything in scope there can be used. Each test builds its own value, and the
///   determinism property builds more: a new one for each case it plays again.
/// - `FN: Fn(&Board) -> CellSet` is a slow reference detection to check against.
/// - `DIR` is where the golden seeded-game snapshots live, relative to the crate's
///   `Cargo.toml` (default: the crate's own `snapshots`, created on the first run). The
///   first run records them, but only after every property has passed for the rules in
///   that run (review and commit them; under CI a missing one fails instead); later runs
///   fail when a seeded game changes, leaving a `.snap.new` to review with
///   `cargo insta review`. Nothing is compared or written for rules that fail the
///   determinism property. Every golden game's turns are checked against the turn
///   invariants either way. A `DIR` given here is shared (a workspace's
///   `snapshots/`): when it is absent, as in a packaged crate, the comparison is skipped
///   with a message.
///
/// Each property keeps the cases that failed it in
/// `proptest-regressions/suite/NAME_<test>.txt` beside the crate's `Cargo.toml`
/// (`NAME_turns_keep_every_invariant.txt`, …) and replays them first on every run:
/// commit those files. The tests of one `rules_suite!` share their verdicts within a run
/// ([`memory`]), so the golden test waits for the properties rather than running them
/// again.
#[macro_export]
macro_rules! rules_suite {
    ($name:ident, $rules:expr $(, oracle = $oracle:expr)? $(, snapshots = $dir:expr)? $(,)?) => {
        $crate::paste::paste! {
            #[allow(non_snake_case)]
            fn [<$name _rules>]() -> impl $crate::core::Rules {
                $rules
            }

            #[allow(non_snake_case, unused_mut, unused_assignments)]
            fn [<$name _oracle>]() -> ::std::option::Option<
                ::std::boxed::Box<dyn Fn(&$crate::core::Board) -> $crate::core::CellSet>,
            > {
                let mut o: ::std::option::Option<
                    ::std::boxed::Box<dyn Fn(&$crate::core::Board) -> $crate::core::CellSet>,
                > = None;
                $( o = Some(::std::boxed::Box::new($oracle)); )?
                o
            }

            #[allow(non_upper_case_globals)]
            static [<$name _verdicts>]: $crate::memory::Verdicts = $crate::memory::Verdicts::new();

            /// The suite of these rules in this run, with its memory.
            #[allow(non_snake_case)]
            fn [<$name _suite>]<'a>(
                rules: &'a dyn $crate::core::Rules,
                oracle: $crate::suite::Oracle<'a>,
            ) -> $crate::memory::Suite<'a> {
                let subject = $crate::suite::Subject {
                    rules,
                    fresh: Some(&|| ::std::boxed::Box::new([<$name _rules>]())),
                    oracle,
                };
                $crate::memory::Suite {
                    subject,
                    regressions: [<$name _regressions>](),
                    verdicts: &[<$name _verdicts>],
                }
            }

            #[allow(non_snake_case)]
            fn [<$name _check>](property: $crate::suite::Property) {
                let (rules, oracle) = ([<$name _rules>](), [<$name _oracle>]());
                [<$name _suite>](&rules, oracle.as_deref()).check(property);
            }

            $crate::__suite_properties!($name:
                detection_is_pure_and_agrees_with_reference => Detection,
                fast_predicates_agree_with_detection => Predicates,
                turns_keep_every_invariant => Turns,
                same_seed_same_game => Determinism,
                levels_keep_every_invariant => Levels,
                obstacles_keep_every_invariant => Obstacles,
                new_games_are_stable_and_playable => NewGames,
            );

            #[test]
            #[allow(non_snake_case, unused_mut, unused_assignments)]
            fn [<$name _golden_seeded_games>]() {
                let root = ::std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
                let own = root.join("snapshots");
                let mut folder = $crate::golden::Folder::Own(&own);
                $( let shared = root.join($dir); folder = $crate::golden::Folder::Shared(&shared); )?
                let (rules, oracle) = ([<$name _rules>](), [<$name _oracle>]());
                let suite = [<$name _suite>](&rules, oracle.as_deref());
                $crate::golden::check(stringify!($name), &suite, folder);
            }
        }
    };
}

/// The property tests of [`rules_suite!`] and their regression files, from one list of
/// test names and properties.
#[doc(hidden)]
#[macro_export]
macro_rules! __suite_properties {
    ($name:ident: $($test:ident => $property:ident,)*) => {
        $crate::paste::paste! {
            /// Each property's regression file, in the crate that runs the suite.
            #[allow(non_snake_case)]
            fn [<$name _regressions>]() -> $crate::memory::Regressions {
                $crate::memory::Regressions::new([$((
                    $crate::suite::Property::$property,
                    concat!(
                        env!("CARGO_MANIFEST_DIR"),
                        "/proptest-regressions/suite/",
                        stringify!($name),
                        "_",
                        stringify!($test),
                        ".txt"
                    ),
                ),)*])
            }

            $(
                #[test]
                #[allow(non_snake_case)]
                fn [<$name _ $test>]() {
                    [<$name _check>]($crate::suite::Property::$property);
                }
            )*
        }
    };
}
