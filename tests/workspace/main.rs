//! The workspace suite: cross-variant tests, worked-example and seeded-game snapshots, the fuzz corpora, and the shared suite's own tests (its checks fail on broken rules, its generators plant what they promise).
//! One test binary per crate: each file below is a module.

mod cross_variant;
mod fuzz_corpus;
mod levels;
mod seeded_games;
mod testkit_broken;
mod testkit_generators;
mod testkit_hidden_state;
mod testkit_memory;
mod testkit_planes;
mod worked_examples;
