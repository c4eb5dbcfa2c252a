//! Board notation: no panic; what parses round-trips canonically.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| match3_testkit::fuzz::notation(data));
