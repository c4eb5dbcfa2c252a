//! The leftover bonus: a level with `Leftover::Bonus` turns the moves left into specials
//! that fire when a move meets its goals early.

use match3_core::detect::LineRuns;
use match3_core::refill::Uniform;
use match3_core::specials::{Blast, Kinds, Specials};
use match3_core::{
    CellSet, Color, Game, Goal, Leftover, Level, Move, Pos, SpecialKind, Status, Trace, Variant,
};

const STAR: SpecialKind = SpecialKind::colored('^', "star: clears its neighbours");

/// One kind, never created by matches: stars come from the bonus only.
struct Stars;
impl Specials for Stars {
    const KINDS: &'static Kinds = &Kinds::of(&[STAR]);
    fn blast(&self, site: &mut Blast<'_>) -> CellSet {
        site.pos().neighbours(site.board().size()).collect()
    }
}

/// Collect three As in at most five moves: the first swap does it.
fn level(leftover: Leftover) -> Level {
    Level {
        moves: Some(5),
        goals: vec![Goal::Collect {
            color: Color::from_letter('A').unwrap(),
            count: 3,
        }],
        leftover,
        ..Level::default()
    }
}

fn play<S: Specials>(specials: S, leftover: Leftover) -> (Trace, u64, u32) {
    let rules = Variant::new("stars", LineRuns::new(3))
        .with_refill(Uniform)
        .with_specials(specials);
    let board = "EDBCD/CEDBE/AABCD/BCACB/DBDEC".parse().unwrap();
    let game = Game::from_board(rules, board, 7).unwrap();
    let mut game = game.with_level(level(leftover)).unwrap();
    let trace = game
        .play(Move::Swap(Pos::new(3, 2), Pos::new(2, 2)))
        .unwrap();
    assert_eq!(game.status(), Status::Won);
    (trace, game.score(), game.moves())
}

#[test]
fn moves_left_become_specials_that_fire() {
    let (plain, plain_score, _) = play(Stars, Leftover::End);
    assert!(plain.bonus.is_none(), "no bonus without the option");
    let (bonus, score, moves) = play(Stars, Leftover::Bonus);
    assert_eq!(moves, 1, "the bonus is not a move");
    assert!(bonus.effects.is_none(), "the bonus is not an effect");
    let changed = &bonus.bonus.as_ref().expect("the bonus is traced").changed;
    assert_eq!(changed.len(), 4, "one special per move left");
    for change in changed {
        let piece = change.cell.piece().expect("a piece");
        assert_eq!(piece.special(), Some(STAR.special), "{change:?}");
    }
    // The stars fire in the phase right after the move's own cascade.
    let after = bonus.bonus.as_ref().unwrap().after as usize;
    assert!(bonus.phases.len() > after, "the stars' phase");
    assert_eq!(bonus.phases[after].fired.len(), 4);
    assert!(score > plain_score, "{score} > {plain_score}");
    // Same seed, same moves: the same bonus.
    assert_eq!(play(Stars, Leftover::Bonus).0, bonus);
    // The trace replays, and says so in its text form.
    assert!(bonus.to_string().contains("leftover bonus"), "{bonus}");
}

#[test]
fn without_special_kinds_the_drawn_pieces_are_cleared() {
    let rules = Variant::new("plain", LineRuns::new(3)).with_refill(Uniform);
    let board = "EDBCD/CEDBE/AABCD/BCACB/DBDEC".parse().unwrap();
    let mut game = Game::from_board(rules, board, 7).unwrap();
    game = game.with_level(level(Leftover::Bonus)).unwrap();
    let trace = game
        .play(Move::Swap(Pos::new(3, 2), Pos::new(2, 2)))
        .unwrap();
    let cleared: usize = trace.phases.iter().map(|p| p.cleared.len()).sum();
    let mut plain = Game::from_board(
        Variant::new("plain", LineRuns::new(3)).with_refill(Uniform),
        "EDBCD/CEDBE/AABCD/BCACB/DBDEC".parse().unwrap(),
        7,
    )
    .unwrap()
    .with_level(level(Leftover::End))
    .unwrap();
    let without = plain
        .play(Move::Swap(Pos::new(3, 2), Pos::new(2, 2)))
        .unwrap();
    let cleared_without: usize = without.phases.iter().map(|p| p.cleared.len()).sum();
    assert!(
        cleared >= cleared_without + 4,
        "{cleared} vs {cleared_without}"
    );
    let traced = trace.bonus.as_ref().expect("where the bonus starts");
    assert!(traced.changed.is_empty(), "nothing turned into a special");
}

/// A board of `rows` × `cols` (at least 6 × 5) with every piece locked but row 4's and
/// (5, 2), where swapping (5, 2) up makes a run of As in row 4; no run before.
fn locked_all_but_a_row(rows: usize, cols: usize) -> String {
    let letter = |r: usize, c: usize| (b'A' + ((r + 2 * c) % 5) as u8) as char;
    let cell = |r: usize, c: usize| match (r, c) {
        (4, 0 | 1) | (5, 2) => "A".to_string(),
        (4, 2) => "B".to_string(),
        (4, _) => letter(r, c).to_string(),
        _ => format!("{}@", letter(r, c)),
    };
    let rows: Vec<String> = (0..rows)
        .map(|r| (0..cols).map(|c| cell(r, c)).collect())
        .collect();
    rows.join("/")
}

#[test]
fn the_bonus_turns_plain_unlocked_pieces_only() {
    // Small boards draw from the masks, bigger ones cell by cell.
    for (rows, cols) in [(6, 5), (8, 8), (9, 8), (12, 12)] {
        let rules = Variant::new("stars", LineRuns::new(3))
            .with_refill(Uniform)
            .with_specials(Stars);
        let board = locked_all_but_a_row(rows, cols).parse().unwrap();
        let game = Game::from_board(rules, board, 7).unwrap();
        let mut game = game
            .with_level(Level {
                moves: Some(40),
                ..level(Leftover::Bonus)
            })
            .unwrap();
        let trace = game
            .play(Move::Swap(Pos::new(5, 2), Pos::new(4, 2)))
            .unwrap();
        let bonus = trace.bonus.as_ref().expect("a bonus with 39 moves left");
        let drew_from = &trace.phases[bonus.after as usize - 1].board;
        let plain: Vec<Pos> = (drew_from.iter())
            .filter(|&(pos, cell)| {
                cell.piece().is_some_and(|p| p.special().is_none()) && !drew_from.layers(pos).locked
            })
            .map(|(pos, _)| pos)
            .collect();
        let mut turned: Vec<Pos> = bonus.changed.iter().map(|c| c.pos).collect();
        turned.sort();
        // More moves left than plain pieces: every plain piece, and no locked one.
        assert!(plain.len() < 39, "{}", plain.len());
        assert_eq!(turned, plain, "on {drew_from}");
    }
}
