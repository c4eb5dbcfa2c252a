//! Rules that keep state of their own (counters and records inside the rules value,
//! built here from the core's public parts) fail the suite's determinism property on
//! every run, and get no golden snapshots.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering::Relaxed};

use match3_core::detect::LineRuns;
use match3_core::refill::{Refill, SpawnSite, Uniform};
use match3_core::{Color, Piece, Rules, ScoredPhase, Scoring, Variant};
use match3_testkit::golden;
use match3_testkit::memory::{Regressions, Suite, Verdicts};
use match3_testkit::suite::{self, Make, Property, Subject};

/// Counts the moves it scores (a move's first phase, chain 1, look-ahead included) and
/// pays double on every tenth: a bonus move kept in the rules instead of the game. The
/// suite's turn checks ask ten chain-1 scores per move, so replaying a whole scenario
/// after another met the counter at the same point of its cycle every time.
#[derive(Default)]
struct BonusEveryTenthMove {
    moves: AtomicU32,
}

impl Scoring for BonusEveryTenthMove {
    fn score(&self, phase: &ScoredPhase<'_>) -> u64 {
        let cells = phase.cleared.len() as u64;
        if phase.chain == 1 && self.moves.fetch_add(1, Relaxed) % 10 == 9 {
            2 * cells
        } else {
            cells
        }
    }
}

/// Pays a point more on every third call.
#[derive(Default)]
struct EveryThirdCall {
    calls: AtomicU32,
}

impl Scoring for EveryThirdCall {
    fn score(&self, phase: &ScoredPhase<'_>) -> u64 {
        phase.cleared.len() as u64 + u64::from(self.calls.fetch_add(1, Relaxed) % 3 == 2)
    }
}

/// Pays double on boards at least as large as the largest it has ever scored: a record
/// kept across games. Both games of a case meet the same record (the first sets it, the
/// second ties it, and a case keeps its size), so only playing the cases again, after
/// the others raised the record, tells.
#[derive(Default)]
struct BigBoardBonus {
    largest: AtomicUsize,
}

impl Scoring for BigBoardBonus {
    fn score(&self, phase: &ScoredPhase<'_>) -> u64 {
        let cells = phase.board().size().cells();
        let largest = self.largest.fetch_max(cells, Relaxed);
        let bonus = if cells >= largest { 2 } else { 1 };
        bonus * phase.cleared.len() as u64
    }
}

/// Uniform colours, but every seventh piece it spawns takes the next colour.
#[derive(Default)]
struct ShiftEverySeventh {
    spawned: AtomicU32,
}

impl Refill for ShiftEverySeventh {
    type State = ();
    fn spawn(&self, site: &mut SpawnSite<'_>, _: &mut ()) -> Piece {
        let colors = u32::from(site.colors());
        let drawn = site.rng().below(colors);
        let shift = u32::from(self.spawned.fetch_add(1, Relaxed) % 7 == 6);
        let color = ((drawn + shift) % colors) as u8;
        Piece::plain(Color::new(color).expect("within the palette"))
    }
}

/// Stock threes with uniform refills: deterministic, until a part below replaces one.
fn threes() -> Variant<LineRuns, match3_core::specials::NoSpecials, Uniform> {
    Variant::new("threes", LineRuns::new(3)).with_refill(Uniform)
}

/// The rules under test as `rules_suite!` sees them: one value, and a maker of new ones.
fn subject<'a>(rules: &'a dyn Rules, make: Make<'a>) -> Subject<'a> {
    Subject {
        fresh: Some(make),
        ..Subject::new(rules)
    }
}

/// The suite's determinism property's failure on the rules `make` makes, as
/// `rules_suite!` runs it, or `None` when it passed.
fn determinism_failure(make: Make<'_>) -> Option<String> {
    let rules = make();
    Property::Determinism
        .verdict(subject(&*rules, make), None)
        .err()
}

fn assert_nondeterministic(make: Make<'_>, says: &str) {
    let name = make().name().to_string();
    let failure = determinism_failure(make).unwrap_or_else(|| panic!("{name}: determinism passed"));
    assert!(
        failure.starts_with("invariant `determinism` failed") && failure.contains(says),
        "{name}: {failure}"
    );
}

#[test]
fn a_move_counter_in_the_scoring_fails_determinism() {
    assert_nondeterministic(
        &|| Box::new(threes().with_scoring(BonusEveryTenthMove::default())),
        "played twice in lockstep",
    );
}

