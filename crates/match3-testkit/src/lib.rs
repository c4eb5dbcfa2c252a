//! # match3-testkit
//!
//! The shared invariant suite every match3 rule crate passes. Add it as a
//! dev-dependency and write one line in a test file:
//!
//! ```
//! match3_testkit::rules_suite!(
//!     finite,
//!     match3_finite::Finite,
//!     oracle = |b: &match3_core::Board| match3_testkit::oracle::line_runs(b, 3)
//! );
//! # fn main() {}
//! ```
//!
//! That expands to a module of `#[test]`s, one per invariant every variant must keep:
//!
//! 1. detection is pure and agrees with the reference `oracle` (if given);
//! 2. `in_match`, `swap_matches` and the legal-move enumeration agree with full detection;
//! 3. a rejected move leaves the game bit-for-bit unchanged;
//! 4. after every turn the board is stable and settled, and the status is right;
//! 5. ids are unique, survivors keep theirs, new ones are minted once each in order;
//! 6. score is the sum of phase scores and the move count counts accepted moves;
//! 7. the same seed and moves give the same traces, and traces replay to the board;
//! 8. new games are stable, playable and fixed by their seed.
//!
//! The boards come from [`generators`]: random colours with *planted* runs of 3–5, L, T and cross
//! shapes, bent blobs, blockers, specials and settled holes, restricted to what the rules
//! support. The checks themselves live in [`checks`] as plain functions, usable from
//! example tests too. `PROPTEST_CASES` sets the number of cases (default 256).

pub mod checks;
pub mod fuzz;
pub mod generators;
pub mod oracle;
pub mod suite;

/// The core crate, re-exported for the macro.
pub use match3_core as core;

/// Instantiates the whole invariant suite for a `Rules` value as a module of tests.
///
/// `rules_suite!(name, RULES_EXPR)` or `rules_suite!(name, RULES_EXPR, oracle = FN)`,
/// where `FN: Fn(&Board) -> CellSet` is a slow reference detection.
#[macro_export]
macro_rules! rules_suite {
    ($name:ident, $rules:expr $(, oracle = $oracle:expr)? $(,)?) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            fn rules() -> impl $crate::core::Rules {
                $rules
            }

            #[allow(unused_mut, unused_assignments)]
            fn oracle() -> ::std::option::Option<
                ::std::boxed::Box<dyn Fn(&$crate::core::Board) -> $crate::core::CellSet>,
            > {
                let mut o: ::std::option::Option<
                    ::std::boxed::Box<dyn Fn(&$crate::core::Board) -> $crate::core::CellSet>,
                > = None;
                $( o = Some(::std::boxed::Box::new($oracle)); )?
                o
            }

            #[test]
            fn detection_is_pure_and_agrees_with_reference() {
                let oracle = oracle();
                $crate::suite::detection(&rules(), oracle.as_deref());
            }

            #[test]
            fn fast_predicates_agree_with_detection() {
                $crate::suite::predicates(&rules());
            }

            #[test]
            fn turns_keep_every_invariant() {
                $crate::suite::turns(&rules());
            }

            #[test]
            fn same_seed_same_game() {
                $crate::suite::determinism(&rules());
            }

            #[test]
            fn new_games_are_stable_and_playable() {
                $crate::suite::new_games(&rules());
            }
        }
    };
}
