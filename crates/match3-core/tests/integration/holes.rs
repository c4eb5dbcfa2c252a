//! Holes (`_`): cells outside the board's shape. Nothing is ever on them, they break runs,
//! pieces fall past them, and refills fill the topmost real cells of each column.

use match3_core::detect::DetectFn;
use match3_core::generate::Stable;
use match3_core::moveset;
use match3_core::refill::NoRefill;
use match3_core::scoring::OnePerCell;
use match3_core::specials::NoSpecials;
use match3_core::{Board, Cell, Game, Layout, Move, MoveError, NotationError, Pos, Rules, Variant};

use crate::common::{Refilling, p, threes};
use crate::rules_type;

rules_type!(
    /// Runs of three, pieces dropped in by column.
    Drops: Variant<DetectFn, NoSpecials, NoRefill, OnePerCell, moveset::Drops> =
        Variant::assemble(
            "drops",
            threes,
            NoSpecials,
            NoRefill,
            OnePerCell,
            moveset::Drops,
            Stable,
        )
);

#[test]
fn holes_print_and_parse_and_carry_no_id() {
    let board: Board = "A_B/_#C".parse().unwrap();
    assert_eq!(board.to_string(), "A_B/_#C");
    assert_eq!(board.at(p(0, 1)), Cell::Hole);
    assert_eq!(board.id(p(0, 1)), None);
    assert_eq!(board.id(p(0, 2)), Some(1));
    assert_eq!(board.hole_rows(), &[0b010, 0b001]);
    assert_eq!(board.piece_count(), 3);
}

#[test]
fn random_cells_belong_to_levels_only() {
    let err = "A?B".parse::<Board>().unwrap_err();
    assert_eq!(err, NotationError::RandomOutsideLevel { row: 0, col: 1 });
    let layout = Layout::parse("A?B/?_C", &[]).unwrap();
    assert_eq!(layout.random.to_vec(), vec![p(0, 1), p(1, 0)]);
    assert_eq!(layout.board.to_string(), "A.B/._C");
    assert_eq!(layout.to_string(), "A?B/?_C");
}

#[test]
fn a_hole_breaks_a_run() {
    let board: Board = "AA_AA".parse().unwrap();
    assert!(Refilling.find_matches(&board).is_empty());
    let board: Board = "A/A/_/A".parse().unwrap();
    assert!(Refilling.find_matches(&board).is_empty());
}

#[test]
fn pieces_fall_past_holes_in_order_and_holes_stay_put() {
    let mut board: Board = "A/B/_/./_/.".parse().unwrap();
    assert!(!board.is_settled());
    match3_core::gravity::straight(&mut board, &mut match3_core::NoTrace);
    assert_eq!(board.to_string(), "././_/A/_/B");
    assert!(board.is_settled());
}

