//! # match3-example-spread
//!
//! Stock line rules with chocolate: crates (`%`) that spread. After every move that does
//! not hit a crate, one piece next to a crate (drawn from the game's seeded generator)
//! turns into a crate; a move that hits one stops it for that turn. The part is an
//! end-of-move effect ([`Effects`]): it reads what the move did and changes the board
//! through its site, so the spread is traced, undone, saved and replayed like the rest
//! of the game, and look-ahead sees it. Every other part is the line rules'.
//!
//! ```
//! use match3_core::{Cell, Game, Move, Pos, Rules};
//! let rules = match3_example_spread::spread();
//! let board = rules.parse_board("ABAC/DAEF/%CDE")?;
//! let mut game = Game::from_board(rules, board, 3)?;
//! // The swap makes a run of A far from the crate: the crate spreads.
//! let trace = game.play(Move::Swap(Pos::new(1, 1), Pos::new(0, 1)))?;
//! let spread = &trace.effects.as_ref().expect("the crate spread").changed[0];
//! assert_eq!(spread.cell, Cell::Crate(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use match3_core::effects::{AfterMove, Effects};
use match3_core::{Cell, Pos, Rules};
use match3_lines::Lines;

/// Chocolate: after a move that hit no crate, a piece next to a crate becomes one.
#[derive(Clone, Copy, Debug, Default)]
pub struct Spread;

impl Effects for Spread {
    type State = ();

    fn after_move(&self, site: &mut AfterMove<'_>, _: &mut ()) {
        if site.this_move().crate_hits > 0 {
            return;
        }
        let board = site.board();
        let next_to_crate = |p: Pos| {
            p.neighbours(board.size())
                .any(|q| matches!(board.at(q), Cell::Crate(_)))
        };
        let pieces: Vec<Pos> = (board.pieces())
            .map(|(p, _, _)| p)
            .filter(|&p| next_to_crate(p) && !board.layers(p).locked)
            .collect();
        if pieces.is_empty() {
            return;
        }
        let at = pieces[site.rng().below(pieces.len() as u32) as usize];
        site.replace(at, Cell::Crate(1));
    }
}

/// The line rules with spreading crates.
pub fn spread() -> impl Rules + Clone + Send + Sync {
    Lines.variant().named("spread").with_effects(Spread)
}
