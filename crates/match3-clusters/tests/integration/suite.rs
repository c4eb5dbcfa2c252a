//! The shared invariant suite for each mode, plus the cluster rules' own properties.

use match3_clusters::{Clusters, flood};
use match3_core::{Board, CellSet, Game, Pos, Rules};
use match3_testkit::generators::{self, Features};
use match3_testkit::oracle;
use proptest::prelude::*;

match3_testkit::rules_suite!(
    clusters_swap,
    Clusters::swap(),
    oracle = |b: &Board| oracle::clusters(b, 3),
    snapshots = "../../snapshots"
);
match3_testkit::rules_suite!(
    clusters_drop,
    Clusters::drop(),
    oracle = |b: &Board| oracle::clusters(b, 3),
    snapshots = "../../snapshots"
);
match3_testkit::rules_suite!(
    clusters_tap,
    Clusters::tap(),
    oracle = |_: &Board| CellSet::new(),
    snapshots = "../../snapshots"
);
match3_testkit::rules_suite!(
    clusters_swap_min_4,
    Clusters::swap().with_min_size(4).unwrap(),
    oracle = |b: &Board| oracle::clusters(b, 4),
    snapshots = "../../snapshots"
);

fn neighbours(p: Pos) -> impl Iterator<Item = Pos> {
    [
        p.row.checked_sub(1).map(|r| Pos::new(r, p.col)),
        Some(Pos::new(p.row + 1, p.col)),
        p.col.checked_sub(1).map(|c| Pos::new(p.row, c)),
        Some(Pos::new(p.row, p.col + 1)),
    ]
    .into_iter()
    .flatten()
}

proptest! {
    #[test]
    fn matched_groups_are_connected_single_coloured_big_and_maximal(
        board in generators::boards(Features::of(&Clusters::swap())),
        min in 2usize..6,
    ) {
        let rules = Clusters::swap().with_min_size(min).unwrap();
        let matched = rules.find_matches(&board);
        let mut left = matched;
        while let Some(seed) = left.iter().next() {
            // Grow the group inside `matched` only, by hand.
            let color = board.color_at(seed);
            prop_assert!(color.is_some());
            let mut group = CellSet::new();
            let mut todo = vec![seed];
            group.insert(seed);
            while let Some(p) = todo.pop() {
                for n in neighbours(p) {
                    if matched.contains(n) && board.color_at(n) == color && group.insert(n) {
                        todo.push(n);
                    }
                }
            }
            prop_assert!(group.len() >= min, "group at {} has {} cells", seed, group.len());
            // Maximal: no same-coloured neighbour outside the matched set.
            for p in &group {
                for n in neighbours(p) {
                    prop_assert!(board.color_at(n) != color || matched.contains(n), "{} could grow to {}", p, n);
                }
            }
            left.subtract(&group);
        }
        // No unmatched cell belongs to a component of min_size or more.
        for (pos, cell) in board.iter() {
            if cell.color().is_some() && !matched.contains(pos) {
                prop_assert!(flood::group(&board, pos).len() < min);
            }
        }
    }

    #[test]
    fn a_legal_cluster_swap_puts_a_swapped_cell_in_a_cluster(
        board in generators::boards(Features::of(&Clusters::swap())),
    ) {
        let rules = Clusters::swap();
        let game = Game::from_board(rules, board.clone(), 0).unwrap();
        for mv in game.legal_moves() {
            let match3_core::Move::Swap(a, b) = mv else { unreachable!() };
            let mut swapped = board.clone();
            swapped.swap(a, b).unwrap();
            let found = oracle::clusters(&swapped, 3);
            prop_assert!(found.contains(a) || found.contains(b));
        }
    }

    #[test]
    fn every_line_match_lies_inside_a_cluster_match(
        board in generators::boards(Features::of(&Clusters::swap())),
    ) {
        let lines = match3_core::runs::find_runs(&board, 3).all();
        let clusters = Clusters::swap().find_matches(&board);
        prop_assert!(lines.is_subset(&clusters));
    }
}
