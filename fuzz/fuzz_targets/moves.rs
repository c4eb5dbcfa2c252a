//! Move sequences on every bundled variant, checked against every engine invariant.
#![no_main]

use match3_clusters::Clusters;
use match3_core::Rules;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let variants: [&dyn Rules; 6] = [
        &match3_lines::Lines,
        &Clusters::swap(),
        &Clusters::drop(),
        &Clusters::tap(),
        &match3_finite::Finite,
        &Clusters::swap().with_min_size(4).expect("4 is a valid size"),
    ];
    match3_testkit::fuzz::moves(&variants, data);
});
