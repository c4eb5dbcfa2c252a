//! The line rules: worked examples and the shared suite.
//! One test binary per crate: each file below is a module.

mod common;
mod examples;
mod fixed;
mod jelly;
mod look_ahead;
mod shuffle;
mod suite;
