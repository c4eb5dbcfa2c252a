//! # match3-suite
//!
//! The root package of the match3 workspace. It holds no code: its `tests/` are the
//! cross-variant tests and the worked-example snapshot tests, and its README doc test
//! below keeps the README's library example compiling.
#![doc = include_str!("../README.md")]
