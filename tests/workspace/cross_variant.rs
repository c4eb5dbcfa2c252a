//! Cross-variant tests: the variants agree where their rules overlap, and every variant
//! honours the common invariants on the same generated boards.

use match3_clusters::Clusters;
use match3_core::{Board, Rules};
use match3_finite::Finite;
use match3_lines::Lines;
use match3_testkit::checks;
use match3_testkit::generators::{self, Features};
use proptest::prelude::*;

fn plain_boards() -> impl Strategy<Value = Board> {
    generators::boards(Features::of(&Lines).plain())
}

fn all_boards() -> impl Strategy<Value = Board> {
    // Blockers and holes, no specials: every variant can load these.
    let mut f = Features::of(&Lines);
    f.specials.clear();
    f.empties = true;
    generators::boards(f)
}

proptest! {
    #[test]
    fn lines_and_finite_detect_the_same_cells_without_specials(board in plain_boards()) {
        prop_assert_eq!(Lines.find_matches(&board), Finite.find_matches(&board));
    }

    #[test]
    fn every_line_match_lies_inside_a_cluster_match(board in all_boards()) {
        prop_assert!(Lines.find_matches(&board).is_subset(&Clusters::swap().find_matches(&board)));
    }

    #[test]
    fn every_variant_honours_the_common_invariants_on_the_same_boards(
        board in all_boards(),
        seed in any::<u64>(),
        picks in generators::picks(),
    ) {
        let variants: Vec<Box<dyn Rules>> = vec![
            Box::new(Lines),
            Box::new(Finite),
            Box::new(Clusters::swap()),
            Box::new(Clusters::drop()),
            Box::new(Clusters::tap()),
        ];
        for rules in &variants {
            let fail = |v: checks::Violation| TestCaseError::fail(format!("{}: {v}", rules.name()));
            checks::predicates(rules, &board).map_err(fail)?;
            checks::scenario(rules, &board, seed, &picks).map_err(fail)?;
        }
    }
}

#[test]
fn a_bent_trio_is_a_cluster_but_not_a_line() {
    let board: Board = "AAB/CAB/CBC".parse().unwrap();
    assert!(Lines.find_matches(&board).is_empty());
    assert!(Finite.find_matches(&board).is_empty());
    assert_eq!(Clusters::swap().find_matches(&board).len(), 3);
}

fn big_boards() -> impl Strategy<Value = Board> {
    let mut f = Features::of(&Lines);
    f.max_side = 32;
    generators::boards(f)
}

/// Big boards are slow: 24 cases unless `PROPTEST_CASES` asks for another number.
fn big_board_config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(big_board_config())]

    /// Up to 32×32, where boards use the row-word path rather than packed planes.
    #[test]
    fn big_boards_agree_with_the_references(board in big_boards(), seed in any::<u64>()) {
        let fail = |v: checks::Violation| TestCaseError::fail(v.0);
        checks::detection(&Lines, &board, Some(&|b: &Board| match3_testkit::oracle::line_runs(b, 3))).map_err(fail)?;
        let plain: Board = board.to_string().replace(['-', '|', '+'], "").replace('*', "A").parse().unwrap();
        checks::detection(&Clusters::swap(), &plain, Some(&|b: &Board| match3_testkit::oracle::clusters(b, 3))).map_err(fail)?;
        checks::predicates(&Lines, &board).map_err(fail)?;
        checks::predicates(&Clusters::swap(), &plain).map_err(fail)?;
        checks::scenario(&Lines, &board, seed, &[generators::Pick::Legal(0), generators::Pick::Legal(7)]).map_err(fail)?;
    }
}

#[path = "../../crates/match3-benches/benches/diagonal.rs"]
mod diagonal;

// The benchmark's diagonal variants are real variants: both pass the whole suite (the
// naive one through the engine's default predicates alone) and agree on every board.
match3_testkit::rules_suite!(
    diagonal_naive,
    diagonal::diagonal_naive(),
    snapshots = "snapshots"
);
match3_testkit::rules_suite!(
    diagonal_planes,
    diagonal::diagonal_planes(),
    oracle = diagonal::naive_matches,
    snapshots = "snapshots"
);

#[test]
fn each_suite_property_keeps_its_failing_cases_beside_the_crate() {
    use match3_testkit::suite::Property;
    let regressions = diagonal_naive_regressions();
    assert_eq!(
        regressions.file(Property::Turns),
        Some(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/proptest-regressions/suite/diagonal_naive_turns_keep_every_invariant.txt"
        ))
    );
    let files: std::collections::HashSet<_> = Property::ALL
        .iter()
        .map(|&p| regressions.file(p).expect("every property keeps its cases"))
        .collect();
    assert_eq!(files.len(), Property::ALL.len(), "one file per property");
}

#[test]
fn the_suite_can_make_its_rules_afresh_for_the_determinism_replay() {
    let rules = diagonal::diagonal_naive();
    let suite = diagonal_naive_suite(&rules, None);
    let make = suite.subject.fresh.expect("rules_suite! makes new values");
    assert_eq!(make().name(), match3_core::Rules::name(&rules));
}
