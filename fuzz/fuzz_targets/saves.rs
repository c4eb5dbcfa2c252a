//! Saved games: arbitrary JSON and mutated real saves; loading fails cleanly or gives a
//! game that keeps every invariant over 20 moves.
#![no_main]

use match3_clusters::Clusters;
use match3_core::Rules;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let variants: [&dyn Rules; 5] = [
        &match3_lines::Lines,
        &Clusters::swap(),
        &Clusters::drop(),
        &Clusters::tap(),
        &match3_finite::Finite,
    ];
    match3_testkit::fuzz::saves(&variants, data);
});
