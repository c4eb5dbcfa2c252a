//! The whole shared suite, one line, against a slow reference; then what bends.

use match3_core::{Board, CellSet, Game, Move, MoveError, Pos, Rules};
use match3_example_bent::bent;

/// A slow reference: each side-connected group of one colour, cell by cell; it matches
/// when it has three or more cells and spans more than one row and one column.
fn reference(board: &Board) -> CellSet {
    let mut out = CellSet::new();
    let mut seen = CellSet::new();
    for start in board.size().positions() {
        let Some(color) = board.color_at(start) else {
            continue;
        };
        if seen.contains(start) {
            continue;
        }
        let (mut group, mut todo) = (CellSet::new(), vec![start]);
        while let Some(pos) = todo.pop() {
            if board.color_at(pos) == Some(color) && group.insert(pos) {
                todo.extend(pos.neighbours(board.size()));
            }
        }
        seen.union_with(&group);
        let rows = group.iter().map(|p| p.row).min() != group.iter().map(|p| p.row).max();
        let cols = group.iter().map(|p| p.col).min() != group.iter().map(|p| p.col).max();
        if group.len() >= 3 && rows && cols {
            out.union_with(&group);
        }
    }
    out
}

match3_testkit::rules_suite!(
    bent,
    bent(),
    oracle = reference,
    snapshots = "../../snapshots"
);

#[test]
fn straight_groups_do_not_match_and_bent_ones_do() {
    let straight: Board = "AAA/BCB".parse().unwrap();
    assert!(bent().find_matches(&straight).is_empty());
    let l: Board = "AAB/CAB".parse().unwrap();
    assert_eq!(
        bent().find_matches(&l).to_vec(),
        [Pos::new(0, 0), Pos::new(0, 1), Pos::new(1, 1)]
    );
}

#[test]
fn a_swap_that_makes_a_straight_line_is_illegal_and_one_that_bends_plays() {
    let board: Board = "AAC/DBA/CDB".parse().unwrap();
    let mut game = Game::from_board(bent(), board, 1).unwrap();
    let straight = Move::Swap(Pos::new(1, 2), Pos::new(0, 2));
    assert!(matches!(
        game.play(straight),
        Err(MoveError::NoMatch { .. })
    ));
    let trace = game
        .play(Move::Swap(Pos::new(1, 2), Pos::new(1, 1)))
        .unwrap();
    assert_eq!(trace.phases[0].cleared.len(), 3);
}
