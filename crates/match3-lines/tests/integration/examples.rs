//! Every known shape, special and combo, with complete expected outputs: every cleared
//! cell, every special created, every firing.

use crate::common::*;
use match3_core::{Move, MoveError, Rules};
use match3_lines::Lines;

fn detect(board: &match3_core::Board) -> Vec<match3_core::Pos> {
    Lines.find_matches(board).to_vec()
}

fn s(pos: match3_core::Pos, text: &str) -> (match3_core::Pos, String) {
    (pos, text.to_string())
}

// ---- runs and shapes -------------------------------------------------------------

#[test]
fn three_in_a_row_and_in_a_column_make_no_special() {
    let b = board(5, 5, &a_at(&[(2, 1), (2, 2), (2, 3)]));
    let ph = resolve1(&b);
    assert_eq!(ph.cleared, cells(&[(2, 1), (2, 2), (2, 3)]));
    assert!(ph.created.is_empty() && ph.fired.is_empty());
    assert_eq!(ph.score, 30);
    let b = board(5, 5, &a_at(&[(1, 4), (2, 4), (3, 4)]));
    assert_eq!(resolve1(&b).cleared, cells(&[(1, 4), (2, 4), (3, 4)]));
}

#[test]
fn four_across_makes_a_column_striped_and_four_down_a_row_striped() {
    let b = board(5, 5, &a_at(&[(2, 0), (2, 1), (2, 2), (2, 3)]));
    let ph = resolve1(&b);
    assert_eq!(ph.cleared, cells(&[(2, 0), (2, 1), (2, 2), (2, 3)]));
    assert_eq!(created(&ph), [s(p(2, 1), "A|")]);
    let b = board(5, 5, &a_at(&[(1, 4), (2, 4), (3, 4), (4, 4)]));
    let ph = resolve1(&b);
    assert_eq!(ph.cleared, cells(&[(1, 4), (2, 4), (3, 4), (4, 4)]));
    assert_eq!(created(&ph), [s(p(2, 4), "A-")]);
}

