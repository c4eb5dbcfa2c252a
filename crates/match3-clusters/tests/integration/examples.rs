//! Cluster shapes, drops and taps with complete expected outputs.

use match3_clusters::Clusters;
use match3_core::{Board, Game, Move, MoveError, Pos, Rules, Status};

fn p(r: u8, c: u8) -> Pos {
    Pos::new(r, c)
}

fn cells(list: &[(u8, u8)]) -> Vec<Pos> {
    let mut v: Vec<Pos> = list.iter().map(|&(r, c)| p(r, c)).collect();
    v.sort();
    v
}

fn matches(board: &str) -> Vec<Pos> {
    let b: Board = board.parse().unwrap();
    Clusters::swap().find_matches(&b).to_vec()
}

#[test]
fn bent_and_branching_clusters_match_whole() {
    assert_eq!(
        matches("AAB/CAB/CBC"),
        cells(&[(0, 0), (0, 1), (1, 1)]),
        "bent trio"
    );
    assert_eq!(
        matches("BABC/AAAC/BACB"),
        cells(&[(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]),
        "a plus, branching"
    );
    assert_eq!(
        matches("ABBB/ABCA/AACA"),
        cells(&[
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 3),
            (1, 0),
            (1, 1),
            (2, 0),
            (2, 1)
        ]),
        "an A snake and a B hook"
    );
}

#[test]
fn a_cluster_that_is_not_a_line_is_invisible_to_line_rules() {
    let b: Board = "AAB/CAB/CBC".parse().unwrap();
    assert!(match3_core::runs::find_runs(&b, 3).all().is_empty());
    assert_eq!(Clusters::swap().find_matches(&b).len(), 3);
}

#[test]
fn blockers_and_empties_split_clusters() {
    assert!(matches("AA#AA/BCBCB").is_empty());
    assert!(matches("AA.AA/BCBCB").is_empty());
    assert_eq!(
        matches("AA#A/BA#A/BCBA"),
        cells(&[(0, 0), (0, 1), (1, 1), (0, 3), (1, 3), (2, 3)])
    );
}

#[test]
fn two_clusters_of_one_colour_are_both_found() {
    assert_eq!(
        matches("AAABAAA/BCBCBCB"),
        cells(&[(0, 0), (0, 1), (0, 2), (0, 4), (0, 5), (0, 6)])
    );
}

#[test]
fn min_size_is_configurable_and_checked() {
    let b: Board = "AAB/CAB/CBC".parse().unwrap();
    let four = Clusters::swap().with_min_size(4).unwrap();
    assert!(four.find_matches(&b).is_empty());
    let two = Clusters::swap().with_min_size(2).unwrap();
    assert_eq!(two.find_matches(&b).len(), 7);
    assert!(Clusters::swap().with_min_size(1).is_err());
}

#[test]
fn a_swap_is_legal_only_if_it_makes_a_cluster_through_a_swapped_cell() {
    let b: Board = "AABC/CBCA/BADB".parse().unwrap();
    let mut game = Game::from_board(Clusters::swap(), b.clone(), 4).unwrap();
    let before = game.snapshot();
    assert!(matches!(
        game.play(Move::Swap(p(0, 2), p(0, 3))),
        Err(MoveError::NoMatch { .. })
    ));
    assert_eq!(game.snapshot(), before);
    let trace = game.play(Move::Swap(p(2, 1), p(1, 1))).unwrap();
    assert_eq!(trace.phases[0].cleared, cells(&[(0, 0), (0, 1), (1, 1)]));
    assert_eq!(trace.phases[0].score, 3);
    assert_eq!(trace.replay(&b).unwrap(), *game.board());
    assert_eq!(game.board().piece_count(), 12, "swap mode refills");
}

#[test]
fn drops_into_empty_partly_full_and_full_columns() {
    let b: Board = ".../A../BC.".parse().unwrap();
    let mut game = Game::from_board_with_colors(Clusters::drop(), b, 0, 4).unwrap();
    let next = game.next_piece().unwrap();
    // Empty column 2: lands at the bottom.
    let t = game.play(Move::Drop(2)).unwrap();
    assert!(
        matches!(t.opening, Some(match3_core::Opening::Drop { to, piece, .. }) if to == p(2, 2) && piece == next)
    );
    // Partly full column 0: lands on the A.
    game.play(Move::Drop(0)).unwrap();
    assert!(game.board().at(p(0, 0)).is_occupied() || game.board().at(p(1, 0)).is_empty());
    assert_eq!(game.moves(), 2);
}

