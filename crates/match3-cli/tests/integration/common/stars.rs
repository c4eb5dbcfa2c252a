//! A variant the tests register beside the bundled ones, with a special of its own, so
//! that the playground is seen to offer, draw and name what a rule crate adds.

use match3_core::detect::LineRuns;
use match3_core::specials::Specials;
use match3_core::{Board, CellSet, GameRng, Piece, Pos, SpecialKind};

/// A coloured piece marked `^` that clears its neighbours when it fires.
pub const STAR: SpecialKind = SpecialKind::colored('^', "star (clears its neighbours)");

struct Stars;

impl Specials for Stars {
    fn kinds(&self) -> &[SpecialKind] {
        &[STAR]
    }
    fn blast(&self, board: &Board, pos: Pos, _piece: Piece, _rng: &mut GameRng) -> CellSet {
        pos.neighbours(board.size()).collect()
    }
}

/// `stars`: runs of three, and stars.
pub fn variant() -> match3_cli::Variant {
    match3_cli::Variant::new(
        "stars",
        "Runs of three; a star clears its neighbours.",
        || match3_core::Variant::new("stars", LineRuns::new(3)).with_specials(Stars),
    )
}