#[test]
fn five_in_a_line_makes_a_colour_bomb() {
    let b = board(5, 5, &a_at(&[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]));
    let ph = resolve1(&b);
    assert_eq!(ph.cleared.len(), 5);
    assert_eq!(created(&ph), [s(p(0, 2), "*")]);
    let b = board(
        6,
        3,
        &a_at(&[(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]),
    );
    let ph = resolve1(&b);
    assert_eq!(ph.cleared.len(), 6);
    assert_eq!(
        created(&ph),
        [s(p(2, 1), "*")],
        "six in a line: middle is index (6-1)/2"
    );
}

#[test]
fn l_t_and_cross_make_a_wrapped_piece_on_the_intersection() {
    type Shape = (&'static [(u8, u8)], (u8, u8));
    let shapes: [Shape; 4] = [
        (&[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)], (2, 0)), // L
        (&[(2, 4), (3, 4), (4, 4), (4, 3), (4, 2)], (4, 4)), // L at the corner
        (&[(0, 1), (0, 2), (0, 3), (1, 2), (2, 2)], (0, 2)), // T
        (&[(1, 2), (2, 1), (2, 2), (2, 3), (3, 2)], (2, 2)), // cross
    ];
    for (shape, centre) in shapes {
        let b = board(5, 5, &a_at(shape));
        let ph = resolve1(&b);
        assert_eq!(ph.cleared, cells(shape), "{b}");
        assert_eq!(created(&ph), [s(p(centre.0, centre.1), "A+")], "{b}");
        assert_eq!(ph.score, 50);
    }
}

#[test]
fn a_three_by_three_blob_is_one_group_with_one_wrapped() {
    let blob: Vec<(u8, u8)> = (1..4).flat_map(|r| (1..4).map(move |c| (r, c))).collect();
    let b = board(5, 5, &a_at(&blob));
    let ph = resolve1(&b);
    assert_eq!(ph.cleared, cells(&blob));
    assert_eq!(created(&ph), [s(p(1, 1), "A+")]);
}

#[test]
fn blockers_and_empties_break_runs() {
    let b = board(
        3,
        5,
        &[
            (1, 0, "A"),
            (1, 1, "A"),
            (1, 2, "#"),
            (1, 3, "A"),
            (1, 4, "A"),
        ],
    );
    assert!(detect(&b).is_empty());
    let b = board(
        3,
        5,
        &[
            (1, 0, "A"),
            (1, 1, "A"),
            (1, 2, "A"),
            (1, 3, "#"),
            (1, 4, "A"),
        ],
    );
    assert_eq!(detect(&b), cells(&[(1, 0), (1, 1), (1, 2)]));
    let b = board(
        4,
        3,
        &[
            (0, 1, "."),
            (1, 1, "A"),
            (2, 1, "A"),
            (3, 1, "A"),
            (0, 0, "."),
            (0, 2, "."),
        ],
    );
    assert_eq!(detect(&b), cells(&[(1, 1), (2, 1), (3, 1)]));
    let b = Lines.parse_board("A.AA/BB#B").unwrap();
    assert!(detect(&b).is_empty());
}

#[test]
fn runs_touching_every_wall() {
    let b = board(
        4,
        4,
        &a_at(&[(0, 0), (0, 1), (0, 2), (1, 3), (2, 3), (3, 3)]),
    );
    assert_eq!(
        detect(&b),
        cells(&[(0, 0), (0, 1), (0, 2), (1, 3), (2, 3), (3, 3)])
    );
    let b = board(
        4,
        4,
        &a_at(&[(3, 1), (3, 2), (3, 3), (0, 0), (1, 0), (2, 0)]),
    );
    assert_eq!(
        detect(&b),
        cells(&[(0, 0), (1, 0), (2, 0), (3, 1), (3, 2), (3, 3)])
    );
}

#[test]
fn two_runs_in_one_row_are_two_groups() {
    let b = Lines.parse_board("AAABBB/XYXYXY").unwrap();
    let ph = resolve1(&b);
    assert_eq!(
        ph.cleared,
        cells(&[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)])
    );
    assert!(ph.created.is_empty());
    let b = Lines.parse_board("AAAXAAAA/XYXYXYXY").unwrap();
    let ph = resolve1(&b);
    assert_eq!(ph.cleared.len(), 7);
    assert_eq!(
        created(&ph),
        [s(p(0, 5), "A|")],
        "only the four makes a special"
    );
}

#[test]
fn an_all_one_colour_board_with_a_blocker() {
    let b = Lines.parse_board("AAAA/A#AA/AAAA/AAAA").unwrap();
    let ph = resolve1(&b);
    let all_but_blocker: Vec<(u8, u8)> = (0..4)
        .flat_map(|r| (0..4).map(move |c| (r, c)))
        .filter(|&c| c != (1, 1))
        .collect();
    assert_eq!(ph.cleared, cells(&all_but_blocker));
    assert_eq!(created(&ph), [s(p(0, 0), "A+")]);
    let b = Lines.parse_board("AAAAA/AAAAA/AA#AA/AAAAA/AAAAA").unwrap();
    let ph = resolve1(&b);
    assert_eq!(ph.cleared.len(), 24);
    assert_eq!(
        created(&ph),
        [s(p(0, 2), "*")],
        "a run of five wins over the intersections"
    );
}

#[test]
fn specials_match_by_colour_and_the_bomb_never_runs() {
    let b = board(3, 5, &[(1, 1, "A"), (1, 2, "A+"), (1, 3, "A-")]);
    assert_eq!(detect(&b), cells(&[(1, 1), (1, 2), (1, 3)]));
    let b = board(3, 5, &[(1, 1, "*"), (1, 2, "*"), (1, 3, "*")]);
    assert!(detect(&b).is_empty());
}

// ---- special placement --------------------------------------------------------------

