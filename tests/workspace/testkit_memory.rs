//! What the suite remembers: failing cases kept in regression files and replayed first
//! on the next run, and verdicts worked out once per run and shared.

use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};

use match3_core::Variant;
use match3_core::detect::LineRuns;
use match3_core::refill::Uniform;
use match3_testkit::checks::Violation;
use match3_testkit::memory::{Regressions, Suite, Verdicts};
use match3_testkit::suite::{self, Property, Subject};
use proptest::prelude::any;

#[test]
fn failing_cases_are_kept_and_replayed_first() {
    let dir = std::env::temp_dir().join(format!("match3-memory-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("proptest-regressions/suite/kept.txt");
    let file: &'static str = Box::leak(path.to_string_lossy().into_owned().into_boxed_str());
    // The first run fails on its first case, and only on that value: the file keeps it.
    let failing = Cell::new(None);
    let first = suite::run_in("kept", 1, Some(file), any::<u64>(), |v| {
        match failing.get() {
            None => failing.set(Some(v)),
            Some(f) if f != v => return Ok(()),
            Some(_) => {}
        }
        Err(Violation(format!("{v} fails")))
    });
    let failing = failing.get().expect("a case ran");
    assert!(first.is_err_and(|e| e.contains(&format!("{failing} fails"))));
    let kept = std::fs::read_to_string(&path).expect("the failing case is kept");
    assert_eq!(
        kept.lines().filter(|l| l.starts_with("cc ")).count(),
        1,
        "{kept}"
    );
    // The next run plays that case before any new one.
    let seen = std::cell::RefCell::new(Vec::new());
    let second = suite::run_in("kept", 1, Some(file), any::<u64>(), |v| {
        seen.borrow_mut().push(v);
        Ok(())
    });
    assert_eq!(second, Ok(()));
    assert_eq!(seen.borrow().first(), Some(&failing));
    // A run that forgets draws its own cases.
    let fresh = Cell::new(None);
    let _ = suite::run_in("kept", 1, None, any::<u64>(), |v| {
        fresh.set(fresh.get().or(Some(v)));
        Ok(())
    });
    assert_ne!(fresh.get(), Some(failing));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_suite_keeps_a_failing_property_s_case_in_that_property_s_file() {
    let dir = std::env::temp_dir().join(format!("match3-suite-memory-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let leak = |name: &str| -> &'static str {
        Box::leak(
            dir.join(name)
                .to_string_lossy()
                .into_owned()
                .into_boxed_str(),
        )
    };
    let (failing, passing) = (leak("new_games.txt"), leak("turns.txt"));
    // Rules that never match can make no playable game; their turns are fine.
    let broken = Variant::new("never-matches", |_: &match3_core::Board| {
        match3_core::CellSet::new()
    });
    let verdicts = Verdicts::new();
    let suite = Suite {
        subject: Subject::new(&broken),
        regressions: Regressions::new([(Property::NewGames, failing), (Property::Turns, passing)]),
        verdicts: &verdicts,
    };
    assert!(suite.verdict(Property::NewGames).is_err());
    assert_eq!(suite.verdict(Property::Turns), Ok(()));
    let kept = std::fs::read_to_string(failing).expect("the failing case is kept");
    assert!(kept.lines().any(|l| l.starts_with("cc ")), "{kept}");
    assert!(
        !std::path::Path::new(passing).exists(),
        "nothing kept for a property that holds"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_verdict_is_worked_out_once_per_run() {
    let threes = Variant::new("threes", LineRuns::new(3)).with_refill(Uniform);
    let verdicts = Verdicts::new();
    let suite = Suite {
        subject: Subject::new(&threes),
        regressions: Regressions::NONE,
        verdicts: &verdicts,
    };
    assert_eq!(suite.verdict(Property::NewGames), Ok(()));
    // The verdicts belong to one suite: asked again, even through other rules, they are
    // not worked out again.
    let broken = Variant::new("never-matches", |_: &match3_core::Board| {
        match3_core::CellSet::new()
    });
    let shared = Suite {
        subject: Subject::new(&broken),
        ..suite
    };
    assert_eq!(shared.verdict(Property::NewGames), Ok(()));
    let fresh = Verdicts::new();
    let own = Suite {
        verdicts: &fresh,
        ..shared
    };
    let failure = catch_unwind(AssertUnwindSafe(|| own.check(Property::NewGames)));
    assert!(
        failure.is_err(),
        "rules that never match make no playable game"
    );
}
