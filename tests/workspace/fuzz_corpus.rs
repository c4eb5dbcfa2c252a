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

#[test]
fn notation_corpus_replays() {
    for (name, data) in corpus("notation") {
        let result = std::panic::catch_unwind(|| match3_testkit::fuzz::notation(&data));
        assert!(result.is_ok(), "notation corpus file {name}");
    }
}

#[test]
fn moves_corpus_replays() {
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
    for (name, data) in corpus("moves") {
        let run = || match3_testkit::fuzz::moves(&variants, &data);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run));
        assert!(result.is_ok(), "moves corpus file {name}");
    }
}

#[test]
fn saves_corpus_replays() {
    // The same variants, in the same order, as fuzz/fuzz_targets/saves.rs.
    let variants: [&dyn Rules; 5] = [
        &match3_lines::Lines,
        &Clusters::swap(),
        &Clusters::drop(),
        &Clusters::tap(),
        &match3_finite::Finite,
    ];
    for (name, data) in corpus("saves") {
        let run = || match3_testkit::fuzz::saves(&variants, &data);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run));
        assert!(result.is_ok(), "saves corpus file {name}");
    }
}
