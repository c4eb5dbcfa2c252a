//! The cluster rules: worked examples and the shared suite.
//! One test binary per crate: each file below is a module.

mod bonus;
mod examples;
mod suite;