#[test]
fn a_special_appears_on_the_moved_piece_when_it_is_in_the_group() {
    // Moving A from (1,2) up to (0,2) completes A A A A on row 0.
    let b = board(
        3,
        5,
        &[
            (0, 0, "A"),
            (0, 1, "A"),
            (0, 2, "B"),
            (0, 3, "A"),
            (1, 2, "A"),
        ],
    );
    let ph = play1(&b, Move::Swap(p(1, 2), p(0, 2)));
    assert_eq!(ph.cleared, cells(&[(0, 0), (0, 1), (0, 2), (0, 3)]));
    assert_eq!(created(&ph), [s(p(0, 2), "A|")]);
    // The same swap dragged the other way: the A moves from (1,2), still onto (0,2).
    let ph = play1(&b, Move::Swap(p(0, 2), p(1, 2)));
    assert_eq!(created(&ph), [s(p(0, 2), "A|")]);
}

// ---- firing -------------------------------------------------------------------------

#[test]
fn striped_pieces_clear_their_line_at_centre_edge_and_corner() {
    // Row-striped at the centre of a run: the whole row.
    let b = board(5, 5, &[(2, 1, "A"), (2, 2, "A-"), (2, 3, "A")]);
    let ph = resolve1(&b);
    assert_eq!(ph.cleared, cells(&[(2, 0), (2, 1), (2, 2), (2, 3), (2, 4)]));
    assert_eq!(ph.fired.len(), 1);
    assert_eq!(
        ph.fired[0].cleared,
        cells(&[(2, 0), (2, 1), (2, 2), (2, 3), (2, 4)])
    );
    // Column-striped on the edge: the whole column 4 plus the vertical run.
    let b = board(5, 5, &[(0, 4, "A"), (1, 4, "A|"), (2, 4, "A")]);
    let ph = resolve1(&b);
    assert_eq!(ph.cleared, cells(&[(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]));
    // Column-striped in the corner, in a horizontal run: the run plus column 0.
    let b = board(5, 5, &[(0, 0, "A|"), (0, 1, "A"), (0, 2, "A")]);
    let ph = resolve1(&b);
    assert_eq!(
        ph.cleared,
        cells(&[(0, 0), (0, 1), (0, 2), (1, 0), (2, 0), (3, 0), (4, 0)])
    );
}

#[test]
fn wrapped_pieces_clear_their_three_by_three_clipped_at_the_edges() {
    let b = board(5, 5, &[(2, 1, "A"), (2, 2, "A+"), (2, 3, "A")]);
    let ph = resolve1(&b);
    let square: Vec<(u8, u8)> = (1..4).flat_map(|r| (1..4).map(move |c| (r, c))).collect();
    assert_eq!(ph.cleared, cells(&square));
    let b = board(5, 5, &[(0, 1, "A"), (0, 2, "A+"), (0, 3, "A")]);
    assert_eq!(
        resolve1(&b).cleared,
        cells(&[(0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3)])
    );
    let b = board(5, 5, &[(4, 4, "A+"), (3, 4, "A"), (2, 4, "A")]);
    assert_eq!(
        resolve1(&b).cleared,
        cells(&[(2, 4), (3, 3), (3, 4), (4, 3), (4, 4)])
    );
}

#[test]
fn specials_next_to_blockers_spare_them() {
    let b = board(
        5,
        5,
        &[
            (2, 1, "A"),
            (2, 2, "A+"),
            (2, 3, "A"),
            (1, 1, "#"),
            (3, 3, "#"),
        ],
    );
    let ph = resolve1(&b);
    assert_eq!(
        ph.cleared,
        cells(&[(1, 2), (1, 3), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2)])
    );
    let b = board(
        3,
        5,
        &[
            (1, 0, "#"),
            (1, 1, "A"),
            (1, 2, "A-"),
            (1, 3, "A"),
            (1, 4, "#"),
        ],
    );
    let ph = resolve1(&b);
    assert_eq!(ph.cleared, cells(&[(1, 1), (1, 2), (1, 3)]));
    assert_eq!(ph.fired[0].cleared, cells(&[(1, 1), (1, 2), (1, 3)]));
}

