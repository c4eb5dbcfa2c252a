//! The engine end to end: turns, extension points, holes and obstacles.
//! One test binary per crate: each file below is a module.

mod bonus;
mod common;
mod containment;
mod engine;
mod extension;
mod holes;
mod obstacles;
