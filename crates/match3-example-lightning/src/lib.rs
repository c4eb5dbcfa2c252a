//! # match3-example-lightning
//!
//! Stock line rules with one more special, written only against the public API. A 2×2
//! square of one colour matches too, and leaves **lightning** (`A!`) on the moved cell
//! (else the square's first cell); lightning that fires strikes three pieces drawn from
//! the game's seeded generator. Lightning makes no combo. Two parts change: detection
//! (core's runs [`or`](match3_core::Detect::or) its squares) and specials (the line
//! rules' plus this one); the rest is the line rules'.
//!
//! ```
//! use match3_core::{Game, Move, Pos};
//! let mut game = Game::from_board(match3_example_lightning::lightning(), "ABA/AAC/CBD".parse()?, 3)?;
//! let trace = game.play(Move::Swap(Pos::new(0, 2), Pos::new(0, 1)))?;
//! assert_eq!(trace.phases[0].created[0].piece.to_string(), "A!");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use match3_core::detect::{LineRuns, Squares};
use match3_core::{Board, CellSet, Detect, GameRng, Matches, Piece, Pos, Rules};
use match3_core::{SpecialKind, Specials};
use match3_lines::specials::KINDS;
use match3_lines::{LineSpecials, Lines};

/// The lightning kind: marker `!`, coloured, no combo.
pub const LIGHTNING: SpecialKind = SpecialKind::colored('!', "lightning (strikes 3 random pieces)");

/// The line rules' specials and lightning.
#[derive(Clone, Copy, Debug, Default)]
pub struct WithLightning(pub LineSpecials);

impl Specials for WithLightning {
    fn kinds(&self) -> &[SpecialKind] {
        const ALL: [SpecialKind; 5] = [KINDS[0], KINDS[1], KINDS[2], KINDS[3], LIGHTNING];
        &ALL
    }
    fn create(&self, matches: &Matches<'_>, moved: &[Pos], out: &mut Vec<(Pos, Piece)>) {
        self.0.create(matches, moved, out);
        if matches.cells().len() < 4 {
            return; // no square
        }
        for group in matches.groups().filter(|g| g.has_square()) {
            let at = moved.iter().copied().find(|&p| group.cells.contains(p));
            if let (Some(at), Some(color)) = (at.or(group.first()), group.color) {
                out.push((at, LIGHTNING.piece(color)));
            }
        }
    }
    fn blast(&self, board: &Board, pos: Pos, piece: Piece, rng: &mut GameRng) -> CellSet {
        if piece.special() != Some(LIGHTNING.special) {
            return self.0.blast(board, pos, piece, rng);
        }
        let pieces: Vec<Pos> = board.pieces().map(|(p, _, _)| p).collect();
        (0..3)
            .map(|_| pieces[rng.below(pieces.len() as u32) as usize])
            .collect()
    }
    fn combo(&self, board: &Board, from: Pos, to: Pos) -> CellSet {
        self.0.combo(board, from, to)
    }
}

/// Lines, squares and lightning.
pub fn lightning() -> impl Rules + Clone + Send + Sync {
    Lines
        .variant()
        .named("lightning")
        .with_detect(LineRuns::new(3).or(Squares))
        .with_specials(WithLightning(LineSpecials))
}
