//! The score-only look-ahead (`Game::score_within`) against the full one on rules that
//! can look ahead on the bit planes alone, and on rules that cannot because they make
//! specials: the shared suite holds it to the full look-ahead either way.

use match3_core::detect::LineRuns;
use match3_core::refill::Uniform;
use match3_core::scoring::CellsTimesChain;
use match3_core::specials::{Blast, BlastOnPlanes, Create, Kinds};
use match3_core::{CellSet, Pos, SpecialKind, Specials, Variant};
use match3_testkit::suite;

const ROW: SpecialKind = SpecialKind::colored('-', "row");

/// A phase that clears four or more cells leaves a row-clearing piece on its first cell.
struct Rows;

impl Specials for Rows {
    const KINDS: &'static Kinds = &Kinds::of(&[ROW]);
    fn create(&self, site: &mut Create<'_>) {
        let cells = site.matches().cells();
        let Some(first) = cells.iter().next().filter(|_| cells.len() >= 4) else {
            return;
        };
        if let Some(color) = site.board().color_at(first) {
            site.push(first, ROW.piece(color));
        }
    }
    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        let mut row = CellSet::new();
        let cols = site.board().cols();
        row.set_row_bits(site.pos().row as usize, u32::MAX >> (32 - cols));
        row
    }
}

#[test]
fn rules_making_specials_score_alike_on_masks_and_cells() {
    let rules = Variant::new("plane-rows", LineRuns::new(3))
        .with_specials(Rows)
        .with_refill(Uniform);
    suite::turns(&rules);
}

#[test]
fn rules_on_the_planes_alone_score_alike_on_masks_and_cells() {
    let rules = Variant::new("planes", LineRuns::new(4))
        .with_refill(Uniform)
        .with_scoring(CellsTimesChain::new(2));
    suite::turns(&rules);
}

/// [`Rows`] whose blast is told from the planes too: truly, or, for `Lying`, as the
/// piece's column instead of its row.
struct PlaneRows<const LYING: bool>;

impl<const LYING: bool> Specials for PlaneRows<LYING> {
    const KINDS: &'static Kinds = Rows::KINDS;
    fn create(&self, site: &mut Create<'_>) {
        Rows.create(site);
    }
    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        Rows.blast(site)
    }
    fn blast_on_planes(&self, site: &BlastOnPlanes<'_>) -> Option<CellSet> {
        let (size, at) = (site.view().size(), site.pos());
        if LYING {
            return Some(
                (0..size.rows() as u8)
                    .map(|r| Pos::new(r, at.col))
                    .collect(),
            );
        }
        let mut area = CellSet::new();
        area.set_row_bits(at.row as usize, u32::MAX >> (32 - size.cols()));
        Some(area)
    }
}

#[test]
fn blasts_told_from_the_planes_are_held_to_the_blasts_played() {
    let rules = Variant::new("plane-rows", LineRuns::new(3))
        .with_specials(PlaneRows::<false>)
        .with_refill(Uniform);
    suite::turns(&rules);
}

#[test]
#[should_panic(expected = "but the specials said from the planes it blasts")]
fn a_blast_told_wrongly_from_the_planes_fails_the_suite() {
    let rules = Variant::new("plane-rows", LineRuns::new(3))
        .with_specials(PlaneRows::<true>)
        .with_refill(Uniform);
    suite::turns(&rules);
}
