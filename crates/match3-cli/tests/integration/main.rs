//! The `match3` command and its library end to end.
//! One test binary per crate: each file below is a module.

mod browser;
mod browser_flow;
mod cli;
mod common;
mod designer;
mod docs;
mod hostile;
mod levels;
mod limits;
mod load;
mod obstacles;
mod parts;
mod refusals;
mod restore;
mod serve;
mod shards;
mod tuning;
