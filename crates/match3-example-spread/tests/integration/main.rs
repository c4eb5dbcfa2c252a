//! The example's tests, one binary: the shared suite and the variant's own behaviour
//! (`suite`), and the `match3-spread` command line built on the registry (`command`).

mod command;
mod suite;
