//! Shard files for `match3 merge`: arbitrary text and mutated real shards; merging gives
//! a printable result or an error, never a panic, an abort or a huge allocation.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    match3_cli::fuzz::shards(data, match3_testkit::fuzz::mutate_json);
});
