//! The example's tests, one binary: the shared suite and lightning's own behaviour
//! (`suite`), and the `match3-lightning` command line built on the registry (`command`).

mod command;
mod suite;
