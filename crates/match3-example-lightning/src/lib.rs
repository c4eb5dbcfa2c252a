//! # match3-example-lightning
//!
//! Stock line rules with one more special, written only against the public API. A 2×2
//! square of one colour matches too, and leaves **lightning** (`A!`) on the moved cell
//! (else the square's first cell); lightning that fires strikes three pieces drawn from
//! the game's seeded generator. Lightning makes no combo. Two parts change: detection
//! (core's runs [`or`](match3_core::Detect::or) its squares) and specials (the line
//! rules' [`and`](match3_core::Specials::and) this one, declared once with what it
//! does); the rest is the line rules'. When a square is also a run of four, both
//! specials are made: the line special takes the moved cell and the lightning the next
//! free cell of the group.
//!
//! [`variant`] is the variant as programs register it: the `match3-lightning` command
//! line adds it to the bundled ones (the `cli` feature, on by default), and so does the
//! `match3_lightning` Python package in `python/`, built without that feature:
//! `pip install ./crates/match3-example-lightning/python` gives Python users the
//! `match3` API (`Game`, `Bot`, `simulate`, `solve`, the Gymnasium environments) with
//! lightning among the rules. Its module is these few lines over
//! `match3_python::build` (`python/src/lib.rs`; `python/README.md` says how a rule
//! crate makes such a package):
//!
//! ```text
//! #[pymodule]
//! fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
//!     let registry = match3_python::builtin_and([match3_example_lightning::variant()])?;
//!     match3_python::build(m, registry)
//! }
//! ```
//!
//! ```
//! use match3_core::{Game, Move, Pos};
//! let mut game = Game::from_board(match3_example_lightning::lightning(), "ABA/AAC/CBD".parse()?, 3)?;
//! let trace = game.play(Move::Swap(Pos::new(0, 2), Pos::new(0, 1)))?;
//! assert_eq!(trace.phases[0].created[0].piece.to_string(), "A!");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use match3_core::detect::{LineRuns, Squares};
use match3_core::specials::{Blast, Create, Kinds, Specials};
use match3_core::{CellSet, Detect, Pos, Rules, SpecialKind};
use match3_lines::{LINE_SPECIALS, Lines};

/// The lightning kind: marker `!`, coloured, no combo.
pub const LIGHTNING: SpecialKind = SpecialKind::colored('!', "lightning (strikes 3 random pieces)");

/// Lightning: the kind, what makes it and what it strikes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lightning;

impl Specials for Lightning {
    const KINDS: &'static Kinds = &Kinds::of(&[LIGHTNING]);

    fn create(&self, site: &mut Create<'_>) {
        let matches = *site.matches();
        if matches.cells().len() < 4 {
            return; // no square
        }
        for group in matches.groups().filter(|g| g.has_square()) {
            let at = site
                .moved()
                .iter()
                .copied()
                .find(|&p| group.cells.contains(p));
            if let (Some(at), Some(color)) = (at.or(group.first()), group.color) {
                site.push(at, LIGHTNING.piece(color));
            }
        }
    }

    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        let pieces: Vec<Pos> = site.board().pieces().map(|(p, _, _)| p).collect();
        (0..3)
            .map(|_| pieces[site.rng().below(pieces.len() as u32) as usize])
            .collect()
    }
}

/// Lines, squares and lightning.
pub fn lightning() -> impl Rules + Clone + Send + Sync {
    Lines
        .variant()
        .named("lightning")
        .with_detect(LineRuns::new(3).or(Squares))
        .with_specials(LINE_SPECIALS.and(Lightning))
}

/// The lightning variant for a [`Registry`](match3_app::Registry): its name, description
/// and rules.
pub fn variant() -> match3_app::Variant {
    match3_app::Variant::new(
        "lightning",
        "Lines where a 2x2 square makes lightning, which strikes 3 random pieces.",
        lightning,
    )
}
