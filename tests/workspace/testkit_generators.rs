//! The generators are biased the way the suite needs: most boards hold matches, many hold
//! L/T/cross intersections, and blockers, specials and holes appear when asked for.

use match3_core::{Cell, Rules, runs};
use match3_lines::Lines;
use match3_testkit::generators::{Features, boards};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;

fn sample(features: Features, n: usize) -> Vec<match3_core::Board> {
    let mut runner = TestRunner::deterministic();
    let strategy = boards(features);
    (0..n)
        .map(|_| strategy.new_tree(&mut runner).expect("tree").current())
        .collect()
}

fn all_features() -> Features {
    Features {
        max_side: 8,
        max_colors: 6,
        blockers: true,
        specials: Lines.special_kinds().to_vec(),
        empties: true,
    }
}

#[test]
fn most_boards_match_and_many_have_intersections() {
    let boards = sample(all_features().plain(), 1000);
    let matching = boards
        .iter()
        .filter(|b| !runs::find_runs(b, 3).all().is_empty())
        .count();
    let crossing = boards
        .iter()
        .filter(|b| !runs::find_runs(b, 3).intersections().is_empty())
        .count();
    let fives = boards
        .iter()
        .filter(|b| {
            let r = runs::find_runs(b, 5);
            !r.all().is_empty()
        })
        .count();
    assert!(matching > 600, "only {matching}/1000 boards match");
    assert!(
        crossing > 100,
        "only {crossing}/1000 boards have an L/T/cross"
    );
    assert!(fives > 50, "only {fives}/1000 boards have a run of five");
}

#[test]
fn blockers_specials_and_holes_appear_only_when_supported() {
    let boards = sample(all_features(), 500);
    let has = |pred: &dyn Fn(Cell) -> bool| {
        boards
            .iter()
            .filter(|b| b.iter().any(|(_, c)| pred(c)))
            .count()
    };
    assert!(has(&|c| c == Cell::Blocker) > 100);
    assert!(has(&|c| c.is_empty()) > 100);
    for &kind in Lines.special_kinds() {
        let n = has(&|c| c.piece().and_then(|p| p.special()) == Some(kind.special));
        assert!(n > 30, "{} on only {n} boards", kind.name);
    }
    assert!(
        boards.iter().all(|b| b.is_settled()),
        "holes sit at the tops of columns"
    );

    let plain = sample(
        Features {
            blockers: false,
            specials: vec![],
            empties: false,
            ..all_features()
        },
        500,
    );
    assert!(plain.iter().all(|b| {
        b.iter()
            .all(|(_, c)| c.piece().is_some_and(|p| p.special().is_none()))
    }));
}