#[test]
fn swapping_with_a_hole_is_rejected() {
    let board: Board = "AB_/BAA/CCB".parse().unwrap();
    let mut game = Game::from_board(Refilling, board, 1).unwrap();
    let err = game.play(Move::Swap(p(0, 1), p(0, 2))).unwrap_err();
    assert!(
        matches!(
            err,
            MoveError::NotAPiece {
                found: "a hole",
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn refills_enter_at_each_columns_top_real_cells_and_never_on_a_hole() {
    // Clearing the bottom row lets the column above fall past the hole.
    let board: Board = "_BC/DBC/AAA".parse().unwrap();
    let mut game = Game::from_board(Refilling, board, 7).unwrap();
    let trace = game.resolve().unwrap();
    let first = &trace.phases[0];
    assert_eq!(first.cleared, vec![p(2, 0), p(2, 1), p(2, 2)]);
    let spawned: Vec<Pos> = first.spawns.iter().map(|s| s.pos).collect();
    assert_eq!(spawned, vec![p(0, 1), p(0, 2), p(1, 0)]);
    // D fell past nothing but its own column; the hole stays a hole.
    assert!(
        first
            .falls
            .iter()
            .any(|f| f.from == p(1, 0) && f.to == p(2, 0))
    );
    for phase in &trace.phases {
        assert_eq!(phase.board.at(p(0, 0)), Cell::Hole);
        assert!(phase.board.is_settled());
    }
    assert_eq!(
        trace.replay(&"_BC/DBC/AAA".parse().unwrap()).unwrap(),
        *game.board()
    );
}

#[test]
fn drops_land_past_holes() {
    let board: Board = "._./_../A._".parse().unwrap();
    let mut game = Game::from_board(Drops, board, 3).unwrap();
    let trace = game.play(Move::Drop(0)).unwrap();
    assert!(matches!(trace.opening, Some(match3_core::Opening::Drop { to, .. }) if to == p(0, 0)));
    let trace = game.play(Move::Drop(1)).unwrap();
    assert!(matches!(trace.opening, Some(match3_core::Opening::Drop { to, .. }) if to == p(2, 1)));
    let trace = game.play(Move::Drop(2)).unwrap();
    assert!(matches!(trace.opening, Some(match3_core::Opening::Drop { to, .. }) if to == p(1, 2)));
    // Column 0 is full: its only real cells hold pieces.
    assert!(matches!(
        game.check(Move::Drop(0)),
        Err(MoveError::ColumnFull { col: 0 })
    ));
    assert!(!game.legal_moves().contains(&Move::Drop(0)));
}

#[test]
fn a_resolve_that_clears_nothing_does_not_shuffle_a_dead_board() {
    // No run of three can be made by any swap here: the board is dead from the start.
    let board: Board = "ABC/BCA/CAB".parse().unwrap();
    let mut game = Game::from_board(Refilling, board.clone(), 1).unwrap();
    assert_eq!(game.status(), match3_core::Status::NoMoves);
    let trace = game.resolve().unwrap();
    assert!(trace.phases.is_empty() && trace.shuffle.is_none());
    assert_eq!(*game.board(), board);
    assert_eq!(game.shuffles(), 0);
}

#[test]
fn a_move_that_leaves_a_dead_board_shuffles_it_keeping_every_piece() {
    // After the swap clears the A run, refills come from a script that leaves no move:
    // the engine must shuffle, keep every id, and end with a legal move and no match.
    use match3_core::refill::Scripted;
    use match3_core::{Color, Piece};
    let script = "CBA".chars().filter_map(Color::from_letter).collect();
    let rules =
        Variant::new("dead", threes as DetectFn).with_refill(Scripted::new(script).unwrap());
    let before: Board = "ABC/BBA/CCA/CBB".parse().unwrap();
    let mut game = Game::from_board(rules, before.clone(), 5).unwrap();
    let trace = game
        .play(Move::Swap(Pos::new(2, 1), Pos::new(3, 1)))
        .unwrap();
    let shuffle = trace.shuffle.as_ref().expect("the refills leave no move");
    assert_eq!(game.shuffles(), 1);
    let last = &trace.phases.last().unwrap().board;
    assert!(match3_core::status_of(game.rules(), last) == match3_core::Status::NoMoves);
    let pieces = |b: &Board| {
        let mut v: Vec<(u32, Piece)> = b.pieces().map(|(_, p, id)| (id, p)).collect();
        v.sort();
        v
    };
    assert_eq!(pieces(last), pieces(&shuffle.board));
    assert!(game.rules().find_matches(&shuffle.board).is_empty());
    assert_eq!(game.status(), match3_core::Status::Playable);
    assert_eq!(trace.replay(&before).unwrap(), *game.board());
    // Shuffling off: the same move ends the game instead.
    let level = match3_core::Level {
        shuffle: Some(false),
        ..Default::default()
    };
    let mut off = Game::from_board(game.rules().clone(), before, 5)
        .unwrap()
        .with_level(level)
        .unwrap();
    let trace = off
        .play(Move::Swap(Pos::new(2, 1), Pos::new(3, 1)))
        .unwrap();
    assert!(trace.shuffle.is_none());
    assert_eq!(off.status(), match3_core::Status::NoMoves);
}