#[test]
fn a_full_column_refuses_and_a_full_board_has_no_moves() {
    let b: Board = "AB/BA".parse().unwrap();
    let mut game = Game::from_board(Clusters::drop(), b, 0).unwrap();
    assert_eq!(game.status(), Status::NoMoves);
    let before = game.snapshot();
    assert_eq!(
        game.play(Move::Drop(0)),
        Err(MoveError::ColumnFull { col: 0 })
    );
    assert_eq!(game.snapshot(), before);
    let b: Board = ".B/BA".parse().unwrap();
    let game = Game::from_board(Clusters::drop(), b, 0).unwrap();
    assert_eq!(game.legal_moves(), [Move::Drop(0)]);
}

#[test]
fn a_drop_can_trigger_a_two_step_chain() {
    // One colour, so the next piece is A. It lands on (2,1) and joins A(1,0) A(2,0): they
    // clear; B(0,0) falls to (2,0) beside B(3,0) B(3,1): chain 2 clears those three.
    let b: Board = "B../A.C/A.D/BBC".parse().unwrap();
    let mut one = Game::from_board_with_colors(Clusters::drop(), b.clone(), 0, 1).unwrap();
    let t = one.play(Move::Drop(1)).unwrap();
    assert_eq!(t.phases.len(), 2, "{t}");
    assert_eq!(t.phases[0].cleared, cells(&[(1, 0), (2, 0), (2, 1)]));
    assert_eq!(t.phases[0].falls.len(), 1);
    assert_eq!(
        (t.phases[0].falls[0].from, t.phases[0].falls[0].to),
        (p(0, 0), p(2, 0))
    );
    assert_eq!(t.phases[1].chain, 2);
    assert_eq!(t.phases[1].cleared, cells(&[(2, 0), (3, 0), (3, 1)]));
    assert_eq!((t.phases[0].score, t.phases[1].score), (3, 6));
    assert_eq!(one.board().to_string(), ".../..C/..D/..C");
    assert_eq!((one.score(), one.moves()), (9, 1));
    assert_eq!(t.replay(&b).unwrap(), *one.board());
}

#[test]
fn taps_clear_big_groups_and_refuse_small_ones() {
    let b: Board = "ABB/AAB/CCB".parse().unwrap();
    let mut game = Game::from_board(Clusters::tap(), b.clone(), 0).unwrap();
    assert!(
        Clusters::tap().find_matches(&b).is_empty(),
        "nothing clears by itself"
    );
    let before = game.snapshot();
    assert_eq!(
        game.play(Move::Tap(p(2, 0))),
        Err(MoveError::NothingToTap { pos: p(2, 0) })
    );
    assert_eq!(
        game.play(Move::Swap(p(0, 0), p(0, 1)))
            .unwrap_err()
            .to_string(),
        "the clusters-tap rules do not accept swap moves"
    );
    assert_eq!(game.snapshot(), before);
    let t = game.play(Move::Tap(p(1, 1))).unwrap();
    assert_eq!(t.phases.len(), 1);
    assert_eq!(t.phases[0].cleared, cells(&[(0, 0), (1, 0), (1, 1)]));
    assert_eq!(
        game.board().to_string(),
        "..B/.BB/CCB",
        "B(0,1) fell onto (1,1)"
    );
    let t = game.play(Move::Tap(p(0, 2))).unwrap();
    assert_eq!(
        t.phases[0].cleared,
        cells(&[(0, 2), (1, 1), (1, 2), (2, 2)])
    );
    assert_eq!(game.board().to_string(), ".../.../CC.");
    assert_eq!(game.status(), Status::NoMoves);
}

#[test]
fn drop_games_start_empty_and_playable() {
    let game = Game::new(Clusters::drop(), match3_core::GameConfig::new(5)).unwrap();
    assert_eq!(game.board().piece_count(), 0);
    assert_eq!(game.status(), Status::Playable);
    assert_eq!(game.legal_moves().len(), 8);
}

#[test]
fn every_listed_move_plays_even_on_three_colours() {
    // Three colours make cluster cascades run on and on; calm refills must end every one,
    // so no listed move is ever rejected as a runaway.
    for seed in 1..=3 {
        let config = match3_core::GameConfig {
            colors: 3,
            ..match3_core::GameConfig::new(seed)
        };
        let game = Game::new(Clusters::swap(), config).unwrap();
        let moves = game.legal_moves();
        assert!(!moves.is_empty());
        for mv in moves {
            let mut copy = game.clone();
            if let Err(e) = copy.play(mv) {
                panic!("seed {seed}, {mv}: {e}");
            }
        }
    }
}