#[test]
fn a_colour_bomb_set_off_by_a_blast_takes_the_most_common_colour() {
    // Row 1: A A A- fires the row, which holds the bomb at (1,4). Most common colour: X.
    let b = board(3, 5, &[(1, 0, "A"), (1, 1, "A"), (1, 2, "A-"), (1, 4, "*")]);
    let ph = resolve1(&b);
    let xs: Vec<(u8, u8)> = [(0, 0), (0, 2), (0, 4), (1, 3), (2, 0), (2, 2), (2, 4)].to_vec();
    let mut want = xs.clone();
    want.extend([(1, 0), (1, 1), (1, 2), (1, 4)]);
    assert_eq!(ph.cleared, cells(&want));
    assert_eq!(ph.fired.len(), 2);
    assert_eq!(ph.fired[1].fire.pos, p(1, 4));
    let mut bomb_area = xs;
    bomb_area.push((1, 4));
    assert_eq!(ph.fired[1].cleared, cells(&bomb_area));
}

#[test]
fn colour_bomb_ties_go_to_the_lowest_colour() {
    let b = Lines.parse_board("BA-AA/*CBC").unwrap();
    // Row 0 fires through B A- A A; wait: A- A A is the run, the row blast catches B and
    // nothing else; the bomb is not in row 0, so build the case directly instead.
    let area = match3_lines::blast::fire(&b, p(1, 0), piece("*"));
    // Colours: A×3, B×2, C×2 → A.
    assert_eq!(area.to_vec(), cells(&[(0, 1), (0, 2), (0, 3), (1, 0)]));
    let tie = Lines.parse_board("CBCB/*DDA").unwrap();
    // B×2, C×2, D×2, A×1 → B, the lowest of the tied.
    let area = match3_lines::blast::fire(&tie, p(1, 0), piece("*"));
    assert_eq!(area.to_vec(), cells(&[(0, 1), (0, 3), (1, 0)]));
}

#[test]
fn chain_reactions_fire_each_special_once() {
    // A A A- on row 2 fires row 2, catching the column-striped B| at (2,4), which fires
    // column 4 and catches the row-striped C- at (0,4), which fires row 0.
    let b = board(
        5,
        5,
        &[
            (2, 0, "A"),
            (2, 1, "A"),
            (2, 2, "A-"),
            (2, 4, "B|"),
            (0, 4, "C-"),
        ],
    );
    let ph = resolve1(&b);
    let fired: Vec<_> = ph.fired.iter().map(|f| f.fire.pos).collect();
    assert_eq!(fired, [p(2, 2), p(2, 4), p(0, 4)]);
    let mut want: Vec<(u8, u8)> = (0..5).map(|c| (2, c)).collect();
    want.extend((0..5).map(|r| (r, 4)));
    want.extend((0..5).map(|c| (0, c)));
    assert_eq!(ph.cleared, cells(&want));
    assert_eq!(ph.score, 10 * 13);
}

// ---- combos ---------------------------------------------------------------------------

#[test]
fn striped_plus_striped_clears_a_row_and_a_column() {
    let b = board(5, 5, &[(2, 1, "A-"), (2, 2, "B|")]);
    let ph = play1(&b, Move::Swap(p(2, 1), p(2, 2)));
    let mut want: Vec<(u8, u8)> = (0..5).map(|c| (2, c)).collect();
    want.extend((0..5).map(|r| (r, 2)));
    assert_eq!(ph.cleared, cells(&want));
    assert_eq!(
        ph.fired.len(),
        1,
        "one combo firing, the pieces do not fire again"
    );
    assert_eq!(ph.fired[0].fire.partner.map(|x| x.0), Some(p(2, 1)));
}

#[test]
fn wrapped_plus_wrapped_clears_a_five_by_five() {
    let b = board(7, 7, &[(3, 2, "A+"), (3, 3, "B+")]);
    let ph = play1(&b, Move::Swap(p(3, 2), p(3, 3)));
    let want: Vec<(u8, u8)> = (1..6).flat_map(|r| (1..6).map(move |c| (r, c))).collect();
    assert_eq!(ph.cleared, cells(&want));
    // At the corner it is clipped.
    let b = board(7, 7, &[(0, 1, "A+"), (0, 0, "B+")]);
    let ph = play1(&b, Move::Swap(p(0, 1), p(0, 0)));
    let want: Vec<(u8, u8)> = (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).collect();
    assert_eq!(ph.cleared, cells(&want));
}

