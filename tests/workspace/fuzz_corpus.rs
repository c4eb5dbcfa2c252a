//! Replays the fuzzers' checked-in corpus (`fuzz/corpus/`) through the same checks the
//! fuzz targets run, on stable Rust: every input the fuzzer kept stays a regression test.

use std::path::Path;

use match3_clusters::Clusters;
use match3_core::Rules;

fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("a corpus entry").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).expect("a corpus file"))
        })
        .collect();
    files.sort();
    assert!(files.len() >= 8, "the {target} corpus is missing");
    files
}

/// Runs `check` on every file of `target`'s corpus, spread over the cores (the moves
/// corpus alone takes most of a minute on one), and fails naming every file that panicked.
fn replay(target: &str, check: impl Fn(&[u8]) + Sync) {
    let files = corpus(target);
    let workers = std::thread::available_parallelism().map_or(1, usize::from);
    let chunk = files.len().div_ceil(workers);
    let failed: Vec<&str> = std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .chunks(chunk)
            .map(|part| {
                let check = &check;
                scope.spawn(move || {
                    part.iter()
                        .filter(|(_, data)| {
                            let run = std::panic::AssertUnwindSafe(|| check(data));
                            std::panic::catch_unwind(run).is_err()
                        })
                        .map(|(name, _)| name.as_str())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a replay worker"))
            .collect()
    });
    assert!(
        failed.is_empty(),
        "{target} corpus files failed: {failed:?}"
    );
}

#[test]
fn notation_corpus_replays() {
    replay("notation", match3_testkit::fuzz::notation);
}

#[test]
fn moves_corpus_replays() {
    replay("moves", |data| {
        let min4 = Clusters::swap().with_min_size(4).unwrap();
        // The same variants, in the same order, as fuzz/fuzz_targets/moves.rs.
        let variants: [&dyn Rules; 6] = [
            &match3_lines::Lines,
            &Clusters::swap(),
            &Clusters::drop(),
            &Clusters::tap(),
            &match3_finite::Finite,
            &min4,
        ];
        match3_testkit::fuzz::moves(&variants, data);
    });
}

#[test]
fn saves_corpus_replays() {
    replay("saves", |data| {
        // The same variants, in the same order, as fuzz/fuzz_targets/saves.rs.
        let variants: [&dyn Rules; 5] = [
            &match3_lines::Lines,
            &Clusters::swap(),
            &Clusters::drop(),
            &Clusters::tap(),
            &match3_finite::Finite,
        ];
        match3_testkit::fuzz::saves(&variants, data);
    });
}
