//! The cluster rules: worked examples and the shared suite.
//! One test binary per crate: each file below is a module.

mod ahead;
mod bonus;
mod calm;
mod counted;
mod examples;
mod suite;
