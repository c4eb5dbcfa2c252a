//! A variant the tests register beside the bundled ones, with a special of its own, so
//! that the playground is seen to offer, draw and name what a rule crate adds.

use match3_core::detect::LineRuns;
use match3_core::specials::{Blast, Kinds, Specials};
use match3_core::{CellSet, SpecialKind};

/// A coloured piece marked `^` that clears its neighbours when it fires.
pub const STAR: SpecialKind = SpecialKind::colored('^', "star (clears its neighbours)");

struct Stars;

impl Specials for Stars {
    const KINDS: &'static Kinds = &Kinds::of(&[STAR]);
    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        site.pos().neighbours(site.board().size()).collect()
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