#[test]
fn a_call_counter_in_the_scoring_fails_determinism() {
    assert_nondeterministic(
        &|| Box::new(threes().with_scoring(EveryThirdCall::default())),
        "played twice in lockstep",
    );
}

#[test]
fn a_spawn_counter_in_the_refill_fails_determinism() {
    assert_nondeterministic(
        &|| {
            Box::new(
                Variant::new("threes", LineRuns::new(3)).with_refill(ShiftEverySeventh::default()),
            )
        },
        "played twice in lockstep",
    );
}

#[test]
fn a_record_kept_across_games_fails_determinism_when_the_cases_are_replayed() {
    assert_nondeterministic(
        &|| Box::new(threes().with_scoring(BigBoardBonus::default())),
        "when replayed after the other cases",
    );
}

#[test]
fn the_same_rules_without_hidden_state_pass() {
    assert_eq!(determinism_failure(&|| Box::new(threes())), None);
}

#[test]
fn counters_fail_determinism_without_new_values_too() {
    // `suite::determinism` replays the cases on the rules value itself: the lockstep
    // games still catch what counts.
    let failure = catch_unwind(AssertUnwindSafe(|| {
        suite::determinism(&threes().with_scoring(BonusEveryTenthMove::default()))
    }));
    let failure = failure.expect_err("determinism must fail");
    let message = failure.downcast_ref::<String>().expect("a message");
    assert!(message.contains("played twice in lockstep"), "{message}");
}

/// A fresh folder for golden snapshots, named for the test.
fn scratch_folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("match3-hidden-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// What `golden::check` panicked with for the rules `make` makes, in `dir` (`None`: it
/// passed), with a fresh set of verdicts, and the files it left there.
fn golden_run(name: &str, make: Make<'_>, dir: &std::path::Path) -> (Option<String>, Vec<String>) {
    let rules = make();
    let verdicts = Verdicts::new();
    let suite = Suite {
        subject: subject(&*rules, make),
        regressions: Regressions::NONE,
        verdicts: &verdicts,
    };
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        golden::check(name, &suite, golden::Folder::Own(dir))
    }));
    let mut files: Vec<String> = std::fs::read_dir(dir).map_or(Vec::new(), |d| {
        d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect()
    });
    files.sort();
    let failure = outcome
        .err()
        .map(|panic| panic.downcast_ref::<String>().cloned().unwrap_or_default());
    (failure, files)
}

fn assert_refused(failure: Option<String>) {
    let failure = failure.expect("the golden test must fail");
    assert!(
        failure.contains("neither compared nor recorded")
            && failure.contains("invariant `determinism` failed"),
        "{failure}"
    );
}

#[test]
fn golden_snapshots_are_not_recorded_for_rules_that_count_moves() {
    let dir = scratch_folder("record");
    let make = &|| Box::new(threes().with_scoring(BonusEveryTenthMove::default())) as _;
    let (failure, files) = golden_run("move-counter", make, &dir);
    assert_refused(failure);
    assert_eq!(
        files,
        Vec::<String>::new(),
        "no snapshot for rules that are not deterministic"
    );
}

#[test]
fn golden_snapshots_are_not_compared_for_rules_that_count_moves() {
    // The snapshots exist (as the deterministic rules play them): a nondeterministic
    // variant under the same name must not get as far as comparing, which would leave a
    // `.snap.new` behind to be accepted by mistake.
    let dir = scratch_folder("compare");
    std::fs::create_dir_all(&dir).unwrap();
    for seed in golden::SEEDS {
        let text = golden::record(&threes(), seed).unwrap();
        let body = format!("---\nsource: golden seeded game\n---\n{text}");
        std::fs::write(dir.join(format!("golden_counted_seed_{seed}.snap")), body).unwrap();
    }
    let (failure, before) = golden_run("counted", &|| Box::new(threes()), &dir);
    assert_eq!(
        failure, None,
        "the snapshots are those of the deterministic rules"
    );
    let make = &|| {
        let counted = Variant::new("threes", LineRuns::new(3));
        Box::new(counted.with_refill(ShiftEverySeventh::default())) as _
    };
    let (failure, after) = golden_run("counted", make, &dir);
    assert_refused(failure);
    assert_eq!(after, before, "nothing written next to the snapshots");
    let _ = std::fs::remove_dir_all(&dir);
}
