//! Helpers the engine's integration tests share.

#![allow(dead_code)] // each test binary uses some of these

use match3_core::detect::{DetectFn, LineRuns};
use match3_core::generate::Stable;
use match3_core::moveset::Swaps;
use match3_core::refill::Uniform;
use match3_core::scoring::OnePerCell;
use match3_core::specials::NoSpecials;
use match3_core::{Board, CellSet, Pos, Variant, runs};

/// `Pos::new(r, c)`, short.
pub fn p(r: u8, c: u8) -> Pos {
    Pos::new(r, c)
}

/// A unit struct that is the variant `$value` (of type `$ty`), by dereferencing to it:
/// tests name their rules as values, `Game::from_board(Refilling, …)`.
#[macro_export]
macro_rules! rules_type {
    ($(#[$meta:meta])* $name:ident: $ty:ty = $value:expr) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name;
        impl std::ops::Deref for $name {
            type Target = $ty;
            fn deref(&self) -> &$ty {
                const VARIANT: $ty = $value;
                &VARIANT
            }
        }
    };
}

/// Runs of three (detection only: every other answer derived).
pub fn threes(board: &Board) -> CellSet {
    runs::find_runs(board, 3).all()
}

rules_type!(
    /// Runs of three with random refill.
    Refilling: Variant<DetectFn, NoSpecials, Uniform> = Variant::assemble(
        "refilling",
        threes,
        NoSpecials,
        Uniform,
        OnePerCell,
        Swaps,
        Stable,
    )
);

rules_type!(
    /// Runs of three with all the line-run fast answers, random refill.
    FastRefilling: Variant<LineRuns, NoSpecials, Uniform> = Variant::assemble(
        "refilling",
        LineRuns::new(3),
        NoSpecials,
        Uniform,
        OnePerCell,
        Swaps,
        Stable,
    )
);
