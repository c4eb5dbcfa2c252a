//! # match3-example-propeller
//!
//! A rule crate with a special kind of its own, on `match3-core`'s public API only: runs
//! of three match, and so does a 2×2 square of one colour, which makes a **propeller**
//! (`A^`) on the moved cell (else the group's first cell). A firing propeller clears its
//! four neighbours and one piece drawn from the game's seeded generator. Holes refill.
//!
//! The detection is core's runs of three [`or`](match3_core::Detect::or) its squares, so
//! each side brings its own fast answers; the specials part declares the kind, makes it
//! from squares and says what it clears.

use match3_core::detect::{LineRuns, Or, Squares};
use match3_core::refill::Uniform;
use match3_core::specials::{Blast, Create, Kinds};
use match3_core::{CellSet, Detect, SpecialKind, Specials, Variant};

/// The propeller kind: marker `^`, coloured.
pub const PROPELLER: SpecialKind = SpecialKind::colored('^', "propeller");

/// The propeller rules' parts.
pub type Propeller = Variant<Or<LineRuns, Squares>, Propellers, Uniform>;

/// Runs of three, 2×2 squares, propellers, random refill, a point per cell.
pub fn propeller() -> Propeller {
    Variant::new("propeller", LineRuns::new(3).or(Squares))
        .with_specials(Propellers)
        .with_refill(Uniform)
}

/// The propeller: made from a square, clears its neighbours and a random piece.
#[derive(Clone, Copy, Debug, Default)]
pub struct Propellers;

impl Specials for Propellers {
    const KINDS: &'static Kinds = &Kinds::of(&[PROPELLER]);
    fn create(&self, site: &mut Create<'_>) {
        let matches = *site.matches();
        for group in matches.groups().filter(|g| g.has_square()) {
            let at = site
                .moved()
                .iter()
                .copied()
                .find(|&p| group.cells.contains(p));
            if let (Some(at), Some(color)) = (at.or(group.first()), group.color) {
                site.push(at, PROPELLER.piece(color));
            }
        }
    }
    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        let (board, at) = (site.board(), site.pos());
        let mut area: CellSet = at.neighbours(board.size()).collect();
        let target = site.rng().below(board.piece_count().max(1) as u32) as usize;
        area.extend(board.pieces().nth(target).map(|(pos, _, _)| pos));
        area
    }
}