#[test]
fn wrapped_plus_striped_clears_three_rows_and_three_columns() {
    let b = board(7, 7, &[(3, 2, "A+"), (3, 3, "B-")]);
    let ph = play1(&b, Move::Swap(p(3, 2), p(3, 3)));
    let mut want: Vec<(u8, u8)> = (2..5).flat_map(|r| (0..7).map(move |c| (r, c))).collect();
    want.extend((0..7).flat_map(|r| (2..5).map(move |c| (r, c))));
    assert_eq!(ph.cleared, cells(&want));
    assert_eq!(ph.cleared.len(), 33);
}

#[test]
fn bomb_plus_a_piece_clears_that_colour_and_both_pieces() {
    let b = Lines.parse_board("XYX/Y*X/XYX").unwrap();
    let ph = play1(&b, Move::Swap(p(1, 1), p(1, 2)));
    assert_eq!(
        ph.cleared,
        cells(&[(0, 0), (0, 2), (1, 1), (1, 2), (2, 0), (2, 2)])
    );
    // Either direction, and a striped partner of that colour's specials fire too.
    let b = Lines.parse_board("XYX-Y/Y*XZ/XYXY").unwrap();
    let ph = play1(&b, Move::Swap(p(1, 2), p(1, 1)));
    let fired: Vec<_> = ph.fired.iter().map(|f| f.fire.pos).collect();
    assert_eq!(fired, [p(1, 1), p(0, 2)]);
    assert_eq!(
        ph.cleared,
        cells(&[
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 3),
            (1, 1),
            (1, 2),
            (2, 0),
            (2, 2)
        ])
    );
}

#[test]
fn bomb_plus_bomb_clears_everything_but_blockers() {
    let b = Lines.parse_board("XY./**Y/YX#").unwrap();
    let ph = play1(&b, Move::Swap(p(1, 0), p(1, 1)));
    assert_eq!(
        ph.cleared,
        cells(&[(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)])
    );
}

#[test]
fn blockers_never_swap_even_with_a_bomb() {
    let b = Lines.parse_board("X*#/YXY").unwrap();
    let mut game = match3_core::Game::from_board(Lines, b, 0).unwrap();
    let before = game.snapshot();
    assert_eq!(
        game.play(Move::Swap(p(0, 1), p(0, 2))),
        Err(MoveError::NotAPiece {
            pos: p(0, 2),
            found: "a blocker"
        })
    );
    assert_eq!(game.snapshot(), before);
    assert!(
        game.legal_moves()
            .iter()
            .all(|m| !matches!(m, Move::Swap(_, b) if *b == p(0, 2)))
    );
}

#[test]
fn plain_next_to_striped_or_wrapped_is_not_a_combo() {
    for special in ["A-", "A|", "A+"] {
        let b = Lines.parse_board(&format!("XYZ/Y{special}X/ZXY")).unwrap();
        assert_eq!(match3_lines::blast::combo(&b, p(1, 1), p(1, 2)), None);
        assert_eq!(match3_lines::blast::combo(&b, p(1, 2), p(1, 1)), None);
        let mut game = match3_core::Game::from_board(Lines, b, 0).unwrap();
        assert!(matches!(
            game.play(Move::Swap(p(1, 1), p(1, 2))),
            Err(MoveError::NoMatch { .. })
        ));
    }
}

#[test]
fn cascades_score_ten_per_cell_times_chain() {
    // Row 3 A A A clears; the B's above fall next to (3,0)'s B: a chain-2 run of three.
    let b = Lines.parse_board("CDCD/DCDC/DBBC/BAAA").unwrap();
    let mut game = match3_core::Game::from_board_with_colors(Lines, b, 0, 4).unwrap();
    let trace = game.resolve().unwrap();
    assert_eq!(trace.phases[0].score, 30);
    assert_eq!(trace.phases[1].chain, 2);
    assert_eq!(trace.phases[1].cleared, cells(&[(3, 0), (3, 1), (3, 2)]));
    assert_eq!(trace.phases[1].score, 60);
}
